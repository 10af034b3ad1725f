import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import fg from 'fast-glob';
import { spawn } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import type { OutputFile } from '../types.js';

const TEMP_MARK = '.sitegen-tmp-';
const OLD_MARK = '.sitegen-old-';

/** Where a build puts its output files as they are made. */
export interface OutputSink {
  add(files: OutputFile[]): void;
  /** Path of every file added so far. */
  readonly paths: string[];
}

/** An output folder being written: files go to disk as they are added, and only their paths are kept. */
export interface OpenOutput extends OutputSink {
  /** Copies the static files (a generated file of the same path wins) and swaps the new output in. */
  commit(staticDir: string | null): Promise<void>;
  /** Throws away what was written; the previous output stays as it was. */
  abort(): Promise<void>;
}

/**
 * Starts writing a site into a temporary sibling of `outDir`, swapped in only by `commit`, so a
 * failed or interrupted build leaves the previous output untouched. Pages are written as they are
 * rendered, so a big site never needs all of its HTML in memory at once.
 */
export async function openOutput(outDir: string): Promise<OpenOutput> {
  const parent = dirname(outDir);
  const name = basename(outDir);
  await mkdir(parent, { recursive: true });
  await removeStale(parent, name);
  const temp = join(parent, `.${name}${TEMP_MARK}${process.pid}-${Date.now()}`);
  await mkdir(temp);
  const paths: string[] = [];
  const made = new Set<string>();
  // Once committed or aborted, files still coming (a render batch that finishes after another one
  // failed) are dropped: nothing may recreate the folder that abort removed.
  let open = true;
  return {
    paths,
    add(files) {
      if (!open) return;
      writeFiles(temp, files, made);
      for (const file of files) paths.push(file.path);
    },
    async commit(staticDir) {
      open = false;
      try {
        // Static files last and without overwriting: the generated file of the same path wins.
        if (staticDir && existsSync(staticDir)) await cp(staticDir, temp, { recursive: true, dereference: false, force: false, errorOnExist: false });
        await swapIn(temp, outDir, join(parent, `.${name}${OLD_MARK}${process.pid}-${Date.now()}`));
      } catch (error) {
        await rm(temp, { recursive: true, force: true });
        throw error;
      }
    },
    abort() {
      open = false;
      return rm(temp, { recursive: true, force: true });
    },
  };
}

/** Output kept in memory (no writing, or the dev server's `writeChanged`). */
export function collectOutput(): OutputSink & { files: OutputFile[] } {
  const files: OutputFile[] = [];
  return {
    files,
    get paths() {
      return files.map((f) => f.path);
    },
    add(more) {
      files.push(...more);
    },
  };
}

/**
 * Writes files under a folder, creating each directory once. Synchronous on purpose: hundreds of small
 * files go out about twice as fast without a trip through libuv's thread pool for each (730 files:
 * 70–115 ms against 140–270 ms), and a page is written as soon as it is rendered.
 */
export function writeFiles(root: string, files: OutputFile[], made = new Set<string>()): void {
  const dirs = new Set(files.map((f) => dirname(join(root, f.path))));
  for (const dir of [...dirs].sort()) {
    if (made.has(dir)) continue;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  for (const file of files) writeFileSync(join(root, file.path), file.contents);
}

async function swapIn(temp: string, outDir: string, old: string): Promise<void> {
  if (existsSync(outDir)) {
    await rename(outDir, old);
    try {
      await rename(temp, outDir);
    } catch (error) {
      await rename(old, outDir);
      throw error;
    }
    removeInBackground(old);
  } else {
    await rename(temp, outDir);
  }
}

/**
 * Deletes the previous output once the new one is in place, in a detached `rm` so that the build
 * returns without waiting (16,000 pages: about 6–12 s of deleting). A folder still there when the
 * next build starts is removed by it (`removeStale`); without `rm` (Windows) it is deleted here.
 */
function removeInBackground(dir: string): void {
  const here = () => void rm(dir, { recursive: true, force: true }).catch(() => undefined);
  if (process.platform === 'win32') return here();
  try {
    const child = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
    child.on('error', here);
    child.unref();
  } catch {
    here();
  }
}

/** Leftovers of builds that were killed before they could clean up. */
async function removeStale(parent: string, name: string): Promise<void> {
  const prefixes = [`.${name}${TEMP_MARK}`, `.${name}${OLD_MARK}`];
  for (const entry of await readdir(parent)) {
    if (prefixes.some((p) => entry.startsWith(p))) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

const SEARCH_OUTPUT_RE = /(?:^|\/)(?:search-index\.json|search-text\/\d+\.json)$/;

/** A locale's search index or one of its page texts: the dev server writes them apart from the rest. */
export function isSearchOutput(path: string): boolean {
  return SEARCH_OUTPUT_RE.test(path);
}

/**
 * Writes only what changed since the last call into the output folder itself (dev server): files
 * whose hash differs, static files whose size or time differs; removes the files `prunes` selects
 * that are no longer produced. By default a write leaves the search files alone: the dev server
 * writes those later, in a write of their own that prunes only them.
 */
export async function writeChanged(outDir: string, files: OutputFile[], staticDir: string | null, written: Map<string, OutputFile['contents']>, prunes: (path: string) => boolean = (path) => !isSearchOutput(path)): Promise<string[]> {
  const all = [...files];
  if (staticDir && existsSync(staticDir)) {
    for (const entry of await fg('**/*', { cwd: staticDir, stats: true, dot: false })) {
      all.push({ path: entry.path, contents: `${entry.stats?.size}:${entry.stats?.mtimeMs}` });
    }
  }
  const changed: OutputFile[] = [];
  const present = new Set<string>();
  for (const file of all) {
    present.add(file.path);
    // The last contents, not a hash: an unchanged page is usually the very same string (a pointer
    // comparison), and hashing every page of the site on each edit cost more than the edit itself.
    if (sameContents(written.get(file.path), file.contents)) continue;
    written.set(file.path, file.contents);
    changed.push(file);
  }
  const fromStatic = new Set(changed.filter((f) => typeof f.contents === 'string' && staticDir && !files.includes(f)).map((f) => f.path));
  writeFiles(outDir, changed.filter((f) => !fromStatic.has(f.path)));
  for (const path of fromStatic) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await cp(join(staticDir!, path), join(outDir, path));
  }
  const paths = changed.map((f) => f.path);
  for (const path of [...written.keys()]) {
    if (present.has(path) || !prunes(path)) continue;
    written.delete(path);
    paths.push(path);
    await rm(join(outDir, path), { force: true });
  }
  return paths;
}

function sameContents(a: OutputFile['contents'] | undefined, b: OutputFile['contents']): boolean {
  if (a === b) return true;
  if (a === undefined || typeof a === 'string' || typeof b === 'string') return false;
  return Buffer.compare(a, b) === 0;
}
