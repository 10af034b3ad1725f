// The site outside the screen's usual settings: printed, and in forced-colors (high-contrast) mode.
import { describe, expect, it } from 'vitest';
import { gotoHydrated, hasChromium, newPage, useSite } from './helpers/site.js';

/** The relative luminance of a computed `rgb(…)` colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe.skipIf(!hasChromium)('print and forced colours', () => {
  const site = useSite();

  it('prints a docs page as its text: dark ink in dark mode too, no site chrome, every code line and table column on the paper', async () => {
    // Paper width of A4 with the browser's margins: the phone layout.
    const { context, page } = await newPage(site, { viewport: { width: 718, height: 1000 } });
    await context.addInitScript(() => localStorage.setItem('sg-color-mode', 'dark'));
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const shown = (selector: string) => [...document.querySelectorAll(selector)].some((el) => getComputedStyle(el).display !== 'none');
      return {
        // Browsers leave backgrounds out of a print: the text is on white paper whatever the mode.
        text: getComputedStyle(document.querySelector('.markdown p')!).color,
        code: getComputedStyle(document.querySelector('.shiki span')!).color,
        chrome: ['.announcement', '.navbar-mobile', '.navbar-end', '.toc-collapsible', '.paginator', '.footer', '.copy-button'].filter(shown),
        // Each code block and table: how much of it a scroll box would have cut off at the paper's edge.
        cut: [...document.querySelectorAll('.code-block pre, .table-wrap')].map((box) => box.scrollWidth - box.clientWidth).filter((d) => d > 0),
      };
    });
    expect(luminance(printed.text)).toBeLessThan(0.1);
    expect(luminance(printed.code)).toBeLessThan(0.2);
    expect(printed.chrome).toEqual([]);
    expect(printed.cut).toEqual([]);
    // On screen the mode is still dark.
    await page.emulateMedia({ media: 'screen' });
    expect(luminance(await page.evaluate(() => getComputedStyle(document.querySelector('.markdown p')!).color))).toBeGreaterThan(0.5);
    await context.close();
  });

  it('prints every tab of a group under its label, and marks the chosen tab in forced-colors mode', async () => {
    const { context, page } = await newPage(site, { viewport: { width: 718, height: 1000 } });
    await gotoHydrated(page, `${site.url}/en/docs/services/ollama`);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => ({
      panels: [...document.querySelectorAll('.tabs-panel')].map((panel) => getComputedStyle(panel).display !== 'none' && getComputedStyle(panel, '::before').content),
      labels: [...document.querySelectorAll('.tabs-label')].filter((label) => getComputedStyle(label).display !== 'none').length,
    }));
    expect(printed).toEqual({ panels: ['"macOS"', '"Windows"', '"Linux"'], labels: 0 });
    await page.emulateMedia({ media: 'screen', forcedColors: 'active' });
    const underline = await page.evaluate(() => [...document.querySelectorAll('.tabs-label')].map((label) => getComputedStyle(label).borderBottomColor));
    expect(underline[0]).not.toBe(underline[1]);
    expect(underline[1]).toBe(underline[2]);
    await context.close();
  });

  it('shows in forced-colors mode what backgrounds and shadows show otherwise: the focused search box, the chosen result, the current section, highlighted code lines', async () => {
    const { context, page } = await newPage(site, { forcedColors: 'active' });
    await gotoHydrated(page, `${site.url}/en/docs/services/custom-api`);
    const marks = await page.evaluate(() => {
      const line = document.querySelector('.code-block .line.highlighted')!;
      return {
        section: getComputedStyle(document.querySelector('.navbar-link.active')!, '::after').backgroundColor,
        canvas: getComputedStyle(document.body).backgroundColor,
        line: getComputedStyle(line).backgroundColor,
        code: getComputedStyle(line.closest('pre')!).backgroundColor,
        page: getComputedStyle(document.querySelector('.menu-link.active')!).outlineStyle,
      };
    });
    expect(marks.section).not.toBe(marks.canvas);
    expect(marks.line).not.toBe(marks.code);
    expect(marks.line).not.toBe(marks.canvas);
    expect(marks.page).not.toBe('none');

    await page.locator('.navbar .search-input').focus();
    const outline = (selector: string) => page.locator(selector).first().evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
    expect(await outline('.navbar .search-input')).toMatch(/^solid [1-9]/);
    await page.keyboard.type('deepl');
    await page.locator('.search-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await outline('.search-option.active')).toMatch(/^solid [1-9]/);
    await context.close();
  });

  it("gives the search page's field an edge of 3:1 against the page and a placeholder of 4.5:1, in light and dark", async () => {
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
      return (x! + 0.05) / (y! + 0.05);
    };
    for (const mode of ['light', 'dark']) {
      const { context, page } = await newPage(site);
      await context.addInitScript((m) => localStorage.setItem('sg-color-mode', m), mode);
      await gotoHydrated(page, `${site.url}/en/search`);
      const colors = await page.evaluate(() => {
        const input = document.querySelector('.search-page-input')!;
        return { border: getComputedStyle(input).borderTopColor, placeholder: getComputedStyle(input, '::placeholder').color, page: [document.body, document.documentElement].map((el) => getComputedStyle(el).backgroundColor).find((c) => !/rgba\(0, 0, 0, 0\)|transparent/.test(c))! };
      });
      // Before: the border 1.62:1 (light) and 1.92:1 (dark), the placeholder Chromium's #757575, 4.04:1 on the dark page.
      expect(ratio(colors.border, colors.page), mode).toBeGreaterThanOrEqual(3);
      expect(ratio(colors.placeholder, colors.page), mode).toBeGreaterThanOrEqual(4.5);
      await context.close();
    }
  });
});

