import type { SiteData } from 'sitegen/theme';

/** The shared query engine (src/search/query.ts), loaded on demand so it stays out of the first-load bundle. */
export type SearchEngine = typeof import('sitegen/theme/search');
export type SearchResult = import('sitegen/theme/search').SearchResult;
export type LoadedIndex = import('sitegen/theme/search').LoadedSearchIndex;
export type PageText = import('sitegen/theme/search').PageText;

/** Name of the query parameter that carries terms to highlight on the page a search result opens. */
export const HIGHLIGHT_PARAM = '_highlight';

let engine: Promise<SearchEngine> | null = null;

/** The engine module and this locale's index (each fetched once, then cached; a failure is retried next time). */
export async function loadSearch(site: SiteData): Promise<{ engine: SearchEngine; index: LoadedIndex }> {
  engine ??= import('sitegen/theme/search').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  const loaded = await engine;
  const index = await loaded.fetchSearchIndex(site.search.indexUrl, { pageOrigin: location.href });
  return { engine: loaded, index };
}

/** The site as search sees it on a page of docs version `version`: with that version's index in place of the locale's. */
export function searchSiteOf(site: SiteData, version: string | undefined): SiteData {
  const url = version === undefined ? undefined : site.search.versionIndexUrls?.[version];
  return url && url !== site.search.indexUrl ? { ...site, search: { ...site.search, indexUrl: url } } : site;
}

/** The URL a result opens: its page (and anchor), with the terms to highlight when the site asks for it. */
export function resultHref(site: SiteData, result: SearchResult): string {
  if (!site.search.highlightSearchTermsOnTargetPage || result.tokens.length === 0) return result.url;
  const [path, hash] = result.url.split('#');
  const query = result.tokens.map((t) => `${HIGHLIGHT_PARAM}=${encodeURIComponent(t)}`).join('&');
  return `${path}?${query}${hash ? `#${hash}` : ''}`;
}
