// Fetches and caches a locale's search index in the browser. Browser-safe.
import { loadSearchIndex, type LoadedSearchIndex } from './loadIndex.js';

/** What the fetcher needs from its environment; `fetch` is injectable for tests. */
export interface FetchIndexOptions {
  /** Origin (or any URL) of the page doing the search, e.g. `location.href`. */
  pageOrigin: string;
  fetch?: (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
}

export type SearchIndexFetcher = (url: string, options: FetchIndexOptions) => Promise<LoadedSearchIndex>;

/**
 * A fetcher with its own cache. The index is fetched once per URL, and the URL carries the
 * version's cache-busting query, so a new build is fetched anew. Concurrent searches share one
 * request. A failed request is forgotten, so the next search retries instead of failing forever.
 */
export function createSearchIndexFetcher(): SearchIndexFetcher {
  const cache = new Map<string, Promise<LoadedSearchIndex>>();
  return (url, options) => {
    const origin = new URL(options.pageOrigin).origin;
    const resolved = new URL(url, origin);
    // SPEC 5: an index from another origin is refused (a poisoned config must not make the page
    // fetch, and render, someone else's data). Rejected, not thrown, like every other failure.
    if (resolved.origin !== origin) return Promise.reject(new Error('Unexpected version url'));
    const key = resolved.href;
    const cached = cache.get(key);
    if (cached) return cached;
    const doFetch = options.fetch ?? ((u: string) => globalThis.fetch(u));
    const pending = doFetch(key)
      .then(async (response) => {
        if (!response.ok) throw new Error(`Search index request failed: HTTP ${response.status} for ${key}`);
        return loadSearchIndex(await response.json());
      })
      .catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
    cache.set(key, pending);
    return pending;
  };
}

/** The page's shared fetcher. */
export const fetchSearchIndex: SearchIndexFetcher = createSearchIndexFetcher();
