// Layout on a phone (390 px): nothing wider than the screen, content tables that fit when they can, the folded table of contents, the brand,
// inline code broken over lines, the page dimmed around search results, the shaded edges of a table that scrolls; and a desktop table with long identifiers.
// Then a site of stress content (a 60-letter word in titles and labels): nothing it holds widens a column or the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { configSource, md } from '../helpers/site.js';
import { gotoHydrated, hasChromium, newPage, poll, REPO, useFixtureSite, useSite } from './helpers/site.js';

const PHONE = { width: 390, height: 844 };

/** The red, green and blue of a 1×1 PNG screenshot (8-bit RGB or RGBA, one filter byte before the pixel). */
function pixelOf(png: Buffer): number[] {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  return [...inflateSync(Buffer.concat(idat)).subarray(1, 4)];
}

describe.skipIf(!hasChromium)('layout on a phone', () => {
  const site = useSite();

  it('is never wider than the screen: long URLs and identifiers wrap, wide tables and code scroll in their boxes', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    const paths = [
      '/en/docs/services/tongyi', // a 55-character URL in inline code
      '/en/docs/services/custom-api', // code blocks with long lines
      '/en/docs/services/tencent', // identifiers such as UnsupportedOperation.UnsupportedLanguage in a table
      '/en/reportcentral/AFNInventoryReportByCountry/1', // an eight-column table
      '/blog/2025/11/04/version-12-beta', // a bare URL in Chinese text
      '/en/search?q=deepl',
    ];
    for (const path of paths) {
      await gotoHydrated(page, site.url + path);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
    }
    await context.close();
  });

  it('breaks a table\'s long identifiers after their dots, so on a desktop the table fits its box and no column is squeezed', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    // UnsupportedOperation.UnsupportedLanguage unbroken pushed the table 5 px past its box and left the
    // Cause column a word a line wide.
    await gotoHydrated(page, `${site.url}/en/docs/services/tencent`);
    const table = await page.locator('.table-wrap', { hasText: 'UnsupportedOperation' }).evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      narrowest: Math.min(...[...el.querySelectorAll('tr:first-child > *')].map((cell) => cell.getBoundingClientRect().width)),
    }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    expect(table.narrowest).toBeGreaterThan(150);
    await context.close();
  });

  it('ends no Chinese paragraph on a line of a single character', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // Three paragraphs of this page ended on one character alone before text-wrap: pretty.
    await gotoHydrated(page, `${site.url}/docs/faqs/edge-boot`);
    const lastLines = await page.locator('.markdown p').evaluateAll((paragraphs) =>
      paragraphs.map((p) => {
        const range = document.createRange();
        let bottom = -1;
        let line = '';
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const text = walker.currentNode as Text;
          for (let i = 0; i < text.length; i++) {
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            const box = range.getBoundingClientRect();
            if (!box.width) continue;
            if (Math.round(box.bottom) > bottom + 2) [bottom, line] = [Math.round(box.bottom), ''];
            line += text.data[i];
          }
        }
        return line;
      }),
    );
    expect(lastLines.length).toBeGreaterThan(5);
    const single = lastLines.filter((line) => line.replace(/[\s。，、；：！？）」”]/g, '').length <= 1);
    expect(single).toEqual([]);
    await context.close();
  });

  it('sets the not-found page\'s three ways back on one line on a desktop, in both languages', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    for (const path of ['/en/no-such-page', '/no-such-page']) {
      await gotoHydrated(page, site.url + path);
      const tops = await page.locator('.not-found-links a').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(tops.length, path).toBe(3);
      expect(new Set(tops).size, path).toBe(1);
    }
    await context.close();
  });

  it('sets the home page\'s four cards four, two or one to a row, never three and one alone, and the footer\'s brand above its columns below a desktop', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    // Rows and columns: as many cards in each row (3 and 1 is two rows too, over three columns).
    const rows = (selector: string) =>
      page.locator(selector).evaluateAll((cards) => {
        const count = (side: 'top' | 'left') => new Set(cards.map((c) => Math.round(c.getBoundingClientRect()[side]))).size;
        return count('top') * count('left') === cards.length ? count('top') : -1;
      });
    for (const [width, expected] of [[390, 4], [768, 2], [1024, 2], [1280, 1]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, site.url + '/');
      expect(await rows('.feature-grid > *'), `features at ${width}`).toBe(expected);
      expect(await rows('.more-grid > *'), `more at ${width}`).toBe(expected);
      const footer = await page.evaluate(() => {
        const brand = document.querySelector('.footer-brand')!.getBoundingClientRect();
        const columns = [...document.querySelectorAll('.footer-inner > :not(.footer-brand)')].map((c) => Math.round(c.getBoundingClientRect().top));
        return { belowBrand: columns.every((top) => top >= brand.bottom), oneRow: new Set(columns).size === 1 };
      });
      if (width === 768) expect(footer, `footer at ${width}`).toEqual({ belowBrand: true, oneRow: true });
    }
    await context.close();
  });

  it('starts a home panel\'s link that wraps to its own line at the panel\'s edge, at 640 px (a desktop zoomed to 200 %) and on a phone', async () => {
    for (const width of [640, 390]) {
      const { context, page } = await newPage(site, { viewport: { width, height: 900 } });
      await gotoHydrated(page, `${site.url}/en/`);
      // The history panel's two links: "What's new" wrapped under "Read the history", 1rem to the right of it.
      const links = await page.locator('.home-panel', { has: page.locator('a + a') }).locator('a').evaluateAll((as) =>
        as.map((a) => ({ left: Math.round(a.getBoundingClientRect().left), top: Math.round(a.getBoundingClientRect().top) })),
      );
      expect(links.length, `${width}`).toBe(2);
      expect(links[1].top, `${width}: the links share a line`).toBeGreaterThan(links[0].top);
      expect(links[1].left, `${width}`).toBe(links[0].left);
      await context.close();
    }
  });

  it('gives a desktop with the browser\'s text size at 200 % the one-column layout, not a column of a few words between the sidebar and the contents', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    // Chromium's text size setting (not zoom: the viewport stays 1280 px wide). With the breakpoints in
    // px, the sidebar and the table of contents, sized in rem, left the article 80 px.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await gotoHydrated(page, `${site.url}/en/docs/guides/nobtn`);
    const layout = await page.evaluate(() => ({
      article: document.querySelector('article')!.getBoundingClientRect().width,
      sidebar: document.querySelector('.doc-sidebar')?.getBoundingClientRect().width ?? 0,
    }));
    expect(layout.article).toBeGreaterThan(1000);
    expect(layout.sidebar).toBe(0);
    expect(await page.locator('.navbar-toggle').isVisible()).toBe(true);
    await context.close();
  });

  it('dims the page around the search results on a phone, but not the search field\'s row', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE, colorScheme: 'light' });
    await gotoHydrated(page, `${site.url}/en/docs/faqs/safe`);
    const spot = async (y: number) => pixelOf(await page.screenshot({ clip: { x: 2, y, width: 1, height: 1 } }));
    await page.locator('.search-toggle').click();
    const row = await page.locator('.search.expanded .search-form').boundingBox();
    const before = { row: await spot(row!.y + row!.height / 2), page: await spot(800) };
    await page.locator('.search-input').fill('deepl');
    await page.locator('.search-options li').first().waitFor();
    const after = { row: await spot(row!.y + row!.height / 2), page: await spot(800) };
    expect(after.row).toEqual(before.row);
    // The page's white background under 40 % black: about 153 of 255.
    for (const [i, value] of after.page.entries()) expect(value, `channel ${i}`).toBeLessThan(before.page[i]! * 0.75);
    await context.close();
  });

  it('shades the edge of a table where it goes on sideways, and not the end it has reached', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE, colorScheme: 'light' });
    await gotoHydrated(page, `${site.url}/en/docs/services/tencent`);
    const wrap = page.locator('.table-wrap', { hasText: 'UnsupportedOperation' });
    await wrap.scrollIntoViewIfNeeded();
    // In a body row's top padding (no text there), just inside each side of the box.
    const spots = async () => {
      const box = await wrap.evaluate((el) => {
        const r = el.getBoundingClientRect();
        // A row below the sticky navbar.
        const row = [...el.querySelectorAll('tbody tr')].find((tr) => tr.getBoundingClientRect().top > 120)!;
        return { left: r.left, right: r.right, y: row.getBoundingClientRect().top + 3 };
      });
      const at = async (x: number) => pixelOf(await page.screenshot({ clip: { x, y: box.y, width: 1, height: 1 } }));
      return { left: await at(box.left + 3), right: await at(box.right - 4) };
    };
    const white = [255, 255, 255];
    const start = await spots();
    expect(start.left).toEqual(white);
    expect(Math.max(...start.right)).toBeLessThan(250);
    await wrap.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const end = await spots();
    expect(Math.max(...end.left)).toBeLessThan(250);
    expect(end.right).toEqual(white);
    await context.close();
  });

  it('fades a desktop sidebar out along its bottom edge by as much of it as lies below (up to 40 px), none at its end, and along its top edge by as much as lies above', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const fade = (selector: string) =>
      page.locator(selector).evaluate((el) => ({
        fade: parseFloat(getComputedStyle(el).getPropertyValue('--sg-more-below')),
        top: parseFloat(getComputedStyle(el).getPropertyValue('--sg-more-above')),
        below: el.scrollHeight - el.clientHeight - el.scrollTop,
        mask: getComputedStyle(el).maskImage,
      }));
    // Services: a sidebar far longer than the window, which ended mid-label ("AI models" cut in half).
    await gotoHydrated(page, `${site.url}/en/docs/services/deepl`);
    const start = await fade('.doc-sidebar-nav');
    expect(start.below).toBeGreaterThan(200);
    expect(start.fade).toBe(40);
    expect(start.mask).toContain('linear-gradient');
    // The current page's link is high in the list: the column has not scrolled, and its top is sharp.
    expect(await page.locator('.doc-sidebar-nav').evaluate((el) => el.scrollTop)).toBe(0);
    expect(start.top).toBe(0);
    await page.locator('.doc-sidebar-nav').evaluate((el) => (el.scrollTop = 20));
    await poll(async () => Math.abs((await fade('.doc-sidebar-nav')).top - 20) <= 1, { message: 'a top fade of the 20 px above' });
    await page.locator('.doc-sidebar-nav').evaluate((el) => (el.scrollTop = el.scrollHeight - el.clientHeight - 20));
    await poll(async () => Math.abs((await fade('.doc-sidebar-nav')).fade - 20) <= 1, { message: 'a fade of the 20 px left' });
    expect((await fade('.doc-sidebar-nav')).top).toBe(40);
    await page.locator('.doc-sidebar-nav').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await poll(async () => (await fade('.doc-sidebar-nav')).fade === 0, { message: 'no fade at the end' });
    // The blog's sidebar, which lists every post.
    await gotoHydrated(page, `${site.url}/en/blog`);
    expect(await fade('.blog-sidebar-nav')).toMatchObject({ fade: 40 });
    // A sidebar that fits the window whole does not fade.
    await page.setViewportSize({ width: 1280, height: 4000 });
    await poll(async () => (await fade('.blog-sidebar-nav')).fade === 0, { message: 'no fade when it all fits' });
    await context.close();
  });

  it('shows the current page\'s link, the current post\'s and the heading being read whole above the fade, and fades nothing while the keyboard is in a column', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    /** How far above the column's bottom fade its item ends, and below its top fade it starts (negative: faded, or out of view). */
    const clearance = (column: string, item: string) =>
      page.locator(column).evaluate((el, item) => {
        const link = el.querySelector(item)!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        const fade = parseFloat(getComputedStyle(el).getPropertyValue('--sg-more-below'));
        const top = parseFloat(getComputedStyle(el).getPropertyValue('--sg-more-above'));
        return { above: Math.round(box.top + el.clientHeight - fade - link.bottom), below: Math.round(link.top - box.top - top) };
      }, item);
    // A two-line label that loaded 39 px deep in the fade.
    await gotoHydrated(page, `${site.url}/en/docs/faqs/uninstall-data`);
    expect((await clearance('.doc-sidebar-nav', '.menu-link.active')).above).toBeGreaterThanOrEqual(0);
    // An old post, whose link was 1,400 px below the column's fold.
    await gotoHydrated(page, `${site.url}/en/blog/2021/01/28/chrome-update-tab-crashes`);
    const post = await clearance('.blog-sidebar-nav', '.menu-link.active');
    expect(post.above).toBeGreaterThanOrEqual(0);
    expect(post.below).toBeGreaterThanOrEqual(0);
    // A changelog's long table of contents follows the heading being read.
    await gotoHydrated(page, `${site.url}/en/docs/log/v10`);
    await page.evaluate(() => window.scrollTo(0, 4200));
    await poll(async () => (await clearance('.toc-inner', '.toc-link.active').catch(() => ({ above: -1, below: -1 }))).above >= 0, { message: 'the heading being read, shown in the table of contents' });
    expect((await clearance('.toc-inner', '.toc-link.active')).below).toBeGreaterThanOrEqual(0);
    // Tab into the sidebar: while the focus is in it, nothing of it fades.
    await gotoHydrated(page, `${site.url}/en/docs/services/deepl`);
    const mask = () => page.locator('.doc-sidebar-nav').evaluate((el) => getComputedStyle(el).maskImage);
    expect(await mask()).toContain('linear-gradient');
    await page.locator('.doc-sidebar-nav .menu-link').first().focus();
    await page.keyboard.press('Tab');
    expect(await mask()).toBe('none');
    await context.close();
  });

  it('shades the edge of a code block where its lines go on sideways, and not the end it has reached', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE, colorScheme: 'dark' });
    await gotoHydrated(page, `${site.url}/docs/services/ollama`);
    const pre = page.locator('.code-block pre', { hasText: 'OLLAMA_ORIGINS' }).first();
    await pre.scrollIntoViewIfNeeded();
    expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // In the block's top padding (no text there), just inside each side.
    const spots = async () => {
      const box = await pre.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, y: r.top + 4 };
      });
      const at = async (x: number) => pixelOf(await page.screenshot({ clip: { x, y: box.y, width: 1, height: 1 } }));
      const sum = (rgb: number[]) => rgb.reduce((a, b) => a + b, 0);
      return { left: sum(await at(box.left + 3)), right: sum(await at(box.right - 4)) };
    };
    const start = await spots();
    expect(start.right, 'a shade at the right, where the lines go on').not.toBe(start.left);
    await pre.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const end = await spots();
    expect(end.left, 'a shade at the left once scrolled to the end').not.toBe(end.right);
    expect(end.right, 'none at the end reached').toBe(start.left);
    await context.close();
  });

  it('wraps table headers, so a three-column table fits without scrolling sideways', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // "Windows / Linux" kept on one line used to push the table 36 px past its box.
    await gotoHydrated(page, `${site.url}/en/docs/faqs/shortcut-keys`);
    const table = await page.locator('.table-wrap').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    // The DeepL plans fit with the endpoints' code wrapping after its dots (api-free. / deepl.com), and the
    // Ollama models with cells of 6rem and narrower padding (7rem pushed it 54 px past its box).
    await gotoHydrated(page, `${site.url}/en/docs/services/deepl`);
    const plans = await page.locator('.table-wrap').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, code: [...el.querySelectorAll('code')].find((c) => c.textContent === 'api-free.deepl.com')!.getClientRects().length }));
    expect(plans.scroll).toBeLessThanOrEqual(plans.client);
    expect(plans.code).toBe(2);
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    for (const wrap of await page.locator('.table-wrap').all()) {
      const box = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll).toBeLessThanOrEqual(box.client);
    }
    await context.close();
  });

  it('folds the table of contents under the sidebar\'s chevron, turned down when open, not the browser\'s triangle', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    await gotoHydrated(page, `${site.url}/en/docs/faqs/safe`);
    const summary = page.locator('.toc-collapsible > summary');
    const look = () =>
      summary.evaluate((el) => ({
        display: getComputedStyle(el).display,
        caret: getComputedStyle(el.querySelector('.toc-caret')!).transform,
      }));
    // A summary that is not a list item has no marker.
    expect(await look()).toEqual({ display: 'flex', caret: 'none' });
    await summary.click();
    await poll(async () => (await look()).caret === 'matrix(0, 1, -1, 0, 0, 0)', { message: 'caret turned down' });
    await context.close();
  });

  it('drops the product mark from the bar\'s brand but keeps it in the menu panel\'s head', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    await gotoHydrated(page, `${site.url}/en/docs/faqs/safe`);
    expect(await page.locator('.navbar-inner > .navbar-brand .logo').isVisible()).toBe(false);
    await page.locator('.navbar-toggle').click();
    await poll(() => page.locator('.navbar-sidebar-head .logo').isVisible(), { message: 'the mark in the panel head' });
    await context.close();
  });

  it('closes each part of an inline code split over two lines into a box of its own', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    // "base URL/chat/completions" breaks at its space at this width.
    const code = await page.locator('.markdown li code', { hasText: 'base URL/chat/completions' }).evaluate((el) => ({
      parts: el.getClientRects().length,
      decoration: getComputedStyle(el).boxDecorationBreak,
    }));
    expect(code).toEqual({ parts: 2, decoration: 'clone' });
    await context.close();
  });

  it('draws curly quotes full-width on Chinese pages and narrow on English ones', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // The width of the heading's opening quote, in ems of its font size.
    const quoteWidth = () =>
      page.locator('h1').first().evaluate((h1) => {
        const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf('\u201c');
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          return range.getBoundingClientRect().width / parseFloat(getComputedStyle(h1).fontSize);
        }
        return null;
      });
    await gotoHydrated(page, `${site.url}/search?q=${encodeURIComponent('截图')}`);
    const zh = await quoteWidth();
    expect(zh).toBeGreaterThan(0.9);
    await gotoHydrated(page, `${site.url}/en/search?q=deepl`);
    const en = await quoteWidth();
    expect(en).toBeLessThan(0.75);
    await context.close();
  });
});

/** A word of 60 letters, with no place to break. */
const LONG = 'Supercalifragilisticexpialidociousantidisestablishmentarian'.padEnd(60, 'x');

/** A table of twelve columns, each headed by two words. */
const TWELVE_COLUMNS = [
  `| ${Array.from({ length: 12 }, (_, i) => `Column header${i + 1}`).join(' | ')} |`,
  `|${'---|'.repeat(12)}`,
  `| ${Array.from({ length: 12 }, (_, i) => `value ${i + 1} text`).join(' | ')} |`,
].join('\n');

const STRESS: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
  'content/sidebars.yaml': `main:\n  - intro\n  - long\n  - label: "Category ${LONG}"\n    collapsed: false\n    items: [deep]\n`,
  // The browser asks for it: without it, a 404 in the console.
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/intro.md': md({ title: 'Intro', description: 'd' }, `\`\`\`js title="src/${'folder'.repeat(12)}/config.js"\nconst x = 1;\n\`\`\`\n`),
  'content/zh-Hans/docs/long.md': md({ title: `Title ${LONG} end`, description: 'd' }, '## First\n\nText.\n\n## Second\n\nText.\n'),
  'content/zh-Hans/docs/deep.md': md({ title: 'Deep', description: 'd' }, `${TWELVE_COLUMNS}\n\n:::details The answer\n\nHidden until opened.\n\n:::\n`),
  'content/zh-Hans/blog/2025-01-01-long.md': md({ title: `Post ${LONG} end`, description: 'd' }),
};

describe.skipIf(!hasChromium)('layout with stress content', () => {
  const site = useFixtureSite(STRESS, 'sitegen-stress-');

  it('wraps a sidebar label\'s long word in the column, not past its edge where the column clipped it', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/docs/intro`);
    const nav = await page.locator('.doc-sidebar-nav').evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: Math.max(...[...el.querySelectorAll('.menu-link')].map((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return range.getBoundingClientRect().right;
      })),
      edge: el.getBoundingClientRect().right,
    }));
    expect(nav.scroll).toBeLessThanOrEqual(nav.client);
    expect(nav.right).toBeLessThanOrEqual(nav.edge);
    await context.close();
  });

  it('wraps a previous / next title\'s long word in its half, on a desktop, and in the screen\'s width on a phone', async () => {
    // On a phone the word widened the page to 595 px; on a desktop it took the next link past its half.
    const { context, page } = await newPage(site, { viewport: PHONE });
    for (const path of ['/docs/intro', '/docs/deep']) {
      await gotoHydrated(page, site.url + path);
      if (path === '/docs/intro') expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      const title = await page.locator('.paginator-title', { hasText: LONG.slice(0, 20) }).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const box = el.closest('a')!.getBoundingClientRect();
        return text.left >= box.left && text.right <= box.right;
      });
      expect(title, path).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${site.url}/docs/intro`);
    const halves = await page.locator('.paginator').evaluate((nav) => ({ nav: nav.getBoundingClientRect().width, next: nav.querySelector('.paginator-next')!.getBoundingClientRect().width }));
    expect(halves.next).toBeLessThanOrEqual(halves.nav / 2);
    await context.close();
  });

  it('wraps a breadcrumb\'s long word in the screen\'s width on a phone, its chevron kept whole', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // The category's 60-letter word widened the page to 453 px; a crumb that wrapped squeezed its chevron.
    for (const path of ['/docs/deep', '/docs/long']) {
      await gotoHydrated(page, site.url + path);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      const chevrons = await page.locator('.breadcrumbs-sep').evaluateAll((icons) => icons.map((icon) => Math.round(icon.getBoundingClientRect().width)));
      expect(chevrons.length, path).toBeGreaterThan(0);
      for (const width of chevrons) expect(width, path).toBe(14);
    }
    await context.close();
  });

  it('wraps a post title\'s long word in the blog\'s archive, on a phone', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    // The title's 60-letter word widened the page to 490 px.
    await gotoHydrated(page, `${site.url}/blog/archive`);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('prints every column of a twelve-column table on the paper', async () => {
    // An A4 page's width less its margins; the table ran 500 px past it (what is wider than the paper is cut off, or the whole document shrunk).
    const { context, page } = await newPage(site, { viewport: { width: 720, height: 900 } });
    await gotoHydrated(page, `${site.url}/docs/deep`);
    await page.emulateMedia({ media: 'print' });
    const widths = await page.locator('.markdown table').evaluate((table) => ({ table: table.getBoundingClientRect().right, page: document.documentElement.clientWidth }));
    expect(widths.table).toBeLessThanOrEqual(widths.page);
    await context.close();
  });

  it('wraps a code block\'s long title before its language label, not under it, on a phone', async () => {
    const { context, page } = await newPage(site, { viewport: PHONE });
    await gotoHydrated(page, `${site.url}/docs/intro`);
    const block = await page.locator('.code-block:has(.code-title)').evaluate((el) => {
      const label = getComputedStyle(el, '::after');
      const labelLeft = el.getBoundingClientRect().right - el.clientLeft - parseFloat(label.right === 'auto' ? label.paddingRight : label.right) - parseFloat(label.width);
      const range = document.createRange();
      range.selectNodeContents(el.querySelector('.code-title')!);
      const lines = [...range.getClientRects()];
      return { lines: lines.length, right: Math.max(...lines.map((r) => r.right)), labelLeft, label: label.content };
    });
    expect(block.label).toBe('"js"');
    expect(block.lines).toBeGreaterThan(1);
    // The title's text ran under the label ("…/with/a/ljs").
    expect(block.right).toBeLessThanOrEqual(block.labelLeft);
    await context.close();
  });

  it('keeps a focused link\'s outline whole in the desktop table of contents', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/docs/long`);
    // Tab to the first heading's link: its outline's left side was cut off by the column's scroll box.
    for (let i = 0; i < 100 && !(await page.evaluate(() => document.activeElement?.matches('.toc-link'))); i++) await page.keyboard.press('Tab');
    const cut = await page.evaluate(() => {
      const link = document.activeElement!;
      const style = getComputedStyle(link);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = link.getBoundingClientRect();
      const inner = link.closest('.toc-inner')!;
      const left = inner.getBoundingClientRect().left + inner.clientLeft;
      return { focusVisible: link.matches(':focus-visible'), left: box.left - reach - left, right: left + inner.clientWidth - (box.right + reach) };
    });
    expect(cut.focusVisible).toBe(true);
    expect(cut.left).toBeGreaterThanOrEqual(0);
    expect(cut.right).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it('prints the content of a closed details box', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 720, height: 900 } });
    await gotoHydrated(page, `${site.url}/docs/deep`);
    const shown = () => page.locator('.markdown details p').evaluate((p) => p.checkVisibility());
    expect(await shown(), 'closed on screen').toBe(false);
    await page.emulateMedia({ media: 'print' });
    // Paper cannot open it: its answer was left out of the print.
    expect(await shown(), 'printed').toBe(true);
    await context.close();
  });
});

/** A site with a third locale written right to left, drawn by sitegen's own theme. */
const RTL: Record<string, string> = {
  // The bundled site's home page (product), which links to docs this site does not have.
  'site.config.ts': configSource(
    `themeDir: ${JSON.stringify(join(REPO, 'theme'))}, product: { latestVersion: '1.2.3', firstRelease: 2013, years: 12, github: 'https://github.com/x/y' }, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`,
  ).replace(
    "en: { label: 'English', htmlLang: 'en' } }",
    "en: { label: 'English', htmlLang: 'en' }, ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' } }",
  ),
  'content/sidebars.yaml': 'main:\n  - intro\n  - next\n',
  'content/static/favicon.ico': '',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
  'content/zh-Hans/docs/next.md': md({ title: '下一页', description: 'd' }),
  'content/zh-Hans/blog/2025-01-01-hello.md': md({ title: '你好', description: 'd' }, '文字。\n\n<!-- truncate -->\n\n更多。\n'),
  // Listed on the Arabic pages in Chinese (it has no translation), a number first.
  'content/zh-Hans/blog/2024-11-01-sale.md': md({ title: '2025 双十一：会员和积分包优惠活动开始啦', description: 'd' }, '文字。\n'),
  'content/ar/docs/intro.md': md(
    { title: 'مقدمة', description: 'd' },
    '## القسم الأول\n\nنص عربي.\n\n- البند الأول\n- البند الثاني\n\n> اقتباس.\n\n```js\nfoo();\n```\n\n## القسم الثاني\n\nنص.\n',
  ),
  // A table of contents longer than the screen: it scrolls, and fades where more lies below.
  'content/ar/docs/next.md': md({ title: 'التالي', description: 'd' }, Array.from({ length: 40 }, (_, i) => `## القسم ${i + 1}\n\nنص.\n`).join('\n')),
  'content/ar/blog/2025-01-01-hello.md': md({ title: 'مرحبا', description: 'd' }, 'نص.\n\n<!-- truncate -->\n\nالمزيد.\n'),
};

describe.skipIf(!hasChromium)('layout of a locale written right to left', () => {
  const site = useFixtureSite(RTL, 'sitegen-rtl-');

  it('mirrors the page on a desktop: no sideways scroll, the controls at the far side, each column\'s rule and a quote\'s bar on the text\'s side, code left to right', async () => {
    // Before: the table of contents stuck 6 px out past the left edge (a sideways scroll), the sidebar's and the
    // table of contents' rules and the quote's bar were on the far side of their text, the navbar's controls sat
    // beside the brand, and `foo();` was set right to left, as `;foo()`.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/ar/docs/intro`);
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        width: document.scrollingElement!.scrollWidth,
        brand: box('.navbar-inner > .navbar-brand').left,
        controls: box('.navbar-end').right,
        sidebarRule: [style('.doc-sidebar').borderLeftWidth, style('.doc-sidebar').borderRightWidth],
        tocRule: [style('.toc-inner > .toc-list').borderLeftWidth, style('.toc-inner > .toc-list').borderRightWidth],
        quoteBar: [style('.markdown blockquote').borderLeftWidth, style('.markdown blockquote').borderRightWidth],
        code: style('.code-block').direction,
        // The search box's icon at the start of its text, the right.
        searchIcon: box('.search-form-icon').left - box('.search-input').left,
        searchWidth: box('.search-input').width,
      };
    });
    expect(layout.width).toBeLessThanOrEqual(1280);
    expect(layout.controls).toBeLessThan(layout.brand);
    expect(layout.sidebarRule).toEqual(['1px', '0px']);
    expect(layout.tocRule).toEqual(['0px', '1px']);
    expect(layout.quoteBar).toEqual(['0px', '4px']);
    expect(layout.code).toBe('ltr');
    expect(layout.searchIcon).toBeGreaterThan(layout.searchWidth / 2);
    await context.close();
  });

  it("marks the theme's English words added in the browser as English: a code block's Copy button, and what the live region reads out", async () => {
    // Before: the button and the region had no lang, so a screen reader read "Copy" and "Copied" as Arabic. The word is
    // in a left-to-right isolate, as the theme's English texts on a right-to-left page are.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/ar/docs/intro`);
    const button = page.locator('.code-block .copy-button').first();
    expect(await button.getAttribute('lang')).toBe('en');
    await button.click();
    await page.waitForFunction(() => document.getElementById('sg-announcer')!.textContent !== '');
    expect(await page.evaluate(() => [document.getElementById('sg-announcer')!.lang, document.getElementById('sg-announcer')!.textContent])).toEqual(['en', '\u2066Copied\u2069']);
    await context.close();
  });

  it('fades the table of contents\' rule at its bottom with its labels, its opaque strip down the left edge, where the scrollbar is', async () => {
    // Before: the strip kept for a scrollbar's arrows was down the right edge, as on a page written left to right: the
    // rule there (the list's start) ran on unfaded past the last, faded labels, and the scrollbar at the left faded out.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/ar/docs/next`);
    const { x, middle, bottom, scrolls } = await page.evaluate(() => {
      const inner = document.querySelector('.toc-inner')!;
      const list = inner.querySelector(':scope > .toc-list')!.getBoundingClientRect();
      const box = inner.getBoundingClientRect();
      return { x: list.right - 0.5, middle: box.top + box.height / 2, bottom: box.bottom - 2, scrolls: inner.scrollHeight > inner.clientHeight };
    });
    expect(scrolls).toBe(true);
    const at = async (y: number) => pixelOf(await page.screenshot({ clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 } }));
    const rule = await at(middle);
    const faded = await at(bottom);
    // The rule is grey on white in the middle; at the bottom it is all but gone.
    expect(Math.min(...rule)).toBeLessThan(235);
    expect(Math.min(...faded), `rule ${rule}, at the bottom ${faded}`).toBeGreaterThan(245);
    await context.close();
  });

  it('mirrors the home page: the demo\'s address bar beside its dots, its card under the selection, the space between two links after the first', async () => {
    // Before: margins and offsets set by left and right: the address bar touched the dots, the card was set in from
    // the left under the start of the line, the space between the panel's links was at the first one's far side,
    // and the Chinese sample sentence's full stop was at the left end of its line.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    const measure = () =>
      page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const dots = [...document.querySelectorAll('.demo-dot')].map((d) => d.getBoundingClientRect());
        const url = box('.demo-url');
        const pageBox = box('.demo-page');
        const card = box('.demo-card');
        const links = [...document.querySelectorAll('.home-panel a')].filter((a) => a.nextElementSibling?.tagName === 'A').map((a) => [a.getBoundingClientRect(), a.nextElementSibling!.getBoundingClientRect()]);
        const text = document.querySelector('.demo-text')!;
        const range = document.createRange();
        const last = text.lastChild!;
        range.setStart(last, last.textContent!.length - 1);
        range.setEnd(last, last.textContent!.length);
        const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
        const [left, right] = [card.left - pageBox.left, pageBox.right - card.right];
        return {
          rtl,
          urlToDots: Math.min(...dots.map((d) => Math.max(d.left - url.right, url.left - d.right))),
          cardIndent: rtl ? { start: right, end: left } : { start: left, end: right },
          linkGaps: links.map(([a, b]) => Math.max(a.left - b.right, b.left - a.right)),
          stopAfterSelection: range.getBoundingClientRect().left >= box('.demo-selected').right - 1,
        };
      });
    for (const path of ['/ar/', '/']) {
      await gotoHydrated(page, `${site.url}${path}`);
      const home = await measure();
      expect(home.rtl, path).toBe(path === '/ar/');
      expect(home.urlToDots, path).toBeGreaterThanOrEqual(12);
      expect(home.cardIndent.start, path).toBeGreaterThan(home.cardIndent.end);
      expect(home.linkGaps.length, path).toBeGreaterThan(0);
      for (const gap of home.linkGaps) expect(gap, path).toBeGreaterThanOrEqual(16);
      if (path === '/ar/') expect(home.stopAfterSelection).toBe(true);
    }
    await context.close();
  });

  it('reads the theme\'s English texts (the locale has none of its own) left to right and as English, drawn by the server or by the browser', async () => {
    // Before: the bidirectional algorithm laid them out right to left: "12 years of translating" read "years of translating 12".
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && message.text().includes('Hydration') && errors.push(message.text())));
    /** Whether the number of the history panel's heading ("12 years of translating") is left of its words. */
    const numberFirst = () =>
      page.evaluate(() => {
        const heading = [...document.querySelectorAll('.home-pair h2')].find((h) => h.textContent!.includes('years'))!;
        const text = heading.firstChild!;
        const rectOf = (word: string) => {
          const range = document.createRange();
          const at = text.textContent!.indexOf(word);
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          return range.getBoundingClientRect();
        };
        return rectOf('12').right <= rectOf('years').left;
      });
    await gotoHydrated(page, `${site.url}/ar/`);
    expect(await numberFirst()).toBe(true);
    // Drawn in the browser: a client-side navigation to the home page.
    await gotoHydrated(page, `${site.url}/ar/docs/intro`);
    /** The language of the element an English text is in, and of the page's own title. */
    const langs = (selector: string) => page.evaluate((s) => [s, '.navbar-brand'].map((one) => document.querySelector(one)!.closest<HTMLElement>('[lang]')!.lang), selector);
    // Before: lang="ar", inherited from <html>.
    expect(await langs('.toc-title')).toEqual(['en', 'ar']);
    await page.locator('.navbar-inner > .navbar-brand').click();
    await page.waitForSelector('.home-pair h2');
    expect(await numberFirst()).toBe(true);
    expect(await langs('.home-pair h2')).toEqual(['en', 'ar']);
    expect(await page.locator('.hero-title').evaluate((h) => h.closest<HTMLElement>('[lang]')!.lang)).toBe('ar');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays out a post title listed in another language (Chinese, untranslated) in its own direction, on the column\'s side', async () => {
    // Before: 「2025 双十一：…」 in the blog sidebar read 「双十一：… 2025」, the number moved to the line's far end.
    const { context, page } = await newPage(site, { viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, `${site.url}/ar/blog`);
    const link = await page.evaluate(() => {
      const a = [...document.querySelectorAll('.blog-sidebar .menu-link')].find((l) => l.textContent!.startsWith('2025'))!;
      const text = a.firstChild!;
      const rectOf = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(text, from);
        range.setEnd(text, to);
        return range.getClientRects()[0]!;
      };
      const all = document.createRange();
      all.selectNodeContents(a);
      const lines = [...all.getClientRects()];
      return { lang: a.getAttribute('lang'), number: rectOf(0, 4), word: rectOf(5, 8), lines: lines.length, last: lines.at(-1)!, link: a.getBoundingClientRect(), padding: parseFloat(getComputedStyle(a).paddingRight) };
    });
    expect(link.lang).toBe('zh-CN');
    expect(link.number.right).toBeLessThanOrEqual(link.word.left);
    // Its lines, the last (shorter) one too, end at the column's right, where the Arabic titles' do.
    expect(link.lines).toBeGreaterThan(1);
    expect(link.link.right - link.padding - link.last.right).toBeLessThan(2);
    await context.close();
  });

  it('points the arrows of a post list and of previous / next along the line, to the left', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `${site.url}/ar/blog`);
    expect(await page.locator('.read-more .icon').evaluate((el) => getComputedStyle(el).scale)).toBe('-1 1');
    await gotoHydrated(page, `${site.url}/ar/docs/intro`);
    expect(await page.locator('.paginator-next .icon').evaluate((el) => getComputedStyle(el).scale)).toBe('-1 1');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    // Not on a page written left to right.
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    expect(await page.locator('.paginator-next .icon').evaluate((el) => getComputedStyle(el).scale)).toBe('none');
    await context.close();
  });
});

/** The right-to-left site drawn by sitegen's theme with a project's copy of i18n/loaders.ts made before en.client.ts was: English loaded from en.ts. */
const RTL_OLD_LOADERS: Record<string, string> = {
  ...RTL,
  'site.config.ts': RTL['site.config.ts']!.replace(/themeDir: [^,]*,/g, ''),
  'theme/i18n/loaders.ts': readFileSync(join(REPO, 'theme/i18n/loaders.ts'), 'utf8').replace("en: () => import('./en.client.js')", "en: () => import('./en.js')"),
};

describe.skipIf(!hasChromium)('a right-to-left locale on a site whose copy of loaders.ts loads English from en.ts', () => {
  const site = useFixtureSite(RTL_OLD_LOADERS, 'sitegen-rtl-loaders-');

  it('hydrates its pages with the texts the server drew (before: React error 418, each page drawn again)', async () => {
    const { context, page, log } = await newPage(site);
    for (const path of ['/ar/', '/ar/docs/intro', '/ar/blog']) {
      await gotoHydrated(page, `${site.url}${path}`);
      // The browser's texts are en.ts's as they are: the server drew them so.
      expect(await page.locator('.toc-title, .skip-link').first().textContent(), path).not.toContain('\u2066');
    }
    expect(log.errors.filter((e) => e.includes('Hydration'))).toEqual([]);
    await context.close();
  });
});
