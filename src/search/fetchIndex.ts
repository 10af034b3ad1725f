// Fetches and caches a locale's search index, and the page texts excerpts are cut from, in the
// browser. Browser-safe.
import { pageTextPath } from './indexFormat.js';
import { loadSearchIndex, type LoadedSearchIndex } from './loadIndex.js';
import { loadPageText, type PageText } from './pageText.js';

/** What the fetchers need from their environment; `fetch` is injectable for tests. */
export interface FetchIndexOptions {
  /** Origin (or any URL) of the page doing the search, e.g. `location.href`. */
  pageOrigin: string;
  fetch?: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
}

export type SearchIndexFetcher = (url: string, options: FetchIndexOptions) => Promise<LoadedSearchIndex>;

/** Fetches the text of page `pageId` of the index at `indexUrl` (same folder, the index's revision as `?v=`). */
export type PageTextFetcher = (indexUrl: string, pageId: number, options: FetchIndexOptions) => Promise<PageText>;

/**
 * A JSON fetcher with its own cache. A file is fetched once per URL (a page text's URL carries its
 * index's revision, so a new build's texts are fetched anew). Concurrent callers share one
 * request. A failed request (or an unreadable file) is forgotten, so the next call retries instead
 * of failing forever.
 */
function createJsonFetcher<T>(what: string, read: (json: unknown) => T, init?: RequestInit): (url: string, options: FetchIndexOptions) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (url, options) => {
    const origin = new URL(options.pageOrigin).origin;
    const resolved = new URL(url, origin);
    // SPEC 5: an index from another origin is refused (a poisoned config must not make the page
    // fetch, and render, someone else's data). Rejected, not thrown, like every other failure.
    if (resolved.origin !== origin) return Promise.reject(new Error('Unexpected version url'));
    const key = resolved.href;
    const cached = cache.get(key);
    if (cached) return cached;
    const doFetch = options.fetch ?? ((u: string) => globalThis.fetch(u, init));
    const pending = doFetch(key)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${what} request failed: HTTP ${response.status} for ${key}`);
        return read(await response.json());
      })
      .catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
    cache.set(key, pending);
    return pending;
  };
}

/**
 * An index fetcher with its own cache (see `createJsonFetcher`). The index's URL is the same from
 * build to build, so the browser revalidates it (`no-cache`: a 304 when it has not changed) rather
 * than trusting a copy a host let it keep for minutes, whose page ids a new build's texts would not match.
 */
export function createSearchIndexFetcher(): SearchIndexFetcher {
  return createJsonFetcher('Search index', loadSearchIndex, { cache: 'no-cache' });
}

/**
 * A page text fetcher with its own cache, under the same rules as the index's. It asks `fetchIndex`
 * for the index first (already loaded and cached when results are shown) for the revision its texts
 * belong to; an index URL with a query of its own keeps it instead.
 */
export function createPageTextFetcher(fetchIndex: SearchIndexFetcher = createSearchIndexFetcher()): PageTextFetcher {
  const fetchText = createJsonFetcher('Search text', loadPageText);
  // In a promise, so that a bad index URL rejects like every other failure.
  return (indexUrl, pageId, options) =>
    new Promise<string>((resolve) => resolve(pageTextPath(indexUrl, pageId))).then(async (path) => {
      if (path.includes('?')) return fetchText(path, options);
      const { revision } = await fetchIndex(indexUrl, options);
      return fetchText(revision ? `${path}?v=${encodeURIComponent(revision)}` : path, options);
    });
}

/** The page's shared fetchers. */
export const fetchSearchIndex: SearchIndexFetcher = createSearchIndexFetcher();
export const fetchPageText: PageTextFetcher = createPageTextFetcher(fetchSearchIndex);
