import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { decodeHTML } from 'entities';
import { parse } from 'node-html-parser';
import { parseDocument, parseFeed, DomUtils } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { configSource, md, REPO, writeSite } from '../helpers/site';
import { spawnSync } from 'node:child_process';

async function build(dir: string) {
  let out = '';
  const code = await main(['node', 'sitegen', 'build', '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
  return { code, out };
}

function site(extra = '') {
  const files: Record<string, string> = {
    'site.config.ts': configSource(`${extra} blog: { feedCount: 20, tags: { news: 'News' }, authors: { team: { name: { 'zh-Hans': '团队', en: 'Team' }, url: '/docs/a' } } },`),
    'content/zh-Hans/docs/a.md': md({ title: 'A & <B>', description: 'a', last_update: '2025-03-04' }, 'Alpha.\n'),
    'content/en/docs/a.md': md({ title: 'A in English', description: 'a', last_update: '2025-03-05' }, 'Alpha.\n'),
    'content/zh-Hans/docs/hidden.md': md({ title: 'Hidden', description: 'h', noindex: true }, 'Hidden.\n'),
    'content/zh-Hans/docs/bare.md': md({ title: 'Bare' }, 'No description here.\n'),
    'content/static/img/a.png': 'png',
    'content/static/img/a@2x.png': 'png',
  };
  for (let i = 1; i <= 22; i++) {
    const d = String(i).padStart(2, '0');
    files[`content/zh-Hans/blog/2025-01-${d}-p${i}.md`] = md({ title: `Post ${i} <&>`, description: `d${i}`, tags: ['news'], authors: ['team'] }, `Intro ${i} with [a link](/docs/a).\n\n<!-- truncate -->\n\n## More\n\nSee [above](#more), [the first post](../01/p1), [page two](?page=2) and <img src="/img/a.png" srcset="/img/a.png 1x, /img/a@2x.png 2x" alt="">.\n\n\`\`\`bash\necho '<img src="logo.png">'\n\`\`\`\n`);
  }
  return writeSite(files);
}

let dir: string;
let buildOutput: string;
const read = (path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
/** Every HTML file of the build, relative to dist/. */
/** The pages the theme draws: every HTML file but the docs roots' (`docs/index.html`), which only lead on to the first doc. */
const htmlFiles = () => (readdirSync(join(dir, 'dist'), { recursive: true }) as string[]).filter((f) => f.endsWith('.html') && !/^(en\/)?docs\/index\.html$/.test(f));

beforeAll(async () => {
  dir = site();
  const r = await build(dir);
  buildOutput = r.out;
  expect(r.code, r.out).toBe(0);
}, 60_000);

describe('the blog\'s index pages for search engines', () => {
  it('describe themselves with the sentence sitegen\'s theme shows on them, not the site\'s tagline on every one', async () => {
    const own = writeSite({
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, tagline: { 'zh-Hans': '标语', en: 'Tagline' }, links: { onBrokenLinks: 'off' },`),
      'content/zh-Hans/blog/2025-01-01-p1.md': md({ title: 'P1', description: 'd', tags: ['news'], authors: ['team'] }, 'x\n'),
      'content/zh-Hans/blog/2025-01-02-p2.md': md({ title: 'P2', description: 'd', tags: ['news'] }, 'x\n'),
    });
    try {
      expect((await build(own)).code).toBe(0);
      const description = (path: string) => parse(readFileSync(join(own, 'dist', path, 'index.html'), 'utf8')).querySelector('meta[name="description"]')?.getAttribute('content');
      expect(description('blog/tags')).toBe('全部主题及每个主题的文章数。');
      expect(description('blog/archive')).toBe('全部文章，按年份分组，新文章在前。');
      expect(description('blog/tags/news')).toBe('2 篇文章带有标签“新闻”');
      expect(description('en/blog/tags')).toBe('Every topic, with the number of posts on it.');
      expect(description('en/blog/tags/news')).toBe('2 posts tagged with “News”');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);

  it("keep a tag's label, the site's title and a locale's name as written where they hold a `$` (`$$`, `$&` are no patterns there)", async () => {
    const label = "Save $$ on $& and $'";
    const own = writeSite({
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off' }, docs: { tags: { deals: ${JSON.stringify(label)} } },`).replace("en: 'Test site'", () => "en: 'Pay $& go'").replace("label: 'English'", () => "label: 'English $$'").replace("tips: 'Tips'", () => `tips: ${JSON.stringify(label)}`),
      'content/zh-Hans/blog/2025-01-01-p1.md': md({ title: 'P1', description: 'd', tags: ['tips'] }, 'x\n'),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'd', tags: ['deals'] }, 'x\n'),
    });
    try {
      const r = await build(own);
      expect(r.code, r.out).toBe(0);
      const page = (path: string) => parse(readFileSync(join(own, 'dist', path, 'index.html'), 'utf8'));
      const blogTag = page('en/blog/tags/tips');
      expect(blogTag.querySelector('title')!.text).toBe(`Posts tagged “${label}” · Pay $& go`);
      expect(blogTag.querySelector('h1')!.text).toBe(`Posts tagged “${label}”`);
      expect(blogTag.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(`One post tagged with “${label}”`);
      expect(page('en/docs/tags/deals').querySelector('title')!.text).toBe(`One doc tagged with “${label}” · Pay $& go`);
      expect(blogTag.querySelector('a.navbar-brand[aria-label]')!.getAttribute('aria-label')).toBe('Pay $& go home');
      expect(blogTag.querySelector('.dropdown-toggle')!.getAttribute('aria-label')).toBe('Language: English $$');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('feeds', () => {
  it('RSS and Atom parse with a feed parser, newest 20 posts, absolute links, escaped titles', () => {
    // Every post is in Chinese only: the English feeds hold none of their copies under /en/ (see the feeds' unit tests).
    expect(parseFeed(read('en/blog/rss.xml'))!.items).toEqual([]);
    for (const file of ['blog/rss.xml', 'blog/atom.xml']) {
      const feed = parseFeed(read(file))!;
      expect(feed, file).not.toBeNull();
      expect(feed.items).toHaveLength(20);
      // An Atom title is `type="html"`: its text is HTML, so `<` and `&` are written escaped (htmlparser2 gives it undecoded).
      expect(file.endsWith('atom.xml') ? decodeHTML(feed.items[0].title!) : feed.items[0].title).toBe('Post 22 <&>');
      expect(feed.items[0].link).toMatch(/^https:\/\/test\.example(\/en)?\/blog\/2025\/01\/22\/p22$/);
    }
    expect(read('blog/rss.xml')).toContain('href="https://test.example/docs/a"');
    expect(read('blog/rss.xml')).toContain('href="https://test.example/blog/2025/01/22/p22#more"'); // in-page anchors too
    expect(read('blog/rss.xml')).not.toMatch(/(href|src)="(\/(?!\/)|#)/);
    // Relative paths resolve from the post's address, as on its page, not from the feed's.
    expect(read('blog/rss.xml')).toContain('href="https://test.example/blog/2025/01/01/p1"');
    expect(read('blog/rss.xml')).toContain('href="https://test.example/blog/2025/01/22/p22?page=2"');
    expect(read('blog/atom.xml')).toContain('src="https://test.example/img/a.png" srcset="https://test.example/img/a.png 1x, https://test.example/img/a@2x.png 2x"');
    expect(read('blog/feed.json')).toContain('href=\\"https://test.example/blog/2025/01/01/p1\\"');
    // Markup shown in a code block is text: left as written.
    for (const file of ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) expect(read(file), file).not.toContain('/blog/2025/01/22/logo.png');
    // An author's page given as a site path is an absolute URL in the feed.
    expect(read('blog/atom.xml')).toContain('<uri>https://test.example/docs/a</uri>');
    // RSS's <author> is an email address: a name is the post's <dc:creator>, in the feed's language.
    expect(read('blog/rss.xml')).toContain('<dc:creator>团队</dc:creator>');
    expect(read('blog/rss.xml')).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(read('blog/rss.xml')).not.toContain('<author>');
    expect(read('blog/atom.xml')).toContain('<name>团队</name>');
    expect(JSON.parse(read('blog/feed.json')).items[0].author).toEqual({ name: '团队', url: 'https://test.example/docs/a' });
    // The headings keep their ids (the anchors above lead to them), not their own `#` links.
    expect(read('blog/rss.xml')).toContain('<h2 id="more">More</h2>');
    expect(read('blog/rss.xml')).not.toContain('hash-link');
  });

  it('feeds exist, valid and empty, for a locale without posts (every head links them)', async () => {
    const empty = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }) });
    const r = await build(empty);
    expect(r.code, r.out).toBe(0);
    const rss = parseFeed(readFileSync(join(empty, 'dist/en/blog/rss.xml'), 'utf8'))!;
    expect(rss.items).toEqual([]);
    expect(parseFeed(readFileSync(join(empty, 'dist/blog/atom.xml'), 'utf8'))!.items).toEqual([]);
    expect(JSON.parse(readFileSync(join(empty, 'dist/blog/feed.json'), 'utf8')).items).toEqual([]);
    // No post, no blog pages: the site a reader's feed list names is the locale's home, not a missing /blog.
    expect(existsSync(join(empty, 'dist/blog/index.html'))).toBe(false);
    expect(rss.link).toBe('https://test.example/en/');
    expect(parseFeed(readFileSync(join(empty, 'dist/blog/atom.xml'), 'utf8'))!.link).toBe('https://test.example/');
    expect(JSON.parse(readFileSync(join(empty, 'dist/blog/feed.json'), 'utf8')).home_page_url).toBe('https://test.example/');
  }, 60_000);

  it('JSON Feed is valid JSON Feed 1', () => {
    const feed = JSON.parse(read('blog/feed.json'));
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0].url).toBe('https://test.example/blog/2025/01/22/p22');
    expect(JSON.parse(read('en/blog/feed.json')).items).toEqual([]);
  });

  it('every page links the feeds of its locale in its head', () => {
    const head = read('en/docs/a/index.html');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Test site RSS" href="https://test.example/en/blog/rss.xml">');
    expect(head).toContain('type="application/atom+xml"');
    expect(head).toContain('type="application/feed+json"');
    const pages = htmlFiles();
    expect(pages.length).toBeGreaterThan(20);
    for (const file of pages) {
      const html = read(file);
      const prefix = file.startsWith('en/') ? 'https://test.example/en/blog' : 'https://test.example/blog';
      for (const feed of ['rss.xml', 'atom.xml', 'feed.json']) expect(html, file).toContain(`href="${prefix}/${feed}"`);
    }
  });
});

describe("the blog's name and description", () => {
  const theme = `themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`;
  const posts = {
    'content/zh-Hans/blog/2025-01-01-a.md': md({ title: '第一篇', description: 'a', tags: ['news'] }, 'Body.\n'),
    'content/en/blog/2025-01-01-a.md': md({ title: 'First', description: 'a', tags: ['news'] }, 'Body.\n'),
  };
  /** The list page's title, heading, lead and description for search engines, and its feed's description. */
  const seen = (root: string, locale: string) => {
    const html = readFileSync(join(root, 'dist', locale, 'blog/index.html'), 'utf8');
    const doc = parseDocument(html);
    const text = (selector: (el: import('domhandler').Element) => boolean) => DomUtils.textContent(DomUtils.findOne(selector, doc.children)!).trim();
    return {
      title: text((el) => el.name === 'title'),
      heading: text((el) => el.name === 'h1'),
      lead: text((el) => el.name === 'p' && el.attribs.class === 'blog-header-lead'),
      meta: DomUtils.findOne((el) => el.name === 'meta' && el.attribs.name === 'description', doc.children)!.attribs.content,
      feed: parseFeed(readFileSync(join(root, 'dist', locale, 'blog/rss.xml'), 'utf8'))!.description,
    };
  };

  it('are the config\'s, in each locale: the list\'s title and heading, the sentence under it, its description and its feeds\'', async () => {
    const root = writeSite({
      'site.config.ts': configSource(`${theme} tagline: 'The tagline', blog: { title: { 'zh-Hans': '更新公告', en: 'Release notes' }, description: { 'zh-Hans': '每个版本的变化。', en: 'What changed in each version.' }, tags: { news: 'News' } },`),
      ...posts,
    });
    expect((await build(root)).code).toBe(0);
    expect(seen(root, '')).toEqual({ title: '更新公告 · 测试站', heading: '更新公告', lead: '每个版本的变化。历史文章 · 标签', meta: '每个版本的变化。', feed: '每个版本的变化。' });
    expect(seen(root, 'en')).toEqual({ title: 'Release notes · Test site', heading: 'Release notes', lead: 'What changed in each version. Archive · Tags', meta: 'What changed in each version.', feed: 'What changed in each version.' });
  });

  it('are the theme\'s without them: Blog, and a sentence of its own; the feeds\' description is the tagline', async () => {
    const root = writeSite({ 'site.config.ts': configSource(`${theme} tagline: 'The tagline', blog: { tags: { news: 'News' } },`), ...posts });
    expect((await build(root)).code).toBe(0);
    expect(seen(root, 'en')).toEqual({ title: 'Blog · Test site', heading: 'Blog', lead: 'News and articles, newest first. Archive · Tags', meta: 'News and articles, newest first.', feed: 'The tagline' });
    expect(seen(root, '').heading).toBe('博客');
  });
});

describe('sitemap and robots', () => {
  it('lists every indexable page once with hreflang alternates and lastmod, without noindex pages or aliases', () => {
    const doc = parseDocument(read('sitemap.xml'), { xmlMode: true });
    const urls = DomUtils.getElementsByTagName('url', doc);
    const locs = urls.map((u) => DomUtils.textContent(DomUtils.getElementsByTagName('loc', u)[0]));
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain('https://test.example/docs/a');
    expect(locs).toContain('https://test.example/en/docs/a');
    expect(locs).toContain('https://test.example/blog/page/2');
    expect(locs.some((l) => l.includes('hidden') || l.endsWith('/home') || l.includes('/search') || l.includes('404'))).toBe(false);
    const a = urls.find((u) => DomUtils.textContent(DomUtils.getElementsByTagName('loc', u)[0]) === 'https://test.example/docs/a')!;
    expect(DomUtils.textContent(DomUtils.getElementsByTagName('lastmod', a)[0])).toBe('2025-03-04');
    expect(DomUtils.getElementsByTagName('xhtml:link', a).map((l) => l.attribs.hreflang)).toEqual(['zh-CN', 'en', 'x-default']);
    // A fallback copy (the Chinese page shown under /en/, no translation yet) is not listed, nor an alternate.
    expect(locs).not.toContain('https://test.example/en/docs/bare');
    const bare = urls.find((u) => DomUtils.textContent(DomUtils.getElementsByTagName('loc', u)[0]) === 'https://test.example/docs/bare')!;
    expect(DomUtils.getElementsByTagName('xhtml:link', bare)).toEqual([]);
  });

  it('validates against the sitemap schema with xmllint', () => {
    const result = spawnSync('xmllint', ['--noout', '--schema', join(REPO, 'test/fixtures/sitemap.xsd'), join(dir, 'dist/sitemap.xml')], { encoding: 'utf8' });
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
  });

  it('robots.txt points to the sitemap', () => {
    expect(read('robots.txt')).toContain('Sitemap: https://test.example/sitemap.xml');
  });
});

describe('addresses with Chinese characters and spaces', () => {
  it('are percent-encoded in the sitemap, the feeds and the share card, and stay readable in the page', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/中文页.md': md({ title: '中文页', description: 'c', image: '/img/my pic.svg' }, 'Body.\n'),
      'content/en/docs/中文页.md': md({ title: 'Chinese page', description: 'c' }, 'Body.\n'),
      'content/zh-Hans/blog/2025-02-01-你好.md': md({ title: '你好', description: 'p' }, 'Hello.\n'),
      'content/static/img/my pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect((await build(site)).code).toBe(0);
    const out = (path: string) => readFileSync(join(site, 'dist', path), 'utf8');
    const encoded = 'https://test.example/docs/%E4%B8%AD%E6%96%87%E9%A1%B5';
    expect(out('sitemap.xml')).toContain(`<loc>${encoded}</loc>`);
    expect(out('sitemap.xml')).toContain(`href="https://test.example/en/docs/%E4%B8%AD%E6%96%87%E9%A1%B5"`);
    expect(out('sitemap.xml')).not.toMatch(/[^\x00-\x7f]/);
    for (const feed of ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) expect(out(feed), feed).toContain('/%E4%BD%A0%E5%A5%BD');
    const page = out('docs/中文页/index.html');
    expect(page).toContain('<meta property="og:image" content="https://test.example/img/my%20pic.svg">');
    const result = spawnSync('xmllint', ['--noout', '--schema', join(REPO, 'test/fixtures/sitemap.xsd'), join(site, 'dist/sitemap.xml')], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  }, 60_000);
});

describe('page metadata', () => {
  it('gives og:locale and og:locale:alternate as language_TERRITORY when the config names only htmlLang (zh-Hans, en)', async () => {
    const own = writeSite({
      'site.config.ts': configSource().replace("htmlLang: 'zh-CN'", "htmlLang: 'zh-Hans'"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
    });
    try {
      const r = await build(own);
      expect(r.code, r.out).toBe(0);
      const locales = (path: string) => {
        const html = parse(readFileSync(join(own, 'dist', path), 'utf8'));
        return ['og:locale', 'og:locale:alternate'].map((p) => html.querySelectorAll(`meta[property="${p}"]`).map((e) => e.getAttribute('content')));
      };
      expect(locales('docs/a/index.html')).toEqual([['zh_CN'], ['en_US']]);
      expect(locales('en/docs/a/index.html')).toEqual([['en_US'], ['zh_CN']]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 60_000);

  it('has og:locale on every page, and hreflang for both locales and x-default and the other og:locale on every page with a translation', () => {
    let fallbacks = 0;
    for (const file of htmlFiles()) {
      const html = parseDocument(read(file));
      const meta = (property: string) => DomUtils.findAll((e) => e.name === 'meta' && e.attribs.property === property, html.children).map((e) => e.attribs.content);
      const en = file.startsWith('en/');
      // The config gives no ogLocale: Open Graph's language_TERRITORY of each htmlLang (zh-CN, en), not `en`.
      expect(meta('og:locale'), file).toEqual([en ? 'en_US' : 'zh_CN']);
      const hreflangs = DomUtils.findAll((e) => e.name === 'link' && e.attribs.rel === 'alternate' && 'hreflang' in e.attribs, html.children).map((e) => e.attribs.hreflang);
      // The other locale only where there is a translation (a Chinese-only post's had claimed one).
      expect(meta('og:locale:alternate'), file).toEqual(hreflangs.length ? [en ? 'zh_CN' : 'en_US'] : []);
      if (file.endsWith('404.html')) continue;
      const canonical = DomUtils.findAll((e) => e.name === 'link' && e.attribs.rel === 'canonical', html.children)[0]!.attribs.href!;
      const own = file.replace(/(^|\/)index\.html$/, '').replace(/\/$/, '');
      // Only the posts and the docs without an English file have no translation here (their English pages are
      // fallback copies); the pages the site makes exist in both.
      const untranslated = /^(en\/)?(docs\/(hidden|bare)|blog\/\d{4}\/)/.test(file);
      if (!untranslated) {
        expect(hreflangs, file).toEqual(['zh-CN', 'en', 'x-default']);
        continue;
      }
      expect(hreflangs, file).toEqual([]);
      if (!en) continue;
      fallbacks++;
      // Neither a translation nor a page of its own for search engines: its canonical URL is its original's, in Chinese.
      expect(canonical, file).toBe(`https://test.example/${own.slice('en/'.length)}`);
    }
    expect(fallbacks).toBe(24);
  });

  it("gives search engines schema.org data: the site's name on the home page, a post's headline, date, authors and tags", () => {
    const ld = (file: string) => [...read(file).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const post = read('blog/2025/01/22/p22/index.html');
    expect(ld('blog/2025/01/22/p22/index.html')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'Post 22 <&>',
        description: 'd22',
        datePublished: '2025-01-22',
        author: [{ '@type': 'Person', name: '团队', url: 'https://test.example/docs/a' }],
        keywords: ['News'],
        url: 'https://test.example/blog/2025/01/22/p22',
        mainEntityOfPage: 'https://test.example/blog/2025/01/22/p22',
        inLanguage: 'zh-CN',
        publisher: { '@type': 'Organization', name: expect.any(String), url: 'https://test.example/' },
      },
    ]);
    expect(post).toContain('<meta property="article:published_time" content="2025-01-22">');
    expect(post).toContain('<meta property="article:tag" content="News">');
    expect(ld('index.html')).toEqual([{ '@context': 'https://schema.org', '@type': 'WebSite', name: expect.any(String), url: 'https://test.example/', inLanguage: 'zh-CN' }]);
    // The home page's share card is titled with the site's name, not "Home".
    expect(read('index.html')).toContain('<meta property="og:title" content="测试站">');
    expect(read('en/index.html')).toContain('<meta name="twitter:title" content="Test site">');
    // None where the page is not one of its own for search engines: a doc, a fallback copy (here every English post), /home.
    for (const file of ['docs/a/index.html', 'en/blog/2025/01/22/p22/index.html', 'home/index.html']) expect(ld(file), file).toEqual([]);
  });

  it('warns, with the file, about pages without a description', () => {
    expect(buildOutput).toContain('content/zh-Hans/docs/bare.md:1 warning[meta] no description');
    expect(buildOutput).not.toContain('content/zh-Hans/docs/a.md:1 warning[meta]');
  });
});

describe('analytics, ads and extra scripts', () => {
  it('emits nothing external on any page when the ids are unset', () => {
    for (const file of htmlFiles()) {
      const html = read(file);
      const loads = [...html.matchAll(/<(?:script|link|iframe|img|source|video|audio)\b[^>]*?\s(?:src|href)="([^"]+)"[^>]*>/g)]
        .filter((m) => !/rel="(?:canonical|alternate)"/.test(m[0]))
        .map((m) => m[1])
        .filter((url) => /^(https?:)?\/\//.test(url));
      expect(loads, file).toEqual([]);
      expect(html, file).not.toMatch(/gtag\(|dataLayer|adsbygoogle|googletagmanager/);
    }
  });

  it('emits the analytics and ad scripts, async, only when set, and extra scripts deferred', async () => {
    const other = site("analytics: { trackingId: 'G-TEST123', adClientId: 'ca-pub-42' }, scripts: ['/invite.js'],");
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(other, 'content/static'), { recursive: true });
    writeFileSync(join(other, 'content/static/invite.js'), '');
    const r = await build(other);
    expect(r.code, r.out).toBe(0);
    const html = readFileSync(join(other, 'dist/docs/a/index.html'), 'utf8');
    expect(html).toContain('<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>');
    expect(html).toContain('adsbygoogle.js?client=ca-pub-42" crossorigin="anonymous"></script>');
    expect(html).toContain('<script defer src="/invite.js"></script>');
  }, 60_000);
});
