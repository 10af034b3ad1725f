// Search as a site's config changes it in the browser, on a small site of its own with the default theme:
// `hideSearchBarOnSearchPage` (the navbar box gone from the search page, its shortcut still finding a box).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, md } from '../helpers/site.js';
import { gotoHydrated, hasChromium, newPage, poll, REPO, useFixtureSite } from './helpers/site.js';

const FILES: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' }, search: { hideSearchBarOnSearchPage: true },`),
  // The browser asks for it: without it, a 404 in the console.
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, 'Zebra crossing.\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Zebra crossing.\n'),
};

const site = useFixtureSite(FILES, 'sitegen-search-config-');
const focusedClass = (page: import('playwright-core').Page) => page.evaluate(() => document.activeElement?.className ?? '');

describe.skipIf(!hasChromium)('search config in the browser', () => {
  it('hideSearchBarOnSearchPage: Ctrl+K or / on the search page takes the reader to its own box, which the navbar no longer has', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/search?q=zebra`);
    await poll(async () => (await page.locator('.search-page-list li').count()) > 0, { message: 'results' });
    expect(await page.locator('.search-input').count(), 'no box in the navbar here').toBe(0);
    await page.locator('h1').click();
    await page.keyboard.press('Control+k');
    await poll(async () => (await focusedClass(page)) === 'search-page-input', { message: "the search page's box focused" });
    // Its text selected, as the navbar box's is: typing replaces the query.
    await page.keyboard.type('crossing');
    expect(await page.locator('.search-page-input').inputValue()).toBe('crossing');
    // `/` finds it too (from outside it: in it, a `/` is text).
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await poll(async () => (await focusedClass(page)) === 'search-page-input', { message: "the search page's box focused by /" });
    await page.keyboard.type('zebra');
    expect(await page.locator('.search-page-input').inputValue()).toBe('zebra');
    // On any other page, the shortcut is the navbar box's again.
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    await page.keyboard.press('Control+k');
    await poll(async () => (await focusedClass(page)) === 'search-input', { message: 'the navbar box focused' });
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
