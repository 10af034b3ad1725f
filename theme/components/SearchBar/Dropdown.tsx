import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { Strings } from '../../i18n/types.js';
import { format, plural } from '../../lib/format.js';
import type { SiteData } from 'sitegen/theme';
import { searchContextOf, searchPageUrl, type ContextScope } from 'sitegen/theme/search-context';
import { loadSearch, resultHref, type LoadedIndex, type SearchEngine } from '../../lib/search.js';
import { LoaderError } from '../LoaderError/index.js';
import { SearchElsewhere } from '../SearchElsewhere/index.js';
import { SearchResultItem } from '../SearchResult/index.js';
import { usePageTexts } from '../SearchResult/usePageTexts.js';

type Status = { kind: 'loading' } | { kind: 'ready'; engine: SearchEngine; index: LoadedIndex } | { kind: 'error'; error: unknown };

/** What the search box's input needs from the dropdown: its keyboard handling. */
export interface DropdownHandle {
  /** Handles arrows, Enter on a chosen result and Escape; returns whether the key was used. */
  onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => boolean;
}

/** The combobox state the input mirrors in its ARIA attributes. */
export interface DropdownState {
  expanded: boolean;
  activeId: string | undefined;
}

export interface DropdownProps {
  site: SiteData;
  strings: Strings;
  /** Reads the result count out (the theme context's). */
  announce: (text: string, lang?: string) => void;
  query: string;
  /** Path of the current page: it decides the search context, if any. */
  path: string;
  /** The docs version searched (a versioned page's), which the search page is asked to search too. */
  version?: string;
  open: boolean;
  listId: string;
  handle: Ref<DropdownHandle>;
  onState: (state: DropdownState) => void;
  onClose: () => void;
  onGo: (url: string) => void;
}

/** How long typing pauses before the result count is read out, so each key press does not interrupt the last count. */
const ANNOUNCE_PAUSE_MS = 500;

/**
 * The results of the navbar search box: loads the engine and the index (once), lists the best
 * results grouped under their pages, and the 'See all results' link. Loaded on the first use of
 * the box, so pages that never search never download it. Results show at once; their excerpts when
 * the texts of their pages arrive (fetched for the pages listed only).
 */
export function SearchDropdown({ site, strings, announce, query, path, version, open, listId, handle, onState, onClose, onGo }: DropdownProps) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [active, setActive] = useState(-1);
  // An index that arrives for a version no longer searched is dropped, as on the search page: the box stays in the
  // navbar from a 9.x doc to a Next one, and 9.x's index, fetched from the network, may arrive after Next's came from cache.
  const searched = useRef(site);
  searched.current = site;
  const load = useCallback(() => {
    setStatus({ kind: 'loading' });
    loadSearch(site).then(
      ({ engine, index }) => searched.current === site && setStatus({ kind: 'ready', engine, index }),
      (error: unknown) => searched.current === site && setStatus({ kind: 'error', error }),
    );
  }, [site]);
  useEffect(load, [load]);
  useEffect(() => setActive(-1), [query]);

  const trimmed = query.trim();
  // Under a configured context (search.searchContextByPaths), the dropdown searches that context.
  const context = searchContextOf(path, site.search.searchContextByPaths, site.search.baseUrl);
  const scope: ContextScope | undefined = context ? { path: context, base: site.search.baseUrl } : undefined;
  const limit = site.search.searchResultLimits;
  // Searched once per query, not on every render (each page text that arrives renders the list again).
  const results = useMemo(
    () => (status.kind === 'ready' && trimmed ? status.engine.searchIndex(status.index, trimmed, { limit, scope }) : []),
    // `scope` is made from `context`.
    [status, trimmed, limit, context],
  );
  const shown = open && trimmed !== '';
  const texts = usePageTexts(site, status.kind === 'ready' ? status.engine : null, shown ? results.map((r) => r.page.i) : []);
  const expanded = shown && results.length > 0;
  const activeId = expanded && active >= 0 && active < results.length ? `${listId}-${active}` : undefined;
  // Before paint, in the same task as the key press: the input's aria-activedescendant never lags
  // behind the option marked selected (a screen reader reads both together).
  useLayoutEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);
  // The number of results (or "No results") read out once typing pauses: the list's appearing is not.
  const count = shown && status.kind === 'ready' ? results.length : -1;
  useEffect(() => {
    if (count < 0) return;
    const timer = window.setTimeout(() => announce(count === 0 ? strings.search.noResults : plural(strings.search.optionCount, count), strings.lang), ANNOUNCE_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [count, trimmed, strings, announce]);
  // The list scrolls (a long one is taller than the box): a result chosen with the arrow keys is scrolled
  // into sight, and the input chosen again (the selection wrapped) brings the top back. One the pointer
  // rests on is left where it is, so the list never moves under the pointer.
  const box = useRef<HTMLDivElement>(null);
  const byKey = useRef(false);
  useLayoutEffect(() => {
    const list = box.current;
    if (!byKey.current || !list) return;
    byKey.current = false;
    const option = activeId ? document.getElementById(activeId) : null;
    if (!option) {
      list.scrollTop = 0;
      return;
    }
    const [outer, inner] = [list.getBoundingClientRect(), option.getBoundingClientRect()];
    // Above the footer, which stays at the box's foot (or, scrolled to the end, comes after the list).
    const bottom = Math.min(outer.top + list.clientTop + list.clientHeight, list.querySelector('.search-footer')?.getBoundingClientRect().top ?? Infinity);
    if (inner.top < outer.top) list.scrollTop -= outer.top - inner.top;
    else if (inner.bottom > bottom) list.scrollTop += inner.bottom - bottom;
  }, [activeId]);

  useImperativeHandle(handle, () => ({
    onKeyDown(event) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!results.length) return false;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        byKey.current = true;
        // -1 is the input itself: the selection wraps through it.
        setActive((i) => {
          const next = i + step;
          return next >= results.length ? -1 : next < -1 ? results.length - 1 : next;
        });
        return true;
      }
      if (event.key === 'Enter' && results[active]) {
        onGo(resultHref(site, results[active]));
        return true;
      }
      return false;
    },
  }));

  if (!shown) return null;
  const footer = context
    ? [
        { href: searchPageUrl(site.searchPath, trimmed, { path: context }, version), label: format(strings.search.seeAllIn, { context }) },
        { href: searchPageUrl(site.searchPath, trimmed, { path: context, outside: true }, version), label: format(strings.search.seeOutside, { context }) },
      ]
    : [{ href: searchPageUrl(site.searchPath, trimmed, undefined, version), label: strings.search.seeAll }];
  return (
    <div className="search-dropdown" ref={box}>
      {status.kind === 'loading' && <p className="search-status" lang={strings.lang}>{strings.search.loading}</p>}
      {status.kind === 'error' && <LoaderError error={status.error} onRetry={load} />}
      {status.kind === 'ready' && results.length === 0 && (
        <>
          <p className="search-status" lang={strings.lang}>{strings.search.noResults}</p>
          <SearchElsewhere site={site} strings={strings} query={trimmed} scope={scope} version={version} onClick={onClose} engine={status.engine} />
        </>
      )}
      {status.kind === 'ready' && results.length > 0 && (
        <ul id={listId} role="listbox" aria-label={strings.search.results} className="search-options">
          {results.map((result, i) => (
            // A real link in the role of an option: Ctrl-, Shift- and middle-click and the context
            // menu open it elsewhere, as links do; a plain click goes there here, highlights and all.
            <li key={`${result.url}-${i}`} role="none">
              <a
                id={`${listId}-${i}`}
                role="option"
                href={resultHref(site, result)}
                tabIndex={-1}
                aria-selected={i === active}
                className={i === active ? 'search-option active' : 'search-option'}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => {
                  byKey.current = false;
                  setActive(i);
                }}
                onClick={(event) => {
                  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  onGo(resultHref(site, result));
                }}
              >
                <SearchResultItem site={site} engine={status.engine} result={result} text={texts.get(result.page.i)} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {/* Held at the box's foot while a long list scrolls under it. */}
      {status.kind === 'ready' && (
        <div className="search-footer" lang={strings.lang}>
          {footer.map((link) => (
            <a key={link.href} className="search-see-all" href={link.href} onClick={onClose}>
              {link.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
