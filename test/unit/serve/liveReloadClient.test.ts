import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LIVE_RELOAD_CLIENT } from '../../../src/serve/liveReloadClient.js';

/**
 * The live-reload client run as a page runs it, in a window of stubs: `pathname` is the address shown, `page` the
 * `data-page` of its script tag (the file the server answered with, when it is not the page of that address).
 */
function openPage(pathname: string, page?: string) {
  let reloaded = false;
  let source: { onmessage: (event: { data: string }) => void } | null = null;
  const storage = new Map<string, string>();
  const window = {
    location: { pathname, reload: () => void (reloaded = true) },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) },
    document: {
      currentScript: { dataset: page === undefined ? {} : { page } },
      body: { hasAttribute: () => false, appendChild: () => undefined },
      createElement: () => ({ style: {}, setAttribute: () => undefined, remove: () => undefined }),
    },
    navigator: {},
    scrollY: 0,
    scrollTo: () => undefined,
    addEventListener: () => undefined,
    dispatchEvent: () => true,
    CustomEvent: class {},
    EventSource: class {
      onmessage = (_event: { data: string }) => undefined;
      constructor() {
        source = this;
      }
    },
  };
  runInNewContext(LIVE_RELOAD_CLIENT, window);
  const send = (message: object) => source!.onmessage({ data: JSON.stringify(message) });
  send({ type: 'connected', revision: 1 });
  return {
    /** Tells the page of a rebuild that changed these paths; whether it reloaded. */
    rebuilt(paths: string[]): boolean {
      send({ type: 'reload', revision: 2, paths });
      return reloaded;
    },
    navigate(to: string) {
      window.location.pathname = to;
    },
  };
}

describe('the live-reload client', () => {
  it('reloads a page whose address a rebuild names, and no other', () => {
    expect(openPage('/en/docs/a').rebuilt(['/en/docs/b'])).toBe(false);
    expect(openPage('/en/docs/a').rebuilt(['/en/docs/a'])).toBe(true);
    expect(openPage('/en/docs/a/').rebuilt(['/en/docs/a'])).toBe(true);
  });

  it("reloads a not-found page when the locale's 404 page changed (its address is the one mistyped, not /en/404.html)", () => {
    expect(openPage('/en/docs/typo', '/en/404.html').rebuilt(['/en/404.html'])).toBe(true);
    expect(openPage('/en/docs/typo', '/en/404.html').rebuilt(['/404.html'])).toBe(false);
    expect(openPage('/en/docs/a').rebuilt(['/en/404.html'])).toBe(false);
    // Once the router has left it for another page, the 404 page is no longer what the tab shows.
    const page = openPage('/en/docs/typo', '/en/404.html');
    page.navigate('/en/docs/a');
    expect(page.rebuilt(['/en/404.html'])).toBe(false);
  });
});
