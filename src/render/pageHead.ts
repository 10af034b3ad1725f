// The part of a page's <head> that changes from page to page (description, canonical and hreflang addresses, share
// cards, robots, schema.org data), made from its page data and its locale's site data: the server renders it into
// the page, and the client router puts it in place of the last page's after a navigation (`sitegen/theme/page-head`).
// Browser code: it imports nothing that needs Node.
import { asciiUrl } from '../asciiUrl.js';
import type { ClientRoute, LocaleConfig, PageMeta, PostAuthor, SiteData } from '../types.js';

/** What of a locale's site data a page's head is made from. */
export type HeadSite = Pick<SiteData, 'url' | 'image' | 'title' | 'tagline' | 'locale' | 'locales' | 'defaultLocale' | 'baseUrl' | 'docsVersionName' | 'markdownCopies'>;

/** What of its route a page's head is made from. */
export type HeadRoute = Pick<ClientRoute, 'path' | 'title' | 'data' | 'locales' | 'description' | 'keywords' | 'noindex' | 'image' | 'canonical' | 'hreflang' | 'markdown'>;

/** One element of the head: its tag, its attributes in order, and a script's JSON. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  json?: unknown;
}

/** A page's head facts, absolute addresses: what its page data leaves out is the default here. */
export type HeadFacts = Pick<PageMeta, 'title' | 'ogType' | 'description' | 'noindex' | 'image' | 'canonical' | 'alternates'> & { keywords: string; markdown: string };

/** `/` or `/en/`. */
const prefixOf = (site: Pick<HeadSite, 'baseUrl'>, locale: LocaleConfig) => site.baseUrl + (locale.path ? `${locale.path}/` : '');

/** Whether a route is a content file's page (a doc, a free page, a post), which has a markdown copy when the site makes them. */
const isEntry = (route: Pick<HeadRoute, 'data'>) => route.data.kind === 'doc' || route.data.kind === 'page' || route.data.kind === 'post';

/** A page's share title and type, description, share image, canonical address, hreflang alternates and markdown copy. */
export function headFacts(site: HeadSite, route: HeadRoute): HeadFacts {
  const path = route.canonical ?? route.path;
  // The canonical path under its locale's prefix (the longest that it starts with: a fallback copy's is its original's).
  const local = path.slice(Math.max(...site.locales.map((l) => prefixOf(site, l)).filter((p) => path.startsWith(p)).map((p) => p.length)));
  const codes = route.hreflang ?? route.locales;
  const translations = codes ? site.locales.filter((l) => codes.includes(l.code)) : site.locales;
  const href = (l: LocaleConfig) => site.url + prefixOf(site, l) + local;
  const alternates = translations.length > 1 ? translations.map((l) => ({ hreflang: l.htmlLang, href: href(l) })) : [];
  const fallback = translations.find((l) => l.code === site.defaultLocale);
  if (alternates.length && fallback) alternates.push({ hreflang: 'x-default', href: href(fallback) });
  const copy = route.markdown ?? (site.markdownCopies && isEntry(route) ? (route.path.endsWith('/') ? `${route.path}index.md` : `${route.path}.md`) : '');
  return {
    // The share card's title: the site's own name on its home page ("Home" tells a reader nothing).
    title: route.data.kind === 'home' ? site.title : route.title,
    ogType: route.data.kind === 'post' ? 'article' : 'website',
    description: route.description ?? site.tagline,
    keywords: route.keywords ?? '',
    noindex: !!route.noindex,
    image: route.image ?? site.image ?? '',
    canonical: site.url + path,
    alternates,
    markdown: copy && site.url + copy,
  };
}

const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { [key]: name, content } });

/** The page's head elements, in the order the server writes them. */
export function pageHead(site: HeadSite, route: HeadRoute): HeadTag[] {
  const f = headFacts(site, route);
  const { data } = route;
  const locale = site.locale;
  const tags: HeadTag[] = [meta('name', 'description', f.description)];
  if (f.keywords) tags.push(meta('name', 'keywords', f.keywords));
  if (f.noindex) tags.push(meta('name', 'robots', 'noindex, follow'));
  // A docs page (a doc, a category's generated index) names its language and its docs version (its own on a site with
  // versions, else `docs.versionName`) for search crawlers (DocSearch's facets).
  if (data.kind === 'doc' || data.kind === 'generatedIndex') tags.push(meta('name', 'docsearch:language', locale.code), meta('name', 'docsearch:version', data.version?.name ?? site.docsVersionName));
  tags.push({ tag: 'link', attrs: { rel: 'canonical', href: f.canonical } });
  for (const a of f.alternates) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: a.hreflang, href: a.href } });
  tags.push(meta('property', 'og:type', f.ogType), meta('property', 'og:site_name', site.title), meta('property', 'og:title', f.title), meta('property', 'og:description', f.description), meta('property', 'og:url', f.canonical), meta('property', 'og:locale', locale.ogLocale));
  // The locales this page is translated into: its hreflang alternates (none on a page of one locale only).
  for (const l of site.locales) if (l.code !== locale.code && f.alternates.some((a) => a.hreflang === l.htmlLang)) tags.push(meta('property', 'og:locale:alternate', l.ogLocale));
  if (f.image) tags.push(meta('property', 'og:image', f.image));
  if (data.kind === 'post') tags.push(meta('property', 'article:published_time', data.post.dateTime ?? data.post.date), ...data.post.tags.map((tag) => meta('property', 'article:tag', tag.label)));
  tags.push(meta('name', 'twitter:card', f.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', f.title), meta('name', 'twitter:description', f.description));
  if (f.image) tags.push(meta('name', 'twitter:image', f.image));
  if (f.markdown) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'text/markdown', href: f.markdown } });
  const json = structuredData(site, route, f);
  if (json) tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, json });
  return tags;
}

/**
 * schema.org data for search engines, on the pages they show with it: the site's name on the home page
 * (WebSite), and a post's headline, dates, authors and image (BlogPosting). None on a page that is not
 * indexed, or whose canonical address is another page's (a fallback copy, `/home`).
 */
function structuredData(site: HeadSite, route: HeadRoute, f: HeadFacts): Record<string, unknown> | null {
  if (f.noindex || f.canonical !== site.url + route.path) return null;
  const { data } = route;
  const inLanguage = site.locale.htmlLang;
  if (data.kind === 'home') return { '@context': 'https://schema.org', '@type': 'WebSite', name: site.title, url: f.canonical, inLanguage };
  if (data.kind !== 'post') return null;
  const { post } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: f.title,
    description: f.description,
    datePublished: post.dateTime ?? post.date,
    ...(post.authors.length ? { author: post.authors.map((author) => person(site, author)) } : {}),
    ...(f.image ? { image: f.image } : {}),
    ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.label) } : {}),
    url: f.canonical,
    mainEntityOfPage: f.canonical,
    inLanguage,
    publisher: { '@type': 'Organization', name: site.title, url: site.url + site.baseUrl },
  };
}

/**
 * An author as schema.org's Person: their name, the page that tells who they are (their own address, else their
 * page on the blog; not a mail link) and their face, as absolute addresses, as the feeds give them.
 */
function person(site: HeadSite, author: PostAuthor): Record<string, string> {
  const absolute = (href: string | undefined) => (href === undefined ? undefined : /^https?:/i.test(href) ? href : href.startsWith('/') ? site.url + asciiUrl(href) : undefined);
  const url = absolute(author.url) ?? absolute(author.page);
  const image = absolute(author.image);
  return { '@type': 'Person', name: author.name, ...(url ? { url } : {}), ...(image ? { image } : {}) };
}
