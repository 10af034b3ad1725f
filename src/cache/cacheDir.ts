import { existsSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The build cache's folder, beside the config file. */
export const CACHE_FOLDER = '.sitegen-cache';

/** The rendered-markdown entries' folder in the cache (its version changes with their shape). */
export const MARKDOWN_CACHE = 'markdown-v6';

export function cacheDirOf(root: string): string {
  return join(root, CACHE_FOLDER);
}

/** This process's folder under the system's temporary folder (`scratchDir`), once made. */
let scratch: string | undefined;

/**
 * A folder of this process's own under the system's temporary folder, for the files a build without the cache
 * (`--no-cache`) must still write to import them (the compiled config, the theme's bundle that worker threads
 * import): it leaves the project's `.sitegen-cache/` as it was, or unmade. Removed when the process exits.
 */
export function scratchDir(): string {
  if (scratch === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'sitegen-'));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    scratch = made;
  }
  return scratch;
}

/** Whether anything is at a path (a link that leads nowhere too). */
export function pathThere(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** What loading the config puts in a new cache folder: the compiled config's record. */
const CONFIG_ONLY = new Set(['bundles', join('bundles', 'config.json')]);

/**
 * Removes a build cache folder made by a command that then failed having done nothing: one that holds no more than
 * what loading the config put there. One that holds more (work done, or a dev server's started meanwhile) is kept.
 */
export async function removeUnusedCache(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true }).catch(() => null);
  if (entries && entries.every((entry) => CONFIG_ONLY.has(entry))) await rm(dir, { recursive: true, force: true });
}

/**
 * Whether a build with this cache (null: none) renders most of its markdown: no earlier markdown is
 * kept, so its threads start shiki at once. Decided before the config is loaded (the CLI starts the
 * threads first), from the folder alone.
 */
export function rendersMostMarkdown(cacheDir: string | null): boolean {
  return !cacheDir || !existsSync(join(cacheDir, MARKDOWN_CACHE));
}
