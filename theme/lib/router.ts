import type { ClientRoute, SiteData } from 'sitegen/theme';
import { isRouterUrl, normalizePath, pageDataUrl, samePath } from './paths.js';
import { startProgress } from './progress.js';
import { hashTarget, scrollToHash, stopSmoothScroll } from './scroll.js';
import { SCROLL_KEY, type SafeStorage } from './storage.js';

/** Where the window scrolls once a route is on screen. */
export type ScrollIntent = { to: 'none' } | { to: 'top' } | { to: 'hash'; hash: string } | { to: 'restore'; y: number; hash: string };

/** The router's view of the page shown: the route and the full URL (path + query + hash). */
export interface Location {
  route: ClientRoute;
  href: string;
}

export interface RouterOptions {
  site: SiteData;
  /** The route rendered by the server. */
  route: ClientRoute;
  /** Loads what a route needs besides its data (its page component's chunk). */
  prepare: (route: ClientRoute) => Promise<unknown>;
  /** Session storage for scroll positions (may be the empty store). */
  session: SafeStorage;
  /** Renders a location; the app calls `router.settle(intent)` once it is committed (null: the address alone changed, `replaceUrl`). */
  commit: (location: Location, intent: ScrollIntent | null) => void;
}

export interface Router {
  /** Goes to a URL: client-side when it is a route of this site and locale, else a normal load. */
  navigate: (href: string, options?: { replace?: boolean }) => void;
  /**
   * Rewrites the address of the page shown, with no navigation (the search page's query as it is typed, search
   * highlights cleared): the app's `href` follows, so that a later link to the address it had is a change again.
   */
  replaceUrl: (href: string) => void;
  /** Loads a route's page data ahead of a click (skipped on 2g / data saver). */
  prefetch: (href: string) => void;
  /** Applies the scroll intent of the committed route and watches its links for prefetching. */
  settle: (intent: ScrollIntent) => void;
  /** What to do with the scroll position of the first page: restore it after a reload, else leave it. */
  initialIntent: ScrollIntent;
  dispose: () => void;
}

interface HistoryState {
  sgKey?: string;
}

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

const PREFETCH_CONCURRENCY = 2;

/** Whether the connection is slow or metered enough to skip prefetching (2g or data saver). */
export function shouldSkipPrefetch(connection: NetworkInformation | undefined): boolean {
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
}

/** Fetches and checks one page-data file. */
export async function fetchRoute(path: string): Promise<ClientRoute> {
  const response = await fetch(pageDataUrl(path), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`page data of ${path}: HTTP ${response.status}`);
  const route = (await response.json()) as ClientRoute;
  if (!route || typeof route.path !== 'string' || !route.data || typeof route.html !== 'object') throw new Error(`page data of ${path} is malformed`);
  return route;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** What makes the head of a page gone to (theme/lib/head.ts): a chunk of its own, which a page's first visit does not load. */
const headMaker = () => import('./head.js');

/** Sent by the dev server's live-reload client (src/serve/liveReloadClient.ts) with the paths an edit changed. */
const STALE_EVENT = 'sitegen:stale';

/** The client-side router: history, page-data loading and caching, scroll restoration, prefetching. */
export function createRouter(options: RouterOptions): Router {
  const { site, session } = options;
  const cache = new Map<string, Promise<ClientRoute>>();
  const positions: Record<string, number> = readPositions(session);
  let key = (history.state as HistoryState | null)?.sgKey ?? newKey();
  let shown = options.route;
  let token = 0;

  history.scrollRestoration = 'manual';
  const initial = new URL(location.href);
  const canonical = samePath(initial.pathname, shown.path) ? shown.path : initial.pathname;
  // A hash that names nothing on the page (a link from the other language's page, whose heading ids differ) is dropped from the address.
  const initialHash = initial.hash && !hashTarget(initial.hash) ? '' : initial.hash;
  history.replaceState({ ...(history.state as object), sgKey: key }, '', canonical + initial.search + initialHash);
  cache.set(pageDataUrl(shown.path), Promise.resolve(shown));

  /** Page data by URL; fetched once, forgotten on failure. */
  const fetchData = (path: string): Promise<ClientRoute> => {
    const url = pageDataUrl(path);
    let entry = cache.get(url);
    if (!entry) {
      entry = fetchRoute(path);
      cache.set(url, entry);
      entry.catch(() => cache.delete(url));
    }
    return entry;
  };
  /** Page data plus the page's component chunk and the head's maker: everything needed to render the route. */
  const load = (path: string): Promise<ClientRoute> =>
    fetchData(path).then(async (route) => {
      await Promise.all([options.prepare(route), headMaker()]);
      return route;
    });

  const saveScroll = () => {
    positions[key] = window.scrollY;
    session.set(SCROLL_KEY, JSON.stringify(positions));
  };

  const go = async (url: URL, mode: 'push' | 'replace' | 'pop') => {
    const id = ++token;
    const popKey = (history.state as HistoryState | null)?.sgKey;
    const progress = startProgress();
    let route: ClientRoute;
    let head: Awaited<ReturnType<typeof headMaker>>;
    try {
      [route, head] = await Promise.all([load(url.pathname), headMaker()]);
    } catch {
      progress.done();
      if (id !== token) return;
      // The route's data is missing or broken: let the server answer (page or 404).
      if (mode === 'pop') location.reload();
      else location.assign(url.href);
      return;
    }
    progress.done();
    if (id !== token) return;
    const href = (samePath(url.pathname, route.path) ? route.path : normalizePath(url.pathname)) + url.search + url.hash;
    let intent: ScrollIntent;
    if (mode === 'pop') {
      key = popKey ?? newKey();
      const y = positions[key];
      intent = y === undefined ? (url.hash ? { to: 'hash', hash: url.hash } : { to: 'top' }) : { to: 'restore', y, hash: url.hash };
      // What the page kept in its entry stays (the search page's count of results shown).
      history.replaceState({ ...(history.state as object | null), sgKey: key }, '', href);
    } else {
      if (mode === 'push') key = newKey();
      history[mode === 'push' ? 'pushState' : 'replaceState']({ sgKey: key }, '', href);
      intent = url.hash ? { to: 'hash', hash: url.hash } : { to: 'top' };
    }
    shown = route;
    document.title = route.documentTitle;
    head.setPageHead(site, route);
    options.commit({ route, href }, intent);
  };

  const navigate: Router['navigate'] = (href, opts = {}) => {
    const url = new URL(href, location.href);
    if (!isRouterUrl(site, url, location.origin)) {
      location.assign(url.href);
      return;
    }
    saveScroll();
    const here = new URL(location.href);
    if (samePath(url.pathname, here.pathname) && url.search === here.search && url.hash) {
      // Same page, another anchor: no loading, just history and a smooth scroll.
      if (url.hash !== here.hash && !hashTarget(url.hash)) {
        // An anchor this page lacks (a heading renamed): its top, as `settle` goes for another page's, with no entry of
        // the history that Back would only undo in place (each click had added one, the address the same).
        stopSmoothScroll();
        window.scrollTo(0, 0);
        if (here.hash) replaceUrl(here.pathname + here.search);
      } else if (url.hash !== here.hash) {
        key = newKey();
        history.pushState({ sgKey: key }, '', url.pathname + url.search + url.hash);
        options.commit({ route: shown, href: url.pathname + url.search + url.hash }, { to: 'hash', hash: url.hash });
      } else scrollToHash(url.hash, true);
      return;
    }
    void go(url, opts.replace ? 'replace' : 'push');
  };

  const replaceUrl: Router['replaceUrl'] = (href) => {
    history.replaceState(history.state, '', href);
    options.commit({ route: shown, href: location.pathname + location.search + location.hash }, null);
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.dataset.sgReload !== undefined) return;
    const url = new URL(anchor.href, location.href);
    if (!isRouterUrl(site, url, location.origin)) return;
    event.preventDefault();
    navigate(url.href);
  };

  const onPopState = () => {
    positions[key] = window.scrollY;
    const url = new URL(location.href);
    const state = history.state as HistoryState | null;
    if (samePath(url.pathname, shown.path)) {
      // Only the hash changed: restore the position kept for that entry, or go to its anchor.
      key = state?.sgKey ?? newKey();
      const y = positions[key];
      options.commit({ route: shown, href: url.pathname + url.search + url.hash }, y === undefined ? (url.hash ? { to: 'hash', hash: url.hash } : { to: 'top' }) : { to: 'restore', y, hash: url.hash });
      return;
    }
    void go(url, 'pop');
  };

  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  const queue: { path: string; full: boolean }[] = [];
  let active = 0;
  const pump = () => {
    while (active < PREFETCH_CONCURRENCY && queue.length) {
      active++;
      const next = queue.shift()!;
      (next.full ? load(next.path) : fetchData(next.path))
        .catch(() => {})
        .finally(() => {
          active--;
          pump();
        });
    }
  };
  // Visible links: page data only. Hover or focus: the page's chunk too, a click is likely.
  const schedule = (href: string, full: boolean) => {
    if (shouldSkipPrefetch(connection)) return;
    const url = new URL(href, location.href);
    if (!isRouterUrl(site, url, location.origin) || (!full && cache.has(pageDataUrl(url.pathname)))) return;
    // A link to the address shown (the skip link, an anchor) needs nothing more; on the not-found page that address
    // has no page data, and asking for it logged a 404 at each Tab or hover.
    if (samePath(url.pathname, location.pathname)) return;
    queue.unshift({ path: url.pathname, full });
    pump();
  };
  const prefetch: Router['prefetch'] = (href) => schedule(href, true);
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (anchor instanceof HTMLAnchorElement && anchor.href) schedule(anchor.href, true);
  };
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            schedule((entry.target as HTMLAnchorElement).href, false);
          }
        })
      : null;
  const watchLinks = () => {
    if (!observer || shouldSkipPrefetch(connection)) return;
    observer.disconnect();
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('#__sg a[href]')) {
      const url = new URL(anchor.href, location.href);
      if (isRouterUrl(site, url, location.origin) && !cache.has(pageDataUrl(url.pathname))) observer.observe(anchor);
    }
  };

  const settle: Router['settle'] = (intent) => {
    // A position put back (back, forward, a reload) is kept by the tabs set up after it too: the tab of the
    // address's anchor opens, without scrolling to the anchor (components/HtmlBlock/tabs.ts).
    const root = document.documentElement;
    stopSmoothScroll();
    if (intent.to === 'restore') root.dataset.sgRestored = String(intent.y);
    else delete root.dataset.sgRestored;
    if (intent.to === 'none') {
      // The browser placed the page (top, or the anchor of the URL).
    } else if (intent.to === 'restore') window.scrollTo(0, intent.y);
    else if (intent.to === 'hash') {
      if (!scrollToHash(intent.hash, true)) {
        // No such anchor on the page reached (another language's page, a heading renamed): its top, and an address without
        // the hash, the app's too (`replaceUrl`): else the same link followed again would change nothing it watches (the
        // phone menu it was tapped in stayed open).
        window.scrollTo(0, 0);
        replaceUrl(location.pathname + location.search);
      }
    } else window.scrollTo(0, 0);
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(watchLinks);
  };

  // The dev server's live reload names the pages an edit changed (`*`: all): the data kept here for them is stale.
  const onStale = (event: Event) => {
    const paths = (event as CustomEvent<unknown>).detail;
    if (!Array.isArray(paths)) return;
    if (paths.includes('*')) cache.clear();
    else for (const path of paths) if (typeof path === 'string') cache.delete(pageDataUrl(path));
  };

  document.addEventListener('click', onClick);
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  window.addEventListener('popstate', onPopState);
  window.addEventListener('pagehide', saveScroll);
  window.addEventListener(STALE_EVENT, onStale);

  return {
    navigate,
    replaceUrl,
    prefetch,
    settle,
    initialIntent: positions[key] === undefined ? { to: 'none' } : { to: 'restore', y: positions[key], hash: initial.hash },
    dispose() {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('pagehide', saveScroll);
      window.removeEventListener(STALE_EVENT, onStale);
      observer?.disconnect();
    },
  };
}

function readPositions(session: SafeStorage): Record<string, number> {
  try {
    const parsed = JSON.parse(session.get(SCROLL_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}
