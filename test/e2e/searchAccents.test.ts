// Accents in the browser, on a small site of its own (the bundled site writes no accented Latin word): a query typed
// without them finds the words written with them, and the other way round, each marked as the page writes it, in the
// box's list, on the search page and on the page a result opens.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { configSource, md } from '../helpers/site.js';
import { gotoHydrated, hasChromium, newPage, poll, REPO, useFixtureSite } from './helpers/site.js';

const FILES: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '斑马线。\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Zebra crossing.\n'),
  'content/en/docs/cafe.md': md({ title: 'Reading mode', description: 'd' }, 'Open the page at the Café and read it in a naïve way, as Herr Müller does.\n'),
  'content/en/docs/plain.md': md({ title: 'Plain mode', description: 'd' }, 'A resume written without accents.\n'),
};

const site = useFixtureSite(FILES, 'sitegen-search-accents-');
const marks = (page: Page, selector: string) => page.locator(`${selector} mark`).allTextContents();

describe.skipIf(!hasChromium)('search accents in the browser', () => {
  it('finds café for cafe in the box, marks Café in the excerpt and on the page the result opens', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    await page.locator('.search-input').fill('cafe');
    await poll(async () => (await marks(page, '.search-option .search-result-excerpt')).length > 0, { message: 'an excerpt with a mark', timeout: 10_000 });
    expect(await page.locator('.search-option').first().getAttribute('href')).toMatch(/^\/en\/docs\/cafe\?_highlight=cafe/);
    expect(await marks(page, '.search-option .search-result-excerpt')).toEqual(['Café']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(() => new URL(page.url()).pathname === '/en/docs/cafe', { message: 'the result opened' });
    await poll(async () => (await page.locator('mark.search-highlight').count()) > 0, { message: 'marks on the page' });
    expect(await page.locator('mark.search-highlight').allTextContents()).toEqual(['Café']);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the search page finds naïve and Müller typed without accents, and a word written without them typed with them', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/search?q=${encodeURIComponent('naive muller')}`);
    await poll(async () => (await marks(page, '.search-page-list .search-result-excerpt')).length > 0, { message: 'marked excerpt', timeout: 10_000 });
    expect(await marks(page, '.search-page-list .search-result-excerpt')).toEqual(['naïve', 'Müller']);
    await gotoHydrated(page, `${site.url}/en/search?q=${encodeURIComponent('résumé')}`);
    await poll(async () => (await marks(page, '.search-page-list .search-result-excerpt')).length > 0, { message: 'marked excerpt', timeout: 10_000 });
    expect(await marks(page, '.search-page-list .search-result-excerpt')).toEqual(['resume']);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
