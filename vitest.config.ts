import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Test files that need a module graph of their own: one that mocks a module (`vi.mock` replaces it for the
 * modules the file imports, which a process that ran other files has already loaded), one that checks which
 * modules a call loads.
 */
const ISOLATED = ['test/unit/config/loadConfig.test.ts', 'test/unit/render/reactServer.test.ts'];

export default defineConfig({
  // What the theme imports of sitegen's own by name (src/theme/sitegenImports.ts), for the theme's unit tests.
  resolve: {
    alias: [
      { find: /^sitegen\/theme$/, replacement: source('./src/themeApi.ts') },
      { find: /^sitegen\/theme\/search-context$/, replacement: source('./src/search/context.ts') },
      { find: /^sitegen\/theme\/excerpt$/, replacement: source('./src/search/excerpt.ts') },
      { find: /^sitegen\/theme\/page-href$/, replacement: source('./src/routes/pageHref.ts') },
      { find: /^sitegen\/theme\/page-head$/, replacement: source('./src/render/pageHead.ts') },
      { find: /^sitegen\/theme\/search$/, replacement: source('./src/search/query.ts') },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/setup/tmpdir.ts'],
    // Each of the two test processes runs file after file without starting afresh: a new process per file spent 2-7 s
    // loading the same modules again (vitest 676 s -> 486-547 s on 2 cores). The files that need a fresh module graph
    // (`ISOLATED`) still get one each.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
    ],
  },
});
