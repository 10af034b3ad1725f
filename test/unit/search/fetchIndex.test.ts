import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../../../src/search/buildIndex.js';
import { createSearchIndexFetcher, searchIndex } from '../../../src/search/query.js';
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
