// Partials included in pages of a site built by the CLI (src/content/includes.ts): VitePress's <!--@include: …-->
// and Docusaurus's import + <Part />, their headings in the table of contents and the search index, their links
// resolved from their own folder, a locale's missing partial taken from the default locale; their problems at
// their own file:line; a warm build and the dev server rendering again exactly the pages that include an edited one.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { builtOnce, configSource, md, REPO, runCli, writeSite } from '../helpers/site';
import { buildIn, htmlFiles } from '../helpers/build';
import { listenLiveReload } from '../helpers/liveReload';

/** The default theme (its table of contents), links left unjudged (its home page links to the bundled site's docs). */
const CONFIG = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`);

const KEY_ZH = '---\ntitle: 不是页面\n---\n## 填写密钥\n\n1. 打开选项页，找到服务。\n2. 粘贴密钥，见 [DeepL](../services/deepl.md)。\n\n:::tip\n密钥只保存在浏览器里。\n:::\n';
const KEY_EN = '## Entering the key\n\n1. Open the options page and find the service.\n2. Paste the key; see [DeepL](../services/deepl.md).\n\n:::tip\nThe key stays in your browser.\n:::\n';
const SNIPPETS = '# Snippets\n\n<!-- #region limits -->\n## Limits\n\nRequests are queued at peak times.\n<!-- #endregion limits -->\n\nLine nine.\nLine ten.\n';

const SITE: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/zh-Hans/docs/_shared/key.md': KEY_ZH,
  'content/en/docs/_shared/key.md': KEY_EN,
  // Only the default locale has it: an English page that includes it gets this copy.
  'content/zh-Hans/docs/_shared/snippets.md': SNIPPETS,
  'content/zh-Hans/docs/services/deepl.md': md({ title: 'DeepL', description: 'd' }, '简介。\n\n<!--@include: ../_shared/key.md-->\n\n## 限制\n\n有额度。\n'),
  'content/en/docs/services/deepl.mdx': md({ title: 'DeepL', description: 'd' }, "import KeySteps from '../_shared/key.md';\n\nIntro.\n\n<KeySteps />\n\n## Quota\n\nThere is a quota.\n"),
  'content/zh-Hans/docs/services/gemini.md': md({ title: 'Gemini', description: 'd' }, '简介。\n\n- 步骤：\n\n  <!--@include: @/docs/_shared/key.md{6,7}-->\n\n<!--@include: ../_shared/snippets.md#limits-->\n'),
  'content/en/docs/services/gemini.md': md({ title: 'Gemini', description: 'd' }, 'Intro.\n\n<!--@include: ../_shared/snippets.md#limits-->\n\n<!--@include: ../_shared/snippets.md{9,}-->\n'),
  'content/zh-Hans/docs/other.md': md({ title: '其他', description: 'd' }, '没有包含。\n'),
};

const page = (dir: string, path: string) => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
const toc = (dir: string, path: string) => page(dir, path).querySelectorAll('.toc a.toc-link').map((a) => a.text);
const searchWords = (dir: string, locale: string) => (JSON.parse(readFileSync(join(dir, 'dist', locale, 'search-index.json'), 'utf8')) as { index: { w: string[] } }[])[0]!.index.w;

describe('partials in a build', () => {
  const site = builtOnce(SITE, (dir) => runCli(['build'], dir));

  it('builds with no problem told, and publishes no partial', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(0);
    expect(out).not.toMatch(/(error|warning)\[/);
    expect(() => statSync(join(site.dir, 'dist/docs/_shared'))).toThrow();
    expect(() => statSync(join(site.dir, 'dist/en/docs/_shared'))).toThrow();
  });

  it('puts a partial\'s text in the page by either syntax, its headings in the table of contents, its box and its links resolved from its folder', () => {
    const zh = page(site.dir, 'docs/services/deepl');
    expect(toc(site.dir, 'docs/services/deepl')).toEqual(['填写密钥', '限制']);
    expect(zh.querySelector('.admonition-tip')!.text).toContain('密钥只保存在浏览器里。');
    const linkOf = (doc: typeof zh) => doc.querySelectorAll('ol li a').find((a) => a.text === 'DeepL')!.getAttribute('href');
    expect(linkOf(zh)).toBe('/docs/services/deepl');
    expect(zh.toString()).not.toMatch(/@include|不是页面/);
    const en = page(site.dir, 'en/docs/services/deepl');
    expect(toc(site.dir, 'en/docs/services/deepl')).toEqual(['Entering the key', 'Quota']);
    expect(linkOf(en)).toBe('/en/docs/services/deepl');
    expect(en.toString()).not.toMatch(/KeySteps|import /);
  });

  it('includes a line range indented in a list item, and a region; an English page takes the partial the locale lacks from the default locale', () => {
    const zh = page(site.dir, 'docs/services/gemini');
    expect(zh.querySelectorAll('article ul > li > ol > li').map((li) => li.text.trim())).toEqual(['打开选项页，找到服务。', '粘贴密钥，见 DeepL。']);
    expect(toc(site.dir, 'docs/services/gemini')).toEqual(['Limits']);
    const en = page(site.dir, 'en/docs/services/gemini');
    expect(toc(site.dir, 'en/docs/services/gemini')).toEqual(['Limits']);
    expect(en.querySelector('article')!.text).toMatch(/Requests are queued at peak times\.[\s\S]*Line nine\.\s*Line ten\./);
    expect(en.querySelector('article')!.text).not.toContain('Snippets');
  });

  it('indexes a partial\'s words and headings for search with the page that includes it', () => {
    expect(searchWords(site.dir, 'en')).toEqual(expect.arrayContaining(['entering', 'browser', 'queued', 'quota']));
    expect(searchWords(site.dir, '')).toEqual(expect.arrayContaining(['密钥', '浏览器']));
  });
});

describe('problems of partials, in a build', () => {
  it('tells a broken link inside a partial at the partial\'s file:line, naming a page that includes it, once for every page and locale', () => {
    const dir = writeSite({
      'content/zh-Hans/docs/_shared/key.md': '## 密钥\n\n见 [设置](/docs/settings)。\n\n又见 [旧页](../gone.md)。\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'd' }, '甲。\n\n<!--@include: ./_shared/key.md-->\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'd' }, "import Key from './_shared/key.md';\n\n乙。\n\n<Key />\n"),
      'content/en/docs/a.md': md({ title: 'A', description: 'd' }, 'Alpha.\n\n<!--@include: ./_shared/key.md-->\n'),
    });
    try {
      const r = runCli(['build'], dir);
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(1);
      const errors = out.split('\n').filter((line) => /error\[/.test(line));
      expect(errors).toEqual([
        'content/zh-Hans/docs/_shared/key.md:3 error[broken-link] link /docs/settings does not exist (in a partial, included by content/zh-Hans/docs/a.md)',
        'content/zh-Hans/docs/_shared/key.md:5 error[broken-link] ../gone.md points to docs/gone.md, which does not exist',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with exit code 1 on a missing partial, a missing region and a cycle, each at the directive\'s file:line:column', () => {
    const dir = writeSite({
      'content/zh-Hans/docs/_shared/a.md': 'A.\n\n<!--@include: ./b.md-->\n',
      'content/zh-Hans/docs/_shared/b.md': '<!-- #region x -->\nB.\n<!-- #endregion x -->\n<!--@include: ./a.md-->\n',
      // Front matter is lines 1-4, then a blank line: the body starts at line 6.
      'content/zh-Hans/docs/page.md': md({ title: 'Page', description: 'd' }, 'Text.\n\n<!--@include: ./_shared/gone.md-->\n\n- Item\n\n  <!--@include: ./_shared/b.md#y-->\n\n<!--@include: ./_shared/a.md-->\n'),
    });
    try {
      const r = runCli(['build'], dir);
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(1);
      const errors = out.split('\n').filter((line) => /error\[/.test(line));
      expect(errors).toEqual([
        'content/zh-Hans/docs/_shared/b.md:4:1 error[include] this include makes a cycle: content/zh-Hans/docs/page.md → content/zh-Hans/docs/_shared/a.md → content/zh-Hans/docs/_shared/b.md → content/zh-Hans/docs/_shared/a.md',
        'content/zh-Hans/docs/page.md:8:1 error[include] ./_shared/gone.md does not exist (looked for content/zh-Hans/docs/_shared/gone.md)',
        'content/zh-Hans/docs/page.md:12:3 error[include] there is no region "y" in content/zh-Hans/docs/_shared/b.md',
      ]);
      expect(out).toMatch(/^\s+hint: its regions: #x$/m);
      expect(out).not.toMatch(/at .*\.js:\d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a build of one locale', () => {
  it("publishes the default locale's image that a partial taken from there shows on a translated page", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>';
    const dir = writeSite({
      'site.config.ts': CONFIG,
      'content/zh-Hans/docs/_shared/card.md': '![卡片](../img/card.svg)\n',
      'content/zh-Hans/docs/img/card.svg': svg,
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }, '<!--@include: ./_shared/card.md-->\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'The card:\n\n<!--@include: ./_shared/card.md-->\n'),
    });
    try {
      const r = runCli(['build', '--locale', 'en'], dir);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(page(dir, 'en/docs/a').querySelector('article img')!.getAttribute('src')).toBe('/docs/img/card.svg');
      expect(readFileSync(join(dir, 'dist/docs/img/card.svg'), 'utf8')).toBe(svg);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Two documents including a partial (one by each syntax), one that includes none; in zh-Hans, each with its English copy. */
const WARM_SITE = {
  'content/zh-Hans/docs/_key.md': '## 密钥\n\n粘贴密钥。\n',
  'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, '甲。\n\n<!--@include: ./_key.md-->\n'),
  'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', last_update: '2025-01-01' }, "import Key from './_key.md';\n\n乙。\n\n<Key />\n"),
  'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c', last_update: '2025-01-01' }, '丙。\n'),
};

describe('a partial edited', () => {
  it('renders again, in a warm build, exactly the pages that include it, the same as a cold build', async () => {
    const dir = writeSite(WARM_SITE);
    try {
      expect((await buildIn(dir, ['--verbose'])).code).toBe(0);
      const before = htmlFiles(join(dir, 'dist'));
      writeFileSync(join(dir, 'content/zh-Hans/docs/_key.md'), '## 密钥\n\n粘贴新的密钥。\n');
      const warm = await buildIn(dir, ['--verbose']);
      expect(warm.code, warm.output).toBe(0);
      // a and b, in zh-Hans and as their English copies; c (both locales) from the cache.
      expect(warm.output).toMatch(/markdown\s+6 pages, 2 cached/);
      const after = htmlFiles(join(dir, 'dist'));
      const changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path).sort();
      expect(changed).toEqual(['docs/a/index.html', 'docs/b/index.html', 'en/docs/a/index.html', 'en/docs/b/index.html']);
      expect(after.get('docs/b/index.html')).toContain('粘贴新的密钥。');
      expect((await buildIn(dir, ['--verbose', '--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
      expect(htmlFiles(join(dir, 'cold'))).toEqual(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a partial edited while sitegen serve runs', () => {
  let dir: string;
  let server: DevServer;
  const io = { out: () => undefined, err: () => undefined, interactive: false };
  beforeAll(async () => {
    dir = writeSite(WARM_SITE);
    server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads the pages that include it, and only those, with the new text', async () => {
    const events = await listenLiveReload(server.port);
    writeFileSync(join(dir, 'content/zh-Hans/docs/_key.md'), '## 密钥\n\n粘贴新的密钥。\n');
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths?.sort()).toEqual(['/docs/a', '/docs/b', '/en/docs/a', '/en/docs/b']);
    const text = await (await fetch(`http://127.0.0.1:${server.port}/docs/b`)).text();
    expect(text).toContain('粘贴新的密钥。');
  }, 30_000);
});
