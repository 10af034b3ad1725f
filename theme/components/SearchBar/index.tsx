import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useTheme } from '../../context.js';
import { loadSearch, searchSiteOf } from '../../lib/search.js';
import { Icon } from '../Icon/index.js';
import type { DropdownHandle, DropdownProps, DropdownState } from './Dropdown.js';
import { rememberSearchUse, schedulePreload } from './preload.js';

let dropdownModule: Promise<ComponentType<DropdownProps>> | null = null;

/** The results dropdown, in its own chunk (with the engine behind it); retried after a failure. */
function loadDropdown(): Promise<ComponentType<DropdownProps>> {
  dropdownModule ??= import('./Dropdown.js').then(
    (m) => m.SearchDropdown,
    (error: unknown) => {
      dropdownModule = null;
      throw error;
    },
  );
  return dropdownModule;
}

/**
 * The navbar search box. Without JavaScript it is a GET form to the search page; with it, a
 * combobox whose results dropdown (and the search engine) load on first use. Ctrl/Cmd + K or `/`
 * focuses it; on narrow screens it opens over the navbar from an icon.
 */
export function SearchBar() {
  const { site: wholeSite, strings, route, router, href, announce } = useTheme();
  // On a versioned doc, category or tag page, the box searches that version's index (its docs, the blog and the pages).
  const version = 'version' in route.data ? route.data.version?.name : undefined;
  const site = useMemo(() => searchSiteOf(wholeSite, version), [wholeSite, version]);
  const listId = `${useId()}-list`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const handle = useRef<DropdownHandle>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [Dropdown, setDropdown] = useState<ComponentType<DropdownProps> | null>(null);
  const [combo, setCombo] = useState<DropdownState>({ expanded: false, activeId: undefined });
  const [isMac, setIsMac] = useState(false);

  // Engine, dropdown and index, fetched ahead of the first query (a hint: failures retry on use).
  const preload = useCallback(() => {
    loadDropdown().catch(() => undefined);
    loadSearch(site).catch(() => undefined);
  }, [site]);
  const activate = useCallback(() => {
    setOpen(true);
    preload();
    loadDropdown().then(
      (component) => setDropdown(() => component),
      () => {
        // Offline or a new deployment: Enter still leads to the search page.
      },
    );
  }, [preload]);

  useEffect(() => setIsMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);
  useEffect(() => {
    if (!site.search.searchBarShortcut) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // `/` too, as on VitePress and GitHub, unless it is text being typed (Shift is how some layouts type a `/`).
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented && !target.isContentEditable && !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
      if (slash || ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k')) {
        // Behind an open dialog (a phone's menu makes the rest of the page inert), the box could take no focus and
        // would be left open once the dialog closes: the shortcut is the dialog's to ignore.
        if (inputRef.current?.closest('[inert]')) return;
        event.preventDefault();
        // The navbar has no box on the search page (hideSearchBarOnSearchPage): the shortcut finds the page's own.
        const pageBox = inputRef.current ? null : document.querySelector<HTMLInputElement>('.search-page-input');
        if (pageBox) {
          pageBox.focus();
          pageBox.select();
          return;
        }
        preload();
        setExpanded(true);
        // Without scrolling: the box is in the sticky navbar, always in view, and the window's scroll-padding-top
        // (room under that bar) would have the browser scroll the page back up towards its top to show it.
        inputRef.current?.focus({ preventScroll: true });
        inputRef.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [site.search.searchBarShortcut, preload]);
  useEffect(() => (rootRef.current ? schedulePreload(rootRef.current, preload) : undefined), [preload]);
  useEffect(() => {
    if (!site.search.closeOnNavigate) return;
    setOpen(false);
    setExpanded(false);
  }, [href, site.search.closeOnNavigate]);
  useEffect(() => {
    // A press outside closes the list, and the box opened over a narrow navbar (its query kept): wherever it lands,
    // text that takes no focus too, as a press on the article (which does) always had.
    const onPointer = (event: Event) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setExpanded(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, []);
  useEffect(() => {
    if (expanded) inputRef.current?.focus({ preventScroll: true });
  }, [expanded]);

  if (site.search.hideSearchBarOnSearchPage && route.data.kind === 'search') return null;

  const close = () => setOpen(false);
  // The box opened over the navbar on a narrow screen closes back to its button, focus too (a no-op
  // on a desktop, where the button is hidden and the box stays, focused).
  const collapse = () => {
    setExpanded(false);
    toggleRef.current?.focus({ preventScroll: true });
  };
  const go = (url: string) => {
    setOpen(false);
    setExpanded(false);
    inputRef.current?.blur();
    if (router) router.navigate(url);
    else location.assign(url);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // While an input method composes (pinyin), Enter, the arrows and Escape are its own: choosing a
    // candidate must not open a result. (229: the key that ends a composition, in Safari.)
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (!open && event.key === 'ArrowDown' && query.trim()) {
      // The list closed with Escape comes back, as a combobox's does.
      event.preventDefault();
      setOpen(true);
      return;
    }
    if (open && handle.current?.onKeyDown(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape') {
      // The first Escape closes the list and keeps the text (a search input would clear it); the
      // next, or the first with no list shown, clears it and closes the box on a narrow screen.
      setOpen(false);
      if (open && query.trim()) event.preventDefault();
      else if (expanded) collapse();
    }
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (query.trim()) go(`${site.searchPath}?q=${encodeURIComponent(query.trim())}${version ? `&version=${encodeURIComponent(version)}` : ''}`);
  };
  return (
    <div
      className={expanded ? 'search expanded' : 'search'}
      ref={rootRef}
      // Focus gone to another control (Tab past the list): the list closes, and so does the box opened over a narrow
      // navbar, so that neither hides what has the focus now (WCAG 2.4.11). A click outside is the mousedown listener's
      // (one on the list's own text moves the focus nowhere, and keeps it open).
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !rootRef.current?.contains(next)) {
          setOpen(false);
          setExpanded(false);
        }
      }}
    >
      {/* Open, the box covers it: out of the Tab order (Shift+Tab from the box had focused it there, unseen), still focused by collapse(). */}
      <button type="button" className="navbar-icon-button search-toggle js-only" ref={toggleRef} aria-label={strings.search.label} tabIndex={expanded ? -1 : undefined} onClick={() => setExpanded(true)}>
        <Icon name="search" />
      </button>
      <a className="navbar-icon-button search-link" href={version ? `${site.searchPath}?version=${encodeURIComponent(version)}` : site.searchPath} aria-label={strings.search.label}>
        <Icon name="search" />
      </a>
      <form className="search-form" role="search" action={site.searchPath} method="get" onSubmit={onSubmit} aria-label={strings.search.label}>
        <Icon name="search" size={18} className="search-form-icon" />
        {/* Without JavaScript the form leads to the search page of the page's version, as Enter does with it. */}
        {version && <input type="hidden" name="version" value={version} />}
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
          aria-expanded={combo.expanded}
          aria-controls={combo.expanded ? listId : undefined}
          aria-activedescendant={combo.activeId}
          aria-keyshortcuts={site.search.searchBarShortcut ? 'Control+K Meta+K /' : undefined}
          onFocus={activate}
          onChange={(event) => {
            setQuery(event.target.value);
            if (!query && event.target.value) rememberSearchUse();
            activate();
          }}
          onKeyDown={onKeyDown}
        />
        {site.search.searchBarShortcutHint && site.search.searchBarShortcut && !query && (
          <kbd className="search-hint js-only" aria-hidden="true">
            {isMac ? '⌘' : 'Ctrl'} K
          </kbd>
        )}
        <button type="button" className="navbar-icon-button search-close js-only" aria-label={strings.search.close} onClick={collapse}>
          <Icon name="close" size={18} />
        </button>
        {Dropdown && <Dropdown site={site} strings={strings} announce={announce} query={query} path={route.path} version={version} open={open} listId={listId} handle={handle} onState={setCombo} onClose={close} onGo={go} />}
      </form>
    </div>
  );
}
