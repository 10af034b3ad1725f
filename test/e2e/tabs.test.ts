// Tabs in content (`:::tabs`): they switch with no script and by keyboard; with the script a choice
// shows that label in every group of its key, is remembered under it on other pages, and an anchor in a
// hidden tab (a link to it, in the table of contents or the text) opens it.
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

  it("are a group a screen reader names, in the page's language, holding the tabs' radio buttons", async () => {
    const { context, page } = await newPage(site);
    for (const [path, name] of [[PAGE, 'Tabs'], ['/docs/services/ollama', '选项卡']] as const) {
      await gotoHydrated(page, site.url + path);
      const cdp = await context.newCDPSession(page);
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const byId = new Map(nodes.map((node) => [node.nodeId, node]));
      // Each radio's nearest named group above it: what is announced on reaching the tabs.
      const groups = nodes
        .filter((node) => node.role?.value === 'radio')
        .map((radio) => {
          let up = radio.parentId ? byId.get(radio.parentId) : undefined;
          while (up && up.role?.value !== 'group') up = up.parentId ? byId.get(up.parentId) : undefined;
          return `${up?.name?.value ?? 'none'}: ${radio.name?.value}`;
        });
      expect(groups).toEqual([`${name}: macOS`, `${name}: Windows`, `${name}: Linux`]);
      await cdp.detach();
    }
    await context.close();
  });

  it('show a chosen label in every group of the page with the same key, remember it under the key on other pages, and open the tab an anchor is in', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + PAGE);
    expect(await page.locator('.tabs').getAttribute('data-key')).toBe('os');
    // More groups with the same labels (their radios named apart, as the generator names groups): one of the
    // page's key, one of another key, two without a key.
    await page.evaluate(() => {
      const group = document.querySelector('.tabs')!;
      let last = group;
      for (const [name, key] of [['same', 'os'], ['other', 'platform'], ['none', null], ['also-none', null]] as const) {
        const copy = group.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.tabs-radio').forEach((radio, i) => {
          radio.setAttribute('name', name);
          radio.id = `${name}-${i}`;
          copy.querySelectorAll('.tabs-label')[i]!.setAttribute('for', radio.id);
        });
        if (key) copy.dataset.key = key;
        else delete copy.dataset.key;
        last.after(copy);
        last = copy;
      }
      document.querySelectorAll('.tabs')[1]!.querySelectorAll('.tabs-panel')[2]!.id = 'in-linux-tab';
    });
    await page.locator('.tabs-label', { hasText: 'Windows' }).first().click();
    expect(await shown(page)).toEqual({ labels: ['Windows', 'Windows', 'macOS', 'macOS', 'macOS'], panels: 5 });
    // Groups without a key choose together by label, and apart from the keyed ones.
    await page.locator('.tabs').nth(3).locator('.tabs-label', { hasText: 'Linux' }).click();
    expect(await shown(page)).toEqual({ labels: ['Windows', 'Windows', 'macOS', 'Linux', 'Linux'], panels: 5 });
    expect(await page.evaluate(() => [localStorage.getItem('sg-tabs:os'), localStorage.getItem('sg-tabs:platform'), localStorage.getItem('sg-tabs')])).toEqual(['["Windows"]', null, '["Linux"]']);
    // An anchor inside a tab that is not shown opens that tab.
    await page.evaluate(() => (location.hash = '#in-linux-tab'));
    await poll(async () => (await shown(page)).labels[1] === 'Linux', { message: 'the anchor\'s tab opened' });
    // The choice holds on the other locale's page (same key), and after a reload.
    await gotoHydrated(page, `${site.url}/docs/services/ollama`);
    await poll(async () => (await shown(page)).labels[0] === 'Windows', { message: 'the remembered tab shown' });
    await page.locator('.tabs-label', { hasText: 'macOS' }).click();
    await page.reload();
    await poll(async () => (await shown(page)).labels[0] === 'macOS', { message: 'the newest choice shown after a reload' });
    await context.close();
  });

  it('show in a group without a key the label chosen before in one without (as before keys), and in a keyed group its key\'s', async () => {
    const { context, page } = await newPage(site);
    await page.addInitScript(() => {
      localStorage.setItem('sg-tabs', '["Linux"]');
      localStorage.setItem('sg-tabs:os', '["Windows"]');
    });
    // The page as it would be written without the key.
    await page.route(site.url + PAGE, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(' data-key="os"', '') });
    });
    await gotoHydrated(page, site.url + PAGE);
    expect(await page.locator('.tabs').getAttribute('data-key')).toBe(null);
    await poll(async () => (await shown(page)).labels[0] === 'Linux', { message: 'the keyless choice shown' });
    await page.unrouteAll();
    await gotoHydrated(page, `${site.url}/docs/services/ollama`);
    await poll(async () => (await shown(page)).labels[0] === 'Windows', { message: 'the key\'s choice shown' });
    await context.close();
  });

  it('open the tab of a heading the table of contents leads to, and of an anchor a link in the text leads to (a tab in a tab too)', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + PAGE);
    const heading = '#entering-it-in-the-extension';
    // The section after the tabs gets its heading into the Linux tab (the generator allows headings in tabs);
    // a group in the Windows tab holds an anchor, which a link in the text leads to.
    await page.evaluate(() => {
      const group = document.querySelector('.tabs')!;
      const panels = group.querySelectorAll(':scope > .tabs-panel');
      panels[2]!.prepend(document.getElementById('entering-it-in-the-extension')!);
      const inner = group.cloneNode(true) as HTMLElement;
      inner.querySelectorAll('.tabs-radio').forEach((radio, i) => {
        radio.setAttribute('name', 'inner');
        radio.id = `inner-${i}`;
        inner.querySelectorAll('.tabs-label')[i]!.setAttribute('for', radio.id);
      });
      inner.querySelector('#entering-it-in-the-extension')!.remove();
      inner.querySelectorAll(':scope > .tabs-panel')[2]!.id = 'deep-anchor';
      panels[1]!.append(inner);
      const link = Object.assign(document.createElement('a'), { href: '#deep-anchor', id: 'to-deep', textContent: 'deep' });
      document.querySelector('.markdown p')!.append(link);
    });
    // A heading hidden in a tab is not the one being read: it has no place on the page.
    await page.evaluate(() => document.getElementById('setting-ollama_origins')!.scrollIntoView());
    await poll(async () => (await page.locator('aside.toc .toc-link.active').getAttribute('href')) === '#setting-ollama_origins', { message: 'the visible heading marked' });
    await page.locator(`aside.toc a[href="${heading}"]`).click();
    await poll(async () => (await shown(page)).labels[0] === 'Linux', { message: 'the heading\'s tab opened' });
    await poll(async () => page.evaluate((id) => {
      const top = document.querySelector(id)!.getBoundingClientRect().top;
      return top > 0 && top < 200 && location.hash === id;
    }, heading), { message: 'the heading scrolled to the top' });
    await poll(async () => (await page.locator('aside.toc .toc-link.active').getAttribute('href')) === heading, { message: 'the heading marked' });
    // A link in the text to an anchor in a tab inside a tab: both open.
    await page.locator('#to-deep').click();
    await poll(async () => JSON.stringify((await shown(page)).labels) === '["Windows","Linux"]', { message: 'both tabs opened' });
    await poll(async () => page.evaluate(() => {
      const top = document.getElementById('deep-anchor')!.getBoundingClientRect().top;
      return top > 0 && top < 200;
    }), { message: 'the anchor scrolled to the top' });
    await context.close();
  });

  it('open the tab of an anchor the router scrolls to with the page\'s address changed otherwise (a search result on the page it opens)', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + PAGE);
    const heading = 'entering-it-in-the-extension';
    await page.evaluate((id) => {
      document.querySelector('.tabs')!.querySelectorAll(':scope > .tabs-panel')[2]!.prepend(document.getElementById(id)!);
      // A search result's address: the page with the terms to highlight, and the heading's anchor.
      const link = Object.assign(document.createElement('a'), { href: `${location.pathname}?_highlight=extension#${id}`, id: 'result', textContent: 'result' });
      document.querySelector('.markdown p')!.append(link);
    }, heading);
    await page.locator('#result').click();
    await poll(async () => (await shown(page)).labels[0] === 'Linux', { message: 'the heading\'s tab opened' });
    await poll(async () => page.evaluate((id) => {
      const top = document.getElementById(id)!.getBoundingClientRect().top;
      return top > 0 && top < 200 && location.search.includes('_highlight');
    }, heading), { message: 'the heading scrolled to the top' });
    await context.close();
  });

  it('mark as the one being read only a heading that is shown: at the bottom of the page, and after a tab is chosen', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + PAGE);
    const active = () => page.locator('aside.toc .toc-link.active').getAttribute('href');
    // The page's last heading goes into the Linux tab of a group at the end of the page.
    await page.evaluate(() => {
      const group = document.querySelector('.tabs')!.cloneNode(true) as HTMLElement;
      group.querySelectorAll('.tabs-radio').forEach((radio, i) => {
        radio.setAttribute('name', 'end');
        radio.id = `end-${i}`;
        group.querySelectorAll('.tabs-label')[i]!.setAttribute('for', radio.id);
      });
      const panels = group.querySelectorAll(':scope > .tabs-panel');
      const heading = document.getElementById('related-links')!;
      panels[2]!.prepend(heading, heading.nextElementSibling!);
      // Room below it, so that a shorter tab leaves the page where it is.
      document.querySelector('.markdown')!.append(group, Object.assign(document.createElement('div'), { style: 'height: 150vh' }));
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await poll(async () => (await active()) === '#common-errors', { message: 'the last shown heading marked at the bottom' });
    await page.locator('aside.toc a[href="#related-links"]').click();
    await poll(async () => (await active()) === '#related-links', { message: 'the heading marked once its tab opened' });
    let y = -1;
    await poll(async () => y === (y = await page.evaluate(() => window.scrollY)), { interval: 100, message: 'the scroll to the heading ended' });
    // macOS chosen in a group below the other groups of its key: nothing moves or scrolls, and the heading is hidden again.
    await page.evaluate(() => (document.getElementById('end-0') as HTMLInputElement).click());
    await poll(async () => (await active()) === '#common-errors', { message: 'the hidden heading no longer marked' });
    await context.close();
  });
});
