import { isAbsolute, relative, sep } from 'node:path';
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

/** A bad flag or argument (`file` names it as typed: `--port abc`): exit code 2. */
export function usageError(file: string, message: string, hint?: string): SitegenError {
  // A flag given an empty or blank value (`--port "$PORT"` unset) is shown with the value quoted, not as the flag and a blank.
  const blank = /^(-\S+) (\s*)$/.exec(file);
  return new SitegenError([{ severity: 'error', code: 'usage', file: blank ? `${blank[1]} ${JSON.stringify(blank[2])}` : file, message, hint }], 2);
}

/** What is wrong with a title given as nothing, or as spaces only (`--title "   "`, which the terminal shows as a gap). */
export function emptyOrBlank(title: string): string {
  return title === '' ? 'the title is empty' : 'the title is only spaces';
}

/**
 * The compiled configs imported so far (their module URLs) and the config file each stands for: an
 * error thrown later from a timer or callback of one of them is that config's problem (src/cli.ts).
 */
export const configModules = new Map<string, string>();

/** A config file that cannot be used: exit code 2. */
export function configError(file: string, message: string, hint?: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'config', file, message, hint }], 2);
}

/** What `commanderMessage` knows of the command as typed. */
export interface TypedCommand {
  /** The command as typed (`sitegen new post`). */
  command?: string;
  /** Its flags that take no value (`--quiet`). */
  switches?: string[];
  /** One of its flags with a value (`--dir dist` for check-links), shown where a stray word may be a value written apart from its flag. */
  example?: string;
  /** A command named later on the line (`sitegen --config x build`): its path and its flags as written in its help (`--config <file>`). */
  later?: { path: string; flags: Record<string, string> };
  /** Its subcommands and flags, for the suggestion commander does not make: the name typed in other capitals (`BUILD`: build, `--VERBOSE`: --verbose). */
  names?: string[];
}

/** The commands whose one argument is often words, typed unquoted (`sitegen new post Hello world`): how to write them. */
const QUOTE_HINTS: Record<string, string> = {
  'sitegen search': 'quote a query of several words: sitegen search "api key"',
  'sitegen new post': 'quote a title of several words: sitegen new post "Offline dictionary is here"',
  'sitegen init': 'quote a folder name with spaces (sitegen init "my site"); the title goes after --title: sitegen init my-site --title "My docs"',
};

/**
 * Commander's own message (`error: unknown option '--nope'` and a `(Did you mean --out?)` line) in
 * the shape of every other: `--nope error[usage] unknown option` and the suggestion as its hint.
 */
export function commanderMessage(text: string, { command = 'sitegen', switches = [], example, names = [], later }: TypedCommand = {}): string {
  const [first = '', ...rest] = text.trim().split('\n');
  const message = first.replace(/^error: /, '');
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim())?.[1];
  const usage = (file: string, said: string, hint: string) => `${formatDiagnostic({ severity: 'error', code: 'usage', file, message: said, hint })}\n`;
  // `--out` last on the line: told as a value written after a flag is (`--out --quiet`, src/cli.ts).
  const missing = /^option '((-[^\s,]+, )?(--\S+) [<[].*)' argument missing$/.exec(message);
  if (missing) return usage(missing[3]!, `${missing[3]} needs a value`, `write the value right after it: ${missing[1]}`);
  const own = command === 'sitegen' ? 'sitegen --help lists the commands, sitegen <command> --help their options' : `${command} --help lists its arguments and options`;
  // Commander names neither the command (`too many arguments for 'build'`) nor the words: the command as typed is the place.
  const extra = /^too many arguments(?: for '[^']*')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(message);
  if (extra) return usage(command, `takes ${extra[1] === '0' ? 'no arguments' : `${extra[1]} argument${extra[1] === '1' ? '' : 's'}`}, got ${extra[2]}`, QUOTE_HINTS[command] ?? (example ? `${own}; a flag's value goes right after the flag (${example})` : own));
  const needed = /^missing required argument '(.+)'$/.exec(message);
  if (needed) return usage(command, `needs the argument <${needed[1]}>`, own);
  const named = /^(unknown option|unknown command) '(.+)'$/.exec(message);
  // `--quiet=1`: commander takes a value after `=` only for a flag that has one, and calls the rest unknown.
  const valued = named?.[1] === 'unknown option' ? /^(--[^=]+)=/.exec(named[2]!)?.[1] : undefined;
  if (valued && switches.includes(valued)) return usage(named![2]!, `${valued} takes no value`, `write ${valued} alone${valued.startsWith('--no-') ? ', or leave it out' : ''}`);
  // A flag of the command that follows it on the line: sitegen's options are read before a command only (src/cli.ts).
  const misplaced = named?.[1] === 'unknown option' && later ? later.flags[named[2]!.split('=')[0]!] : undefined;
  if (misplaced) return usage(named![2]!, 'unknown option', `${named![2]!.split('=')[0]} is an option of the command: write it after the command, ${later!.path} ${misplaced}`);
  // Commander's suggestions heed case: a name typed in capitals (caps lock) is its own nearest.
  const near = suggestion ?? (named ? names.find((n) => n.toLowerCase() === named[2]!.toLowerCase()) : undefined);
  return usage(named ? named[2]! : command, named ? named[1]! : message, near ? `did you mean ${near}?` : own);
}

/** A file or folder name as sitegen prints it: one that holds a line break or a terminal's escape as JSON writes it, so it stays on its line and changes no colour. */
export function shownName(name: string): string {
  return /[\u0000-\u001f\u007f-\u009f]/.test(name) ? JSON.stringify(name) : name;
}

/**
 * The 1-based column, in characters as editors count them (UTF-16 units), of a place esbuild reports: its column
 * counts the UTF-8 bytes of the line before it, which each Chinese character makes three.
 */
export function esbuildColumn(location: { column: number; lineText: string }): number {
  return new TextDecoder().decode(new TextEncoder().encode(location.lineText).subarray(0, location.column)).length + 1;
}

/** One compiler-style line (plus an indented hint line). */
export function formatDiagnostic(d: Diagnostic): string {
  // A file name may hold a line break or a terminal's escape: written as JSON writes it, the report keeps one line a problem.
  const file = shownName(d.file);
  const place = d.line ? `${file}:${d.line}${d.column ? `:${d.column}` : ''}` : file;
  const head = `${place} ${d.severity}[${d.code}] ${oneLine(d.message)}`;
  return d.hint ? `${head}\n  hint: ${oneLine(d.hint)}` : head;
}

/**
 * A message or hint quoting what was typed (`--locale $'e\nn'`) or read keeps its line: control characters
 * but the tab are written as JSON escapes (`\n`, `\u001b`), so neither a line break nor a terminal's escape
 * sequence gets through.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/**
 * The list with each diagnostic once: two links on one line that fail alike (`#安装` written as it is
 * and percent-encoded) print one line and count once.
 */
export function uniqueDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.severity, d.code, d.file, d.line, d.column, d.message, d.hint]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Orders diagnostics by file, then line, errors of a place before warnings; each once (`uniqueDiagnostics`). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return uniqueDiagnostics(list).sort(
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

/** A file name's extension (`.md` of `docs/guides/fav.md`), kept apart when a name is matched by its start. */
const EXTENSION_RE = /\.[a-z0-9]{1,5}$/i;

/** Builds a "did you mean" hint from candidates by edit distance. */
export function closestMatch(target: string, candidates: Iterable<string>, maxDistance = 4): string | null {
  const list = Array.isArray(candidates) ? (candidates as string[]) : [...candidates];
  // A name typed in the wrong case (`/Docs/B`) means the one it spells, not one as many edits away (`/docs/a`).
  const lower = target.toLowerCase();
  const sameLetters = list.find((candidate) => candidate !== target && candidate.toLowerCase() === lower);
  if (sameLetters !== undefined) return sameLetters;
  // Two letters typed the wrong way round (`panle`) is one slip, though it takes two edits: a candidate
  // that undoes it wins over one as many edits away (`page`).
  const swapped = swappedNeighbour(target, list);
  if (swapped !== null) return swapped;
  // A name cut short (`fav` for the page renamed `favorites`, `sear` for `search`) means the one it starts, not a
  // short one as many edits away (`card`), unless another is a single slip away.
  const ext = EXTENSION_RE.exec(target)?.[0] ?? '';
  const stem = target.slice(0, target.length - ext.length);
  const longer = stem.length >= 3 ? list.filter((candidate) => candidate.length > target.length && candidate.startsWith(stem) && candidate.endsWith(ext)) : [];
  if (longer.length === 1 && !list.some((candidate) => candidate !== target && candidate !== longer[0] && editDistance(target, candidate, 2) <= 1)) return longer[0]!;
  let best: string | null = null;
  let bestDistance = Math.min(maxDistance, Math.ceil(target.length / 2)) + 1;
  for (const candidate of list) {
    if (Math.abs(candidate.length - target.length) >= bestDistance) continue;
    const distance = editDistance(target, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The candidate that is `target` with two neighbouring units swapped, if there is one. */
function swappedNeighbour(target: string, candidates: string[]): string | null {
  let set: Set<string> | null = null;
  for (const candidate of candidates) {
    if (candidate.length !== target.length || candidate === target) continue;
    set ??= new Set();
    set.add(candidate);
  }
  if (set === null) return null;
  for (let i = 0; i + 1 < target.length; i++) {
    if (target[i] === target[i + 1]) continue;
    const swapped = target.slice(0, i) + target[i + 1] + target[i] + target.slice(i + 2);
    if (set.has(swapped)) return swapped;
  }
  return null;
}

/** The two rows of the distance table, kept between calls (a hint compares one path with hundreds). */
let rows = [new Int32Array(64), new Int32Array(64)];
/** Per UTF-16 unit, the positions where it occurs in the shorter string (bit i: position i), zeroed after each use. */
let positionsOf: Int32Array | null = null;
/** Strings up to this long after the shared prefix and suffix are compared a column per step (one 32-bit word). */
const WORD = 32;

// Levenshtein distance, given up at `bound` (the bound is returned once the distance cannot be less).
// The common prefix and suffix are dropped first: site paths share long ones (`/en/docs/services/`).
// Hints are looked for at the end of a cold build, on one thread, by code V8 has not compiled yet:
// the 1× corpus's 78 broken links take about 27,000 comparisons. The usual case, a remainder of at
// most 32 units, takes the bit-parallel form (Myers 1999, in Hyyrö's formulation): each unit of the
// longer string updates a whole column of the table in a few word operations. Those 78 hints: 31-43 ms
// of a cold build with the table alone, 13-22 ms now (medians of ten fresh processes: 35 and 21 ms).
function editDistance(full: string, other: string, bound = Infinity): number {
  let start = 0;
  let endA = full.length;
  let endB = other.length;
  while (start < endA && start < endB && full.charCodeAt(start) === other.charCodeAt(start)) start++;
  while (endA > start && endB > start && full.charCodeAt(endA - 1) === other.charCodeAt(endB - 1)) endA--, endB--;
  const lengthA = endA - start;
  const lengthB = endB - start;
  if (lengthA === 0 || lengthB === 0) return Math.min(Math.max(lengthA, lengthB), bound);
  if (Math.abs(lengthA - lengthB) >= bound) return bound;
  if (Math.min(lengthA, lengthB) > WORD) return tableDistance(full.slice(start, endA), other.slice(start, endB), bound);
  return lengthA <= lengthB ? columnDistance(full, other, start, endA, endB, bound) : columnDistance(other, full, start, endB, endA, bound);
}

/** The bit-parallel distance of `short[start, shortEnd)` (1-32 units) and `long[start, longEnd)`. */
function columnDistance(short: string, long: string, start: number, shortEnd: number, longEnd: number, bound: number): number {
  const m = shortEnd - start;
  const positions = (positionsOf ??= new Int32Array(0x10000));
  for (let i = 0; i < m; i++) {
    const unit = short.charCodeAt(start + i);
    positions[unit] = positions[unit]! | (1 << i);
  }
  const last = 1 << (m - 1);
  // Bit i of `up` / `down`: the table's cell in row i+1 is one more / one less than the cell above it.
  let up = -1;
  let down = 0;
  let distance = m;
  for (let j = start; j < longEnd; j++) {
    const match = positions[long.charCodeAt(j)]!;
    const vertical = match | down;
    const horizontal = (((match & up) + up) ^ up) | match;
    let rise = down | ~(horizontal | up);
    let fall = up & horizontal;
    if (rise & last) distance++;
    else if (fall & last) distance--;
    // Each remaining unit lowers the distance by one at most.
    if (distance - (longEnd - 1 - j) >= bound) break;
    rise = (rise << 1) | 1;
    fall <<= 1;
    up = fall | ~(vertical | rise);
    down = rise & vertical;
  }
  for (let i = 0; i < m; i++) positions[short.charCodeAt(start + i)] = 0;
  return Math.min(distance, bound);
}

/** The same distance by the whole table, a row at a time, for remainders longer than a word. */
function tableDistance(a: string, b: string, bound: number): number {
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
  return Math.min(previous[b.length]!, bound);
}

/** A path as shown in messages: relative to the project root when inside it, absolute otherwise. */
export function displayPath(root: string, path: string): string {
  const rel = relative(root, path).split('\\').join('/');
  return rel && !rel.startsWith('..') ? rel : path;
}

/**
 * A path a command wrote, as the user would paste it into their shell: from the working folder `cwd` (`.` for that
 * folder), climbing out of it (`../content/…`) when `cwd` is a folder of the project `root` and the path is in the
 * project; absolute otherwise, as `displayPath` shows a path outside `cwd`.
 */
export function pathFromCwd(cwd: string, root: string, path: string): string {
  const within = (outer: string, inner: string) => {
    const rel = relative(outer, inner);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
  };
  const rel = relative(cwd, path).split('\\').join('/');
  if (within(cwd, path)) return rel || '.';
  return within(root, cwd) && within(root, path) ? rel : path;
}
