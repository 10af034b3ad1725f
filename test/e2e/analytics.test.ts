// Page views: one on first load and one per client-side navigation, with the analytics script intercepted.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { launchChromium, poll, REPO, waitHydrated } from './helpers/site.js';
import { startStaticServer, type StaticServer } from './helpers/staticServer.js';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-analytics-'));
  const config = readFileSync(join(REPO, 'site.config.ts'), 'utf8')
    .replace("analytics: { trackingId: '', adClientId: '' },", "analytics: { trackingId: 'G-E2ETEST', adClientId: '' },")
    .replace("scripts: ['/invite.js'],", `scripts: ['/invite.js'],\n  contentDir: ${JSON.stringify(join(REPO, 'content'))},\n  themeDir: ${JSON.stringify(join(REPO, 'theme'))},`);
  writeFileSync(join(dir, 'site.config.ts'), config);
  const code = await main(['node', 'sitegen', 'build', '--quiet', '--config', join(dir, 'site.config.ts')], { out: () => {}, err: () => {}, interactive: false });
  expect(code).toBe(0);
  server = await startStaticServer(join(dir, 'dist'));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('analytics page views', () => {
  it('sends one page view on load and one per client-side navigation, without blocking rendering', async () => {
    const page = await browser.newPage();
    let scriptRequests = 0;
    await page.route('https://www.googletagmanager.com/**', (route) => {
      scriptRequests++;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* intercepted */' });
    });
    const views = () => page.evaluate(() => ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).filter((e) => e[0] === 'event' && e[1] === 'page_view').map((e) => (e[2] as { page_path: string }).page_path));
    await page.goto(`${server.url}/en/docs/faqs/deepl-limit`);
    await waitHydrated(page);
    expect(await views()).toEqual(['/en/docs/faqs/deepl-limit']);
    expect(scriptRequests).toBe(1);
    await page.click('.doc-sidebar a[href="/en/docs/faqs/mutli-keys"]');
    await poll(async () => (await views()).length === 2, { message: 'second page view' });
    await page.goBack();
    await poll(async () => (await views()).length === 3, { message: 'third page view' });
    await page.waitForTimeout(300);
    expect(await views()).toEqual(['/en/docs/faqs/deepl-limit', '/en/docs/faqs/mutli-keys', '/en/docs/faqs/deepl-limit']);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1); // no full reload
    // Following an anchor on the same page is not a page view.
    const anchor = await page.evaluate(() => document.querySelector('main h2[id]')?.id);
    if (anchor) {
      await page.evaluate((id) => document.querySelector<HTMLAnchorElement>(`a[href="#${id}"]`)?.click(), anchor);
      await page.waitForTimeout(300);
      expect(await views()).toHaveLength(3);
    }
  }, 60_000);

  it('never blocks rendering: the page shows and hydrates while the analytics script hangs', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const hung = new Promise<void>((r) => (release = r));
    await page.route('https://www.googletagmanager.com/**', async (route) => {
      await hung;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }).catch(() => {});
    });
    await page.goto(`${server.url}/en/docs/faqs/deepl-limit`, { waitUntil: 'domcontentloaded', timeout: 10_000 });
    await waitHydrated(page);
    expect(await page.textContent('main h1')).toBeTruthy();
    const views = await page.evaluate(() => ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).filter((e) => e[0] === 'event' && e[1] === 'page_view').length);
    expect(views).toBe(1); // queued in dataLayer, sent when the script arrives
    release();
    await page.close();
  }, 60_000);
});
