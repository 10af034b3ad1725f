// Tabs in content (`:::tabs`): they switch with no script and by keyboard; with the script a choice
// shows that label in every group, is remembered on other pages, and an anchor in a hidden tab opens it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoHydrated, hasChromium, newPage, poll, useSite } from './helpers/site.js';

const PAGE = '/en/docs/services/ollama';

/** The label of each group's tab that is shown, and the visible panels' texts' first words. */
function shown(page: Page): Promise<{ labels: string[]; panels: number }> {
  return page.evaluate(() => ({
    labels: [...document.querySelectorAll('.tabs')].map((group) => group.querySelector(':scope > .tabs-radio:checked + .tabs-label')?.textContent ?? ''),
    panels: [...document.querySelectorAll('.tabs-panel')].filter((panel) => getComputedStyle(panel).display !== 'none').length,
  }));
}

describe.skipIf(!hasChromium)('tabs', () => {
  const site = useSite();

  it('switch by a click and by the arrow keys with JavaScript off, one panel shown at a time', async () => {
    const { context, page } = await newPage(site, { javaScriptEnabled: false });
    await page.goto(site.url + PAGE);
    expect(await shown(page)).toEqual({ labels: ['macOS'], panels: 1 });
    expect(await page.getByText('launchctl setenv').isVisible()).toBe(true);
    await page.locator('.tabs-label', { hasText: 'Linux' }).click();
    expect(await shown(page)).toEqual({ labels: ['Linux'], panels: 1 });
    expect(await page.getByText('launchctl setenv').isVisible()).toBe(false);
    expect(await page.getByText('[Service]').isVisible()).toBe(true);
    // The radio group takes the keyboard: focus on the chosen tab, arrows to its neighbours.
    await page.locator('.tabs-radio:checked').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await shown(page)).toEqual({ labels: ['Windows'], panels: 1 });
    const focusRing = await page.evaluate(() => getComputedStyle(document.querySelector('.tabs-radio:checked + .tabs-label')!).outlineStyle);
    expect(focusRing).toBe('solid');
    await context.close();
  });

  it('show a chosen label in every group of the page, remember it on other pages, and open the tab an anchor is in', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + PAGE);
    // A second group with the same labels on the page (its radios named apart, as the generator names groups).
    await page.evaluate(() => {
      const group = document.querySelector('.tabs')!;
      const copy = group.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.tabs-radio').forEach((radio, i) => {
        radio.setAttribute('name', 'copy');
        radio.id = `copy-${i}`;
        copy.querySelectorAll('.tabs-label')[i]!.setAttribute('for', radio.id);
      });
      copy.querySelectorAll('.tabs-panel')[2]!.id = 'in-linux-tab';
      group.after(copy);
    });
    await page.locator('.tabs-label', { hasText: 'Windows' }).first().click();
    expect(await shown(page)).toEqual({ labels: ['Windows', 'Windows'], panels: 2 });
    // An anchor inside a tab that is not shown opens that tab.
    await page.evaluate(() => (location.hash = '#in-linux-tab'));
    await poll(async () => (await shown(page)).labels[1] === 'Linux', { message: 'the anchor\'s tab opened' });
    // The choice holds on the other locale's page (same labels), and after a reload.
    await gotoHydrated(page, `${site.url}/docs/services/ollama`);
    await poll(async () => (await shown(page)).labels[0] === 'Windows', { message: 'the remembered tab shown' });
    await page.locator('.tabs-label', { hasText: 'macOS' }).click();
    await page.reload();
    await poll(async () => (await shown(page)).labels[0] === 'macOS', { message: 'the newest choice shown after a reload' });
    await context.close();
  });
});
