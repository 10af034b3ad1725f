import { relative } from 'node:path';
import type { Diagnostic } from './types.js';

/** An error a user caused (content, config, flags): carries diagnostics and the exit code. */
export class SitegenError extends Error {
  readonly diagnostics: Diagnostic[];
  readonly exitCode: number;

  constructor(diagnostics: Diagnostic[], exitCode = 1, options?: { cause?: unknown }) {
    super(diagnostics.map(formatDiagnostic).join('\n'), options);
    this.name = 'SitegenError';
    this.diagnostics = diagnostics;
    this.exitCode = exitCode;
  }
}

/** A usage or config error: exit code 2. */
export function usageError(file: string, message: string, hint?: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'config', file, message, hint }], 2);
}

/** One compiler-style line (plus an indented hint line). */
export function formatDiagnostic(d: Diagnostic): string {
  const place = d.line ? `${d.file}:${d.line}${d.column ? `:${d.column}` : ''}` : d.file;
  const head = `${place} ${d.severity}[${d.code}] ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** Orders diagnostics by file, then line, errors of a place before warnings. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareText(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compareText(a.severity, b.severity),
  );
}

/** Lower-case letters, digits, `.`, `/` and `-`: the default collation orders these as their code points do. */
const PLAIN_TEXT_RE = /^[a-z0-9./-]*$/;

/**
 * `localeCompare`'s order, without building a collator for text that does not need one (the first
 * `localeCompare` of a process costs 6-9 ms): most content paths and every severity.
 */
export function compareText(a: string, b: string): number {
  if (PLAIN_TEXT_RE.test(a) && PLAIN_TEXT_RE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

export function countErrors(list: Diagnostic[]): number {
  return list.filter((d) => d.severity === 'error').length;
}

/** Builds a "did you mean" hint from candidates by edit distance. */
export function closestMatch(target: string, candidates: Iterable<string>, maxDistance = 4): string | null {
  let best: string | null = null;
  let bestDistance = Math.min(maxDistance, Math.ceil(target.length / 2)) + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - target.length) >= bestDistance) continue;
    const distance = editDistance(target, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The two rows of the distance table, kept between calls (a hint compares one path with hundreds). */
let rows = [new Int32Array(64), new Int32Array(64)];

// Levenshtein distance, given up at `bound`: once a whole row reaches it, the distance can only be
// larger. Most candidates of a big site are far off, so most comparisons stop after a few rows. The
// common prefix and suffix are dropped first: site paths share long ones (`/en/docs/services/`).
function editDistance(full: string, other: string, bound = Infinity): number {
  let start = 0;
  let endA = full.length;
  let endB = other.length;
  while (start < endA && start < endB && full.charCodeAt(start) === other.charCodeAt(start)) start++;
  while (endA > start && endB > start && full.charCodeAt(endA - 1) === other.charCodeAt(endB - 1)) endA--, endB--;
  const a = full.slice(start, endA);
  const b = other.slice(start, endB);
  if (a.length === 0 || b.length === 0) return Math.min(Math.max(a.length, b.length), bound);
  if (rows[0]!.length <= b.length) rows = [new Int32Array(b.length * 2 + 2), new Int32Array(b.length * 2 + 2)];
  let previous = rows[0]!;
  let current = rows[1]!;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (current[j]! < rowMin) rowMin = current[j]!;
    }
    if (rowMin >= bound) return bound;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length]!;
}

/** A path as shown in messages: relative to the project root when inside it, absolute otherwise. */
export function displayPath(root: string, path: string): string {
  const rel = relative(root, path).split('\\').join('/');
  return rel && !rel.startsWith('..') ? rel : path;
}
