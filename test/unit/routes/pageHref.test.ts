import { describe, expect, it } from 'vitest';
import { pageHref } from '../../../src/routes/pageHref.js';
import { localeUrlPath, urlPathOf } from '../../../src/routes/planEntries.js';
import type { LocaleConfig, SiteConfig } from '../../../src/types.js';

const on = { trailingSlash: true };
const EN: LocaleConfig = { code: 'en', label: 'English', htmlLang: 'en', path: 'en' } as LocaleConfig;

describe('pageHref', () => {
  it("ends a page's address with a slash when trailingSlash is on, before its query and fragment", () => {
    expect(pageHref(on, '/docs/before-buy')).toBe('/docs/before-buy/');
    expect(pageHref(on, '/en/docs/before-buy#price')).toBe('/en/docs/before-buy/#price');
    expect(pageHref(on, '/search?q=key')).toBe('/search/?q=key');
    expect(pageHref(on, '/docs/log/v11.6')).toBe('/docs/log/v11.6/');
  });

  it("leaves an address that has one, a file's and every address when it is off as given", () => {
    expect(pageHref(on, '/')).toBe('/');
    expect(pageHref(on, '/en/')).toBe('/en/');
    expect(pageHref(on, '/docs/faqs/#top')).toBe('/docs/faqs/#top');
    expect(pageHref(on, '/blog/rss.xml')).toBe('/blog/rss.xml');
    expect(pageHref(on, '/404.html')).toBe('/404.html');
    expect(pageHref(on, '/docs/x.md')).toBe('/docs/x.md');
    expect(pageHref(on, '#top')).toBe('#top');
    expect(pageHref({ trailingSlash: false }, '/docs/before-buy')).toBe('/docs/before-buy');
    expect(pageHref({}, '/docs/before-buy#price')).toBe('/docs/before-buy#price');
  });

  it("is the form of the pages' addresses (urlPathOf), where a folder's path keeps its own (localeUrlPath)", () => {
    const config = { baseUrl: '/site/', trailingSlash: true } as SiteConfig;
    expect(urlPathOf(config, EN, '/docs/x')).toBe('/site/en/docs/x/');
    expect(urlPathOf({ ...config, trailingSlash: false }, EN, '/docs/x')).toBe('/site/en/docs/x');
    expect(localeUrlPath(config, EN, '/blog')).toBe('/site/en/blog');
  });
});
