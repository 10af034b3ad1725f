// The browser entry: reads the page's data, loads the locale's site data and strings, hydrates,
// then routes client-side. Bundled by esbuild (ESM, code splitting); its CSS becomes one file.
import './styles/index.css';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ClientRoute, SiteData } from 'sitegen/theme';
import * as loaders from './i18n/loaders.js';
import type { HomeStrings, Strings } from './i18n/types.js';
import { createRouter, type Router, type ScrollIntent } from './lib/router.js';
import { fitUnderNavbarFallback, hashTarget } from './lib/scroll.js';
import { keepFocusAcrossLayouts } from './lib/layoutFocus.js';
import { BOOT_FLAG, openStorage } from './lib/storage.js';
import { loadPage, resolveLoadedPage } from './pages.js';
import { provideVersionParts, versionParts } from './components/VersionDropdown/slot.js';
import { useDismiss } from './components/LocaleSwitch/index.js';
import { announce } from './lib/announce.js';
import { Root } from './Root.js';
import { TOP_ID } from './components/SkipLink/index.js';

(window as unknown as Record<string, unknown>)[BOOT_FLAG] = true;

interface InlineData {
  route: ClientRoute;
  siteDataUrl: string;
}

const STRINGS = loaders.TEXT_LOADERS;

/**
 * The home page's texts of a locale (undefined where they have none of their own: texts ejected before they were a
 * module apart still hold them). Only the home page loads them: they are a third of the locale's texts.
 */
function homeTexts(locale: string): Promise<HomeStrings> | undefined {
  const load = loaders.HOME_TEXT_LOADERS?.[locale] ?? loaders.HOME_TEXT_LOADERS?.en;
  return load?.().then((m) => m.default);
}

/** The home page's texts put into the locale's strings (once), before a navigation draws that page. */
function loadHomeTexts(strings: Strings, locale: string): Promise<void> | undefined {
  return strings.home ? undefined : homeTexts(locale)?.then((home) => void (strings.home = home));
}

type Gtag = (command: 'event', name: string, params: Record<string, string>) => void;

function trackPageView(title: string): void {
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (typeof gtag === 'function') gtag('event', 'page_view', { page_location: location.href, page_path: location.pathname, page_title: title });
}

interface Shown {
  route: ClientRoute;
  href: string;
  /** Set for a client-side navigation; null for the first render and an address rewritten in place (`router.replaceUrl`). */
  intent: ScrollIntent | null;
}

function ClientApp({ site, strings, initialRoute }: { site: SiteData; strings: Strings; initialRoute: ClientRoute }) {
  // The first render must equal the server's: the real URL (query, hash) is applied after hydration.
  const [shown, setShown] = useState<Shown>({ route: initialRoute, href: initialRoute.path, intent: null });
  const [router, setRouter] = useState<Router | null>(null);
  useEffect(() => {
    const created = createRouter({
      site,
      route: initialRoute,
      session: openStorage('sessionStorage'),
      prepare: (route) => Promise.all([loadPage(route.data.kind), route.blogSidebar ? loadBlogSidebar(site) : undefined, route.data.kind === 'home' ? loadHomeTexts(strings, route.locale) : undefined]),
      commit: (location, intent) => setShown({ route: location.route, href: location.href, intent }),
    });
    setRouter(created);
    setShown((s) => ({ ...s, href: location.pathname + location.search + location.hash }));
    created.settle(created.initialIntent);
    trackPageView(document.title);
    // For tests and tools: the page is interactive from here on.
    document.documentElement.setAttribute('data-sg-hydrated', '');
    return created.dispose;
  }, [site, initialRoute]);
  const lastRoute = useRef(initialRoute);
  useLayoutEffect(() => {
    if (!router || !shown.intent) return;
    router.settle(shown.intent);
    if (shown.route === lastRoute.current) return;
    lastRoute.current = shown.route;
    // A new page: keyboard focus back to the top (next Tab: the skip link), or on the anchor's target, which
    // `settle` focused; title read out.
    const target = shown.intent.to === 'hash' ? hashTarget(shown.intent.hash) : null;
    if (shown.intent.to !== 'restore' && !target) document.getElementById(TOP_ID)?.focus({ preventScroll: true });
    announce(shown.route.title);
    trackPageView(shown.route.documentTitle);
  }, [shown, router]);
  return <Root site={site} strings={strings} route={shown.route} href={shown.href} router={router} pages={resolveLoadedPage} />;
}

/** Fills each HTML block from the server markup (the inline data leaves them empty). */
function readHtmlBlocks(route: ClientRoute): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-sg-html]')) {
    const key = el.getAttribute('data-sg-html')!;
    if (!route.html[key]) route.html[key] = el.innerHTML;
  }
}

/** The description and keywords from the head the server wrote (the inline data leaves them out), as the page data has them. */
function readHeadTexts(route: ClientRoute, site: SiteData): void {
  const content = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name=${name}]`)?.content;
  const description = content('description');
  const keywords = content('keywords');
  if (description !== undefined && description !== site.tagline) route.description = description;
  if (keywords) route.keywords = keywords;
}

/** Without site data the page stays as the server rendered it: say so, with a Retry. */
function showBootError(error: unknown, retry: () => void): void {
  const zh = document.documentElement.lang.toLowerCase().startsWith('zh');
  const box = document.createElement('div');
  box.className = 'loader-error boot-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.className = 'loader-error-message';
  message.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-secondary loader-error-retry';
  button.textContent = zh ? '重试' : 'Retry';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(message, button);
  document.body.appendChild(box);
}

/** Loads the blog's every-post list into the site data (once), when the generator shipped it apart (`blogSidebarUrl`). */
function loadBlogSidebar(site: SiteData): Promise<void> | undefined {
  const url = site.blogSidebarUrl;
  return url && !site.blogSidebar.length ? import(/* @vite-ignore */ url).then((m: { default: SiteData['blogSidebar'] }) => void (site.blogSidebar = m.default)) : undefined;
}

/** Loads the version parts' chunk (once) and hands them over, with what they take from this bundle. */
function loadVersionParts(): Promise<void> | undefined {
  return versionParts() ? undefined : import('./components/VersionDropdown/index.js').then((parts) => provideVersionParts(parts, { openStorage, useDismiss }));
}

async function boot(): Promise<void> {
  const container = document.getElementById('__sg');
  const inline = document.getElementById('__SG_DATA__');
  if (!container || !inline) return;
  const { route, siteDataUrl } = JSON.parse(inline.textContent ?? '{}') as InlineData;
  readHtmlBlocks(route);
  fitUnderNavbarFallback();
  keepFocusAcrossLayouts();
  // Site data, strings and the page's component chunk load side by side; hydration needs all three.
  // On a site with docs versions, the version parts are drawn on every page: a doc of a version says so, and they
  // load beside the rest; another page's site data says so, and they load after it (once, before hydration).
  const [site, strings, , , home] = await Promise.all([
    import(/* @vite-ignore */ siteDataUrl).then((m: { default: SiteData }) => m.default),
    (STRINGS[route.locale] ?? STRINGS.en)!().then((m) => m.default as Strings),
    loadPage(route.data.kind),
    route.data.kind === 'doc' && route.data.version ? loadVersionParts() : undefined,
    route.data.kind === 'home' ? homeTexts(route.locale) : undefined,
  ]);
  if (home) strings.home = home;
  readHeadTexts(route, site);
  // A blog page's every-post list (preloaded by its head), before hydration: the server drew it.
  if (route.blogSidebar) await loadBlogSidebar(site);
  if (site.docsVersions) await loadVersionParts();
  // In a transition React hydrates in slices of about 5 ms, yielding to the browser between them, rather than in one
  // task (a docs page's took 150-250 ms on a phone-speed CPU: Lighthouse's total blocking time). A click on the page
  // before it is done makes React finish hydrating at once, then handle the click.
  startTransition(() => {
    hydrateRoot(container, <ClientApp site={site} strings={strings} initialRoute={route} />, {
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  });
}

// Retry loads the page again: a browser keeps a module import that failed as failed (current
// Chromium does), so importing the site data or a page chunk a second time in this document would
// fail without asking the server. The page is server-rendered: nothing the reader did is lost.
boot().catch((error: unknown) => showBootError(error, () => location.reload()));
