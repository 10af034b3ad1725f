// With JavaScript disabled the site stays readable and navigable: server markup, <details> menus.
import { describe, expect, it } from 'vitest';
import { hasChromium, newPage, poll, useSite } from './helpers/site.js';

const DOC = '/en/docs/faqs/safe';

describe.skipIf(!hasChromium)('JavaScript disabled', () => {
  const site = useSite();

  it('reads and navigates a docs page on desktop', async () => {
    const { context, page } = await newPage(site, { javaScriptEnabled: false });
    await page.goto(site.url + DOC);
    expect(await page.locator('main h1').textContent()).toContain('Is the extension safe');
    expect(await page.getByText('The short answer:').isVisible()).toBe(true);
    expect(await page.locator('.navbar-links a').count()).toBe(10);
    // Controls that need JavaScript are not offered.
    expect(await page.locator('.color-toggle').isVisible()).toBe(false);
    expect(await page.locator('.announcement-close').isVisible()).toBe(false);
    // A collapsed sidebar category opens natively.
    const category = (await page.locator('.doc-sidebar .menu-category:not([open])').first().elementHandle())!;
    const firstLink = (await category.$('a'))!;
    expect(await firstLink.isVisible()).toBe(false);
    await (await category.$('summary'))!.click();
    expect(await category.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await firstLink.isVisible()).toBe(true);
    // Links are ordinary links.
    await page.locator('.doc-sidebar a[href="/en/docs/faqs/edge-boot"]').click();
    await page.waitForURL('**/en/docs/faqs/edge-boot');
    expect(await page.locator('main h1').textContent()).toContain('Edge');
    // The language menu opens and leads to the same page.
    await page.locator('.locale-switch summary').click();
    await page.locator('.locale-switch a[hreflang="zh-CN"]').click();
    await page.waitForURL('**/docs/faqs/edge-boot');
    expect(new URL(page.url()).pathname).toBe('/docs/faqs/edge-boot');
    await context.close();
  });

  it('opens and closes the mobile panel and the table of contents on a phone', async () => {
    const { context, page } = await newPage(site, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(site.url + DOC);
    const panel = page.locator('.navbar-sidebar');
    expect(await panel.isVisible()).toBe(false);
    await page.locator('.navbar-toggle').click();
    expect(await panel.isVisible()).toBe(true);
    expect(await panel.locator('a[href="/en/blog"]').isVisible()).toBe(true);
    // The backdrop beside the panel closes it.
    await page.mouse.click(380, 600);
    await poll(async () => !(await panel.isVisible()), { message: 'closed by the backdrop' });
    const toc = page.locator('.toc-collapsible');
    await toc.locator('summary').click();
    expect(await toc.locator('a[href="#permissions"]').isVisible()).toBe(true);
    await toc.locator('a[href="#permissions"]').click();
    expect(new URL(page.url()).hash).toBe('#permissions');
    await context.close();
  });

  it('offers the search page a form and says that results need JavaScript', async () => {
    const { context, page } = await newPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.url}/en/docs/faqs/safe`);
    await page.locator('.search-input').fill('deepl');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/search?q=deepl');
    expect(await page.locator('.search-page-status', { hasText: 'Searching needs JavaScript' }).isVisible()).toBe(true);
    await context.close();
  });
});
