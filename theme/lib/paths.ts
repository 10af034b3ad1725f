import type { LocaleConfig, SiteData } from 'sitegen/theme';
import { pageHref } from 'sitegen/theme/page-href';

/** A page's address as the site writes it, with the trailing slash where the config asks for it: the generator's own rule. */
export { pageHref };

type SitePaths = Pick<SiteData, 'baseUrl' | 'locales' | 'defaultLocale'>;

const INDEX_HTML_RE = /\/index\.html$/;
const MULTI_SLASH_RE = /\/{2,}/g;
/** Files a link may point at that are not routes: followed with a normal page load. */
const FILE_EXT_RE = /\.(?:xml|json|txt|svg|png|jpe?g|gif|webp|avif|ico|zip|crx|xpi|pdf|js|mjs|css|map|mp4|webm|mp3|woff2?)$/i;

/** `/en/docs/x/index.html` → `/en/docs/x/`; `//a//b` → `/a/b`. */
export function normalizePath(pathname: string): string {
  return pathname.replace(MULTI_SLASH_RE, '/').replace(INDEX_HTML_RE, '/');
}

/** The page-data file of a route path: `/en/docs/x` and `/en/docs/x/` → `/en/docs/x/page-data.json`. */
export function pageDataUrl(pathname: string): string {
  const path = normalizePath(pathname);
  return `${path.endsWith('/') ? path : `${path}/`}page-data.json`;
}

/** URL prefix of a locale: `/` or `/en/`. */
export function localePrefix(site: Pick<SiteData, 'baseUrl'>, locale: LocaleConfig): string {
  return site.baseUrl + (locale.path ? `${locale.path}/` : '');
}

/** The locale a path belongs to (the default one unless its first segment is a locale's path). */
export function localeOfPath(site: SitePaths, pathname: string): LocaleConfig {
  const rest = pathname.startsWith(site.baseUrl) ? pathname.slice(site.baseUrl.length) : pathname.replace(/^\//, '');
  const first = rest.split('/')[0];
  const fallback = site.locales.find((l) => l.code === site.defaultLocale) ?? site.locales[0];
  return site.locales.find((l) => l.path !== '' && l.path === first) ?? fallback;
}

/**
 * The same page in another locale: `/en/docs/x` → `/docs/x`. A page that the target locale does not
 * have (`available` lists the locales that do) leads to that locale's home page instead.
 */
export function switchLocalePath(site: SitePaths, pathname: string, target: LocaleConfig, available?: string[]): string {
  if (available && !available.includes(target.code)) return localePrefix(site, target);
  const from = localeOfPath(site, pathname);
  const prefix = localePrefix(site, from);
  const rest = normalizePath(pathname).startsWith(prefix) ? normalizePath(pathname).slice(prefix.length) : '';
  return localePrefix(site, target) + rest;
}

/** A page's path in the given locale, as the site writes it (`pageHref`): `('/docs/faqs/', en)` → `/en/docs/faqs/`. */
export function localizedPath(site: Pick<SiteData, 'baseUrl' | 'trailingSlash'>, locale: LocaleConfig, path: string): string {
  return pageHref(site, localePrefix(site, locale) + path.replace(/^\//, ''));
}

/** A page under another page's address, as the site writes it: `('/blog/', 'tags')` → `/blog/tags/`, `('/blog', 'tags')` → `/blog/tags`. */
export function pageUnder(site: Pick<SiteData, 'trailingSlash'>, base: string, rest: string): string {
  return pageHref(site, `${base.replace(/\/$/, '')}/${rest}`);
}

/**
 * Whether a URL is a route of the same site and locale that the client router can render
 * (other locales load their own site data, so they get a normal page load).
 */
export function isRouterUrl(site: SitePaths & { locale: LocaleConfig }, url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  const path = url.pathname;
  if (!path.startsWith(site.baseUrl) || FILE_EXT_RE.test(path)) return false;
  if (path.endsWith('.html') && !INDEX_HTML_RE.test(path)) return false;
  return localeOfPath(site, path).code === site.locale.code;
}

/** Two paths name the same route when they differ only by a trailing slash or `index.html`. */
export function samePath(a: string, b: string): boolean {
  return pathKey(a) === pathKey(b);
}

/** The form `samePath` compares: normalised, without a trailing slash (`/en/docs/x/` → `/en/docs/x`). */
export function pathKey(path: string): string {
  return normalizePath(path).replace(/\/$/, '') || '/';
}
