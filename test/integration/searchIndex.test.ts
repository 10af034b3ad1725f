// What the built search index holds (issue 5: docs and blog posts split into pages and h2/h3
// sections; no home, 404, search or list pages, no noindex or ignored pages), the page texts beside
// it (excerpts are cut from them; the index holds no text), and how both are fetched (a content hash
// in the URL, so a new build is never served from a stale cache).
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { loadPageText, loadSearchIndex, pageTextPath, resultExcerpt, searchIndex } from '../../src/search/query';
import { configSource, md, writeSite } from '../helpers/site';

async function run(dir: string, command: string): Promise<string> {
  let out = '';
  const code = await main(['node', 'sitegen', command, '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
  expect(code, out).toBe(0);
  return out;
}
const build = (dir: string) => run(dir, 'build');

const readIndex = (dir: string, locale = '') => JSON.parse(readFileSync(join(dir, 'dist', locale, 'search-index.json'), 'utf8'));
/** The text files of a locale's index, by name. */
const textFiles = (dir: string, locale = '') => readdirSync(join(dir, 'dist', locale, 'search-text')).sort((a, b) => parseInt(a) - parseInt(b));
/** A page's text as the browser gets it: the index URL's folder and version query, read from dist/. */
const readText = (dir: string, url: string, id: number) => JSON.parse(readFileSync(join(dir, 'dist', pageTextPath(url, id).split('?')[0]!), 'utf8'));
const indexUrl = (dir: string, locale: string) => {
  const file = readdirSync(join(dir, 'dist/assets')).find((f) => f.startsWith(`site-data.${locale}.`))!;
  // The site data is JSON inside a JS string: quotes may be escaped.
  return /indexUrl\\?":\\?"([^"\\]+)/.exec(readFileSync(join(dir, 'dist/assets', file), 'utf8'))?.[1];
};

let dir: string;
beforeAll(async () => {
  dir = writeSite({
    'site.config.ts': configSource(`search: { ignoreFiles: ['docs/faq'] },`),
    'content/zh-Hans/docs/a.md': md(
      { title: '安装指南', description: '如何离线安装扩展', keywords: ['crx', '离线包'] },
      'Intro text.\n\n## 下载 {#download}\n\nGet version 11.6.1 here.\n\n### 校验 {#verify}\n\nCheck the zebra hash.\n\n#### 细节\n\nDeep detail quokka.\n',
    ),
    'content/zh-Hans/docs/faq.md': md({ title: 'Old FAQ', description: 'ignored by search.ignoreFiles' }, 'Ignored walrus.\n'),
    'content/zh-Hans/docs/faqs/x.md': md({ title: 'FAQ X', description: 'kept: faqs is not faq', tags: ['海象'] }, 'Kept walrus.\n'),
    'content/zh-Hans/docs/hidden.md': md({ title: 'Hidden', description: 'h', noindex: true }, 'Hidden walrus.\n'),
    'content/zh-Hans/blog/2024-05-01-news.md': md({ title: 'News', description: 'n', tags: ['news'], authors: ['team'] }, 'Post about the walrus.\n'),
    'content/en/docs/a.md': md({ title: 'Install guide', description: 'Install offline' }, 'English intro.\n'),
  });
  await build(dir);
}, 60_000);

describe('the built search index', () => {
  it('indexes docs and posts only: no home, 404, search, list, noindex or ignored pages', () => {
    const [pages, sections] = readIndex(dir);
    expect(pages.documents.map((d: { u: string }) => d.u).sort()).toEqual(['/blog/2024/05/01/news', '/docs/a', '/docs/faqs/x']);
    expect(pages.documents.every((d: { t: number; i: number }) => d.t === 0 && Number.isInteger(d.i))).toBe(true);
    // h2 and h3 are sections with their parent page id; h4 stays in its section's text.
    const a = pages.documents.find((d: { u: string }) => d.u === '/docs/a');
    expect(sections.documents.map((d: { a: string; p: number; t: number }) => [d.a, d.p, d.t])).toEqual([
      ['download', a.i, 1],
      ['verify', a.i, 1],
    ]);
    // The English index has the translated page only (fallbacks repeat the zh-Hans text).
    expect(readIndex(dir, 'en')[0].documents.map((d: { u: string }) => d.u)).toEqual(['/en/docs/a']);
  });

  it('finds descriptions, keywords, headings, section text and version numbers', () => {
    const index = loadSearchIndex(readIndex(dir));
    const first = (q: string) => searchIndex(index, q, { group: false })[0]?.url;
    expect(first('离线安装')).toBe('/docs/a');
    expect(first('离线包')).toBe('/docs/a');
    expect(first('crx')).toBe('/docs/a');
    expect(first('校验')).toBe('/docs/a#verify');
    expect(first('11.6.1')).toBe('/docs/a#download');
    expect(first('quokka')).toBe('/docs/a#verify');
    expect(searchIndex(index, 'walrus', { group: false }).map((r) => r.url).sort()).toEqual(['/blog/2024/05/01/news', '/docs/faqs/x']);
    // A post's and a doc's tags, by the labels their pages show (news is 新闻 on a Chinese page): found as keywords are.
    expect(searchIndex(index, '新闻', { group: false }).map((r) => r.url)).toEqual(['/blog/2024/05/01/news']);
    expect(searchIndex(index, '海象', { group: false }).map((r) => r.url)).toEqual(['/docs/faqs/x']);
  });

  it("has no excerpt text: each indexed page's text is a file beside it, none for pages left out", () => {
    for (const locale of ['', 'en']) {
      const [pages, sections] = readIndex(dir, locale);
      const keys = new Set([...pages.documents, ...sections.documents].flatMap((d: object) => Object.keys(d)));
      expect([...keys].sort()).toEqual(locale ? ['h', 'i', 't', 'u'] : ['a', 'c', 'h', 'i', 'p', 't', 'u']);
      expect(textFiles(dir, locale)).toEqual(pages.documents.map((d: { i: number }) => `${d.i}.json`));
    }
    const index = JSON.stringify(readIndex(dir));
    expect(index).not.toContain('Deep detail quokka');
    expect(index).not.toContain('如何离线安装扩展');
    const texts = textFiles(dir).map((f) => readFileSync(join(dir, 'dist/search-text', f), 'utf8')).join('\n');
    expect(texts).toContain('Check the zebra hash. 细节 Deep detail quokka.');
    expect(texts).not.toMatch(/Ignored walrus|Hidden walrus/);
  });

  it('serves each text beside the index, and the excerpt is cut from it', () => {
    const url = indexUrl(dir, 'zh-Hans')!;
    const json = readIndex(dir);
    const index = loadSearchIndex(json);
    const [result] = searchIndex(index, 'quokka', { group: false });
    const text = readText(dir, url, result!.page.i);
    expect(text.v).toBe(json[0].index.v);
    expect(pageTextPath(url, result!.page.i)).toBe(`/search-text/${result!.page.i}.json`);
    const excerpt = resultExcerpt(result!, loadPageText(text), 50);
    expect(excerpt.filter((s) => s.match).map((s) => s.text)).toEqual(['quokka']);
  });

  it('keeps its text files out of check-links, the sitemap and the feeds: they are not pages', async () => {
    const html = readdirSync(join(dir, 'dist'), { recursive: true }).map(String).filter((f) => f.endsWith('.html'));
    expect(await run(dir, 'check-links')).toContain(`checked ${html.length} pages`);
    for (const file of ['sitemap.xml', 'blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) {
      expect(readFileSync(join(dir, 'dist', file), 'utf8'), file).not.toContain('search-text');
    }
  });

  it('keeps one URL and carries a revision that changes with the content (the texts are fetched with it)', async () => {
    const urls = { zh: indexUrl(dir, 'zh-Hans'), en: indexUrl(dir, 'en') };
    expect(urls).toEqual({ zh: '/search-index.json', en: '/en/search-index.json' });
    const revision = (locale = '') => loadSearchIndex(readIndex(dir, locale)).revision;
    const before = { zh: revision(), en: revision('en') };
    expect(before.zh).toMatch(/^[0-9a-f]{10}$/);
    const page = (url: string) => readFileSync(join(dir, 'dist', url, 'index.html'), 'utf8');
    const otherPage = page('/docs/a');
    writeFileSync(join(dir, 'content/zh-Hans/docs/faqs/x.md'), md({ title: 'FAQ X', description: 'changed' }, 'Changed narwhal.\n'));
    await build(dir);
    expect({ zh: indexUrl(dir, 'zh-Hans'), en: indexUrl(dir, 'en') }).toEqual(urls);
    expect(revision()).not.toBe(before.zh);
    expect(revision('en'), 'the English index did not change').toBe(before.en);
    expect(page('/docs/a'), 'a page whose text did not change is the same').toBe(otherPage);
  }, 60_000);

  it('leaves no text of an earlier build behind', async () => {
    const before = textFiles(dir);
    rmSync(join(dir, 'content/zh-Hans/docs/faqs/x.md'));
    await build(dir);
    const after = textFiles(dir);
    expect(after).toEqual(readIndex(dir)[0].documents.map((d: { i: number }) => `${d.i}.json`));
    expect(after.length).toBe(before.length - 1);
    expect(existsSync(join(dir, 'dist/search-text', before[before.length - 1]!))).toBe(false);
  }, 60_000);
});

describe('search.synonyms', () => {
  it('go into the index as terms, not into the site data every page carries; a changed group rebuilds the index', async () => {
    const synonymsConfig = (groups: string) => configSource(`search: { synonyms: ${groups} },`);
    const site = writeSite({
      'site.config.ts': synonymsConfig("[['插件', '扩展'], ['Hotkey', 'shortcut']]"),
      'content/zh-Hans/docs/a.md': md({ title: '安装扩展', description: 'a' }, '从应用商店安装扩展。\n'),
      'content/en/docs/a.md': md({ title: 'Shortcut keys', description: 'a' }, 'Change a shortcut.\n'),
    });
    await build(site);
    expect(readIndex(site)[0].index.y).toEqual([['插件', '扩展']]);
    expect(readIndex(site, 'en')[0].index.y).toEqual([['hotkey', 'shortcut']]);
    const index = loadSearchIndex(readIndex(site));
    expect(searchIndex(index, '插件').map((r) => r.url)).toEqual(['/docs/a']);
    for (const file of readdirSync(join(site, 'dist/assets')).filter((f) => f.startsWith('site-data.'))) {
      expect(readFileSync(join(site, 'dist/assets', file), 'utf8')).not.toMatch(/synonyms|插件/);
    }
    writeFileSync(join(site, 'site.config.ts'), synonymsConfig("[['组件', '扩展']]"));
    await build(site);
    expect(readIndex(site)[0].index.y).toEqual([['组件', '扩展']]);
    expect(readIndex(site, 'en')[0].index.y).toBeUndefined();
  }, 60_000);
});
