import { describe, expect, it } from 'vitest';
import { blogRoutes, groupByYear, sortPosts, type BlogRoutePlan, type BlogStrings } from '../../../src/routes/blogRoutes.js';
import { loadBlogMeta } from '../../../src/content/blogMeta.js';
import type { Entry, RouteData } from '../../../src/types.js';
import { post, siteConfig } from './fixtures.js';

const config = siteConfig();
const zhStrings: BlogStrings = { blog: '博客', description: '', tags: '标签', archive: '归档', taggedWith: '含有标签「{tag}」的文章', page: '第 {page} 页', authors: '作者' };
const enStrings: BlogStrings = { blog: 'Blog', description: 'News and notes.', tags: 'Tags', archive: 'Archive', taggedWith: 'Posts tagged "{tag}"', page: 'Page {page}', authors: 'Authors' };

/** 23 posts, one a month from January 2023, every third tagged `release`. */
const many: Entry[] = Array.from({ length: 23 }, (_, i) => {
  const year = 2023 + Math.floor(i / 12);
  const month = String((i % 12) + 1).padStart(2, '0');
  return post(`${year}/${month}/10/post-${i + 1}`, `第 ${i + 1} 篇`, { tags: i % 3 === 0 ? ['release'] : [] });
});

const byPath = (plans: BlogRoutePlan[]) => new Map(plans.map((p) => [p.localPath, p]));
const dataOf = <K extends RouteData['kind']>(plan: BlogRoutePlan | undefined, kind: K) => {
  expect(plan?.data.kind).toBe(kind);
  return plan!.data as Extract<RouteData, { kind: K }>;
};

describe('sortPosts and groupByYear', () => {
  it('orders posts newest first, same-day posts by id', () => {
    const posts = [post('2024/03/19/outage', 'A'), post('2025/01/02/new-year', 'B'), post('2024/03/19/apology', 'C'), post('2023/05/16/ten-years', 'D')];
    expect(sortPosts(posts).map((p) => p.id)).toEqual(['2025/01/02/new-year', '2024/03/19/outage', '2024/03/19/apology', '2023/05/16/ten-years']);
  });

  it("orders a day's posts by the time of day their date: gives, before their ids", () => {
    const posts = [post('2025/03/26/aaa-evening', 'A', { dateTime: '2025-03-26T18:00:00+08:00' }), post('2025/03/26/zzz-morning', 'Z', { dateTime: '2025-03-26T09:00:00+08:00' }), post('2025/03/27/next', 'N')];
    expect(sortPosts(posts).map((p) => p.id)).toEqual(['2025/03/27/next', '2025/03/26/aaa-evening', '2025/03/26/zzz-morning']);
  });

  it("lists a post dated by its day alone below the posts of that day that give a time, whatever their offset", () => {
    // 07:00 in Beijing is 23:00 UTC the day before: it had been listed below the post of the day alone.
    const posts = [post('2025/03/26/aaa-day', 'D'), post('2025/03/26/bbb-early', 'E', { dateTime: '2025-03-26T07:00:00+08:00' }), post('2025/03/26/ccc-late', 'L', { dateTime: '2025-03-26T23:00:00-08:00' })];
    expect(sortPosts(posts).map((p) => p.id)).toEqual(['2025/03/26/ccc-late', '2025/03/26/bbb-early', '2025/03/26/aaa-day']);
  });

  it('groups sorted posts by year, newest year first', () => {
    const years = groupByYear(sortPosts(many));
    expect(years.map((y) => [y.year, y.posts.length])).toEqual([['2024', 11], ['2023', 12]]);
    expect(years[0].posts[0].title).toBe('第 23 篇');
  });
});

describe('blogRoutes list pages', () => {
  const plans = byPath(blogRoutes(config, 'zh-Hans', many, '', zhStrings));

  it('lists 10 posts a page, newest first, at /blog, /blog/page/2…', () => {
    const first = dataOf(plans.get('/blog'), 'blogList');
    expect(first.posts.map((p) => p.title)).toEqual(Array.from({ length: 10 }, (_, i) => `第 ${23 - i} 篇`));
    expect(dataOf(plans.get('/blog/page/2'), 'blogList').posts).toHaveLength(10);
    expect(dataOf(plans.get('/blog/page/3'), 'blogList').posts.map((p) => p.title)).toEqual(['第 3 篇', '第 2 篇', '第 1 篇']);
    expect(plans.has('/blog/page/4')).toBe(false);
  });

  it('titles later pages with their number', () => {
    expect(plans.get('/blog')!.title).toBe('博客');
    expect(plans.get('/blog/page/2')!.title).toBe('博客 · 第 2 页');
  });

  it('puts the blog\'s description under the title of the list of every post, and only there', () => {
    const en = byPath(blogRoutes(config, 'en', many, '/en', enStrings));
    expect(dataOf(en.get('/blog'), 'blogList').description).toBe('News and notes.');
    expect(en.get('/blog/page/2')!.description).toBe('News and notes.');
    expect([...en.values()].filter((plan) => plan.localPath.startsWith('/blog/tags/')).map((plan) => plan.description)).toEqual(expect.arrayContaining([undefined]));
    expect([...en.values()].some((plan) => plan.localPath.startsWith('/blog/tags/') && plan.description !== undefined)).toBe(false);
    // No description: none, and no empty sentence.
    expect('description' in dataOf(plans.get('/blog'), 'blogList')).toBe(false);
  });

  it('links pages with locale-prefixed paths', () => {
    const en = byPath(blogRoutes(config, 'en', many, '/en', enStrings));
    expect(dataOf(en.get('/blog/page/2'), 'blogList').pagination).toEqual({ page: 2, totalPages: 3, prev: '/en/blog', next: '/en/blog/page/3' });
    expect(dataOf(plans.get('/blog'), 'blogList').pagination).toEqual({ page: 1, totalPages: 3, prev: null, next: '/blog/page/2' });
  });

  it('links the list pages and the tag pages with a trailing slash where the config says (trailingSlash)', () => {
    const en = byPath(blogRoutes(siteConfig({ trailingSlash: true }), 'en', many, '/en', enStrings));
    expect(dataOf(en.get('/blog/page/2'), 'blogList').pagination).toEqual({ page: 2, totalPages: 3, prev: '/en/blog/', next: '/en/blog/page/3/' });
    expect(dataOf(en.get('/blog/tags'), 'tags').tags.map((t) => t.href)).toEqual(['/en/blog/tags/release/']);
    expect(dataOf(en.get('/blog/tags/release'), 'blogList').tag?.href).toBe('/en/blog/tags/release/');
  });

  it('shows each post with its excerpt, or the whole post when it has none', () => {
    const withExcerpt = post('2024/06/18/version-11', '11.0 发布', { rendered: { ...many[0].rendered, html: '<p>全文</p>', excerptHtml: '<p>摘要</p>' } });
    const plan = blogRoutes(config, 'zh-Hans', [withExcerpt, many[0]], '', zhStrings)[0];
    expect(dataOf(plan, 'blogList').posts.map((p) => p.excerptKey)).toEqual(['excerpt-0', 'excerpt-1']);
    expect(plan.html).toEqual({ 'excerpt-0': '<p>摘要</p>', 'excerpt-1': '<p>第 1 篇</p>\n' });
    // The list leads to the rest of the first alone: the second is all there.
    expect(dataOf(plan, 'blogList').posts.map((p) => p.truncated)).toEqual([true, undefined]);
  });

  it('summarises a post with tag links, its authors and reading time in the locale', () => {
    const p = post('2024/06/18/version-11', '11.0 发布', { tags: ['release'], authors: ['team', 'guest'], locale: 'en', permalink: '/en/blog/2024/06/18/version-11' });
    const summary = dataOf(blogRoutes(config, 'en', [p], '/en', enStrings)[0], 'blogList').posts[0];
    expect(summary).toEqual({
      title: '11.0 发布',
      href: '/en/blog/2024/06/18/version-11',
      date: '2024-06-18',
      tags: [{ label: 'Releases', href: '/en/blog/tags/release' }],
      readingMinutes: 1,
      authors: [{ name: 'Glint team' }, { name: 'guest' }],
      excerptKey: 'excerpt-0',
      untranslated: false,
    });
  });
});

describe('blogRoutes tags', () => {
  const plans = byPath(blogRoutes(config, 'zh-Hans', many, '', zhStrings));

  it('paginates each tag like the blog, with the tag on the page', () => {
    const page = dataOf(plans.get('/blog/tags/release'), 'blogList');
    expect(page.tag).toEqual({ label: '版本发布', href: '/blog/tags/release' });
    expect(page.posts.map((p) => p.title)).toEqual(['第 22 篇', '第 19 篇', '第 16 篇', '第 13 篇', '第 10 篇', '第 7 篇', '第 4 篇', '第 1 篇']);
    expect(plans.get('/blog/tags/release')!.title).toBe('含有标签「版本发布」的文章');
  });

  it('gives a tag with more than 10 posts a second page', () => {
    const tagged = many.map((p) => ({ ...p, tags: ['outage'] }));
    const en = byPath(blogRoutes(config, 'en', tagged, '/en', enStrings));
    expect(dataOf(en.get('/blog/tags/outage/page/3'), 'blogList').pagination).toEqual({ page: 3, totalPages: 3, prev: '/en/blog/tags/outage/page/2', next: null });
    expect(en.get('/blog/tags/outage/page/2')!.title).toBe('Posts tagged "Outages" · Page 2');
  });

  it('lists every used tag with its count on the tags page', () => {
    const tagged = [post('2024/01/01/a', 'A', { tags: ['release', 'outage'] }), post('2024/02/01/b', 'B', { tags: ['release'] })];
    const page = byPath(blogRoutes(config, 'zh-Hans', tagged, '', zhStrings)).get('/blog/tags')!;
    expect(page.title).toBe('标签');
    expect(dataOf(page, 'tags').tags).toEqual([
      { label: '故障', href: '/blog/tags/outage', count: 1 },
      { label: '版本发布', href: '/blog/tags/release', count: 2 },
    ]);
  });
});

describe('blogRoutes archive', () => {
  it('groups every post by year, newest first', () => {
    const archive = byPath(blogRoutes(config, 'zh-Hans', many, '', zhStrings)).get('/blog/archive')!;
    expect(archive.title).toBe('归档');
    const { years } = dataOf(archive, 'archive');
    expect(years.map((y) => y.year)).toEqual(['2024', '2023']);
    expect(years[0].posts.map((p) => p.date)).toEqual(['2024-11-10', '2024-10-10', '2024-09-10', '2024-08-10', '2024-07-10', '2024-06-10', '2024-05-10', '2024-04-10', '2024-03-10', '2024-02-10', '2024-01-10']);
    expect(years[1].posts).toHaveLength(12);
  });
});

describe('blogRoutes post pages', () => {
  const posts = [post('2023/05/16/ten-years', '十周年'), post('2024/06/18/version-11', '11.0 发布'), post('2024/03/19/outage', '服务中断说明')];
  const plans = byPath(blogRoutes(config, 'zh-Hans', posts, '', zhStrings));

  it('links previous to the newer post and next to the older one', () => {
    expect(dataOf(plans.get('/blog/2024/06/18/version-11'), 'post')).toMatchObject({ prev: null, next: { label: '服务中断说明', href: '/blog/2024/03/19/outage' } });
    expect(dataOf(plans.get('/blog/2024/03/19/outage'), 'post')).toMatchObject({
      prev: { label: '11.0 发布', href: '/blog/2024/06/18/version-11' },
      next: { label: '十周年', href: '/blog/2023/05/16/ten-years' },
    });
    expect(dataOf(plans.get('/blog/2023/05/16/ten-years'), 'post')).toMatchObject({ prev: { label: '服务中断说明' }, next: null });
  });

  it('carries the full HTML, the source file and the table of contents levels', () => {
    const withHeadings = post('2024/06/18/version-11', '11.0 发布', {
      rendered: { ...posts[1].rendered, html: '<h2 id="新功能">新功能</h2>', headings: [{ depth: 2, text: '新功能', id: '新功能' }, { depth: 4, text: '细节', id: '细节' }] },
    });
    const plan = byPath(blogRoutes(config, 'zh-Hans', [withHeadings], '', zhStrings)).get('/blog/2024/06/18/version-11')!;
    expect(plan.html).toEqual({ content: '<h2 id="新功能">新功能</h2>' });
    expect(plan.source).toBe('content/zh-Hans/blog/2024-06-18-version-11.md');
    expect(dataOf(plan, 'post').toc).toEqual([{ depth: 2, text: '新功能', id: '新功能' }]);
  });

  it('makes one route per post plus the lists, tags index and archive', () => {
    expect([...plans.keys()]).toEqual(['/blog', '/blog/tags', '/blog/archive', '/blog/2024/06/18/version-11', '/blog/2024/03/19/outage', '/blog/2023/05/16/ten-years']);
  });
});

describe('blogRoutes authors and declared tags', () => {
  const meta = async (authors: string, tags = '') => (await loadBlogMeta(config, [{ path: 'en/blog/authors.yml', file: 'content/en/blog/authors.yml', text: authors }, ...(tags ? [{ path: 'en/blog/tags.yml', file: 'content/en/blog/tags.yml', text: tags }] : [])], null)).locales.en!;
  const AUTHORS = 'jane:\n  name: Jane Doe\n  title: Product lead\n  url: /docs/jane\n  image_url: /img/jane.png\n  page: true\n  socials: { github: jane }\nli:\n  name: Li Lei\n  page: { permalink: /li-lei }\nwang:\n  name: Wang\n';
  /** 12 English posts by Jane, every third by Li too, the last one also by a guest written out. */
  const posts = Array.from({ length: 12 }, (_, i) =>
    post(`2024/01/${String(i + 1).padStart(2, '0')}/p${i + 1}`, `P${i + 1}`, { locale: 'en', permalink: `/en/blog/2024/01/${String(i + 1).padStart(2, '0')}/p${i + 1}`, authors: i % 3 === 0 ? ['li', 'jane'] : i === 11 ? ['jane', { name: 'Guest', url: 'https://guest.example', socials: { x: 'guest' } }] : ['jane'] }),
  );

  it("shows each post's authors with their title, avatar and page (or site), their socials on the post's own page only", async () => {
    const plans = byPath(blogRoutes(config, 'en', posts, '/en', enStrings, await meta(AUTHORS)));
    const jane = { name: 'Jane Doe', title: 'Product lead', url: '/en/docs/jane', page: '/en/blog/authors/jane', image: '/img/jane.png' };
    expect(dataOf(plans.get('/blog'), 'blogList').posts[0]!.authors).toEqual([jane, { name: 'Guest', url: 'https://guest.example' }]);
    expect(dataOf(plans.get('/blog/2024/01/12/p12'), 'post').post.authors).toEqual([
      { ...jane, socials: [{ platform: 'github', url: 'https://github.com/jane' }] },
      { name: 'Guest', url: 'https://guest.example', socials: [{ platform: 'x', url: 'https://x.com/guest' }] },
    ]);
  });

  it('lists the authors who have a page, in the order declared, and paginates each one\'s posts as a tag\'s', async () => {
    const plans = byPath(blogRoutes(config, 'en', posts, '/en', enStrings, await meta(AUTHORS)));
    const index = plans.get('/blog/authors')!;
    expect(index.title).toBe('Authors');
    expect(dataOf(index, 'authors').authors.map((a) => `${a.name} ${a.page} ${a.count}`)).toEqual(['Jane Doe /en/blog/authors/jane 12', 'Li Lei /en/blog/authors/li-lei 4']);
    const first = dataOf(plans.get('/blog/authors/jane'), 'blogList');
    expect(first.author).toMatchObject({ name: 'Jane Doe', page: '/en/blog/authors/jane', count: 12, socials: [{ platform: 'github', url: 'https://github.com/jane' }] });
    expect(first.posts).toHaveLength(10);
    expect(dataOf(plans.get('/blog/authors/jane/page/2'), 'blogList').pagination).toEqual({ page: 2, totalPages: 2, prev: '/en/blog/authors/jane', next: null });
    expect(plans.get('/blog/authors/jane/page/2')!.title).toBe('Jane Doe · Page 2');
    expect(plans.get('/blog/authors/jane')!.description).toBe('Product lead');
    expect(dataOf(plans.get('/blog/authors/li-lei'), 'blogList').posts.map((p) => p.title)).toEqual(['P10', 'P7', 'P4', 'P1']);
    expect([...plans.keys()].filter((path) => path.includes('wang'))).toEqual([]);
  });

  it('makes no authors page when no listed post has an author with a page, and links no page an unlisted post alone would make', async () => {
    const onlyUnlisted = [post('2024/01/01/a', 'A', { authors: ['jane'], unlisted: true }), post('2024/01/02/b', 'B', { authors: ['wang'] })];
    const plans = byPath(blogRoutes(config, 'en', onlyUnlisted, '/en', enStrings, await meta(AUTHORS)));
    expect([...plans.keys()].some((path) => path.startsWith('/blog/authors'))).toBe(false);
    expect(dataOf(plans.get('/blog/2024/01/01/a'), 'post').post.authors[0]).not.toHaveProperty('page');
  });

  it("puts a declared tag at its permalink with its description, and a tag nothing declares at its words made a slug, labelled as written", async () => {
    const tagged = [post('2024/01/02/a', 'A', { tags: ['releases', 'Product News'] }), post('2024/01/01/b', 'B', { tags: ['product-news'] })];
    const plans = byPath(blogRoutes(config, 'en', tagged, '/en', enStrings, await meta('', 'releases:\n  label: Releases\n  permalink: /release\n  description: Every new version.\n')));
    const release = plans.get('/blog/tags/release')!;
    expect(dataOf(release, 'blogList')).toMatchObject({ heading: 'Posts tagged "Releases"', description: 'Every new version.', tag: { label: 'Releases', href: '/en/blog/tags/release' } });
    expect(release.description).toBe('Every new version.');
    // Two spellings of one address are one tag (Docusaurus groups tags by permalink), labelled as the newest post writes it.
    expect(dataOf(plans.get('/blog/tags'), 'tags').tags).toEqual([
      { label: 'Product News', href: '/en/blog/tags/product-news', count: 2 },
      { label: 'Releases', href: '/en/blog/tags/release', count: 1 },
    ]);
  });
});
