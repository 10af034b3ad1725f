// Turns a typed query into terms and the vocabulary entries each may match. Browser-safe.
//
// Chinese has no jieba here: a Han run is segmented against the index's own vocabulary by a
// maximum-probability DP (word probability from document frequency), so the query splits the way
// the index was cut. Characters the vocabulary lacks become fragments, matched against vocabulary
// terms that contain them. Every step is linear in the query (times a small constant), so a long
// pasted query costs milliseconds.
import type { LoadedSearchIndex } from './loadIndex.js';
import { mainlandWord, simplifyChars, typedTraditional } from './chineseVariants.js';
import { LONG_QUERY_TERMS } from './scoreQuery.js';
import { CHINESE_PARTICLES, CHINESE_QUESTION_WORDS, isSoftWord } from './stopWords.js';
import { foldDiacritics, inflections, isHanTerm, normalizeText, segmentWords, splitRuns, wordSpans } from './text.js';

/** A vocabulary term a query term may match, and how much of the score such a match keeps. */
export interface Candidate {
  id: number;
  factor: number;
  /** Document frequency assumed at least, for idf (expansions share their term's idf). */
  minDf: number;
  /** Document frequency it is weighed with instead (a synonym or another form weighs as the word typed). */
  df?: number;
}

/** One term of the query. Each must match for a full match (SPEC 5). */
export interface QueryTerm {
  /** The term as segmented from the query. */
  text: string;
  candidates: Candidate[];
  /** A word of how or where (SOFT_WORDS) beside others: it adds to a match, but a match needs none of it. */
  optional?: boolean;
  /**
   * A Chinese term: what to highlight where a candidate holds its text: the text itself (翻译, not
   * its completion 翻译成), or one character with a neighbour as typed (本 of 生词本: 生词本, not 本 alone).
   */
  marks?: string[];
}

/** Longer input is cut: nobody types more, and it bounds the work for a pasted page. */
export const MAX_QUERY_LENGTH = 256;
/** At most this many terms are kept, in query order (the words of the question, 的 and 怎么, not counted). */
export const MAX_TERMS = 32;
/** Expansions kept per term (prefix, containment or typo), shortest / most frequent first. */
const MAX_EXPANSIONS = 30;
/** Score kept by a prefix expansion of the last word (exact matches rank above completions). */
const PREFIX_FACTOR = 0.7;
/** Score kept by the plural reading of a last word that other words start with (`deeps` → `deep`). */
const STEMMED_FACTOR = 0.4;
/** Score kept by an optional word (SOFT_WORDS): a little evidence, never enough to outrank the subject. */
const SOFT_FACTOR = 0.3;
/** Score kept by a synonym of the word typed (`search.synonyms`): pages that use the word itself come first. */
const SYNONYM_FACTOR = 0.75;
/** Score kept by another form of an English word (`inflections`: synced for syncing). */
const FORM_FACTOR = 0.9;
/** Score kept by a vocabulary term containing an unknown Chinese fragment. */
const CONTAINS_FACTOR = 0.6;
/**
 * Score kept by the word two neighbouring words of the query make, which counts for each of them (`open ai`:
 * OpenAI). Below a word typed as written, so that a page saying both words apart does not lose to one that
 * says the joined word once.
 */
const JOINED_FACTOR = 0.8;
/** How many times more often the site must write two words apart than as one for them not to be read as that one word too. */
const APART_RATIO = 4;
/** Score kept by a one-edit typo correction. */
const TYPO_FACTOR = 0.4;
/** Further kept when only the start of a word is one edit away (a half-typed, mistyped word). */
const STARTS_TYPO_FACTOR = 0.8;
/** Typos are only corrected in words at least this long: short words have too many neighbours. */
const MIN_TYPO_LENGTH = 4;
const LETTERS_RE = /^\p{L}+$/u;
const ASCII_LETTERS_RE = /^[a-z]+$/;
/** A word of e- and a word (email, ebook), which is also written with a hyphen (e-mail): the word. */
const E_WORD_RE = /^e([a-z]{4,})$/;
const VERSION_RE = /^\d+(?:\.\d+)+$/;
const WORD_END_RE = /[\p{L}\p{N}]$/u;
// The letters a query ends with (no space after them: still being typed), as its group 1; not those after an
// apostrophe: a contraction (`doesn't`, `can’t`) is a word finished, not its last letters (`t`) the start of one.
const LAST_LETTERS_RE = /(?:^|[^A-Za-z'’])([A-Za-z]+)$/;
const QUESTION_WORDS_RE = new RegExp(CHINESE_QUESTION_WORDS.join('|'), 'g');

interface Segment {
  text: string;
  /** False for a fragment of characters the vocabulary does not know. */
  known: boolean;
}

/** Max-probability segmentation of a Han run against the index vocabulary. */
export function segmentHan(run: string, han: LoadedSearchIndex['han']): Segment[] {
  const logTotal = Math.log(han.total + han.df.size + 1);
  // An unknown character costs more than any known word, so known words always win.
  const unknownCost = logTotal + 10;
  const cost = new Float64Array(run.length + 1).fill(Infinity);
  const back = new Int32Array(run.length + 1);
  cost[0] = 0;
  for (let end = 1; end <= run.length; end++) {
    for (let len = 1; len <= Math.min(han.maxLength, end); len++) {
      const df = han.df.get(run.slice(end - len, end));
      const step = df !== undefined ? logTotal - Math.log(df + 1) : len === 1 ? unknownCost : Infinity;
      if (cost[end - len]! + step < cost[end]!) {
        cost[end] = cost[end - len]! + step;
        back[end] = len;
      }
    }
  }
  const segments: Segment[] = [];
  for (let end = run.length; end > 0; end -= back[end]!) {
    const text = run.slice(end - back[end]!, end);
    const known = han.df.has(text);
    const next = segments[segments.length - 1];
    // Neighbouring unknown characters form one fragment: "千问" is searched as a whole.
    if (!known && next && !next.known) next.text = text + next.text;
    else segments.push({ text, known });
  }
  return segments.reverse();
}

/**
 * A word of how it fails (SOFT_WORDS) that the vocabulary cut into pieces some of which are words of their own
 * (出 不 来 of 出不来, which the pages never write): one optional word again, not characters every match must have.
 */
function softWordsJoined(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    let end = 0;
    for (let j = Math.min(segments.length, i + 4); j > i + 1 && !end; j--) {
      const pieces = segments.slice(i, j);
      if (isSoftWord(pieces.map((p) => p.text).join('')) && pieces.some((p) => !isSoftWord(p.text))) end = j;
    }
    if (!end) out.push(segments[i]!);
    else {
      out.push({ text: segments.slice(i, end).map((p) => p.text).join(''), known: true });
      i = end - 1;
    }
  }
  return out;
}

const isParticles = (word: string) => [...word].every((c) => CHINESE_PARTICLES.has(c));

/** One term of the query: the spellings that count as it, and the word as typed when stemming changed it. */
interface TypedTerm {
  spellings: string[];
  /** Words of the index this term makes with its neighbour in the query (`openai` for `open` of `open ai`): each counts for the term. */
  joined?: string[];
  /** `deeps` for the term `deep`: the start of a longer word, if it is the last one typed. */
  typed?: string;
  /** The other words of its synonym groups (`search.synonyms`). */
  synonyms?: string[];
  /** The mainland word of a regional word the site writes too, typed in traditional characters (設定: 设置). */
  mainland?: string;
  /** What to highlight for a Chinese term (`QueryTerm.marks`). */
  marks?: string[];
}

/** Terms of the query, in order, each with the spellings that count as that term (all of them: `MAX_TERMS` is parseQuery's). */
function queryTerms(query: string, index: LoadedSearchIndex, traditional: boolean): TypedTerm[] {
  const terms: TypedTerm[] = [];
  for (const run of splitRuns(normalizeText(query.slice(0, MAX_QUERY_LENGTH)))) {
    if (run.kind === 'han') {
      const words: TypedTerm[] = [];
      for (const s of softWordsJoined(segmentHan(run.text, index.han))) {
        // A regional word is the index's word (软体 → 软件), which may be two of its terms (位址列 → 地址 栏).
        const mainland = mainlandWord(s.text, index.variants);
        if (!mainland) words.push({ spellings: [s.text] });
        // The site writes the word itself (设定): it stays, and a reader of traditional script also means the mainland word.
        else if (index.termIds.has(s.text)) words.push(traditional ? { spellings: [s.text], mainland } : { spellings: [s.text] });
        else for (const m of segmentHan(mainland, index.han)) words.push({ spellings: [m.text] });
      }
      // One character is marked with a neighbour in the query, not alone (particles left out: 有道的 is 有道).
      const texts = words.map((w) => w.spellings[0]!).filter((w) => !isParticles(w));
      for (const word of words) {
        const text = word.spellings[0]!;
        const at = texts.indexOf(text);
        const pair = text.length === 1 && at >= 0 ? [at > 0 ? texts[at - 1] + text : '', at + 1 < texts.length ? text + texts[at + 1] : ''].filter(Boolean) : [];
        terms.push({ ...word, marks: pair.length ? pair : [text] });
      }
    }
    else if (run.kind === 'other') {
      // Each term with its word (in the index's form: `titles` is `title`), for the words two neighbours make.
      const words: [TypedTerm, string][] = [];
      // `v11.6.1` yields `v11.6.1` and `11.6.1`: either spelling satisfies the term.
      for (const span of wordSpans(run.text, index.text)) {
        const typed = foldDiacritics(run.text.slice(span.start, span.end).toLowerCase());
        const parts = compoundParts(index, span.terms);
        if (parts) for (const part of parts) words.push([{ spellings: [part] }, part]);
        else words.push([typed !== span.terms[0] && typed.startsWith(span.terms[0]!.slice(0, -1)) ? { spellings: span.terms, typed } : { spellings: span.terms }, span.terms[0]!]);
      }
      // Two words the site writes as one (`open ai`, `chat gpt`, `deep seek`): the one word counts for each of them.
      // Not when the site writes them apart far more often (`api key`, and `API-KEY` once): the two words then mean what they say.
      for (let i = 0; i + 1 < words.length; i++) {
        const [a, b] = [words[i]!, words[i + 1]!];
        const joined = a[1] + b[1];
        const id = index.termIds.get(joined);
        if (id === undefined || !ASCII_LETTERS_RE.test(joined)) continue;
        const apart = Math.min(...[a[1], b[1]].map((w) => index.df[index.termIds.get(w) ?? id]!));
        if (APART_RATIO * index.df[id]! <= apart) continue;
        for (const [term] of [a, b]) (term.joined ??= []).push(joined);
      }
      terms.push(...words.map(([term]) => term));
    } else for (const word of segmentWords(run.text, run.kind, index.text)) terms.push({ spellings: [word] });
  }
  const seen = new Set<string>();
  return terms
    .filter((t) => !seen.has(t.spellings[0]!) && seen.add(t.spellings[0]!))
    .map((t) => {
      // A word of a synonym group is any of its words (`search.synonyms`): 插件 finds 扩展. Email is also
      // written e-mail, which the index has as `e` and `mail`.
      const letterWord = E_WORD_RE.exec(t.spellings[0]!)?.[1];
      const compound = letterWord && index.termIds.has('e') ? [letterWord] : [];
      const synonyms = [...t.spellings.flatMap((s) => index.synonyms.get(s) ?? []), ...compound].filter((s) => !t.spellings.includes(s));
      return synonyms.length ? { ...t, synonyms: [...new Set(synonyms)] } : t;
    });
}

/**
 * The two words of the index a word it does not have is made of, and nothing starts with
 * (webpage: web page); null for any other word. Of several splits, the one whose rarer word is commonest.
 */
function compoundParts(index: LoadedSearchIndex, spellings: string[]): [string, string] | null {
  const word = spellings[0]!;
  if (spellings.length > 1 || word.length < 6 || !ASCII_LETTERS_RE.test(word) || prefixIds(index.words, word).length > 0) return null;
  let best: [string, string] | null = null;
  let bestDf = 0;
  for (let at = 3; at <= word.length - 3; at++) {
    const [a, b] = [index.termIds.get(word.slice(0, at)), index.termIds.get(word.slice(at))];
    const df = a !== undefined && b !== undefined ? Math.min(index.df[a]!, index.df[b]!) : 0;
    if (df > bestDf) [best, bestDf] = [[word.slice(0, at), word.slice(at)], df];
  }
  return best;
}

/** Ids of vocabulary terms starting with `prefix` (binary search in the sorted vocabulary). */
function prefixIds(words: string[], prefix: string): number[] {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const ids: number[] = [];
  for (let id = lo; id < words.length && words[id]!.startsWith(prefix); id++) ids.push(id);
  return ids;
}

/** True when `a` becomes `b` by at most one insertion, deletion, substitution or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return true;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Ids of words one edit from `term`; for the last word, also words whose start is one edit away. */
function typoIds(words: string[], term: string, asPrefix: boolean): { whole: number[]; starts: number[] } {
  const found = { whole: [] as number[], starts: [] as number[] };
  if (term.length < MIN_TYPO_LENGTH || !LETTERS_RE.test(term)) return found;
  words.forEach((word, id) => {
    if (withinOneEdit(term, word)) found.whole.push(id);
    else if (asPrefix && word.length >= term.length) {
      // A half-typed word with a typo: compare with the word's start, ± one character.
      const lens = [term.length - 1, term.length, term.length + 1];
      if (lens.some((len) => withinOneEdit(term, word.slice(0, len)))) found.starts.push(id);
    }
  });
  return found;
}

/**
 * The best `MAX_EXPANSIONS` ids: shortest words first, then commonest. A longer word keeps less
 * of `factor` (scaled by √(typed / word length)): after "deep", DeepL is a likelier goal than
 * DeepSeek.
 */
function expansions(index: LoadedSearchIndex, ids: number[], factor: number, typed: number): Candidate[] {
  return ids
    .sort((x, y) => index.words[x]!.length - index.words[y]!.length || index.df[y]! - index.df[x]!)
    .slice(0, MAX_EXPANSIONS)
    .map((id) => ({ id, factor: factor * Math.sqrt(Math.min(1, typed / index.words[id]!.length)), minDf: 0 }));
}

function fallbacks(index: LoadedSearchIndex, text: string, isLast: boolean): Candidate[] {
  if (isHanTerm(text)) {
    const containing = index.words.flatMap((word, id) => (word.includes(text) ? [id] : []));
    return expansions(index, containing, CONTAINS_FACTOR, text.length);
  }
  const typos = typoIds(index.words, text, isLast);
  return [
    ...expansions(index, typos.whole, TYPO_FACTOR, text.length),
    ...expansions(index, typos.starts, TYPO_FACTOR * STARTS_TYPO_FACTOR, text.length),
  ];
}

/**
 * The vocabulary entries a term may match. `asPrefix`: the term also matches as the start of longer
 * words (the last word, still being typed; a single Chinese character of a short query).
 */
function candidatesOf(index: LoadedSearchIndex, term: TypedTerm, asPrefix: boolean): Candidate[] {
  const { spellings } = term;
  const text = spellings[0]!;
  const exact = spellings.map((s) => index.termIds.get(s)).filter((id) => id !== undefined);
  // The last word is still being typed: `deeps` is more likely the start of DeepSeek than the plural
  // of `deep`. When words start with it as typed, they are its completions, and the plural reading
  // (the stemmed term) counts for less than a completion.
  const completions = asPrefix && term.typed ? prefixIds(index.words, term.typed).filter((id) => !exact.includes(id)) : [];
  const found: Candidate[] = exact.map((id) => ({ id, factor: completions.length ? STEMMED_FACTOR : 1, minDf: 0 }));
  if (completions.length) found.push(...expansions(index, completions, PREFIX_FACTOR, term.typed!.length));
  else if (asPrefix) {
    const more = prefixIds(index.words, text).filter((id) => !exact.includes(id));
    found.push(...expansions(index, more, PREFIX_FACTOR, text.length));
  }
  // A version names its releases wherever it stands: 「11.6 changelog」, and v11.6 typed last, find 11.6.0 and 11.6.1.
  const version = spellings.find((s) => VERSION_RE.test(s));
  const releases = version ? prefixIds(index.words, `${version}.`).filter((id) => !found.some((c) => c.id === id)) : [];
  found.push(...expansions(index, releases, PREFIX_FACTOR, version?.length ?? 0));
  // Other forms of an English word (syncing: sync, synced), synonyms, and the mainland word of a regional word.
  const alike: Candidate[] = [];
  const add = (words: string[], factor: number, into: Candidate[]) => {
    for (const word of words) {
      const id = index.termIds.get(word);
      if (id !== undefined && !found.some((c) => c.id === id) && !alike.some((c) => c.id === id)) into.push({ id, factor, minDf: 0 });
    }
  };
  if (index.text.stem !== false) add(spellings.flatMap(inflections), FORM_FACTOR, alike);
  add(term.synonyms ?? [], SYNONYM_FACTOR, alike);
  found.push(...alike);
  // The mainland word is weighed with all that was found, below the site's own word.
  add(term.mainland ? [term.mainland] : [], SYNONYM_FACTOR, found);
  // The word this one makes with its neighbour weighs as itself: rarer than either, it ranks the pages that write it first.
  const joined = (term.joined ?? []).map((word) => index.termIds.get(word)!).filter((id) => !found.some((c) => c.id === id));
  if (found.length === 0 && joined.length === 0) found.push(...fallbacks(index, text, asPrefix));
  else if (asPrefix && exact.length === 0) {
    // A last word that is no word but the start of some (`depl`: deploy) may as well be a word typed with a slip (DeepL).
    const slips = typoIds(index.words, text, false).whole.filter((id) => !found.some((c) => c.id === id));
    found.push(...expansions(index, slips, PREFIX_FACTOR, text.length));
  }
  // Expansions are weighed as if they were one term with all their occurrences: a rare completion
  // ("pointer" for "point") must not outrank the common word typed, just for being rare.
  const refDf = Math.min(index.documents.length, found.reduce((sum, c) => sum + index.df[c.id]!, 0));
  // The plural reading of a word being typed is one of its readings too (`completions`), not the word typed.
  for (const c of found) if (!exact.includes(c.id) || completions.length) c.minDf = refDf;
  // Forms and synonyms of a word the index has weigh as that word, less their factor: `cost` finds the
  // page titled Pricing, though pricing is commoner (pooled as completions are, it would not).
  if (exact.length > 0 && !completions.length) {
    const typedDf = Math.max(...exact.map((id) => index.df[id]!));
    for (const c of alike) c.df = typedDf;
  }
  for (const id of joined) found.push({ id, factor: JOINED_FACTOR, minDf: 0 });
  return found;
}

/**
 * The query's terms with their candidates. The last term also matches as a prefix (SPEC 5); a
 * term with no match at all is tried as a fragment (Chinese) or with one typo (words of 4+
 * letters). A term with no candidates stays in the list: it cannot match, which is the truth.
 */
export function parseQuery(index: LoadedSearchIndex, typed: string): QueryTerm[] {
  // 「截圖怎麼用」 is searched as 「截图怎么用」 (chineseVariants.ts), before anything reads it.
  const cut = typed.slice(0, MAX_QUERY_LENGTH);
  const query = simplifyChars(cut, index.variants);
  const traditional = typedTraditional(cut, index.variants);
  // 「截图怎么用」 asks about 截图: the words of the question itself are left out, unless they are all there is.
  const subject = queryTerms(query.replace(QUESTION_WORDS_RE, ' '), index, traditional).filter((term) => !isParticles(term.spellings[0]!));
  const all = subject.length > 0 ? subject : queryTerms(query, index, traditional);
  // A long question's particles do not use up its terms; cut short, its last term kept is not the word being typed.
  const found = all.slice(0, MAX_TERMS);
  const cutShort = all.length > MAX_TERMS;
  // A query of stop words only, its last one still being typed (`in` on the way to `install`, `how to in`): that one
  // is the start of a word, and matches as one, rather than the box showing "No results" at every such letter.
  const unfinished = found.length === 0 && index.text.stopWords ? LAST_LETTERS_RE.exec(query)?.[1]!.toLowerCase() : undefined;
  const terms = unfinished ? [{ spellings: [unfinished], typed: unfinished }] : found;
  // A word still being typed that is the start of others (`set` of `settings`) is not optional; one that
  // starts nothing else (`working`) is as good as finished.
  const typing = WORD_END_RE.test(cut);
  const startsOthers = (word: string) => prefixIds(index.words, word).some((id) => index.words[id] !== word);
  const soft = (term: TypedTerm, n: number) => {
    const word = term.spellings[0]!;
    return isSoftWord(word) && !(typing && n === terms.length - 1 && !isHanTerm(word) && startsOthers(word));
  };
  // Only a query with a word of substance has optional words: 「set up」 is all soft, and all required.
  const someHard = terms.some((term) => !isSoftWord(term.spellings[0]!));
  const optional = terms.map((term, n) => someHard && soft(term, n));
  // A single character of a short query is often the start of the word a page writes (「key填在哪里」: 填写);
  // in a long question it is more often a word of its own (里, 完), and expanding it costs time.
  const short = optional.filter((o) => !o).length <= LONG_QUERY_TERMS;
  const startsWord = (text: string, n: number) => short && !optional[n] && text.length === 1 && isHanTerm(text);
  return terms.map((term, n) => {
    const text = term.spellings[0]!;
    const parsed: QueryTerm = { text, candidates: candidatesOf(index, term, (n === terms.length - 1 && !cutShort) || startsWord(text, n)) };
    if (term.marks) parsed.marks = term.marks;
    if (!optional[n]) return parsed;
    for (const c of parsed.candidates) c.factor *= SOFT_FACTOR;
    return { ...parsed, optional: true };
  });
}
