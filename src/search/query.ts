// The search engine's public API, shared by the browser, `sitegen search` and the tests.
// Browser-safe: no Node imports anywhere below this module.
import type { FieldKey, PageDocument, SearchDocument } from './indexFormat.js';
import type { LoadedSearchIndex } from './loadIndex.js';
import { groupResults } from './groupResults.js';
import { scoreQuery, type ScoredDocument } from './scoreQuery.js';
import { parseQuery, type QueryTerm } from './parseQuery.js';
import { excerpt, matchRanges, type TextSegment } from './excerpt.js';
import { inScope, type ContextScope } from './context.js';
import type { PageText } from './pageText.js';

export { inScope, searchContextOf, searchPageUrl, scopeFromParams, type ContextScope } from './context.js';
export { loadSearchIndex, type LoadedSearchIndex } from './loadIndex.js';
export { loadPageText, type PageText } from './pageText.js';
export { excerpt, markMatches, type TextSegment } from './excerpt.js';
export {
  createPageTextFetcher,
  createSearchIndexFetcher,
  fetchPageText,
  fetchSearchIndex,
  type FetchIndexOptions,
  type PageTextFetcher,
  type SearchIndexFetcher,
} from './fetchIndex.js';
export { pageTextPath } from './indexFormat.js';
export type { FieldKey, PageDocument, PageTextFile, SearchDocument, SectionDocument, SearchIndexFile } from './indexFormat.js';

/** One search hit (SPEC 3: document, type, page, metadata, tokens, score). */
export interface SearchResult {
  /** The page or section that matched. */
  document: SearchDocument;
  /** 0: a page (title, keywords, description or intro matched); 1: a section (heading or text). */
  type: 0 | 1;
  /** The page the document belongs to (the document itself for a page). */
  page: PageDocument;
  /** Where the result leads: the page URL, plus `#anchor` for a section. */
  url: string;
  /** A section's position among its page's sections (where its text is in the page's text); -1 for a page. */
  sectionIndex: number;
  /**
   * Whether the result has text to cut an excerpt from (an indexed word in its description, intro
   * or section text): known before the page's text is fetched, so a list can keep room for it.
   */
  hasExcerpt: boolean;
  /** Matched vocabulary terms and the fields each matched in (`t` on a section: its page title). */
  metadata: Record<string, FieldKey[]>;
  /**
   * What to highlight, longest first: the matched vocabulary terms, except that a Chinese term is
   * marked as typed (翻译, not its completion 翻译成; 本 of 生词本 only as 生词本, never alone).
   */
  tokens: string[];
  score: number;
  /**
   * A weaker match, ranked after the others: every query term but one (a dropped-term variant), every
   * term only across the page's sections, every term only in passing in the text, or part of a long
   * question's words (`LONG_QUERY_TERMS`).
   */
  partial: boolean;
  /** Grouped under its page with more of the page's results after it (only when grouped). */
  isIntermediate: boolean;
  /** Grouped under its page, the last of them (only when grouped). */
  isLast: boolean;
}

export interface SearchOptions {
  /** Results returned at most (SPEC 9: 8 in the dropdown). */
  limit?: number;
  /** Group results under their page and mark the tree (default); false: plain score order. */
  group?: boolean;
  /** Only results within a search context, or only outside it. */
  scope?: ContextScope;
}

function pageOf(index: LoadedSearchIndex, id: number): PageDocument {
  const document = index.documents[id]!;
  return document.t === 0 ? document : index.pages[document.p]!;
}

/** The vocabulary words the query's Chinese terms matched, each with what to mark for it (`QueryTerm.marks`). */
function marksOf(index: LoadedSearchIndex, terms: QueryTerm[]): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  for (const term of terms) {
    for (const c of term.marks ? term.candidates : []) {
      const word = index.words[c.id]!;
      if (word.includes(term.text) && !marks.has(word)) marks.set(word, term.marks!);
    }
  }
  return marks;
}

function resultOf(index: LoadedSearchIndex, scored: ScoredDocument, marks: Map<string, string[]>): SearchResult {
  const document = index.documents[scored.id]!;
  const page = pageOf(index, scored.id);
  const { d, c } = index.lengths;
  return {
    document,
    type: document.t,
    page,
    url: document.t === 0 ? page.u : `${page.u}#${document.a}`,
    sectionIndex: document.t === 0 ? -1 : index.sectionsOf[page.i]!.indexOf(document.i),
    hasExcerpt: d[document.i]! + c[document.i]! > 0,
    metadata: scored.metadata,
    tokens: [...new Set(Object.keys(scored.metadata).flatMap((word) => marks.get(word) ?? word))].sort((a, b) => b.length - a.length),
    score: scored.score,
    partial: scored.tier > 0,
    isIntermediate: false,
    isLast: false,
  };
}

/**
 * The excerpt to show under a result, from its page's text (`fetchPageText`; undefined while it
 * loads: no excerpt yet): a section's text, or for a page whichever of description and intro holds
 * a match (the description when neither does), cut around the first match.
 */
export function resultExcerpt(result: SearchResult, text: PageText | undefined, maxLength = 50): TextSegment[] {
  if (!text || !result.hasExcerpt) return [];
  const sources = (result.type === 1 ? [text.sections[result.sectionIndex]] : [text.description, text.intro]).filter((t): t is string => !!t);
  const source = sources.find((t) => matchRanges(t, result.tokens).length > 0) ?? sources[0] ?? '';
  return excerpt(source, result.tokens, maxLength);
}

/**
 * Searches a loaded index. Every query term must match (the last one as a prefix); a query of
 * more than two terms also returns documents missing one term, after all full matches. An
 * empty query, or one made only of stop words, returns nothing.
 */
export function searchIndex(index: LoadedSearchIndex, query: string, options: SearchOptions = {}): SearchResult[] {
  const { limit = 8, group = true, scope } = options;
  const terms = parseQuery(index, query);
  let scored = scoreQuery(index, terms);
  if (scope) scored = scored.filter((s) => inScope(pageOf(index, s.id).u, scope));
  scored = scored.slice(0, Math.max(0, limit));
  const marks = marksOf(index, terms);
  const results = scored.map((s) => resultOf(index, s, marks));
  return group ? groupResults(results) : results;
}
