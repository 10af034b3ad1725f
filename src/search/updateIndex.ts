// Updates a locale's last search index for the pages that changed, instead of building it again from
// every page's terms. A warm build after a one-page edit had spent most of its search task reading the
// cached terms of the pages that did not change (158 pages of the 1x corpus: 26-47 ms of 70-80 ms).
//
// The last index is kept in the build cache with the term-cache key of each page it was built from
// (`search-base-v2/<index path>`). A page whose key is the same has the same terms (the key covers the
// page's texts, the options and the toolchain), so its postings carry over; the changed pages' terms
// are added, and the index is encoded again. The result is the index a full build gives, byte for byte
// (test/unit/search/updateIndex.test.ts compares them over random edits): postings are in doc order,
// the vocabulary is sorted, and a term no page holds any more is dropped.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readCheckedFile, writeCheckedFile } from '../cache/diskCache.js';
import { PAGE_FIELDS, SECTION_FIELDS, type SearchIndexFile } from './indexFormat.js';

/** Term frequencies by term id: flat `[doc, tf, doc, tf, …]` lists in doc order. */
export type Postings = (number[] | undefined)[];

/** A page's term counts: its fields (title, keywords, description, intro), then each section's (heading, text). */
export interface PageTerms {
  fields: [string, number][][];
  sections: [string, number][][][];
}

/** The last index of a locale and the term-cache key of each page it holds, in page order. */
export interface LastIndex {
  keys: string[];
  file: SearchIndexFile;
}

/** Where a locale's last index is kept between builds. */
export interface LastIndexStore {
  read(): LastIndex | null;
  write(keys: string[], index: string): void;
}

/** The folder of the last indexes in the build cache (its version changes with the file's shape). */
const BASE_FOLDER = 'search-base-v2';

/**
 * The last index of the locale whose index is at `name` (its output path), kept as a checked file
 * (`writeCheckedFile`: a line with the SHA-1 of the rest) of two more lines: the keys as JSON, and the
 * index's JSON. A file that is missing, cut short or altered reads as none: its hash no longer matches.
 */
/** Whether the cache holds a last index for `name` to update (not read, so not checked). */
export function hasLastIndex(dir: string | null, name: string): boolean {
  return dir !== null && existsSync(join(dir, BASE_FOLDER, encodeURIComponent(name)));
}

export function lastIndexStore(dir: string | null, name: string): LastIndexStore | undefined {
  if (!dir) return undefined;
  const file = join(dir, BASE_FOLDER, encodeURIComponent(name));
  return {
    read() {
      const body = readCheckedFile(file)?.toString('utf8');
      if (!body) return null; // none yet, or unreadable: a full build
      try {
        const end = body.indexOf('\n');
        const keys = JSON.parse(body.slice(0, end)) as unknown;
        return Array.isArray(keys) ? { keys: keys as string[], file: JSON.parse(body.slice(end + 1)) as SearchIndexFile } : null;
      } catch {
        return null;
      }
    },
    write(keys, index) {
      // Not written: the next build is a full one.
      writeCheckedFile(file, `${JSON.stringify(keys)}\n${index}`);
    },
  };
}

/** The vocabulary and both entries' encoded postings (by field, in PAGE_FIELDS / SECTION_FIELDS order) of an index. */
export interface IndexPostings {
  words: string[];
  pages: number[][];
  sections: number[][];
}

/**
 * The postings of the index of pages with these `keys` and section counts, from the last index: the
 * pages found in it, in the same order, keep their postings; `termsOf` gives the terms of the others
 * (by their positions). Null when the last index cannot serve: fewer than half of the pages found in
 * it, or a shape that is not the one written.
 */
export function updatePostings(last: LastIndex, keys: string[], sectionCounts: number[], termsOf: (changed: number[]) => PageTerms[]): IndexPostings | null {
  const [head, sectionEntry] = last.file;
  const lastWords = head?.index?.w;
  const lastSections = sectionEntry?.documents;
  if (!Array.isArray(lastWords) || !Array.isArray(lastSections) || head.documents?.length !== last.keys.length) return null;
  if (head.index.x?.length !== PAGE_FIELDS.length || sectionEntry.index?.x?.length !== SECTION_FIELDS.length) return null;

  // The last index's pages that are here: each to a page with its key, the longest run of them in
  // the same order kept (a page moved ahead of others is the one read again, not all it passed).
  const byKey = new Map<string, number[]>();
  keys.forEach((key, p) => {
    const list = byKey.get(key);
    if (list) list.push(p);
    else byKey.set(key, [p]);
  });
  const pageTo = new Int32Array(last.keys.length).fill(-1);
  last.keys.forEach((key, j) => {
    const to = byKey.get(key)?.shift();
    if (to !== undefined) pageTo[j] = to;
  });
  const reused = new Uint8Array(keys.length);
  let found = 0;
  for (const j of longestIncreasing(pageTo)) {
    reused[pageTo[j]!] = 1;
    found++;
  }
  for (let j = 0; j < pageTo.length; j++) if (pageTo[j]! >= 0 && !reused[pageTo[j]!]) pageTo[j] = -1;
  if (found * 2 < keys.length) return null;

  // Sections: each of a page found goes to the same place among the page's sections here.
  const lastStarts = new Int32Array(last.keys.length + 1);
  for (let s = 0, page = 0; s < lastSections.length; s++) {
    const p = lastSections[s]!.p;
    if (!(p >= page && p < last.keys.length)) return null;
    page = p;
    lastStarts[p + 1] = lastStarts[p + 1]! + 1;
  }
  for (let j = 0; j < last.keys.length; j++) {
    lastStarts[j + 1] = lastStarts[j + 1]! + lastStarts[j]!;
    if (pageTo[j]! >= 0 && sectionCounts[pageTo[j]!] !== lastStarts[j + 1]! - lastStarts[j]!) return null;
  }
  const starts = new Int32Array(keys.length + 1);
  sectionCounts.forEach((count, p) => (starts[p + 1] = starts[p]! + count));
  const sectionTo = new Int32Array(lastSections.length);
  for (let s = 0; s < lastSections.length; s++) {
    const p = lastSections[s]!.p;
    sectionTo[s] = pageTo[p]! < 0 ? -1 : starts[pageTo[p]!]! + s - lastStarts[p]!;
  }

  const alive = new Uint8Array(lastWords.length);
  const kept = {
    pages: head.index.x.map((flat) => decode(flat, pageTo, lastWords.length, alive)),
    sections: sectionEntry.index.x.map((flat) => decode(flat, sectionTo, lastWords.length, alive)),
  };
  if (kept.pages.includes(null) || kept.sections.includes(null)) return null;

  // The changed pages' terms, by term and field, in doc order.
  const changed: number[] = [];
  reused.forEach((r, p) => r || changed.push(p));
  const added = { pages: PAGE_FIELDS.map(() => new Map<string, number[]>()), sections: SECTION_FIELDS.map(() => new Map<string, number[]>()) };
  const terms = termsOf(changed);
  for (let c = 0; c < changed.length; c++) {
    const p = changed[c]!;
    const { fields, sections } = terms[c]!;
    if (fields.length !== PAGE_FIELDS.length || sections.length !== sectionCounts[p]) return null;
    fields.forEach((field, f) => add(added.pages[f]!, field, p));
    sections.forEach((section, s) => section.forEach((field, f) => add(added.sections[f]!, field, starts[p]! + s)));
  }

  // The vocabulary: the last one's terms some page still holds, and the new ones, in code-unit order.
  const newcomers = new Set<string>();
  for (const maps of [added.pages, added.sections]) {
    for (const map of maps) {
      for (const term of map.keys()) {
        const id = find(lastWords, term);
        if (id < 0) newcomers.add(term);
        else alive[id] = 1;
      }
    }
  }
  const fresh = [...newcomers].sort();
  const words: string[] = [];
  const from: number[] = [];
  for (let id = 0, n = 0; id < lastWords.length || n < fresh.length; ) {
    if (id < lastWords.length && !alive[id]) id++;
    else if (n < fresh.length && (id >= lastWords.length || fresh[n]! < lastWords[id]!)) {
      words.push(fresh[n++]!);
      from.push(-1);
    } else {
      words.push(lastWords[id]!);
      from.push(id++);
    }
  }
  const merged = (lists: Postings, map: Map<string, number[]>): Postings =>
    words.map((word, id) => {
      const old = from[id]! < 0 ? undefined : lists[from[id]!];
      const extra = map.get(word);
      return old && extra ? mergeLists(old, extra) : (old ?? extra);
    });
  return {
    words,
    pages: kept.pages.map((lists, f) => encodePostings(merged(lists!, added.pages[f]!))),
    sections: kept.sections.map((lists, f) => encodePostings(merged(lists!, added.sections[f]!))),
  };
}

/** The positions of a longest strictly increasing run of the values ≥ 0 (patience sorting, O(n log n)). */
function longestIncreasing(values: Int32Array): number[] {
  const tails: number[] = []; // position of the smallest last value of a run of each length
  const before = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < 0) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < v) low = mid + 1;
      else high = mid;
    }
    if (low > 0) before[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const run: number[] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = before[i]!) run.push(i);
  return run.reverse();
}

/** One field's postings, encoded (see indexFormat.ts). */
export function encodePostings(byTerm: Postings): number[] {
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

/**
 * One field's flat postings (indexFormat.ts) as lists by term id, each doc moved to its place here
 * (`docTo`; -1 drops it) and every term with a doc left marked in `alive`. Null for postings that do
 * not fit the last index.
 */
function decode(flat: unknown, docTo: Int32Array, termCount: number, alive: Uint8Array): Postings | null {
  if (!Array.isArray(flat)) return null;
  const lists: Postings = [];
  let term = -1;
  for (let pos = 0; pos < flat.length; ) {
    term += flat[pos++] as number;
    const count = flat[pos++] as number;
    if (!(term >= 0 && term < termCount && count > 0)) return null;
    const list: number[] = [];
    let doc = -1;
    for (let n = 0; n < count; n++) {
      const delta = flat[pos++] as number;
      const tf = delta < 0 ? (flat[pos++] as number) : 1;
      doc += Math.abs(delta);
      if (!(doc < docTo.length && tf >= 1)) return null;
      const to = docTo[doc]!;
      if (to >= 0) list.push(to, tf);
    }
    if (list.length) {
      lists[term] = list;
      alive[term] = 1;
    }
  }
  return lists;
}

function add(map: Map<string, number[]>, field: [string, number][], doc: number): void {
  for (const [term, tf] of field) {
    const list = map.get(term);
    if (list) list.push(doc, tf);
    else map.set(term, [doc, tf]);
  }
}

/** Two `[doc, tf, …]` lists with no doc in common, as one in doc order. */
function mergeLists(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!, a[i++]!);
    else out.push(b[j++]!, b[j++]!);
  }
  return out;
}

/** A term's position in a vocabulary sorted by code units, or -1. */
function find(words: string[], term: string): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const word = words[mid]!;
    if (word === term) return mid;
    if (word < term) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
