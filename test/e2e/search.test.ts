// Search in real Chromium: the navbar box (early index loading, Ctrl+K, at most 8 results, keyboard
// selection, No results, and under it another locale's search for a query written in its script, See all
// results), excerpts that arrive with their page texts (fetched for the results shown only, nothing moving
// meanwhile), the search page (query in the URL, reload, back and forward), highlighting on the target page
// with its clear control, Chinese queries, and queries that try to inject markup or break a regular expression.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoHydrated, hasChromium, newPage, poll, useSite, waitHydrated } from './helpers/site.js';

/** The Navigation API's part this file uses (Chromium has it; the DOM types here do not yet). */
interface NavigationWindow {
  navigation: {
    currentEntry: { key: string };
    traverseTo(key: string): { committed: Promise<unknown>; finished: Promise<unknown> };
  };
}

const DOC = '/en/docs/faqs/safe';
const options = (page: Page) => page.locator('.search-option');
const requestsTo = (part: string) => (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(part)) urls.push(request.url());
  });
  return urls;
};
const searchIndexRequests = requestsTo('search-index');
const searchTextRequests = requestsTo('search-text');
/** Top and height of each listed result. */
const optionBoxes = (page: Page) => options(page).evaluateAll((els) => els.map((e) => [e.getBoundingClientRect().top, e.getBoundingClientRect().height]));
const loadingExcerpts = (page: Page) => page.locator('.search-result-excerpt.is-loading');

describe.skipIf(!hasChromium)('search', () => {
  const site = useSite();

  it('starts loading the index when the pointer approaches the box, before any focus', async () => {
    const { context, page } = await newPage(site);
    const requested = searchIndexRequests(page);
    await gotoHydrated(page, site.url + DOC);
    await page.waitForTimeout(300);
    expect(requested, 'nothing fetched for a visitor who has not come near the box').toEqual([]);
    const box = (await page.locator('.search-input').boundingBox())!;
    await page.mouse.move(box.x - 60, box.y + box.height + 60);
    await poll(() => requested.length > 0, { message: 'index requested on approach' });
    expect(requested[0]).toMatch(/\/en\/search-index\.json$/);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-input'))).toBe(false);
    await context.close();
  });

  it('preloads the index on idle for a visitor who has searched before', async () => {
    const { context, page } = await newPage(site);
    await context.addInitScript(() => localStorage.setItem('sg-search-used', '1'));
    const requested = searchIndexRequests(page);
    await gotoHydrated(page, site.url + DOC);
    await poll(() => requested.length > 0, { message: 'index requested on idle' });
    await context.close();
  });

  it('Ctrl+K focuses the box (hint shown while empty); at most 8 results; arrows select, Enter opens with highlights that can be cleared', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    expect(await page.locator('.search-hint').isVisible()).toBe(true);
    await page.keyboard.press('Control+k');
    await poll(() => page.evaluate(() => document.activeElement?.classList.contains('search-input')), { message: 'focused by Ctrl+K' });
    await page.keyboard.type('translation');
    expect(await page.locator('.search-hint').count()).toBe(0);
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    expect(await options(page).count()).toBe(8);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = options(page).nth(1);
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.search-input').getAttribute('aria-activedescendant')).toBe(await chosen.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    expect(await options(page).nth(0).getAttribute('aria-selected')).toBe('true');
    // Down to the last result: each one chosen is scrolled into sight in the list, which is shorter than its results here.
    const inSight = () =>
      page.evaluate(() => {
        const [box, option] = [document.querySelector('.search-dropdown')!, document.querySelector('.search-option[aria-selected="true"]')!];
        const [outer, inner] = [box.getBoundingClientRect(), option.getBoundingClientRect()];
        return { inSight: inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1, scrolls: box.scrollHeight > box.clientHeight, top: box.scrollTop };
      });
    await page.setViewportSize({ width: 1280, height: 600 });
    for (let i = 1; i < 8; i++) {
      await page.keyboard.press('ArrowDown');
      expect((await inSight()).inSight, `result ${i + 1} in sight`).toBe(true);
    }
    const bottom = await inSight();
    expect(bottom.scrolls, 'the list is taller than its box at this height').toBe(true);
    expect(bottom.top).toBeGreaterThan(0);
    // Past the last, the selection wraps to the input, and the list is back at its top.
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.search-option[aria-selected="true"]').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector('.search-dropdown')!.scrollTop)).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.keyboard.press('Escape');
    expect(await options(page).count()).toBe(0);
    expect(await page.locator('.search-input').inputValue(), 'Escape closes the list, keeps the text').toBe('translation');
    await page.keyboard.press('ArrowDown');
    await poll(async () => (await options(page).count()) > 0, { message: 'ArrowDown opens the closed list again' });
    await page.keyboard.press('Escape');
    await page.keyboard.type('s');
    await poll(async () => (await options(page).count()) > 0, { message: 'results again' });
    await page.keyboard.press('ArrowDown');
    // An input method's Enter (choosing a pinyin candidate) belongs to it: no result opens.
    await page.locator('.search-input').evaluate((input) => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true })));
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe(DOC);
    await page.keyboard.press('Enter');
    await poll(() => new URL(page.url()).searchParams.has('_highlight'), { message: 'opened the result with _highlight' });
    expect(new URL(page.url()).pathname).not.toBe(DOC);
    expect(await options(page).count(), 'the dropdown closes on navigation').toBe(0);
    const marks = page.locator('.markdown mark.search-highlight');
    await poll(async () => (await marks.count()) > 0, { message: 'terms marked on the target page' });
    // Whole words as the engine matched them (the word and its other forms), never a letter inside another word.
    const marked = (await marks.allTextContents()).map((text) => text.toLowerCase());
    for (const text of marked) expect(text).toMatch(/^translat(?:ions?|e|es|ed|ing)(?:['’]s)?$/);
    expect(marked.some((text) => /^translations?$/.test(text)), 'the word as typed is marked too').toBe(true);

    await page.getByRole('button', { name: 'Clear search highlights' }).click();
    expect(await marks.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('_highlight')).toBe(false);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('keeps the anchor a result opened where it was, however many words above it are marked', async () => {
    const { context, page, log } = await newPage(site);
    const headingTop = async (url: string) => {
      await gotoHydrated(page, site.url + url);
      if (url.includes('_highlight')) await poll(async () => (await page.locator('mark.search-highlight').count()) > 20, { message: 'marks' });
      await page.waitForTimeout(100);
      return page.evaluate(() => document.getElementById('permissions')!.getBoundingClientRect().top);
    };
    const plain = await headingTop(`${DOC}#permissions`);
    // "the" is marked dozens of times above the heading, and the clear button comes above them all.
    const marked = await headingTop(`${DOC}?_highlight=the#permissions`);
    expect(Math.abs(marked - plain)).toBeLessThan(2);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('lists results as links: a click opens one here, a Ctrl-click in a new tab, leaving this page as it is', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('deepl');
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    const first = options(page).first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/en\/docs\/.*_highlight=deepl/);
    expect(await first.getAttribute('role')).toBe('option');
    const opened = context.waitForEvent('page');
    await first.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(href);
    expect(new URL(page.url()).pathname).toBe(DOC);
    await first.click();
    await poll(() => new URL(page.url()).pathname === href!.split('?')[0], { message: 'opened here' });
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('lists results at once; each excerpt, terms marked, appears when its page text arrives, without moving a result or the keyboard choice', async () => {
    const { context, page, log } = await newPage(site);
    const indexes = searchIndexRequests(page);
    const texts: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search-text/*', async (route) => {
      texts.push(route.request().url());
      await held;
      await route.continue();
    });
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('deepl key');
    await poll(async () => (await options(page).count()) > 0, { message: 'results before any page text', timeout: 10_000 });
    expect(await options(page).first().locator('.search-result-title mark').count(), 'titles marked at once').toBeGreaterThan(0);
    expect(await loadingExcerpts(page).count()).toBeGreaterThan(0);
    expect(await page.locator('.search-result-excerpt mark').count()).toBe(0);
    const before = await optionBoxes(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');

    // One request per page listed (a page's results share it), beside the index, with its revision.
    const pages = await page.locator('.search-option .search-result:not(.is-nested)').count();
    await poll(() => texts.length > 0, { message: 'page texts requested' });
    await page.waitForTimeout(100);
    expect(texts.length).toBeLessThanOrEqual(pages);
    expect(new Set(texts).size).toBe(texts.length);
    const revision: string = await page.evaluate(async (url) => (await (await fetch(url)).json())[0].index.r, indexes[0]!);
    expect(revision).toMatch(/^[0-9a-f]{10}$/);
    for (const url of texts) {
      expect(new URL(url).pathname).toMatch(/^\/en\/search-text\/\d+\.json$/);
      expect(new URL(url).search).toBe(`?v=${revision}`);
    }

    release();
    await poll(async () => (await loadingExcerpts(page).count()) === 0, { message: 'every excerpt shown' });
    expect(await options(page).first().locator('.search-result-excerpt mark').count()).toBeGreaterThan(0);
    expect(await optionBoxes(page), 'no result moved').toEqual(before);
    expect(await options(page).nth(1).getAttribute('aria-selected'), 'the keyboard choice stays').toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await options(page).nth(2).getAttribute('aria-selected')).toBe('true');
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('names each section result with its page, in the box\'s list and on the search page, though a section drawn under its page does not show it', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('deepl key');
    await poll(async () => (await page.locator('.search-option .search-result.is-nested').count()) > 0, { message: 'a section under its page', timeout: 10_000 });
    const named = async (items: string) =>
      page.locator(items).evaluateAll((els) => {
        let pageTitle = '';
        return els.map((el) => {
          const result = el.querySelector('.search-result')!;
          const hidden = result.querySelector('.search-result-page');
          // The page a nested section is drawn under: a page result, or a section that shows its page.
          if (result.classList.contains('is-page')) pageTitle = result.querySelector('.search-result-title')!.textContent!;
          else if (!result.classList.contains('is-nested')) pageTitle = hidden!.textContent!;
          return { nested: result.classList.contains('is-nested'), pageTitle, named: hidden?.textContent === pageTitle, shown: !!hidden && hidden.getBoundingClientRect().width > 1 };
        });
      });
    const listed = (await named('.search-option')).filter((r) => r.nested);
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) expect(r, r.pageTitle).toEqual({ nested: true, pageTitle: r.pageTitle, named: true, shown: false });
    const option = page.locator('.search-option:has(.is-nested)').first();
    const pageTitle = (await named('.search-option')).find((r) => r.nested)!.pageTitle;
    expect(await page.getByRole('option', { name: new RegExp(pageTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count()).toBeGreaterThan(1);
    expect(await option.isVisible()).toBe(true);
    await gotoHydrated(page, `${site.url}/en/search?q=deepl+key`);
    await poll(async () => (await page.locator('.search-page-list li.nested').count()) > 0, { message: 'the search page\'s sections', timeout: 10_000 });
    const onPage = (await named('.search-page-list li')).filter((r) => r.nested);
    for (const r of onPage) expect(r, r.pageTitle).toEqual({ nested: true, pageTitle: r.pageTitle, named: true, shown: false });
    await context.close();
  });

  it("keeps 'See all results' in sight at the foot of a long list, and the option chosen by the keys above it", async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('deepl');
    await poll(async () => (await options(page).count()) >= 8, { message: 'a long list', timeout: 10_000 });
    await page.waitForTimeout(300);
    const inSight = () =>
      page.evaluate(() => {
        const box = document.querySelector('.search-dropdown')!.getBoundingClientRect();
        const link = document.querySelector('.search-see-all')!.getBoundingClientRect();
        return { scrolls: document.querySelector('.search-dropdown')!.scrollHeight > box.height, visible: link.top >= box.top && link.bottom <= box.bottom + 0.5 };
      });
    expect(await inSight()).toEqual({ scrolls: true, visible: true });
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('ArrowDown');
      const covered = await page.evaluate(() => {
        const active = document.querySelector('.search-option.active')!.getBoundingClientRect();
        const footer = document.querySelector('.search-footer')!.getBoundingClientRect();
        return active.bottom > footer.top + 0.5;
      });
      expect(covered, `option ${i + 1} under the footer`).toBe(false);
    }
    expect((await inSight()).visible).toBe(true);
    await context.close();
  });

  it('closes the list when the focus leaves the box, so that it hides nothing the focus moves to', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('api key');
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    for (let i = 0; i < 6 && (await page.evaluate(() => !!document.activeElement?.closest('.search'))); i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.search')), 'the focus left the box').toBe(false);
    await poll(async () => (await options(page).count()) === 0, { message: 'the list closed' });
    expect(await page.locator('.search-input').getAttribute('aria-expanded')).toBe('false');
    // Back in the box, the list is there again.
    await page.locator('.search-input').focus();
    await poll(async () => (await options(page).count()) > 0, { message: 'results again' });
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('on a phone, a tap outside the box opened over the navbar closes it, wherever it lands (text that takes no focus too), keeping its query', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    for (const [where, target] of [['the footer\'s text', '.footer-tagline'], ['the article', 'article p']] as const) {
      await page.locator('.search-toggle').click();
      await page.locator('.search-input').fill('api key');
      await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
      const box = (await page.locator(target).first().boundingBox())!;
      await page.mouse.click(box.x + 4, box.y + box.height / 2);
      await poll(async () => !(await page.locator('.search-input').isVisible()), { message: `the box closed by a tap on ${where}` });
      expect(await page.locator('.navbar-toggle').isVisible(), `the menu button shown again after a tap on ${where}`).toBe(true);
      await page.locator('.search-toggle').click();
      expect(await page.locator('.search-input').inputValue(), 'the query kept').toBe('api key');
      await page.locator('.search-close').click();
    }
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('tells a screen reader the count of the search page once typing pauses, not its whole list nor each keystroke\'s', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    await page.locator('.search-page-count').waitFor();
    // No live region of its own in the page: what is read out goes through the site's one announcer.
    const live = await page.evaluate(() => [...document.querySelectorAll('[aria-live], [role="status"]')].filter((el) => el.closest('main')).length);
    expect(live).toBe(0);
    const announcer = page.locator('#sg-announcer');
    await poll(async () => /^\d+ pages? found$/.test((await announcer.textContent()) ?? ''), { message: 'the count read out' });
    await page.evaluate(() => {
      const said: string[] = ((window as unknown as { said: string[] }).said = []);
      const region = document.getElementById('sg-announcer')!;
      new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
    });
    await page.locator('.search-page-input').fill('');
    await page.locator('.search-page-input').pressSequentially('screenshot', { delay: 60 });
    await poll(async () => (await page.evaluate(() => (window as unknown as { said: string[] }).said.length)) > 0, { message: 'the new count read out' });
    await page.waitForTimeout(800);
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said).toEqual([(await page.locator('.search-page-count').textContent())!]);
    await context.close();
  });

  it('keeps the results usable when page texts fail to load, and asks again for the next query', async () => {
    const { context, page } = await newPage(site);
    let fail = true;
    await page.route('**/search-text/*', (route) => (fail ? route.abort() : route.continue()));
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('deepl');
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    await page.waitForTimeout(300);
    expect(await page.locator('.search-result-excerpt mark').count()).toBe(0);
    expect(await page.locator('.search-dropdown .loader-error').count(), 'no error for a missing excerpt').toBe(0);
    fail = false;
    await page.keyboard.type(' key');
    await poll(async () => (await page.locator('.search-result-excerpt mark').count()) > 0, { message: 'excerpts after the failure' });
    await context.close();
  });

  it('the search page fetches the texts of the results in view, and more as the reader scrolls', async () => {
    const { context, page, log } = await newPage(site);
    const texts = searchTextRequests(page);
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    const items = page.locator('.search-page-list li');
    await poll(async () => (await items.count()) > 8, { message: 'results', timeout: 10_000 });
    await poll(async () => (await items.first().locator('.search-result-excerpt mark').count()) > 0, { message: 'excerpts in view' });
    await page.waitForTimeout(300);
    const pages = await page.locator('.search-page-list li:not(.nested)').count();
    const first = texts.length;
    expect(first).toBeGreaterThan(0);
    expect(first, 'not every listed page').toBeLessThan(pages);
    await items.last().scrollIntoViewIfNeeded();
    await poll(() => texts.length > first, { message: 'texts of the results scrolled to' });
    await poll(async () => (await items.last().locator('.search-result-excerpt.is-loading').count()) === 0, { message: 'last excerpt shown' });
    expect(new Set(texts).size).toBe(texts.length);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('the search page keeps still while its results arrive: cumulative layout shift under 0.1', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      for (const path of ['/en/search/?q=deepl', '/search/?q=deepl', '/en/search/?q=nothing-matches-this']) {
        const { context, page } = await newPage(site, { viewport });
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await gotoHydrated(page, site.url + path);
        await page.locator('.search-page-count, .search-page-results .search-page-status').first().waitFor();
        // And the excerpts of the results in view (those further down load as the reader scrolls).
        await poll(() => page.evaluate(() => [...document.querySelectorAll('.search-result-excerpt.is-loading')].every((e) => e.getBoundingClientRect().top > innerHeight)), { message: 'excerpts in view' });
        await page.waitForTimeout(200);
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        expect(cls, `${viewport.width} px ${path}`).toBeLessThan(0.1);
        await context.close();
      }
    }
  });

  it('the search page puts the reader back at the result they were reading after a result and Back, and after a reload', async () => {
    for (const [viewport, path] of [
      [{ width: 1280, height: 800 }, '/search?q=截图'],
      [{ width: 375, height: 740 }, '/en/search?q=deepl'],
    ] as const) {
      const { context, page, log } = await newPage(site, { viewport });
      const items = page.locator('.search-page-list > li');
      /** The scroll position, and the first result whose top is in view (its link's address). */
      const place = () =>
        page.evaluate(() => ({
          y: Math.round(scrollY),
          first: [...document.querySelectorAll('.search-page-list > li > a')].find((a) => a.getBoundingClientRect().top >= 0)?.getAttribute('href'),
        }));
      await gotoHydrated(page, site.url + path);
      await poll(async () => (await items.count()) > 20, { message: 'results' });
      await page.mouse.wheel(0, 1500);
      await poll(async () => (await place()).y === 1500, { message: 'scrolled down the list' });
      const read = await place();
      // A result in view opened, then Back (client-side: a same-document traversal).
      const at = await items.evaluateAll((els) => els.findIndex((li) => li.getBoundingClientRect().top > 100));
      await items.nth(at).locator('a').click();
      await poll(() => !new URL(page.url()).pathname.includes('/search'), { message: 'opened a result' });
      await page.evaluate(() => history.back());
      await poll(() => new URL(page.url()).pathname.endsWith('/search'), { message: 'back on the search page' });
      await poll(async () => (await items.count()) > 20, { message: 'results after Back' });
      await page.waitForTimeout(300);
      expect(await place(), `${viewport.width} px, after Back`).toEqual(read);
      await page.reload();
      await waitHydrated(page);
      await poll(async () => (await items.count()) > 20, { message: 'results after reload' });
      await page.waitForTimeout(300);
      expect(await place(), `${viewport.width} px, after a reload`).toEqual(read);
      expect(log.errors).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it('the search page lists every result, a hundred at a time, and counts each page once', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/search?q=translate`);
    const items = page.locator('.search-page-list li');
    const more = page.getByRole('button', { name: 'Show more results' });
    await poll(async () => (await items.count()) >= 100, { message: 'a first hundred', timeout: 10_000 });
    const first = await items.count();
    expect(first).toBeLessThan(110); // cut at the end of a page's group of sections
    const counted = Number(/^(\d+) pages found$/.exec((await page.locator('.search-page-count').textContent()) ?? '')?.[1]);
    while (await more.count()) await more.click();
    expect(await items.count()).toBeGreaterThan(first);
    const pages = new Set(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-page'))));
    // Every page listed, once in the count, though a page can head a group of full matches and one of partial ones.
    expect(pages.size).toBe(counted);
    expect(counted).toBeGreaterThan(100);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("the search page shows as many results after a result and Back (and a reload) as 'Show more results' had shown, the reader back at the one they were reading", async () => {
    const { context, page, log } = await newPage(site);
    const items = page.locator('.search-page-list > li');
    const more = page.getByRole('button', { name: 'Show more results' });
    const place = () =>
      page.evaluate(() => ({
        y: Math.round(scrollY),
        first: [...document.querySelectorAll('.search-page-list > li > a')].find((a) => a.getBoundingClientRect().top >= 0)?.getAttribute('href'),
      }));
    await gotoHydrated(page, `${site.url}/en/search?q=translate`);
    await poll(async () => (await items.count()) >= 100, { message: 'a first hundred', timeout: 10_000 });
    const first = await items.count();
    await more.click();
    await poll(async () => (await items.count()) > first, { message: 'more results' });
    const expanded = await items.count();
    // A result past the first hundred, brought into view and opened.
    const item = items.nth(first + 20);
    await item.scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
    const read = await place();
    await item.locator('a').click();
    await poll(() => !new URL(page.url()).pathname.includes('/search'), { message: 'opened a result' });
    await page.goBack();
    await poll(() => new URL(page.url()).pathname.endsWith('/search'), { message: 'back on the search page' });
    await poll(async () => (await items.count()) >= 100, { message: 'results after Back' });
    await page.waitForTimeout(300);
    expect(await items.count(), 'as many results as were shown').toBe(expanded);
    expect(await place(), 'at the result read').toEqual(read);
    await page.reload();
    await waitHydrated(page);
    await poll(async () => (await items.count()) >= 100, { message: 'results after reload' });
    await page.waitForTimeout(300);
    expect(await items.count(), 'as many after a reload').toBe(expanded);
    expect(await place(), 'at the result read, after a reload').toEqual(read);
    // Another query is a list of its own: its first hundred.
    await page.locator('.search-page-input').fill('translation');
    await poll(async () => (await page.locator('h1').textContent()) === 'Search results for “translation”', { message: 'the other query' });
    await poll(async () => (await items.count()) >= 100, { message: 'its results' });
    expect(await items.count()).toBeLessThan(110);
    expect(await more.count(), 'more of them to show').toBe(1);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("'Show more results' takes the keyboard to the first result it added, never back to the page's top", async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/search?q=translate`);
    const items = page.locator('.search-page-list > li');
    const more = page.getByRole('button', { name: 'Show more results' });
    await poll(async () => (await items.count()) >= 100, { message: 'a first hundred', timeout: 10_000 });
    /** Index of the result whose link has the focus (-1: none), and the focused element. */
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement!;
        const li = active.closest('.search-page-list > li');
        return { at: li && active === li.querySelector('a') ? [...li.parentElement!.children].indexOf(li) : -1, tag: active.tagName };
      });
    let presses = 0;
    while (await more.count()) {
      const before = await items.count();
      await more.focus();
      await page.keyboard.press('Enter');
      await poll(async () => (await items.count()) > before, { message: 'more results' });
      expect(await focused(), `press ${++presses}: on the first result added`).toEqual({ at: before, tag: 'A' });
      await page.keyboard.press('Tab');
      expect((await focused()).at, 'Tab goes on to the next one').toBe(before + 1);
    }
    expect(presses).toBeGreaterThan(1);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("shows 'No results', and 'See all results' opens the search page, which keeps the query in the URL through reload, back and forward", async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-input').fill('zzqxjv');
    await poll(async () => (await page.locator('.search-status').textContent()) === 'No results', { message: 'No results', timeout: 10_000 });
    // Read out too: a screen reader hears nothing of the text appearing under the box.
    const announcer = page.locator('#sg-announcer');
    await poll(async () => (await announcer.textContent()) === 'No results', { message: 'No results read out' });

    await page.locator('.search-input').fill('deepl');
    await poll(async () => (await options(page).count()) > 0, { message: 'results' });
    const count = await options(page).count();
    await poll(async () => (await announcer.textContent()) === `${count} results`, { message: 'the count read out' });
    await page.getByRole('link', { name: 'See all results' }).click();
    await poll(() => new URL(page.url()).pathname === '/en/search', { message: 'search page' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('deepl');
    const items = page.locator('.search-page-list li');
    await poll(async () => (await items.count()) > 8, { message: 'more than the dropdown shows' });
    expect(await page.locator('.search-page-count').textContent()).toMatch(/^\d+ pages? found$/);
    // The tab and the history list name what was searched, as the page's heading does.
    expect(await page.title()).toBe('Search results for “deepl” · Glint Translate');

    await page.reload();
    await poll(async () => (await items.count()) > 8, { message: 'results after reload' });
    expect(await page.locator('.search-page-input').inputValue()).toBe('deepl');

    await page.locator('.search-page-input').fill('screenshot');
    await poll(() => new URL(page.url()).searchParams.get('q') === 'screenshot', { message: 'query kept in the URL' });
    await poll(async () => (await page.title()) === 'Search results for “screenshot” · Glint Translate', { message: 'the title follows the query' });
    await page.locator('.search-page-input').fill('');
    await poll(async () => (await page.title()) === 'Search · Glint Translate', { message: 'the page\'s own title with no query' });
    await page.locator('.search-page-input').fill('screenshot');
    await items.first().locator('a').click();
    await poll(() => new URL(page.url()).pathname !== '/en/search', { message: 'opened a result' });
    expect(await page.title()).not.toMatch(/Search results/);
    await page.evaluate(() => history.back());
    await poll(() => new URL(page.url()).pathname === '/en/search', { message: 'back on the search page' });
    await items.first().locator('a').click();
    await poll(() => new URL(page.url()).pathname !== '/en/search', { message: 'opened a result' });
    // history.back() rather than page.goBack(): client-side navigations are same-document, and
    // waiting for a load event that may never come is not what is being tested.
    const back = () => page.evaluate(() => history.back());
    await back();
    await poll(async () => (await page.locator('.search-page-input').inputValue()) === 'screenshot', { message: 'query back after Back' });
    await poll(async () => (await items.count()) > 0, { message: 'results after Back' });
    // The search page's history entry, to come back to by its key: asking for that entry again is
    // harmless, where a second history.forward() after a slow first one would go one entry too far.
    const searchEntry = await page.evaluate(() => (window as unknown as NavigationWindow).navigation.currentEntry.key);
    await back();
    await poll(() => new URL(page.url()).pathname === DOC, { message: 'the page searched from' });
    // That was a new document (the search page was reloaded): Forward once it has loaded, as a reader
    // would; a traversal asked for while it still loads can be dropped by the browser.
    await waitHydrated(page);
    // Under load the browser can still drop it (the full suite, two cores): asked again, as a reader
    // would press Forward again, at most three times.
    for (let attempt = 1; ; attempt++) {
      await page.evaluate((key) => {
        const { committed, finished } = (window as unknown as NavigationWindow).navigation.traverseTo(key);
        // Settled either way: a traversal the page leaves before it finishes is not an error here.
        committed.catch(() => {});
        finished.catch(() => {});
      }, searchEntry);
      const moved = await poll(() => new URL(page.url()).pathname === '/en/search', { message: 'Forward to the search page', timeout: 3_000 }).catch((error: unknown) => {
        if (attempt === 3) throw error;
        return false;
      });
      if (moved) break;
    }
    // A new document again (the page searched from was loaded whole): under the full suite's load it takes seconds.
    await poll(async () => (await page.locator('.search-page-input').inputValue({ timeout: 1_000 })) === 'screenshot', { message: 'query after Forward', timeout: 15_000 });
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("offers the Chinese site's search for a Chinese query that finds nothing on the English site, and no such link for English that finds nothing", async () => {
    const { context, page, log } = await newPage(site);
    const elsewhere = page.getByRole('link', { name: 'Search the 简体中文 site for “截图翻译”' });
    await gotoHydrated(page, `${site.url}/en/search?q=${encodeURIComponent('截图翻译')}`);
    await poll(async () => (await page.locator('.search-page-status').textContent()) === 'No results', { message: 'No results', timeout: 10_000 });
    // Once the Chinese index, loaded for it, has found the query.
    await poll(() => elsewhere.isVisible(), { message: 'the link to the Chinese search' });
    await elsewhere.click();
    await poll(() => new URL(page.url()).pathname === '/search', { message: 'the Chinese search page' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('截图翻译');
    await waitHydrated(page);
    const items = page.locator('.search-page-list li');
    await poll(async () => (await items.count()) > 0, { message: 'Chinese results', timeout: 10_000 });
    expect(await page.locator('h1').textContent()).toBe('“截图翻译”的搜索结果');
    expect(await items.first().locator('a').getAttribute('href')).toMatch(/^\/docs\/guides\/screenshot/);
    expect(await page.locator('.search-elsewhere').count(), 'no link where there are results').toBe(0);

    // The search box's list says it too, under its 'No results'; English that finds nothing gets 'No results' alone.
    await gotoHydrated(page, site.url + '/en/');
    await page.locator('.search-input').fill('截图翻译');
    await poll(async () => (await page.locator('.search-status').textContent()) === 'No results', { message: 'No results in the list', timeout: 10_000 });
    await poll(() => elsewhere.isVisible(), { message: 'the link in the list' });
    expect(await elsewhere.getAttribute('href')).toBe(`/search?q=${encodeURIComponent('截图翻译')}`);
    await page.locator('.search-input').fill('zzqxjv');
    await poll(async () => (await page.locator('.search-status').textContent()) === 'No results', { message: 'No results for zzqxjv' });
    await poll(async () => (await page.locator('.search-elsewhere').count()) === 0, { message: 'no link to another locale' });
    expect(await page.locator('.search-dropdown').textContent()).not.toMatch(/简体中文/);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("offers no other locale's search that would find nothing either, and loads that locale's index only when this one found nothing", async () => {
    const { context, page, log } = await newPage(site);
    const indexes = searchIndexRequests(page);
    const noLink = async (status: string, index: string, noResults = 'No results') => {
      await poll(async () => (await page.locator(status).first().textContent()) === noResults, { message: noResults, timeout: 10_000 });
      // The other locale's index asked for and answered: still no link.
      await poll(() => indexes.some((url) => new URL(url).pathname === index), { message: `${index} requested` });
      await page.waitForTimeout(300);
      expect(await page.locator('.search-elsewhere').count(), 'no link to a search that finds nothing').toBe(0);
    };
    // 鳄鱼 (crocodile) is on neither site: the English search page and the box say 'No results', and nothing else.
    await gotoHydrated(page, `${site.url}/en/search?q=${encodeURIComponent('鳄鱼')}`);
    await noLink('.search-page-status', '/search-index.json');
    await gotoHydrated(page, `${site.url}/en/docs/faqs/safe`);
    await page.locator('.search-input').fill('鳄鱼');
    await noLink('.search-status', '/search-index.json');
    // And the other way: English the Chinese site does not have.
    await gotoHydrated(page, `${site.url}/search?q=crocodile`);
    await noLink('.search-page-status', '/en/search-index.json', '没有找到结果');
    // A query this locale finds loads no other locale's index.
    const before = indexes.length;
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    await poll(async () => (await page.locator('.search-page-list li').count()) > 0, { message: 'results', timeout: 10_000 });
    await page.waitForTimeout(300);
    expect(indexes.slice(before).map((url) => new URL(url).pathname)).toEqual(['/en/search-index.json']);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the search page shows a search from the navbar for the query it was opened with, after its own box changed the query', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + '/en/search?q=deepl');
    const count = page.locator('.search-page-count');
    await poll(async () => (await count.count()) > 0, { message: 'results for deepl', timeout: 10_000 });
    const deepl = await count.textContent();
    await page.locator('.search-page-input').fill('screenshot');
    await poll(async () => (await count.textContent()) !== deepl, { message: 'results for screenshot' });
    // The navbar box, deepl again, and Enter: the address says deepl, and so must the page.
    await page.locator('.search-input').fill('deepl');
    await poll(async () => (await options(page).count()) > 0, { message: 'dropdown results' });
    await page.locator('.search-input').press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('q') === 'deepl', { message: 'the address searched' });
    await poll(async () => (await page.locator('.search-page-input').inputValue()) === 'deepl', { message: 'the page box shows the query searched' });
    expect(await page.locator('h1').textContent()).toBe('Search results for “deepl”');
    expect(await count.textContent()).toBe(deepl);
    // Emptied, the box leaves the query out of the address.
    await page.locator('.search-page-input').fill(' ');
    await poll(() => new URL(page.url()).search === '', { message: 'no query in the address' });
    expect(await page.locator('.search-page-input').inputValue(), 'the space typed stays').toBe(' ');
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('marks the terms again when a result whose highlights were cleared is opened again', async () => {
    const { context, page, log } = await newPage(site);
    const marks = page.locator('.markdown mark.search-highlight');
    await gotoHydrated(page, site.url + DOC);
    const open = async (href?: string) => {
      await page.locator('.search-input').fill('');
      await page.locator('.search-input').fill('deepl');
      await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
      const option = href ? page.locator(`.search-option[href="${href}"]`) : options(page).first();
      const opened = (await option.getAttribute('href'))!;
      await option.click();
      await poll(() => new URL(page.url()).pathname + new URL(page.url()).search === opened, { message: 'opened the result with _highlight' });
      return opened;
    };
    const opened = await open();
    expect(opened).toContain('_highlight=deepl');
    await poll(async () => (await marks.count()) > 0, { message: 'terms marked' });
    await page.getByRole('button', { name: 'Clear search highlights' }).click();
    expect(await marks.count()).toBe(0);
    // The same result again, from the box: its address has the terms again, and so must the page.
    await open(opened);
    await poll(async () => (await marks.count()) > 0, { message: 'terms marked again' });
    expect(await page.getByRole('button', { name: 'Clear search highlights' }).count()).toBe(1);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('answers a Chinese query, and a pasted 50+ character one, on the Chinese site', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + '/docs/faqs/safe');
    await page.locator('.search-input').fill('额度用完');
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    expect(await options(page).first().locator('mark').count()).toBeGreaterThan(0);
    await poll(async () => (await options(page).first().locator('.search-result-excerpt mark').count()) > 0, { message: 'Chinese excerpt with marked terms' });
    expect(await options(page).first().locator('.search-result-excerpt').textContent()).toMatch(/额度/);
    const long = '请问为什么我在浏览器里使用网页翻译和截图翻译的时候总是提示服务器没有响应或者额度已经用完了应该怎么解决';
    expect(long.length).toBeGreaterThanOrEqual(50);
    /** From pasting `q` into the box (searched at once) to the next frame, in ms. */
    const paste = (q: string) =>
      page.evaluate(async (q) => {
        const input = document.querySelector<HTMLInputElement>('.search-input')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const start = performance.now();
        setter.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return performance.now() - start;
      }, q);
    // The fastest of three pastes, each into an emptied box (searched again in full): a busy machine can stall any
    // one of them, while a search that grows out of bounds with the query's length is slow every time.
    const took: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.locator('.search-input').fill('');
      await poll(async () => (await options(page).count()) === 0, { message: 'the box emptied' });
      took.push(await paste(long));
      await poll(async () => (await options(page).count()) > 0, { message: 'results for the long query' });
    }
    expect(Math.min(...took), `typing a long query never hangs the page (${took.map(Math.round).join(', ')} ms)`).toBeLessThan(500);
    await context.close();
  });

  it('answers a query typed in traditional characters, with the simplified words marked', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + '/docs/faqs/safe');
    await page.locator('.search-input').fill('截圖翻譯');
    await poll(async () => (await options(page).count()) > 0, { message: 'results', timeout: 10_000 });
    expect(await options(page).first().getAttribute('href')).toMatch(/^\/docs\/guides\/screenshot/);
    expect(await options(page).first().locator('mark').first().textContent()).toMatch(/截图|翻译/);
    await context.close();
  });

  it('renders queries as text: markup never executes, regular-expression characters are harmless', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    for (const q of ['<img src=x onerror="window.__xss=1">', '</mark><script>window.__xss=2</script>deepl', '(a+)+$', '[', 'deepl (', '*?']) {
      await page.locator('.search-input').fill(q);
      await page.waitForTimeout(50);
    }
    await gotoHydrated(page, `${site.url}/en/search?q=${encodeURIComponent('<img src=x onerror="window.__xss=3">deepl')}`);
    await poll(async () => (await page.locator('.page-title').textContent())?.includes('<img src=x'), { message: 'query shown as text' });
    await page.locator('.search-page-input').fill('[(');
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
