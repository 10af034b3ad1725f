import { describe, expect, it } from 'vitest';
import { paginate } from '../../../src/routes/paginate.js';

const posts = (n: number) => Array.from({ length: n }, (_, i) => `文章 ${i + 1}`);

describe('paginate', () => {
  it('puts everything on one page at the base path when it fits', () => {
    expect(paginate(posts(10), 10, '/blog')).toEqual([
      { items: posts(10), path: '/blog', pagination: { page: 1, totalPages: 1, prev: null, next: null } },
    ]);
  });

  it('gives one page even with no items', () => {
    expect(paginate([], 10, '/blog/tags/release')).toEqual([
      { items: [], path: '/blog/tags/release', pagination: { page: 1, totalPages: 1, prev: null, next: null } },
    ]);
  });

  it('splits into pages of the given size, the last one shorter', () => {
    const pages = paginate(posts(23), 10, '/blog');
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 3]);
    expect(pages[2].items).toEqual(['文章 21', '文章 22', '文章 23']);
  });

  it('names pages base, base/page/2, base/page/3…', () => {
    expect(paginate(posts(21), 10, '/blog').map((p) => p.path)).toEqual(['/blog', '/blog/page/2', '/blog/page/3']);
    expect(paginate(posts(11), 10, '/en/blog/tags/release').map((p) => p.path)).toEqual(['/en/blog/tags/release', '/en/blog/tags/release/page/2']);
  });

  it('links each page to its neighbours, the second back to the base path', () => {
    expect(paginate(posts(21), 10, '/blog').map((p) => p.pagination)).toEqual([
      { page: 1, totalPages: 3, prev: null, next: '/blog/page/2' },
      { page: 2, totalPages: 3, prev: '/blog', next: '/blog/page/3' },
      { page: 3, totalPages: 3, prev: '/blog/page/2', next: null },
    ]);
  });

  it('does not double the slash of a base ending in /', () => {
    expect(paginate(posts(3), 2, '/').map((p) => p.path)).toEqual(['/', '/page/2']);
  });

  it('makes an exact multiple fill its pages with no empty page after', () => {
    expect(paginate(posts(20), 10, '/blog').map((p) => p.path)).toEqual(['/blog', '/blog/page/2']);
  });
});
