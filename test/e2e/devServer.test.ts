// sitegen serve in a real browser: an edit reloads the page (keeping scroll), a broken file shows the
// overlay with file:line, and the fix clears it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { configSource, md, REPO, writeSite } from '../helpers/site';
import { launchChromium, poll, waitHydrated } from './helpers/site.js';

let dir: string;
let server: DevServer;
let browser: Browser;
const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n');

/**
 * Resolves once the page's live-reload channel is open (the server has answered it, and counts the page among
 * those it tells of a change). Taken before the page is opened, so that the channel's answer cannot be missed.
 */
function liveReloadConnects(page: Page): Promise<unknown> {
  const connected = page.waitForResponse((response) => new URL(response.url()).pathname === '/__sitegen/events' && response.status() === 200, { timeout: 15_000 });
  // A test that fails before waiting for it leaves no unhandled rejection behind when its page closes.
  connected.catch(() => undefined);
  return connected;
}

beforeAll(async () => {
  dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, `First version.\n\n${long}\n`) });
  server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, { out() {}, err() {}, interactive: false });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sitegen serve in the browser', () => {
  it('reloads the page after an edit, keeping the scroll position, and shows and clears the error overlay', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    const channel = liveReloadConnects(page);
    await page.goto(`http://127.0.0.1:${server.port}/docs/a`);
    await poll(() => page.evaluate(() => document.readyState === 'complete'), { message: 'page load' });
    await channel; // the page hears of the edits below
    await page.evaluate(() => window.scrollTo(0, 1500));
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Second version.\n\n${long}\n`));
    await poll(async () => (await page.textContent('main'))?.includes('Second version.'), { timeout: 15_000, message: 'the edit to appear' });
    await poll(() => page.evaluate(() => Math.abs(window.scrollY - 1500) < 50), { timeout: 5_000, message: 'scroll restored' });

    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndraft: maybe\n---\nBroken.\n');
    const overlay = await poll(async () => page.textContent('#sitegen-error-overlay'), { timeout: 15_000, message: 'the overlay' });
    expect(overlay).toContain('content/zh-Hans/docs/a.md:3:8 error[front-matter] draft: expected true or false');
    expect(overlay).toContain('Build failed — the last good version is still served.');
    expect(await page.textContent('main')).toContain('Second version.');

    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Third version.\n\n${long}\n`));
    await poll(async () => (await page.textContent('main'))?.includes('Third version.'), { timeout: 15_000, message: 'the fix to appear' });
    expect(await page.$('#sitegen-error-overlay')).toBeNull();

    // A broken link is an error too: overlay with file:line, and the fix clears it.
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, 'Third version.\n\n[gone](/docs/gone)\n'));
    const linkOverlay = await poll(async () => page.textContent('#sitegen-error-overlay'), { timeout: 15_000, message: 'the broken-link overlay' });
    expect(linkOverlay).toMatch(/content\/zh-Hans\/docs\/a\.md:8 error\[broken-link\]/);
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Fourth version.\n\n${long}\n`));
    await poll(async () => (await page.textContent('main'))?.includes('Fourth version.'), { timeout: 15_000, message: 'the second fix to appear' });
    expect(await page.$('#sitegen-error-overlay')).toBeNull();
  }, 60_000);
});

describe('sitegen serve in many tabs of one browser', () => {
  it('loads an 8th tab (a browser keeps 6 connections to a host) and reloads every tab that shows an edited page', async () => {
    const context = await browser.newContext();
    try {
      // Two tabs on a page the edits below leave alone, the first of them holding the channel.
      const homes = [];
      for (let n = 0; n < 2; n++) {
        const home = await context.newPage();
        await home.goto(`http://127.0.0.1:${server.port}/`, { timeout: 10_000 });
        await home.waitForTimeout(300);
        homes.push(home);
      }
      const pages = [];
      for (let n = 0; n < 8; n++) {
        const page = await context.newPage();
        const response = await page.goto(`http://127.0.0.1:${server.port}/docs/a`, { timeout: 10_000 });
        expect(response?.status(), `tab ${n + 1}`).toBe(200);
        pages.push(page);
      }
      await pages[7]!.waitForTimeout(500);
      for (const home of homes) await home.evaluate(() => ((window as unknown as { __kept: number }).__kept = 1));
      writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Tabbed version.\n\n${long}\n`));
      for (const [n, page] of pages.entries()) await poll(async () => (await page.textContent('main'))?.includes('Tabbed version.'), { timeout: 15_000, message: `tab ${n + 1} reloaded` });
      // Neither that rebuild nor a tab opened after it reloads a tab that does not show the edited page.
      const extra = await context.newPage();
      await extra.goto(`http://127.0.0.1:${server.port}/docs/a`, { timeout: 10_000 });
      await extra.waitForTimeout(700);
      for (const home of homes) expect(await home.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(1);
      await extra.close();
      for (const home of homes) await home.close();
      // The tab that kept the server's channel closes: another takes it over.
      await pages[0]!.close();
      await pages[1]!.waitForTimeout(500);
      writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Handed-over version.\n\n${long}\n`));
      for (const [n, page] of pages.slice(1).entries()) await poll(async () => (await page.textContent('main'))?.includes('Handed-over version.'), { timeout: 15_000, message: `tab ${n + 2} reloaded` });
      // A build that fails shows its errors in every tab, and in a tab opened after it.
      writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndraft: maybe\n---\nBroken.\n');
      for (const [n, page] of pages.slice(1).entries()) await poll(async () => page.textContent('#sitegen-error-overlay').catch(() => null), { timeout: 15_000, message: `tab ${n + 2} overlay` });
      const late = await context.newPage();
      await late.goto(`http://127.0.0.1:${server.port}/docs/a`, { timeout: 10_000 });
      expect(await poll(async () => late.textContent('#sitegen-error-overlay').catch(() => null), { timeout: 10_000, message: 'overlay in a new tab' })).toContain('error[front-matter]');
      writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, `Fixed version.\n\n${long}\n`));
      await poll(async () => (await late.textContent('main'))?.includes('Fixed version.'), { timeout: 15_000, message: 'the new tab reloaded' });
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('sitegen serve with the default theme, whose router keeps the data of pages visited and prefetched', () => {
  it('shows an edited page fresh however it is reached: by a link seen before the edit, and back', async () => {
    const site = writeSite({
      // The theme's home page links to the bundled site's docs, which this site does not have.
      'site.config.ts': configSource("links: { onBrokenLinks: 'off', onBrokenImages: 'off' },").replace(/themeDir: .*\n/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n`),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Page A links to [page B](./b.md).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'First B. Back to [page A](./a.md).\n'),
    });
    const dev = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(site, 'site.config.ts') }, { out() {}, err() {}, interactive: false });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const channel = liveReloadConnects(page);
      await page.goto(`http://127.0.0.1:${dev.port}/docs/a`);
      await waitHydrated(page);
      // Visited once (its data kept), then back on A, whose link to B is in view (prefetched).
      await page.locator('main a', { hasText: 'page B' }).click();
      await poll(async () => (await page.textContent('main'))?.includes('First B.'), { message: 'B' });
      await page.locator('main a', { hasText: 'page A' }).click();
      await poll(async () => (await page.textContent('main'))?.includes('Page A links'), { message: 'A again' });
      await channel; // the page hears of the edit below
      // What the live-reload client tells the router (theme/lib/router.ts forgets the data of these paths).
      await page.evaluate(() => addEventListener('sitegen:stale', (event) => ((window as unknown as { __stale: unknown }).__stale = (event as CustomEvent<unknown>).detail), { once: true }));
      await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
      writeFileSync(join(site, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'Second B. Back to [page A](./a.md).\n'));
      // B changed, not A: this page stays, and hears of the change.
      const stale = await poll(() => page.evaluate(() => (window as unknown as { __stale?: string[] }).__stale), { timeout: 15_000, message: 'the page told of the change' });
      expect(stale).toContain('/docs/b');
      expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
      await page.locator('main a', { hasText: 'page B' }).click();
      await poll(async () => (await page.textContent('main'))?.includes('Second B.'), { timeout: 10_000, message: 'the edited B' });
      expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1); // a client-side navigation, not a full load
    } finally {
      await page.close();
      await dev.close();
    }
  }, 60_000);
});

describe('sitegen serve before its first good build', () => {
  it('shows the errors and that nothing is served yet, then the site once it is fixed', async () => {
    const broken = writeSite({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\ndraft: maybe\n---\nBroken.\n' });
    const dev = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(broken, 'site.config.ts') }, { out() {}, err() {}, interactive: false });
    const page = await browser.newPage();
    try {
      const response = await page.goto(`http://127.0.0.1:${dev.port}/docs/a`);
      expect(response?.status()).toBe(503);
      const overlay = await poll(async () => page.textContent('#sitegen-error-overlay'), { timeout: 15_000, message: 'the overlay' });
      expect(overlay).toContain('Build failed — nothing is served until it builds.');
      expect(overlay).toContain('content/zh-Hans/docs/a.md:3:8 error[front-matter]');
      writeFileSync(join(broken, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, 'Fixed.\n'));
      await poll(async () => (await page.textContent('body'))?.includes('Fixed.'), { timeout: 15_000, message: 'the site after the fix' });
    } finally {
      await page.close();
      await dev.close();
    }
  }, 60_000);
});
