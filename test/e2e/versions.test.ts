// The docs version menu in the browser: choosing a version lands on the same doc in it, without a full page load
// and without a hydration mismatch, and the choice is remembered (localStorage) for the pages of no version.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { configSource, md } from '../helpers/site.js';
import { hasChromium, poll, REPO, useFixtureSite, waitHydrated } from './helpers/site.js';

const FILES: Record<string, string> = {
  'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' }, navbar: [{ label: { 'zh-Hans': '文档', en: 'Docs' }, to: '/docs/intro' }],`),
  'content/static/favicon.ico': '',
  'content/versions.json': '["10.x", "9.x"]\n',
  'content/sidebars.yaml': 'guides:\n  - intro\n  - setup\n',
  'content/versioned_sidebars/version-10.x-sidebars.yaml': 'guides:\n  - intro\n  - setup\n',
  'content/versioned_sidebars/version-9.x-sidebars.yaml': 'guides:\n  - intro\n',
  'content/zh-Hans/docs/intro.md': md({ title: '介绍 Next', description: 'd' }),
  'content/zh-Hans/docs/setup.md': md({ title: '设置 Next', description: 'd' }),
  'content/zh-Hans/versioned_docs/version-10.x/intro.md': md({ title: '介绍 10', description: 'd' }),
  'content/zh-Hans/versioned_docs/version-10.x/setup.md': md({ title: '设置 10', description: 'd' }),
  'content/zh-Hans/versioned_docs/version-9.x/intro.md': md({ title: '介绍 9', description: 'd' }),
  'content/zh-Hans/blog/2024-01-01-hello.md': md({ title: '你好', description: 'd' }),
};

const site = useFixtureSite(FILES, 'sitegen-versions-');

async function open(): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => void (r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`)));
  return { page, errors };
}

describe.skipIf(!hasChromium)('the docs version menu', () => {
  it('lands on the same doc in the version chosen, and remembers the choice', async () => {
    const { page, errors } = await open();
    await page.goto(`${site.url}/docs/setup`);
    await waitHydrated(page);
    expect(await page.textContent('.version-dropdown summary')).toBe('10.x');
    await page.click('.version-dropdown summary');
    await page.click('.version-dropdown a:text-is("Next")');
    await poll(async () => (await page.textContent('main h1')) === '设置 Next', { message: 'the same doc in Next' });
    expect(new URL(page.url()).pathname).toBe('/docs/next/setup');
    expect(await page.textContent('.version-dropdown summary')).toBe('Next');
    expect(await page.evaluate(() => localStorage.getItem('sg-docs-version'))).toBe('current');
    // Client-side: one document loaded.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    // A version without the doc: its first doc.
    await page.click('.version-dropdown summary');
    await page.click('.version-dropdown a:text-is("9.x")');
    await poll(async () => (await page.textContent('main h1')) === '介绍 9', { message: "9.x's first doc" });
    expect(await page.textContent('.version-banner')).toContain('9.x');
    // A page of no version shows the version chosen last, and the navbar's docs link leads to that version's docs.
    await page.goto(`${site.url}/blog`);
    await waitHydrated(page);
    await poll(async () => (await page.textContent('.version-dropdown summary')) === '9.x', { message: 'the remembered version' });
    expect(await page.getAttribute('.navbar-links a:text-is("文档")', 'href')).toBe('/docs/9.x/intro');
    await page.click('.navbar-links a:text-is("文档")');
    await poll(async () => (await page.textContent('main h1')) === '介绍 9', { message: "the navbar's docs link" });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("searches the chosen version's docs on the search page, with a choice of version", async () => {
    const { page, errors } = await open();
    await page.goto(`${site.url}/search?q=${encodeURIComponent('设置')}`);
    await waitHydrated(page);
    await poll(async () => (await page.$$eval('.search-page-list a', (els) => els.map((a) => a.getAttribute('href')))).some((href) => href?.startsWith('/docs/setup')), { message: "10.x's setup doc" });
    await page.selectOption('.search-page-version', 'current');
    await poll(async () => (await page.$$eval('.search-page-list a', (els) => els.map((a) => new URL(a.getAttribute('href')!, location.href).pathname))).join(' ') === '/docs/next/setup', { message: "Next's setup doc only" });
    expect(new URL(page.url()).searchParams.get('version')).toBe('current');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("leads from a version's search box to the search page of that version", async () => {
    const { page, errors } = await open();
    await page.goto(`${site.url}/docs/9.x/intro`);
    await waitHydrated(page);
    await page.fill('.search-input', '介绍');
    await page.waitForSelector('.search-see-all');
    expect(await page.getAttribute('.search-see-all', 'href')).toBe(`/search?q=${encodeURIComponent('介绍')}&version=9.x`);
    await page.click('.search-see-all');
    await poll(async () => (await page.$$eval('.search-page-list a', (els) => els.map((a) => new URL(a.getAttribute('href')!, location.href).pathname))).join(' ') === '/docs/9.x/intro', { message: "9.x's intro only" });
    expect(await page.inputValue('.search-page-version')).toBe('9.x');
    // Typing there keeps the version in the address, for a reload or a shared link.
    await page.fill('.search-page-input', '介');
    expect(new URL(page.url()).searchParams.get('version')).toBe('9.x');
    // Enter in the box, no result chosen, leads there too.
    await page.goto(`${site.url}/docs/9.x/intro`);
    await waitHydrated(page);
    await page.fill('.search-input', '介绍');
    await page.press('.search-input', 'Enter');
    await poll(() => new URL(page.url()).pathname === '/search', { message: 'the search page' });
    expect(new URL(page.url()).searchParams.get('version')).toBe('9.x');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("leads from a version's search box to the search page of that version without JavaScript too", async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/docs/9.x/intro`);
    await page.fill('.search-input', '介绍');
    await page.press('.search-input', 'Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const searched = page.url();
    expect(new URL(searched).searchParams.get('version')).toBe('9.x');
    await context.close();
    // The search page, with JavaScript, searches 9.x there.
    const { page: shown, errors } = await open();
    await shown.goto(searched);
    await poll(async () => (await shown.$$eval('.search-page-list a', (els) => els.map((a) => new URL(a.getAttribute('href')!, location.href).pathname))).join(' ') === '/docs/9.x/intro', { message: "9.x's intro only" });
    expect(errors).toEqual([]);
    await shown.close();
  }, 60_000);

  it('drops an index that arrives for a version the search box no longer searches', async () => {
    const { page, errors } = await open();
    // 9.x's index is held until Next's has been searched.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search-index-docs-9.x.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/docs/9.x/intro`);
    await waitHydrated(page);
    await page.focus('.search-input');
    await page.waitForRequest('**/search-index-docs-9.x.json');
    // To Next's intro, within the page: the search box stays in the navbar.
    await page.click('.version-dropdown summary');
    await page.click('.version-dropdown a:text-is("Next")');
    await poll(async () => (await page.textContent('main h1')) === '介绍 Next', { message: "Next's intro" });
    const options = () => page.$$eval('.search-option', (els) => els.map((a) => new URL(a.getAttribute('href')!, location.href).pathname).join(' '));
    await page.fill('.search-input', '介绍');
    await poll(async () => (await options()) === '/docs/next/intro', { message: "Next's intro in the dropdown" });
    const finished = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/search-index-docs-9.x.json'));
    release();
    await finished;
    // Time for the index to be read, as it would have been shown.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(await options()).toBe('/docs/next/intro');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
