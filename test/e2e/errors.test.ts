// The error catalogue of SPEC section 8 in real Chromium: page crash, loader error with Retry,
// wrong base URL banner, blocked browser storage.
import { describe, expect, it } from 'vitest';
import { gotoHydrated, hasChromium, newPage, openSite, poll, useSite, waitHydrated } from './helpers/site.js';

const DOC = '/en/docs/faqs/safe';
const NEXT_DOC = '/en/docs/faqs/edge-boot';

describe.skipIf(!hasChromium)('errors', () => {
  const site = useSite();

  it('shows the error boundary when a page crashes, with Try again and the message', async () => {
    const { context, page, log } = await newPage(site);
    // The next page's data names a page kind the theme cannot render.
    await page.route(`**${NEXT_DOC}/page-data.json`, async (route) => {
      const response = await route.fetch();
      const data = await response.json();
      await route.fulfill({ response, json: { ...data, data: { ...data.data, kind: 'exploding' } } });
    });
    await gotoHydrated(page, site.url + DOC);
    await page.locator(`.doc-sidebar a[href="${NEXT_DOC}"]`).click();
    await poll(() => page.getByText('This page crashed.').isVisible(), { message: 'crash fallback' });
    expect(await page.locator('.error-message').textContent()).toBe('Unknown page kind "exploding"');
    // The navbar and footer survive the crash.
    expect(await page.locator('.navbar').isVisible()).toBe(true);
    expect(await page.locator('.footer').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(() => page.getByText('This page crashed.').isVisible(), { message: 'renders again (and crashes again)' });
    expect(log.errors.some((e) => e.includes('Unknown page kind'))).toBe(true);
    await page.goBack();
    await poll(async () => (await page.locator('main h1').textContent())?.startsWith('Is the extension safe'), { message: 'previous page back' });
    await context.close();
  });

  it('shows a loader error with Retry when the search index fails to load', async () => {
    const { context, page } = await newPage(site);
    let fail = true;
    await page.route('**/search-index*.json*', (route) => (fail ? route.abort() : route.continue()));
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    const retry = page.getByRole('button', { name: 'Retry' });
    await poll(() => retry.isVisible(), { message: 'loader error' });
    expect(await page.locator('.loader-error-message').textContent()).not.toBe('');
    fail = false;
    await retry.click();
    await poll(async () => (await page.locator('.search-page-list li').count()) > 0, { message: 'results after Retry', timeout: 10_000 });
    await context.close();
  });

  it('shows a loader error with Retry when the site data fails to load, and hydrates after Retry', async () => {
    const { context, page } = await newPage(site);
    let fail = true;
    await page.route('**/assets/site-data.*.js', (route) => (fail ? route.abort() : route.continue()));
    await page.goto(site.url + DOC);
    const retry = page.getByRole('button', { name: 'Retry' });
    await poll(() => retry.isVisible(), { message: 'loader error' });
    expect(await page.locator('.boot-error .loader-error-message').textContent()).not.toBe('');
    // The server-rendered page stays readable meanwhile.
    expect(await page.locator('main h1').textContent()).toContain('Is the extension safe');
    fail = false;
    await retry.click();
    await waitHydrated(page);
    expect(await page.locator('.boot-error').count()).toBe(0);
    await context.close();
  });

  it('shows "Your site did not load properly" when served under another base URL', async () => {
    const moved = await openSite({ prefix: '/docs-site/' });
    try {
      const { context, page } = await newPage(moved);
      await page.goto(`${moved.url}/docs-site/en/docs/faqs/safe`);
      const banner = page.locator('#sg-baseurl-banner');
      await poll(() => banner.isVisible(), { message: 'banner' });
      const text = await banner.textContent();
      expect(text).toContain('Your site did not load properly');
      expect(text).toContain('baseUrl = /docs-site/');
      // The content is still there to read.
      expect(await page.locator('main h1').textContent()).toContain('Is the extension safe');
      await context.close();
    } finally {
      await moved.close();
    }
  });

  it('does not show the base URL banner on a correctly served site', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    expect(await page.locator('#sg-baseurl-banner').count()).toBe(0);
    await context.close();
  });

  it('logs one warning and works on when browser storage is blocked', async () => {
    const { context, page, log } = await newPage(site);
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.color-toggle').click();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await page.locator('.announcement-close').click();
    await page.locator(`.doc-sidebar a[href="${NEXT_DOC}"]`).click();
    await poll(async () => new URL(page.url()).pathname === NEXT_DOC);
    await page.goBack();
    await poll(async () => new URL(page.url()).pathname === DOC);
    expect(log.errors).toEqual([]);
    expect(log.warnings.filter((w) => w.includes('storage'))).toHaveLength(1);
    // Nothing was remembered: a new page starts from the defaults.
    await gotoHydrated(page, site.url + DOC);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
    expect(await page.locator('.announcement').isVisible()).toBe(true);
    await context.close();
  });
});
