import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/**
 * The folder of sitegen's own package: the first folder up from this module (`lib/` when compiled,
 * `src/` in the tests) whose package.json is sitegen's. Its `theme/` is the theme that comes with
 * sitegen, its `src/` what themes import as `sitegen/theme`.
 */
export function sitegenPackageDir(): string {
  if (found !== undefined) return found;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'sitegen') return (found = dir);
    } catch {
      // no package.json here, or not one that reads
    }
    if (dirname(dir) === dir) return (found = join(start, '..'));
  }
}
