// Loaded with the first page the router goes to: a page's first visit has its head from the server.
import type { ClientRoute, SiteData } from 'sitegen/theme';
import { pageHead } from 'sitegen/theme/page-head';

/** The head elements that are a page's own (`pageHead`): each that the server writes for one page or another. */
const PAGE_HEAD = 'meta[name=description],meta[name=keywords],meta[name=robots],meta[name^="docsearch:"],link[rel=canonical],link[hreflang],meta[property^="og:"],meta[property^="article:"],meta[name^="twitter:"],link[type="text/markdown"],script[type="application/ld+json"]';

/** Puts a route's head elements (description, canonical and hreflang addresses, share cards, robots…) in place of the last page's, after `<title>` as the server writes them. */
export function setPageHead(site: SiteData, route: ClientRoute): void {
  const head = document.head;
  const made = pageHead(site, route).map(({ tag, attrs, json }) => {
    const el = document.createElement(tag);
    for (const name in attrs) el.setAttribute(name, attrs[name]!);
    if (json) el.textContent = JSON.stringify(json);
    return el;
  });
  for (const el of head.querySelectorAll(PAGE_HEAD)) el.remove();
  const title = head.querySelector('title');
  if (title) title.after(...made);
  else head.prepend(...made);
}
