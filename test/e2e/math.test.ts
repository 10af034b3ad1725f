// Math (`markdown.math`) in the browser: the MathML the build writes is drawn by Chromium itself, with a size,
// on a page loaded whole and on one reached by client-side navigation; a display formula wider than a phone
// scrolls in its own box, which Tab reaches, not the page, and one in a line breaks; what MathML Core leaves to
// a stylesheet is drawn (aligned columns, \cancel, \widehat, equation numbers); and search terms are not marked
// inside formulas.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { configSource, md } from '../helpers/site.js';
import { gotoHydrated, hasChromium, newPage, poll, REPO, useFixtureSite } from './helpers/site.js';

const WIDE = Array.from({ length: 24 }, (_, i) => `x_{${i + 1}}`).join(' + ');

const FILES: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' }, markdown: { math: true },`),
  // The browser asks for it: without it, a 404 in the console.
  'content/static/favicon.ico': '',
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'Read [the formulas](./formulas.md).\n'),
  'content/en/docs/formulas.md': md(
    { title: 'Formulas', description: 'd' },
    `The softmax of $z$ is $\\operatorname{softmax}(z)_i = \\frac{e^{z_i}}{\\sum_j e^{z_j}}$.\n\n$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$\n\n$$\n${WIDE}\n$$\n`,
  ),
  'content/en/docs/layout.md': md(
    { title: 'Layout', description: 'd' },
    [
      `A sum in a line, $${WIDE}$, breaks after its operators.`,
      '',
      '$$\n\\begin{aligned}\nf(x) &= (x+1)^2 \\\\\n     &= x^2 + 2x + 1\n\\end{aligned}\n$$',
      '',
      '$$\n\\cancel{5} + \\widehat{xyz}\n$$',
      '',
      '$$\n\\begin{equation}\ne^{i\\pi} + 1 = 0\n\\end{equation}\n$$',
      '',
    ].join('\n'),
  ),
};

const site = useFixtureSite(FILES, 'sitegen-math-');

/** Each formula of the page's text: its display, drawn size, and how far it scrolls sideways. */
function formulas(page: Page) {
  return page.$$eval('.markdown math', (all) =>
    all.map((m) => {
      const box = m.getBoundingClientRect();
      return { display: m.getAttribute('display') ?? 'inline', width: box.width, height: box.height, scrolls: m.scrollWidth > m.clientWidth + 1, tabindex: m.getAttribute('tabindex') };
    }),
  );
}

describe.skipIf(!hasChromium)('math in the browser', () => {
  it('draws each formula with a size, and scrolls a wide one in its own box on a phone, not the page', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 390, height: 800 } });
    await gotoHydrated(page, `${site.url}/en/docs/formulas`);
    const drawn = await formulas(page);
    expect(drawn.map((f) => f.display)).toEqual(['inline', 'inline', 'block', 'block']);
    for (const f of drawn) {
      expect(f.width).toBeGreaterThan(5);
      expect(f.height).toBeGreaterThan(5);
    }
    // The fraction stands taller than a line of text; the wide formula scrolls, and Tab reaches it.
    expect(drawn[2]!.height).toBeGreaterThan(30);
    expect(drawn.map((f) => [f.scrolls, f.tabindex])).toEqual([[false, null], [false, null], [false, null], [true, '0']]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('breaks a formula in a line after its operators on a phone, rather than widening the page', async () => {
    const { context, page, log } = await newPage(site, { viewport: { width: 390, height: 800 } });
    await gotoHydrated(page, `${site.url}/en/docs/layout`);
    const [text, formula] = await page.$eval('.markdown p', (p) => [p.getBoundingClientRect(), p.querySelector('math')!.getBoundingClientRect()].map((box) => ({ right: box.right, height: box.height })));
    expect(formula!.right).toBeLessThanOrEqual(text!.right + 1);
    // Over lines of its own: taller than one.
    expect(formula!.height).toBeGreaterThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('lines up the columns of aligned, strikes out \\cancel, stretches \\widehat and numbers an equation', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/layout`);
    // The = of each row of aligned, one above the other.
    const equals = await page.$eval('.markdown math[display="block"]', (aligned) => [...aligned.querySelectorAll('mo')].filter((mo) => mo.textContent === '=').map((mo) => Math.round(mo.getBoundingClientRect().left)));
    expect(equals).toHaveLength(2);
    expect(Math.abs(equals[0]! - equals[1]!)).toBeLessThanOrEqual(1);
    const drawn = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return { strike: box('.markdown .tml-cancel'), hat: box('.markdown mo.tml-hat-3'), base: box('.markdown mover > mrow'), number: box('.markdown .tml-eqn') };
    });
    expect(drawn.strike.width).toBeGreaterThan(5);
    expect(drawn.strike.height).toBeGreaterThan(5);
    expect(drawn.hat.width).toBeGreaterThan(drawn.base.width * 0.8);
    // (1) at the right of the equation.
    expect(drawn.number.width).toBeGreaterThan(10);
    expect(await page.$eval('.markdown .tml-eqn', (eqn) => getComputedStyle(eqn, '::before').content)).toMatch(/counter/);
    await context.close();
  }, 60_000);

  it('draws formulas on a page reached by client-side navigation', async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/intro`);
    await page.click('.markdown a[href="/en/docs/formulas"]');
    await poll(async () => (await page.textContent('main h1')) === 'Formulas', { message: 'the formulas page' });
    expect((await formulas(page)).every((f) => f.width > 5 && f.height > 5)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('marks the search terms a result opens the page with in its text, not inside its formulas', async () => {
    const { context, page } = await newPage(site);
    await gotoHydrated(page, `${site.url}/en/docs/formulas?_highlight=softmax`);
    await poll(async () => (await page.locator('.markdown mark.search-highlight').count()) > 0, { message: 'marks' });
    expect(await page.$$eval('.markdown mark.search-highlight', (marks) => marks.map((m) => [m.textContent, !!m.closest('math')]))).toEqual([['softmax', false]]);
    expect(await page.$eval('.markdown math mi', (mi) => mi.textContent)).toBe('z');
    await context.close();
  }, 60_000);
});
