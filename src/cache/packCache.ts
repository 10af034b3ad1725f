import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCacheFile, TOOLCHAIN, writeCacheFile } from './diskCache.js';
import { sha1 } from '../hash.js';

/**
 * Many small cached values in one file of the build cache (read once, written once when something
 * changed): for values that cost less to compute than a file each would cost to open. Entries this
 * build did not use are dropped when it is saved; a corrupt or foreign file counts as empty.
 */
export async function loadPackCache<T>(dir: string | null, name: string, isValid: (value: unknown) => value is T) {
  const file = dir && join(dir, `${name}.json`);
  const stored = new Map<string, T>();
  if (file) {
    try {
      // Read synchronously: a small file, where a round trip through libuv's thread pool waited 5-8 ms.
      const data = parseCacheFile(readFileSync(file, 'utf8')) as { toolchain?: string; entries?: Record<string, unknown> };
      if (data.toolchain === TOOLCHAIN && data.entries) for (const [key, value] of Object.entries(data.entries)) if (isValid(value)) stored.set(key, value);
    } catch {
      // missing or unreadable: empty
    }
  }
  const used = new Map<string, T>();
  let changed = false;
  return {
    key: (...parts: string[]) => sha1(parts.join('\0')),
    get(key: string): T | undefined {
      const value = stored.get(key);
      if (value !== undefined) used.set(key, value);
      return value;
    },
    set(key: string, value: T): void {
      used.set(key, value);
      changed = true;
    },
    /** Writes the entries used by this build, if any is new or one was dropped. */
    async save(): Promise<void> {
      if (!file || (!changed && used.size === stored.size)) return;
      await writeCacheFile(file, { toolchain: TOOLCHAIN, entries: Object.fromEntries(used) });
    },
  };
}
