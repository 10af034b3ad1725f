import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCacheFile, TOOLCHAIN, writeCacheFile } from './diskCache.js';
import { sha1 } from '../hash.js';
import { sitegenPackageDir } from '../packageDir.js';

/**
 * The bundles of the theme that comes with sitegen, made when sitegen is compiled (`npm ci` runs it), in
 * the layout of a site's cache folder: a site on that theme, without overrides, finds its two bundles
 * there on its first build and runs no esbuild for them (scripts/compile.mjs; src/cache/seedBundles.ts).
 */
export function seedDir(): string {
  return join(sitegenPackageDir(), 'lib', 'seed');
}

/** What a bundler produced, and every file it read to produce it. */
export interface Bundled<T> {
  value: T;
  /** Absolute paths of the bundle's inputs (esbuild's metafile). */
  inputs: string[];
}

interface Stored {
  salt: string;
  /** Each input's content hash, and the stamp of the file that was hashed (`stampOf`; records written before stamps lack it). */
  inputs: [path: string, hash: string, stamp?: string][];
  /** When the inputs were hashed (ms since the epoch). */
  checked?: number;
  value: unknown;
}

/**
 * A file whose status changed less than this before its hash was taken is hashed again at each check (as git treats
 * an index entry as racy): a write within the file system's time granularity of the hashing would leave its stamp as
 * it was. Linux stamps files from a clock that moves every few milliseconds, and macOS to the nanosecond; a file system
 * that keeps whole seconds (FAT keeps two), or Windows, which may stamp a write late, gets the long margin.
 */
const RACY_MS = 100;
const RACY_COARSE_MS = 2000;

/**
 * The last result of one bundle (the theme for Node, the client for browsers), kept in the build cache
 * with the content hash of every input file: while none changed, the bundler does not run again
 * (about 400 ms of a warm build). A missing, corrupt or stale entry means bundling again. Without an
 * entry of the site's own, the one sitegen's installation holds (`seedDir`) is taken on the same terms
 * (the same toolchain, key and input files, unchanged), with the cache or without it (`--no-cache`): it
 * is a part of sitegen, as its code is.
 */
export async function cachedBundle<T>(dir: string | null, name: string, salt: string, isValid: (value: unknown) => value is T, make: () => Promise<Bundled<T>>, { seed = seedDir() }: { seed?: string | null } = {}): Promise<Bundled<T>> {
  const file = dir && join(dir, 'bundles', `${name}.json`);
  const fullSalt = `${TOOLCHAIN}\0${salt}`;
  for (const candidate of [file, seed && join(seed, 'bundles', `${name}.json`)]) {
    // Looked for first: an asynchronous read of a missing file answers only when the thread is free (in a
    // warm build, 110-170 ms into the content stage), and the seed's record was read after that answer.
    if (!candidate || !existsSync(candidate)) continue;
    const stored = await readStored(candidate);
    if (stored && stored.salt === fullSalt && isValid(stored.value) && stored.inputs.every((input) => unchanged(input, stored.checked))) {
      return { value: stored.value, inputs: stored.inputs.map(([path]) => path) };
    }
  }
  const made = await make();
  if (file) {
    const checked = Date.now();
    const stored: Stored = { salt: fullSalt, inputs: made.inputs.map((path) => [path, hashOf(path) ?? '', stampOf(path) ?? '']), checked, value: made.value };
    await writeCacheFile(file, stored);
  }
  return made;
}

async function readStored(file: string): Promise<Stored | null> {
  try {
    const value = parseCacheFile(await readFile(file, 'utf8')) as Stored;
    return typeof value.salt === 'string' && Array.isArray(value.inputs) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether an input is as it was when its hash was taken. Its stamp (size, modification and change times, inode) the
 * same, and its last change older than the hashing by more than `RACY_MS`, it is taken as unchanged without reading it:
 * a warm build checks the theme's two bundles against their 200-odd input files (React DOM's 131 KB among them), which
 * it had read and hashed whole on every build. Otherwise its content is hashed, as before stamps were kept.
 */
function unchanged([path, hash, stamp]: Stored['inputs'][number], checked: number | undefined): boolean {
  if (stamp && checked !== undefined) {
    const now = statSync(path, { throwIfNoEntry: false });
    if (now && stampText(now) === stamp && now.ctimeMs < checked - racyMargin(now)) return true;
  }
  return hashOf(path) === hash;
}

function racyMargin(stats: Stats): number {
  return process.platform === 'win32' || stats.mtimeMs % 1000 === 0 ? RACY_COARSE_MS : RACY_MS;
}

/** A file's stamp: its size, modification and change times and inode, or null for a file that is not there. */
function stampOf(path: string): string | null {
  const now = statSync(path, { throwIfNoEntry: false });
  return now ? stampText(now) : null;
}

function stampText(stats: Stats): string {
  // Change time too: no program can set it back, so content rewritten to the same size and modification time still shows.
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`;
}

function hashOf(path: string): string | null {
  try {
    return sha1(readFileSync(path));
  } catch {
    return null;
  }
}
