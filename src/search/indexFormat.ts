// The search files' format, shared by the writer (buildIndex.ts) and the readers (loadIndex.ts,
// pageText.ts). Browser-safe.
//
// search-index.json holds what ranking and the result list need, and no excerpt text.
// SPEC 7: the file is a list of entries `{ documents, index }`. Entry 0 holds the pages, entry 1
// their h2/h3 sections; entry 0's index also carries what both need once (vocabulary, BM25
// parameters, format version). Postings are flat integer lists so that JSON stays small:
//
//   per field: for each term present, ascending:  termIdDelta, n, then n postings
//   posting:   docDelta            (term frequency 1, the common case)
//          or  -docDelta, tf       (term frequency > 1)
//
// Term ids index the sorted vocabulary `w`; doc numbers index the entry's `documents`. Both deltas
// start from -1, so every delta is ≥ 1 and its sign is free to flag a frequency. Field lengths are
// not stored: they are the sums of the frequencies and are recomputed on load.
//
// The text excerpts are cut from lives in one small file per page, next to the index, fetched
// only for the pages whose results are shown (most queries show a handful of pages, and the text
// was over half of the index): `search-text/<page id>.json?v=<the index's revision>`.
//
//   { "v": 3, "d": description, "s": intro text, "x": [section text, …] }
//
// `x` lists the texts of the page's sections in section order (the order of their ids), "" for a
// section without text; `d` and `s` are left out when empty. Whitespace is collapsed everywhere.

/** Version of the format below (index and text files); readers refuse others. */
export const INDEX_FORMAT = 3;

/** Searchable fields. Pages: t title, k keywords, d description, c intro text. Sections: h heading, c text. */
export type FieldKey = 't' | 'k' | 'd' | 'h' | 'c';

/** A page: the unit a title, description or keyword match points to. */
export interface PageDocument {
  /** Id, unique across both entries (pages first); also names the page's text file. */
  i: number;
  /** Type: 0 is a page. */
  t: 0;
  /** URL path of the page. */
  u: string;
  /** Title. */
  h: string;
  /** 1 for a blog post; absent for docs. */
  c?: 1;
}

/** An h2/h3 section of a page: heading plus the text up to the next heading. */
export interface SectionDocument {
  i: number;
  /** Type: 1 is a section (its heading and text). */
  t: 1;
  /** Id of the page document the section belongs to. */
  p: number;
  /** Heading id, the URL fragment. */
  a: string;
  /** Heading text. */
  h: string;
}

export type SearchDocument = PageDocument | SectionDocument;

/** Postings of one entry. */
export interface EntryIndex {
  /** Field keys, in the order of `x`. */
  f: FieldKey[];
  /** Flat postings per field (see the file comment). */
  x: number[][];
}

/** Entry 0's index: its own postings plus the data both entries share. */
export interface HeadIndex extends EntryIndex {
  /** Format version. */
  v: typeof INDEX_FORMAT;
  /** Vocabulary, sorted by UTF-16 code units; term ids index it. */
  w: string[];
  /** BM25 length normalisation. */
  b: number;
  /** BM25 term-frequency saturation. */
  k1: number;
  /** 1 when English stop words were filtered, so queries filter them too. */
  s: 0 | 1;
  /** `search.language`: the languages whose word rules the index applied (text.ts `textOptionsFor`). Absent: en and zh. */
  l?: string[];
  /**
   * Revision of this build's index: the page texts are fetched with it as their `?v=` query, so a
   * browser never pairs this index with texts cached from another build (the index's own URL stays
   * the same from build to build, and so do the pages that name it).
   */
  r?: string;
  /**
   * Traditional characters a query may hold, each followed by the simplified one the index has
   * (`譯译圖图…`), and regional words, each followed by the index's word (`["软体", "软件", …]`, the
   * first already in the characters `z` converts to). Absent when there are none. chineseVariants.ts.
   */
  z?: string;
  zw?: string[];
  /** Synonym groups (`search.synonyms`) as index terms, each with a term the vocabulary has. Absent when none. */
  y?: string[][];
}

export type SearchIndexFile = [
  { documents: PageDocument[]; index: HeadIndex },
  { documents: SectionDocument[]; index: EntryIndex },
];

/** One page's excerpt text: `search-text/<page id>.json`. */
export interface PageTextFile {
  /** Format version. */
  v: typeof INDEX_FORMAT;
  /** Description (front matter). */
  d?: string;
  /** Text before the first heading. */
  s?: string;
  /** Text of each section, in section order. */
  x: string[];
}

/** Fields of pages and of sections, in posting order. */
export const PAGE_FIELDS: FieldKey[] = ['t', 'k', 'd', 'c'];
export const SECTION_FIELDS: FieldKey[] = ['h', 'c'];

/** The folder of the page text files, next to the index. */
export const TEXT_DIR = 'search-text';

/** `search-index.json`, or a docs version's `search-index-docs-10.x.json` (the spec's `search-index{dir}.json`). */
const INDEX_NAME_RE = /search-index((?:-[\w.~-]+)?)\.json(?=$|[?#])/;

/**
 * Where a page's text file is, from where the index is: an output path (`en/search-index.json` →
 * `en/search-text/3.json`; a version's `search-index-docs-10.x.json` → `search-text-docs-10.x/3.json`) or a URL,
 * whose query is kept (`/search-index.json?v=ab` → `/search-text/3.json?v=ab`): a new build's texts are never
 * taken from an old cache.
 */
export function pageTextPath(indexPath: string, pageId: number): string {
  if (!INDEX_NAME_RE.test(indexPath)) throw new Error(`not a search index path: ${indexPath}`);
  return indexPath.replace(INDEX_NAME_RE, (_, dir: string) => `${TEXT_DIR}${dir}/${pageId}.json`);
}
