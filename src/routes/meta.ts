import type { LocaleConfig, PageMeta, SiteConfig } from '../types.js';
import { localeUrlPath, urlPathOf } from './planEntries.js';
import { asciiUrl } from '../asciiUrl.js';
import { markdownCopyPath } from '../content/markdownCopy.js';

export interface MetaInput {
  locale: LocaleConfig;
  /** Path under the locale (`/docs/x`). */
  permalink: string;
  title: string;
  /** Empty for the site title alone (home). */
  isHome?: boolean;
  description?: string;
  keywords?: string[];
  image?: string;
  noindex?: boolean;
  ogType?: PageMeta['ogType'];
  /** Locales with a translation at this permalink (hreflang alternates; a fallback copy is not one). */
  availableIn: LocaleConfig[];
  /** Canonical permalink when different (`/home` → `/`). */
  canonicalPermalink?: string;
  /** The locale of the canonical URL when not the page's own: a fallback copy's is its original's. */
  canonicalLocale?: LocaleConfig;
  /** The page has a markdown copy beside it (`llms`, src/publish/llms.ts). */
  copy?: boolean;
}

/** Head metadata of one page: absolute URLs, hreflang alternates with x-default, feeds. */
export function pageMeta(config: SiteConfig, input: MetaInput): PageMeta {
  const siteTitle = config.title[input.locale.code];
  const absolute = (locale: LocaleConfig, permalink: string) => config.url + urlPathOf(config, locale, permalink);
  const canonicalPermalink = input.canonicalPermalink ?? input.permalink;
  const image = input.image ?? config.image;
  const alternates = input.availableIn.map((l) => ({ hreflang: l.htmlLang, href: absolute(l, canonicalPermalink) }));
  const fallback = input.availableIn.find((l) => l.code === config.defaultLocale);
  if (fallback) alternates.push({ hreflang: 'x-default', href: absolute(fallback, canonicalPermalink) });
  // The folder of the feeds, which keep their names whatever form the pages' addresses take (`trailingSlash`).
  const blog = config.url + localeUrlPath(config, input.locale, '/blog');
  return {
    documentTitle: input.isHome ? siteTitle : `${input.title} · ${siteTitle}`,
    // The share card's title: the site's own name on its home page ("Home" tells a reader nothing).
    title: input.isHome ? siteTitle : input.title,
    description: input.description || config.tagline[input.locale.code],
    keywords: input.keywords ?? [],
    image: image ? shareImageUrl(config, image) : '',
    canonical: absolute(input.canonicalLocale ?? input.locale, canonicalPermalink),
    alternates: input.availableIn.length > 1 ? alternates : [],
    noindex: input.noindex ?? false,
    ogType: input.ogType ?? 'website',
    feeds: [
      { type: 'application/rss+xml', title: `${siteTitle} RSS`, href: `${blog}/rss.xml` },
      { type: 'application/atom+xml', title: `${siteTitle} Atom`, href: `${blog}/atom.xml` },
      { type: 'application/feed+json', title: `${siteTitle} JSON Feed`, href: `${blog}/feed.json` },
    ],
    ...(input.copy ? { markdown: config.url + markdownCopyPath(localeUrlPath(config, input.locale, input.permalink)) } : {}),
  };
}

/**
 * A share image's absolute address: as given when it has one (on the site's scheme when written without one,
 * `//cdn.example/card.png`, as a share card needs a whole address), else under the site's address and `baseUrl`.
 */
export function shareImageUrl(config: Pick<SiteConfig, 'url' | 'baseUrl'>, image: string): string {
  if (image.startsWith('//')) return asciiUrl(`${new URL(config.url).protocol}${image}`);
  return asciiUrl(/^https?:/.test(image) ? image : config.url + config.baseUrl + image.replace(/^\//, ''));
}
