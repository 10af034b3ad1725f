// Under 'No results': the link to another locale's search for a query written in its script, on any locales the
// config gives (a third locale, two of one script, another default), and on no query the locale's own script writes.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LocaleConfig } from '../../../src/types.js';
import { ElsewhereLinks, SearchElsewhere, elsewhereIndexUrl, elsewhereLocales, elsewhereUrl, localesWithResults } from '../../../theme/components/SearchElsewhere/index.js';
import { TEXTS } from '../../../theme/i18n/texts.js';
import * as engine from '../../../src/search/query.js';
import { buildSearchIndex } from '../../../src/search/buildIndex.js';
import { SEARCH_CONFIG, page } from '../search/fixtures.js';
import { EN, ZH, siteData } from './fixtures.js';

const JA: LocaleConfig = { code: 'ja', label: '日本語', direction: 'ltr', htmlLang: 'ja', path: 'ja', ogLocale: 'ja_JP' };
const RU: LocaleConfig = { code: 'ru', label: 'Русский', direction: 'ltr', htmlLang: 'ru', path: 'ru', ogLocale: 'ru_RU' };
const FR: LocaleConfig = { code: 'fr', label: 'Français', direction: 'ltr', htmlLang: 'fr', path: 'fr', ogLocale: 'fr_FR' };
const codes = (locale: LocaleConfig, locales: LocaleConfig[], query: string) => elsewhereLocales({ locale, locales }, query).map((l) => l.code);

describe('elsewhereLocales', () => {
  it('sends a query written mostly in Chinese characters from the English site to the Chinese one', () => {
    expect(codes(EN, [ZH, EN], '截图翻译')).toEqual(['zh-Hans']);
    expect(codes(EN, [ZH, EN], '会员')).toEqual(['zh-Hans']);
    // Each character weighs as a word: two of them outweigh one English word, and one does not.
    expect(codes(EN, [ZH, EN], 'PDF翻译')).toEqual(['zh-Hans']);
    expect(codes(EN, [ZH, EN], 'deepl 翻')).toEqual([]);
    expect(codes(EN, [ZH, EN], 'zzqxjv')).toEqual([]);
    expect(codes(EN, [ZH, EN], '11.6.1 ???')).toEqual([]);
  });

  it('sends a query with no Chinese character from the Chinese site to the English one, and no other', () => {
    expect(codes(ZH, [ZH, EN], 'screenshot translation')).toEqual(['en']);
    expect(codes(ZH, [ZH, EN], 'deepl api 截图')).toEqual([]);
    expect(codes(ZH, [ZH, EN], '截图翻译')).toEqual([]);
  });

  it('reads each locale\'s script from its language, never from a list of codes', () => {
    // Kana is Japanese: from the Chinese site to the Japanese one, not to the English one.
    expect(codes(ZH, [ZH, EN, JA], 'スクリーンショット')).toEqual(['ja']);
    // Chinese characters are written by both: every locale that writes them, in the config's order.
    expect(codes(EN, [ZH, EN, JA], '翻訳')).toEqual(['zh-Hans', 'ja']);
    expect(codes(EN, [EN, RU], 'перевод')).toEqual(['ru']);
    expect(codes(RU, [EN, RU], 'перевод deepl')).toEqual([]);
    expect(codes(RU, [EN, RU, FR], 'screenshot')).toEqual(['en', 'fr']);
    // Two locales of one script: nothing tells them apart.
    expect(codes(FR, [EN, FR], 'screenshot')).toEqual([]);
    expect(codes({ ...EN, htmlLang: 'x-unknown-tag' }, [ZH, EN], '截图')).toEqual([]);
  });
});

describe('SearchElsewhere', () => {
  // The links to the locales the query looks written for, as they are drawn once their indexes found it.
  const render = (site = siteData(EN), query = '截图翻译', options = {}) =>
    renderToStaticMarkup(createElement(ElsewhereLinks, { site, strings: TEXTS[site.locale.code] ?? TEXTS.en!, query, locales: elsewhereLocales(site, query.trim()), ...options }));

  it('draws no link before the other locale\'s index has found the query', () => {
    expect(renderToStaticMarkup(createElement(SearchElsewhere, { site: siteData(EN), strings: TEXTS.en!, query: '截图翻译', engine }))).toBe('');
  });

  it('links to the other locale\'s search page with the query, naming the locale by its label, in its language', () => {
    expect(render()).toBe(
      '<ul class="search-elsewhere"><li><a href="/search?q=%E6%88%AA%E5%9B%BE%E7%BF%BB%E8%AF%91" hrefLang="zh-CN">Search the <span lang="zh-CN">简体中文</span> site for “<span lang="zh-CN">截图翻译</span>”</a></li></ul>',
    );
    expect(render(siteData(ZH), 'screenshot')).toBe('<ul class="search-elsewhere"><li><a href="/en/search?q=screenshot" hrefLang="en">在 <span lang="en">English</span> 站点中搜索“<span lang="en">screenshot</span>”</a></li></ul>');
    // A label in Chinese characters takes no space beside the Chinese around it.
    const jaSite = { ...siteData(JA), locale: JA, locales: [ZH, JA] };
    expect(render({ ...siteData(ZH), locales: [ZH, { ...JA, label: '日本语' }] }, 'スクリーン')).toContain('在<span lang="ja">日本语</span>站点中搜索');
    expect(render(jaSite, 'zzqxjv')).toBe('');
    expect(render(siteData(EN), 'zzqxjv')).toBe('');
  });

  it('leaves the link out for texts ejected before it existed, rather than break the search', () => {
    const { searchElsewhere: _, ...search } = TEXTS.en!.search;
    const strings = { ...TEXTS.en!, search } as unknown as (typeof TEXTS)[string];
    expect(renderToStaticMarkup(createElement(ElsewhereLinks, { site: siteData(EN), strings, query: '截图翻译', locales: [ZH] }))).toBe('');
  });

  it('keeps the search context and the docs version, which every locale has', () => {
    const site = siteData(EN);
    expect(elsewhereUrl(site, ZH, ' 截图 ', { path: 'docs/guides', outside: true }, '9.x')).toBe('/search?q=%E6%88%AA%E5%9B%BE&ctx=docs%2Fguides&outside=1&version=9.x');
    expect(elsewhereUrl({ ...site, baseUrl: '/site/', searchPath: '/site/en/search/' }, ZH, 'a b')).toBe('/site/search/?q=a%20b');
  });
});

describe('localesWithResults', () => {
  const ORIGIN = 'https://glint.example/en/search';
  const indexes: Record<string, unknown> = {
    '/search-index.json?v=1': buildSearchIndex([page('/docs/guides/screenshot', { title: '截图翻译', intro: '框选屏幕上的文字并翻译。' }), page('/docs/guides/pdf', { title: 'PDF 翻译' })], SEARCH_CONFIG),
    '/en/search-index.json?v=1': buildSearchIndex([page('/en/docs/guides/screenshot', { title: 'Screenshot translation' })], SEARCH_CONFIG),
  };
  const requested: string[] = [];
  const fetch = (url: string) => {
    const path = new URL(url).pathname + new URL(url).search;
    requested.push(path);
    const json = indexes[path];
    return Promise.resolve({ ok: json !== undefined, status: json === undefined ? 404 : 200, json: () => Promise.resolve(JSON.parse(JSON.stringify(json))) });
  };
  const found = async (site: ReturnType<typeof siteData>, query: string, scope?: { path: string; outside?: boolean }) =>
    (await localesWithResults({ fetchSearchIndex: engine.createSearchIndexFetcher(), searchIndex: engine.searchIndex }, site, elsewhereLocales(site, query), query, { pageOrigin: ORIGIN, fetch, ...(scope ? { scope } : {}) })).map((l) => l.code);

  it("finds the other locale's index beside this one's, of the same docs version, its query kept", () => {
    expect(elsewhereIndexUrl(siteData(EN), ZH)).toBe('/search-index.json?v=1');
    expect(elsewhereIndexUrl(siteData(ZH), EN)).toBe('/en/search-index.json?v=1');
    const versioned = { ...siteData(EN), search: { ...siteData(EN).search, indexUrl: '/en/search-index-docs-9.x.json' } };
    expect(elsewhereIndexUrl(versioned, ZH)).toBe('/search-index-docs-9.x.json');
    const based = { ...siteData(ZH), baseUrl: '/site/', search: { ...siteData(ZH).search, indexUrl: '/site/search-index.json' } };
    expect(elsewhereIndexUrl(based, EN)).toBe('/site/en/search-index.json');
  });

  it("keeps a locale only when its index finds the query: no link to another 'No results'", async () => {
    expect(await found(siteData(EN), '截图翻译')).toEqual(['zh-Hans']);
    expect(await found(siteData(EN), '鳄鱼')).toEqual([]);
    expect(await found(siteData(ZH), 'screenshot')).toEqual(['en']);
    expect(await found(siteData(ZH), 'crocodile')).toEqual([]);
  });

  it('searches the same context there', async () => {
    expect(await found(siteData(EN), '截图翻译', { path: 'docs/guides' })).toEqual(['zh-Hans']);
    expect(await found(siteData(EN), '截图翻译', { path: 'docs/faqs' })).toEqual([]);
    expect(await found(siteData(EN), '截图翻译', { path: 'docs/guides', outside: true })).toEqual([]);
  });

  it('keeps the link of a locale whose index failed to load: a failed request tells nothing of what it would find', async () => {
    const missing = { ...siteData(EN), search: { ...siteData(EN).search, indexUrl: '/en/search-index-docs-8.x.json' } };
    expect(await found(missing, '截图翻译')).toEqual(['zh-Hans']);
    expect(requested).toContain('/search-index-docs-8.x.json');
  });
});
