import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LIVE_RELOAD_CLIENT } from '../../../src/serve/liveReloadClient.js';

/**
 * The live-reload client run as a page runs it, in a window of stubs: `pathname` is the address shown, `page` the
 * `data-page` of its script tag (the file the server answered with, when it is not the page of that address),
 * `revision` its `data-revision` (the server's revision when it answered), `connected` the revision the channel tells.
 */
function openPage(pathname: string, page?: string, { revision, connected = 1 }: { revision?: number; connected?: number } = {}) {
  let reloaded = false;
  let source: { onmessage: (event: { data: string }) => void } | null = null;
  const storage = new Map<string, string>();
  const window = {
    location: { pathname, reload: () => void (reloaded = true) },
    sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) },
    document: {
      currentScript: { dataset: { ...(page === undefined ? {} : { page }), ...(revision === undefined ? {} : { revision: String(revision) }) } },
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
  send({ type: 'connected', revision: connected });
  return {
    /** Whether the page reloaded as its channel opened. */
    reloadedAtOnce: reloaded,
    /** Tells the page of a rebuild that changed these paths; whether it reloaded. */
    rebuilt(paths: string[]): boolean {
      send({ type: 'reload', revision: connected + 1, paths });
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

  it('reloads at once a page served before a rebuild it heard nothing of (its channel opened after the reload was told)', () => {
    // The page that waits for the first build, served as it ended: before, it waited for good.
    expect(openPage('/docs/a', undefined, { revision: 5, connected: 6 }).reloadedAtOnce).toBe(true);
    expect(openPage('/docs/a', undefined, { revision: 6, connected: 6 }).reloadedAtOnce).toBe(false);
    expect(openPage('/docs/a').reloadedAtOnce).toBe(false);
  });
});
