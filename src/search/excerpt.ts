// Marks matched terms in text and cuts excerpts around them. Returns plain segments, never HTML,
// so the UI escapes nothing by hand. Browser-safe.
import { normalizeText, splitRuns, wordSpans } from './text.js';

/** A piece of text, marked when it matched a search term. */
export interface TextSegment {
  text: string;
  match: boolean;
}

interface Range {
  start: number;
  end: number;
}

const ELLIPSIS = '…';
const SPACE_RE = /\s/;
/** How far an excerpt edge may move to avoid cutting a word in half. */
const WORD_SNAP = 12;
const E_BEFORE_RE = /(^|[^\p{L}\p{N}])e-$/iu;

function occurrences(run: string, token: string, offset: number, into: Range[]): void {
  for (let at = run.indexOf(token); at !== -1; at = run.indexOf(token, at + token.length)) {
    into.push({ start: offset + at, end: offset + at + token.length });
  }
}

function mergeRanges(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/**
 * Where `tokens` (matched index terms) occur in `text`. Words are compared after the same
 * normalisation as the index, stemmed or not (`search.language`), so the token `key` marks "Keys";
 * Chinese, Japanese and Thai terms are found as substrings.
 */
export function matchRanges(text: string, tokens: string[]): Range[] {
  const normalized = normalizeText(text);
  // Offsets must point into the original text; a normalisation that changes the length (rare
  // ligatures) falls back to matching the original.
  const source = normalized.length === text.length ? normalized : text;
  const wanted = new Set(tokens);
  const ranges: Range[] = [];
  for (const run of splitRuns(source)) {
    if (run.kind === 'other') {
      // Stemmed as an index with English rules has it (`key` marks "Keys"), or as written, as one without them has it.
      const asWritten = wordSpans(run.text, { stopWords: false, stem: false });
      wordSpans(run.text, { stopWords: false }).forEach((span, i) => {
        // A word written after `e-` is marked with it: e-mail is found as `e` + `mail`, or as email.
        const e = E_BEFORE_RE.test(run.text.slice(Math.max(0, span.start - 3), span.start)) ? 2 : 0;
        if (span.terms.some((t) => wanted.has(t)) || asWritten[i]!.terms.some((t) => wanted.has(t))) ranges.push({ start: run.start + span.start - e, end: run.start + span.end });
      });
    } else {
      for (const token of tokens) if (token !== '') occurrences(run.text, token, run.start, ranges);
    }
  }
  return mergeRanges(ranges);
}

function segmentsOf(text: string, ranges: Range[], start: number, end: number): TextSegment[] {
  const segments: TextSegment[] = [];
  let pos = start;
  for (const r of ranges) {
    const s = Math.max(r.start, start);
    const e = Math.min(r.end, end);
    if (e <= s) continue;
    if (s > pos) segments.push({ text: text.slice(pos, s), match: false });
    segments.push({ text: text.slice(s, e), match: true });
    pos = e;
  }
  if (pos < end) segments.push({ text: text.slice(pos, end), match: false });
  return segments;
}

/** The whole text with its matches marked (for titles and headings). */
export function markMatches(text: string, tokens: string[]): TextSegment[] {
  return segmentsOf(text, matchRanges(text, tokens), 0, text.length);
}

function isLowSurrogate(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff;
}

// Moves a window edge to a word boundary when one is near and the move keeps `keep` inside.
function snapWindow(text: string, win: Range, keep: Range): Range {
  let { start, end } = win;
  if (start > 0 && !SPACE_RE.test(text[start - 1]!)) {
    const space = text.slice(start, Math.min(keep.start, start + WORD_SNAP)).search(SPACE_RE);
    if (space !== -1) start += space + 1;
  }
  if (end < text.length && !SPACE_RE.test(text[end]!)) {
    const from = Math.max(keep.end, end - WORD_SNAP);
    const space = text.slice(from, end).lastIndexOf(' ');
    if (space !== -1) end = from + space;
  }
  if (isLowSurrogate(text, start)) start++;
  if (isLowSurrogate(text, end)) end--;
  return { start, end };
}

// A match cut by an edge would show half a word marked: leave it out instead.
function avoidCutMatches(win: Range, ranges: Range[], keep: Range): Range {
  let { start, end } = win;
  for (const r of ranges) {
    if (r.start < start && r.end > start && r.end <= keep.start) start = r.end;
    if (r.start < end && r.end > end && r.start >= keep.end) end = r.start;
  }
  return { start, end };
}

/** Past this many matches in one text, the excerpt centres on the first without comparing places (a word on every line). */
const COMPARED_MATCHES = 200;

/**
 * The run of matches an excerpt shows: the first that fits in `maxLength` with the most different words of the query
 * ("DeepL … key" where the key is pasted, not a passing "DeepL" above it), the first match where none holds more.
 */
function bestRun(text: string, ranges: Range[], maxLength: number): Range {
  let best = ranges[0]!;
  if (ranges.length > COMPARED_MATCHES) return best;
  let most = 1;
  for (let i = 0; i < ranges.length; i++) {
    const words = new Set<string>();
    let last = ranges[i]!;
    for (let j = i; j < ranges.length && ranges[j]!.end - ranges[i]!.start <= maxLength; j++) {
      words.add(normalizeText(text.slice(ranges[j]!.start, ranges[j]!.end)));
      last = ranges[j]!;
    }
    if (words.size > most) {
      most = words.size;
      best = { start: ranges[i]!.start, end: last.end };
    }
  }
  return best;
}

/**
 * At most `maxLength` characters of `text` centred on its matches (`bestRun`), matches marked, plus an
 * unmarked `…` segment on each side where the text was cut. Without a match: the beginning.
 */
export function excerpt(text: string, tokens: string[], maxLength = 50): TextSegment[] {
  const ranges = matchRanges(text, tokens);
  const first = ranges.length > 0 ? bestRun(text, ranges, maxLength) : { start: 0, end: 0 };
  const centre = Math.floor((first.start + Math.min(first.end, first.start + maxLength)) / 2);
  let start = ranges.length > 0 ? Math.max(0, centre - Math.floor(maxLength / 2)) : 0;
  const end = Math.min(text.length, start + maxLength);
  start = Math.max(0, end - maxLength);
  const win = avoidCutMatches(snapWindow(text, { start, end }, first), ranges, first);
  const segments = segmentsOf(text, ranges, win.start, win.end);
  if (segments.length === 0) return [];
  if (win.start > 0) segments.unshift({ text: ELLIPSIS, match: false });
  if (win.end < text.length) segments.push({ text: ELLIPSIS, match: false });
  return segments;
}
