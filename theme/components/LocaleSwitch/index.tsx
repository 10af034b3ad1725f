import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../context.js';
import { switchLocalePath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';

/**
 * The language menu: each entry leads to the same page in that locale, keeping the query and the
 * hash, or to that locale's home page when it does not have this page. A `<details>` element, so it
 * opens without JavaScript too.
 */
export function LocaleSwitch() {
  const { site, strings, route, href } = useTheme();
  const ref = useRef<HTMLDetailsElement>(null);
  const [suffix, setSuffix] = useState('');
  useEffect(() => {
    const update = () => setSuffix(location.search + location.hash);
    update();
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, [href]);
  useDismiss(ref);
  return (
    // Opened, it reads the address again: a page may have changed its query without an event (the search page as you type).
    <details className="dropdown locale-switch" ref={ref} onToggle={() => setSuffix(location.search + location.hash)}>
      <summary className="navbar-icon-button dropdown-toggle" aria-label={`${strings.navbar.language}: ${site.locale.label}`}>
        <Icon name="language" />
        <span className="locale-switch-label">{site.locale.label}</span>
      </summary>
      <ul className="dropdown-menu">
        {site.locales.map((locale) => {
          const samePage = !route.locales || route.locales.includes(locale.code);
          const target = switchLocalePath(site, route.path, locale, route.locales) + (samePage ? suffix : '');
          const current = locale.code === site.locale.code;
          return (
            <li key={locale.code}>
              <a
                className={current ? 'dropdown-link active' : 'dropdown-link'}
                href={target}
                hrefLang={locale.htmlLang}
                lang={locale.htmlLang}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => {
                  // The freshest query and hash, even if they changed without a route change.
                  if (samePage) event.currentTarget.href = switchLocalePath(site, route.path, locale) + location.search + location.hash;
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
        el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref]);
}
