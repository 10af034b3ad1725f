// Layout on a phone (390 px): nothing wider than the screen, and content tables that fit when they can.
import { describe, expect, it } from 'vitest';
import { gotoHydrated, hasChromium, newPage, useSite } from './helpers/site.js';

const PHONE = { width: 390, height: 844 };

describe.skipIf(!hasChromium)('layout on a phone', () => {
  const site = useSite();

  it('wraps table headers, so a three-column table fits without scrolling sideways', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // "Windows / Linux" kept on one line used to push the table 36 px past its box.
    await gotoHydrated(page, `${site.url}/en/docs/faqs/shortcut-keys`);
    const table = await page.locator('.table-wrap').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    await context.close();
  });
});
