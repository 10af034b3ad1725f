// Writes one locale's search index and page texts from its pages (format: indexFormat.ts).
import type { SearchConfig, SearchPage } from '../types.js';
import {
  INDEX_FORMAT,
  PAGE_FIELDS,
  SECTION_FIELDS,
  type FieldKey,
  type PageDocument,
  type PageTextFile,
  type SearchIndexFile,
  type SectionDocument,
} from './indexFormat.js';
import { indexedPages } from './searchFiles.js';
import { keepDictionaries, prepareChinese, tokenize } from './tokenize.js';
import type { TextOptions } from './text.js';
import { createDiskCache } from '../cache/diskCache.js';

/** Term frequencies of one field of one document, in the order the terms first occur (as cached). */
type FieldTerms = [string, number][];

/** A document and the terms of each of its fields, in the entry's field order. */
interface Tokenized<D> {
  doc: D;
  fields: FieldTerms[];
}

const SPACE_RE = /\s+/g;

function clean(text: string): string {
  return text.replace(SPACE_RE, ' ').trim();
}

function countTerms(text: string, options: TextOptions): FieldTerms {
  const counts = new Map<string, number>();
  for (const term of tokenize(text, options)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts];
}

function pageDocument(page: SearchPage, i: number): PageDocument {
  const doc: PageDocument = { i, t: 0, u: page.url, h: clean(page.title) };
  if (page.category === 'blog') doc.c = 1;
  return doc;
}

/** A page's term counts: its fields (title, keywords, description, intro), then each section's (heading, text). */
export interface PageTerms {
  fields: [string, number][][];
  sections: [string, number][][][];
}

/**
 * Where term counts of pages are kept between builds (the build cache): tokenising is most of the
 * index's cost (jieba for Chinese), and a rebuild after one edit then tokenises that page only.
 */
export interface TermCache {
  key(...parts: unknown[]): string;
  get(key: string): PageTerms | undefined;
  set(key: string, value: PageTerms): void;
}

function isPageTerms(value: unknown): value is PageTerms {
  const v = value as PageTerms | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.fields) && Array.isArray(v.sections);
}

/**
 * The term cache in the build cache. It keeps every entry when merging (a build that rebuilds one
 * locale's index does not use the other's terms) and starts afresh past its size limit. Jieba's cut
 * dictionaries are kept in the same build cache (`keepDictionaries`).
 */
export function searchTermCache(dir: string | null) {
  keepDictionaries(dir);
  return createDiskCache(dir, 'search-terms-v1', isPageTerms, undefined, { keep: 'all' });
}

/** The term counts of a page from the cache, or what tokenising needs: its cache key and texts. */
function cachedTerms(page: SearchPage, options: TextOptions, cache?: TermCache): { fields: FieldTerms[]; sections: FieldTerms[][] } | { key: string | undefined } {
  const key = cache?.key('terms', options, page.title, page.keywords, page.description, page.intro, page.sections.map((s) => [s.heading, s.text]));
  const stored = key === undefined ? undefined : cache!.get(key);
  if (stored && stored.fields.length === 4 && stored.sections.length === page.sections.length) {
    return stored;
  }
  return { key };
}

/** The texts of a page that are tokenised, in field order; keywords are joined with a separator so that jieba never glues two of them into one word. */
function pageTexts(page: SearchPage): { fields: string[]; sections: string[][] } {
  return { fields: [page.title, page.keywords.join(' , '), page.description, page.intro], sections: page.sections.map((section) => [section.heading, section.text]) };
}

function termsOf(page: SearchPage, key: string | undefined, options: TextOptions, cache?: TermCache): { fields: FieldTerms[]; sections: FieldTerms[][] } {
  const texts = pageTexts(page);
  const fields = texts.fields.map((text) => countTerms(text, options));
  const sections = texts.sections.map((section) => section.map((text) => countTerms(text, options)));
  if (key !== undefined) cache!.set(key, { fields, sections });
  return { fields, sections };
}

function tokenizeAll(pages: SearchPage[], options: TextOptions, cache?: TermCache): { pageUnits: Tokenized<PageDocument>[]; sectionUnits: Tokenized<SectionDocument>[] } {
  const pageUnits: Tokenized<PageDocument>[] = [];
  const sectionUnits: Tokenized<SectionDocument>[] = [];
  const found = pages.map((page) => cachedTerms(page, options, cache));
  // Jieba loads with the words of the characters the pages to tokenise hold (tokenize.ts).
  prepareChinese(pages.flatMap((page, p) => {
    if (!('key' in found[p]!)) return [];
    const texts = pageTexts(page);
    return [...texts.fields, ...texts.sections.flat()];
  }));
  pages.forEach((page, p) => {
    const known = found[p]!;
    const terms = 'key' in known ? termsOf(page, known.key, options, cache) : known;
    pageUnits.push({ doc: pageDocument(page, p), fields: terms.fields });
    page.sections.forEach((section, s) => {
      const doc: SectionDocument = { i: pages.length + sectionUnits.length, t: 1, p, a: section.id, h: clean(section.heading) };
      sectionUnits.push({ doc, fields: terms.sections[s]! });
    });
  });
  return { pageUnits, sectionUnits };
}

function vocabularyOf(units: Tokenized<unknown>[]): string[] {
  const terms = new Set<string>();
  for (const unit of units) for (const field of unit.fields) for (const [term] of field) terms.add(term);
  // Code-unit order, the order the reader's binary search for prefixes assumes (and the default sort's).
  return [...terms].sort();
}

/** Encodes one field's postings (see indexFormat.ts). */
function encodeField(units: Tokenized<unknown>[], field: number, termIds: Map<string, number>): number[] {
  // Postings by term id (doc, tf pairs in doc order): walked in id order, so no sort.
  const byTerm: (number[] | undefined)[] = new Array(termIds.size);
  units.forEach((unit, doc) => {
    for (const [term, tf] of unit.fields[field]!) {
      const id = termIds.get(term)!;
      const list = byTerm[id];
      if (list) list.push(doc, tf);
      else byTerm[id] = [doc, tf];
    }
  });
  const out: number[] = [];
  let prevTerm = -1;
  for (let id = 0; id < byTerm.length; id++) {
    const list = byTerm[id];
    if (!list) continue;
    out.push(id - prevTerm, list.length / 2);
    prevTerm = id;
    let prevDoc = -1;
    for (let j = 0; j < list.length; j += 2) {
      const delta = list[j]! - prevDoc;
      prevDoc = list[j]!;
      if (list[j + 1] === 1) out.push(delta);
      else out.push(-delta, list[j + 1]!);
    }
  }
  return out;
}

function encodeEntry(units: Tokenized<unknown>[], fields: FieldKey[], termIds: Map<string, number>) {
  return { f: fields, x: fields.map((_, field) => encodeField(units, field, termIds)) };
}

/** The excerpt text of each page of the index, by page id (its file: `search-text/<id>.json`). */
export function buildPageTexts(pages: SearchPage[], config: SearchConfig): PageTextFile[] {
  return indexedPages(pages, config.ignoreFiles).map((page) => {
    const file: PageTextFile = { v: INDEX_FORMAT, x: page.sections.map((section) => clean(section.text)) };
    const description = clean(page.description);
    const intro = clean(page.intro);
    if (description) file.d = description;
    if (intro) file.s = intro;
    return file;
  });
}

/** A locale's search files as JSON: the index and its page texts (`texts[id]`). */
export interface SearchJson {
  index: string;
  texts: string[];
}

/** The index and the page texts of one locale, serialised. */
export function buildSearchJson(pages: SearchPage[], config: SearchConfig, revision?: string, terms?: TermCache): SearchJson {
  return { index: JSON.stringify(buildSearchIndex(pages, config, revision, terms)), texts: buildPageTexts(pages, config).map((file) => JSON.stringify(file)) };
}

/**
 * Builds the search index of one locale, without the excerpt text (see `buildPageTexts`). Pages
 * matched by `config.ignoreFiles` are left out; every other page yields a page document and one
 * document per h2/h3 section. Ranking is done by the reader (scoreQuery.ts), from the term
 * frequencies stored here and `config.b` / `config.k1`.
 */
export function buildSearchIndex(pages: SearchPage[], config: SearchConfig, revision?: string, terms?: TermCache): SearchIndexFile {
  const options: TextOptions = { stopWords: !config.removeDefaultStopWordFilter };
  const kept = indexedPages(pages, config.ignoreFiles);
  const { pageUnits, sectionUnits } = tokenizeAll(kept, options, terms);
  const words = vocabularyOf([...pageUnits, ...sectionUnits]);
  const termIds = new Map(words.map((word, id) => [word, id]));
  return [
    {
      documents: pageUnits.map((u) => u.doc),
      index: {
        v: INDEX_FORMAT,
        w: words,
        b: config.b,
        k1: config.k1,
        s: options.stopWords ? 1 : 0,
        ...(revision ? { r: revision } : {}),
        ...encodeEntry(pageUnits, PAGE_FIELDS, termIds),
      },
    },
    { documents: sectionUnits.map((u) => u.doc), index: encodeEntry(sectionUnits, SECTION_FIELDS, termIds) },
  ];
}
