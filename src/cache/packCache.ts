import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCacheFile, TOOLCHAIN, writeCacheFile } from './diskCache.js';
import { sha1 } from '../hash.js';

/**
 * Many small cached values in one file of the build cache (read once, written once when something
 * changed): for values that cost less to compute than a file each would cost to open. Entries this
 * build did not use are dropped when it is saved; a corrupt or foreign file counts as empty.
 * `part`: the part of the file this object reads and saves, for a file that several objects of one build
 * use one after the other (each docs version's sidebars): the other parts' entries are saved as they were
 * read, where each object had dropped the others' and the next build parsed them all again.
 */
export async function loadPackCache<T>(dir: string | null, name: string, isValid: (value: unknown) => value is T, part = '') {
  const file = dir && join(dir, `${name}.json`);
  // A part's keys start with its name and a colon; the first part's are bare hashes (no colon).
  const prefix = part && `${part}:`;
  const own = (key: string) => (prefix ? key.startsWith(prefix) : !key.includes(':'));
  const stored = new Map<string, T>();
  const others: Record<string, unknown> = {};
  if (file) {
    try {
      // Read synchronously: a small file, where a round trip through libuv's thread pool waited 5-8 ms.
      const data = parseCacheFile(readFileSync(file, 'utf8')) as { toolchain?: string; entries?: Record<string, unknown> };
      if (data.toolchain === TOOLCHAIN && data.entries) {
        for (const [key, value] of Object.entries(data.entries)) {
          if (!own(key)) others[key] = value;
          else if (isValid(value)) stored.set(key, value);
        }
      }
    } catch {
      // missing or unreadable: empty
    }
  }
  const used = new Map<string, T>();
  let changed = false;
  return {
    key: (...parts: string[]) => prefix + sha1(parts.join('\0')),
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
      await writeCacheFile(file, { toolchain: TOOLCHAIN, entries: { ...others, ...Object.fromEntries(used) } });
    },
  };
}
