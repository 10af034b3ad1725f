// Under 'No results': the link to another locale's search for a query written in its script, on any locales the
// config gives (a third locale, two of one script, another default), and on no query the locale's own script writes.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LocaleConfig } from '../../../src/types.js';
import { SearchElsewhere, elsewhereLocales, elsewhereUrl } from '../../../theme/components/SearchElsewhere/index.js';
import { TEXTS } from '../../../theme/i18n/texts.js';
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
  const render = (site = siteData(EN), query = '截图翻译', options = {}) => renderToStaticMarkup(createElement(SearchElsewhere, { site, strings: TEXTS[site.locale.code] ?? TEXTS.en!, query, ...options }));

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
    expect(renderToStaticMarkup(createElement(SearchElsewhere, { site: siteData(EN), strings, query: '截图翻译' }))).toBe('');
  });

  it('keeps the search context and the docs version, which every locale has', () => {
    const site = siteData(EN);
    expect(elsewhereUrl(site, ZH, ' 截图 ', { path: 'docs/guides', outside: true }, '9.x')).toBe('/search?q=%E6%88%AA%E5%9B%BE&ctx=docs%2Fguides&outside=1&version=9.x');
    expect(elsewhereUrl({ ...site, baseUrl: '/site/', searchPath: '/site/en/search/' }, ZH, 'a b')).toBe('/site/search/?q=a%20b');
  });
});
