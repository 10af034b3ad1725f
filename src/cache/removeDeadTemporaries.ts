import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { isRunning } from '../processes.js';
import { LEGACY_NAMESPACES } from './diskCache.js';

/** A cache file's temporary (`<file>.<pid>.tmp`, `<file>.<pid>-<thread>.tmp`): its writer's process id. */
const TEMPORARY_RE = /\.(\d+)(?:-\d+)?\.tmp$/;
/** The dev servers' output folders (`dev`, `dev-<pid>`): a site's files, none of them the cache's. */
const DEV_FOLDER_RE = /^dev(-\d+)?$/;

/**
 * Removes the temporary files of writers that are gone (a build killed between writing a cache file and renaming
 * it into place), which nothing else would ever remove. Cache files are written through temporaries in the cache
 * folder and its folders, never deeper, so those are all it lists: a few small folders (the disk caches' hold their
 * segments, a few files each), not a walk of the cache. A temporary of a running process is left alone: another
 * build may be writing it.
 */
export function removeDeadTemporaries(dir: string | null): void {
  if (!dir) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // no cache yet
  }
  const running = new Map<number, boolean>();
  const removeIn = (folder: string, names: string[]) => {
    for (const name of names) {
      const pid = Number(TEMPORARY_RE.exec(name)?.[1]);
      if (!pid) continue;
      if (!running.has(pid)) running.set(pid, isRunning(pid));
      if (running.get(pid)) continue;
      try {
        unlinkSync(join(folder, name));
      } catch {
        // removed meanwhile (another build's sweep)
      }
    }
  };
  removeIn(dir, entries.filter((e) => e.isFile()).map((e) => e.name));
  for (const entry of entries) {
    // Not the folders of earlier versions either (a file per entry), which the build removes as a whole.
    if (!entry.isDirectory() || DEV_FOLDER_RE.test(entry.name) || LEGACY_NAMESPACES.includes(entry.name)) continue;
    try {
      removeIn(join(dir, entry.name), readdirSync(join(dir, entry.name)));
    } catch {
      // removed meanwhile
    }
  }
}
