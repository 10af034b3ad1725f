// Build-time tokenizer for index text. Chinese goes through jieba; every other script follows the
// shared rules of text.ts, which the browser applies to queries.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readCheckedFile, TOOLCHAIN, writeCheckedFile } from '../cache/diskCache.js';
import type { Jieba as JiebaInstance } from '@node-rs/jieba';
import { tokenizeWith, type TextOptions } from './text.js';

// CommonJS, read by `require`: `import` would first scan it for its export names (about 14 ms).
const { Jieba } = createRequire(import.meta.url)('@node-rs/jieba') as typeof import('@node-rs/jieba');
type Jieba = JiebaInstance;

let jieba: Jieba | undefined;
/** The characters (code points from U+2E80) the loaded dictionary's words are made of; null: the whole dictionary. */
let covered: Uint8Array | null = null;
let dictionary: Buffer | undefined;

/** Where dictionaries cut to a set of characters are kept between builds (in the build cache), or null. */
let dictionaryStore: string | null = null;
const DICTIONARIES = 'jieba-dictionaries-v1';
/** Dictionaries kept, the ones used last: a page edited again and again keeps its set of characters. */
const KEPT_DICTIONARIES = 8;

/**
 * Keeps the dictionaries `prepareChinese` cuts in the build cache (null: nowhere). Cutting one is a
 * pass over jieba's 5 MB dictionary (30-35 ms in a fresh process) and reading one back a small file
 * (the 1× corpus's edited page: 12 KB, under 1 ms); a warm build after an edit usually tokenises a
 * page whose characters it has seen before.
 */
export function keepDictionaries(cacheDir: string | null): void {
  dictionaryStore = cacheDir && join(cacheDir, DICTIONARIES);
}

/**
 * Characters from U+2E80 (CJK radicals) up are marked, Han or not: a superset of the Han characters.
 * This finds the runs of UTF-16 code units from there up (surrogate pairs included) natively; a loop
 * over their char codes then marks them, about 5× faster than a \p{Script=Han} regex.
 */
const MARKED_RUN_RE = /[\u2e80-\uffff]+/g;
/** Stands in for the dictionary words left out, so the total of the frequencies stays what it was. */
const FILLER = '\uE000';

function wholeDictionary(): Buffer {
  dictionary ??= readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt'));
  return dictionary;
}

/**
 * Loads jieba for the Chinese of these texts (before they are tokenised): with only the dictionary
 * words whose characters all occur in them. Jieba looks up no other word in a run of those characters
 * and scores a word by its frequency against the total of all frequencies, which a filler entry (a
 * private-use character no run contains) keeps as it was, so the words are the same as with the whole
 * dictionary; loading it takes a fraction of the time (the 1× corpus: 117,000 of 349,000 words, 36
 * instead of 226 ms, the filtering 20 ms). A run with a character the loaded words do not cover
 * (text not announced here) switches to the whole dictionary.
 */
export function prepareChinese(texts: Iterable<string>): void {
  if (jieba && covered === null) return;
  const wanted = covered ? covered.slice() : new Uint8Array(0x110000);
  let added = false;
  for (const text of texts) {
    // The regular expression skips the text below U+2E80 (all of an English page) natively.
    for (const m of text.matchAll(MARKED_RUN_RE)) {
      const run = m[0];
      for (let i = 0; i < run.length; i++) {
        let code = run.charCodeAt(i);
        if (code >= 0xd800 && code <= 0xdbff) code = run.codePointAt(i++)!;
        if (wanted[code] === 0) {
          wanted[code] = 1;
          added = true;
        }
      }
    }
  }
  if (!added) return;
  jieba = Jieba.withDict(cutDictionary(wanted));
  covered = wanted;
}

/** The dictionary cut to these characters: from the store when it has it, else cut (and stored). */
function cutDictionary(chars: Uint8Array): Buffer {
  if (!dictionaryStore) return dictionaryFor(wholeDictionary(), chars);
  // Keyed by the set of characters (the marks themselves: hashing their 1.1 MB takes under 1 ms) and
  // by the versions of jieba (its dictionary) and of sitegen; two updates, not one copied 1.1 MB string.
  const key = createHash('sha1').update(TOOLCHAIN).update(chars).digest('hex');
  const file = join(dictionaryStore, `${key}.txt`);
  const stored = readStoredDictionary(file);
  if (stored) return stored;
  const cut = dictionaryFor(wholeDictionary(), chars);
  storeDictionary(file, cut);
  return cut;
}

/**
 * A stored dictionary: its first line is the SHA-1 of the rest. A file cut short or changed on disk
 * is not used (a dictionary missing words would split runs differently), nor is a missing one.
 */
function readStoredDictionary(file: string): Buffer | null {
  const body = readCheckedFile(file);
  if (!body) return null;
  try {
    const now = new Date();
    utimesSync(file, now, now); // used last: kept longest
    return body;
  } catch {
    return null;
  }
}

/** A temporary file this old was left by a killed build: removed when dictionaries are pruned. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** Writes a dictionary whole (a temporary file renamed over it) and keeps the last few used. */
function storeDictionary(file: string, dictionary: Buffer): void {
  if (!writeCheckedFile(file, dictionary)) return;
  try {
    const files = readdirSync(dictionaryStore!).map((name) => ({ name, path: join(dictionaryStore!, name), used: statSync(join(dictionaryStore!, name)).mtimeMs }));
    const kept = files.filter((f) => f.name.endsWith('.txt')).sort((a, b) => b.used - a.used);
    const orphans = files.filter((f) => f.name.endsWith('.tmp') && Date.now() - f.used > ORPHAN_AGE_MS);
    for (const old of [...kept.slice(KEPT_DICTIONARIES), ...orphans]) unlinkSync(old.path);
  } catch {
    // pruned by the next dictionary stored
  }
}

/**
 * The lines (`word freq tag`) of a jieba dictionary whose words are made of the marked characters
 * (`chars[codePoint] === 1`, 0x110000 entries), and one filler line with the frequencies of the others.
 */
export function dictionaryFor(whole: Buffer, chars: Uint8Array): Buffer {
  // One pass over the bytes, copying kept lines as it goes: a call per line (Buffer's indexOf and
  // copy, 349,000 lines) cost a third more than the whole pass.
  const n = whole.length;
  const out = Buffer.allocUnsafe(n + 1);
  let length = 0;
  let dropped = 0;
  let i = 0;
  while (i < n) {
    const start = i;
    let keep = true;
    // The word: UTF-8 sequences up to the space; a character not marked drops the line.
    for (let b = whole[i]!; b !== 0x20 && b !== 0x0a && i < n; b = whole[i]!) {
      let code: number;
      if (b < 0x80) (code = b), (i += 1);
      else if (b < 0xe0) (code = ((b & 0x1f) << 6) | (whole[i + 1]! & 0x3f)), (i += 2);
      else if (b < 0xf0) (code = ((b & 0x0f) << 12) | ((whole[i + 1]! & 0x3f) << 6) | (whole[i + 2]! & 0x3f)), (i += 3);
      else (code = ((b & 0x07) << 18) | ((whole[i + 1]! & 0x3f) << 12) | ((whole[i + 2]! & 0x3f) << 6) | (whole[i + 3]! & 0x3f)), (i += 4);
      if (chars[code] !== 1) {
        keep = false;
        break;
      }
    }
    if (keep) {
      let j = start;
      while (j < n && whole[j] !== 0x0a) out[length++] = whole[j++]!;
      if (j > start) out[length++] = 0x0a;
      i = j + 1;
    } else {
      // The frequency: the digits after the word's space (none on a line without one).
      while (i < n && whole[i] !== 0x20 && whole[i] !== 0x0a) i++;
      let frequency = 0;
      if (whole[i] === 0x20) for (let c = whole[++i]!; c >= 0x30 && c <= 0x39; c = whole[++i]!) frequency = frequency * 10 + (c - 0x30);
      dropped += frequency;
      while (i < n && whole[i] !== 0x0a) i++;
      i++;
    }
  }
  const filler = dropped > 0 ? Buffer.from(`${FILLER} ${dropped} x\n`) : Buffer.alloc(0);
  return Buffer.concat([out.subarray(0, length), filler]);
}

// Without `prepareChinese` (or for a run it did not announce), the whole 5 MB dictionary: ~230 ms.
function getJieba(run: string): Jieba {
  if (jieba && (covered === null || coversRun(covered, run))) return jieba;
  jieba = Jieba.withDict(wholeDictionary());
  covered = null;
  return jieba;
}

function coversRun(chars: Uint8Array, run: string): boolean {
  for (let i = 0; i < run.length; i++) {
    let code = run.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) code = run.codePointAt(i++)!;
    if (chars[code] !== 1) return false;
  }
  return true;
}

/**
 * Chinese words of one Han run.
 *
 * `cutForSearch` emits each dictionary word and also its dictionary sub-words (机器翻译 → 机器,
 * 翻译, 机器翻译), so a query for part of a long word still finds it. HMM is off: it invents
 * "words" such as 已用 that the dictionary does not know, which a partial query would then miss;
 * without it, text the dictionary does not cover (智谱, 千问) is indexed as single characters, and
 * the browser's vocabulary segmentation falls back to the same single characters.
 *
 * We do not add every single character or bigram of every word: that roughly doubles the Chinese
 * postings, and the remaining gap (a non-dictionary fragment inside a dictionary word) is covered
 * at query time by matching vocabulary terms that contain the fragment (see parseQuery.ts).
 */
export function segmentChinese(run: string, whole: readonly string[] = []): string[] {
  const words = getJieba(run).cutForSearch(run, false);
  // A word of `whole` that jieba cuts into pieces (有道: 有 + 道) is also a word where it occurs, as
  // cutForSearch gives 机器翻译 besides 机器 and 翻译: queries and synonyms then find it as one term.
  for (const word of whole.length ? wordsIn(run, whole) : []) {
    let missing = -words.filter((w) => w === word).length;
    for (let at = run.indexOf(word); at !== -1; at = run.indexOf(word, at + word.length)) missing++;
    while (missing-- > 0) words.push(word);
  }
  return words;
}

const wordsByFirst = new WeakMap<readonly string[], Map<string, string[]>>();

/**
 * The words of `whole` that occur in `run`, found in one pass over the run by their first character:
 * most runs hold none, and searching each run for each word had cost a cold build 90 ms.
 */
function wordsIn(run: string, whole: readonly string[]): Set<string> {
  let byFirst = wordsByFirst.get(whole);
  if (!byFirst) {
    byFirst = new Map();
    for (const word of whole) byFirst.set(word[0]!, [...(byFirst.get(word[0]!) ?? []), word]);
    wordsByFirst.set(whole, byFirst);
  }
  const found = new Set<string>();
  for (let i = 0; i < run.length; i++) {
    const starting = byFirst.get(run[i]!);
    if (starting) for (const word of starting) if (run.startsWith(word, i)) found.add(word);
  }
  return found;
}

/** Index terms of a text, in order, repeated as often as they occur (for term frequencies). */
export function tokenize(text: string, options: TextOptions): string[] {
  return tokenizeWith(text, options, (run) => segmentChinese(run, options.whole));
}
