// Reads search-index.json (indexFormat.ts) into the lookup tables the query engine needs.
// Browser-safe: no Node imports.
import {
  INDEX_FORMAT,
  type EntryIndex,
  type FieldKey,
  type PageDocument,
  type SearchDocument,
  type SearchIndexFile,
} from './indexFormat.js';
import { DEFAULT_SEARCH_LANGUAGES, isHanTerm, textOptionsFor, type TextOptions } from './text.js';
import { readVariants, type ChineseVariants } from './chineseVariants.js';

/** Where one term occurs in one field. */
export interface FieldPostings {
  field: FieldKey;
  /** Document ids (`i`), ascending. */
  docs: number[];
  /** Term frequency per entry of `docs`. */
  tfs: number[];
}

/** A loaded index, ready for `searchIndex`. */
export interface LoadedSearchIndex {
  /** Every document by id (`i`). */
  documents: SearchDocument[];
  pages: PageDocument[];
  /** Section ids of each page, by page id. */
  sectionsOf: number[][];
  /** Sorted vocabulary and its reverse. */
  words: string[];
  termIds: Map<string, number>;
  /** Postings per term id. */
  postings: FieldPostings[][];
  /** Documents containing each term in any field, per term id. */
  df: Uint32Array;
  /** Token count of each field, by document id. */
  lengths: Record<FieldKey, Float64Array>;
  /** Mean token count of each field over the documents that have it. */
  avgLength: Record<FieldKey, number>;
  /** Chinese terms' document frequencies and the longest one, for query segmentation. */
  han: { df: Map<string, number>; maxLength: number; total: number };
  b: number;
  k1: number;
  /** How the index split text (`search.language`): queries are split the same way. */
  text: TextOptions;
  /** The build's revision of the index ('' for an index without one): the page texts' `?v=` query. */
  revision: string;
  /** Traditional characters and regional words a query is converted from (traditionalForms.ts). */
  variants: ChineseVariants;
  /** For a term of a synonym group (`search.synonyms`), the other terms of its groups. */
  synonyms: Map<string, string[]>;
}

const FIELD_KEYS: FieldKey[] = ['t', 'k', 'd', 'h', 'c'];

function isIndexFile(json: unknown): json is SearchIndexFile {
  if (!Array.isArray(json) || json.length !== 2) return false;
  const head = (json[0] as { index?: { v?: unknown } } | undefined)?.index;
  return head?.v === INDEX_FORMAT;
}

function decodeEntry(
  entry: { documents: SearchDocument[]; index: EntryIndex },
  loaded: Pick<LoadedSearchIndex, 'postings' | 'lengths'>,
): void {
  const base = entry.documents[0]?.i ?? 0;
  entry.index.f.forEach((field, f) => {
    const flat = entry.index.x[f]!;
    const lengths = loaded.lengths[field];
    let term = -1;
    for (let pos = 0; pos < flat.length; ) {
      term += flat[pos++]!;
      const count = flat[pos++]!;
      const list: FieldPostings = { field, docs: [], tfs: [] };
      let doc = -1;
      for (let n = 0; n < count; n++) {
        const delta = flat[pos++]!;
        const tf = delta < 0 ? flat[pos++]! : 1;
        doc += Math.abs(delta);
        list.docs.push(base + doc);
        list.tfs.push(tf);
        lengths[base + doc] = lengths[base + doc]! + tf;
      }
      loaded.postings[term]!.push(list);
    }
  });
}

function documentFrequencies(postings: FieldPostings[][], docCount: number): Uint32Array {
  const df = new Uint32Array(postings.length);
  const seen = new Int32Array(docCount).fill(-1);
  postings.forEach((lists, term) => {
    for (const list of lists) {
      for (const doc of list.docs) {
        if (seen[doc] !== term) {
          seen[doc] = term;
          df[term]!++;
        }
      }
    }
  });
  return df;
}

function averages(lengths: Record<FieldKey, Float64Array>): Record<FieldKey, number> {
  const avg = {} as Record<FieldKey, number>;
  for (const key of FIELD_KEYS) {
    let sum = 0;
    let count = 0;
    for (const len of lengths[key]) if (len > 0) (sum += len), count++;
    avg[key] = count > 0 ? sum / count : 1;
  }
  return avg;
}

function hanVocabulary(words: string[], df: Uint32Array): LoadedSearchIndex['han'] {
  const han = { df: new Map<string, number>(), maxLength: 1, total: 0 };
  words.forEach((word, id) => {
    if (!isHanTerm(word)) return;
    han.df.set(word, df[id]!);
    han.maxLength = Math.max(han.maxLength, word.length);
    han.total += df[id]!;
  });
  return han;
}

/** Words a query is segmented into besides the vocabulary's (a synonym, a regional word), with no weight of their own. */
function addSegmentationWord(han: LoadedSearchIndex['han'], word: string): void {
  if (!isHanTerm(word) || han.df.has(word)) return;
  han.df.set(word, 0);
  han.maxLength = Math.max(han.maxLength, word.length);
}

/**
 * Each term of the groups with the others of its groups. A Chinese word the vocabulary lacks joins the
 * words a query is segmented into (`han`), so that 谷歌 in 「谷歌翻译」 comes out whole.
 */
function synonymsOf(groups: unknown, han: LoadedSearchIndex['han']): Map<string, string[]> {
  const synonyms = new Map<string, string[]>();
  if (!Array.isArray(groups)) return synonyms;
  for (const group of groups) {
    if (!Array.isArray(group) || !group.every((term) => typeof term === 'string' && term !== '')) continue;
    for (const term of group as string[]) {
      const others = synonyms.get(term) ?? [];
      for (const other of group as string[]) if (other !== term && !others.includes(other)) others.push(other);
      synonyms.set(term, others);
      addSegmentationWord(han, term);
    }
  }
  return synonyms;
}

/** Reads a parsed search-index.json. Throws when it is not an index this version can read. */
export function loadSearchIndex(json: unknown): LoadedSearchIndex {
  if (!isIndexFile(json)) throw new Error('Unsupported search index format: rebuild the site with `sitegen build`');
  const [pageEntry, sectionEntry] = json;
  const documents: SearchDocument[] = [...pageEntry.documents, ...sectionEntry.documents];
  // Ids are positions, and a section's page is a page: anything else is a damaged file, not a query's problem.
  const pages = pageEntry.documents.length;
  if (!documents.every((doc, i) => doc.i === i) || !sectionEntry.documents.every((s) => Number.isInteger(s.p) && s.p >= 0 && s.p < pages)) {
    throw new Error('Damaged search index: rebuild the site with `sitegen build`');
  }
  const words = pageEntry.index.w;
  const postings: FieldPostings[][] = words.map(() => []);
  const lengths = {} as Record<FieldKey, Float64Array>;
  for (const key of FIELD_KEYS) lengths[key] = new Float64Array(documents.length);
  decodeEntry(pageEntry, { postings, lengths });
  decodeEntry(sectionEntry, { postings, lengths });
  const sectionsOf: number[][] = pageEntry.documents.map(() => []);
  for (const section of sectionEntry.documents) sectionsOf[section.p]!.push(section.i);
  const df = documentFrequencies(postings, documents.length);
  const han = hanVocabulary(words, df);
  const variants = readVariants(pageEntry.index.z, pageEntry.index.zw);
  // 「軟體衝突」: 软体 is cut whole, to be replaced by 软件 (parseQuery.ts).
  for (const word of variants.words.keys()) addSegmentationWord(han, word);
  return {
    documents,
    pages: pageEntry.documents,
    sectionsOf,
    words,
    termIds: new Map(words.map((word, id) => [word, id])),
    postings,
    df,
    lengths,
    avgLength: averages(lengths),
    han,
    b: pageEntry.index.b,
    k1: pageEntry.index.k1,
    text: { ...textOptionsFor(Array.isArray(pageEntry.index.l) ? pageEntry.index.l : DEFAULT_SEARCH_LANGUAGES, false), stopWords: pageEntry.index.s === 1 },
    revision: typeof pageEntry.index.r === 'string' ? pageEntry.index.r : '',
    variants,
    synonyms: synonymsOf(pageEntry.index.y, han),
  };
}

