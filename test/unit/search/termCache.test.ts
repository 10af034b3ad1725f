import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSearchJson, searchTermCache } from '../../../src/search/buildIndex.js';
import { page, SEARCH_CONFIG } from './fixtures.js';

const pages = [
  page('/docs/deepl', { title: 'DeepL 翻译', description: '如何申请 DeepL API 密钥', intro: '打开设置页面。', sections: [['密钥', '复制 API key 到扩展。']] }),
  page('/docs/google', { title: 'Google Translate', description: 'Free machine translation', intro: 'No key needed.' }),
];

describe('the search term cache', () => {
  it('gives the same index as tokenising afresh, and serves unchanged pages from the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-terms-'));
    const fresh = buildSearchJson(pages, SEARCH_CONFIG, 'r1');
    const first = searchTermCache(dir);
    expect(buildSearchJson(pages, SEARCH_CONFIG, 'r1', first)).toEqual(fresh);
    expect(first.stats).toEqual({ hits: 0, misses: 2 });
    await first.flush();

    const edited = [pages[0]!, { ...pages[1]!, intro: 'No key needed, ever.' }];
    const second = searchTermCache(dir);
    expect(buildSearchJson(edited, SEARCH_CONFIG, 'r2', second)).toEqual(buildSearchJson(edited, SEARCH_CONFIG, 'r2'));
    expect(second.stats).toEqual({ hits: 1, misses: 1 });
  });
});
