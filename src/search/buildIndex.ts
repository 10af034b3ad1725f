// Writes one locale's search index and page texts from its pages (format: indexFormat.ts).
import type { SearchConfig, SearchPage } from '../types.js';
import {
  INDEX_FORMAT,
  PAGE_FIELDS,
  SECTION_FIELDS,
  type PageDocument,
  type HeadIndex,
  type PageTextFile,
  type SearchIndexFile,
  type SectionDocument,
} from './indexFormat.js';
import { indexedPages } from './searchFiles.js';
import { keepDictionaries, prepareChinese, tokenize } from './tokenize.js';
import { NOT_WORKING_WORDS } from './stopWords.js';
import { isHanTerm, synonymTerm, textOptionsFor, type TextOptions } from './text.js';
import { createDiskCache } from '../cache/diskCache.js';
import { variantFields, type VariantFields } from './traditionalForms.js';
import { readVariants, simplifyChars } from './chineseVariants.js';
import { encodePostings, updatePostings, type IndexPostings, type LastIndexStore, type PageTerms, type Postings } from './updateIndex.js';

export type { PageTerms } from './updateIndex.js';
export { lastIndexStore } from './updateIndex.js';

/** Term frequencies of one field of one document, in the order the terms first occur (as cached). */
type FieldTerms = [string, number][];

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
  return createDiskCache(dir, 'search-terms-v2', isPageTerms, undefined, { keep: 'all' });
}

/** A page's key in the term cache: its texts that are tokenised, and the options. */
function termKey(page: SearchPage, options: TextOptions, cache: TermCache): string {
  return cache.key('terms', options, page.title, page.keywords, page.description, page.intro, page.sections.map((s) => [s.heading, s.text]));
}

/** The texts of a page that are tokenised, in field order; keywords are joined with a separator so that jieba never glues two of them into one word. */
function pageTexts(page: SearchPage): { fields: string[]; sections: string[][] } {
  return { fields: [page.title, page.keywords.join(' , '), page.description, page.intro], sections: page.sections.map((section) => [section.heading, section.text]) };
}

/** The term counts of pages, from the cache (by their `keys`) or tokenised, then cached. */
function termsOfPages(pages: SearchPage[], keys: string[] | undefined, options: TextOptions, cache?: TermCache): PageTerms[] {
  const found = pages.map((page, p) => {
    const stored = keys && cache!.get(keys[p]!);
    return stored && stored.fields.length === PAGE_FIELDS.length && stored.sections.length === page.sections.length ? stored : null;
  });
  // Jieba loads with the words of the characters the pages to tokenise hold (tokenize.ts); not at all without Chinese words.
  if (options.words?.zh !== false) prepareChinese(pages.flatMap((page, p) => {
    if (found[p]) return [];
    const texts = pageTexts(page);
    return [...texts.fields, ...texts.sections.flat()];
  }));
  return pages.map((page, p) => {
    if (found[p]) return found[p];
    const texts = pageTexts(page);
    const terms: PageTerms = {
      fields: texts.fields.map((text) => countTerms(text, options)),
      sections: texts.sections.map((section) => section.map((text) => countTerms(text, options))),
    };
    if (keys) cache!.set(keys[p]!, terms);
    return terms;
  });
}

/** The vocabulary and encoded postings of pages' terms, built afresh. */
function allPostings(terms: PageTerms[]): IndexPostings {
  const sections = terms.flatMap((page) => page.sections);
  const vocabulary = new Set<string>();
  for (const unit of [...terms.map((page) => page.fields), ...sections]) for (const field of unit) for (const [term] of field) vocabulary.add(term);
  // Code-unit order, the order the reader's binary search for prefixes assumes (and the default sort's).
  const words = [...vocabulary].sort();
  const termIds = new Map(words.map((word, id) => [word, id]));
  const postings = (units: FieldTerms[][], field: number): Postings => {
    // Postings by term id, in doc order: walked in id order when encoded, so no sort.
    const byTerm: Postings = new Array(words.length);
    units.forEach((unit, doc) => {
      for (const [term, tf] of unit[field]!) {
        const id = termIds.get(term)!;
        const list = byTerm[id];
        if (list) list.push(doc, tf);
        else byTerm[id] = [doc, tf];
      }
    });
    return byTerm;
  };
  const pageFields = terms.map((page) => page.fields);
  // Encoded field by field, so that one field's lists are alive at a time (the 50x corpus's are big).
  return { words, pages: PAGE_FIELDS.map((_, f) => encodePostings(postings(pageFields, f))), sections: SECTION_FIELDS.map((_, f) => encodePostings(postings(sections, f))) };
}

/** The excerpt text of each page of the index, by page id (its file: `search-text/<id>.json`). */
export function buildPageTexts(pages: SearchPage[], config: SearchConfig): PageTextFile[] {
  return indexedPages(pages, config).map((page) => {
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

/**
 * The index and the page texts of one locale, serialised. With a term cache and the store of the
 * locale's last index (`last`), the index is that one updated for the pages whose terms changed
 * (updateIndex.ts) when it can be, and it is kept there for the next build.
 */
export function buildSearchJson(pages: SearchPage[], config: SearchConfig, revision?: string, terms?: TermCache, last?: LastIndexStore): SearchJson {
  const { file, keys } = indexWithKeys(pages, config, revision, terms, last);
  const index = JSON.stringify(file);
  if (keys && last) last.write(keys, index);
  return { index, texts: buildPageTexts(pages, config).map((file) => JSON.stringify(file)) };
}

/**
 * Builds the search index of one locale, without the excerpt text (see `buildPageTexts`). Pages
 * matched by `config.ignoreFiles` are left out; every other page yields a page document and one
 * document per h2/h3 section. Ranking is done by the reader (scoreQuery.ts), from the term
 * frequencies stored here and `config.b` / `config.k1`.
 */
export function buildSearchIndex(pages: SearchPage[], config: SearchConfig, revision?: string, terms?: TermCache): SearchIndexFile {
  return indexWithKeys(pages, config, revision, terms).file;
}

/**
 * The synonym groups as index terms, those with a term the vocabulary has (the others cannot find
 * anything). A word in traditional characters is converted as a query's are (`variants`), or no query
 * would ever reach it.
 */
function synonymGroups(synonyms: string[][], words: string[], options: TextOptions, variants: VariantFields): { y?: string[][] } {
  if (!synonyms?.length) return {};
  const vocabulary = new Set(words);
  const chars = readVariants(variants.z, undefined);
  const groups: string[][] = [];
  for (const group of synonyms) {
    const terms = [...new Set(group.map((word) => synonymTerm(simplifyChars(word, chars), options)).filter((term): term is string => term !== null))];
    if (terms.length > 1 && terms.some((term) => vocabulary.has(term))) groups.push(terms);
  }
  return groups.length > 0 ? { y: groups } : {};
}

/**
 * The Chinese words of the synonym groups, indexed whole where pages write them (`TextOptions.whole`):
 * jieba cuts a name it does not know into characters (有道: 有 + 道), and a synonym (youdao) could
 * otherwise reach no term, nor a query the pages' word.
 */
function wholeWords(synonyms: string[][], options: TextOptions): { whole?: string[] } {
  if (options.words?.zh === false) return {};
  const words = new Set(synonyms.flat().map((word) => synonymTerm(word, options) ?? '').filter((term) => isHanTerm(term) && term.length > 1));
  return words.size > 0 ? { whole: [...words].sort() } : {};
}

/** The index's Chinese variants (traditionalForms.ts): the last index's when its Chinese terms were the same. */
function variantsOf(words: string[], last: Partial<HeadIndex> | undefined): VariantFields {
  const lastWords = last?.w;
  if (!Array.isArray(lastWords) || !sameHanTerms(words, lastWords)) return variantFields(words);
  const fields: VariantFields = {};
  if (typeof last!.z === 'string') fields.z = last!.z;
  if (Array.isArray(last!.zw)) fields.zw = last!.zw;
  return fields;
}

/** Whether two sorted vocabularies hold the same Chinese terms. */
function sameHanTerms(a: string[], b: string[]): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !isHanTerm(a[i]!)) i++;
    while (j < b.length && !isHanTerm(b[j]!)) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i++] !== b[j++]) return false;
  }
}

/** The index, and the term-cache key of each page it holds (with a term cache). */
function indexWithKeys(pages: SearchPage[], config: SearchConfig, revision?: string, cache?: TermCache, last?: LastIndexStore): { file: SearchIndexFile; keys?: string[] } {
  const general = textOptionsFor(config.language, config.removeDefaultStopWordFilter);
  // The site's groups, and with Chinese words, the words of complaint (不工作 finds 失效).
  const synonyms = [...(config.synonyms ?? []), ...(general.words?.zh === false ? [] : [[...NOT_WORKING_WORDS]])];
  const options: TextOptions = { ...general, ...wholeWords(synonyms, general) };
  const kept = indexedPages(pages, config);
  const keys = cache && kept.map((page) => termKey(page, options, cache));
  const previous = keys && last?.read();
  const updated = previous && updatePostings(previous, keys!, kept.map((page) => page.sections.length), (changed) => termsOfPages(changed.map((p) => kept[p]!), changed.map((p) => keys![p]!), options, cache));
  const postings = updated || allPostings(termsOfPages(kept, keys, options, cache));
  // Updated, the last index was made by this toolchain (its pages' keys hash it), OpenCC's tables included.
  const variants = variantsOf(postings.words, updated ? previous!.file[0]?.index : undefined);
  const sectionDocs: SectionDocument[] = [];
  kept.forEach((page, p) => {
    for (const section of page.sections) sectionDocs.push({ i: kept.length + sectionDocs.length, t: 1, p, a: section.id, h: clean(section.heading) });
  });
  const file: SearchIndexFile = [
    {
      documents: kept.map(pageDocument),
      index: {
        v: INDEX_FORMAT,
        w: postings.words,
        b: config.b,
        k1: config.k1,
        s: options.stopWords ? 1 : 0,
        l: config.language,
        ...(revision ? { r: revision } : {}),
        ...variants,
        ...synonymGroups(synonyms, postings.words, options, variants),
        f: PAGE_FIELDS,
        x: postings.pages,
      },
    },
    { documents: sectionDocs, index: { f: SECTION_FIELDS, x: postings.sections } },
  ];
  return { file, keys };
}
