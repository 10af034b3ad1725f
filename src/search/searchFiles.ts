// Which pages a locale's search index holds, and the files it is written as. Build-side only (the
// browser bundles context.ts, which this uses).
import { isUnderPath } from './context.js';
import { pageTextPath } from './indexFormat.js';
import type { SearchConfig } from '../types.js';

/** The pages a search index holds, in page-id order: those no `ignoreFiles` entry (a path under the locale, past the site's `baseUrl`) covers. */
export function indexedPages<P extends { url: string; ignoreAs?: string }>(pages: P[], search: Pick<SearchConfig, 'ignoreFiles' | 'baseUrl'>): P[] {
  const ignored = (url: string) => search.ignoreFiles.some((entry) => isUnderPath(url, entry, search.baseUrl));
  return pages.filter((page) => !ignored(page.url) && (page.ignoreAs === undefined || !ignored(page.ignoreAs)));
}

/** The output paths of an index at `indexPath`: itself, then `search-text/<id>.json` for each page it holds. */
export function searchFilePaths(indexPath: string, pages: { url: string }[], search: Pick<SearchConfig, 'ignoreFiles' | 'baseUrl'>): string[] {
  return [indexPath, ...indexedPages(pages, search).map((_, id) => pageTextPath(indexPath, id))];
}
