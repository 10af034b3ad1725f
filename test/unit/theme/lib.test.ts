// The theme's pure helpers: paths, formatting, left-to-right isolates, colour-mode cycle, animation length, navbar state, TOC nesting.
import { describe, expect, it } from 'vitest';
import { isActiveNav, navCurrent } from '../../../theme/components/Navbar/navActive.js';
import { nestHeadings } from '../../../theme/components/TOC/index.js';
import { wordsOfAddress } from '../../../theme/components/NotFound/index.js';
import en from '../../../theme/i18n/en.js';
import zhHans from '../../../theme/i18n/zh-Hans.js';
import { englishForPage, ltrIsolated } from '../../../theme/lib/bidi.js';
import { collapseDuration } from '../../../theme/lib/collapse.js';
import { choicesOf, nextChoice } from '../../../theme/lib/colorMode.js';
import { format, formatDate, plural } from '../../../theme/lib/format.js';
import { phrased } from '../../../theme/context.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { isRouterUrl, localeOfPath, localizedPath, normalizePath, pageDataUrl, pageHref, pageUnder, samePath, switchLocalePath } from '../../../theme/lib/paths.js';
import { shouldSkipPrefetch } from '../../../theme/lib/router.js';
import { announcementVar } from '../../../theme/lib/storage.js';
import { EN, ZH, siteData } from './fixtures.js';

const site = { baseUrl: '/', locales: [ZH, EN], defaultLocale: 'zh-Hans' };

describe('paths', () => {
  it('normalises index.html and repeated slashes', () => {
    expect(normalizePath('/en/docs/faqs/index.html')).toBe('/en/docs/faqs/');
    expect(normalizePath('//en//docs')).toBe('/en/docs');
    expect(normalizePath('/index.html')).toBe('/');
  });

  it('names the page-data file of a route with or without a trailing slash', () => {
    expect(pageDataUrl('/en/docs/faqs/safe')).toBe('/en/docs/faqs/safe/page-data.json');
    expect(pageDataUrl('/en/docs/faqs/safe/')).toBe('/en/docs/faqs/safe/page-data.json');
    expect(pageDataUrl('/')).toBe('/page-data.json');
    expect(pageDataUrl('/en/')).toBe('/en/page-data.json');
    expect(pageDataUrl('/en/docs/faqs/index.html')).toBe('/en/docs/faqs/page-data.json');
  });

  it('finds the locale of a path', () => {
    expect(localeOfPath(site, '/en/docs/x').code).toBe('en');
    expect(localeOfPath(site, '/en').code).toBe('en');
    expect(localeOfPath(site, '/docs/x').code).toBe('zh-Hans');
    expect(localeOfPath(site, '/english-page').code).toBe('zh-Hans');
    expect(localeOfPath(site, '/').code).toBe('zh-Hans');
  });

  it('switches a path to another locale', () => {
    expect(switchLocalePath(site, '/en/docs/faqs/safe', ZH)).toBe('/docs/faqs/safe');
    expect(switchLocalePath(site, '/docs/faqs/safe', EN)).toBe('/en/docs/faqs/safe');
    expect(switchLocalePath(site, '/', EN)).toBe('/en/');
    expect(switchLocalePath(site, '/en/', ZH)).toBe('/');
    expect(switchLocalePath(site, '/en/docs/faqs/', ZH)).toBe('/docs/faqs/');
    expect(switchLocalePath({ ...site, baseUrl: '/site/' }, '/site/en/blog', ZH)).toBe('/site/blog');
    // A page the target locale does not have leads to its home page.
    expect(switchLocalePath(site, '/en/docs/english-only', ZH, ['en'])).toBe('/');
    expect(switchLocalePath({ ...site, baseUrl: '/site/' }, '/site/blog/tags/x', EN, ['zh-Hans'])).toBe('/site/en/');
    expect(switchLocalePath(site, '/en/docs/intro', ZH, ['zh-Hans', 'en'])).toBe('/docs/intro');
  });

  it('prefixes site paths for a locale', () => {
    expect(localizedPath(site, EN, '/docs/installv2/')).toBe('/en/docs/installv2/');
    expect(localizedPath(site, ZH, '/docs/installv2/')).toBe('/docs/installv2/');
  });

  it("writes the theme's own links to pages with a trailing slash where the site's config says (trailingSlash), files as named", () => {
    const slashed = { ...site, trailingSlash: true as const };
    expect(localizedPath(slashed, EN, '/docs/guides/summary')).toBe('/en/docs/guides/summary/');
    expect(localizedPath(slashed, ZH, '/docs/histroy#2013')).toBe('/docs/histroy/#2013');
    expect(localizedPath(site, ZH, '/docs/histroy#2013')).toBe('/docs/histroy#2013');
    expect(pageHref(slashed, '/blog/rss.xml')).toBe('/blog/rss.xml');
    expect(pageHref(slashed, '/en/')).toBe('/en/');
    expect(pageUnder(slashed, '/en/blog/', 'tags')).toBe('/en/blog/tags/');
    expect(pageUnder(slashed, '/blog/tags/news/', 'page/2')).toBe('/blog/tags/news/page/2/');
    expect(pageUnder({}, '/blog', 'page/2')).toBe('/blog/page/2');
  });

  it('routes only same-origin pages of the current locale on the client', () => {
    const en = { ...site, locale: EN };
    const origin = 'https://x.example';
    const url = (p: string) => new URL(p, origin);
    expect(isRouterUrl(en, url('/en/docs/faqs/safe'), origin)).toBe(true);
    expect(isRouterUrl(en, url('/en/docs/faqs/index.html'), origin)).toBe(true);
    expect(isRouterUrl(en, url('/docs/faqs/safe'), origin)).toBe(false);
    expect(isRouterUrl(en, url('/en/blog/rss.xml'), origin)).toBe(false);
    expect(isRouterUrl(en, url('/img/share.png'), origin)).toBe(false);
    expect(isRouterUrl(en, url('/en/404.html'), origin)).toBe(false);
    expect(isRouterUrl(en, new URL('https://other.example/en/'), origin)).toBe(false);
  });

  it('compares paths regardless of trailing slash and index.html', () => {
    expect(samePath('/en/docs/faqs/', '/en/docs/faqs')).toBe(true);
    expect(samePath('/en/docs/faqs/index.html', '/en/docs/faqs')).toBe(true);
    expect(samePath('/', '/index.html')).toBe(true);
    expect(samePath('/en/a', '/en/b')).toBe(false);
  });
});

describe('format', () => {
  it('fills placeholders and plural forms', () => {
    expect(format('Page {page} of {total}', { page: 2, total: 3 })).toBe('Page 2 of 3');
    expect(format('{missing} stays', {})).toBe('{missing} stays');
    expect(plural(en.blog.minutes, 1)).toBe('1 min read');
    expect(plural(en.blog.minutes, 4)).toBe('4 min read');
    expect(plural(zhHans.blog.minutes, 4)).toBe('阅读需 4 分钟');
  });

  it('sets a Chinese value among Chinese words without the spaces around its placeholder, and a Latin one with them', () => {
    expect(format('最后由 {author} 更新于 ', { author: '张三' })).toBe('最后由张三更新于 ');
    expect(format('最后由 {author} 更新于 ', { author: 'Jane Doe' })).toBe('最后由 Jane Doe 更新于 ');
    expect(format('最后由 {author} 更新于', { author: 'Jane 张' })).toBe('最后由 Jane 张更新于');
    expect(format('第 {page} 页', { page: 2 })).toBe('第 2 页');
    expect(format('Last updated by {author}', { author: '张三' })).toBe('Last updated by 张三');
  });

  it('formats dates the same way on server and client, per locale', () => {
    expect(formatDate('2025-10-28', en)).toBe('October 28, 2025');
    expect(formatDate('2025-10-28T09:00:00Z', zhHans)).toBe('2025 年 10 月 28 日');
    expect(formatDate('not a date', en)).toBe('not a date');
  });
});

describe('colour mode', () => {
  const respect = siteData().colorMode;
  const fixed = { ...respect, respectPrefersColorScheme: false };

  it('cycles system → opposite of the system → same as the system', () => {
    expect(nextChoice('system', respect, false)).toBe('dark');
    expect(nextChoice('dark', respect, false)).toBe('light');
    expect(nextChoice('light', respect, false)).toBe('system');
    expect(nextChoice('system', respect, true)).toBe('light');
    expect(nextChoice('light', respect, true)).toBe('dark');
    expect(nextChoice('dark', respect, true)).toBe('system');
  });

  it('toggles light ↔ dark when the system preference is not respected', () => {
    expect(choicesOf(fixed)).toEqual(['light', 'dark']);
    expect(nextChoice('light', fixed, true)).toBe('dark');
    expect(nextChoice('dark', fixed, true)).toBe('light');
  });
});

describe('collapse animation', () => {
  it('lasts longer for taller content and 1 ms under reduced motion', () => {
    expect(collapseDuration(100, false)).toBeLessThan(collapseDuration(1000, false));
    expect(collapseDuration(36, false)).toBe(Math.round((4 + 15 + 1 / 5) * 10));
    expect(collapseDuration(5000, true)).toBe(1);
  });
});

describe('prefetch', () => {
  it('is skipped on data saver and 2g', () => {
    expect(shouldSkipPrefetch(undefined)).toBe(false);
    expect(shouldSkipPrefetch({ effectiveType: '4g' })).toBe(false);
    expect(shouldSkipPrefetch({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: '2g' })).toBe(true);
    expect(shouldSkipPrefetch({ effectiveType: 'slow-2g' })).toBe(true);
  });
});

describe('navbar', () => {
  it('marks the section of the current page', () => {
    expect(isActiveNav('/en/docs/faqs/', '/en/docs/faqs/safe', '/en/')).toBe(true);
    expect(isActiveNav('/en/docs/guides/summary', '/en/docs/guides/pdf', '/en/')).toBe(true);
    expect(isActiveNav('/en/blog', '/en/blog/2025/01/02/x', '/en/')).toBe(true);
    expect(isActiveNav('/en/docs/histroy#2013', '/en/docs/histroy', '/en/')).toBe(true);
    expect(isActiveNav('/en/docs/issues', '/en/docs/issues-x', '/en/')).toBe(false);
    expect(isActiveNav('/docs/faqs/', '/en/docs/faqs/safe', '/')).toBe(false);
    expect(isActiveNav('/docs/faqs/', '/docs/faqs/', '/')).toBe(true);
    // The current page on the entry's own page, the current section on its other pages.
    expect(navCurrent('/en/docs/faqs/', '/en/docs/faqs/', '/en/')).toBe('page');
    expect(navCurrent('/en/docs/faqs/', '/en/docs/faqs', '/en/')).toBe('page');
    expect(navCurrent('/en/docs/faqs/', '/en/docs/faqs/safe', '/en/')).toBe('true');
    expect(navCurrent('/en/docs/histroy#2013', '/en/docs/histroy', '/en/')).toBe('page');
    expect(navCurrent('/en/blog', '/en/blog/2025/01/02/x', '/en/')).toBe('true');
    expect(navCurrent('/docs/faqs/', '/en/docs/faqs/safe', '/')).toBeUndefined();
  });
});

describe('table of contents', () => {
  it('nests h3 under the h2 before it', () => {
    const tree = nestHeadings([
      { depth: 2, text: 'A', id: 'a' },
      { depth: 3, text: 'A1', id: 'a1' },
      { depth: 3, text: 'A2', id: 'a2' },
      { depth: 2, text: 'B', id: 'b' },
    ]);
    expect(tree.map((n) => [n.heading.id, n.children.map((c) => c.heading.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', []],
    ]);
  });
});

describe('announcement', () => {
  it('derives a valid custom property name from any id', () => {
    expect(announcementVar('release-11-6-1')).toBe('--sg-ann-release-11-6-1');
    expect(announcementVar('v12 beta/1')).toBe('--sg-ann-v12_beta_1');
  });
});

describe('phrased', () => {
  const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, phrased(text)));

  it('keeps each phrase of a Chinese heading on one line: after its punctuation, from an opening quote', () => {
    expect(html('读到的一切，都能变成你的语言')).toBe('<span class="phrase">读到的一切，</span><span class="phrase">都能变成你的语言</span>');
    expect(html('16 篇文档带有标签“有免费额度”')).toBe('<span class="phrase">16 篇文档带有标签</span><span class="phrase">“有免费额度”</span>');
    expect(html('为什么？怎么办！')).toBe('<span class="phrase">为什么？</span><span class="phrase">怎么办！</span>');
  });

  it('leaves a heading of one phrase, English, and odd punctuation as written', () => {
    expect(html('灵译划词翻译')).toBe('灵译划词翻译');
    expect(html('Everything you read, in your language')).toBe('Everything you read, in your language');
    expect(html('，开头是标点')).toBe('，开头是标点');
    expect(html('')).toBe('');
  });
});

describe('left-to-right isolates', () => {
  it('isolate every shown text of nested texts, and none of those kept or empty', () => {
    const texts = { a: 'Tags:', list: ['January', ''], plural: { one: '1 post', other: '{count} posts' }, card: { link: '/docs/x', title: 'X.' } };
    expect(ltrIsolated(texts, new Set(['link']))).toEqual({ a: '\u2066Tags:\u2069', list: ['\u2066January\u2069', ''], plural: { one: '\u20661 post\u2069', other: '\u2066{count} posts\u2069' }, card: { link: '/docs/x', title: '\u2066X.\u2069' } });
    // A placeholder inside an isolate is still filled in.
    expect(plural(ltrIsolated(en.blog.minutes), 12)).toBe('\u206612 min read\u2069');
  });

  it('leave the home page\'s texts (links, the demo\'s sample) to the home page, which isolates those it shows', () => {
    const home = { lead: 'Lead.', features: [{ link: '/docs/a', title: 'A' }] };
    const texts = englishForPage({ ...en, home }, { lang: 'ar', dir: 'rtl' });
    expect(texts.docs.toc).toBe('\u2066On this page\u2069');
    expect(texts.home).toBe(home);
    expect(texts.isolate!(home, new Set(['link']))).toEqual({ lead: '\u2066Lead.\u2069', features: [{ link: '/docs/a', title: '\u2066A\u2069' }] });
    // English's own pages, which the browser loads the same module for, keep the texts as written, as do pages written left to right.
    expect(en.docs.toc).toBe('On this page');
    expect(englishForPage(en, { lang: 'en', dir: 'ltr' })).toBe(en);
    expect(englishForPage(en, { lang: 'en-GB', dir: 'ltr' })).toBe(en);
  });

  it('mark the English texts as English on a page in another language, whichever way it is written', () => {
    expect(englishForPage(en, { lang: 'ar', dir: 'rtl' }).lang).toBe('en');
    const french = englishForPage(en, { lang: 'fr-CA', dir: 'ltr' });
    expect(french.lang).toBe('en');
    // Left to right: as written, not isolated.
    expect(french.docs.toc).toBe('On this page');
    expect(french.isolate).toBeUndefined();
  });
});

describe('wordsOfAddress (the not-found page searches the site for them)', () => {
  it('takes the last part of the address that says what was looked for, its dashes as spaces', () => {
    expect(wordsOfAddress('/en/docs/faqs/deepl-limt')).toBe('deepl limt');
    expect(wordsOfAddress('/docs/guides/summary/')).toBe('summary');
    // A post's date and an index are no words; an extension neither.
    expect(wordsOfAddress('/blog/2024/06/18/version_11.html')).toBe('version 11');
    expect(wordsOfAddress('/docs/faqs/index.html')).toBe('faqs');
    expect(wordsOfAddress('/blog/2024/06/18/')).toBe('blog');
    // Escapes are the characters they spell; a malformed one is kept as written.
    expect(wordsOfAddress('/docs/%E5%88%92%E8%AF%8D-%E7%BF%BB%E8%AF%91')).toBe('划词 翻译');
    expect(wordsOfAddress('/docs/bad%E5%88')).toBe('bad%E5%88');
    expect(wordsOfAddress('/')).toBe('');
  });
});
