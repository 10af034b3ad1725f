// llms.txt, llms-full.txt and the pages' markdown copies (`llms` in the config): what a language-model tool
// reads of a built site, in both locales, with the pages the site keeps out of lists left out, and a warm
// build after an edit writing the edited page's copy and its locale's two files.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { buildIn } from '../helpers/build';
import { builtOnce, configSource, md, REPO, writeSite } from '../helpers/site';

const THEME = `themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`;
const LLMS = `${THEME} llms: { enabled: true, ignoreFiles: ['docs/vc'] }, tagline: { 'zh-Hans': '划词翻译扩展', en: 'A translation extension' }, variables: { product: { 'zh-Hans': '灵译', en: 'Glint' } }, navbar: [{ label: { 'zh-Hans': '使用手册', en: 'User manual' }, to: '/docs/intro' }],`;

const SITE: Record<string, string> = {
  'site.config.ts': configSource(LLMS),
  'content/sidebars.yaml': 'guides:\n  - intro\n  - label: { zh-Hans: 指南, en: Guides }\n    items: [guides/card, guides/quiet, guides/hidden]\n',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '从这里开始', last_update: { date: '2025-03-01', author: '周岚' } }, '{{product}} 的介绍。见 [卡片](./guides/card.md#keys)。\n\n<!--@include: ./_shared/steps.md-->\n\n:::tip\n先装好扩展。\n:::\n'),
  'content/zh-Hans/docs/_shared/steps.md': '1. 打开{{product}}的设置。\n2. 填写密钥，见[卡片](../guides/card.md)。\n',
  'content/zh-Hans/docs/guides/card.md': md({ title: '卡片', description: '划词卡片', last_update: '2025-02-10' }, '# 翻译卡片\n\n## 快捷键 {#keys}\n\n按 Alt。\n'),
  'content/zh-Hans/docs/guides/quiet.md': md({ title: '不收录', description: 'd', noindex: true }, '不收录的页面。\n'),
  'content/zh-Hans/docs/guides/hidden.md': md({ title: '隐藏', description: 'd', unlisted: true }, '隐藏的页面。\n'),
  'content/zh-Hans/docs/draft.md': md({ title: '草稿', description: 'd', draft: true }, '草稿。\n'),
  'content/zh-Hans/docs/vc/secret.md': md({ title: '版本对照', description: 'd' }, '不列出。\n'),
  'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: '你好', description: '第一篇公告', authors: ['team'] }, '公告正文。\n'),
  'content/zh-Hans/blog/authors.yml': 'lanzhou:\n  name: 周岚\n  title: 产品负责人\n',
  'content/zh-Hans/blog/2025-11-04-launch.md': md({ title: '发布', description: 'd', authors: ['lanzhou', 'team'], tags: ['news', 'tips'] }, '新版发布了。\n'),
  'content/en/blog/authors.yml': 'lanzhou:\n  name: Zhou Lan\n  title: Product lead\n',
  'content/en/blog/2025-11-04-launch.md': md({ title: 'Launch', description: 'd', authors: ['lanzhou'], tags: ['news'] }, '# Version 12\n\nIt is out.\n'),
  'content/zh-Hans/pages/about.md': md({ title: '关于', description: '关于我们' }, '关于。\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'Start here', last_update: { date: '2025-03-01', author: 'Jane' } }, 'About {{product}}. See [the card](./guides/card.md).\n'),
  'content/en/docs/guides/card.md': md({ title: 'Card', description: 'The card', last_update: '2025-02-10' }, 'Press Alt.\n'),
};


const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
/** The links of an llms.txt: `[title](url)`. */
const links = (text: string) => [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => ({ title: m[1]!, url: m[2]! }));
const fileOf = (url: string) => decodeURIComponent(new URL(url).pathname).slice(1);

describe('llms.txt and markdown copies', () => {
  const site = builtOnce(SITE, (dir) => buildIn(dir));

  it("lists the locale's pages under the site's name and tagline: each sidebar in its order, named by the navbar, its categories as parts, then the blog and the other pages", () => {
    expect(site.result.code, site.result.output).toBe(0);
    const text = read(site.dir, 'llms.txt');
    expect(text.startsWith('# 测试站\n\n> 划词翻译扩展\n\n## 使用手册\n\n')).toBe(true);
    expect(text).toContain('- [介绍](https://test.example/docs/intro.md): 从这里开始\n\n### 指南\n\n- [卡片](https://test.example/docs/guides/card.md): 划词卡片\n');
    expect(text.indexOf('## 博客')).toBeGreaterThan(text.indexOf('## 使用手册'));
    expect(text).toContain('- [你好](https://test.example/blog/2025/01/02/hello.md): 第一篇公告');
    expect(text).toContain('## 其他页面\n\n- [关于](https://test.example/about.md): 关于我们');
    // Every link leads to a file of the output.
    for (const { url } of links(text)) expect(existsSync(join(site.dir, 'dist', fileOf(url))), url).toBe(true);
  });

  it('leaves out noindex, unlisted, draft and ignoreFiles pages (the first two still have their copies)', () => {
    for (const name of ['llms.txt', 'llms-full.txt']) {
      const text = read(site.dir, name);
      for (const left of ['不收录', '隐藏', '草稿', '版本对照']) expect(text, `${name}: ${left}`).not.toContain(left);
    }
    expect(existsSync(join(site.dir, 'dist/docs/guides/quiet.md'))).toBe(true);
    expect(existsSync(join(site.dir, 'dist/docs/draft.md'))).toBe(false);
  });

  it("writes each page's copy: title, variables, includes, boxes and links made plain markdown", () => {
    const copy = read(site.dir, 'docs/intro.md');
    expect(copy).toBe('# 介绍\n\n最后由周岚更新于 2025 年 3 月 1 日\n\n灵译 的介绍。见 [卡片](https://test.example/docs/guides/card.md#keys)。\n\n1. 打开灵译的设置。\n2. 填写密钥，见[卡片](https://test.example/docs/guides/card.md)。\n\n> **提示**\n>\n> 先装好扩展。\n');
    // The partial's link is read from the partial's folder, as on the page. A body with a # heading of its own keeps it as the title, the byline under it; heading ids go.
    expect(read(site.dir, 'docs/guides/card.md')).toBe('# 翻译卡片\n\n最后更新于 2025 年 2 月 10 日\n\n## 快捷键\n\n按 Alt。\n');
  });

  it("puts under a post's title its date, authors with their titles and tags, in the locale's words; under a doc's, its last update as the page shows it", () => {
    expect(read(site.dir, 'blog/2025/11/04/launch.md')).toBe('# 发布\n\n2025 年 11 月 4 日 · 周岚（产品负责人）、Team · 标签：新闻、Tips\n\n新版发布了。\n');
    expect(read(site.dir, 'llms-full.txt')).toContain('# 你好\n\n2025 年 1 月 2 日 · Team\n\n公告正文。\n');
    // A body that opens with its own # heading has the byline under it.
    expect(read(site.dir, 'en/blog/2025/11/04/launch.md')).toBe('# Version 12\n\n2025-11-04 · Zhou Lan (Product lead) · Tags: News\n\nIt is out.\n');
    // A free page shows no date, nor does its copy.
    expect(read(site.dir, 'about.md')).toBe('# 关于\n\n关于。\n');
  });

  it('joins the listed copies in llms-full.txt, in llms.txt order, each after its address', () => {
    const full = read(site.dir, 'llms-full.txt');
    const urls = [...full.matchAll(/^url: (.+)$/gm)].map((m) => m[1]);
    expect(urls).toEqual(links(read(site.dir, 'llms.txt')).map((l) => l.url));
    expect(full).toContain(`---\nurl: https://test.example/docs/intro.md\n---\n\n${read(site.dir, 'docs/intro.md')}`);
  });

  it("makes the other locale's files under its path, in its words, without the untranslated pages", () => {
    const text = read(site.dir, 'en/llms.txt');
    expect(text.startsWith('# Test site\n\n> A translation extension\n\n## User manual\n\n- [Intro](https://test.example/en/docs/intro.md): Start here\n\n### Guides\n\n- [Card](https://test.example/en/docs/guides/card.md): The card\n')).toBe(true);
    expect(text).not.toContain('你好');
    expect(read(site.dir, 'en/docs/intro.md')).toBe('# Intro\n\nLast updated on 2025-03-01 by Jane\n\nAbout Glint. See [the card](https://test.example/en/docs/guides/card.md).\n');
    expect(read(site.dir, 'en/llms-full.txt')).toContain('url: https://test.example/en/docs/guides/card.md');
  });

  it("names the copy in the page's head", () => {
    const head = (path: string) => parse(read(site.dir, `${path}/index.html`)).querySelectorAll('link[rel=alternate][type="text/markdown"]').map((l) => l.getAttribute('href'));
    expect(head('docs/intro')).toEqual(['https://test.example/docs/intro.md']);
    expect(head('en/docs/guides/card')).toEqual(['https://test.example/en/docs/guides/card.md']);
    expect(head('blog')).toEqual([]);
  });

  it("rewrites, in a warm build after an edit, that page's copy and its locale's two files only", async () => {
    const mtime = (path: string) => statSync(join(site.dir, 'dist', path)).mtimeMs;
    const before = Object.fromEntries(['llms.txt', 'llms-full.txt', 'docs/intro.md', 'en/docs/intro.md', 'en/llms.txt'].map((p) => [p, mtime(p)]));
    await new Promise((settle) => setTimeout(settle, 20));
    writeFileSync(join(site.dir, 'content/en/docs/guides/card.md'), md({ title: 'Card', description: 'The card', last_update: '2025-02-10' }, 'Press Alt twice.\n'));
    const warm = await buildIn(site.dir);
    expect(warm.code, warm.output).toBe(0);
    expect(read(site.dir, 'en/docs/guides/card.md')).toBe('# Card\n\nLast updated on 2025-02-10\n\nPress Alt twice.\n');
    expect(read(site.dir, 'en/llms-full.txt')).toContain('Press Alt twice.');
    expect(mtime('en/llms-full.txt')).toBeGreaterThan(before['en/llms.txt']!);
    for (const path of ['llms.txt', 'llms-full.txt', 'docs/intro.md', 'en/docs/intro.md', 'en/llms.txt']) expect(mtime(path), path).toBe(before[path]);
  });

  it("rewrites, in a warm build after an author's entry in authors.yml is edited, the copies of that author's posts", async () => {
    writeFileSync(join(site.dir, 'content/en/blog/authors.yml'), 'lanzhou:\n  name: Zhou Lan\n  title: Head of product\n');
    const warm = await buildIn(site.dir);
    expect(warm.code, warm.output).toBe(0);
    expect(read(site.dir, 'en/blog/2025/11/04/launch.md')).toContain('2025-11-04 · Zhou Lan (Head of product) · Tags: News\n');
    expect(read(site.dir, 'en/llms-full.txt')).toContain('Zhou Lan (Head of product)');
    expect(read(site.dir, 'blog/2025/11/04/launch.md')).toContain('周岚（产品负责人）');
  });
});

describe('a site without llms', () => {
  const site = builtOnce({ 'site.config.ts': configSource(THEME), 'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }) }, (dir) => buildIn(dir));

  it('has no llms files, copies or head links', () => {
    expect(site.result.code, site.result.output).toBe(0);
    for (const path of ['llms.txt', 'llms-full.txt', 'docs/intro.md', 'en/llms.txt']) expect(existsSync(join(site.dir, 'dist', path)), path).toBe(false);
    expect(read(site.dir, 'docs/intro/index.html')).not.toContain('text/markdown');
  });
});

describe('llms.sections', () => {
  const site = builtOnce(
    {
      'site.config.ts': configSource(`${THEME} llms: { enabled: true, sections: ['blog', 'guide'] },`),
      'content/sidebars.yaml': 'guides:\n  - intro\n',
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
      'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: '你好', description: 'd', authors: ['team'] }),
    },
    (dir) => buildIn(dir),
  );

  it('orders and chooses the sections, and warns at a name that is no sidebar, with the nearest', () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(site.result.output).toMatch(/site\.config\.ts:\d+ warning\[config\] llms\.sections: "guide" is no sidebar, nor blog or pages, so llms\.txt has no such section\n\s+hint: did you mean "guides"\?/);
    const text = read(site.dir, 'llms.txt');
    expect([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['博客']);
    expect(text).not.toContain('介绍');
  });
});

/** Two versions and the current docs, each with its own intro; `docs` is the config's docs key. */
function versionedSite(docs = ''): Record<string, string> {
  return {
    'site.config.ts': configSource(`${THEME} llms: { enabled: true, sections: ['guides', 'blog'] }, navbar: [{ label: { 'zh-Hans': '文档', en: 'Docs' }, to: '/docs/intro' }], ${docs}`),
    'content/versions.json': '["2.0", "1.0"]\n',
    'content/sidebars.yaml': 'guides:\n  - intro\n  - fresh\n',
    'content/versioned_sidebars/version-2.0-sidebars.yaml': 'guides:\n  - intro\n',
    'content/versioned_sidebars/version-1.0-sidebars.yaml': 'guides:\n  - intro\n  - legacy\n',
    'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '下一版' }),
    'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd' }),
    'content/zh-Hans/versioned_docs/version-2.0/intro.md': md({ title: '介绍', description: '2.0 版' }, '2.0 的介绍。\n'),
    'content/zh-Hans/versioned_docs/version-2.0/orphan.md': md({ title: '不在侧边栏', description: 'd' }),
    'content/zh-Hans/versioned_docs/version-1.0/intro.md': md({ title: '介绍', description: '1.0 版' }, '1.0 的介绍。\n'),
    'content/zh-Hans/versioned_docs/version-1.0/legacy.md': md({ title: '旧接口', description: 'd' }),
    'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: '你好', description: 'd', authors: ['team'] }),
  };
}

describe('llms.txt on a site with docs versions', () => {
  const site = builtOnce(versionedSite(), (dir) => buildIn(dir));

  it("lists the last version's docs only, its sidebar named as on a site without versions; every version's docs keep their copies", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(site.result.output).not.toContain('llms.sections');
    const text = read(site.dir, 'llms.txt');
    expect([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['文档', '博客']);
    expect(links(text).map((l) => l.url)).toEqual(['https://test.example/docs/intro.md', 'https://test.example/blog/2025/01/02/hello.md']);
    const full = read(site.dir, 'llms-full.txt');
    expect(full).toContain('2.0 的介绍。');
    for (const other of ['1.0 的介绍。', '旧接口', '新功能', '不在侧边栏']) expect(full, other).not.toContain(other);
    for (const copy of ['docs/1.0/intro.md', 'docs/1.0/legacy.md', 'docs/next/fresh.md', 'docs/orphan.md']) expect(existsSync(join(site.dir, 'dist', copy)), copy).toBe(true);
  });
});

describe('llms.txt on a site whose docs at /docs/ are a noIndex version', () => {
  // The unreleased current docs put at /docs/ while kept from search engines, as a site about to release them would.
  const site = builtOnce(versionedSite("docs: { lastVersion: 'current', versions: { current: { noIndex: true }, '1.0': { noIndex: true } } },"), (dir) => buildIn(dir));

  it('lists the newest indexed version\'s docs instead, as the sitemap does; the noIndex pages are still built, with their copies', () => {
    expect(site.result.code, site.result.output).toBe(0);
    const text = read(site.dir, 'llms.txt');
    // The current docs' /docs/intro.md and /docs/fresh.md had been listed, and their text was in llms-full.txt.
    expect(links(text).map((l) => l.url)).toEqual(['https://test.example/docs/2.0/intro.md', 'https://test.example/blog/2025/01/02/hello.md']);
    const full = read(site.dir, 'llms-full.txt');
    expect(full).toContain('2.0 的介绍。');
    for (const hidden of ['新功能', '1.0 的介绍。', '旧接口']) expect(full, hidden).not.toContain(hidden);
    const sitemap = read(site.dir, 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://test.example/docs/2.0/intro</loc>');
    expect(sitemap).not.toMatch(/<loc>https:\/\/test\.example\/(en\/)?docs\/(intro|fresh|1\.0\/)/);
    const fresh = parse(read(site.dir, 'docs/fresh/index.html'));
    expect(fresh.querySelector('meta[name=robots]')!.getAttribute('content')).toContain('noindex');
    expect(existsSync(join(site.dir, 'dist/docs/fresh.md'))).toBe(true);
  });

  it('lists no docs when every version is noIndex', async () => {
    const dir = writeSite(versionedSite("docs: { versions: { current: { noIndex: true }, '2.0': { noIndex: true }, '1.0': { noIndex: true } } },"));
    try {
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      expect(built.output).not.toContain('llms.sections');
      expect(links(read(dir, 'llms.txt')).map((l) => l.url)).toEqual(['https://test.example/blog/2025/01/02/hello.md']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('markdown copies under a baseUrl', () => {
  const body = [
    'Text.',
    '',
    '<a href="/docs/b">b</a> <img src="/img/a.png" alt="a">',
    '<object data="/img/chart.svg"></object>',
    '<form action="/search"><button formaction="/docs/b">Go</button></form>',
    '<blockquote cite="/docs/b">Quoted.</blockquote>',
    '<svg><a xlink:href="/docs/b"><text>t</text></a></svg>',
    '<link rel="preload" as="image" href="/img/a.png" imagesrcset="/img/a.png 2x">',
    '<div style="background: url(/img/paper.svg), url(#grad)">c</div>',
    '',
  ].join('\n');
  const site = builtOnce(
    {
      'site.config.ts': configSource(`${THEME} baseUrl: '/repo/', llms: { enabled: true },`),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, body),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }),
    },
    (dir) => buildIn(dir),
  );

  it("writes every address of the copy's raw HTML absolute, under the baseUrl, as its links and images are", () => {
    expect(site.result.code, site.result.output).toBe(0);
    const copy = read(site.dir, 'docs/a.md');
    const at = 'https://test.example/repo';
    for (const html of [
      `<a href="${at}/docs/b">b</a> <img src="${at}/img/a.png" alt="a">`,
      `<object data="${at}/img/chart.svg"></object>`,
      `<form action="${at}/search"><button formaction="${at}/docs/b">Go</button></form>`,
      `<blockquote cite="${at}/docs/b">Quoted.</blockquote>`,
      `<svg><a xlink:href="${at}/docs/b"><text>t</text></a></svg>`,
      `<link rel="preload" as="image" href="${at}/img/a.png" imagesrcset="${at}/img/a.png 2x">`,
      `<div style="background: url(${at}/img/paper.svg), url(#grad)">c</div>`,
    ])
      expect(copy).toContain(html);
  });
});
