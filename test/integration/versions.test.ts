// Docs versions as Docusaurus keeps them (content/versions.json, versioned_docs/, versioned_sidebars/): a site with
// two versions and the current docs, in both locales with one translation missing, built whole.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIn, sitegen } from '../helpers/build';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { poll } from '../e2e/helpers/site';
import { readIndexFile } from '../../src/search/searchCommand';
import { searchIndex } from '../../src/search/query';
import { builtOnce, configSource, md, REPO, writeSite } from '../helpers/site';

const CONFIG = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' }, docs: { editUrl: 'https://github.com/o/r/edit/main/content/', versions: { '9.x': { noIndex: true } } },`);
/** Links judged: the theme's home links to the bundled site's docs, so only content links are built here. */
const CHECKED = CONFIG.replace("onBrokenLinks: 'off'", "onBrokenLinks: 'error'");

const SITE: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/versions.json': '[\n  "10.x",\n  "9.x"\n]\n',
  'content/sidebars.yaml': 'guides:\n  - intro\n  - setup\n  - fresh\n',
  'content/versioned_sidebars/version-10.x-sidebars.json': '{ "guides": ["intro", "setup"] }\n',
  'content/versioned_sidebars/version-9.x-sidebars.yaml': 'guides:\n  - intro\n  - old\n',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍 Next', description: 'd' }, '见 [设置](./setup.md) 与 [旧功能](/docs/9.x/old)。\n'),
  'content/zh-Hans/docs/setup.md': md({ title: '设置 Next', description: 'd', aliases: ['/docs/configure'] }, 'gamma 新版。\n'),
  'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd' }),
  'content/zh-Hans/versioned_docs/version-10.x/intro.md': md({ title: '介绍 10', description: 'd' }, '见 [设置](./setup.md)。\n'),
  'content/zh-Hans/versioned_docs/version-10.x/setup.md': md({ title: '设置 10', description: 'd', aliases: ['/docs/configure'] }, 'gamma 十版。\n'),
  'content/zh-Hans/versioned_docs/version-9.x/intro.md': md({ title: '介绍 9', description: 'd' }, '见 [旧功能](./old.md)。\n'),
  'content/zh-Hans/versioned_docs/version-9.x/old.md': md({ title: '旧功能', description: 'd' }, 'gamma 九版。\n\n![图](./img/a.svg)\n'),
  'content/zh-Hans/versioned_docs/version-9.x/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"></svg>',
  'content/en/docs/intro.md': md({ title: 'Intro Next', description: 'd' }, 'See [setup](./setup.md).\n'),
  'content/en/versioned_docs/version-10.x/intro.md': md({ title: 'Intro 10', description: 'd' }, 'See [setup](./setup.md).\n'),
  'content/en/versioned_docs/version-9.x/intro.md': md({ title: 'Intro 9', description: 'd' }, 'See [old](./old.md).\n'),
  'content/zh-Hans/blog/2024-01-01-hello.md': md({ title: '你好', description: 'd' }, 'gamma 博客。\n'),
};


async function search(dir: string, query: string, ...flags: string[]) {
  const { code, output } = await sitegen(['search', query, ...flags, '--config', join(dir, 'site.config.ts')]);
  return { code, out: output };
}

const page = (dir: string, path: string) => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
const sidebar = (root: HTMLElement) => root.querySelectorAll('.doc-sidebar-nav a').map((a) => `${a.text.trim()} ${a.getAttribute('href')}`);
const menu = (root: HTMLElement) => root.querySelectorAll('.version-dropdown .dropdown-link').map((a) => `${a.text.trim()} ${a.getAttribute('href')}${a.getAttribute('aria-current') ? ' *' : ''}`);
const banner = (root: HTMLElement) => root.querySelector('.version-banner');
/** The banner's sentences. */
const bannerText = (root: HTMLElement) => banner(root)!.querySelectorAll('p').map((p) => p.text);
const meta = (root: HTMLElement, name: string) => root.querySelector(`meta[name="${name}"]`)?.getAttribute('content');

describe('a site with docs versions', () => {
  const site = builtOnce(SITE, (dir) => buildIn(dir));

  it('puts the last version at /docs/, the current docs at /docs/next/ and the others at /docs/<name>/, in each locale', () => {
    expect(site.result.code, site.result.output).toBe(0);
    for (const path of ['docs/intro', 'docs/setup', 'docs/next/intro', 'docs/next/fresh', 'docs/9.x/intro', 'docs/9.x/old', 'en/docs/intro', 'en/docs/9.x/old', 'en/docs/next/setup']) {
      expect(existsSync(join(site.dir, 'dist', path, 'index.html')), path).toBe(true);
    }
    expect(page(site.dir, 'docs/intro').querySelector('h1')!.text).toBe('介绍 10');
    expect(page(site.dir, 'docs/next/intro').querySelector('h1')!.text).toBe('介绍 Next');
    // A translation the locale lacks shows the default locale's copy, marked untranslated, as other docs do.
    const copy = page(site.dir, 'en/docs/9.x/old');
    expect(copy.querySelector('h1')!.text).toBe('旧功能');
    expect(copy.querySelector('.untranslated-notice')).not.toBeNull();
  });

  it("leads each version's docs root, which no page has, to the first doc of its sidebar, in each locale", () => {
    const leadsTo = (path: string) => /http-equiv="refresh" content="0; url=([^"]+)"/.exec(readFileSync(join(site.dir, 'dist', path, 'index.html'), 'utf8'))?.[1];
    expect(leadsTo('docs')).toBe('/docs/intro');
    expect(leadsTo('docs/next')).toBe('/docs/next/intro');
    expect(leadsTo('docs/9.x')).toBe('/docs/9.x/intro');
    expect(leadsTo('en/docs/9.x')).toBe('/en/docs/9.x/intro');
    expect(readFileSync(join(site.dir, 'dist/_redirects'), 'utf8')).toContain('/docs/next/ /docs/next/intro 302\n/docs/ /docs/intro 302\n/docs/9.x/ /docs/9.x/intro 302\n');
  });

  it("shows each version's own sidebar, its relative links inside the version, and edit links to the versioned file", () => {
    expect(sidebar(page(site.dir, 'docs/9.x/intro'))).toEqual(['介绍 9 /docs/9.x/intro', '旧功能 /docs/9.x/old']);
    expect(sidebar(page(site.dir, 'en/docs/intro'))).toEqual(['Intro 10 /en/docs/intro', '设置 10 /en/docs/setup']);
    expect(sidebar(page(site.dir, 'docs/next/setup'))).toEqual(['介绍 Next /docs/next/intro', '设置 Next /docs/next/setup', '新功能 /docs/next/fresh']);
    expect(page(site.dir, 'docs/9.x/intro').querySelectorAll('.markdown a').map((a) => a.getAttribute('href'))).toEqual(['/docs/9.x/old']);
    expect(page(site.dir, 'docs/next/intro').querySelectorAll('.markdown a').map((a) => a.getAttribute('href'))).toEqual(['/docs/next/setup', '/docs/9.x/old']);
    // A doc's aliases are earlier addresses in its version: a version copies the docs, aliases and all.
    expect(readFileSync(join(site.dir, 'dist/_redirects'), 'utf8')).toContain('/docs/next/configure /docs/next/setup 301\n/docs/configure /docs/setup 301');
    // A file beside a versioned doc is published under its version's docs path, as its doc is, shown by its untranslated copy too.
    expect(page(site.dir, 'en/docs/9.x/old').querySelector('.markdown img')!.getAttribute('src')).toBe('/docs/9.x/img/a.svg');
    expect(existsSync(join(site.dir, 'dist/docs/9.x/img/a.svg'))).toBe(true);
    expect(existsSync(join(site.dir, 'dist/versioned_docs'))).toBe(false);
    expect(page(site.dir, 'docs/9.x/intro').querySelector('.doc-edit')!.getAttribute('href')).toBe('https://github.com/o/r/edit/main/content/zh-Hans/versioned_docs/version-9.x/intro.md');
    expect(page(site.dir, 'docs/9.x/old').querySelector('.paginator-prev')!.getAttribute('href')).toBe('/docs/9.x/intro');
  });

  it('tells unmaintained and unreleased versions by a banner leading to the last version, and the version by a badge, in both locales', () => {
    const old = banner(page(site.dir, 'docs/9.x/intro'))!;
    expect(bannerText(page(site.dir, 'docs/9.x/intro'))).toEqual(['这是 9.x 版的文档，该版本已不再积极维护。', '最新的文档请见最新版本（10.x）。']);
    expect(old.querySelector('a')!.getAttribute('href')).toBe('/docs/intro');
    // A doc the last version lacks: its first doc.
    expect(banner(page(site.dir, 'en/docs/9.x/old'))!.querySelector('a')!.getAttribute('href')).toBe('/en/docs/intro');
    expect(bannerText(page(site.dir, 'en/docs/9.x/intro'))).toEqual(['This is documentation for 9.x, which is no longer actively maintained.', 'For up-to-date documentation, see the latest version (10.x).']);
    expect(bannerText(page(site.dir, 'en/docs/next/setup'))).toEqual(['This is unreleased documentation for Next.', 'For up-to-date documentation, see the latest version (10.x).']);
    expect(banner(page(site.dir, 'en/docs/next/setup'))!.querySelector('a')!.getAttribute('href')).toBe('/en/docs/setup');
    expect(banner(page(site.dir, 'docs/intro'))).toBeNull();
    expect(page(site.dir, 'docs/intro').querySelector('.version-badge')!.text).toBe('版本：10.x');
    expect(page(site.dir, 'en/docs/next/fresh').querySelector('.version-badge')!.text).toBe('Version: Next');
  });

  it('offers the versions in a menu of plain links that keeps the doc read where the version has it', () => {
    expect(menu(page(site.dir, 'docs/setup'))).toEqual(['Next /docs/next/setup', '10.x /docs/setup *', '9.x /docs/9.x/intro']);
    expect(menu(page(site.dir, 'en/docs/9.x/old'))).toEqual(['Next /en/docs/next/intro', '10.x /en/docs/intro', '9.x /en/docs/9.x/old *']);
    // On a page of no version (the blog), each version's first doc, the last version shown as chosen.
    const blog = page(site.dir, 'blog');
    expect(blog.querySelector('.version-dropdown summary')!.text).toBe('10.x');
    expect(blog.querySelectorAll('.version-dropdown .dropdown-link').map((a) => a.getAttribute('href'))).toEqual(['/docs/next/intro', '/docs/intro', '/docs/9.x/intro']);
    // The mobile panel offers them too.
    expect(page(site.dir, 'docs/setup').querySelectorAll('.navbar-sidebar nav[aria-label="文档版本"] a').map((a) => a.getAttribute('href'))).toEqual(['/docs/next/setup', '/docs/setup', '/docs/9.x/intro']);
  });

  it("has the search form of a versioned page lead to the search page of its version without JavaScript, a hidden field naming it", () => {
    const hidden = (path: string) => page(site.dir, path).querySelectorAll('form.search-form input[type=hidden]').map((input) => `${input.getAttribute('name')}=${input.getAttribute('value')}`);
    expect(hidden('docs/9.x/intro')).toEqual(['version=9.x']);
    expect(hidden('en/docs/next/setup')).toEqual(['version=current']);
    expect(hidden('docs/intro')).toEqual(['version=10.x']);
    // A page of no version searches the version the reader chose (the search page's own choice): no field.
    expect(hidden('blog')).toEqual([]);
    // The search icon of narrow screens is a link to the same page.
    expect(page(site.dir, 'docs/9.x/intro').querySelector('a.search-link')!.getAttribute('href')).toBe('/search?version=9.x');
    expect(page(site.dir, 'en/docs/9.x/intro').querySelector('a.search-link')!.getAttribute('href')).toBe('/en/search?version=9.x');
  });

  it("gives each page its own canonical URL and version, and keeps a noIndex version's pages out of search engines and the sitemap", () => {
    const old = page(site.dir, 'docs/9.x/intro');
    expect(old.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://test.example/docs/9.x/intro');
    expect(meta(old, 'robots')).toContain('noindex');
    expect(meta(old, 'docsearch:version')).toBe('9.x');
    expect(meta(page(site.dir, 'docs/next/intro'), 'docsearch:version')).toBe('current');
    expect(meta(page(site.dir, 'docs/intro'), 'robots')).toBeUndefined();
    const sitemap = readFileSync(join(site.dir, 'dist/sitemap.xml'), 'utf8');
    expect(sitemap).toContain('https://test.example/docs/next/intro');
    expect(sitemap).toContain('https://test.example/docs/intro');
    expect(sitemap).not.toContain('/docs/9.x/');
  });

  it("searches a version's docs with the blog and the pages, never another version's docs", async () => {
    const urls = async (file: string) => {
      const loaded = await readIndexFile(join(site.dir, 'dist', file));
      if (!('index' in loaded)) throw new Error(loaded.failure);
      return searchIndex(loaded.index, 'gamma', { limit: 10, group: false }).map((r) => r.url.split('#')[0]);
    };
    expect((await urls('search-index-docs-9.x.json')).sort()).toEqual(['/blog/2024/01/01/hello', '/docs/9.x/old']);
    expect((await urls('search-index.json')).sort()).toEqual(['/blog/2024/01/01/hello', '/docs/setup']);
    expect((await urls('search-index-docs-next.json')).sort()).toEqual(['/blog/2024/01/01/hello', '/docs/next/setup']);
    // The search box of a version's page knows its index (the site data names each version's); the texts are beside it.
    const siteData = /"siteDataUrl":"([^"]+)"/.exec(readFileSync(join(site.dir, 'dist/docs/9.x/intro/index.html'), 'utf8'))![1]!;
    expect(readFileSync(join(site.dir, 'dist', siteData), 'utf8')).toContain(String.raw`\"9.x\":\"/search-index-docs-9.x.json\"`);
    expect(existsSync(join(site.dir, 'dist/search-text-docs-9.x/0.json'))).toBe(true);
  });

  it('leaves a page search.ignoreFiles names out of every version\'s index, not only the one at /docs/', async () => {
    const dir = writeSite({ ...SITE, 'site.config.ts': CONFIG.replace('docs: {', "search: { ignoreFiles: ['docs/setup'] }, docs: {") });
    try {
      expect((await buildIn(dir)).code).toBe(0);
      for (const file of ['search-index.json', 'search-index-docs-next.json', 'search-index-docs-9.x.json']) {
        const loaded = await readIndexFile(join(dir, 'dist', file));
        if (!('index' in loaded)) throw new Error(loaded.failure);
        // /docs/next/setup had been found: the rule was matched against the address alone.
        expect(searchIndex(loaded.index, 'gamma', { limit: 10, group: false }).map((r) => r.url.split('#')[0]).filter((url) => url.includes('setup')), file).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has sitegen search read another version's index with --version, by its name or label", async () => {
    const urls = async (...flags: string[]) => {
      const run = await search(site.dir, 'gamma', ...flags);
      expect(run.code, run.out).toBe(0);
      return JSON.parse(run.out).results.map((r: { url: string }) => r.url.split('#')[0]).sort();
    };
    expect(await urls('--json')).toEqual(['/blog/2024/01/01/hello', '/docs/setup']);
    expect(await urls('--json', '--version', '9.x')).toEqual(['/blog/2024/01/01/hello', '/docs/9.x/old']);
    expect(await urls('--json', '--version', 'Next', '--locale', 'en')).toEqual([]);
    expect(await urls('--json', '--version', 'current')).toEqual(['/blog/2024/01/01/hello', '/docs/next/setup']);
    // As its address writes it (/docs/next/), and a name in another case.
    expect(await urls('--json', '--version', 'next')).toEqual(['/blog/2024/01/01/hello', '/docs/next/setup']);
    expect(await urls('--json', '--version', '9.X')).toEqual(['/blog/2024/01/01/hello', '/docs/9.x/old']);
    expect(await search(site.dir, 'gamma', '--version', '8.x')).toEqual({ code: 2, out: '--version 8.x error[usage] no docs version is named so: the versions are current (Next), 10.x, 9.x\n' });
  });
});

describe('files beside the docs of versions', () => {
  // The same file name beside the last version's doc and the current docs' one: each under its version's docs path.
  const svg = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="6"></svg>`;
  const site = builtOnce(
    {
      ...SITE,
      'site.config.ts': CHECKED.replace("onBrokenImages: 'off'", "onBrokenImages: 'error'"),
      'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd' }, '![图](./img/a.svg)\n\n[下载](./files/a.zip)\n'),
      'content/zh-Hans/docs/img/a.svg': svg(1),
      'content/zh-Hans/docs/files/a.zip': 'next',
      'content/zh-Hans/versioned_docs/version-10.x/setup.md': md({ title: '设置 10', description: 'd' }, '![图](./img/a.svg)\n\n[下载](./files/a.zip)\n'),
      'content/zh-Hans/versioned_docs/version-10.x/img/a.svg': svg(10),
      'content/zh-Hans/versioned_docs/version-10.x/files/a.zip': '10',
    },
    (dir) => buildIn(dir),
  );
  const src = (path: string) => page(site.dir, path).querySelector('.markdown img')!.getAttribute('src');
  const href = (path: string) => page(site.dir, path).querySelector('.markdown a')!.getAttribute('href');
  const file = (path: string) => readFileSync(join(site.dir, 'dist', path), 'utf8');

  it("are published under their version's docs path: the last version's at /docs/, the current docs' at /docs/next/", () => {
    expect(site.result.code, site.result.output).toBe(0);
    expect(src('docs/setup')).toBe('/docs/img/a.svg');
    expect(file('docs/img/a.svg')).toBe(svg(10));
    expect(src('docs/next/fresh')).toBe('/docs/next/img/a.svg');
    expect(file('docs/next/img/a.svg')).toBe(svg(1));
    expect(href('docs/setup')).toBe('/docs/files/a.zip');
    expect(file('docs/files/a.zip')).toBe('10');
    expect(href('docs/next/fresh')).toBe('/docs/next/files/a.zip');
    expect(file('docs/next/files/a.zip')).toBe('next');
    // An untranslated copy shows the default locale's file, in its own locale's part of the site.
    expect(src('en/docs/9.x/old')).toBe('/docs/9.x/img/a.svg');
    // The image's size is read from the file published there.
    expect(page(site.dir, 'docs/setup').querySelector('.markdown img')!.getAttribute('width')).toBe('10');
  });

  it('of the current docs are not published when the current docs are not built', async () => {
    const dir = writeSite({
      ...SITE,
      'site.config.ts': CONFIG.replace('docs: {', 'docs: { includeCurrentVersion: false,'),
      'content/zh-Hans/docs/img/a.svg': svg(1),
      'content/zh-Hans/docs/img/b.svg': svg(1),
      'content/zh-Hans/versioned_docs/version-10.x/setup.md': md({ title: '设置 10', description: 'd' }, '![图](./img/a.svg)\n'),
      'content/zh-Hans/versioned_docs/version-10.x/img/a.svg': svg(10),
    });
    try {
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      expect(readFileSync(join(dir, 'dist/docs/img/a.svg'), 'utf8')).toBe(svg(10));
      // Not at the last version's address, which would hold a file 10.x lacks, nor at the current docs' own.
      expect(existsSync(join(dir, 'dist/docs/img/b.svg'))).toBe(false);
      expect(existsSync(join(dir, 'dist/docs/next'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are found by check-links, and one in a folder named with _ is told by its place in the version', async () => {
    const dir = writeSite({
      ...SITE,
      // A warning in the build, which writes the site for check-links to read.
      'site.config.ts': CHECKED.replace("onBrokenImages: 'off'", "onBrokenImages: 'warn'"),
      'content/zh-Hans/versioned_docs/version-9.x/old.md': md({ title: '旧功能', description: 'd' }, '![图](./img/a.svg)\n\n![图](./_img/b.svg)\n'),
      'content/zh-Hans/versioned_docs/version-9.x/_img/b.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    });
    try {
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      expect(built.output).toContain('content/zh-Hans/versioned_docs/version-9.x/old.md:8 warning[broken-image] image /docs/9.x/_img/b.svg is not published: content/zh-Hans/versioned_docs/version-9.x/_img/b.svg is there, but in a folder named with _ (_img/)');
      const checked = await sitegen(['check-links', '--config', join(dir, 'site.config.ts')]);
      expect(checked.output).toContain('content/zh-Hans/versioned_docs/version-9.x/old.md:8 error[broken-image] image /docs/9.x/_img/b.svg is not published: content/zh-Hans/versioned_docs/version-9.x/_img/b.svg is there');
      expect(checked.output).not.toContain('/docs/9.x/img/a.svg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("a version's category pages", () => {
  // A generated index in the current docs and in 9.x, none in 10.x.
  const site = builtOnce(
    {
      ...SITE,
      'content/sidebars.yaml': 'guides:\n  - intro\n  - setup\n  - label: { zh-Hans: 更多, en: More }\n    link: { type: generated-index, slug: /more }\n    items: [fresh]\n',
      'content/versioned_sidebars/version-9.x-sidebars.yaml': 'guides:\n  - intro\n  - label: { zh-Hans: 更多, en: More }\n    link: { type: generated-index, slug: /more }\n    items: [old]\n',
    },
    (dir) => buildIn(dir),
  );

  it('show the banner and badge of their version, and a menu leading to the same category in each version that has it', () => {
    expect(site.result.code, site.result.output).toBe(0);
    const old = page(site.dir, 'docs/9.x/more');
    expect(bannerText(old)).toEqual(['这是 9.x 版的文档，该版本已不再积极维护。', '最新的文档请见最新版本（10.x）。']);
    // 10.x has no such category: its first doc.
    expect(banner(old)!.querySelector('a')!.getAttribute('href')).toBe('/docs/intro');
    expect(old.querySelector('.version-badge')!.text).toBe('版本：9.x');
    expect(menu(old)).toEqual(['Next /docs/next/more', '10.x /docs/intro', '9.x /docs/9.x/more *']);
    expect(meta(old, 'robots')).toContain('noindex');
    const next = page(site.dir, 'en/docs/next/more');
    expect(bannerText(next)).toEqual(['This is unreleased documentation for Next.', 'For up-to-date documentation, see the latest version (10.x).']);
    expect(menu(next)).toEqual(['Next /en/docs/next/more *', '10.x /en/docs/intro', '9.x /en/docs/9.x/more']);
  });

  it('name their version and language for search crawlers, as docs do', () => {
    expect([meta(page(site.dir, 'docs/9.x/more'), 'docsearch:version'), meta(page(site.dir, 'docs/9.x/more'), 'docsearch:language')]).toEqual(['9.x', 'zh-Hans']);
    expect([meta(page(site.dir, 'en/docs/next/more'), 'docsearch:version'), meta(page(site.dir, 'en/docs/next/more'), 'docsearch:language')]).toEqual(['current', 'en']);
    expect(meta(page(site.dir, 'blog'), 'docsearch:version')).toBeUndefined();
  });

  it("have a search form that leads to the search page of their version without JavaScript", () => {
    expect(page(site.dir, 'docs/9.x/more').querySelector('form.search-form input[type=hidden][name=version]')!.getAttribute('value')).toBe('9.x');
  });
});

describe('links and problems of versions', () => {
  it('checks links in every version: a relative link resolves inside its version, a link into another version is judged', async () => {
    const dir = writeSite({
      ...SITE,
      'site.config.ts': CHECKED,
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '见 [旧](/docs/9.x/gone)。\n'),
      'content/zh-Hans/versioned_docs/version-9.x/intro.md': md({ title: '介绍 9', description: 'd' }, '见 [设置](./setup.md)。\n'),
    });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toContain('content/zh-Hans/versioned_docs/version-9.x/intro.md:6 error[broken-link] ./setup.md points to versioned_docs/version-9.x/setup.md, which does not exist');
      // The same doc in another version, the last's first (at /docs/): before, no hint at all.
      expect(output).toContain('  hint: versioned_docs/version-10.x/setup.md is that doc in another docs version: link to its address, /docs/setup, or add versioned_docs/version-9.x/setup.md\n');
      expect(output).toMatch(/content\/zh-Hans\/docs\/intro\.md:6 error\[broken-link\] [^\n]*\/docs\/9\.x\/gone/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has check-links read each version's search index, as it reads the locale's", async () => {
    const dir = writeSite(SITE);
    try {
      expect((await buildIn(dir)).code).toBe(0);
      rmSync(join(dir, 'dist/en/search-text-docs-9.x'), { recursive: true });
      const { output } = await sitegen(['check-links', '--config', join(dir, 'site.config.ts')]);
      expect(output).toMatch(/dist\/en\/search-text-docs-9\.x\/0\.json error\[search-index\] all \d+ of the en search index's page texts are missing/);
      // A version's index gone altogether, which no page links: told as the locale's would be.
      rmSync(join(dir, 'dist/search-index-docs-next.json'));
      rmSync(join(dir, 'dist/en/search-index-docs-9.x.json'));
      const gone = (await sitegen(['check-links', '--config', join(dir, 'site.config.ts')])).output;
      expect(gone).toContain("dist/search-index-docs-next.json error[search-index] the zh-Hans search index of the docs version Next is missing: the search box of its pages, and the search page set to it, find nothing\n  hint: build the site again: each version's index is written with the pages");
      expect(gone).toContain('dist/en/search-index-docs-9.x.json error[search-index] the en search index of the docs version 9.x is missing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("tells a versioned doc's unknown pagination and displayed_sidebar as its file writes them, in its version's words", async () => {
    const dir = writeSite({
      ...SITE,
      'content/zh-Hans/versioned_docs/version-9.x/old.md': md({ title: '旧功能', description: 'd', pagination_prev: 'intr', pagination_next: 'setup', displayed_sidebar: 'guide' }),
    });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      const file = 'content/zh-Hans/versioned_docs/version-9.x/old.md';
      expect(output).toContain(`${file}:4 error[front-matter] pagination_prev: "intr" is not a doc (a doc's id is its path under versioned_docs/version-9.x/ without .md, or its id: in place of the file name)\n  hint: did you mean "intro"?`);
      // setup is a doc of 10.x and of the current docs, none of 9.x's.
      expect(output).toContain(`${file}:5 error[front-matter] pagination_next: "setup" is not a doc (a doc's id is its path under versioned_docs/version-9.x/ without .md`);
      expect(output).toContain(`${file}:6 error[front-matter] displayed_sidebar: "guide" is no sidebar of content/versioned_sidebars/version-9.x-sidebars.yaml\n  hint: did you mean "guides"?`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tells a pagination_prev or pagination_next naming another version's doc at its line: the links stay in the doc's version", async () => {
    const dir = writeSite({
      ...SITE,
      'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd', pagination_prev: '10.x/intro', pagination_next: '9.x/old' }),
      'content/zh-Hans/versioned_docs/version-9.x/old.md': md({ title: '旧功能', description: 'd', pagination_prev: '10.x/intro' }),
    });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toContain('content/zh-Hans/docs/fresh.md:4 error[front-matter] pagination_prev: "10.x/intro" is a doc of the version 10.x, and a doc\'s previous and next links stay in its version (docs/)\n  hint: did you mean its own "intro"? A link to 10.x\'s goes in the text: [介绍 10](/docs/intro)');
      expect(output).toContain('content/zh-Hans/docs/fresh.md:5 error[front-matter] pagination_next: "9.x/old" is a doc of the version 9.x, and a doc\'s previous and next links stay in its version (docs/)\n  hint: write null for no link; a link to 9.x\'s goes in the text: [旧功能](/docs/9.x/old)');
      expect(output).toContain('content/zh-Hans/versioned_docs/version-9.x/old.md:4 error[front-matter] pagination_prev: "10.x/intro" is a doc of the version 10.x, and a doc\'s previous and next links stay in its version (versioned_docs/version-9.x/)\n  hint: did you mean its own "intro"?');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns of a version without its sidebars file', async () => {
    const { 'content/versioned_sidebars/version-9.x-sidebars.yaml': _gone, ...rest } = SITE;
    const dir = writeSite(rest);
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(0);
      expect(output).toContain('content/versions.json warning[versions] the version 9.x has no sidebars (versioned_sidebars/version-9.x-sidebars.yaml does not exist), so its docs show none');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tells a version name that is not one, or that a docs folder or the current docs' address takes, at versions.json's line", async () => {
    const dir = writeSite({ ...SITE, 'content/versions.json': '[\n  "10.x",\n  "next",\n  "guides",\n  "a b"\n]\n', 'content/zh-Hans/docs/guides/x.md': md({ title: 'x', description: 'd' }) });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toContain('content/versions.json:3 error[versions] "next" is the address of the current docs (/docs/next/), so no version can be named so');
      expect(output).toContain('content/versions.json:4 error[versions] "guides" is the name of a folder or doc of docs/');
      expect(output).toContain('content/versions.json:5 error[versions] "a b" is not a version name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells a config key naming no version at its line', async () => {
    const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n  docs: {\n    lastVersion: '11.x',\n  },`) });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toMatch(/site\.config\.ts:\d+ error\[config\] docs\.lastVersion: "11\.x" is no docs version/);
      expect(output).toContain('did you mean "10.x"?');
      // Only that: the versions' folders, unread while the versions cannot be built, are not warned about as strays.
      expect(output).not.toMatch(/warning\[content\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns at its line that docs.versions.current shapes nothing on a site without versions.json', async () => {
    const config = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n  docs: {\n    versions: { current: { noIndex: true } },\n  },`);
    const dir = writeSite({ 'site.config.ts': config, 'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '正文。\n'), 'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Text.\n') });
    try {
      const { code, output } = await buildIn(dir);
      expect(code, output).toBe(0);
      const line = readFileSync(join(dir, 'site.config.ts'), 'utf8').split('\n').findIndex((l) => l.includes('versions: { current')) + 1;
      expect(output).toContain(`site.config.ts:${line} warning[config] docs.versions.current: has no effect, as the site has no content/versions.json and its docs are not versioned`);
      expect(output).toContain('hint: delete it, or make a version with sitegen docs version <name>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the current docs alone at /docs/ with onlyIncludeVersions: [current], where the navbar leads', async () => {
    const config = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' }, navbar: [{ label: 'Docs', to: '/docs/intro' }], docs: { onlyIncludeVersions: ['current'] },`);
    const dir = writeSite({ ...SITE, 'site.config.ts': config, 'content/zh-Hans/docs/intro.md': md({ title: '介绍 Next', description: 'd' }, '见 [设置](./setup.md)。\n') });
    try {
      // Before: site.config.ts:… error[broken-link] navbar[0].to: link /docs/intro does not exist, the current docs being at /docs/next/.
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      expect(page(dir, 'docs/intro').querySelector('h1')!.text).toBe('介绍 Next');
      expect(banner(page(dir, 'docs/intro'))).toBeNull();
      expect(existsSync(join(dir, 'dist/docs/next'))).toBe(false);
      expect(existsSync(join(dir, 'dist/docs/10.x'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells a .md link into a version the build leaves out as left out, not as a file that does not exist', async () => {
    const config = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' }, docs: { onlyIncludeVersions: ['current', '10.x'] },`);
    const dir = writeSite({ ...SITE, 'site.config.ts': config, 'content/zh-Hans/docs/intro.md': md({ title: '介绍 Next', description: 'd' }, '见 [旧功能](../versioned_docs/version-9.x/old.md)。\n'), 'content/en/versioned_docs/version-10.x/intro.md': md({ title: 'Intro 10', description: 'd' }, 'See [next](../../docs/intro.md).\n') });
    const noCurrent = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' }, docs: { includeCurrentVersion: false },`);
    const other = writeSite({ ...SITE, 'site.config.ts': noCurrent, 'content/zh-Hans/versioned_docs/version-10.x/intro.md': md({ title: '介绍 10', description: 'd' }, '见 [新功能](../../docs/fresh.md)。\n') });
    try {
      // Before: ../versioned_docs/version-9.x/old.md points to versioned_docs/version-9.x/old.md, which does not exist.
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toContain('content/zh-Hans/docs/intro.md:6 error[broken-link] ../versioned_docs/version-9.x/old.md points to versioned_docs/version-9.x/old.md, in the version 9.x, which this build leaves out\n  hint: add "9.x" to docs.onlyIncludeVersions, or link to a version this build has');
      expect(output).not.toContain('which does not exist');
      const built = await buildIn(other);
      expect(built.code).toBe(1);
      expect(built.output).toContain('content/zh-Hans/versioned_docs/version-10.x/intro.md:6 error[broken-link] ../../docs/fresh.md points to docs/fresh.md, in the current docs, which this build leaves out\n  hint: build the current docs too (docs.includeCurrentVersion, docs.onlyIncludeVersions), or link to a version this build has');
      expect(built.output).not.toContain('which does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('tells a site path into a version the build leaves out as left out, and a copied doc\'s link as it led from docs/', async () => {
    const config = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' }, docs: { onlyIncludeVersions: ['current', '10.x'] },`);
    // SITE's current intro links to /docs/9.x/old; a 10.x doc copied from docs/ links to 9.x's file as docs/ did.
    const dir = writeSite({ ...SITE, 'site.config.ts': config, 'content/zh-Hans/versioned_docs/version-10.x/intro.md': md({ title: '介绍 10', description: 'd' }, '见 [旧功能](../versioned_docs/version-9.x/old.md)。\n') });
    const noCurrent = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' }, docs: { includeCurrentVersion: false },`);
    const other = writeSite({ ...SITE, 'site.config.ts': noCurrent, 'content/zh-Hans/versioned_docs/version-10.x/intro.md': md({ title: '介绍 10', description: 'd' }, '见 [新版](/docs/next/setup#a)。\n') });
    try {
      // Before: link /docs/9.x/old does not exist; ../versioned_docs/version-9.x/old.md points to versioned_docs/versioned_docs/version-9.x/old.md, which does not exist.
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toMatch(/content\/zh-Hans\/docs\/intro\.md:\d+ error\[broken-link\] link \/docs\/9\.x\/old is in the docs version 9\.x, which this build leaves out\n  hint: add "9\.x" to docs\.onlyIncludeVersions, or link to a version this build has/);
      expect(output).toMatch(/content\/zh-Hans\/versioned_docs\/version-10\.x\/intro\.md:\d+ error\[broken-link\] \.\.\/versioned_docs\/version-9\.x\/old\.md points to versioned_docs\/version-9\.x\/old\.md, in the version 9\.x, which this build leaves out/);
      expect(output).not.toContain('does not exist');
      const built = await buildIn(other);
      expect(built.code).toBe(1);
      expect(built.output).toMatch(/content\/zh-Hans\/versioned_docs\/version-10\.x\/intro\.md:\d+ error\[broken-link\] link \/docs\/next\/setup#a points to \/docs\/next\/setup, which is in the current docs, which this build leaves out\n  hint: build the current docs too/);
      expect(built.output).not.toContain('does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('tells an onlyIncludeVersions that leaves out the docs.lastVersion at its line', async () => {
    const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n  docs: {\n    lastVersion: '10.x',\n    onlyIncludeVersions: ['current'],\n  },`) });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(1);
      expect(output).toMatch(/site\.config\.ts:\d+ error\[config\] docs\.onlyIncludeVersions: leaves out "10\.x", the docs\.lastVersion, so nothing would be at \/docs\/\n  hint: add "10\.x" to the list/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells a docs key naming no version at its line alone, not besides as every link to a versioned page broken', async () => {
    // SITE links to /docs/9.x/old, ./old.md inside 9.x, ./setup.md inside 10.x; the theme's version menu links to every version.
    for (const [docs, told] of [
      [`lastVersion: '10.y'`, 'site.config.ts:10 error[config] docs.lastVersion: "10.y" is no docs version\n  hint: did you mean "10.x"?\n'],
      [`lastVersion: 'zzzzzz'`, 'site.config.ts:10 error[config] docs.lastVersion: "zzzzzz" is no docs version\n  hint: the versions are "current", "10.x", "9.x" (content/versions.json, and "current" for docs/)\n'],
      [`versions: { '9.y': { banner: 'none' } }`, 'site.config.ts:10 error[config] docs.versions.9.y: "9.y" is no docs version\n  hint: did you mean "9.x"?\n'],
    ]) {
      const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error' },\n  docs: {\n    ${docs},\n  },`) });
      try {
        const { code, output } = await buildIn(dir);
        expect(code, docs).toBe(1);
        // Before: link /docs/9.x/old does not exist, ../versioned_docs/… which does not exist, and the like, no version being placed.
        expect(output.split('\n').filter((line) => /^\S+ (error|warning)\[/.test(line)).join('\n'), docs).toBe(told.split('\n')[0]);
        expect(output, docs).toContain(told);
        expect(output, docs).toMatch(/build failed: nothing was written \(\d+ pages planned\) · 1 error · 0 warnings/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("tells a version's path that another version has at its line, not as a collision of every doc", async () => {
    for (const [paths, told] of [
      [`'9.x': { path: '' }`, 'docs.versions.9.x.path: "" puts the version 9.x at /docs/, where the version 10.x is, so their pages would collide'],
      [`'9.x': { path: 'next' }`, 'docs.versions.9.x.path: "next" puts the version 9.x at /docs/next/, where the current docs are, so their pages would collide'],
      [`current: { path: 'Nine' }, '9.x': { path: 'nine' }`, 'docs.versions.9.x.path: "nine" puts the version 9.x at /docs/nine/, where the current docs are (at /docs/Nine/: the two differ only in case'],
    ]) {
      const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n  docs: {\n    versions: { ${paths} },\n  },`) });
      try {
        const { code, output } = await buildIn(dir);
        expect(code).toBe(1);
        // Before: content/zh-Hans/versioned_docs/version-10.x/intro.md:1 error[duplicate-route] permalink collision: /docs/intro is
        // also produced by …version-9.x/intro.md, hint: rename one of the files or set a different slug; once per doc and locale.
        expect(output).toContain(`site.config.ts:10 error[config] ${told}`);
        expect(output).toContain('hint: give each version a path of its own');
        expect(output).not.toContain('duplicate-route');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("tells a version's unknown option and a wrong value as other config errors", async () => {
    const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`docs: {\n    versions: { '9.x': { banner: 'old', colour: 1 } },\n  },`) });
    try {
      const { code, output } = await buildIn(dir);
      expect(code).toBe(2);
      expect(output).toMatch(/site\.config\.ts:\d+ error\[config\] docs\.versions\.9\.x\.banner: expected one of "none", "unreleased", "unmaintained", got the string "old"/);
      expect(output).toMatch(/site\.config\.ts:\d+ error\[config\] docs\.versions\.9\.x\.colour: unknown key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tells a version's path that the docs' tags or category pages take at its line, as a versions.json name is", async () => {
    for (const path of ['tags', 'Category']) {
      const dir = writeSite({ ...SITE, 'site.config.ts': configSource(`docs: {\n    versions: { '9.x': { path: '${path}' } },\n  },`), 'content/zh-Hans/versioned_docs/version-10.x/setup.md': md({ title: '设置 10', description: 'd', tags: ['intro'] }) });
      try {
        // Before: 9.x's intro at /docs/tags/intro, told as "permalink collision: /docs/tags/intro is a docs tag's page", hint: rename the file.
        const { code, output } = await buildIn(dir);
        expect(code).toBe(2);
        expect(output).toMatch(new RegExp(`site\\.config\\.ts:\\d+ error\\[config\\] docs\\.versions\\.9\\.x\\.path: "${path}" is not valid\n  hint: .*nor "tags" or "category", the addresses of the docs' tags and category pages`));
        expect(output).not.toContain('collision');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('rebuilds warm after an edit to a versioned doc, its sidebars and versions.json', async () => {
    const dir = writeSite(SITE);
    try {
      expect((await buildIn(dir)).code).toBe(0);
      writeFileSync(join(dir, 'content/zh-Hans/versioned_docs/version-9.x/old.md'), md({ title: '旧功能 改', description: 'd' }));
      writeFileSync(join(dir, 'content/versioned_sidebars/version-9.x-sidebars.yaml'), 'guides:\n  - old\n  - intro\n');
      expect((await buildIn(dir)).code).toBe(0);
      expect(page(dir, 'docs/9.x/old').querySelector('h1')!.text).toBe('旧功能 改');
      expect(sidebar(page(dir, 'docs/9.x/intro'))).toEqual(['旧功能 改 /docs/9.x/old', '介绍 9 /docs/9.x/intro']);
      // 9.x made the last version: at /docs/, and 10.x moves to /docs/10.x/.
      writeFileSync(join(dir, 'content/versions.json'), '["9.x", "10.x"]\n');
      expect((await buildIn(dir)).code).toBe(0);
      expect(page(dir, 'docs/old').querySelector('h1')!.text).toBe('旧功能 改');
      expect(page(dir, 'docs/10.x/setup').querySelector('h1')!.text).toBe('设置 10');
      expect(existsSync(join(dir, 'dist/docs/9.x'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sitegen serve with versions', () => {
  let dir = '';
  let server: DevServer;
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
    return { status: res.status, root: parse(await res.text()) };
  };
  const title = async (path: string) => (await get(path)).root.querySelector('h1')?.text;
  beforeAll(async () => {
    dir = writeSite(SITE);
    server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, { out: () => {}, err: () => {}, interactive: false });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows an edit to a versioned doc, to its sidebars and to versions.json', async () => {
    expect(await title('/docs/9.x/old')).toBe('旧功能');
    writeFileSync(join(dir, 'content/zh-Hans/versioned_docs/version-9.x/old.md'), md({ title: '旧功能 改', description: 'd' }));
    await poll(async () => (await title('/docs/9.x/old')) === '旧功能 改', { timeout: 20_000, message: 'the edited versioned doc' });
    writeFileSync(join(dir, 'content/versioned_sidebars/version-9.x-sidebars.yaml'), 'guides:\n  - old\n  - intro\n');
    await poll(async () => sidebar((await get('/docs/9.x/intro')).root)[0] === '旧功能 改 /docs/9.x/old', { timeout: 20_000, message: 'the edited sidebar' });
    writeFileSync(join(dir, 'content/versions.json'), '["9.x", "10.x"]\n');
    await poll(async () => (await title('/docs/old')) === '旧功能 改', { timeout: 20_000, message: '9.x at /docs/' });
    expect(await title('/docs/10.x/setup')).toBe('设置 10');
    await poll(async () => (await get('/docs/9.x/old')).status === 404, { timeout: 20_000, message: "9.x's old address gone" });
    // Each version's search index is written after the pages, and kept by the next write of the pages.
    await poll(() => existsSync(join(dir, '.sitegen-cache/dev/search-index-docs-10.x.json')), { timeout: 20_000, message: "10.x's index" });
    writeFileSync(join(dir, 'content/zh-Hans/docs/fresh.md'), md({ title: '新功能 改', description: 'd' }));
    await poll(async () => (await title('/docs/next/fresh')) === '新功能 改', { timeout: 20_000, message: 'an edit after the indexes' });
    expect(existsSync(join(dir, '.sitegen-cache/dev/search-index-docs-10.x.json'))).toBe(true);
  }, 90_000);
});

describe('sitegen serve with versions left out (docs.onlyIncludeVersions)', () => {
  it('serves the site, told the links into them as warnings, and answers their addresses with the 404 page', async () => {
    // SITE's current intro links to /docs/9.x/old; its setup links to 9.x's file.
    const config = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'error', onBrokenImages: 'off' }, docs: { onlyIncludeVersions: ['current', '10.x'] },`);
    const dir = writeSite({ ...SITE, 'site.config.ts': config, 'content/zh-Hans/docs/setup.md': md({ title: '设置 Next', description: 'd' }, '见 [旧功能](../versioned_docs/version-9.x/old.md)。\n') });
    let output = '';
    const io = { out: (t: string) => void (output += t), err: (t: string) => void (output += t), interactive: false };
    const server = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: join(dir, 'site.config.ts') }, io);
    try {
      const get = async (path: string) => {
        const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
        return { status: res.status, root: parse(await res.text()) };
      };
      // Before: every page answered 503 (the first build failed on those links), until the config or the content changed.
      const intro = await get('/docs/next/intro');
      expect(intro.status).toBe(200);
      expect(intro.root.querySelector('h1')!.text).toBe('介绍 Next');
      expect((await get('/docs/intro')).status).toBe(200);
      for (const path of ['/docs/9.x/old', '/docs/9.x/intro', '/en/docs/9.x/old']) {
        const left = await get(path);
        expect(left.status, path).toBe(404);
        expect(left.root.querySelector('body[data-sitegen-unbuilt]'), path).toBeNull();
      }
      expect(output).toContain('content/zh-Hans/docs/intro.md:6 warning[broken-link] link /docs/9.x/old is in the docs version 9.x, which this build leaves out\n  hint: add "9.x" to docs.onlyIncludeVersions, or link to a version this build has\n');
      expect(output).toContain('content/zh-Hans/docs/setup.md:6 warning[broken-link] ../versioned_docs/version-9.x/old.md points to versioned_docs/version-9.x/old.md, in the version 9.x, which this build leaves out\n');
      // Told once each, and not as a page that does not exist besides.
      expect(output).not.toContain('does not exist');
      expect(output).toMatch(/initial build: built \d+ pages .* · 0 errors · 2 warnings/);
      // `sitegen build` tells them as the errors they are in its output.
      const built = await buildIn(dir);
      expect(built.code).toBe(1);
      expect(built.output).toContain('content/zh-Hans/docs/intro.md:6 error[broken-link] link /docs/9.x/old is in the docs version 9.x, which this build leaves out');
      expect(built.output).toContain('content/zh-Hans/docs/setup.md:6 error[broken-link] ../versioned_docs/version-9.x/old.md points to versioned_docs/version-9.x/old.md, in the version 9.x, which this build leaves out');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('sitegen docs version', () => {
  // From the site's folder: the paths it prints are from there.
  const run = async (dir: string, name: string) => {
    const before = process.cwd();
    process.chdir(dir);
    try {
      const { code, output } = await sitegen(['docs', 'version', name, '--config', join(dir, 'site.config.ts')]);
      return { code, out: output };
    } finally {
      process.chdir(before);
    }
  };

  it("copies every locale's docs and the sidebars, puts the name first in versions.json, and the site builds it at /docs/", async () => {
    const dir = writeSite(SITE);
    try {
      expect(await run(dir, '11.x')).toEqual({ code: 0, out: 'created content/zh-Hans/versioned_docs/version-11.x/\ncreated content/en/versioned_docs/version-11.x/\ncreated content/versioned_sidebars/version-11.x-sidebars.yaml\nupdated content/versions.json\n' });
      expect(JSON.parse(readFileSync(join(dir, 'content/versions.json'), 'utf8'))).toEqual(['11.x', '10.x', '9.x']);
      expect(readFileSync(join(dir, 'content/en/versioned_docs/version-11.x/intro.md'), 'utf8')).toBe(SITE['content/en/docs/intro.md']);
      expect((await buildIn(dir)).code).toBe(0);
      expect(page(dir, 'docs/fresh').querySelector('h1')!.text).toBe('新功能');
      expect(page(dir, 'docs/10.x/setup').querySelector('h1')!.text).toBe('设置 10');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a version of a site without sidebars.yaml that builds without a warning of its missing sidebars', async () => {
    const { 'content/sidebars.yaml': _none, 'content/versioned_sidebars/version-10.x-sidebars.json': _a, 'content/versioned_sidebars/version-9.x-sidebars.yaml': _b, ...rest } = SITE;
    const dir = writeSite(rest);
    try {
      expect(await run(dir, '11.x')).toEqual({ code: 0, out: 'created content/zh-Hans/versioned_docs/version-11.x/\ncreated content/en/versioned_docs/version-11.x/\nupdated content/versions.json\n' });
      const { code, output } = await buildIn(dir);
      expect(code, output).toBe(0);
      // Before: content/versions.json warning[versions] the version 11.x has no sidebars (…), hint: copy content/sidebars.yaml there.
      expect(output).not.toContain('has no sidebars');
      expect(page(dir, 'docs/10.x/setup').querySelector('h1')!.text).toBe('设置 10');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a versions.json saved with a BOM and CRLF line ends, as the build does', async () => {
    const dir = writeSite({ ...SITE, 'content/versions.json': '\uFEFF[\r\n  "10.x",\r\n  "9.x"\r\n]\r\n' });
    try {
      expect((await buildIn(dir)).code).toBe(0);
      // Before: content/versions.json error[usage] not JSON: Unexpected token '\uFEFF', exit 2.
      expect(await run(dir, '11.x')).toEqual({ code: 0, out: 'created content/zh-Hans/versioned_docs/version-11.x/\ncreated content/en/versioned_docs/version-11.x/\ncreated content/versioned_sidebars/version-11.x-sidebars.yaml\nupdated content/versions.json\n' });
      expect(JSON.parse(readFileSync(join(dir, 'content/versions.json'), 'utf8'))).toEqual(['11.x', '10.x', '9.x']);
      expect((await buildIn(dir)).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a version whose links out of the docs (to a post, to the other locale) lead where they led from docs/', async () => {
    const dir = writeSite({
      ...SITE,
      'site.config.ts': CHECKED,
      'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd' }, '见[博客](../blog/2024-01-01-hello.md)与[英文版](../../en/docs/intro.md)。\n'),
    });
    try {
      expect((await buildIn(dir)).code).toBe(0);
      expect((await run(dir, '11.x')).code).toBe(0);
      // Before: versioned_docs/version-11.x/fresh.md:6 error[broken-link] ../blog/2024-01-01-hello.md points to versioned_docs/blog/….
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      const hrefs = page(dir, 'docs/fresh').querySelectorAll('.markdown a').map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual(['/blog/2024/01/01/hello', '/en/docs/next/intro']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a version whose partials, snippets and files out of the docs are the ones they showed from docs/', async () => {
    const dir = writeSite({
      ...SITE,
      'site.config.ts': CHECKED,
      'content/zh-Hans/_shared/steps.md': '共享的步骤。\n',
      'content/zh-Hans/_shared/app.ts': 'export const answer = 42;\n',
      'content/zh-Hans/blog/img/b.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="6"></svg>',
      'content/zh-Hans/docs/fresh.md': md({ title: '新功能', description: 'd' }, '<!--@include: ../_shared/steps.md-->\n\n<<< ../_shared/app.ts\n\n![图](../blog/img/b.svg)\n'),
    });
    try {
      expect((await buildIn(dir)).code).toBe(0);
      expect((await run(dir, '11.x')).code).toBe(0);
      // Before: versioned_docs/version-11.x/fresh.md:6:1 error[include] ../_shared/steps.md does not exist (looked for
      // content/zh-Hans/versioned_docs/_shared/steps.md), the same for the snippet, and the image at /versioned_docs/blog/img/b.svg.
      const built = await buildIn(dir);
      expect(built.code, built.output).toBe(0);
      const fresh = page(dir, 'docs/fresh');
      expect(fresh.querySelector('.markdown p')!.text).toBe('共享的步骤。');
      expect(fresh.querySelector('.markdown pre')!.text.replace(/<[^>]+>/g, '')).toContain('export const answer = 42;');
      expect(fresh.querySelector('.markdown img')!.getAttribute('src')).toBe('/blog/img/b.svg');
      expect(page(dir, 'en/docs/fresh').querySelector('.markdown img')!.getAttribute('src')).toBe('/blog/img/b.svg');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a name taken or not a version name in one line, exit 2, writing nothing', async () => {
    const dir = writeSite(SITE);
    try {
      expect(await run(dir, '10.x')).toEqual({ code: 2, out: 'docs version 10.x error[usage] "10.x" is a version already (content/versions.json lists it)\n  hint: choose another name\n' });
      expect((await run(dir, 'next')).out).toBe('docs version next error[usage] "next" is the address of the current docs (/docs/next/), so no version can be named so\n  hint: name the version by its number, such as "11.x"\n');
      expect((await run(dir, '../x')).code).toBe(2);
      // An empty name is told quoted, not as `docs version  error[usage] ""…` with a word missing.
      expect((await run(dir, '')).out).toMatch(/^docs version "" error\[usage\] "" is not a version name/);
      // Names whose addresses sitegen's own pages take, in any case (/docs/Next/ had been accepted, and the next build failed).
      expect((await run(dir, 'Next')).out).toMatch(/^docs version Next error\[usage\] "Next" is the address of the current docs \(\/docs\/next\/\)/);
      expect((await run(dir, 'tags')).out).toMatch(/^docs version tags error\[usage\] "tags" is the address of the docs' tags pages/);
      expect((await run(dir, 'Category')).code).toBe(2);
      expect((await run(dir, '10.X')).out).toMatch(/^docs version 10\.X error\[usage\] "10\.X" and "10\.x" differ only in case/);
      // Too long for a folder's name: refused before anything is written (it had copied both locales' docs, then failed with ENAMETOOLONG).
      expect((await run(dir, 'y'.repeat(240))).out).toMatch(/^docs version y+ error\[usage\] "y{16}…" is 240 characters long/);
      expect(readFileSync(join(dir, 'content/versions.json'), 'utf8')).toBe(SITE['content/versions.json']);
      expect(readdirSync(join(dir, 'content/zh-Hans/versioned_docs')).sort()).toEqual(['version-10.x', 'version-9.x']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a version whole or not at all: a step that fails takes back the ones before it', async () => {
    const dir = writeSite(SITE);
    try {
      // A file where the sidebars' folder goes: the docs copies were made, then the sidebars failed.
      rmSync(join(dir, 'content/versioned_sidebars'), { recursive: true });
      writeFileSync(join(dir, 'content/versioned_sidebars'), '');
      const failed = await run(dir, '11.x');
      expect(failed.code).toBe(2);
      expect(failed.out).toMatch(/^docs version 11\.x error\[usage\] content\/versioned_sidebars: EEXIST: file already exists; nothing was written\n$/);
      expect(existsSync(join(dir, 'content/zh-Hans/versioned_docs/version-11.x'))).toBe(false);
      expect(existsSync(join(dir, 'content/en/versioned_docs/version-11.x'))).toBe(false);
      expect(readFileSync(join(dir, 'content/versions.json'), 'utf8')).toBe(SITE['content/versions.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("never removes a file that was there: a version's sidebars file already written is refused before anything is copied", async () => {
    const dir = writeSite(SITE);
    try {
      const mine = join(dir, 'content/versioned_sidebars/version-11.x-sidebars.yaml');
      writeFileSync(mine, 'docs:\n  - intro\n');
      const failed = await run(dir, '11.x');
      // Before: EEXIST once both locales' docs were copied, then the user's file deleted with the copies.
      expect(failed).toEqual({ code: 2, out: 'docs version 11.x error[usage] content/versioned_sidebars/version-11.x-sidebars.yaml exists already\n  hint: delete it, or choose another name\n' });
      expect(readFileSync(mine, 'utf8')).toBe('docs:\n  - intro\n');
      expect(existsSync(join(dir, 'content/zh-Hans/versioned_docs/version-11.x'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes back the versioned_docs folders it made when a later step fails, and leaves those that were there', async () => {
    const site = Object.fromEntries(Object.entries(SITE).filter(([path]) => !path.includes('versioned_docs')));
    const dir = writeSite(site);
    try {
      rmSync(join(dir, 'content/versioned_sidebars'), { recursive: true, force: true });
      writeFileSync(join(dir, 'content/versioned_sidebars'), '');
      const failed = await run(dir, '11.x');
      expect(failed.code).toBe(2);
      // Before: empty content/<locale>/versioned_docs/ folders were left.
      expect(existsSync(join(dir, 'content/zh-Hans/versioned_docs'))).toBe(false);
      expect(existsSync(join(dir, 'content/en/versioned_docs'))).toBe(false);
      expect(readFileSync(join(dir, 'content/versioned_sidebars'), 'utf8')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a site without versions.json', () => {
  const unversioned = Object.fromEntries(Object.entries(SITE).filter(([path]) => !path.includes('version')));
  const site = builtOnce({ ...unversioned, 'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`) }, (dir) => buildIn(dir));

  it('has its docs at /docs/ with no version menu, badge, banner or version index', () => {
    expect(site.result.code, site.result.output).toBe(0);
    const intro = page(site.dir, 'docs/intro');
    expect(intro.querySelector('h1')!.text).toBe('介绍 Next');
    expect(intro.querySelector('.version-dropdown, .version-badge, .version-banner')).toBeNull();
    expect(readFileSync(join(site.dir, 'dist/docs/intro/index.html'), 'utf8')).not.toContain('versionIndexUrls');
    expect(existsSync(join(site.dir, 'dist/search-index-docs-next.json'))).toBe(false);
    expect(existsSync(join(site.dir, 'dist/docs/9.x'))).toBe(false);
  });

  it('has sitegen search refuse --version in one line', async () => {
    expect(await search(site.dir, 'gamma', '--version', '9.x')).toEqual({ code: 2, out: '--version 9.x error[usage] the site has no docs versions (content/versions.json), so its one index is searched without --version\n' });
  });
});
