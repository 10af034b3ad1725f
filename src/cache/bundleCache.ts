import { existsSync, readFileSync } from 'node:fs';
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
  inputs: [path: string, hash: string][];
  value: unknown;
}

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
    if (stored && stored.salt === fullSalt && isValid(stored.value) && stored.inputs.every(([path, hash]) => hashOf(path) === hash)) {
      return { value: stored.value, inputs: stored.inputs.map(([path]) => path) };
    }
  }
  const made = await make();
  if (file) {
    const stored: Stored = { salt: fullSalt, inputs: made.inputs.map((path) => [path, hashOf(path) ?? '']), value: made.value };
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

function hashOf(path: string): string | null {
  try {
    return sha1(readFileSync(path));
  } catch {
    return null;
  }
}
