// Small in-memory corpora for the search tests. Indexes go through JSON, as in the browser.
import type { SearchConfig, SearchPage } from '../../../src/types.js';
import { buildPageTexts, buildSearchIndex } from '../../../src/search/buildIndex.js';
import { DEFAULT_SEARCH } from '../../../src/config/resolveConfig.js';
import { loadPageText, loadSearchIndex, type LoadedSearchIndex, type PageText } from '../../../src/search/query.js';

/** SPEC 9's search options: the config defaults, and the pages the bundled site's config leaves out. */
export const SEARCH_CONFIG: SearchConfig = { ...DEFAULT_SEARCH, ignoreFiles: ['docs/faq', 'docs/_ph', 'docs/vc', 'docs/before-buy'] };

type Section = SearchPage['sections'][number];

/** A page with empty fields except those given; sections as `[heading, text]` pairs. */
export function page(
  url: string,
  fields: Partial<Omit<SearchPage, 'sections'>> & { sections?: [string, string][] } = {},
): SearchPage {
  const sections: Section[] = (fields.sections ?? []).map(([heading, text], n) => ({
    id: `s${n + 1}`,
    heading,
    depth: 2,
    text,
  }));
  return {
    url,
    title: fields.title ?? '',
    description: fields.description ?? '',
    keywords: fields.keywords ?? [],
    intro: fields.intro ?? '',
    category: fields.category ?? 'docs',
    sections,
  };
}

/** Builds, serialises and reloads an index, as the browser would receive it. */
export function indexOf(pages: SearchPage[], config: SearchConfig = SEARCH_CONFIG): LoadedSearchIndex {
  return loadSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(pages, config))));
}

/** Builds, serialises and reloads the page texts of an index, by page id. */
export function textsOf(pages: SearchPage[], config: SearchConfig = SEARCH_CONFIG): PageText[] {
  return buildPageTexts(pages, config).map((file) => loadPageText(JSON.parse(JSON.stringify(file))));
}
