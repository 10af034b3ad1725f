// Docs tags, as Docusaurus's docs plugin has them: a doc's `tags:` shown at its foot, `/docs/tags` and a page per tag
// in each locale and docs version, declared in docs/tags.yml or the config (`docs.tags`), checked at the doc's lines.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { buildIn } from '../helpers/build';
import { builtOnce, configSource, md, MINIMAL_THEME, REPO, writeSite } from '../helpers/site';
import { startDevServer } from '../../src/serve/runServe';

const THEME = `themeDir: ${JSON.stringify(join(REPO, 'theme'))}`;
const config = (extra = '') => configSource(`${THEME}, ${extra}`);

const TAGS_YML = `ai:
  label: AI 翻译
  permalink: /ai
  description: 用大模型翻译的服务。
free:
  label: 免费
`;
const TAGS_YML_EN = `ai:
  label: AI translation
  permalink: /ai
  description: Services that translate with large language models.
free:
  label: Free
`;

const SITE = {
  'site.config.ts': config(`docs: { tags: { guide: { 'zh-Hans': '指南', en: 'Guide' } } },`),
  'content/zh-Hans/docs/tags.yml': TAGS_YML,
  'content/en/docs/tags.yml': TAGS_YML_EN,
  'content/zh-Hans/docs/intro.md': md({ title: '简介', description: '从这里开始。', tags: ['guide'] }),
  'content/zh-Hans/docs/services/openai.md': md({ title: 'OpenAI', description: '接入 OpenAI。', tags: ['ai', 'guide'] }),
  'content/zh-Hans/docs/services/bing.md': md({ title: '必应', description: '免费的必应翻译。', tags: ['free'] }),
  'content/zh-Hans/docs/services/deepl.md': md({ title: 'DeepL', description: '', tags: ['ai', 'free'] }),
  // Listed on no tag page: an unlisted doc, a noindex doc and a draft.
  'content/zh-Hans/docs/hidden.md': md({ title: '隐藏', description: 'h', tags: ['ai'], unlisted: true }),
  'content/zh-Hans/docs/quiet.md': md({ title: '安静', description: 'q', tags: ['ai', 'secret'], noindex: true }),
  'content/zh-Hans/docs/wip.md': md({ title: '草稿', description: 'w', tags: ['ai'], draft: true }),
  // A tag written out, as Docusaurus allows inline.
  'content/zh-Hans/docs/faq.md': md({ title: '常见问题', description: 'faq', tags: [{ label: '疑难', permalink: '/troubleshooting' }] }),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'Start here.', tags: ['guide'] }),
  'content/en/docs/services/openai.md': md({ title: 'OpenAI', description: 'Use OpenAI.', tags: ['ai', 'guide'] }),
  'content/en/docs/services/bing.md': md({ title: 'Bing', description: 'Free Bing translation.', tags: ['free'] }),
};

const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
const page = (dir: string, path: string) => parse(read(dir, path));
const links = (root: ReturnType<typeof parse>, selector: string) => root.querySelectorAll(selector).map((a) => `${a.text.trim()} ${a.getAttribute('href')}`);

describe('docs tags', () => {
  // An inline tag on a site that declares tags: a warning, with docs.onInlineTags: 'warn'.
  const site = builtOnce({ ...SITE, 'site.config.ts': config(`docs: { onInlineTags: 'warn', tags: { guide: { 'zh-Hans': '指南', en: 'Guide' } } },`) }, (dir) => buildIn(dir));

  it('a doc shows a Tags row of links to its tags’ pages, in its locale’s words', () => {
    expect(site.result.code, site.result.output).toBe(0);
    const zh = page(site.dir, 'docs/services/openai/index.html');
    expect(zh.querySelector('.doc-tags .post-tags-label')!.text).toBe('标签：');
    expect(links(zh, '.doc-tags a[rel=tag]')).toEqual(['AI 翻译 /docs/tags/ai', '指南 /docs/tags/guide']);
    const en = page(site.dir, 'en/docs/services/openai/index.html');
    expect(en.querySelector('.doc-tags .post-tags-label')!.text).toBe('Tags:');
    expect(links(en, '.doc-tags a[rel=tag]')).toEqual(['AI translation /en/docs/tags/ai', 'Guide /en/docs/tags/guide']);
    // A doc without tags has no row; a noindex doc shows only the tags that have a page.
    expect(page(site.dir, 'docs/tags/ai/index.html').querySelector('.doc-tags')).toBeNull();
    expect(links(page(site.dir, 'docs/quiet/index.html'), '.doc-tags a')).toEqual(['AI 翻译 /docs/tags/ai']);
  });

  it('/docs/tags lists every tag of the locale with its number of docs, by address', () => {
    const zh = page(site.dir, 'docs/tags/index.html');
    expect(zh.querySelector('h1')!.text).toBe('标签');
    expect(links(zh, '.tag-cloud a')).toEqual(['AI 翻译2 篇文档 /docs/tags/ai', '免费2 篇文档 /docs/tags/free', '指南2 篇文档 /docs/tags/guide', '疑难1 篇文档 /docs/tags/troubleshooting']);
    // The English docs are its own and the zh-Hans copies it lacks (deepl, faq), labelled in English where declared.
    const en = page(site.dir, 'en/docs/tags/index.html');
    expect(links(en, '.tag-cloud a')).toEqual(['AI translation2 docs /en/docs/tags/ai', 'Free2 docs /en/docs/tags/free', 'Guide2 docs /en/docs/tags/guide', '疑难1 doc /en/docs/tags/troubleshooting']);
  });

  it("a tag's page names its count, lists its docs by title with their descriptions, and leads back to every tag", () => {
    const zh = page(site.dir, 'docs/tags/ai/index.html');
    expect(zh.querySelector('h1')!.text).toBe('2 篇文档带有标签“AI 翻译”');
    expect(zh.querySelector('.blog-header-lead')!.text).toBe('用大模型翻译的服务。');
    expect(zh.querySelector('meta[name=description]')!.getAttribute('content')).toBe('用大模型翻译的服务。');
    expect(zh.querySelectorAll('.index-card').map((card) => [card.querySelector('a')!.getAttribute('href'), card.querySelector('h2')!.text, card.querySelector('p')?.text ?? ''])).toEqual([
      ['/docs/services/deepl', 'DeepL', ''],
      ['/docs/services/openai', 'OpenAI', '接入 OpenAI。'],
    ]);
    expect(links(zh, 'a.blog-header-link')).toEqual(['查看所有标签 /docs/tags']);
    const en = page(site.dir, 'en/docs/tags/guide/index.html');
    expect(en.querySelector('h1')!.text).toBe('2 docs tagged with “Guide”');
    expect(links(en, '.index-card a')).toEqual(['IntroStart here. /en/docs/intro', 'OpenAIUse OpenAI. /en/docs/services/openai']);
    // The untranslated copy (en shows the zh-Hans faq) is listed, marked as in its own language.
    const inline = page(site.dir, 'en/docs/tags/troubleshooting/index.html');
    expect(inline.querySelector('h1')!.text).toBe('One doc tagged with “疑难”');
    expect(inline.querySelector('.index-card a')!.getAttribute('lang')).toBe('zh-CN');
  });

  it('unlisted, noindex and draft docs are on no tag page, and a tag only they have has none', () => {
    expect(existsSync(join(site.dir, 'dist/docs/tags/secret'))).toBe(false);
    expect(links(page(site.dir, 'docs/tags/ai/index.html'), '.index-card a').join(' ')).not.toMatch(/隐藏|安静|草稿/);
  });

  it('the tag pages are in the sitemap, not in the search index; tags.yml is not published', () => {
    const sitemap = read(site.dir, 'sitemap.xml');
    for (const path of ['/docs/tags', '/docs/tags/ai', '/en/docs/tags/guide']) expect(sitemap).toContain(`<loc>https://test.example${path}</loc>`);
    expect(read(site.dir, 'search-index.json')).not.toContain('/docs/tags');
    expect(existsSync(join(site.dir, 'dist/docs/tags.yml'))).toBe(false);
  });

  it('a tag written out is told as onInlineTags says, at its line', () => {
    expect(site.result.output).toMatch(/^content\/zh-Hans\/docs\/faq\.md:4 warning\[front-matter\] tags: "疑难" is written out here, not declared in site\.config\.ts \(docs\.tags\) or content\/zh-Hans\/docs\/tags\.yml$/m);
  });
});

describe('docs tags: markdown copies', () => {
  const site = builtOnce(
    {
      'site.config.ts': config(`llms: { enabled: true },`),
      'content/zh-Hans/docs/tags.yml': TAGS_YML,
      'content/en/docs/tags.yml': TAGS_YML_EN,
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a', last_update: { date: '2025-03-01' }, tags: ['free', 'ai'] }, '正文。\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a', last_update: { date: '2025-03-01' }, tags: ['free', 'ai'] }, 'Body.\n'),
      'content/zh-Hans/docs/b.md': md({ title: '乙', description: 'b', last_update: { date: '2025-03-01' } }, '正文。\n'),
    },
    (dir) => buildIn(dir),
  );

  it("a doc's markdown copy (and llms-full.txt) names its tags under its title, as its page shows them at its foot", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(read(site.dir, 'docs/a.md')).toBe('# 甲\n\n最后更新于 2025 年 3 月 1 日 · 标签：免费、AI 翻译\n\n正文。\n');
    expect(read(site.dir, 'en/docs/a.md')).toBe('# A\n\nLast updated on 2025-03-01 · Tags: Free, AI translation\n\nBody.\n');
    expect(read(site.dir, 'en/llms-full.txt')).toContain('Last updated on 2025-03-01 · Tags: Free, AI translation\n');
    expect(read(site.dir, 'docs/b.md')).toBe('# 乙\n\n最后更新于 2025 年 3 月 1 日\n\n正文。\n');
  });
});

describe('docs tags: errors', () => {
  it('an undeclared tag is an error at its line with the nearest declared key; an unknown key of tags.yml at its line', async () => {
    const dir = writeSite({
      ...SITE,
      'content/zh-Hans/docs/tags.yml': `${TAGS_YML}beta:\n  label: 测试版\n  colour: red\n`,
      'content/zh-Hans/docs/intro.md': '---\ntitle: 简介\ndescription: d\ntags:\n  - guide\n  - fre\n---\nBody\n',
    });
    const r = await buildIn(dir);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/intro\.md:6 error\[front-matter\] tags: "fre" is not declared in site\.config\.ts \(docs\.tags\) or content\/zh-Hans\/docs\/tags\.yml\n {2}hint: did you mean "free"\?$/m);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/tags\.yml:9:3 error\[docs\] beta\.colour: unknown key$/m);
    expect(r.output).not.toMatch(/at .*\.js:\d+/);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a tags.yml that cannot be read is told once, at its line, and its docs' tags are not told undeclared besides", async () => {
    const dir = writeSite({ ...SITE, 'content/zh-Hans/docs/tags.yml': 'ai:\n  label: [AI\nfree:\n  label: 免费\n', 'content/en/docs/tags.yml': '- ai\n- free\n' });
    const r = await buildIn(dir);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/tags\.yml:2:10 error\[docs\] invalid YAML: /m);
    expect(r.output).toMatch(/^content\/en\/docs\/tags\.yml:1:1 error\[docs\] expected one entry per tag, by key/m);
    expect(r.output).not.toContain('is not declared');
    expect(r.output).toMatch(/· 2 errors ·/);
    rmSync(dir, { recursive: true, force: true });
    // A locale's own file unreadable, the default locale's read: its docs are checked against that one's keys.
    const own = writeSite({ ...SITE, 'content/en/docs/tags.yml': '- ai\n', 'content/en/docs/faq.md': md({ title: 'FAQ', description: 'f', tags: ['fre'] }) });
    const o = await buildIn(own);
    expect(o.output).toMatch(/^content\/en\/docs\/tags\.yml:1:1 error\[docs\] expected one entry per tag/m);
    expect(o.output).toMatch(/^content\/en\/docs\/faq\.md:4 error\[front-matter\] tags: "fre" is not declared in site\.config\.ts \(docs\.tags\) or content\/zh-Hans\/docs\/tags\.yml\n {2}hint: did you mean "free"\?$/m);
    expect(o.output).not.toMatch(/^content\/en\/docs\/services\//m);
    rmSync(own, { recursive: true, force: true });
  });

  it('tags in other words that make one address (C, C++ and C#) are a warning at the later ones; the same words in another case are not', async () => {
    const dir = writeSite({
      'site.config.ts': config(),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', tags: ['C++', 'AI Model'] }),
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: b\ntags:\n  - ai model\n  - C\n  - C#\n---\nBody\n',
    });
    const r = await buildIn(dir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/b\.md:6 warning\[front-matter\] tags: "C" makes the same address as "C\+\+" \(content\/zh-Hans\/docs\/a\.md:4\), so the two are one tag, with one page and one name\n {2}hint: write it "C\+\+", or declare each in content\/zh-Hans\/docs\/tags\.yml with a permalink of its own$/m);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/b\.md:7 warning\[front-matter\] tags: "C#" makes the same address as "C\+\+"/m);
    expect(r.output).not.toMatch(/"ai model"/);
    expect(r.output).toMatch(/· 2 warnings ·/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a site that declares no doc tags takes any; onInlineTags: error makes one written out an error', async () => {
    const free = writeSite({ 'site.config.ts': config(), 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', tags: ['Product News'] }) });
    const r = await buildIn(free);
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toContain('tags:');
    expect(links(page(free, 'docs/tags/index.html'), '.tag-cloud a')).toEqual(['Product News1 篇文档 /docs/tags/product-news']);
    rmSync(free, { recursive: true, force: true });
    const strict = writeSite({ 'site.config.ts': config(`docs: { onInlineTags: 'error' },`), 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', tags: ['x'] }) });
    const s = await buildIn(strict);
    expect(s.code).toBe(1);
    expect(s.output).toMatch(/^content\/zh-Hans\/docs\/a\.md:4 error\[front-matter\] tags: "x" is not declared in site\.config\.ts \(docs\.tags\)\n {2}hint: declare it, or let docs use tags nothing declares: docs\.onInlineTags: 'ignore' \(declared: none\)$/m);
    rmSync(strict, { recursive: true, force: true });
  });

  it("a category's generated index at the address of the docs tags page or a tag's page is an error at its category, as a doc there is", async () => {
    const dir = writeSite({
      ...SITE,
      'content/sidebars.yaml': `docs:
  - intro
  - type: category
    label: 标签
    link: { type: generated-index, slug: /tags }
    items: [services/openai]
  - type: category
    label: 免费
    link: { type: generated-index, slug: /tags/free }
    items: [services/bing]
`,
      'content/zh-Hans/docs/tags/ai.md': md({ title: 'AI', description: 'a' }),
    });
    const r = await buildIn(dir);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^content\/sidebars\.yaml:3 error\[duplicate-route\] the category's generated index would be at \/docs\/tags, the docs tags page\n {2}hint: give it another slug: link: \{ type: generated-index, slug: \/… \}$/m);
    expect(r.output).toMatch(/^content\/sidebars\.yaml:7 error\[duplicate-route\] the category's generated index would be at \/docs\/tags\/free, a docs tag's page\n {2}hint: give it another slug: link: \{ type: generated-index, slug: \/… \}, or the tag another permalink$/m);
    // A doc there was told already.
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/tags\/ai\.md:1 error\[duplicate-route\] permalink collision: \/docs\/tags\/ai is a docs tag's page$/m);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a tag key declared in the config and in tags.yml is an error at the file; tags on a free page are a warning', async () => {
    const dir = writeSite({
      ...SITE,
      'content/zh-Hans/docs/tags.yml': `${TAGS_YML}guide:\n  label: 指南\n`,
      'content/zh-Hans/pages/about.md': md({ title: 'About', description: 'a', tags: ['ai'] }),
    });
    const r = await buildIn(dir);
    expect(r.output).toMatch(/^content\/zh-Hans\/docs\/tags\.yml:7 error\[docs\] guide: declared in site\.config\.ts:\d+ too \(docs\.tags\.guide\), so one of the two would be lost$/m);
    expect(r.output).toMatch(/^content\/zh-Hans\/pages\/about\.md:4 warning\[front-matter\] tags: only docs and blog posts use it; on a page it is ignored$/m);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('docs tags: versions', () => {
  // 9.x is the last version (/docs/), the current docs are Next (/docs/next/), 8.x is noIndex; each reads its own folder's tags.yml.
  const site = builtOnce(
    {
      'site.config.ts': config(`docs: { versions: { '8.x': { noIndex: true } } },`),
      'content/versions.json': '["9.x", "8.x"]',
      'content/zh-Hans/docs/tags.yml': 'ai:\n  label: AI\nnew:\n  label: 新功能\n',
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a', tags: ['ai', 'new'] }),
      'content/zh-Hans/versioned_docs/version-9.x/tags.yml': 'ai:\n  label: AI\n',
      'content/zh-Hans/versioned_docs/version-9.x/a.md': md({ title: '甲 9', description: 'a9', tags: ['ai'] }),
      'content/zh-Hans/versioned_docs/version-9.x/b.md': md({ title: '乙 9', description: 'b9', tags: ['ai'] }),
      'content/zh-Hans/versioned_docs/version-8.x/a.md': md({ title: '甲 8', description: 'a8', tags: ['legacy'] }),
    },
    (dir) => buildIn(dir),
  );

  it("each version has its own tag pages under its path, listing that version's docs only", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(links(page(site.dir, 'docs/tags/index.html'), '.tag-cloud a')).toEqual(['AI2 篇文档 /docs/tags/ai']);
    expect(links(page(site.dir, 'docs/tags/ai/index.html'), '.index-card a')).toEqual(['甲 9a9 /docs/a', '乙 9b9 /docs/b']);
    expect(links(page(site.dir, 'docs/next/tags/index.html'), '.tag-cloud a')).toEqual(['AI1 篇文档 /docs/next/tags/ai', '新功能1 篇文档 /docs/next/tags/new']);
    expect(links(page(site.dir, 'docs/next/tags/ai/index.html'), '.index-card a')).toEqual(['甲a /docs/next/a']);
    expect(existsSync(join(site.dir, 'dist/docs/8.x/tags/ai'))).toBe(false);
    expect(links(page(site.dir, 'docs/next/a/index.html'), '.doc-tags a')).toEqual(['AI /docs/next/tags/ai', '新功能 /docs/next/tags/new']);
    expect(links(page(site.dir, 'docs/a/index.html'), '.doc-tags a')).toEqual(['AI /docs/tags/ai']);
    expect(links(page(site.dir, 'en/docs/a/index.html'), '.doc-tags a')).toEqual(['AI /en/docs/tags/ai']);
  });

  it("a version's tag pages are of that version: its name in the version menu, which leads to the same tag page in each version, and its search box searches it", () => {
    const menu = (path: string) => page(site.dir, path).querySelectorAll('.version-dropdown .dropdown-link').map((a) => `${a.text.trim()} ${a.getAttribute('href')}${a.getAttribute('aria-current') ? ' *' : ''}`);
    const next = page(site.dir, 'docs/next/tags/ai/index.html');
    expect(next.querySelector('.version-dropdown summary')!.text).toBe('Next');
    // 9.x has the tag, 8.x has tag pages but not this tag: its tags page.
    expect(menu('docs/next/tags/ai/index.html')).toEqual(['Next /docs/next/tags/ai *', '9.x /docs/tags/ai', '8.x /docs/8.x/tags']);
    expect(next.querySelector('form.search-form input[type=hidden][name=version]')!.getAttribute('value')).toBe('current');
    expect(page(site.dir, 'docs/8.x/tags/index.html').querySelector('.version-dropdown summary')!.text).toBe('8.x');
    expect(menu('docs/8.x/tags/index.html')).toEqual(['Next /docs/next/tags', '9.x /docs/tags', '8.x /docs/8.x/tags *']);
    expect(menu('en/docs/tags/ai/index.html')).toEqual(['Next /en/docs/next/tags/ai', '9.x /en/docs/tags/ai *', '8.x /en/docs/8.x/tags']);
  });

  it("a noIndex version's tag pages are noindex and out of the sitemap; the others' are in it", () => {
    expect(page(site.dir, 'docs/8.x/tags/legacy/index.html').querySelector('meta[name=robots]')!.getAttribute('content')).toContain('noindex');
    const sitemap = read(site.dir, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://test.example/docs/next/tags/new</loc>');
    expect(sitemap).toContain('<loc>https://test.example/docs/tags/ai</loc>');
    expect(sitemap).not.toContain('/docs/8.x/tags');
  });
});

describe('docs tags: warm builds', () => {
  it('a tag added to one doc, and a label changed in tags.yml, reach the tag pages in the next (warm) build', async () => {
    const dir = writeSite({ ...SITE, 'site.config.ts': config(`docs: { onInlineTags: 'ignore', tags: { guide: { 'zh-Hans': '指南', en: 'Guide' } } },`) });
    expect((await buildIn(dir)).code).toBe(0);
    // By title in the locale's order (Intl.Collator): Chinese by pinyin (必应 bì, 简介 jiǎn), then Latin.
    expect(links(page(dir, 'docs/tags/free/index.html'), '.index-card a')).toEqual(['必应免费的必应翻译。 /docs/services/bing', 'DeepL /docs/services/deepl']);
    writeFileSync(join(dir, 'content/zh-Hans/docs/intro.md'), md({ title: '简介', description: '从这里开始。', tags: ['guide', 'free'] }));
    writeFileSync(join(dir, 'content/zh-Hans/docs/tags.yml'), TAGS_YML.replace('label: 免费', 'label: 免费服务'));
    const warm = await buildIn(dir);
    expect(warm.code, warm.output).toBe(0);
    const free = page(dir, 'docs/tags/free/index.html');
    expect(free.querySelector('h1')!.text).toBe('3 篇文档带有标签“免费服务”');
    expect(links(free, '.index-card a')).toEqual(['必应免费的必应翻译。 /docs/services/bing', '简介从这里开始。 /docs/intro', 'DeepL /docs/services/deepl']);
    expect(links(page(dir, 'docs/intro/index.html'), '.doc-tags a')).toEqual(['指南 /docs/tags/guide', '免费服务 /docs/tags/free']);
    expect(links(page(dir, 'docs/tags/index.html'), '.tag-cloud a')[1]).toBe('免费服务3 篇文档 /docs/tags/free');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('docs tags: sitegen serve', () => {
  it("makes a doc's new tag a page, and shows a tags.yml label edited, without a restart", async () => {
    const dir = writeSite({
      'site.config.ts': configSource(),
      'content/zh-Hans/docs/tags.yml': 'ai:\n  label: AI\nfree:\n  label: 免费\n',
      'content/zh-Hans/docs/a.md': md({ title: 'Alpha', description: 'a', tags: ['ai'] }),
      'content/zh-Hans/docs/b.md': md({ title: 'Beta', description: 'b' }),
    });
    let terminal = '';
    const io = { out: (t: string) => void (terminal += t), err: (t: string) => void (terminal += t), interactive: false };
    const server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
    const get = async (path: string) => (await fetch(`http://127.0.0.1:${server.port}${path}`)).text();
    const until = async (ready: () => Promise<boolean>) => {
      for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await ready()) return;
      throw new Error(`timed out:\n${terminal}`);
    };
    try {
      expect(await get('/docs/tags/ai')).toContain('href="/docs/a"');
      writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'Beta', description: 'b', tags: ['free'] }));
      await until(async () => (await get('/docs/tags/free')).includes('href="/docs/b"'));
      expect(await get('/docs/b')).toContain('<a class="tag" href="/docs/tags/free">免费</a>');
      writeFileSync(join(dir, 'content/zh-Hans/docs/tags.yml'), 'ai:\n  label: AI\nfree:\n  label: 免费服务\n');
      await until(async () => (await get('/docs/tags')).includes('href="/docs/tags/free">免费服务<'));
      expect(await get('/docs/b')).toContain('<a class="tag" href="/docs/tags/free">免费服务</a>');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
