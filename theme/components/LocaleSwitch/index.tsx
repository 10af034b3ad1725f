import { useEffect, useRef, useState } from 'react';
import type { ClientRoute, LocaleConfig, SiteData } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { format } from '../../lib/format.js';
import { localePrefix, samePath, switchLocalePath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';

/** What the menu reads from the address in the browser: the query, the hash, and the path (which the not-found page does not know on the server). */
interface Here {
  search: string;
  hash: string;
  path: string | null;
}

const readHere = (): Here => ({ search: location.search, hash: location.hash, path: location.pathname });

/**
 * Where a language's entry leads: the same page in that locale with the query and the hash, or that
 * locale's home page when it does not have this page. The hash is kept for the headings whose ids both
 * languages share (`## 通用 {#general}`); where the other page has no such id, the router lands at its
 * top and drops the hash from the address. The not-found page leads to the other locale's form of the
 * path asked for (its home page until the browser has read that path), or that locale's home where this page stands at
 * that locale's own address (a host's one not-found page for the whole site).
 */
function localeTarget(site: SiteData, route: ClientRoute, locale: LocaleConfig, here: Here): string {
  if (route.data.kind === 'notFound') {
    if (!here.path) return localePrefix(site, locale);
    const target = switchLocalePath(site, here.path, locale);
    // A host with one not-found page for the whole site (GitHub Pages serves the root 404.html at /en/x too): this page at
    // another locale's address, whose entry would lead back here, to the same page in this language. That locale's home instead.
    return locale.code !== site.locale.code && samePath(target, here.path) ? localePrefix(site, locale) : target + here.search;
  }
  return switchLocalePath(site, route.path, locale, route.locales) + (!route.locales || route.locales.includes(locale.code) ? here.search + here.hash : '');
}

/** The language menu: a `<details>` element, so it opens without JavaScript too. */
export function LocaleSwitch() {
  const { site, strings, route, href } = useTheme();
  const ref = useRef<HTMLDetailsElement>(null);
  const [here, setHere] = useState<Here>({ search: '', hash: '', path: null });
  useEffect(() => setHere(readHere()), [href]);
  useDismiss(ref);
  return (
    // Opened, it reads the address again: a page may have changed its query without an event (the search page as you type).
    <details className="dropdown locale-switch" ref={ref} onToggle={() => setHere(readHere())}>
      <summary className="navbar-icon-button dropdown-toggle" aria-label={format(strings.navbar.language, { locale: site.locale.label })}>
        <Icon name="language" />
        <span className="locale-switch-label">{site.locale.label}</span>
      </summary>
      <ul className="dropdown-menu">
        {site.locales.map((locale) => {
          const current = locale.code === site.locale.code;
          return (
            <li key={locale.code}>
              <a
                className={current ? 'dropdown-link active' : 'dropdown-link'}
                href={localeTarget(site, route, locale, here)}
                hrefLang={locale.htmlLang}
                lang={locale.htmlLang}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => {
                  // The freshest query and hash, even if they changed without a route change.
                  event.currentTarget.href = localeTarget(site, route, locale, readHere());
                }}
              >
                {locale.label}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** Closes an open `<details>` menu on Escape or a click outside it. */
export function useDismiss(ref: React.RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const onPointer = (event: Event) => {
      const el = ref.current;
      if (el?.open && !el.contains(event.target as Node)) el.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current;
      if (event.key === 'Escape' && el?.open) {
        el.open = false;
        // In the sticky navbar, always in view: scrolling (to the window's scroll-padding-top) would lose the place read.
        el.querySelector('summary')?.focus({ preventScroll: true });
      }
    };
    document.addEventListener('click', onPointer);
    // The focus moved past the menu (Tab): it closes, so it covers nothing the focus goes to.
    document.addEventListener('focusin', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('focusin', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref]);
}
