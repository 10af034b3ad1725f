import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

declare const SITEGEN_VERSION: string;
declare const SITEGEN_SOURCE: string;

/**
 * A persistent cache of JSON values keyed by content hash, one file per key. A value that cannot
 * be read or fails `isValid` counts as a miss (and is overwritten), so a corrupt or foreign cache
 * never produces wrong output. The key of every entry includes sitegen's version and the versions
 * of the libraries that shape the output.
 */
export function createDiskCache<T>(dir: string | null, namespace: string, isValid: (value: unknown) => value is T, memory?: Map<string, T>) {
  const root = dir && join(dir, namespace);
  const made = new Set<string>();
  const used = new Set<string>();
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    key(...parts: unknown[]): string {
      const hash = createHash('sha1').update(TOOLCHAIN);
      for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part)).update('\0');
      return hash.digest('hex');
    },
    get(key: string): T | undefined {
      used.add(key);
      const remembered = memory?.get(key);
      if (remembered !== undefined) {
        stats.hits++;
        return remembered;
      }
      if (!root) {
        stats.misses++;
        return undefined;
      }
      try {
        const value: unknown = JSON.parse(readFileSync(fileOf(root, key), 'utf8'));
        if (isValid(value)) {
          stats.hits++;
          memory?.set(key, value);
          return value;
        }
      } catch {
        // missing or unreadable: a miss
      }
      stats.misses++;
      return undefined;
    },
    set(key: string, value: T): void {
      used.add(key);
      if (memory?.get(key) === value) return;
      memory?.set(key, value);
      if (root) writeCacheFileSync(fileOf(root, key), value, made);
    },
    /** Forgets in-memory entries this build did not use. */
    async flush(): Promise<void> {
      if (memory) for (const key of memory.keys()) if (!used.has(key)) memory.delete(key);
    },
  };
}

/**
 * Writes a cache file as JSON through a temporary one, so a reader never sees half a file. A failed
 * write is ignored: the entry is simply missing next time.
 */
export async function writeCacheFile(file: string, value: unknown): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await mkdir(dirname(file), { recursive: true })
    .then(() => writeFile(temp, JSON.stringify(value)))
    .then(() => rename(temp, file))
    .catch(() => undefined);
}

/**
 * `writeCacheFile`, synchronously: what the disk cache uses, so an entry's JSON is on disk (and
 * garbage) as soon as it is set, instead of thousands of pending writes holding their text at once.
 */
function writeCacheFileSync(file: string, value: unknown, made: Set<string>): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const dir = dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, file);
  } catch {
    // a failed write is a miss next time
  }
}

function fileOf(root: string, key: string): string {
  return join(root, key.slice(0, 2), `${key.slice(2)}.json`);
}

const require = createRequire(import.meta.url);

/** A package's version, found from its resolved entry (some packages do not export package.json). */
function versionOf(name: string): string {
  try {
    let dir = dirname(require.resolve(name));
    for (let i = 0; i < 6; i++, dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return pkg.version;
      } catch {
        // keep walking up
      }
    }
  } catch {
    // not resolvable
  }
  return 'unknown';
}

/** Versions that change rendered output: a new one invalidates every entry. */
export const TOOLCHAIN = JSON.stringify({
  sitegen: typeof SITEGEN_VERSION === 'string' ? SITEGEN_VERSION : 'dev',
  source: typeof SITEGEN_SOURCE === 'string' ? SITEGEN_SOURCE : 'dev',
  marked: versionOf('marked'),
  shiki: versionOf('shiki'),
  react: versionOf('react-dom'),
  slugger: versionOf('github-slugger'),
  esbuild: versionOf('esbuild'),
  yaml: versionOf('yaml'),
});
