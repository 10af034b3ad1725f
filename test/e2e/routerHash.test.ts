// The router's address after a link whose anchor the page it opens does not have (a heading renamed, which a build
// only warns about), on a small site of its own: the address drops the anchor, and the app's idea of the address
// follows it, so that the same link followed again is a navigation the page reacts to.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSource, md } from '../helpers/site.js';
import { gotoHydrated, hasChromium, newPage, poll, REPO, useFixtureSite } from './helpers/site.js';

const FILES: Record<string, string> = {
  'site.config.ts': configSource(
    `themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },
  navbar: [{ label: { 'zh-Hans': '历史', en: 'History' }, to: '/docs/history', hash: 'founded' }, { label: 'Intro', to: '/docs/intro' }],`,
  ),
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '斑马线。\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Zebra crossing.\n'),
  'content/zh-Hans/docs/history.md': md({ title: '历史', description: 'd' }, '## 创立 {#founded}\n\n2013 年。\n'),
  // The English heading was renamed: its anchor is #beginnings, and the navbar's #founded names nothing here.
  'content/en/docs/history.md': md({ title: 'History', description: 'd' }, `${'Long text.\n\n'.repeat(60)}## Beginnings\n\nIn 2013.\n`),
};

const site = useFixtureSite(FILES, 'sitegen-router-hash-');

describe.skipIf(!hasChromium)('router: an anchor the page does not have', () => {
  it('drops it from the address, and a menu link to it followed again still closes the phone menu', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    const panel = page.locator('.navbar-sidebar');
    const history = panel.locator('a[href="/en/docs/history#founded"]');
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible(), { message: 'menu open' });
    await history.click();
    await poll(async () => new URL(page.url()).pathname === '/en/docs/history' && !(await panel.isVisible()), { message: 'navigated, menu closed' });
    await poll(() => new URL(page.url()).hash === '', { message: 'the anchor dropped from the address' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Down the page, the menu again, the same link again: the page goes to its top and the menu closes, as for any link.
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible(), { message: 'menu open again' });
    await history.click();
    await poll(async () => !(await panel.isVisible()), { message: 'menu closed by the link followed again' });
    await poll(() => page.evaluate(() => window.scrollY === 0), { message: 'at the top' });
    expect(new URL(page.url()).hash).toBe('');
    // The menu and the page respond: Tab from the top reaches the skip link, not something under a panel left open.
    expect(await page.evaluate(() => document.documentElement.classList.contains('sg-menu-open'))).toBe(false);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('adds no entry to the history for a link to an anchor the page shown lacks, however often it is followed', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, `${site.url}/en/docs/history`);
    const entries = await page.evaluate(() => history.length);
    const link = page.locator('.navbar-links a[href="/en/docs/history#founded"]');
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => window.scrollTo(0, 600));
      await link.click();
      await poll(() => page.evaluate(() => window.scrollY === 0), { message: `at the top after click ${i + 1}` });
    }
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(new URL(page.url()).hash).toBe('');
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('closes the phone menu when its link to the page shown is tapped', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    const panel = page.locator('.navbar-sidebar');
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible(), { message: 'menu open' });
    await panel.locator('a[href="/en/docs/intro"]').first().click();
    await poll(async () => !(await panel.isVisible()), { message: 'menu closed by the link to the page shown' });
    expect(new URL(page.url()).pathname).toBe('/en/docs/intro');
    expect(await page.evaluate(() => document.documentElement.classList.contains('sg-menu-open'))).toBe(false);
    // Opened again, it opens: the address it was closed at is not held against it.
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible(), { message: 'menu open again' });
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
