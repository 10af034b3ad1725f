/** The last segment of a path names a file by its extension, one with a letter (`img/card.png`, `guide.pdf`; not `v11.6`): not a page. */
export const FILE_NAME_RE = /(^|\/)[^/]*[^/.]\.(?=[A-Za-z0-9]{0,9}[A-Za-z])[A-Za-z0-9]{1,10}$/;

/**
 * A page's address as the site writes it, from its URL path (a query and a fragment after it are kept): with a
 * trailing slash when `trailingSlash` is on (`/docs/x` → `/docs/x/`, `/docs/x#a` → `/docs/x/#a`), as a static host
 * serves `docs/x/index.html`; as given when it is off, and for a file's path (`/404.html`, `/blog/rss.xml`).
 */
export function pageHref(config: { trailingSlash?: boolean }, path: string): string {
  if (!config.trailingSlash) return path;
  const cut = path.search(/[?#]/);
  const own = cut === -1 ? path : path.slice(0, cut);
  if (own === '' || own.endsWith('/') || FILE_NAME_RE.test(own)) return path;
  return `${own}/${cut === -1 ? '' : path.slice(cut)}`;
}
