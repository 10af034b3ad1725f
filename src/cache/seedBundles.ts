import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadClientAssets } from '../assets/bundleClient.js';
import { loadTheme } from '../render/loadTheme.js';
import { sitegenPackageDir } from '../packageDir.js';
import type { SiteConfig } from '../types.js';
import { seedDir } from './bundleCache.js';

/**
 * Makes the two bundles of the theme that comes with sitegen (server and client, for sites served at
 * `/`) into `seedDir()`, as a site's first build would make them into its cache: run when sitegen is
 * compiled, so that a site on that theme skips esbuild for them on its first build (src/cache/bundleCache.ts).
 * The records name the theme's files by their paths here and hold their hashes: a theme edited since,
 * or an installation moved elsewhere, makes them stale, and the site bundles its own.
 */
export async function seedBundles(): Promise<void> {
  const root = sitegenPackageDir();
  const dir = seedDir();
  rmSync(dir, { recursive: true, force: true });
  // The parts of a config the two bundles read; any site on this theme at `/` has the same.
  const config = { root, themeDir: join(root, 'theme'), baseUrl: '/', outDir: join(root, 'dist') } as SiteConfig;
  await loadTheme(config, dir);
  await loadClientAssets(config, dir);
}
