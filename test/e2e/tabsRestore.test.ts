// A page whose address ends in the anchor of a heading inside a tab: opened, the tab opens and the heading is
// scrolled to; come back to (back, forward, a reload, the dev server's reload), the tab opens and the place the
// visitor had scrolled to is kept, as it is on a page with no tabs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { configSource, md } from '../helpers/site.js';
import { hasChromium, poll, REPO, useFixtureSite, waitHydrated } from './helpers/site.js';

const paragraphs = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} paragraph ${i + 1}: ${'text to scroll past. '.repeat(12)}`).join('\n\n');

const FILES: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
  'content/sidebars.yaml': 'main:\n  - tabs\n  - other\n',
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/tabs.md': md({ title: 'Tabs', description: 'd' }, `${paragraphs(12, 'Before')}\n\n:::tabs\n== One\n${paragraphs(2, 'One')}\n\n== Two\n### In the second tab\n\n${paragraphs(2, 'Two')}\n:::\n\n${paragraphs(12, 'After')}\n\n[Other page](./other.md)\n`),
  'content/zh-Hans/docs/other.md': md({ title: 'Other', description: 'o' }, 'Another page.\n'),
};

const HEADING = 'in-the-second-tab';

/** The label of the tab shown, the window's position, and the heading's top on the screen. */
function state(page: Page): Promise<{ label: string; y: number; headingTop: number }> {
  return page.evaluate((id) => ({
    label: document.querySelector('.tabs > .tabs-radio:checked + .tabs-label')?.textContent ?? '',
    y: Math.round(window.scrollY),
    headingTop: Math.round(document.getElementById(id)!.getBoundingClientRect().top),
  }), HEADING);
}

/** Opens the page at the heading and scrolls from it to 300 px from the top, where the visitor reads. */
async function readAbove(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/docs/tabs#${HEADING}`);
  await waitHydrated(page);
  await poll(async () => {
    const { label, headingTop } = await state(page);
    return label === 'Two' && headingTop >= 0 && headingTop < 200;
  }, { message: 'the anchor\'s tab opened and its heading scrolled to' });
  await page.evaluate(() => window.scrollTo(0, 300));
  await poll(async () => (await state(page)).y === 300, { message: 'scrolled to 300' });
}

/**
 * Waits for the page to come to rest where the visitor had read: the anchor's tab open and the window at
 * `expected.y`. The tabs' script, which loads after the router has put the position back, opens the tab and
 * scrolls (or keeps the place) in one go: once the tab is open, a window elsewhere is what the visitor sees. There,
 * the page must stay put (8 looks 50 ms apart), as no script is left to move it.
 */
async function restsAt(page: Page, expected: { label: string; y: number }): Promise<void> {
  const where = async () => {
    const { label, y } = await state(page);
    return { label, y };
  };
  await poll(async () => {
    expect(await where()).toEqual(expected);
    return true;
  }, { timeout: 15_000, interval: 50, message: `the page at ${JSON.stringify(expected)}` });
  for (let look = 0; look < 8; look++) {
    await page.waitForTimeout(50);
    expect(await where(), 'the page stayed put').toEqual(expected);
  }
}

describe.skipIf(!hasChromium)('an anchor in a tab, come back to', () => {
  const site = useFixtureSite(FILES, 'sitegen-tabs-');

  it('keeps the place read after back and forward, with the anchor\'s tab open', async () => {
    const page = await site.browser.newPage();
    await readAbove(page, site.url);
    // Clicked where it is (a click by the mouse would scroll the link into view first).
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.markdown a[href="/docs/other"]')!.click());
    await poll(async () => (await page.textContent('main h1')) === 'Other', { message: 'the other page' });
    await page.goBack();
    await poll(async () => (await page.textContent('main h1')) === 'Tabs', { message: 'back on the page' });
    await restsAt(page, { label: 'Two', y: 300 });
    await page.goForward();
    await poll(async () => (await page.textContent('main h1')) === 'Other', { message: 'forward' });
    await page.goBack();
    await restsAt(page, { label: 'Two', y: 300 });
    await page.close();
  });

  it('keeps the place read after a reload', async () => {
    const page = await site.browser.newPage();
    await readAbove(page, site.url);
    await page.reload();
    await waitHydrated(page);
    await restsAt(page, { label: 'Two', y: 300 });
    // A hash typed afterwards is gone to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.querySelector<HTMLInputElement>('.tabs > .tabs-radio')!.click());
    await page.evaluate((id) => (location.hash = `#${id}-x`, location.hash = `#${id}`), HEADING);
    await poll(async () => {
      const { label, headingTop } = await state(page);
      return label === 'Two' && headingTop >= 0 && headingTop < 200;
    }, { message: 'the typed anchor\'s tab opened and its heading scrolled to' });
    await page.close();
  });
});
