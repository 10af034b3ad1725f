import { describe, expect, it } from 'vitest';
import { inScope, isUnderPath, scopeFromParams, searchContextOf, searchPageUrl } from '../../../src/search/context.js';
import { searchIndex } from '../../../src/search/query.js';
import { indexOf, page } from './fixtures.js';

describe('search contexts (search.searchContextByPaths)', () => {
  it('matches a path and what is below it, at a segment boundary, in any locale', () => {
    expect(isUnderPath('/docs/guides', 'docs/guides')).toBe(true);
    expect(isUnderPath('/en/docs/guides/pdf#x', '/docs/guides/')).toBe(true);
    expect(isUnderPath('/docs/guidesx', 'docs/guides')).toBe(false);
    expect(isUnderPath('/en/blog/docs/guides', 'docs/guides')).toBe(false);
    expect(isUnderPath('/docs/guides', '')).toBe(false);
  });

  it("matches past the site's baseUrl, and past a locale's segment under it", () => {
    for (const url of ['/docs-site/docs/faq/x', '/docs-site/english/docs/faq', '/a/b/docs/faq', '/a/b/en/docs/faq/']) expect(isUnderPath(url, 'docs/faq', url.startsWith('/a/b/') ? '/a/b/' : '/docs-site/'), url).toBe(true);
    expect(isUnderPath('/docs-site/english/blog/docs/faq', 'docs/faq', '/docs-site/')).toBe(false);
    expect(isUnderPath('/docs-site', 'docs', '/docs-site/')).toBe(false);
    expect(searchContextOf('/docs-site/english/docs/levels', ['docs'], '/docs-site/')).toBe('docs');
    expect(inScope('/docs-site/english/docs/levels', { path: 'docs', base: '/docs-site/' })).toBe(true);
    expect(inScope('/docs-site/english/docs/levels', { path: 'docs', outside: true, base: '/docs-site/' })).toBe(false);
    expect(scopeFromParams(new URLSearchParams('ctx=docs&outside=1'), '/docs-site/')).toEqual({ path: 'docs', outside: true, base: '/docs-site/' });
  });

  it('finds the context of the current page, or none', () => {
    expect(searchContextOf('/en/docs/guides/pdf', ['docs/services', 'docs/guides'])).toBe('docs/guides');
    expect(searchContextOf('/docs/faqs/safe', ['docs/guides'])).toBeNull();
    expect(searchContextOf('/docs/guides/pdf', [])).toBeNull();
  });

  it('scopes results inside or outside a context', () => {
    const index = indexOf([
      page('/en/docs/guides/pdf', { title: 'PDF translation' }),
      page('/en/docs/faqs/pdf', { title: 'PDF questions' }),
    ]);
    const urls = (scope?: { path: string; outside?: boolean }) => searchIndex(index, 'pdf', { scope }).map((r) => r.url).sort();
    expect(urls()).toEqual(['/en/docs/faqs/pdf', '/en/docs/guides/pdf']);
    expect(urls({ path: 'docs/guides' })).toEqual(['/en/docs/guides/pdf']);
    expect(urls({ path: 'docs/guides', outside: true })).toEqual(['/en/docs/faqs/pdf']);
    expect(inScope('/docs/guides/a', { path: 'docs/guides', outside: true })).toBe(false);
  });

  it('round-trips a scope through the search page URL, query encoded', () => {
    const url = searchPageUrl('/en/search', 'a+b & c', { path: 'docs/guides', outside: true });
    expect(url).toBe('/en/search?q=a%2Bb%20%26%20c&ctx=docs%2Fguides&outside=1');
    const params = new URL(url, 'https://x.example').searchParams;
    expect(params.get('q')).toBe('a+b & c');
    expect(scopeFromParams(params)).toEqual({ path: 'docs/guides', outside: true });
    expect(scopeFromParams(new URLSearchParams('q=x'))).toBeUndefined();
    expect(searchPageUrl('/search', '额度')).toBe('/search?q=%E9%A2%9D%E5%BA%A6');
    // The search page's box emptied: no query, the scope and the version kept for the next one typed.
    expect(searchPageUrl('/search', '  ', { path: 'docs/guides' }, '9.x')).toBe('/search?ctx=docs%2Fguides&version=9.x');
    expect(searchPageUrl('/search', '')).toBe('/search');
  });
});
