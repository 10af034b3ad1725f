import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    'site.config.ts': configSource(`${extra} blog: { feedCount: 20, tags: { news: 'News' }, authors: { team: { name: { 'zh-Hans': '团队', en: 'Team' } } } },`),
    'content/zh-Hans/docs/a.md': md({ title: 'A & <B>', description: 'a', last_update: '2025-03-04' }, 'Alpha.\n'),
    'content/zh-Hans/docs/hidden.md': md({ title: 'Hidden', description: 'h', noindex: true }, 'Hidden.\n'),
  };
  for (let i = 1; i <= 22; i++) {
    const d = String(i).padStart(2, '0');
    files[`content/zh-Hans/blog/2025-01-${d}-p${i}.md`] = md({ title: `Post ${i} <&>`, description: `d${i}`, tags: ['news'], authors: ['team'] }, `Intro ${i} with [a link](/docs/a).\n\n<!-- truncate -->\n\nMore.\n`);
  }
  return writeSite(files);
}

let dir: string;
const read = (path: string) => readFileSync(join(dir, 'dist', path), 'utf8');

beforeAll(async () => {
  dir = site();
  const r = await build(dir);
  expect(r.code, r.out).toBe(0);
}, 60_000);

describe('feeds', () => {
  it('RSS and Atom parse with a feed parser, newest 20 posts, absolute links, escaped titles', () => {
    for (const file of ['blog/rss.xml', 'blog/atom.xml', 'en/blog/rss.xml']) {
      const feed = parseFeed(read(file))!;
      expect(feed, file).not.toBeNull();
      expect(feed.items).toHaveLength(20);
      expect(feed.items[0].title).toBe('Post 22 <&>');
      expect(feed.items[0].link).toMatch(/^https:\/\/test\.example(\/en)?\/blog\/2025\/01\/22\/p22$/);
    }
    expect(read('blog/rss.xml')).toContain('href="https://test.example/docs/a"');
  });

  it('JSON Feed is valid JSON Feed 1', () => {
    const feed = JSON.parse(read('en/blog/feed.json'));
    expect(feed.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0].url).toBe('https://test.example/en/blog/2025/01/22/p22');
  });

  it('every page links the feeds of its locale in its head', () => {
    const head = read('en/docs/a/index.html');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Test site RSS" href="https://test.example/en/blog/rss.xml">');
    expect(head).toContain('type="application/atom+xml"');
    expect(head).toContain('type="application/feed+json"');
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

describe('analytics, ads and extra scripts', () => {
  it('emits nothing external when the ids are unset', () => {
    const html = read('docs/a/index.html');
    const external = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]).filter((src) => /^(https?:)?\/\//.test(src));
    expect(external).toEqual([]);
    expect(html).not.toContain('gtag(');
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
