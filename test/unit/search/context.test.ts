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
  });
});
