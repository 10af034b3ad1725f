// Search relevance on the bundled site: for every judged query of bench/searchQueries.mjs (Chinese,
// English, mixed, service names, versions, typos in the last word), the page a reader wants is in the top 3.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/searchQueries.mjs';
import { planSite } from '../../src/build';
import { loadConfig } from '../../src/config/loadConfig';
import { buildSearchIndex } from '../../src/search/buildIndex';
import { loadSearchIndex, searchIndex } from '../../src/search/query';
import { REPO } from '../helpers/site';

const indexes: Record<string, ReturnType<typeof loadSearchIndex>> = {};

beforeAll(async () => {
  const config = await loadConfig({ configFile: join(REPO, 'site.config.ts') });
  const plan = await planSite({ config });
  for (const s of plan.search) {
    const locale = s.path.startsWith('en/') ? 'en' : 'zh-Hans';
    indexes[locale] = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchIndex(s.pages, config.search))));
  }
}, 120_000);

const judged = (locale: string) => (QUERIES as Record<string, { q: string; expect?: string }[]>)[locale].filter((q) => q.expect);

describe('search relevance on the bundled site', () => {
  it('has at least 40 judged queries per locale', () => {
    expect(judged('zh-Hans').length).toBeGreaterThanOrEqual(40);
    expect(judged('en').length).toBeGreaterThanOrEqual(40);
  });

  for (const locale of ['zh-Hans', 'en']) {
    for (const { q, expect: wanted } of judged(locale)) {
      it(`${locale}: "${q}" finds ${wanted} in the top 3`, () => {
        const pages = [...new Set(searchIndex(indexes[locale], q, { limit: 30 }).map((r) => r.page.u))];
        expect(pages.slice(0, 3), `top pages: ${pages.slice(0, 5).join(', ')}`).toContain(wanted);
      });
    }
  }
});
