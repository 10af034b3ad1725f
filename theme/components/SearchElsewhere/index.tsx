import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LocaleConfig, SiteData } from 'sitegen/theme';
import { searchPageUrl, type ContextScope } from 'sitegen/theme/search-context';
import type { Strings } from '../../i18n/types.js';
import type { SearchEngine } from '../../lib/search.js';
import { CJK_RE, format } from '../../lib/format.js';
import { switchLocalePath } from '../../lib/paths.js';

/** The units a query's script is judged by: each Chinese character and kana (a word or a syllable), each run of other letters (a word). */
const QUERY_UNIT_RE = /[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}]|[^\P{L}\p{sc=Han}\p{sc=Hira}\p{sc=Kana}]+/gu;
/** The Unicode scripts of the ISO 15924 codes that name a writing system of several (`Intl.Locale` gives those for zh, ja and ko). */
const SCRIPT_LETTERS: Record<string, string[]> = { Hans: ['Han'], Hant: ['Han'], Jpan: ['Han', 'Hira', 'Kana'], Kore: ['Hang', 'Han'] };

/** The script a locale's pages are written in, by its `htmlLang` (`zh-CN`: Hans, `en`: Latn), or null for a tag Intl cannot read. */
function scriptOf(locale: LocaleConfig): string | null {
  try {
    return new Intl.Locale(locale.htmlLang).maximize().script ?? null;
  } catch {
    return null;
  }
}

/** Whether a unit of a query is written in a script (ISO 15924, as `scriptOf` gives it); an unknown script has no letters. */
function inScript(unit: string, script: string): boolean {
  try {
    return (SCRIPT_LETTERS[script] ?? [script]).some((name) => new RegExp(`^\\p{sc=${name}}`, 'u').test(unit));
  } catch {
    return false;
  }
}

/**
 * The other locales whose search may find what a query found nothing for here: those written in another script than this
 * locale's that most of the query's units are written in (截图翻译 on an English page: the Chinese locale), in the config's
 * order. A query that holds any letter of this locale's script is this locale's, unless that script is Latin: Latin words
 * (DeepL, API) are written on the pages of every script, so they tell nothing of the language of a query beside others.
 */
export function elsewhereLocales(site: Pick<SiteData, 'locale' | 'locales'>, query: string): LocaleConfig[] {
  const units = query.match(QUERY_UNIT_RE) ?? [];
  const own = scriptOf(site.locale);
  if (units.length === 0 || !own || (own !== 'Latn' && units.some((unit) => inScript(unit, own)))) return [];
  return site.locales.filter((locale) => {
    const script = scriptOf(locale);
    return script && script !== own && units.filter((unit) => inScript(unit, script)).length * 2 > units.length;
  });
}

/**
 * The search page of another locale for the query, in the same context and docs version (each locale has the same
 * contexts, paths under it, and the same versions): `/search?q=截图翻译` from `/en/search?q=截图翻译`.
 */
export function elsewhereUrl(site: Pick<SiteData, 'baseUrl' | 'locales' | 'defaultLocale' | 'searchPath'>, locale: LocaleConfig, query: string, scope?: ContextScope, version?: string): string {
  return searchPageUrl(switchLocalePath(site, site.searchPath, locale), query.trim(), scope, version);
}

/**
 * Another locale's index of what `site` searches: the same file under that locale's path, of the same docs version
 * (`/en/search-index-docs-9.x.json` → `/search-index-docs-9.x.json`), its query kept.
 */
export function elsewhereIndexUrl(site: Pick<SiteData, 'baseUrl' | 'locales' | 'defaultLocale' | 'search'>, locale: LocaleConfig): string {
  const url = site.search.indexUrl;
  const at = url.search(/[?#]/);
  return at === -1 ? switchLocalePath(site, url, locale) : switchLocalePath(site, url.slice(0, at), locale) + url.slice(at);
}

/** What `localesWithResults` needs of the engine (the shared fetcher, and the search itself). */
export type ElsewhereEngine = Pick<SearchEngine, 'fetchSearchIndex' | 'searchIndex'>;

/**
 * Of `locales`, those whose index finds `query` (in `scope`), in their order: each index is fetched once, when a query
 * first finds nothing here. A locale whose index fails to load keeps its link: a request that failed tells nothing of
 * what it would find, and its search page says so itself.
 */
export async function localesWithResults(
  engine: ElsewhereEngine,
  site: Pick<SiteData, 'baseUrl' | 'locales' | 'defaultLocale' | 'search'>,
  locales: LocaleConfig[],
  query: string,
  { scope, pageOrigin, fetch }: { scope?: ContextScope; pageOrigin: string; fetch?: Parameters<SearchEngine['fetchSearchIndex']>[1]['fetch'] },
): Promise<LocaleConfig[]> {
  const finds = await Promise.all(
    locales.map((locale) =>
      engine.fetchSearchIndex(elsewhereIndexUrl(site, locale), fetch ? { pageOrigin, fetch } : { pageOrigin }).then(
        (index) => engine.searchIndex(index, query, { limit: 1, ...(scope ? { scope } : {}) }).length > 0,
        () => true,
      ),
    ),
  );
  return locales.filter((_, i) => finds[i]);
}

/** The locales the query looks written for whose search finds it; none until their indexes have answered. */
function useLocalesWithResults(engine: ElsewhereEngine | undefined, site: SiteData, query: string, scope: ContextScope | undefined): LocaleConfig[] {
  const candidates = useMemo(() => elsewhereLocales(site, query), [site, query]);
  const key = JSON.stringify([query, scope ?? null, site.search.indexUrl, candidates.map((l) => l.code)]);
  const [found, setFound] = useState<{ key: string; locales: LocaleConfig[] } | null>(null);
  useEffect(() => {
    if (!engine || candidates.length === 0) return;
    let current = true;
    void localesWithResults(engine, site, candidates, query, { scope, pageOrigin: location.href }).then((locales) => current && setFound({ key, locales }));
    return () => {
      current = false;
    };
    // `key` stands for the query, the scope, the index and the candidates.
  }, [engine, key]);
  return found?.key === key ? found.locales : [];
}

export interface SearchElsewhereProps {
  site: SiteData;
  strings: Strings;
  /** The query, which found nothing here. */
  query: string;
  scope?: ContextScope;
  version?: string;
  className?: string;
  onClick?: () => void;
  /** The search engine, already loaded for this locale's search: it loads the other locales' indexes and searches them. */
  engine?: ElsewhereEngine;
}

/**
 * Under 'No results': a link to the search of each locale the query looks written for (`elsewhereLocales`) and whose
 * index finds it (`localesWithResults`: a link to another 'No results' helps no one), "Search the 简体中文 site for
 * “截图翻译”". Nothing for any other query, nor while those indexes load.
 */
export function SearchElsewhere(props: SearchElsewhereProps) {
  const locales = useLocalesWithResults(props.engine, props.site, props.query.trim(), props.scope);
  return <ElsewhereLinks {...props} locales={locales} />;
}

/** The links of `SearchElsewhere` to `locales`, the locale named by its label as the language menu names it. */
export function ElsewhereLinks({ site, strings, query, scope, version, className, onClick, locales }: Omit<SearchElsewhereProps, 'engine'> & { locales: LocaleConfig[] }) {
  const trimmed = query.trim();
  const template = strings.search.searchElsewhere as string | undefined;
  // Texts ejected (`sitegen theme eject i18n`) before this one existed: no link, rather than a search that breaks.
  if (!template) return null;
  if (locales.length === 0) return null;
  return (
    <ul className={className ? `search-elsewhere ${className}` : 'search-elsewhere'}>
      {locales.map((locale) => (
        <li key={locale.code}>
          <a href={elsewhereUrl(site, locale, trimmed, scope, version)} hrefLang={locale.htmlLang} onClick={onClick}>
            {fillParts(template, { locale: locale.label, query: trimmed }, locale.htmlLang)}
          </a>
        </li>
      ))}
    </ul>
  );
}

const MARK = '\u0000';

/**
 * `format(template, values)` with each value in a span of the other locale's language (`lang`), so that a screen reader
 * reads 简体中文 and 截图翻译 in Chinese inside an English sentence. A space beside a value is dropped where both sides
 * are Chinese, as `format` sets it.
 */
function fillParts(template: string, values: Record<string, string>, lang: string): ReactNode[] {
  const names = Object.keys(values);
  const pieces = format(template, Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]))).split(MARK);
  const valueAt = (k: number) => (k % 2 === 1 ? values[names[Number(pieces[k])]!]! : null);
  return pieces.map((piece, k) => {
    const value = valueAt(k);
    if (value !== null) return <span key={k} lang={lang}>{value}</span>;
    const [before, after] = [valueAt(k - 1), valueAt(k + 1)];
    let text = piece;
    if (before && text.startsWith(' ') && CJK_RE.test(before.at(-1)!) && CJK_RE.test(text[1] ?? '')) text = text.slice(1);
    if (after && text.endsWith(' ') && CJK_RE.test(after[0]!) && CJK_RE.test(text.at(-2) ?? '')) text = text.slice(0, -1);
    return text;
  });
}
