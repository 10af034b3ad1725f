// `trailingSlash: true`: every page address the site writes ends with `/` (`/docs/x/`), as GitHub Pages serves
// `docs/x/index.html` (it answers `/docs/x` with a 301 to it); files keep their names. Off, the same site keeps
// its slash-less addresses. Built once each way, on sitegen's own theme, and once on the minimal theme with the
// build's link check on, then read by `sitegen check-links`; and a site with docs versions frozen by `sitegen docs version`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'node-html-parser';
import { parseFeed } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { buildIn, sitegen } from '../helpers/build';
import { builtOnce, configSource, md, REPO } from '../helpers/site';

const OWN_THEME = `themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenAnchors: 'off' },`;
const NAVBAR = "navbar: [{ label: 'Docs', to: '/docs/intro' }, { label: 'Blog', to: '/blog' }, { label: 'RSS', to: '/blog/rss.xml' }], llms: { enabled: true },";

function site(extra: string): Record<string, string> {
  return {
    'site.config.ts': configSource(`${extra} ${NAVBAR}`),
    'content/sidebars.yaml': 'docs:\n  - intro\n  - before-buy\n  - label: { zh-Hans: 常见问题, en: FAQ }\n    link: faqs/index\n    items: [faqs/safe]\n',
    'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '从这里开始', aliases: ['/docs/start'] }, '见[购买前](./before-buy.md)、[价格](./before-buy.md#price)、[手写的地址](/docs/before-buy)、[问题](./faqs/index.md)和[安全](/docs/faqs/safe?x=1#top)。\n'),
    'content/zh-Hans/docs/before-buy.md': md({ title: '购买前', description: '先看这里' }, '## 价格 {#price}\n\n免费。\n'),
    'content/zh-Hans/docs/faqs/index.md': md({ title: '常见问题', description: '问题' }, '问题列表。\n'),
    'content/zh-Hans/docs/faqs/safe.md': md({ title: '安全', description: '安全模式' }, '安全模式。\n'),
    'content/en/docs/intro.md': md({ title: 'Intro', description: 'Start here' }, 'See [before buying](./before-buy.md#price).\n'),
    'content/en/docs/before-buy.md': md({ title: 'Before buying', description: 'Read first' }, '## Price {#price}\n\nFree.\n'),
    'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: '你好', description: '第一篇', tags: ['news'], authors: ['team'] }, '正文，见[介绍](/docs/intro)。\n'),
    'content/zh-Hans/blog/2025-01-03-again.md': md({ title: '又一篇', description: '第二篇', tags: ['news'] }, '正文。\n'),
  };
}

const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
/** A URL's path, without its origin, query and fragment. */
const pathOf = (url: string) => new URL(url, 'https://test.example').pathname;
/** Whether a URL path names a file (`/blog/rss.xml`, `/assets/a.css`) rather than a page. */
const isFile = (path: string) => /\/[^/]*\.[a-z0-9]+$/i.test(path);
/** The site's own links on a page: hrefs that are site paths, or addresses on the site's origin. */
function ownLinks(html: string): string[] {
  const root = parse(html);
  return root
    .querySelectorAll('a[href], link[rel="canonical"], link[rel="alternate"][hreflang]')
    .map((a) => a.getAttribute('href')!)
    .filter((href) => (href.startsWith('/') && !href.startsWith('//')) || href.startsWith('https://test.example'));
}
const locs = (sitemap: string) => [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
/** The pages' URLs in a search index (its headings' documents name their page by its number). */
const searchUrls = (index: string) => (JSON.parse(index) as { documents: { u?: string }[] }[]).flatMap((part) => part.documents.flatMap((d) => (d.u === undefined ? [] : [d.u])));

describe('trailingSlash: true', () => {
  const built = builtOnce(site(`trailingSlash: true, ${OWN_THEME}`), (dir) => buildIn(dir));

  it('builds without the warning it used to give', () => {
    expect(built.result.code, built.result.output).toBe(0);
    expect(built.result.output).not.toContain('trailingSlash');
  });

  it("writes every page link of a doc page with its slash: content, navbar, sidebar, breadcrumbs, pagination, language menu; files as named", () => {
    const html = read(built.dir, 'docs/intro/index.html');
    const links = ownLinks(html);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) if (!isFile(pathOf(link))) expect(pathOf(link), link).toMatch(/\/$/);
    const content = parse(html).querySelectorAll('[data-sg-html="content"] a').map((a) => a.getAttribute('href'));
    expect(content).toEqual(['/docs/before-buy/', '/docs/before-buy/#price', '/docs/before-buy/', '/docs/faqs/', '/docs/faqs/safe/?x=1#top']);
    expect(links).toContain('/blog/rss.xml');
    expect(links).toContain('/en/docs/intro/');
    expect(parse(read(built.dir, 'en/docs/intro/index.html')).querySelector('[data-sg-html="content"] a')?.getAttribute('href')).toBe('/en/docs/before-buy/#price');
  });

  it('gives the canonical, og:url and hreflang addresses their slash', () => {
    const root = parse(read(built.dir, 'docs/before-buy/index.html'));
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://test.example/docs/before-buy/');
    expect(root.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe('https://test.example/docs/before-buy/');
    expect(root.querySelectorAll('link[rel="alternate"][hreflang]').map((l) => l.getAttribute('href'))).toEqual(['https://test.example/docs/before-buy/', 'https://test.example/en/docs/before-buy/', 'https://test.example/docs/before-buy/']);
  });

  it("ends every sitemap address, feed item link and search result's URL with a slash", () => {
    const loc = locs(read(built.dir, 'sitemap.xml'));
    expect(loc).toContain('https://test.example/docs/before-buy/');
    expect(loc).toContain('https://test.example/');
    for (const url of loc) expect(url).toMatch(/\/$/);
    const feed = parseFeed(read(built.dir, 'blog/rss.xml'))!;
    expect(feed.items.map((item) => item.link)).toEqual(['https://test.example/blog/2025/01/03/again/', 'https://test.example/blog/2025/01/02/hello/']);
    const urls = searchUrls(read(built.dir, 'search-index.json'));
    expect(urls).toContain('/docs/before-buy/');
    for (const url of urls) expect(pathOf(url), url).toMatch(/\/$/);
  });

  it("gives the blog's tag, author and list pages their slash, and keeps the feeds', the copies' and the redirects' file names", () => {
    const links = ownLinks(read(built.dir, 'blog/index.html'));
    expect(links).toContain('/blog/tags/news/');
    expect(links).toContain('/blog/2025/01/02/hello/');
    for (const link of links) if (!isFile(pathOf(link))) expect(pathOf(link), link).toMatch(/\/$/);
    expect(existsSync(join(built.dir, 'dist/docs/before-buy.md'))).toBe(true);
    expect(existsSync(join(built.dir, 'dist/docs/faqs/index.md'))).toBe(true);
    expect(read(built.dir, 'llms.txt')).toContain('(https://test.example/docs/before-buy.md)');
    expect(read(built.dir, '_redirects')).toContain('/docs/start /docs/intro/ 301');
    expect(read(built.dir, 'docs/start/index.html')).toContain('<a href="/docs/intro/">');
  });
});

describe('trailingSlash: true, with the link check on', () => {
  const built = builtOnce(site('trailingSlash: true,'), (dir) => buildIn(dir));

  it("builds with no broken link, and check-links finds none in the output", async () => {
    expect(built.result.code, built.result.output).toBe(0);
    expect(built.result.output).toContain('0 errors');
    const checked = await sitegen(['check-links', '--config', join(built.dir, 'site.config.ts')]);
    expect(checked.code, checked.output).toBe(0);
  });
});

/**
 * A site whose docs were frozen twice by `sitegen docs version` (1.x, then 2.x: 2.x at /docs/, 1.x at /docs/1.x/) and
 * written on since (only-next, at /docs/next/ only), then built; `extra` is spliced into the config.
 */
async function buildVersioned(dir: string, extra: Record<string, string> = {}) {
  const config = join(dir, 'site.config.ts');
  for (const name of ['1.x', '2.x']) {
    const frozen = await sitegen(['docs', 'version', name, '--config', config]);
    if (frozen.code !== 0) return frozen;
  }
  const files = {
    'content/sidebars.yaml': 'docs:\n  - intro\n  - setup\n  - only-next\n',
    'content/zh-Hans/docs/only-next.md': md({ title: '新功能', description: '只在下一版' }, '新。\n'),
    ...extra,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return buildIn(dir);
}

const VERSIONED: Record<string, string> = {
  'site.config.ts': configSource(`trailingSlash: true, themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenAnchors: 'error' }, navbar: [{ label: 'Docs', to: '/docs/intro' }], docs: { tags: { alpha: 'Alpha' } },`),
  'content/sidebars.yaml': 'docs:\n  - intro\n  - setup\n',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '从这里开始', tags: ['alpha'], aliases: ['/docs/start'] }, '见[设置](./setup.md#a)和[手写的地址](/docs/setup)。\n'),
  'content/zh-Hans/docs/setup.md': md({ title: '设置', description: '怎么设置' }, '## 甲 {#a}\n\n文字。\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'Start here' }, 'See [setup](./setup.md#a).\n'),
};

describe('trailingSlash: true, with docs versions', () => {
  const built = builtOnce(VERSIONED, (dir) => buildVersioned(dir));
  const page = (path: string) => parse(read(built.dir, `${path}/index.html`));
  const hrefs = (path: string, selector: string) => page(path).querySelectorAll(selector).map((a) => a.getAttribute('href'));

  it('builds each version into its folder, with no broken link, and check-links finds none', async () => {
    expect(built.result.code, built.result.output).toBe(0);
    expect(built.result.output).toContain('0 errors');
    for (const path of ['docs/intro', 'docs/1.x/intro', 'docs/1.x/setup', 'docs/next/only-next', 'en/docs/1.x/intro', 'docs/1.x/tags/alpha']) expect(existsSync(join(built.dir, 'dist', path, 'index.html')), path).toBe(true);
    const checked = await sitegen(['check-links', '--config', join(built.dir, 'site.config.ts')]);
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toContain('0 errors');
  });

  it("writes every page link of a version's pages with its slash: content, sidebar, version menu, banner, prev / next, tags", () => {
    for (const path of ['docs/1.x/intro', 'docs/1.x/setup', 'docs/next/only-next', 'en/docs/1.x/intro', 'docs/1.x/tags/alpha']) {
      const links = ownLinks(read(built.dir, `${path}/index.html`));
      expect(links.length, path).toBeGreaterThan(10);
      for (const link of links) if (!isFile(pathOf(link))) expect(pathOf(link), `${path}: ${link}`).toMatch(/\/$/);
    }
    // A relative link stays in its version; a site path written by hand leads where it says (the version at /docs/).
    expect(hrefs('docs/1.x/intro', '.markdown a')).toEqual(['/docs/1.x/setup/#a', '/docs/setup/']);
    expect(hrefs('docs/1.x/intro', '.doc-sidebar-nav a')).toEqual(['/docs/1.x/intro/', '/docs/1.x/setup/']);
    expect(hrefs('docs/next/only-next', '.doc-sidebar-nav a')).toEqual(['/docs/next/intro/', '/docs/next/setup/', '/docs/next/only-next/']);
    // The same doc in each version; where a version lacks it (only-next), that version's first doc.
    expect(hrefs('docs/1.x/setup', '.version-dropdown .dropdown-link')).toEqual(['/docs/next/setup/', '/docs/setup/', '/docs/1.x/setup/']);
    expect(hrefs('docs/next/only-next', '.version-dropdown .dropdown-link')).toEqual(['/docs/next/only-next/', '/docs/intro/', '/docs/1.x/intro/']);
    expect(hrefs('en/docs/1.x/intro', '.version-dropdown .dropdown-link')).toEqual(['/en/docs/next/intro/', '/en/docs/intro/', '/en/docs/1.x/intro/']);
    expect(hrefs('docs/1.x/setup', '.version-banner a')).toEqual(['/docs/setup/']);
    expect(hrefs('docs/next/only-next', '.version-banner a')).toEqual(['/docs/intro/']);
    expect(hrefs('docs/1.x/intro', '.paginator-next')).toEqual(['/docs/1.x/setup/']);
    expect(hrefs('docs/1.x/setup', '.paginator-prev')).toEqual(['/docs/1.x/intro/']);
    expect(hrefs('docs/1.x/intro', '.doc-tags a')).toEqual(['/docs/1.x/tags/alpha/']);
    expect(JSON.parse(read(built.dir, 'docs/1.x/intro/page-data.json')).data.version.choices.map((c: { href: string }) => c.href)).toEqual(['/docs/next/intro/', '/docs/intro/', '/docs/1.x/intro/']);
  });

  it("gives a version's canonical, hreflang, sitemap, search and redirect addresses their slash", () => {
    const root = page('docs/1.x/intro');
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://test.example/docs/1.x/intro/');
    expect(root.querySelectorAll('link[rel="alternate"][hreflang]').map((l) => l.getAttribute('href'))).toEqual(['https://test.example/docs/1.x/intro/', 'https://test.example/en/docs/1.x/intro/', 'https://test.example/docs/1.x/intro/']);
    const loc = locs(read(built.dir, 'sitemap.xml'));
    expect(loc).toEqual(expect.arrayContaining(['https://test.example/docs/1.x/intro/', 'https://test.example/docs/next/only-next/', 'https://test.example/docs/setup/', 'https://test.example/en/docs/1.x/intro/']));
    for (const url of loc) expect(url).toMatch(/\/$/);
    const urls = searchUrls(read(built.dir, 'search-index-docs-1.x.json'));
    expect(urls).toEqual(expect.arrayContaining(['/docs/1.x/intro/', '/docs/1.x/setup/']));
    for (const url of urls) expect(pathOf(url), url).toMatch(/\/$/);
    expect(read(built.dir, '_redirects')).toContain('/docs/1.x/start /docs/1.x/intro/ 301');
  });
});

describe('trailingSlash: true, with docs versions: a broken link', () => {
  const post = md({ title: '你好', description: '第一篇' }, '见[新功能](/docs/only-next)。\n');
  const built = builtOnce(VERSIONED, (dir) => buildVersioned(dir, { 'content/zh-Hans/blog/2025-01-02-hello.md': post }));

  it("is told with the page of its name in another version, written as the site writes its address", () => {
    expect(built.result.code, built.result.output).toBe(1);
    expect(built.result.output).toMatch(/^content\/zh-Hans\/blog\/2025-01-02-hello\.md:6 error\[broken-link\] link \/docs\/only-next\/ does not exist\n  hint: did you mean \/docs\/next\/only-next\/\?$/m);
  });
});

describe('trailingSlash off (the default)', () => {
  const built = builtOnce(site(OWN_THEME), (dir) => buildIn(dir));

  it("keeps the addresses without a slash, but for a folder's index and the home pages", () => {
    expect(built.result.code, built.result.output).toBe(0);
    const root = parse(read(built.dir, 'docs/intro/index.html'));
    expect(root.querySelectorAll('[data-sg-html="content"] a').map((a) => a.getAttribute('href'))).toEqual(['/docs/before-buy', '/docs/before-buy#price', '/docs/before-buy', '/docs/faqs/', '/docs/faqs/safe?x=1#top']);
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://test.example/docs/intro');
    expect(root.querySelectorAll('link[rel="alternate"][hreflang]').map((l) => l.getAttribute('href'))).toContain('https://test.example/en/docs/intro');
    const loc = locs(read(built.dir, 'sitemap.xml'));
    expect(loc).toContain('https://test.example/docs/before-buy');
    expect(loc).toContain('https://test.example/docs/faqs/');
    expect(parseFeed(read(built.dir, 'blog/rss.xml'))!.items[0]!.link).toBe('https://test.example/blog/2025/01/03/again');
    expect(searchUrls(read(built.dir, 'search-index.json'))).toContain('/docs/before-buy');
    expect(ownLinks(read(built.dir, 'blog/index.html'))).toContain('/blog/tags/news');
    expect(read(built.dir, '_redirects')).toContain('/docs/start /docs/intro 301');
  });
});
