// Text rules shared by the index writer (Node) and the query engine (browser): script runs,
// non-CJK word splitting, stop words and stemming. Index and query must apply the very same rules
// or terms stop meeting, so they live in one browser-safe module. Chinese is the only script
// segmented differently on each side (jieba at build time, the index vocabulary at query time).
import { STOP_WORDS } from './stopWords.js';

/** A stretch of text in one script family. */
export interface TextRun {
  /** `han`: Chinese; `ja`: Japanese (any run containing kana); `th`: Thai; `other`: the rest. */
  kind: 'han' | 'ja' | 'th' | 'other';
  text: string;
  /** Offset of the run in the text it came from. */
  start: number;
}

/** A word of non-CJK text with the index terms it yields. */
export interface WordSpan {
  start: number;
  end: number;
  terms: string[];
}

/** Options shared by every tokenizer. */
export interface TextOptions {
  /** Drop English stop words (`en` in `search.language`, and not `removeDefaultStopWordFilter`). */
  stopWords: boolean;
  /** Fold English plurals (`en` in `search.language`); default true. */
  stem?: boolean;
  /** Languages whose runs are split into words (`zh`: jieba at build time; `ja`, `th`: the platform's segmenter); the others' runs are split into characters. Default: all. */
  words?: { zh: boolean; ja: boolean; th: boolean };
  /** Chinese words indexed whole wherever they occur, besides the pieces jieba cuts them into (synonyms: 有道); build time only. */
  whole?: string[];
}

/** The languages `search.language` may name: each brings its word rules to the index and the queries. */
export const SEARCH_LANGUAGES = ['en', 'zh', 'ja', 'th'] as const;
/** `search.language` by default (SPEC 9), and for an index that does not say. */
export const DEFAULT_SEARCH_LANGUAGES: readonly string[] = ['en', 'zh'];

/**
 * The text options of a search index made for `language` (`search.language`): English plurals and stop
 * words for `en`; words for `zh`, `ja`, `th`. A language left out is still indexed, without its rules:
 * English words as written, Chinese, Japanese or Thai character by character.
 */
export function textOptionsFor(language: readonly string[], removeDefaultStopWordFilter: boolean): TextOptions {
  const has = (code: string) => language.includes(code);
  return { stopWords: has('en') && !removeDefaultStopWordFilter, stem: has('en'), words: { zh: has('zh'), ja: has('ja'), th: has('th') } };
}

// A kana-bearing run is Japanese even when it holds kanji; a pure Han run is Chinese. The prolonged
// sound mark is Script=Common, so it is listed explicitly.
const CJK_RUN_RE =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]*[\p{Script=Hiragana}\p{Script=Katakana}][\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]*)|(\p{Script=Han}+)|(\p{Script=Thai}+)/gu;
// A word: letters and digits, optionally joined by `.`, `-`, `_`, `+` or an apostrophe, so that
// `gpt-4o`, `11.6.1` and `DeepL's` come out whole and are split by `wordSpans` on our own terms.
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’.\-_+][\p{L}\p{M}\p{N}]+)*/gu;
const JOINER_RE = /[-_+]/;
const APOSTROPHE_RE = /['’]/g;
const DIGIT_END_RE = /\d$/;
const DIGIT_START_RE = /^\d/;
const V_VERSION_RE = /^v(\d+(?:\.\d+)+)$/;
const ASCII_WORD_RE = /^[a-z]+$/;
const HAN_TERM_RE = /^\p{Script=Han}+$/u;

/** Full-width forms to ASCII, compatibility characters folded, lower case. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Accents of a Latin letter (after NFD): dropped, so that `cafe` finds café. Marks of other scripts (й, हिं) stay. */
const LATIN_MARKS_RE = /(\p{Script=Latin})[\u0300-\u036f]+/gu;
/** Latin letters NFD does not take apart, and their plain spelling (lower case: terms are). */
const LATIN_LETTERS_RE = /[ßøæœđłþı]/g;
const LATIN_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ł: 'l', þ: 'th', ı: 'i' };
const NON_ASCII_RE = /[^\u0000-\u007f]/;

/**
 * A word (normalised, lower case) with the diacritics of its Latin letters folded: café → cafe, naïve → naive,
 * Müller → muller, straße → strasse, søren → soren. Index terms and query terms both go through it, so a word
 * typed with or without its accents finds the other.
 */
export function foldDiacritics(word: string): string {
  if (!NON_ASCII_RE.test(word)) return word;
  return word.normalize('NFD').replace(LATIN_MARKS_RE, '$1').normalize('NFC').replace(LATIN_LETTERS_RE, (c) => LATIN_LETTERS[c]!);
}

/** True when a term is all Chinese characters (segmented against the vocabulary at query time). */
export function isHanTerm(term: string): boolean {
  return HAN_TERM_RE.test(term);
}

/** Splits text into script runs, keeping offsets so excerpts can point back into the text. */
export function splitRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const m of text.matchAll(CJK_RUN_RE)) {
    const start = m.index ?? 0;
    if (start > last) runs.push({ kind: 'other', text: text.slice(last, start), start: last });
    const kind = m[1] !== undefined ? 'ja' : m[2] !== undefined ? 'han' : 'th';
    runs.push({ kind, text: m[0], start });
    last = start + m[0].length;
  }
  if (last < text.length) runs.push({ kind: 'other', text: text.slice(last), start: last });
  return runs;
}

/**
 * Harman's "S" stemmer: folds English plurals only (keys → key, policies → policy, services →
 * service). Full Porter stemming would also merge unrelated words (`general`/`generate`) and make
 * highlighted words harder to recognise; plurals are where users and writers disagree most.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !ASCII_WORD_RE.test(word)) return word;
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) {
    return word.slice(0, -3) + 'y';
  }
  if (word.endsWith('es') && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const VOWEL_RE = /[aeiouy]/;
/** A doubled consonant that English doubles before -ing / -ed (stopping), not one the word has itself (install, pass, buzz). */
const DOUBLED_RE = /([bdgkmnprt])\1$/;
/** Ends in consonant, vowel, consonant: the consonant is doubled before -ing / -ed (stop → stopping). */
const CVC_RE = /[^aeiou][aeiou][bdgkmnprt]$/;
/** `pushes` is indexed `pushe` (`stem` folds the -s of -es only). */
const SIBILANT_RE = /(?:[sxz]|ch|sh)$/;
/** Nouns made of a verb of 5 letters or more: renewal, deduction, translation, installation, expiry. */
const NOUN_SUFFIXES = ['al', 'ion', 'ation', 'y'];
const MIN_NOUN_BASE = 5;

/** The word and its -ing, -ed (and -es) forms, as candidate spellings. */
function addForms(forms: Set<string>, base: string): void {
  const bare = base.endsWith('e') ? base.slice(0, -1) : base;
  forms.add(base).add(base + 'ing').add(base + 'ed').add(bare + 'ing').add(bare + 'ed');
  if (base.endsWith('y')) forms.add(base.slice(0, -1) + 'ied');
  if (CVC_RE.test(base) && base.length >= 4) forms.add(base + base.at(-1) + 'ing').add(base + base.at(-1) + 'ed');
  if (SIBILANT_RE.test(base)) forms.add(base + 'e');
}

/**
 * The other forms of an English term (as `stem` leaves it): -ing and -ed forms and the word they
 * come from, with the usual e-dropping and consonant doubling (syncing ↔ sync ↔ synced, translating
 * ↔ translate, pushes ↔ push), and the nouns -al, -ion, -ation and -y of a verb of five letters or more
 * (renewing ↔ renewal, deducting ↔ deduction, expire ↔ expiry). Spellings to look up, not all words: the caller
 * keeps those its vocabulary has. The index keeps every form as written, so a page with the word as
 * typed ranks first, and an index built before stays valid. Short words keep to themselves (setting
 * is not set, billing not billion, edit not edition).
 */
export function inflections(term: string): string[] {
  if (term.length < 4 || !ASCII_WORD_RE.test(term)) return [];
  const bases = [term];
  for (const suffix of ['ing', 'ed']) {
    const rest = term.endsWith(suffix) ? term.slice(0, -suffix.length) : '';
    if (rest.length < 3 || !VOWEL_RE.test(rest)) continue;
    bases.push(rest, rest + 'e');
    if (DOUBLED_RE.test(rest) && rest.length > 4) bases.push(rest.slice(0, -1));
    if (suffix === 'ed' && rest.endsWith('i')) bases.push(rest.slice(0, -1) + 'y');
  }
  if (term.endsWith('e') && SIBILANT_RE.test(term.slice(0, -1))) bases.push(term.slice(0, -1));
  const forms = new Set<string>();
  for (const base of bases) {
    addForms(forms, base);
    const bare = base.endsWith('e') ? base.slice(0, -1) : base;
    if (bare.length >= MIN_NOUN_BASE) for (const suffix of NOUN_SUFFIXES) forms.add(bare + suffix);
  }
  // The verb of a noun, and its forms (not its other nouns: general is not generation).
  for (const suffix of NOUN_SUFFIXES) {
    const rest = term.endsWith(suffix) ? term.slice(0, -suffix.length) : '';
    if (rest.length >= MIN_NOUN_BASE) addForms(forms, rest), addForms(forms, rest + 'e');
  }
  forms.delete(term);
  return [...forms];
}

/** The index term of one already-split word, or null when it is a filtered stop word. */
export function termOfWord(word: string, options: TextOptions): string | null {
  const normal = foldDiacritics(normalizeText(word));
  const w = normal.replace(APOSTROPHE_RE, '');
  if (w === '' || (options.stopWords && (STOP_WORDS.has(w) || isStopContraction(normal)))) return null;
  return options.stem === false ? w : stem(w);
}

const CONTRACTION_RE = /^([a-z]+?)(?:(n)['’]t|['’](?:s|re|ve|ll|d|m))$/;

/** `what's`, `it's`, `you're`, `don't`, `isn't`, `can't`: a stop word with its ending, a stop word itself. */
function isStopContraction(word: string): boolean {
  const m = CONTRACTION_RE.exec(word);
  if (!m) return false;
  // `don't` is `do` + n't, `can't` is `can` + 't: either reading may be the stop word.
  return STOP_WORDS.has(m[1]!) || (m[2] !== undefined && STOP_WORDS.has(m[1]! + m[2]));
}

// Dots split words (`node.js`, `www.example.com`) except between two digits, so that version
// numbers (`11.6.1`, `v11.6.1`) stay one findable term.
function splitDots(part: string, offset: number): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  let pos = offset;
  for (const piece of part.split('.')) {
    const prev = pieces[pieces.length - 1];
    if (prev && DIGIT_END_RE.test(prev.text) && DIGIT_START_RE.test(piece)) prev.text += '.' + piece;
    else pieces.push({ text: piece, start: pos });
    pos += piece.length + 1;
  }
  return pieces;
}

// `v11.6.1` is also indexed as `11.6.1`: the changelog writes both forms.
function termsOfPiece(piece: string, options: TextOptions): string[] {
  const term = termOfWord(piece, options);
  if (term === null) return [];
  const bare = V_VERSION_RE.exec(term);
  return bare ? [term, bare[1]!] : [term];
}

/**
 * Whether a word is ASCII letters and digits only (most words of English text): its one term is the
 * word in lower case unless that is a stop word, stemmed, exactly what the general rules make of it
 * (nothing to normalise, join or split), without their per-word strings and regular expressions.
 */
function isPlainWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) | 0x20; // A-Z folded onto a-z; digits stay in 0x30-0x39
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) return false;
  }
  return true;
}

function plainTerm(word: string, options: TextOptions): string | null {
  const w = word.toLowerCase();
  return options.stopWords && STOP_WORDS.has(w) ? null : options.stem === false ? w : stem(w);
}

/** Calls `found` with each word of non-CJK text (its offsets) and its terms. */
function eachWord(text: string, options: TextOptions, found: (start: number, end: number, terms: string[]) => void): void {
  for (const m of text.matchAll(WORD_RE)) {
    const word = m[0];
    let pos = m.index ?? 0;
    if (isPlainWord(word)) {
      const term = plainTerm(word, options);
      if (term !== null) found(pos, pos + word.length, [term]);
      continue;
    }
    for (const part of word.split(JOINER_RE)) {
      for (const piece of splitDots(part, pos)) {
        const terms = termsOfPiece(piece.text, options);
        if (terms.length > 0) found(piece.start, piece.start + piece.text.length, terms);
      }
      pos += part.length + 1;
    }
  }
}

/**
 * The index term a word of a synonym group stands for (`search.synonyms`): a Chinese word as it is,
 * another word as the index spells it (lower case, stemmed); null when the text is not one word (or
 * is a stop word the index leaves out).
 */
export function synonymTerm(word: string, options: TextOptions): string | null {
  const text = normalizeText(word.trim());
  // Without Chinese words (`zh` not in search.language) the index holds single characters.
  if (isHanTerm(text)) return options.words?.zh === false && Array.from(text).length > 1 ? null : text;
  if (splitRuns(text).some((run) => run.kind !== 'other')) return null;
  const spans = wordSpans(text, options);
  return spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === text.length ? spans[0]!.terms[0]! : null;
}

/** Words of non-CJK text with their terms: split on whitespace, punctuation and hyphens. */
export function wordSpans(text: string, options: TextOptions): WordSpan[] {
  const spans: WordSpan[] = [];
  eachWord(text, options, (start, end, terms) => spans.push({ start, end, terms }));
  return spans;
}

/** The terms of non-CJK text, appended to `out` (`wordSpans` without the offsets). */
function pushWordTerms(text: string, options: TextOptions, out: string[]): void {
  eachWord(text, options, (_start, _end, terms) => {
    for (const term of terms) out.push(term);
  });
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Words of a Japanese or Thai run, by the platform's dictionary segmenter (characters when `words` leaves the language out). */
export function segmentWords(text: string, lang: 'ja' | 'th', options?: TextOptions): string[] {
  if (options?.words?.[lang] === false || typeof Intl.Segmenter !== 'function') return Array.from(text);
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, segmenter);
  }
  const words: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) words.push(normalizeText(s.segment));
  return words;
}

/** Terms of every run that is not Chinese; `han` runs are handed to `segmentHan`. */
export function tokenizeWith(
  text: string,
  options: TextOptions,
  segmentHan: (run: string) => string[],
): string[] {
  const terms: string[] = [];
  for (const run of splitRuns(normalizeText(text))) {
    if (run.kind === 'han') terms.push(...(options.words?.zh === false ? Array.from(run.text) : segmentHan(run.text)));
    else if (run.kind === 'other') pushWordTerms(run.text, options, terms);
    else terms.push(...segmentWords(run.text, run.kind, options));
  }
  return terms;
}
