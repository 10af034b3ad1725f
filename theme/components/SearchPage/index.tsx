import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useClientLayoutEffect, useTheme } from '../../context.js';
import { format, plural } from '../../lib/format.js';
import { scopeFromParams, searchPageUrl, type ContextScope } from 'sitegen/theme/search-context';
import { loadSearch, resultHref, searchSiteOf, type LoadedIndex, type SearchEngine, type SearchResult } from '../../lib/search.js';
import { LoaderError } from '../LoaderError/index.js';
import { SearchElsewhere } from '../SearchElsewhere/index.js';
import { SearchResultItem } from '../SearchResult/index.js';
import { usePageTexts } from '../SearchResult/usePageTexts.js';
import { MAIN_ID } from '../SkipLink/index.js';
import type { VersionParts } from '../VersionDropdown/slot.js';

type Status = { kind: 'loading' } | { kind: 'ready'; engine: SearchEngine; index: LoadedIndex } | { kind: 'error'; error: unknown };

/** Results shown on the search page (the dropdown shows `searchResultLimits`). */
/** Results listed at first, and added by each 'Show more results'. */
const PAGE_STEP = 100;
/**
 * Excerpt length on the page, where there is room for more context than in the dropdown: about two
 * lines of the results column (the room each excerpt keeps, see styles.css), where a Chinese,
 * Japanese or Korean character takes about twice the width of a letter.
 */
const PAGE_EXCERPT = { cjk: 90, alphabetic: 160 };
const CJK_LANG_RE = /^(?:zh|ja|ko)\b/i;
/** Where the page's history entry keeps how many results it showed ('Show more results'), and for which list. */
const SHOWN_STATE = 'sgSearchShown';

/** How many results were shown of a list (a query in a scope and a docs version): `key` names the list. */
interface Shown {
  key: string;
  count: number;
}

/** The count of results the page's history entry kept (back, forward, a reload), or null. */
function readShown(): Shown | null {
  const kept = (history.state as Record<string, unknown> | null)?.[SHOWN_STATE] as Partial<Shown> | undefined;
  return kept && typeof kept.key === 'string' && typeof kept.count === 'number' && kept.count > 0 ? { key: kept.key, count: kept.count } : null;
}

/** Keeps the count of results shown in the page's history entry, beside the router's key (its address unchanged). */
function keepShown(shown: Shown): void {
  history.replaceState({ ...(history.state as object | null), [SHOWN_STATE]: shown }, '');
}
// How long typing pauses before the count is read out, as the search box's list does (SearchBar/Dropdown.tsx).
const ANNOUNCE_PAUSE_MS = 500;

/**
 * Page ids of the results in or near the viewport (all of them where IntersectionObserver is
 * missing): the search page fetches the texts of the results a reader can see, not of all 100.
 */
function useSeenPages(list: HTMLUListElement | null, results: SearchResult[]): Set<number> {
  const [seen, setSeen] = useState(() => new Set<number>());
  useEffect(() => {
    if (!list) return;
    if (typeof IntersectionObserver !== 'function') return setSeen(new Set(results.map((r) => r.page.i)));
    setSeen(new Set());
    const observer = new IntersectionObserver(
      (entries) => {
        const ids = entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.page));
        if (ids.length > 0) setSeen((s) => (ids.every((id) => s.has(id)) ? s : new Set([...s, ...ids])));
      },
      { rootMargin: '50% 0px' },
    );
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [list, results]);
  return seen;
}

/**
 * Puts back the place in the list that back, forward or a reload left (`data-sg-restored`, theme/lib/router.ts)
 * once the first results are drawn: when the router scrolled there, the list was still loading, so the
 * window stopped at the end of the short page and the browser's scroll anchoring then carried it elsewhere.
 */
function useRestoredPlace(drawn: boolean): void {
  const done = useRef(false);
  useClientLayoutEffect(() => {
    if (done.current || !drawn) return;
    done.current = true;
    const restored = document.documentElement.dataset.sgRestored;
    if (restored !== undefined) window.scrollTo(0, Number(restored));
  }, [drawn]);
}

let versionParts: () => VersionParts | null = () => null;

/**
 * The search page, handed the getter of the version parts by what loads it (pages.ts, server.tsx) rather than
 * importing it: a module the main bundle and this chunk both import is split into a chunk of its own (see
 * components/VersionDropdown/slot.ts).
 */
export function searchPage(getVersionParts: () => VersionParts | null): ComponentType {
  versionParts = getVersionParts;
  return SearchPage;
}

/** The search page: a box bound to `?q=` and every result, grouped under its page. */
function SearchPage() {
  const { site: wholeSite, strings, href, announce, route, router } = useTheme();
  // On a site with docs versions: the version whose docs are searched (`?version=`, else the reader's), chosen here too.
  const [asked, setAsked] = useState<string | null>(null);
  // The version parts are loaded on a site with versions before the page hydrates, and never elsewhere: the hook is always called or never.
  const parts = versionParts();
  const remembered = parts?.useRememberedVersion() ?? null;
  const versions = wholeSite.docsVersions;
  const version = versions?.find((v) => v.name === (asked ?? remembered)) ?? versions?.find((v) => v.last);
  const site = useMemo(() => searchSiteOf(wholeSite, version?.name), [wholeSite, version?.name]);
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState<ContextScope | undefined>(undefined);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  // 'Show more results' clicked: kept in the history entry, so that Back from a result shows as many as were shown,
  // and the router can put the reader back at the one they were reading.
  const [shown, setShown] = useState<Shown | null>(null);
  // An index that arrives for a version no longer searched is dropped: the page searches the remembered version
  // until it has read `?version=`, and the reader may choose another before the first index arrives.
  const searched = useRef(site);
  searched.current = site;
  const load = useCallback(() => {
    setStatus({ kind: 'loading' });
    loadSearch(site).then(
      ({ engine, index }) => searched.current === site && setStatus({ kind: 'ready', engine, index }),
      (error: unknown) => searched.current === site && setStatus({ kind: 'error', error }),
    );
  }, [site]);
  // The URL is the state: reload, back and forward all show the query they stand for, and so does a search from the
  // navbar. The box's own edits come back here too (`replace`): the text typed stays as it is where it means the same
  // (`deepl ` while the next word is on its way, spaces alone, which leave `?q=` out).
  useEffect(() => {
    const params = new URL(href, location.href).searchParams;
    const q = params.get('q') ?? '';
    setQuery((typed) => (typed.trim() === q.trim() ? typed : q));
    setScope(scopeFromParams(params, site.search.baseUrl));
    setAsked(params.get('version'));
    setShown(readShown());
  }, [href]);
  useEffect(load, [load]);

  const trimmed = query.trim();
  // The tab, the history list and a bookmark name what was searched, as the heading does: the page's own title while
  // the box is empty. Set after the router's, which sets the route's title on every navigation here.
  useEffect(() => {
    const suffix = route.documentTitle.startsWith(route.title) ? route.documentTitle.slice(route.title.length) : '';
    document.title = trimmed ? format(strings.search.resultsFor, { query: trimmed }) + suffix : route.documentTitle;
  }, [trimmed, route, strings]);
  // Every result: the count is of distinct pages (a page can head a group of full matches and one of
  // matches missing a term), and the list grows by PAGE_STEP at the reader's request.
  const all = useMemo(() => (status.kind === 'ready' && trimmed ? status.engine.searchIndex(status.index, trimmed, { limit: Infinity, scope }) : []), [status, trimmed, scope]);
  const pageCount = useMemo(() => new Set(all.map((r) => r.page.i)).size, [all]);
  const listKey = JSON.stringify([trimmed, scope?.path ?? '', scope?.outside === true, version?.name ?? '']);
  const wanted = shown?.key === listKey ? shown.count : PAGE_STEP;
  const results = useMemo(() => all.slice(0, groupEnd(all, wanted)), [all, wanted]);
  const excerptLength = CJK_LANG_RE.test(site.locale.htmlLang) ? PAGE_EXCERPT.cjk : PAGE_EXCERPT.alphabetic;
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const seen = useSeenPages(list, results);
  useRestoredPlace(results.length > 0);
  // 'Show more results' takes the keyboard to the first result it added: the button moves below them (and is
  // gone after the last ones), so left on it, Tab would skip every new result, or start again from the page's top.
  const firstAdded = useRef(-1);
  useEffect(() => {
    const link = list?.children[firstAdded.current]?.querySelector('a');
    firstAdded.current = -1;
    link?.focus();
  }, [list, results]);
  const texts = usePageTexts(site, status.kind === 'ready' ? status.engine : null, results.map((r) => r.page.i).filter((id) => seen.has(id)));
  // What a screen reader is told as the query changes: the count, or "No results", once typing pauses; never the
  // whole list again, nor a count for each letter typed.
  const said = status.kind === 'ready' && trimmed ? (results.length === 0 ? strings.search.noResults : plural(strings.search.resultCount, pageCount)) : null;
  useEffect(() => {
    if (said === null) return;
    const timer = window.setTimeout(() => announce(said, strings.lang), ANNOUNCE_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [said, trimmed, announce, strings.lang]);
  // The address follows what the page shows, through the router, whose `href` must follow it too: else a search from the
  // navbar for the query the page was opened with would lead to the address it believes it is at, and change nothing.
  const replace = (url: string) => (router ? router.replaceUrl(url) : history.replaceState(history.state, '', url));
  const onChange = (value: string) => {
    setQuery(value);
    replace(searchPageUrl(site.searchPath, value, scope, asked ?? undefined));
  };
  return (
    <div className="page-columns">
      <main id={MAIN_ID} tabIndex={-1} className="main page-content search-page">
        <div className="page-content-inner">
          <h1 className="page-title" lang={trimmed ? undefined : strings.lang}>{trimmed ? format(strings.search.resultsFor, { query: trimmed }) : strings.search.pageTitle}</h1>
          <form className="search-page-form" role="search" action={site.searchPath} method="get" onSubmit={(event) => event.preventDefault()}>
            <input
              className="search-page-input"
              type="search"
              name="q"
              value={query}
              onChange={(event) => onChange(event.target.value)}
              placeholder={strings.search.placeholder}
              aria-label={strings.search.label}
              autoComplete="off"
              spellCheck={false}
            />
            {versions && version && (
              <select
                className="search-page-version"
                aria-label={strings.versions.menu}
                value={version.name}
                onChange={(event) => {
                  const url = new URL(location.href);
                  url.searchParams.set('version', event.target.value);
                  parts?.rememberVersion(event.target.value);
                  setAsked(event.target.value);
                  replace(url.pathname + url.search);
                }}
              >
                {versions.map((v) => (
                  <option key={v.name} value={v.name}>
                    {v.label}
                  </option>
                ))}
              </select>
            )}
          </form>
          {scope && trimmed && (
            <p className="search-page-scope" lang={strings.lang}>
              <a href={searchPageUrl(site.searchPath, trimmed, undefined, asked ?? undefined)} onClick={(event) => (event.preventDefault(), setScope(undefined), replace(searchPageUrl(site.searchPath, trimmed, undefined, asked ?? undefined)))}>
                {strings.search.seeAll}
              </a>
            </p>
          )}
          <noscript>
            <p className="search-page-status" lang={strings.lang}>{strings.search.needsJs}</p>
          </noscript>
          <div className="search-page-results">
            {status.kind === 'loading' && trimmed && <p className="search-page-status" lang={strings.lang}>{strings.search.loading}</p>}
            {status.kind === 'ready' && trimmed && results.length === 0 && (
              <>
                <p className="search-page-status" lang={strings.lang}>{strings.search.noResults}</p>
                <SearchElsewhere site={site} strings={strings} query={trimmed} scope={scope} version={asked ?? undefined} className="search-page-elsewhere" engine={status.engine} />
              </>
            )}
            {status.kind === 'ready' && results.length > 0 && <p className="search-page-count" lang={strings.lang}>{plural(strings.search.resultCount, pageCount)}</p>}
            {status.kind === 'error' && <LoaderError error={status.error} onRetry={load} />}
            {status.kind === 'ready' && results.length > 0 && (
              <>
                <ul className="search-page-list" ref={setList}>
                  {results.map((result, i) => (
                    <li key={`${result.url}-${i}`} className={result.isIntermediate || result.isLast ? 'nested' : undefined} data-page={result.page.i}>
                      <a href={resultHref(site, result)}>
                        <SearchResultItem site={site} engine={status.engine} result={result} text={texts.get(result.page.i)} excerptLength={excerptLength} />
                        {result.type === 0 && <span className="search-page-category" lang={strings.lang}>{result.page.c === 1 ? strings.search.blog : strings.search.docs}</span>}
                      </a>
                    </li>
                  ))}
                </ul>
                {results.length < all.length && (
                  <button
                    type="button"
                    className="button button-secondary search-page-more"
                    lang={strings.lang}
                    onClick={() => {
                      firstAdded.current = results.length;
                      const more = { key: listKey, count: results.length + PAGE_STEP };
                      setShown(more);
                      keepShown(more);
                    }}
                  >
                    {strings.search.showMore}
                  </button>
                )}
              </>
            )}
            {!trimmed && status.kind !== 'error' && <p className="search-page-status js-only" lang={strings.lang}>{strings.search.typeToSearch}</p>}
          </div>
        </div>
      </main>
    </div>
  );
}

/** Where to cut a list of grouped results at about `wanted`: not inside a page's group of sections. */
function groupEnd(results: { type: number }[], wanted: number): number {
  let end = Math.min(wanted, results.length);
  while (end < results.length && results[end]!.type !== 0) end++;
  return end;
}
