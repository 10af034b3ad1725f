import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The build cache's folder, beside the config file. */
export const CACHE_FOLDER = '.sitegen-cache';

/** The rendered-markdown entries' folder in the cache (its version changes with their shape). */
export const MARKDOWN_CACHE = 'markdown-v5';

export function cacheDirOf(root: string): string {
  return join(root, CACHE_FOLDER);
}

/**
 * Whether a build with this cache (null: none) renders most of its markdown: no earlier markdown is
 * kept, so its threads start shiki at once. Decided before the config is loaded (the CLI starts the
 * threads first), from the folder alone.
 */
export function rendersMostMarkdown(cacheDir: string | null): boolean {
  return !cacheDir || !existsSync(join(cacheDir, MARKDOWN_CACHE));
}
