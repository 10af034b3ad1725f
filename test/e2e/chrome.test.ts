// The site chrome in real Chromium: colour mode, announcement bar, locale switch, mobile panel,
// collapsible sidebar categories, table of contents, search box and code copy buttons.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { gotoHydrated, hasChromium, newPage, poll, useSite, waitHydrated } from './helpers/site.js';

const DOC = '/en/docs/faqs/safe';
const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Holds the client bundle back until `release()`: what the page looks like before any client code ran. */
async function holdClientBundle(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/client.*.js', async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** An element's accessible name and description, as Chromium gives them to a screen reader. */
async function accessibleText(page: Page, selector: string): Promise<{ name: string; description: string }> {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(selector)})` });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
  await cdp.detach();
  return { name: String(nodes[0]?.name?.value ?? ''), description: String(nodes[0]?.description?.value ?? '') };
}

describe.skipIf(!hasChromium)('site chrome', () => {
  const site = useSite();

  it('cycles the colour mode system → dark → light and persists it, applied before first paint', async () => {
    const { context, page } = await newPage(site, { colorScheme: 'light' });
    const choice = () => page.evaluate(() => document.documentElement.getAttribute('data-theme-choice'));
    await gotoHydrated(page, site.url + DOC);
    // Default: light, following the system.
    expect([await choice(), await theme(page)]).toEqual(['system', 'light']);
    const toggle = page.locator('.color-toggle');
    await toggle.click();
    expect([await choice(), await theme(page)]).toEqual(['dark', 'dark']);
    expect(await toggle.getAttribute('aria-label')).toContain('dark mode');
    await toggle.click();
    expect([await choice(), await theme(page)]).toEqual(['light', 'light']);
    await toggle.click();
    expect([await choice(), await theme(page)]).toEqual(['system', 'light']);
    await page.emulateMedia({ colorScheme: 'dark' });
    await poll(async () => (await theme(page)) === 'dark', { message: 'system mode follows the system' });
    await page.emulateMedia({ colorScheme: 'light' });
    await poll(async () => (await theme(page)) === 'light');
    await toggle.click();
    expect(await theme(page)).toBe('dark');
    // Reload with the client bundle held back: the head script alone paints the dark page.
    const release = await holdClientBundle(page);
    await page.goto(site.url + DOC, { waitUntil: 'commit' });
    await poll(() => page.evaluate(() => !!document.body && !!document.querySelector('main')), { message: 'body parsed' });
    expect(await theme(page)).toBe('dark');
    await poll(async () => (await bodyBackground(page)) === 'rgb(16, 19, 24)', { message: 'dark background before the bundle' });
    expect(await page.evaluate(() => (window as unknown as { __sgBoot?: boolean }).__sgBoot)).toBeUndefined();
    release();
    await waitHydrated(page);
    expect(await theme(page)).toBe('dark');
    await context.close();
  });

  it('names the mode each click of the colour toggle chose, the step that leaves the colours as they are too', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await newPage(site, { colorScheme: 'light', viewport });
      await gotoHydrated(page, site.url + DOC);
      const toggle = page.locator('.color-toggle');
      const status = page.locator('.color-mode [role="status"]');
      const shown = async () => {
        const box = await status.boundingBox();
        const icon = await toggle.locator('svg').evaluateAll((icons) => icons.find((i) => getComputedStyle(i).display !== 'none')?.getAttribute('class'));
        // Named once: a title repeating the name was read out again as its description (and shown as a tooltip saying it again).
        const { name: label, description } = await accessibleText(page, '.color-toggle');
        return { text: await status.textContent(), visible: !!box && box.x >= 0 && box.x + box.width <= viewport.width, icon, label, description };
      };
      expect(await status.count(), 'a live region beside the toggle').toBe(1);
      expect(await status.textContent()).toBe('');
      await toggle.click();
      expect(await shown()).toEqual({ text: 'Now: dark mode', visible: true, icon: 'icon color-icon-dark', label: 'Switch between dark and light mode (currently dark mode)', description: '' });
      await toggle.click();
      expect(await shown()).toEqual({ text: 'Now: light mode', visible: true, icon: 'icon color-icon-light', label: 'Switch between dark and light mode (currently light mode)', description: '' });
      // Light → system on a light system: the page keeps its colours, the toggle says what changed.
      await toggle.click();
      expect(await theme(page)).toBe('light');
      expect(await shown()).toEqual({ text: 'Now: system mode', visible: true, icon: 'icon color-icon-system', label: 'Switch between dark and light mode (currently system mode)', description: '' });
      // The name goes after a moment; the icon and the label stay.
      await poll(async () => !(await status.isVisible()), { message: 'status hidden again' });
      expect(await toggle.isVisible()).toBe(true);
      await context.close();
    }
  });

  it("keeps the colour toggle's live region in the accessibility tree while it is empty, so the first mode it names is read out", async () => {
    // A live region shown only with its words (display: none while empty) is not one screen readers watch: the words
    // arrive with it, and NVDA or JAWS with Chromium say nothing (WCAG technique ARIA22: the container is there first).
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    const cdp = await context.newCDPSession(page);
    const regions = async () => {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      return nodes.filter((node) => !node.ignored && node.role?.value === 'status').length;
    };
    expect(await page.locator('.color-mode [role="status"]').textContent()).toBe('');
    expect(await regions(), 'the empty status region, before any click').toBe(1);
    // Empty, it shows nothing: no dot of its dark background under the button.
    expect(await page.locator('.color-mode [role="status"]').isVisible()).toBe(false);
    await page.locator('.color-toggle').click();
    expect(await regions()).toBe(1);
    expect(await page.locator('.color-mode [role="status"]').isVisible()).toBe(true);
    await context.close();
  });

  it("calls only the page shown the current page: a navbar entry is the current section on its section's other pages, on a desktop and in a phone's menu", async () => {
    const current = (page: Page, where: string) =>
      page.locator(`${where} a[aria-current]`).evaluateAll((links) => links.map((a) => `${a.textContent!.trim()} ${a.getAttribute('aria-current')}`));
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page } = await newPage(site, { viewport });
      await gotoHydrated(page, site.url + DOC);
      if (viewport.width < 996) {
        await page.locator('.navbar-toggle').click();
        await poll(() => page.locator('.navbar-sidebar').isVisible(), { message: 'menu open' });
      }
      const navbar = viewport.width < 996 ? '.navbar-sidebar nav:first-of-type' : '.navbar-links';
      const sidebar = viewport.width < 996 ? '.navbar-sidebar' : '.doc-sidebar';
      // Before, FAQ was "current page" too, on the page of one of its questions.
      expect(await current(page, navbar), `${viewport.width} px`).toEqual(['FAQ true']);
      expect(await page.locator(`${sidebar} a[aria-current="page"]`).allTextContents()).toEqual(['Safety and privacy']);
      // On the entry's own page, it is the current page.
      await page.goto(`${site.url}/en/docs/faqs/`);
      await waitHydrated(page);
      expect(await current(page, navbar), `${viewport.width} px, the FAQ index`).toEqual(['FAQ page']);
      await context.close();
    }
  });

  it("opens, in a phone's menu, the sidebar category that comes to hold the page shown, as the desktop column does", async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    const panel = page.locator('.navbar-sidebar');
    const category = panel.locator('.menu-category').filter({ has: page.locator(':scope > summary', { hasText: 'Machine translation' }) });
    const isOpen = () => category.evaluate((d) => (d as HTMLDetailsElement).open);
    await page.locator('.navbar-toggle').focus();
    await page.keyboard.press('Enter');
    await poll(() => panel.isVisible(), { message: 'menu open' });
    // The reader closes a category the page is not in, and the menu; then goes on to the next page, which is in it.
    await category.locator(':scope > summary').focus();
    await page.keyboard.press('Enter');
    await poll(async () => !(await isOpen()), { message: 'category closed' });
    await page.keyboard.press('Escape');
    await poll(async () => !(await panel.isVisible()), { message: 'menu closed' });
    await page.locator('.paginator-next').focus();
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).pathname === '/en/docs/services/deepl', { message: 'next page' });
    await page.locator('.navbar-toggle').focus();
    await page.keyboard.press('Enter');
    await poll(() => panel.isVisible(), { message: 'menu open again' });
    // Before, the menu kept the category closed, the page shown in it hidden (summary saying collapsed), while the column opened it.
    expect(await isOpen()).toBe(true);
    const marked = panel.locator('a[aria-current="page"]');
    expect(await marked.textContent()).toBe('DeepL');
    expect(await marked.isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the colour mode of open tabs in sync', async () => {
    const { context, page } = await newPage(site, { colorScheme: 'light' });
    await gotoHydrated(page, site.url + DOC);
    const other = await context.newPage();
    await gotoHydrated(other, `${site.url}/en/`);
    await page.locator('.color-toggle').click();
    expect(await theme(page)).toBe('dark');
    await poll(async () => (await theme(other)) === 'dark', { message: 'other tab follows' });
    await context.close();
  });

  it('remembers a dismissed announcement per id, with no flash on reload', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    const bar = page.locator('.announcement');
    expect(await bar.isVisible()).toBe(true);
    await page.locator('.announcement-close').click();
    await poll(async () => (await bar.count()) === 0, { message: 'bar removed' });
    const release = await holdClientBundle(page);
    await page.goto(site.url + DOC, { waitUntil: 'commit' });
    await poll(() => page.evaluate(() => !!document.querySelector('.announcement')), { message: 'bar parsed' });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.announcement')!).display)).toBe('none');
    release();
    await waitHydrated(page);
    expect(await bar.count()).toBe(0);
    // A dismissal of another (older) announcement does not hide this one.
    await page.evaluate(() => localStorage.setItem('sg-announcement-dismissed', 'an-older-announcement'));
    await gotoHydrated(page, site.url + DOC);
    expect(await bar.isVisible()).toBe(true);
    await context.close();
  });

  it('switches locale on the same page, keeping the query, and the hash where the other page has that heading', async () => {
    const { context, page } = await newPage(site);
    // The English heading 'Getting an API key' is 获取 API 密钥 (#获取-api-密钥) on the Chinese page: its top, no hash.
    await gotoHydrated(page, `${site.url}/en/docs/services/deepl?from=e2e#getting-an-api-key`);
    // Named in the page's language, with its own punctuation (the Chinese name had an ASCII colon).
    expect(await page.locator('.locale-switch summary').getAttribute('aria-label')).toBe('Language: English');
    await page.locator('.locale-switch summary').click();
    expect(await page.locator('.locale-switch a[hreflang="zh-CN"]').getAttribute('href')).toBe('/docs/services/deepl?from=e2e#getting-an-api-key');
    await page.locator('.locale-switch a[hreflang="zh-CN"]').click();
    await poll(async () => new URL(page.url()).pathname === '/docs/services/deepl', { message: 'Chinese page' });
    await poll(async () => new URL(page.url()).hash === '', { message: 'the hash dropped' });
    expect(new URL(page.url()).search).toBe('?from=e2e');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.locator('.locale-switch summary').getAttribute('aria-label')).toBe('语言：简体中文');
    // A heading id both languages share (`{#backup}`): the same section in the other language.
    await gotoHydrated(page, `${site.url}/en/docs/guides/options#backup`);
    await page.locator('.locale-switch summary').click();
    await page.locator('.locale-switch a[hreflang="zh-CN"]').click();
    await poll(async () => new URL(page.url()).pathname === '/docs/guides/options', { message: 'Chinese options page' });
    expect(new URL(page.url()).hash).toBe('#backup');
    await poll(() => page.evaluate(() => { const heading = document.getElementById('backup')!; return Math.abs(heading.getBoundingClientRect().top - parseFloat(getComputedStyle(heading).scrollMarginTop)) <= 2; }), { message: 'at the section' });
    // And back, from the home page.
    await gotoHydrated(page, `${site.url}/`);
    await page.locator('.locale-switch summary').click();
    await page.locator('.locale-switch a[hreflang="en"]').click();
    await poll(async () => new URL(page.url()).pathname === '/en/', { message: 'English home' });
    // The search page changes its query as you type: the menu, once opened, links to the query typed.
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    await page.locator('.search-page-input').fill('screenshot');
    await poll(() => new URL(page.url()).searchParams.get('q') === 'screenshot', { message: 'query in the address' });
    await page.locator('.locale-switch summary').click();
    await poll(async () => (await page.locator('.locale-switch a[hreflang="zh-CN"]').getAttribute('href')) === '/search?q=screenshot', { message: 'menu link with the typed query' });
    await context.close();
  });

  it('on the not-found page, switches to the other language\'s form of the address asked for', async () => {
    const { context, page } = await newPage(site);
    // Without the client the menu leads to the other language's home page (the server cannot know the path).
    const release = await holdClientBundle(page);
    await page.goto(`${site.url}/en/docs/no-such-page?x=1`, { waitUntil: 'commit' });
    await poll(() => page.locator('.locale-switch a[hreflang="zh-CN"]').count(), { message: 'menu parsed' });
    expect(await page.locator('.locale-switch a[hreflang="zh-CN"]').getAttribute('href')).toBe('/');
    release();
    await waitHydrated(page);
    await poll(async () => (await page.locator('.locale-switch a[hreflang="zh-CN"]').getAttribute('href')) === '/docs/no-such-page?x=1', { message: 'Chinese form of the path' });
    expect(await page.locator('.locale-switch a[hreflang="en"]').getAttribute('href')).toBe('/en/docs/no-such-page?x=1');
    // And from the Chinese not-found page to the English one.
    await gotoHydrated(page, `${site.url}/docs/faqs/gone`);
    await poll(async () => (await page.locator('.locale-switch a[hreflang="en"]').getAttribute('href')) === '/en/docs/faqs/gone', { message: 'English form of the path' });
    await page.locator('.locale-switch summary').click();
    await page.locator('.locale-switch a[hreflang="en"]').click();
    await poll(async () => new URL(page.url()).pathname === '/en/docs/faqs/gone', { message: 'English address' });
    await context.close();
  });

  it('on the not-found page, offers a search for the words of the address asked for, which finds the page meant', async () => {
    // Before: the search button led to an empty search page.
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/faqs/deepl-limt`);
    const search = page.locator('.not-found-links a[href^="/en/search"]');
    await poll(async () => (await search.getAttribute('href')) === '/en/search?q=deepl%20limt', { message: 'the search link with the words' });
    await search.click();
    await poll(async () => (await page.locator('.search-page-input').inputValue()) === 'deepl limt', { message: 'the query on the search page' });
    await page.locator('.search-page-list li a').first().waitFor();
    expect(await page.locator('.search-page-list li a').first().getAttribute('href')).toMatch(/^\/en\/docs\/faqs\/deepl-limit\/?([?#]|$)/);
    await context.close();
  });

  it("on a host with one not-found page for the whole site (GitHub Pages), the Chinese one at an English address leads to the English home, not back to itself", async () => {
    const { context, page } = await newPage(site);
    await page.route(`${site.url}/en/docs/no-such-page*`, (route) => route.fulfill({ status: 404, path: join(site.dist, '404.html'), contentType: 'text/html; charset=utf-8' }));
    await gotoHydrated(page, `${site.url}/en/docs/no-such-page?x=1`);
    expect(await page.locator('main h1').textContent()).toBe('找不到页面');
    await poll(async () => (await page.locator('.locale-switch a[hreflang="zh-CN"]').getAttribute('href')) === '/docs/no-such-page?x=1', { message: 'Chinese form of the path' });
    expect(await page.locator('.locale-switch a[hreflang="en"]').getAttribute('href')).toBe('/en/');
    await page.locator('.locale-switch summary').click();
    await page.locator('.locale-switch a[hreflang="en"]').click();
    await poll(async () => new URL(page.url()).pathname === '/en/' && (await page.locator('html').getAttribute('lang')) === 'en', { message: 'the English home' });
    await context.close();
  });

  it('opens and closes the mobile panel, forced closed above 996 px', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, site.url + DOC);
    const panel = page.locator('.navbar-sidebar');
    expect(await panel.isVisible()).toBe(false);
    expect(await page.locator('.navbar-links').isVisible()).toBe(false);
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible(), { message: 'panel open' });
    // The panel holds the ten section links and, on a docs page, its sidebar.
    expect(await panel.locator('nav').first().locator('a').count()).toBe(10);
    expect(await panel.locator('a[aria-current="page"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await poll(async () => !(await panel.isVisible()), { message: 'closed by Escape' });
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible());
    // 997 px: the first desktop width.
    await page.setViewportSize({ width: 997, height: 844 });
    await poll(() => page.evaluate(() => !(document.querySelector('.navbar-mobile') as HTMLDetailsElement).open), { message: 'forced closed' });
    // The row of ten section links fits without scrolling there.
    const row = await page.locator('.navbar-link-list').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, links: el.querySelectorAll('a').length }));
    expect(row.links).toBe(10);
    expect(row.scroll).toBeLessThanOrEqual(row.client);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    expect(await panel.isVisible()).toBe(false);
    // A link in the panel navigates and closes it.
    await page.locator('.navbar-toggle').click();
    await poll(() => panel.isVisible());
    await panel.locator('a[href="/en/docs/business"]').click();
    await poll(async () => new URL(page.url()).pathname === '/en/docs/business' && !(await panel.isVisible()), { message: 'navigated and closed' });
    await context.close();
  });

  it('shows the whole site name beside the bar\'s buttons on a 320 px phone, each button still a 36 px target', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 320, height: 640 } });
    for (const path of ['/', '/en/']) {
      await gotoHydrated(page, site.url + path);
      const title = await page.locator('.navbar-inner > .navbar-brand .navbar-title').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(title.scroll, path).toBeLessThanOrEqual(title.client);
      const buttons = await page.locator('.navbar-inner .navbar-icon-button:visible, .navbar-inner summary:visible').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height, right: r.right })));
      expect(buttons.length, path).toBeGreaterThanOrEqual(4);
      for (const b of buttons) {
        expect(Math.min(b.w, b.h), path).toBeGreaterThanOrEqual(36);
        expect(b.right, path).toBeLessThanOrEqual(320);
      }
    }
    await context.close();
  });

  it('lists every post, grouped by year, in the mobile panel of blog pages', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/blog`);
    // The desktop blog sidebar is hidden on a phone: the panel carries the same links.
    expect(await page.locator('.blog-sidebar').isVisible()).toBe(false);
    await page.locator('.navbar-toggle').click();
    const posts = page.locator('.navbar-sidebar .navbar-blog-posts');
    await poll(() => posts.isVisible(), { message: 'panel with the posts' });
    const years = await posts.locator('.blog-sidebar-heading').allTextContents();
    expect(years[0]).toBe('2025');
    expect(years.at(-1)).toBe('2021');
    const total = await page.evaluate(async () => {
      const data = await (await fetch('/en/blog/archive/page-data.json')).json();
      return (data.data.years as { posts: unknown[] }[]).reduce((n, y) => n + y.posts.length, 0);
    });
    expect(await posts.locator('a').count()).toBe(total);
    await posts.locator('a').nth(1).click();
    await poll(async () => (await page.locator('.post-header').count()) === 1 && !(await posts.isVisible()), { message: 'post opened, panel closed' });
    await context.close();
  });

  it('animates a sidebar category for a time derived from its height, 1 ms under reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newPage(site, { reducedMotion });
      await gotoHydrated(page, site.url + DOC);
      const category = page.locator('.doc-sidebar .menu-category:not([open])').first();
      const heights = await category.evaluate(async (details) => {
        const body = details.querySelector('.collapsible-body') as HTMLElement;
        const seen: string[] = [];
        (details.querySelector('summary') as HTMLElement).click();
        const start = performance.now();
        while (performance.now() - start < 600) {
          seen.push(body.style.transition);
          await new Promise((r) => requestAnimationFrame(r));
        }
        return { transitions: seen, open: (details as HTMLDetailsElement).open, height: body.getBoundingClientRect().height };
      });
      expect(heights.open).toBe(true);
      expect(heights.height).toBeGreaterThan(0);
      const duration = heights.transitions.map((t) => /height (\d+)ms/.exec(t)?.[1]).find(Boolean);
      if (reducedMotion === 'reduce') expect(duration ?? '1').toBe('1');
      else expect(Number(duration)).toBeGreaterThan(100);
      await context.close();
    }
  });

  it('fits the sticky sidebars to the space under the navbar as the header rows scroll away, with and without scroll-driven animations', async () => {
    // Firefox has no scroll timelines: its CSS.supports says so, and no such animation runs.
    const withoutTimelines = () => {
      const supports = CSS.supports.bind(CSS);
      CSS.supports = ((...args: [string, string?]) => (/animation-timeline/.test(args.join(' ')) ? false : supports(...(args as [string])))) as typeof CSS.supports;
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '.doc-sidebar-nav, .blog-sidebar-nav, .toc-inner { animation: none !important; }';
        document.head.append(style);
      });
    };
    const bottoms = (page: Page, selector: string) => page.evaluate((s) => {
      const nav = document.querySelector(s)!;
      return { bottom: Math.round(nav.getBoundingClientRect().bottom), overflows: nav.scrollHeight > nav.clientHeight, viewport: innerHeight };
    }, selector);
    for (const timelines of [true, false]) {
      // A window shorter than either sidebar, so that each can grow by the whole of the header rows.
      const { context, page } = await newPage(site, { viewport: { width: 1280, height: 600 } });
      if (!timelines) await page.addInitScript(withoutTimelines);
      for (const [path, selector] of [[DOC, '.doc-sidebar-nav'], ['/en/blog', '.blog-sidebar-nav']] as const) {
        await gotoHydrated(page, site.url + path);
        expect(await page.evaluate(() => document.documentElement.classList.contains('sg-no-scroll-timeline'))).toBe(!timelines);
        // At the top, the header rows take their height from the sidebar: its end is on screen.
        const top = await bottoms(page, selector);
        expect(top.overflows, `${path} has a sidebar taller than the screen`).toBe(true);
        expect(top.bottom).toBeLessThanOrEqual(top.viewport);
        // Scrolled past them, it reaches the bottom of the window (it had stopped 85 px short in Firefox).
        await page.evaluate(() => window.scrollTo(0, 600));
        await poll(async () => (await bottoms(page, selector)).bottom === top.viewport, { message: `${path} ${selector} reaches the bottom (${timelines ? 'with' : 'without'} scroll timelines)` });
        // And back at the top, it fits again.
        await page.evaluate(() => window.scrollTo(0, 0));
        await poll(async () => (await bottoms(page, selector)).bottom === top.bottom, { message: `${path} ${selector} fits at the top again` });
      }
      await context.close();
    }
  });

  it('highlights the heading being read in the table of contents', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.evaluate(() => document.getElementById('permissions')!.scrollIntoView());
    await poll(async () => (await page.locator('.toc .toc-link.active').getAttribute('href')) === '#permissions', { message: 'scroll-spy' });
    await context.close();
  });

  it('searches from the navbar box (Ctrl+K), with a No results state', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.keyboard.press('Control+k');
    await poll(() => page.evaluate(() => document.activeElement?.classList.contains('search-input')), { message: 'focused by Ctrl+K' });
    await page.keyboard.type('deepl');
    await poll(async () => (await page.locator('.search-option').count()) > 0, { message: 'results', timeout: 10_000 });
    expect(await page.locator('.search-option').count()).toBeLessThanOrEqual(8);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(async () => new URL(page.url()).pathname.includes('deepl'), { message: 'opened the first result' });
    await page.locator('.search-input').fill('zzqxjv');
    await poll(async () => (await page.locator('.search-status').textContent()) === 'No results', { message: 'No results' });
    await context.close();
  });

  it('adds a copy button to code blocks', async () => {
    const { context, page } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    const button = page.locator('.code-block .copy-button').first();
    await poll(() => button.count(), { message: 'copy button' });
    await page.locator('.code-block').first().hover();
    await button.click();
    await poll(async () => (await button.textContent()) === 'Copied', { message: 'copied' });
    // The button's name stays "Copy the code…": the confirmation is read out by the live region.
    await poll(async () => (await page.locator('#sg-announcer').textContent()) === 'Copied', { message: 'Copied read out' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('.code-block pre').first().textContent());
    // The language label sits above the first line of code, never over it.
    const overlaps = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.code-block[data-lang]')].filter((block) => {
        const label = getComputedStyle(block, '::after');
        const line = block.querySelector('.line');
        if (!line || label.display === 'none') return false;
        const labelBottom = block.getBoundingClientRect().top + parseFloat(label.top) + parseFloat(label.height);
        return labelBottom > line.getBoundingClientRect().top;
      }).length,
    );
    expect(overlaps).toBe(0);
    await context.close();
  });

  it('puts the copy button at the top of the code, under the title of a titled block as at the top of an untitled one', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    await poll(() => page.locator('.code-block .copy-button').count(), { message: 'copy buttons' });
    const blocks = page.locator('.code-block');
    const placed: { titled: boolean; fromTop: number; fromRight: number }[] = [];
    for (let i = 0; i < (await blocks.count()); i++) {
      await blocks.nth(i).hover();
      placed.push(
        await blocks.nth(i).evaluate((block) => {
          const code = block.querySelector('pre')!.getBoundingClientRect();
          const button = block.querySelector('.copy-button')!.getBoundingClientRect();
          return { titled: !!block.querySelector('.code-title'), fromTop: Math.round(button.top - code.top), fromRight: Math.round(code.right - button.right) };
        }),
      );
    }
    const titled = placed.filter((p) => p.titled);
    const untitled = placed.find((p) => !p.titled)!;
    expect(titled.length).toBeGreaterThan(0);
    // The same offset from the code's top right corner: in the code area, clear of the title bar.
    for (const p of titled) expect({ fromTop: p.fromTop, fromRight: p.fromRight }).toEqual({ fromTop: untitled.fromTop, fromRight: untitled.fromRight });
    expect(untitled.fromTop).toBeGreaterThan(0);
    await context.close();
  });

  it('leaves a gap after the last character of a long code line scrolled to its end', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    const gaps = await page.locator('.code-block pre').evaluateAll((pres) =>
      pres
        .filter((pre) => pre.scrollWidth > pre.clientWidth)
        .map((pre) => {
          pre.scrollLeft = pre.scrollWidth;
          const ends = [...pre.querySelectorAll('.line')].map((line) => {
            const range = document.createRange();
            range.selectNodeContents(line);
            return range.getBoundingClientRect().right;
          });
          const end = Math.max(...ends);
          // What Chromium shows, and the gap that the scrolled code itself holds: Firefox and Safari
          // scroll no further than the content, leaving out the pre's own end padding.
          return { shown: Math.round(pre.getBoundingClientRect().right - end), content: Math.round(pre.querySelector('code')!.getBoundingClientRect().right - end) };
        }),
    );
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      expect(gap.shown).toBeGreaterThanOrEqual(15);
      expect(gap.content).toBeGreaterThanOrEqual(15);
    }
    await context.close();
  });

  it('shows highlighted lines as bands across the block and numbers lines without copying the numbers', async () => {
    const { context, page } = await newPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    const block = page.locator('.code-block.line-numbers').first();
    const lines = await block.evaluate((el) => {
      const pre = el.querySelector('pre')!.getBoundingClientRect();
      return [...el.querySelectorAll<HTMLElement>('.line')].map((line) => {
        const box = line.getBoundingClientRect();
        return { number: getComputedStyle(line, '::before').content, background: getComputedStyle(line).backgroundColor, left: Math.round(box.left - pre.left), right: Math.round(pre.right - box.right), highlighted: line.classList.contains('highlighted') };
      });
    });
    expect(new Set(lines.map((l) => l.number))).toEqual(new Set(['counter(line)']));
    expect(lines.filter((l) => l.highlighted).length).toBe(3);
    const plain = lines.find((l) => !l.highlighted)!;
    for (const band of lines.filter((l) => l.highlighted)) {
      // A band of its own colour from the block's left edge to its right one (the block does not scroll at this width).
      expect(band.background).not.toBe(plain.background);
      expect(band.left).toBeLessThanOrEqual(1);
      expect(band.right).toBeLessThanOrEqual(1);
    }
    // The numbers are on screen, not in the text: a copy takes the command alone.
    expect(await block.locator('pre').textContent()).toMatch(/^curl https:\/\/api\.example\.com/);
    await block.hover();
    await block.locator('.copy-button').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl https:\/\/api\.example\.com\/v1\/chat\/completions \\\n  -H/);
    await context.close();
  });

  it("shows an author's name that leads to their page as a link, as the content's links are, in light and dark", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(site, { colorScheme });
      await gotoHydrated(page, `${site.url}/en/blog/2025/11/04/version-12-beta`);
      const looks = await page.evaluate(() => {
        const style = (el: Element) => {
          const s = getComputedStyle(el);
          return { color: s.color, line: s.textDecorationLine, decoration: s.textDecorationColor };
        };
        // A link of the content, set beside the author's for the comparison.
        const link = document.querySelector('.markdown')!.appendChild(Object.assign(document.createElement('a'), { href: '#x', textContent: 'x' }));
        return { author: style(document.querySelector('a.post-author-name')!), content: style(link), text: getComputedStyle(document.querySelector('h1')!).color };
      });
      expect(looks.author, colorScheme).toEqual(looks.content);
      expect(looks.author.line, colorScheme).toBe('underline');
      expect(looks.author.color, colorScheme).not.toBe(looks.text);
      await context.close();
    }
  });
});
