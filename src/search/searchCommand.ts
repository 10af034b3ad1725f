// `sitegen search`: queries a built site's index from the terminal, with the browser's engine.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { displayPath as shownPath, formatDiagnostic, oneLine, usageError } from '../diagnostics.js';
import type { SiteConfig } from '../types.js';
import { loadSearchIndex, searchIndex, type LoadedSearchIndex, type SearchResult } from './query.js';

export interface RunSearchOptions {
  /** Output folder of the build (`dist`). */
  dir: string;
  /** Locale path: '' for the default locale, 'en' for English. */
  localePath: string;
  query: string;
  /** Print stable JSON instead of the human list. */
  json: boolean;
  /** Results at most. */
  limit: number;
  /** The index's file in the locale's folder: `search-index.json`, or a docs version's (`versionIndexFile`). */
  indexFile?: string;
  /** The site's locales (code and path): when the asked one has no index, the hint names those the folder holds. */
  others?: { code: string; path: string }[];
}

export interface CommandResult {
  output: string;
  exitCode: number;
}

/** A path from the working folder, or whole when it is outside it (not `../../srv/site/dist/…`). */
function displayPath(path: string): string {
  return shownPath(process.cwd(), path);
}

/** A problem of the command, as one compiler-style line (and its hint), exit code 2. */
function problem(file: string, message: string, hint: string): CommandResult {
  return { output: `${formatDiagnostic({ severity: 'error', code: 'search', file, message, hint })}\n`, exitCode: 2 };
}

/**
 * A built site's index, read as the search box reads it, or why it cannot be: the file's error code
 * (`ENOENT`, `EISDIR`…, or its message) or `invalid` (not JSON, not an index this version reads).
 */
export async function readIndexFile(path: string): Promise<{ index: LoadedSearchIndex } | { failure: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { failure: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
  try {
    return { index: loadSearchIndex(JSON.parse(text)) };
  } catch {
    return { failure: 'invalid' };
  }
}

async function readIndex(path: string, built: () => string[]): Promise<LoadedSearchIndex | CommandResult> {
  const read = await readIndexFile(path);
  if ('index' in read) return read.index;
  const { failure } = read;
  if (failure === 'ENOENT' || failure === 'ENOTDIR') {
    // A build of some locales only (`sitegen build --locale en`) leaves the others' indexes out.
    const codes = built();
    const hint = codes.length ? `the last build made only ${codes.join(' and ')}'s: pass --locale ${codes[0]}, or build every locale (sitegen build without --locale)` : 'run `sitegen build` first, or pass --dir with a built site';
    return problem(displayPath(path), 'no search index', hint);
  }
  if (failure === 'EISDIR') return problem(displayPath(path), 'the search index is a folder', 'run `sitegen build` again');
  if (failure === 'invalid') return problem(displayPath(path), 'not a search index this version can read', 'run `sitegen build` again');
  return problem(displayPath(path), `the search index cannot be read (${failure})`, 'check the file and its permissions');
}

function titleOf(result: SearchResult): string {
  return result.type === 0 ? result.page.h : `${result.page.h} › ${result.document.h}`;
}

// Scores are rounded so that the JSON does not change with floating-point noise between runs.
function jsonOf(query: string, path: string, results: SearchResult[]): string {
  const rows = results.map((r, n) => ({
    rank: n + 1,
    score: Math.round(r.score * 10_000) / 10_000,
    type: r.type,
    title: r.page.h,
    heading: r.type === 1 ? r.document.h : null,
    url: r.url,
    partial: r.partial,
    tokens: r.tokens,
  }));
  return JSON.stringify({ query, index: displayPath(path), results: rows }, null, 2) + '\n';
}

function humanOf(query: string, results: SearchResult[]): string {
  if (results.length === 0) return `No results for "${oneLine(query)}".\n`;
  const width = String(results.length).length;
  const lines = results.map((r, n) => {
    const rank = String(n + 1).padStart(width);
    const mark = r.partial ? '~' : ' ';
    return `${rank}. ${r.score.toFixed(2).padStart(6)}${mark} ${titleOf(r)}\n${' '.repeat(width + 10)}${r.url}`;
  });
  const note = results.some((r) => r.partial) ? '\n~ a weaker match: every term but one, every term only across the page\'s sections, only in passing in the text, or part of a long question\n' : '\n';
  return lines.join('\n') + note;
}

/**
 * The search index file of the docs version `--version` names (by its name, its label as the version menu shows it, or
 * the segment of its address, `next`):
 * each version has its own, holding its docs with the blog and the pages. A name the site has not is a usage error
 * that lists the versions built.
 */
export async function versionIndexFile(config: SiteConfig, name: string): Promise<string> {
  const { loadVersions, searchIndexSuffix } = await import('../routes/versions.js');
  const versions = loadVersions(config).versions;
  const flag = `--version ${name}`;
  if (!versions) throw usageError(flag, 'the site has no docs versions (content/versions.json), so its one index is searched without --version');
  // Or by its address's segment (`next` for the current docs), and in any case when no name is the same but for it.
  const version = versions.find((v) => v.name === name) ?? versions.find((v) => v.label === name) ?? versions.find((v) => v.path !== '' && v.path === name) ?? versions.find((v) => [v.name, v.label, v.path].some((n) => n !== '' && n.toLowerCase() === name.toLowerCase()));
  if (!version) throw usageError(flag, `no docs version is named so: the versions are ${versions.map((v) => (v.label === v.name ? v.name : `${v.name} (${v.label})`)).join(', ')}`);
  return `search-index${searchIndexSuffix(versions, version)}.json`;
}

/**
 * Searches `<dir>/<localePath>/search-index.json` (or `indexFile` there). Exit code 0 with or without results; 2 when the
 * index is missing or unreadable, or the limit is not a positive integer.
 */
export async function runSearch(options: RunSearchOptions): Promise<CommandResult> {
  const { dir, localePath, query, json, limit } = options;
  if (!Number.isInteger(limit) || limit < 1) {
    return problem(`--limit ${limit}`, 'the limit must be a whole number from 1 up', 'for example --limit 5');
  }
  const file = options.indexFile ?? 'search-index.json';
  const path = join(dir, localePath, file);
  const index = await readIndex(path, () => (options.others ?? []).filter((l) => l.path !== localePath && existsSync(join(dir, l.path, file))).map((l) => l.code));
  if ('exitCode' in index) return index;
  let results: SearchResult[];
  try {
    results = searchIndex(index, query, { limit, group: false });
  } catch {
    return problem(displayPath(path), 'not a search index this version can read', 'run `sitegen build` again');
  }
  return { output: json ? jsonOf(query, path, results) : humanOf(query, results), exitCode: 0 };
}
