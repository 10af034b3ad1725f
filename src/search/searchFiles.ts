// Which pages a locale's search index holds, and the files it is written as. Build-side only (the
// browser bundles context.ts, which this uses).
import { isUnderPath } from './context.js';
import { pageTextPath } from './indexFormat.js';

/** The pages a search index holds, in page-id order: those no `ignoreFiles` entry (a path under the locale) covers. */
export function indexedPages<P extends { url: string }>(pages: P[], ignoreFiles: string[]): P[] {
  return pages.filter((page) => !ignoreFiles.some((entry) => isUnderPath(page.url, entry)));
}

/** The output paths of an index at `indexPath`: itself, then `search-text/<id>.json` for each page it holds. */
export function searchFilePaths(indexPath: string, pages: { url: string }[], ignoreFiles: string[]): string[] {
  return [indexPath, ...indexedPages(pages, ignoreFiles).map((_, id) => pageTextPath(indexPath, id))];
}
