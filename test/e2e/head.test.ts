// The head after a client-side navigation in real Chromium: description, canonical and hreflang addresses, share
// cards, robots and schema.org data are the new page's, as the server writes them into that page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gotoHydrated, hasChromium, newPage, poll, useSite } from './helpers/site.js';

const DOC = '/en/docs/faqs/safe';

/**
 * The head's elements of the page shown (or of the HTML given, as the browser parses it), one line each: all but the
 * scripts, stylesheet and preloads, which stay those of the first page loaded. A schema.org script is read as JSON.
 */
const headLines = (page: Page, html?: string) =>
  page.evaluate((html) => {
    const doc = html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
    return [...doc.head.children]
      .filter((el) => !el.matches('script:not([type="application/ld+json"]), link[rel=modulepreload], link[rel=stylesheet], style'))
      .map((el) => [el.tagName.toLowerCase(), ...[...el.attributes].map((a) => `${a.name}=${a.value}`), ...(el.tagName === 'SCRIPT' ? [JSON.stringify(JSON.parse(el.textContent!))] : el.tagName === 'TITLE' ? [el.textContent] : [])].join(' '));
  }, html);

/** The server's head of a page: its HTML as served, parsed by the page's browser. */
const servedHead = async (page: Page, path: string) => headLines(page, await page.evaluate(async (path) => (await fetch(path)).text(), path));

/** Follows a link to `path` (a client-side navigation) and waits for the new page's `title`. */
async function follow(page: Page, path: string, title: string): Promise<void> {
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement('a'), { href, textContent: 'go' });
    document.querySelector('main')!.append(link);
    link.click();
  }, path);
  await poll(async () => new URL(page.url()).pathname === path && (await page.title()) === title, { message: `navigated to ${path}` });
}

/** The title in head lines. */
const titleOf = (lines: string[]) => lines.find((l) => l.startsWith('title '))!.slice('title '.length);
/** What a line is, without its value: `meta name=description`, `link rel=alternate hreflang=en`. */
const kindOf = (line: string) => line.split(/ (?:content|href)=/)[0]!.split(' {')[0]!;

describe.skipIf(!hasChromium)('the head after a client-side navigation', () => {
  const site = useSite();

  it("is the new page's, as the server wrote it into that page, and the first page's again on the way back", async () => {
    const { context, page, log } = await newPage(site);
    await gotoHydrated(page, site.url + DOC);
    await page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 42));
    const first = await headLines(page);
    expect(first).toEqual(await servedHead(page, DOC));
    const kinds = new Set<string>();
    // A post (an article, its tags, its share image, schema.org data), a doc of another description, one left out of
    // search engines and without alternates, /home (canonical: the home page), the home page (the tagline for
    // description, schema.org data) and the search page.
    const paths = ['/en/blog/2025/09/16/version-11-6', '/en/docs/faqs/edge-boot', '/en/docs/install', '/en/home', '/en/', '/en/search'];
    for (const path of paths) {
      const served = await servedHead(page, path);
      await follow(page, path, titleOf(served));
      expect(await headLines(page), path).toEqual(served);
      for (const line of served) kinds.add(kindOf(line));
    }
    // Every kind of element the client puts in place came and went on the way.
    for (const kind of ['meta name=description', 'meta name=keywords', 'meta name=robots', 'link rel=canonical', 'link rel=alternate hreflang=x-default', 'meta property=og:type', 'meta property=og:url', 'meta property=og:locale:alternate', 'meta property=og:image', 'meta property=article:published_time', 'meta property=article:tag', 'meta name=twitter:card', 'link rel=alternate type=text/markdown', 'script type=application/ld+json']) {
      expect(kinds, kind).toContain(kind);
    }
    // The first page again (its page data the inline data, with the description and keywords read from the server's head),
    // then back in the history.
    await follow(page, DOC, titleOf(first));
    expect(await headLines(page)).toEqual(first);
    await page.goBack();
    await poll(async () => (await page.title()) === titleOf(await servedHead(page, '/en/search')), { message: 'back to the search page' });
    expect(await headLines(page)).toEqual(await servedHead(page, '/en/search'));
    expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark), 'no full load').toBe(42);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
