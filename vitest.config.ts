import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/setup/tmpdir.ts'],
  },
});
