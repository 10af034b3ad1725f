import { describe, expect, it } from 'vitest';
import { buildSearchJson } from '../../../src/search/buildIndex.js';
import { pageTextPath } from '../../../src/search/indexFormat.js';
import { searchFilePaths } from '../../../src/search/searchFiles.js';
import { page, SEARCH_CONFIG } from './fixtures.js';

describe('the files of a search index, known before it is built', () => {
  it('are the index and one page text per page it holds, ignored pages left out', () => {
    const pages = [page('/en/docs/a', { title: 'A' }), page('/en/docs/drafts/b', { title: 'B' }), page('/en/blog/c', { title: 'C' }), page('/en/docs/draftsman', { title: 'D' })];
    const config = { ...SEARCH_CONFIG, ignoreFiles: ['docs/drafts'] };
    const built = buildSearchJson(pages, config);
    const paths = searchFilePaths('en/search-index.json', pages, config);
    expect(paths).toEqual(['en/search-index.json', ...built.texts.map((_, id) => pageTextPath('en/search-index.json', id))]);
    expect(paths).toEqual(['en/search-index.json', 'en/search-text/0.json', 'en/search-text/1.json', 'en/search-text/2.json']);
  });

  it("leave out the ignored pages of a site under a baseUrl, in a locale with a path of its own", () => {
    const pages = [page('/docs-site/english/docs/a', { title: 'A' }), page('/docs-site/english/docs/private/b', { title: 'B' }), page('/docs-site/docs/private', { title: 'C' })];
    const config = { ...SEARCH_CONFIG, ignoreFiles: ['docs/private'], baseUrl: '/docs-site/' };
    expect(buildSearchJson(pages, config).texts).toHaveLength(1);
    expect(buildSearchJson(pages, config).index).not.toContain('private');
    expect(searchFilePaths('english/search-index.json', pages, config)).toEqual(['english/search-index.json', 'english/search-text/0.json']);
  });
});
