// One search result as the dropdown and the search page draw it: title and heading from the index at
// once, the excerpt from the page's text when it has arrived, in a box that is there either way.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as engine from '../../../src/search/query.js';
import { SearchResultItem } from '../../../theme/components/SearchResult/index.js';
import { indexOf, page, textsOf } from '../search/fixtures.js';
import { EN, siteData } from './fixtures.js';

const pages = [
  page('/en/docs/services/deepl', {
    title: 'DeepL',
    description: 'Connect DeepL with your own key.',
    sections: [
      ['Getting a key', 'Copy the key <img src=x onerror="window.__xss=1"> from the DeepL account page.'],
      ['Limits', ''],
    ],
  }),
];
const index = indexOf(pages);
const [text] = textsOf(pages);
const site = siteData(EN);
const result = (q: string, url: string) => engine.searchIndex(index, q, { group: false }).find((r) => r.url === url)!;
const render = (r: engine.SearchResult, pageText?: engine.PageText) => renderToStaticMarkup(createElement(SearchResultItem, { site, engine, result: r, text: pageText }));

describe('SearchResultItem', () => {
  it('keeps an empty excerpt box while the page text loads, then fills it with the terms marked', () => {
    const hit = result('key', '/en/docs/services/deepl#s1');
    const loading = render(hit);
    expect(loading).toContain('<mark>key</mark>');
    expect(loading).toContain('<span class="search-result-excerpt is-loading"></span>');
    const loaded = render(hit, text);
    expect(loaded).toMatch(/<span class="search-result-excerpt">Copy the <mark>key<\/mark> /);
    expect(loaded).toContain('<span class="search-result-page">DeepL</span>');
  });

  it('renders page text as text: markup in it is escaped, never parsed', () => {
    const html = render(result('key', '/en/docs/services/deepl#s1'), text);
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
    expect(html).not.toContain('<img');
  });

  it('keeps no room for a result without text', () => {
    const html = render(result('limits', '/en/docs/services/deepl#s2'));
    expect(html).not.toContain('search-result-excerpt');
  });
});
