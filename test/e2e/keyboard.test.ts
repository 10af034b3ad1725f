// Keyboard use in real Chromium: the skip link, visible focus, the language menu, sidebar categories,
// the mobile panel (focus kept inside while open), focus after a client-side navigation and after
// closing the panel, the search box or the announcement, and across the layouts' breakpoints.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoHydrated, hasChromium, newPage, poll, useSite } from './helpers/site.js';

const DOC = '/en/docs/faqs/safe';
const NEXT_DOC = '/en/docs/faqs/edge-boot';

/** What has the keyboard focus: its tag, classes, href and whether the focus ring shows. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      className: typeof el.className === 'string' ? el.className : '',
      href: el.getAttribute('href'),
      text: (el.textContent ?? '').trim(),
      // A visible focus indicator: an outline of at least 2 px (the theme's ring) or a box shadow.
      ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none',
      onScreen: rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth,
    };
  });
}

/** Presses Tab until `match` holds for the focused element (at most `limit` times). */
async function tabTo(page: Page, match: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit = 80, key = 'Tab') {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (f && match(f)) return f;
  }
  throw new Error(`no element matched after ${limit} × ${key}`);
}

describe.skipIf(!hasChromium)('keyboard', () => {
  const site = useSite();

  it('reaches the skip link first, shows it, and jumps past the navigation to the content', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    // Unfocused, the link and its shadow are entirely off screen (no smudge at the top of the page).
    const hidden = await page.locator('.skip-link').evaluate((el) => ({ bottom: el.getBoundingClientRect().bottom, shadow: getComputedStyle(el).boxShadow }));
    expect(hidden.bottom).toBeLessThanOrEqual(0);
    expect(hidden.shadow).toBe('none');
    await page.keyboard.press('Tab');
    const first = await focused(page);
    expect(first?.className).toContain('skip-link');
    expect(first?.text).toBe('Skip to main content');
    expect(first?.onScreen).toBe(true);
    expect(first?.ring).toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused(page))?.id).toBe('__main');
    // The next Tab lands inside the content, not in the navbar or the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main') && !document.activeElement?.closest('.doc-sidebar'))).toBe(true);
    await context.close();
  });

  it('shows a focus ring on every control reached by Tab in the chrome', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    const seen: string[] = [];
    const missing: string[] = [];
    // From the skip link through the navbar, the section links and into the sidebar.
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f) continue;
      seen.push(f.className || f.tag);
      if (!f.ring || !f.onScreen) missing.push(`${f.tag}.${f.className} ${f.href ?? ''} ring=${f.ring} onScreen=${f.onScreen}`);
    }
    expect(seen.some((c) => c.includes('navbar-link'))).toBe(true);
    expect(seen.some((c) => c.includes('menu-link'))).toBe(true);
    expect(missing).toEqual([]);
    await context.close();
  });

  it('opens the language menu from the keyboard and closes it with Escape', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await tabTo(page, (f) => f.className.includes('dropdown-toggle'));
    await page.keyboard.press('Enter');
    const menu = page.locator('.locale-switch .dropdown-menu');
    await poll(() => menu.isVisible(), { message: 'menu open' });
    const link = await tabTo(page, (f) => f.className.includes('dropdown-link'), 3);
    expect(link.ring).toBe(true);
    await page.keyboard.press('Escape');
    await poll(async () => !(await menu.isVisible()), { message: 'menu closed' });
    expect((await focused(page))?.className).toContain('dropdown-toggle');
    // Tab past its last entry closes it: left open, it covered the page's links the focus went on to (WCAG 2.4.11).
    await page.keyboard.press('Enter');
    await poll(() => menu.isVisible(), { message: 'menu open again' });
    const entries = await menu.locator('a').count();
    for (let i = 0; i <= entries; i++) await page.keyboard.press('Tab');
    await poll(async () => !(await menu.isVisible()), { message: 'menu closed by the focus leaving it' });
    await page.locator('.locale-switch summary').focus();
    // Enter on an entry switches the language of the same page.
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.className.includes('dropdown-link') && f.href === '/docs/faqs/safe', 3);
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).pathname === '/docs/faqs/safe', { message: 'Chinese page' });
    await context.close();
  });

  it('opens a sidebar category with Enter and follows its links without a reload', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    const label = (await page.locator('.doc-sidebar .menu-category:not([open]) > summary span').first().textContent())!;
    // Located by its label: a `:not([open])` locator would move to another category once this one opens.
    const closed = page.locator('.doc-sidebar .menu-category').filter({ has: page.locator(':scope > summary', { hasText: label }) });
    await tabTo(page, (f) => f.tag === 'summary' && f.text === label);
    await page.keyboard.press('Enter');
    await poll(() => closed.evaluate((d) => (d as HTMLDetailsElement).open), { message: 'category open' });
    const firstLink = await closed.locator('a').first().getAttribute('href');
    const link = await tabTo(page, (f) => f.tag === 'a', 2);
    expect(link.href).toBe(firstLink);
    expect(link.ring).toBe(true);
    // Enter closes it again from the summary (Shift+Tab back to it).
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await poll(() => closed.evaluate((d) => !(d as HTMLDetailsElement).open), { message: 'category closed' });
    // Keyboard activation of a sidebar link is a client-side navigation; focus returns to the top of the page.
    await page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 1));
    await page.locator(`.doc-sidebar a[href="${NEXT_DOC}"]`).focus();
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).pathname === NEXT_DOC, { message: 'navigated' });
    expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark)).toBe(1);
    await poll(async () => (await focused(page))?.id === 'sg-top', { message: 'focus at the top of the new page' });
    await page.keyboard.press('Tab');
    expect((await focused(page))?.className).toContain('skip-link');
    await context.close();
  });

  it('skips the links of a sidebar category or a phone\'s table of contents while it closes: Tab at once after Enter goes past them', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await newPage(site, { viewport });
      await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
      const summary = viewport.width > 996 ? page.locator('.doc-sidebar summary', { hasText: 'Machine translation' }) : page.locator('.toc-collapsible-summary');
      const isOpen = () => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
      if (!(await isOpen())) {
        await summary.focus();
        await page.keyboard.press('Enter');
        await poll(() => summary.evaluate((s) => (s.nextElementSibling as HTMLElement).style.height === ''), { message: 'opened' });
      }
      await summary.focus();
      // Enter, then Tab while the section's height is still animating (330 ms for this category).
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      // Before, the focus went to a link of the closing section (DeepL, About the service), which vanished with it a moment later,
      // leaving the focus on the page's body, nowhere to be seen.
      expect(await page.evaluate(() => !!document.activeElement?.closest('details .collapsible-body')), `${viewport.width} px: focus in the closing section`).toBe(false);
      await poll(async () => !(await isOpen()), { message: 'closed' });
      expect(await page.evaluate(() => document.activeElement !== document.body), `${viewport.width} px: focus kept`).toBe(true);
      // Opened again, its links are reached as before.
      await summary.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('details[open] .collapsible-body')), `${viewport.width} px: reopened`).toBe(true);
      await context.close();
    }
  });

  it('never leaves a link Shift+Tab reaches under the sticky navbar', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/guides/nobtn`);
    // From the page's foot back up through the article's links: each is scrolled below the bar, not to the window's top.
    await page.locator('footer a').first().focus();
    const navbar = await page.locator('header.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
    const hidden: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return el.closest('article') ? { text: (el.textContent ?? '').trim().slice(0, 30), top: el.getBoundingClientRect().top } : null;
      });
      // Before: 0-8 px from the top, under the 56 px bar.
      if (at && at.top < navbar) hidden.push(`${at.text} at ${Math.round(at.top)}`);
    }
    expect(hidden).toEqual([]);
    await context.close();
  });

  it('names each heading by its text alone (not "Setup Direct link to Setup"), and Tab never stops on a heading\'s # link', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/guides/nobtn`);
    const texts = await page.locator('.markdown :is(h2, h3)').evaluateAll((hs) => hs.map((h) => (h.firstChild?.textContent ?? '').trim()));
    expect(texts.length).toBeGreaterThan(2);
    // What a screen reader's list of headings shows: each heading's text, and nothing else.
    for (const text of texts) expect(await page.locator('.markdown').getByRole('heading', { name: text, exact: true }).count(), text).toBe(1);
    // The # shows on hover, with its tooltip, and takes a click.
    const first = page.locator('.markdown h2').first();
    await first.hover();
    const link = first.locator('.hash-link');
    await poll(async () => (await link.evaluate((a) => getComputedStyle(a).opacity)) === '1', { message: 'the # shown on hover' });
    expect(await link.getAttribute('title')).toBe(`Direct link to ${texts[0]}`);
    // Clicked, it leads to its heading, and the focus goes to the heading, not stays on the hidden link.
    await link.click();
    await poll(async () => (await focused(page))?.tag === 'h2', { message: 'the focus on the heading' });
    expect((await focused(page))?.id).toBe(await first.getAttribute('id'));
    // Tab from the top of the article to its end stops on no # link.
    await page.locator('.markdown').evaluate((m) => { (m as HTMLElement).tabIndex = -1; (m as HTMLElement).focus(); });
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (!f || !(await page.evaluate(() => !!document.activeElement?.closest('.markdown')))) break;
      stops.push(f.className);
    }
    expect(stops.filter((c) => c.includes('hash-link'))).toEqual([]);
    await context.close();
  });

  it('moves the focus to the heading a table-of-contents link leads to, so the next Tab goes on from there', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/guides/nobtn`);
    const id = 'option-3-the-context-menu';
    await page.locator(`.toc-link[href="#${id}"]:visible`).first().focus();
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).hash === `#${id}`, { message: 'the hash' });
    // Before, the focus stayed on the link in the table of contents, and Tab went on through the table.
    expect((await focused(page))?.id).toBe(id);
    await page.keyboard.press('Tab');
    const next = await page.evaluate((id) => {
      const heading = document.getElementById(id)!;
      const el = document.activeElement!;
      return { inOrAfter: heading.contains(el) || !!(heading.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING), headingTabIndex: heading.getAttribute('tabindex') };
    }, id);
    // Focusable from script only: Tab never stops on the heading.
    expect(next).toEqual({ inOrAfter: true, headingTabIndex: '-1' });
    // A link to another page's anchor, followed without a reload: the focus goes to that heading, not to the top.
    await gotoHydrated(page, `${site.url}/en/docs/paypal`);
    await page.locator('.markdown a[href$="before-buy#refunds"]').first().focus();
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).hash === '#refunds', { message: 'the other page' });
    await poll(async () => (await focused(page))?.id === 'refunds', { message: 'focus on its heading' });
    await context.close();
  });

  it('shows the whole focus ring of the announcement\'s close button, not cut off by the top of the page or the navbar', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await newPage(site, { viewport });
      await gotoHydrated(page, site.url + DOC);
      const close = await tabTo(page, (f) => f.className.includes('announcement-close'), 5);
      expect(close.ring).toBe(true);
      // The ring's outer edge, and what the reader sees at the middle of each of its four sides.
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const out = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
        const r = el.getBoundingClientRect();
        const box = { top: r.top - out, bottom: r.bottom + out, left: r.left - out, right: r.right + out };
        const midX = (box.left + box.right) / 2;
        const midY = (box.top + box.bottom) / 2;
        const sides = [
          [midX, box.top + 0.5],
          [midX, box.bottom - 0.5],
          [box.left + 0.5, midY],
          [box.right - 0.5, midY],
        ].map(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.announcement'));
        return { top: box.top, sides };
      });
      expect(ring.top, `${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(ring.sides, `${viewport.width} px: each side of the ring over the bar`).toEqual([true, true, true, true]);
      await context.close();
    }
  });

  it('works the mobile panel with the keyboard: open, reach its links, Escape back to the toggle', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    const toggle = await tabTo(page, (f) => f.className.includes('navbar-toggle'));
    expect(toggle.ring).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.locator('.navbar-sidebar');
    await poll(() => panel.isVisible(), { message: 'panel open' });
    // The focus moves into the panel, which covers the toggle: to its × button, seen with its ring (it had stayed on the covered toggle).
    const close = await focused(page);
    expect(close).toMatchObject({ tag: 'button', ring: true });
    // In the panel and the one thing under its own middle, once the panel has slid in: it is visible from the first
    // frame of its transition, when the button may not have reached its place (a slow CI machine had caught it there).
    await poll(() => page.evaluate(() => {
      const el = document.activeElement!;
      const box = el.getBoundingClientRect();
      return !!el.closest('.navbar-sidebar') && el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    }), { message: 'the focused × button in the panel, uncovered' });
    expect(await panel.getAttribute('role')).toBe('dialog');
    expect(await panel.getAttribute('aria-modal')).toBe('true');
    const link = await tabTo(page, (f) => f.className.includes('menu-link'), 6);
    expect(link.onScreen).toBe(true);
    expect(link.ring).toBe(true);
    await page.keyboard.press('Escape');
    await poll(async () => !(await panel.isVisible()), { message: 'panel closed' });
    expect((await focused(page))?.className).toContain('navbar-toggle');
    await context.close();
  });

  it('keeps Tab inside the open mobile panel (the page behind is inert) and frees the page when it closes', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    await tabTo(page, (f) => f.className.includes('navbar-toggle'));
    await page.keyboard.press('Enter');
    const panel = page.locator('.navbar-sidebar');
    await poll(() => panel.isVisible(), { message: 'panel open' });
    const stops = await panel.evaluate((el) => el.querySelectorAll('a[href], button').length);
    const where = () => page.evaluate(() => (document.activeElement === document.body ? 'none' : document.activeElement?.closest('.navbar-sidebar') ? 'panel' : document.activeElement?.outerHTML.slice(0, 80)));
    const seen: string[] = [];
    for (const key of ['Tab', 'Shift+Tab']) {
      // Past the panel's end and round again, each way.
      for (let i = 0; i < stops + 4; i++) {
        await page.keyboard.press(key);
        seen.push((await where())!);
      }
    }
    expect(seen.filter((w) => w !== 'panel' && w !== 'none'), 'focus outside the panel').toEqual([]);
    expect(seen.filter((w) => w === 'panel').length).toBeGreaterThan(2 * stops);
    expect(await page.locator('main').evaluate((el) => !!el.closest('[inert]'))).toBe(true);
    await page.keyboard.press('Escape');
    await poll(async () => !(await panel.isVisible()), { message: 'panel closed' });
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    // Opened again, a link of the panel followed from the keyboard: the new page's top has the focus, nothing is left inert.
    await page.keyboard.press('Enter');
    await poll(() => panel.isVisible(), { message: 'panel open again' });
    await tabTo(page, (f) => f.href === NEXT_DOC, 60);
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).pathname === NEXT_DOC && !(await panel.isVisible()), { message: 'navigated, panel closed' });
    await poll(async () => (await focused(page))?.id === 'sg-top', { message: 'focus at the top of the new page' });
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    await context.close();
  });

  it('gives focus back to the control that opened the mobile panel or the search box when they close, never to the page body', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    const className = async () => (await focused(page))?.className ?? 'body';
    // The panel, closed by its × button.
    await page.locator('.navbar-toggle').click();
    await poll(() => page.locator('.navbar-sidebar').isVisible(), { message: 'panel open' });
    await page.locator('.navbar-sidebar-head button').click();
    await poll(async () => !(await page.locator('.navbar-sidebar').isVisible()), { message: 'panel closed' });
    expect(await className()).toContain('navbar-toggle');
    // The search box over the navbar: closed by its × button, by Escape when empty, and by the second Escape after a query.
    await page.locator('.search-toggle').click();
    await poll(async () => (await className()).includes('search-input'), { message: 'search box focused' });
    await page.locator('.search-close').click();
    expect(await className()).toContain('search-toggle');
    await page.keyboard.press('Enter');
    await poll(async () => (await className()).includes('search-input'), { message: 'search box focused again' });
    await page.keyboard.press('Escape');
    await poll(async () => !(await page.locator('.search-input').isVisible()), { message: 'search box closed by Escape' });
    expect(await className()).toContain('search-toggle');
    await page.keyboard.press('Enter');
    await page.keyboard.type('deepl');
    await page.locator('.search-option').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await className(), 'the first Escape closes the list only').toContain('search-input');
    await page.keyboard.press('Escape');
    await poll(async () => !(await page.locator('.search-input').isVisible()), { message: 'search box closed' });
    expect(await className()).toContain('search-toggle');
    await context.close();

    // On a desktop the box stays: Escape closes its list, then clears it, keeping the focus.
    const desktop = await newPage(site);
    await gotoHydrated(desktop.page, site.url + DOC);
    await desktop.page.keyboard.press('Control+K');
    await desktop.page.keyboard.type('deepl');
    await desktop.page.locator('.search-option').first().waitFor();
    for (let i = 0; i < 3; i++) {
      await desktop.page.keyboard.press('Escape');
      expect((await focused(desktop.page))?.className, `Escape ${i + 1}`).toContain('search-input');
    }
    expect(await desktop.page.locator('.search-option').count()).toBe(0);
    await desktop.context.close();
  });

  it('keeps the focus on the page when a tablet turned to the desktop layout hides the open mobile panel: on the same link there, else at the top', async () => {
    // It had stayed on the hidden panel's link or × button, so the focus was on nothing (the body) and Tab started over.
    const { context, page } = await newPage(site, { viewport: { width: 800, height: 1100 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    const panel = page.locator('.navbar-sidebar');
    // The panel's effects (the focus moved into it, the page behind made inert, and back) run a frame or more after
    // what they answer (the panel shown, the window's media query changed): each is waited for, not looked at once.
    const openPanel = async () => {
      await page.setViewportSize({ width: 800, height: 1100 });
      await page.locator('.navbar-toggle').focus();
      await page.keyboard.press('Enter');
      await poll(() => panel.isVisible(), { message: 'panel open' });
      await poll(async () => (await focused(page))?.tag === 'button', { message: 'the focus on the panel\'s × button' });
    };
    const turn = async (focus: (now: Awaited<ReturnType<typeof focused>>) => boolean, message: string) => {
      await page.setViewportSize({ width: 1100, height: 800 });
      await poll(async () => !(await panel.isVisible()), { message: 'panel hidden' });
      await poll(async () => (await page.evaluate(() => document.querySelectorAll('[inert]').length)) === 0, { message: 'nothing left inert' });
      return poll(async () => {
        const now = await focused(page);
        return focus(now) ? now : null;
      }, { message });
    };
    for (const [kind, where] of [['main', '.navbar-links'], ['docs', '.doc-sidebar-nav']] as const) {
      await openPanel();
      const link = await tabTo(page, (f) => f.className.includes('menu-link') && f.href !== null && (kind === 'main' ? f.href === '/en/docs/guides/summary' : f.href === '/en/docs/services/deepl'), 60);
      const now = await turn((f) => f?.href === link.href, `${kind}: the focus on ${link.href} on the page`);
      expect(now, kind).toMatchObject({ tag: 'a', href: link.href, onScreen: true, ring: true });
      expect(await page.evaluate((where) => !!document.activeElement?.closest(where), where), `${kind}: the link in ${where}`).toBe(true);
    }
    // The × button has no twin on the page: the focus goes to the top, and the next Tab reaches the skip link.
    await openPanel();
    await turn((f) => f?.id === 'sg-top', 'the focus at the top of the page');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.className).toContain('skip-link');
    await context.close();
  });

  it('moves the focus from a control one layout hides to its twin in the other when the window crosses 996 or 1200 px, and moves none that nothing had', async () => {
    // The control had become display:none, the focus went to the page's body: no ring, and a screen reader's place gone.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    const resize = (width: number) => page.setViewportSize({ width, height: 900 });
    const cross = async (from: string, width: number, to: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, message: string) => {
      await page.locator(from).first().focus();
      await resize(width);
      const f = await poll(async () => {
        const now = await focused(page);
        return now && to(now) ? now : null;
      }, { message });
      return f!;
    };
    // Narrowed: the links of the navbar's row and of the sidebars are in the phone's menu, whose button takes the focus.
    for (const from of ['.navbar-link', '.doc-sidebar .menu-link', '.navbar-github']) {
      await resize(1280);
      const f = await cross(from, 800, (f) => f.onScreen, `${from}: the focus on a control shown`);
      // GitHub is in no menu: the control before it in the bar.
      expect(f.className, from).toContain(from === '.navbar-github' ? 'color-toggle' : 'navbar-toggle');
      expect(f, from).toMatchObject({ onScreen: true, ring: true });
    }
    // The search box: its button on a phone, and back.
    await resize(1280);
    await cross('.search-input', 800, (f) => f.className.includes('search-toggle'), 'the search button');
    await cross('.search-toggle', 1280, (f) => f.className.includes('search-input'), 'the search box');
    // The menu button: the first link of the navbar's row.
    await resize(800);
    expect((await cross('.navbar-toggle', 1280, (f) => f.className.includes('navbar-link'), 'a navbar link')).href).toBe(await page.locator('.navbar-link').first().getAttribute('href'));
    // The table of contents' column (1200 px and up) and the one folded above the article: its summary, or the same
    // link when it is open, and back to the heading being read.
    await cross('.toc .toc-link', 1100, (f) => f.className.includes('toc-collapsible-summary'), 'the folded table\'s summary');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('.toc-collapsible').evaluate((d) => (d as HTMLDetailsElement).open), { message: 'opened' });
    const link = await cross('.toc-collapsible .toc-link >> nth=1', 1280, (f) => f.className.includes('toc-link') && f.onScreen, 'the column\'s link');
    expect(await page.evaluate(() => !!document.activeElement?.closest('aside.toc'))).toBe(true);
    expect((await cross('aside.toc .toc-link >> nth=1', 1100, (f) => f.className.includes('toc-link') && f.onScreen, 'the same link, the folded table open')).href).toBe(link.href);
    // The next Tab goes on from there, as it would have: not from the top of the page, nor from the footer.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.toc-collapsible'))).toBe(true);
    await context.close();

    // Nothing focused, or the focus left by a click on the footer's text (on nothing focusable): the resize moves none.
    const fresh = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(fresh.page, `${site.url}/en/docs/services/ollama`);
    const none = async (step: string) => {
      for (const width of [800, 1280]) {
        await fresh.page.setViewportSize({ width, height: 900 });
        await fresh.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await focused(fresh.page), `${step}, ${width} px`).toBeNull();
      }
    };
    await none('nothing focused');
    await fresh.page.locator('.navbar-link').first().focus();
    await fresh.page.locator('.footer-tagline').click();
    expect(await focused(fresh.page), 'the click left the focus on nothing').toBeNull();
    await none('after the click');
    await fresh.context.close();
  });

  it('gives the focus back to the menu button when a link of the mobile panel to the page shown closes it, and to the new page\'s top for another page', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    const panel = page.locator('.navbar-sidebar');
    for (const current of ['.navbar-sidebar a[aria-current="page"]', '.navbar-sidebar-head .navbar-brand']) {
      if (current.includes('brand')) await gotoHydrated(page, `${site.url}/en/`);
      await page.locator('.navbar-toggle').focus();
      await page.keyboard.press('Enter');
      await poll(() => panel.isVisible(), { message: 'panel open' });
      await tabTo(page, (f) => f.href === new URL(page.url()).pathname, 80);
      await page.keyboard.press('Enter');
      await poll(async () => !(await panel.isVisible()), { message: 'panel closed' });
      // Before, the focus stayed on the link the closed panel hid: on nothing, and no ring anywhere.
      const now = await poll(() => focused(page), { message: `${current}: the focus on a control` });
      expect(now, current).toMatchObject({ className: expect.stringContaining('navbar-toggle'), ring: true, onScreen: true });
    }
    // Another page's link: its top, as before.
    await page.keyboard.press('Enter');
    await poll(() => panel.isVisible(), { message: 'panel open again' });
    await tabTo(page, (f) => f.href === NEXT_DOC || f.href === '/en/docs/faqs/', 80);
    await page.keyboard.press('Enter');
    await poll(async () => (await focused(page))?.id === 'sg-top', { message: 'the new page\'s top' });
    await context.close();
  });

  it('leaves the search box open over a phone\'s navbar by Shift+Tab to a control the reader sees, not to the search button under it', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    await page.locator('.search-toggle').focus();
    await page.keyboard.press('Enter');
    await poll(async () => (await focused(page))?.className.includes('search-input'), { message: 'search box focused' });
    await page.keyboard.press('Shift+Tab');
    // Before, the button the open box covers took the focus: nothing to be seen focused, and Enter on it did nothing.
    const seen = await page.evaluate(() => {
      const el = document.activeElement!;
      const box = el.getBoundingClientRect();
      return { className: el.className, uncovered: el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)) };
    });
    expect(seen.className).not.toContain('search-toggle');
    expect(seen.uncovered, `${seen.className} uncovered`).toBe(true);
    expect(await page.locator('.search-input').isVisible(), 'the box closed, the focus gone from it').toBe(false);
    await context.close();
  });

  it('keeps the place read when Ctrl+K focuses the search box, and when the box, the menu or the language menu of a phone open and close', async () => {
    // The window's scroll-padding-top (room under the sticky navbar) made every focus() of a control in that bar
    // scroll the page back up towards its top: Ctrl+K at 1000 px left the reader at 84 px.
    const desktop = await newPage(site);
    await gotoHydrated(desktop.page, `${site.url}/en/docs/services/ollama`);
    const scrolled = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
    await desktop.page.evaluate(() => window.scrollTo(0, 1000));
    await desktop.page.keyboard.press('Control+K');
    expect((await focused(desktop.page))?.className).toContain('search-input');
    await desktop.page.keyboard.type('ollama');
    await desktop.page.locator('.search-option').first().waitFor();
    await desktop.page.keyboard.press('Escape');
    await desktop.page.keyboard.press('Escape');
    expect(await scrolled(desktop.page), 'Ctrl+K, typing and Escape').toBe(1000);
    await desktop.context.close();

    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    const at = async (step: string, act: () => Promise<unknown>) => {
      await page.evaluate(() => window.scrollTo(0, 1500));
      await act();
      // The focus moves in an effect after the click: a frame or two.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await scrolled(page), step).toBe(1500);
    };
    await at('search box opened', () => page.locator('.search-toggle').click());
    expect((await focused(page))?.className).toContain('search-input');
    await at('search box closed by Escape', () => page.keyboard.press('Escape'));
    expect((await focused(page))?.className).toContain('search-toggle');
    await at('menu opened', () => page.locator('.navbar-toggle').click());
    await at('menu closed by Escape', () => page.keyboard.press('Escape'));
    expect((await focused(page))?.className).toContain('navbar-toggle');
    await at('language menu opened', () => page.locator('.locale-switch summary').click());
    await at('language menu closed by Escape', () => page.keyboard.press('Escape'));
    expect((await focused(page))?.className).toContain('dropdown-toggle');
    await context.close();
  });

  it('leaves Ctrl+K to the open menu of a phone: the search box, behind it, neither opens nor takes the focus', async () => {
    // A tablet with a keyboard: the box had opened behind the menu, and stayed open over the navbar once Escape closed it.
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    await page.locator('.navbar-toggle').click();
    await page.locator('.navbar-sidebar-head button').waitFor();
    await page.keyboard.press('Control+K');
    expect((await focused(page))?.className).not.toContain('search-input');
    await page.keyboard.press('Escape');
    expect((await focused(page))?.className).toContain('navbar-toggle');
    expect(await page.locator('.search-input').isVisible()).toBe(false);
    // Once the menu is closed, Ctrl+K opens the box as before.
    await page.keyboard.press('Control+K');
    expect((await focused(page))?.className).toContain('search-input');
    await context.close();
  });

  it('focuses the search box on `/`, as Ctrl+K does, but leaves a `/` typed into a field, a select or editable text, or held with Ctrl or Alt, to them', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    const className = async () => (await focused(page))?.className ?? 'body';
    await page.evaluate(() => window.scrollTo(0, 1000));
    await page.keyboard.press('/');
    expect(await className()).toContain('search-input');
    expect(await page.locator('.search-input').inputValue(), 'the `/` is not typed into the box').toBe('');
    expect(await page.evaluate(() => Math.round(window.scrollY)), 'the place read kept').toBe(1000);
    // In the box, `/` is text.
    await page.keyboard.type('a/b');
    expect(await page.locator('.search-input').inputValue()).toBe('a/b');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // From a tab of a group (a radio button), `/` focuses nothing else; nor with Ctrl or Alt held.
    await page.locator('.tabs-radio:checked').first().focus();
    for (const key of ['/', 'Control+/', 'Alt+/']) {
      await page.keyboard.press(key);
      expect(await className(), key).toContain('tabs-radio');
    }
    await page.locator('main').focus();
    for (const key of ['Control+/', 'Alt+/']) {
      await page.keyboard.press(key);
      expect(await className(), key).not.toContain('search-input');
    }
    // Fields and editable text a page may hold (a feedback form, an embedded editor): the `/` is theirs.
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML('afterbegin', '<textarea id="t"></textarea><select id="s"><option>a</option><option>/b</option></select><div id="e" contenteditable><p>x</p></div>');
    });
    for (const id of ['t', 's', 'e']) {
      await page.locator(`#${id}`).focus();
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.id), `#${id}`).toBe(id);
    }
    expect(await page.locator('#t').inputValue(), 'typed into the textarea').toBe('/');
    expect(await page.locator('#e').textContent(), 'typed into the editable text').toBe('/x');
    await context.close();

    // On a phone the box opens over the navbar from its icon; behind an open menu, `/` is the menu's to ignore.
    const phone = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(phone.page, `${site.url}/en/docs/services/ollama`);
    await phone.page.locator('.navbar-toggle').click();
    await phone.page.locator('.navbar-sidebar-head button').waitFor();
    await phone.page.keyboard.press('/');
    expect((await focused(phone.page))?.className).not.toContain('search-input');
    await phone.page.keyboard.press('Escape');
    await poll(async () => !(await phone.page.locator('.navbar-sidebar').isVisible()), { message: 'menu closed' });
    await phone.page.keyboard.press('/');
    await poll(async () => (await focused(phone.page))?.className.includes('search-input'), { message: 'the box opened and focused' });
    expect(await phone.page.locator('.search-input').isVisible()).toBe(true);
    await phone.context.close();
  });

  it('moves focus to the top of the page when the announcement is dismissed, so the next Tab reaches the skip link', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await tabTo(page, (f) => f.className.includes('announcement-close'), 5);
    await page.keyboard.press('Enter');
    await poll(async () => (await page.locator('.announcement').count()) === 0, { message: 'bar removed' });
    expect((await focused(page))?.id).toBe('sg-top');
    await page.keyboard.press('Tab');
    expect((await focused(page))?.className).toContain('skip-link');
    await context.close();
  });
});
