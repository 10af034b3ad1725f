import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../../../src/search/buildIndex.js';
import { createPageTextFetcher, createSearchIndexFetcher, searchIndex } from '../../../src/search/query.js';
import { SEARCH_CONFIG, page } from './fixtures.js';

const FILE = JSON.parse(JSON.stringify(buildSearchIndex([page('/en/docs/a', { title: 'DeepL' })], SEARCH_CONFIG)));
const ok = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(FILE) });
const PAGE = 'https://docs.example.org/en/docs/guides/panel';

describe('fetchSearchIndex', () => {
  it('refuses an index URL on another origin without fetching it', async () => {
    const fetch = vi.fn(ok);
    const fetchIndex = createSearchIndexFetcher();
    for (const url of ['https://evil.example.com/search-index.json', '//evil.example.com/x.json', 'http://docs.example.org/search-index.json']) {
      await expect(fetchIndex(url, { pageOrigin: PAGE, fetch })).rejects.toThrow('Unexpected version url');
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a same-origin index once per URL and serves it from the cache', async () => {
    const fetch = vi.fn(ok);
    const fetchIndex = createSearchIndexFetcher();
    const [a, b] = await Promise.all([
      fetchIndex('/en/search-index.json?v=1', { pageOrigin: PAGE, fetch }),
      fetchIndex('/en/search-index.json?v=1', { pageOrigin: PAGE, fetch }),
    ]);
    const c = await fetchIndex('https://docs.example.org/en/search-index.json?v=1', { pageOrigin: PAGE, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('https://docs.example.org/en/search-index.json?v=1');
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(searchIndex(a, 'deepl')[0]!.url).toBe('/en/docs/a');
  });

  it('fetches again for a new version', async () => {
    const fetch = vi.fn(ok);
    const fetchIndex = createSearchIndexFetcher();
    await fetchIndex('/search-index.json?v=1', { pageOrigin: PAGE, fetch });
    await fetchIndex('/search-index.json?v=2', { pageOrigin: PAGE, fetch });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed request: the next search retries', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce({ ok: false, status: 503, json: () => Promise.resolve(null) })
      .mockImplementation(ok);
    const fetchIndex = createSearchIndexFetcher();
    const options = { pageOrigin: PAGE, fetch };
    await expect(fetchIndex('/search-index.json', options)).rejects.toThrow('network down');
    await expect(fetchIndex('/search-index.json', options)).rejects.toThrow(/HTTP 503/);
    const index = await fetchIndex('/search-index.json', options);
    expect(searchIndex(index, 'deepl')).toHaveLength(1);
    await fetchIndex('/search-index.json', options);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not cache an unreadable index either', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({ not: 'an index' }) })
      .mockImplementation(ok);
    const fetchIndex = createSearchIndexFetcher();
    await expect(fetchIndex('/search-index.json', { pageOrigin: PAGE, fetch })).rejects.toThrow(/Unsupported/);
    await expect(fetchIndex('/search-index.json', { pageOrigin: PAGE, fetch })).resolves.toBeDefined();
  });
});

describe('the browser fetch', () => {
  it('revalidates the index (its URL stays the same from build to build) and takes page texts by their revision', async () => {
    const revised = JSON.parse(JSON.stringify(buildSearchIndex([page('/en/docs/a', { title: 'DeepL' })], SEARCH_CONFIG, 'ab12')));
    const fetch = vi.fn((url: string) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(url.includes('search-index') ? revised : { v: 3, x: [] }) }));
    vi.stubGlobal('fetch', fetch);
    try {
      const fetchIndex = createSearchIndexFetcher();
      await createPageTextFetcher(fetchIndex)('/en/search-index.json', 0, { pageOrigin: PAGE });
      expect(fetch.mock.calls).toEqual([
        ['https://docs.example.org/en/search-index.json', { cache: 'no-cache' }],
        ['https://docs.example.org/en/search-text/0.json?v=ab12', undefined],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('fetchPageText', () => {
  const TEXT = { v: 3, d: 'Connect DeepL.', x: ['Copy the key.'] };
  const okText = (_url: string) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(TEXT) });

  it("fetches a page's text next to the index, with the index's version query", async () => {
    const fetch = vi.fn(okText);
    const fetchText = createPageTextFetcher();
    const text = await fetchText('/en/search-index.json?v=ab12', 7, { pageOrigin: PAGE, fetch });
    expect(fetch).toHaveBeenCalledWith('https://docs.example.org/en/search-text/7.json?v=ab12');
    expect(text).toEqual({ description: 'Connect DeepL.', intro: '', sections: ['Copy the key.'] });
  });

  it("asks the index for its revision and fetches the text with it, the index once for every text", async () => {
    const revised = JSON.parse(JSON.stringify(buildSearchIndex([page('/en/docs/a', { title: 'DeepL' })], SEARCH_CONFIG, 'c0ffee1234')));
    const fetch = vi.fn((url: string) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(url.includes('search-index') ? revised : TEXT) }));
    const fetchIndex = createSearchIndexFetcher();
    const fetchText = createPageTextFetcher(fetchIndex);
    const options = { pageOrigin: PAGE, fetch };
    await fetchIndex('/en/search-index.json', options);
    await Promise.all([fetchText('/en/search-index.json', 1, options), fetchText('/en/search-index.json', 2, options)]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://docs.example.org/en/search-index.json',
      'https://docs.example.org/en/search-text/1.json?v=c0ffee1234',
      'https://docs.example.org/en/search-text/2.json?v=c0ffee1234',
    ]);
  });

  it('refuses a text on another origin without fetching it', async () => {
    const fetch = vi.fn(okText);
    const fetchText = createPageTextFetcher();
    for (const url of ['https://evil.example.com/search-index.json?v=1', '//evil.example.com/search-index.json']) {
      await expect(fetchText(url, 0, { pageOrigin: PAGE, fetch })).rejects.toThrow('Unexpected version url');
    }
    await expect(fetchText('/en/not-an-index.json', 0, { pageOrigin: PAGE, fetch })).rejects.toThrow(/not a search index/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches each page once per version; concurrent callers share the request', async () => {
    const fetch = vi.fn(okText);
    const fetchText = createPageTextFetcher();
    const options = { pageOrigin: PAGE, fetch };
    const [a, b] = await Promise.all([fetchText('/search-index.json?v=1', 3, options), fetchText('/search-index.json?v=1', 3, options)]);
    expect(a).toBe(b);
    expect(await fetchText('https://docs.example.org/search-index.json?v=1', 3, options)).toBe(a);
    await fetchText('/search-index.json?v=1', 4, options);
    await fetchText('/search-index.json?v=2', 3, options);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://docs.example.org/search-text/3.json?v=1',
      'https://docs.example.org/search-text/4.json?v=1',
      'https://docs.example.org/search-text/3.json?v=2',
    ]);
  });

  it('forgets a failed or unreadable response: the next call retries', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce({ ok: false, status: 404, json: () => Promise.resolve(null) })
      .mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({ v: 1, d: 'old build' }) })
      .mockImplementation(okText);
    const fetchText = createPageTextFetcher();
    const options = { pageOrigin: PAGE, fetch };
    await expect(fetchText('/search-index.json?v=1', 0, options)).rejects.toThrow('network down');
    await expect(fetchText('/search-index.json?v=1', 0, options)).rejects.toThrow(/Search text request failed: HTTP 404/);
    await expect(fetchText('/search-index.json?v=1', 0, options)).rejects.toThrow(/Unsupported search text format/);
    expect((await fetchText('/search-index.json?v=1', 0, options)).sections).toEqual(['Copy the key.']);
    await fetchText('/search-index.json?v=1', 0, options);
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
