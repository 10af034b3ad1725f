import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTheme } from '../../context.js';
import { loadSearch, resultHref, type LoadedIndex, type SearchEngine, type SearchResult } from '../../lib/search.js';
import { Icon } from '../Icon/index.js';
import { LoaderError } from '../LoaderError/index.js';
import { SearchResultItem } from '../SearchResult/index.js';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; engine: SearchEngine; index: LoadedIndex } | { kind: 'error'; error: unknown };

/**
 * The navbar search box: a combobox over the local index, loaded the first time the box is used.
 * Without JavaScript it is a plain GET form to the search page.
 */
export function SearchBar() {
  const { site, strings, route, router, href } = useTheme();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [active, setActive] = useState(-1);
  const [isMac, setIsMac] = useState(false);

  const ensureLoaded = useCallback(() => {
    if (status.kind === 'loading' || status.kind === 'ready') return;
    setStatus({ kind: 'loading' });
    loadSearch(site).then(
      ({ engine, index }) => setStatus({ kind: 'ready', engine, index }),
      (error: unknown) => setStatus({ kind: 'error', error }),
    );
  }, [site, status.kind]);

  const results: SearchResult[] = status.kind === 'ready' && query.trim() ? status.engine.searchIndex(status.index, query, { limit: site.search.searchResultLimits }) : [];

  useEffect(() => setActive(-1), [query]);
  useEffect(() => setIsMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);

  // Ctrl/Cmd + K focuses the box from anywhere.
  useEffect(() => {
    if (!site.search.searchBarShortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setExpanded(true);
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [site.search.searchBarShortcut]);

  // Close on a route change (closeOnNavigate) and on clicks outside.
  useEffect(() => {
    if (site.search.closeOnNavigate) {
      setOpen(false);
      setExpanded(false);
    }
  }, [href, site.search.closeOnNavigate]);
  useEffect(() => {
    const onPointer = (event: Event) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, []);

  if (site.search.hideSearchBarOnSearchPage && route.data.kind === 'search') return null;

  const go = (url: string) => {
    setOpen(false);
    setExpanded(false);
    inputRef.current?.blur();
    if (router) router.navigate(url);
    else location.assign(url);
  };
  const allResultsUrl = `${site.searchPath}?q=${encodeURIComponent(query.trim())}`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!results.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: the selection wraps through it.
      setActive((i) => {
        const next = i + step;
        return next >= results.length ? -1 : next < -1 ? results.length - 1 : next;
      });
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else {
        setExpanded(false);
        inputRef.current?.blur();
      }
    }
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = results[active];
    if (chosen) go(resultHref(site, chosen));
    else if (query.trim()) go(allResultsUrl);
  };

  const listId = `${id}-list`;
  const showDropdown = open && query.trim() !== '';
  const activeResult = active >= 0 && active < results.length;
  return (
    <div className={expanded ? 'search expanded' : 'search'}>
      <button type="button" className="navbar-icon-button search-toggle js-only" aria-label={strings.search.label} onClick={() => {
        setExpanded(true);
        requestAnimationFrame(() => inputRef.current?.focus());
      }}>
        <Icon name="search" />
      </button>
      <a className="navbar-icon-button search-link" href={site.searchPath} aria-label={strings.search.label}>
        <Icon name="search" />
      </a>
      <form ref={formRef} className="search-form" role="search" action={site.searchPath} method="get" onSubmit={onSubmit} aria-label={strings.search.label}>
        <Icon name="search" size={18} className="search-form-icon" />
        <input
          ref={inputRef}
          className="search-input"
          type="search"
          name="q"
          value={query}
          placeholder={strings.search.placeholder}
          aria-label={strings.search.label}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showDropdown && results.length > 0}
          aria-controls={showDropdown ? listId : undefined}
          aria-activedescendant={activeResult ? `${id}-option-${active}` : undefined}
          aria-keyshortcuts={site.search.searchBarShortcut ? 'Control+K Meta+K' : undefined}
          onFocus={() => {
            ensureLoaded();
            setOpen(true);
          }}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            ensureLoaded();
          }}
          onKeyDown={onKeyDown}
        />
        {site.search.searchBarShortcutHint && site.search.searchBarShortcut && !query && (
          <kbd className="search-hint js-only" aria-hidden="true">
            {isMac ? '⌘' : 'Ctrl'} K
          </kbd>
        )}
        <button type="button" className="navbar-icon-button search-close js-only" aria-label={strings.navbar.closeMenu} onClick={() => setExpanded(false)}>
          <Icon name="close" size={18} />
        </button>
        {showDropdown && (
          <div className="search-dropdown">
            {status.kind === 'loading' && <p className="search-status">{strings.search.loading}</p>}
            {status.kind === 'error' && <LoaderError error={status.error} onRetry={() => {
              setStatus({ kind: 'idle' });
              loadSearch(site).then(({ engine, index }) => setStatus({ kind: 'ready', engine, index }), (error: unknown) => setStatus({ kind: 'error', error }));
            }} />}
            {status.kind === 'ready' && results.length === 0 && <p className="search-status">{strings.search.noResults}</p>}
            <ul id={listId} role="listbox" aria-label={strings.search.results} className="search-options" hidden={!(status.kind === 'ready' && results.length > 0)}>
              {status.kind === 'ready' &&
                results.map((result, i) => (
                  <li
                    key={`${result.url}-${i}`}
                    id={`${id}-option-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className={i === active ? 'search-option active' : 'search-option'}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => go(resultHref(site, result))}
                  >
                    <SearchResultItem site={site} engine={status.engine} result={result} />
                  </li>
                ))}
            </ul>
            {status.kind === 'ready' && (
              <a className="search-see-all" href={allResultsUrl} onClick={() => setOpen(false)}>
                {strings.search.seeAll}
              </a>
            )}
          </div>
        )}
      </form>
    </div>
  );
}
