// Search contexts (config `search.searchContextByPaths`): path prefixes such as `docs/guides` that
// scope the dropdown of the pages under them. Also the path rule of `search.ignoreFiles`. Browser-safe.

const EDGE_SLASH_RE = /^\/+|\/+$/g;

/**
 * Whether a URL path is `entry` or below it, under the locale: `docs/faq` matches /docs/faq and
 * /en/docs/faq/x but not /docs/faqs/… (a plain string prefix would take the whole FAQ section).
 * `base`: the site's baseUrl, which the URL starts with (`/docs-site/en/docs/faq` under `/docs-site/`).
 */
export function isUnderPath(url: string, entry: string, base = '/'): boolean {
  let own = url.split(/[?#]/)[0]!;
  if (base !== '/' && own.startsWith(base)) own = own.slice(base.length - 1);
  else if (base !== '/' && `${own}/` === base) own = '/';
  const path = '/' + own.replace(EDGE_SLASH_RE, '') + '/';
  const rule = '/' + entry.replace(EDGE_SLASH_RE, '') + '/';
  if (rule === '//') return false;
  const at = path.indexOf(rule);
  // At the start, or right after a single locale segment (`/en`).
  return at === 0 || (at > 0 && path.lastIndexOf('/', at - 1) === 0);
}

/** The context a page belongs to: the first entry of `contexts` its path is under, or null. */
export function searchContextOf(url: string, contexts: string[], base = '/'): string | null {
  return contexts.find((entry) => isUnderPath(url, entry, base)) ?? null;
}

/** Where a search looks: inside a context, or everywhere but it; `base`, the site's baseUrl the page URLs start with. */
export interface ContextScope {
  path: string;
  outside?: boolean;
  base?: string;
}

/** Whether a result's page URL is within the scope. */
export function inScope(url: string, scope: ContextScope): boolean {
  return isUnderPath(url, scope.path, scope.base) !== !!scope.outside;
}

/**
 * Search page URL for a query, optionally scoped (`ctx`, and `outside=1` for the rest of the site), and on a site with
 * docs versions in a version (`version=10.x`: the search page searches that version's index, as the page searched from did).
 * A query of spaces alone is left out, the scope and the version kept (the search page's box emptied).
 */
export function searchPageUrl(searchPath: string, query: string, scope?: ContextScope, version?: string): string {
  const params = new URLSearchParams(query.trim() ? { q: query } : {});
  if (scope) params.set('ctx', scope.path);
  if (scope?.outside) params.set('outside', '1');
  if (version) params.set('version', version);
  const search = params.toString().replace(/\+/g, '%20');
  return search ? `${searchPath}?${search}` : searchPath;
}

/** The scope a search page URL asks for (`?ctx=…&outside=1`), or undefined; `base`: the site's baseUrl. */
export function scopeFromParams(params: URLSearchParams, base = '/'): ContextScope | undefined {
  const path = params.get('ctx')?.replace(EDGE_SLASH_RE, '');
  if (!path) return undefined;
  return { path, ...(params.get('outside') === '1' ? { outside: true } : {}), ...(base !== '/' ? { base } : {}) };
}
