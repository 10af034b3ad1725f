import type { ComponentType } from 'react';
import type { ClientAssets } from '../assets/bundleClient.js';
import type { ClientRoute, LocaleConfig, PostAuthor, Route, SharedMarker, SiteConfig, SiteData, ThemeServerModule } from '../types.js';
import { asciiUrl } from '../asciiUrl.js';
import { faviconHref } from '../content/links.js';
import { sharedBlockMarker } from './sharedMarker.js';
import { DATA_ID, ROOT_ID } from './pageIds.js';
import { lazyRequire } from '../lazyRequire.js';

// React by `require`, as the theme's bundle gets it (the same module): `import` would first scan each
// for the names it exports, 3 ms of a build's start on the main thread.
const { createElement } = lazyRequire<typeof import('react')>('react')();
const { renderToString } = lazyRequire<typeof import('react-dom/server')>('react-dom/server')();

export interface PageAssets {
  client: Omit<ClientAssets, 'files'>;
  /** URL of this locale's site data module. */
  siteDataUrl: string;
  /** URL of the module of the blog's every-post list, when it is apart from the site data: preloaded by the blog's pages. */
  blogSidebarUrl?: string;
}

/** What the client needs to render a route; also the page-data file's contents. */
export function clientRouteOf(route: Route): ClientRoute {
  return {
    locale: route.locale,
    path: route.path,
    title: route.title,
    documentTitle: route.meta.documentTitle,
    data: route.data,
    html: route.html,
    blogSidebar: route.blogSidebar,
    ...(route.locales ? { locales: route.locales } : {}),
    ...(route.draft ? { draft: true as const } : {}),
    ...(route.unlisted ? { unlisted: true as const } : {}),
  };
}

/**
 * A complete HTML document for one route: head metadata, the theme's markup, hydration data. With
 * `shared`, the theme's shared blocks are markers still to be filled (sharedBlocks.ts).
 */
export function renderPage(config: SiteConfig, theme: ThemeServerModule, site: SiteData, route: Route, assets: PageAssets, shared = false): string {
  // The theme is given the marker function, so that it never imports the generator's modules.
  const clientRoute = clientRouteOf(route);
  const App = theme.App as ComponentType<{ site: SiteData; route: ClientRoute; shared?: SharedMarker }>;
  const body = renderToString(createElement(App, { site, route: clientRoute, shared: shared ? sharedBlockMarker : undefined }));
  // HTML blocks are already in the markup: the client reads them back from the DOM instead of a second copy.
  const inline = { route: { ...clientRoute, html: Object.fromEntries(Object.keys(route.html).map((k) => [k, ''])) }, siteDataUrl: assets.siteDataUrl };
  const locale = site.locale;
  return `<!DOCTYPE html>
<html lang="${attr(locale.htmlLang)}" dir="${locale.direction}" data-theme="${config.colorMode.defaultMode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${headTags(config, theme, route, locale, assets)}
</head>
<body>
${theme.noscriptHtml ?? ''}<div id="${ROOT_ID}">${body}</div>
<script id="${DATA_ID}" type="application/json">${scriptJson(inline)}</script>
</body>
</html>
`;
}

function headTags(config: SiteConfig, theme: ThemeServerModule, route: Route, locale: LocaleConfig, assets: PageAssets): string {
  const m = route.meta;
  const tags = [
    `<title>${text(m.documentTitle)}</title>`,
    `<meta name="description" content="${attr(m.description)}">`,
    m.keywords.length ? `<meta name="keywords" content="${attr(m.keywords.join(', '))}">` : '',
    m.noindex ? '<meta name="robots" content="noindex, follow">' : '',
    // A docs page (a doc, a category's generated index) names its language and its docs version (its own on a site with
    // versions, else `docs.versionName`) for search crawlers (DocSearch's facets).
    ...(route.data.kind === 'doc' || route.data.kind === 'generatedIndex' ? [`<meta name="docsearch:language" content="${attr(locale.code)}">`, `<meta name="docsearch:version" content="${attr(route.data.version?.name ?? config.docs.versionName)}">`] : []),
    `<link rel="canonical" href="${attr(m.canonical)}">`,
    ...m.alternates.map((a) => `<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}">`),
    `<meta property="og:type" content="${m.ogType}">`,
    `<meta property="og:site_name" content="${attr(config.title[locale.code])}">`,
    `<meta property="og:title" content="${attr(m.title)}">`,
    `<meta property="og:description" content="${attr(m.description)}">`,
    `<meta property="og:url" content="${attr(m.canonical)}">`,
    `<meta property="og:locale" content="${attr(locale.ogLocale)}">`,
    // The locales this page is translated into: its hreflang alternates (none on a page of one locale only).
    ...config.locales.filter((l) => l.code !== locale.code && m.alternates.some((a) => a.hreflang === l.htmlLang)).map((l) => `<meta property="og:locale:alternate" content="${attr(l.ogLocale)}">`),
    m.image ? `<meta property="og:image" content="${attr(m.image)}">` : '',
    ...articleTags(route),
    `<meta name="twitter:card" content="${m.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(m.title)}">`,
    `<meta name="twitter:description" content="${attr(m.description)}">`,
    m.image ? `<meta name="twitter:image" content="${attr(m.image)}">` : '',
    config.favicon ? `<link rel="icon" href="${attr(faviconHref(config))}">` : '',
    ...m.feeds.map((f) => `<link rel="alternate" type="${f.type}" title="${attr(f.title)}" href="${attr(f.href)}">`),
    m.markdown ? `<link rel="alternate" type="text/markdown" href="${attr(m.markdown)}">` : '',
    `<script>${inlineScript(theme.headScriptFor ? theme.headScriptFor(config.colorMode) : theme.headScript)}</script>`,
    assets.client.style ? `<link rel="stylesheet" href="${attr(assets.client.style)}">` : '',
    // The page is readable without its scripts, which only hydrate it: fetched after the stylesheet and images.
    ...[assets.client.script, ...assets.client.preload, assets.siteDataUrl, ...(route.blogSidebar && assets.blogSidebarUrl ? [assets.blogSidebarUrl] : [])].map((href) => `<link rel="modulepreload" fetchpriority="low" href="${attr(href)}">`),
    `<script type="module" fetchpriority="low" src="${attr(assets.client.script)}"></script>`,
    ...thirdPartyScripts(config),
    structuredData(config, route, locale),
  ];
  return tags.filter(Boolean).join('\n');
}

/** A post's Open Graph article tags: when it was published, and its tags. */
function articleTags(route: Route): string[] {
  if (route.data.kind !== 'post') return [];
  const { post } = route.data;
  return [`<meta property="article:published_time" content="${attr(post.dateTime ?? post.date)}">`, ...post.tags.map((tag) => `<meta property="article:tag" content="${attr(tag.label)}">`)];
}

/**
 * schema.org data for search engines, on the pages they show with it: the site's name on the home page
 * (WebSite), and a post's headline, dates, authors and image (BlogPosting). None on a page that is not
 * indexed, or whose canonical address is another page's (a fallback copy, `/home`).
 */
function structuredData(config: SiteConfig, route: Route, locale: LocaleConfig): string {
  const m = route.meta;
  if (m.noindex || m.canonical !== config.url + route.path) return '';
  let data: Record<string, unknown> | null = null;
  if (route.data.kind === 'home') data = { '@type': 'WebSite', name: config.title[locale.code], url: m.canonical, inLanguage: locale.htmlLang };
  if (route.data.kind === 'post') {
    const { post } = route.data;
    data = {
      '@type': 'BlogPosting',
      headline: m.title,
      description: m.description,
      datePublished: post.dateTime ?? post.date,
      ...(post.authors.length ? { author: post.authors.map((author) => person(config, author)) } : {}),
      ...(m.image ? { image: m.image } : {}),
      ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.label) } : {}),
      url: m.canonical,
      mainEntityOfPage: m.canonical,
      inLanguage: locale.htmlLang,
      publisher: { '@type': 'Organization', name: config.title[locale.code], url: config.url + config.baseUrl },
    };
  }
  return data ? `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...data })}</script>` : '';
}

/**
 * An author as schema.org's Person: their name, the page that tells who they are (their own address, else their
 * page on the blog; not a mail link) and their face, as absolute addresses, as the feeds give them.
 */
function person(config: SiteConfig, author: PostAuthor): Record<string, string> {
  const absolute = (href: string | undefined) => (href === undefined ? undefined : /^https?:/i.test(href) ? href : href.startsWith('/') ? config.url + asciiUrl(href) : undefined);
  const url = absolute(author.url) ?? absolute(author.page);
  const image = absolute(author.image);
  return { '@type': 'Person', name: author.name, ...(url ? { url } : {}), ...(image ? { image } : {}) };
}

/** Analytics, ads and extra scripts: each only when configured, none blocking rendering. */
function thirdPartyScripts(config: SiteConfig): string[] {
  const { trackingId, adClientId } = config.analytics;
  const out: string[] = [];
  if (trackingId) {
    out.push(`<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trackingId)}"></script>`);
    out.push(`<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${scriptJson(trackingId)},{send_page_view:false});</script>`);
  }
  if (adClientId) out.push(`<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(adClientId)}" crossorigin="anonymous"></script>`);
  for (const src of config.scripts) out.push(`<script defer src="${attr(src.startsWith('/') ? config.baseUrl + src.slice(1) : src)}"></script>`);
  return out;
}

/** Text for an HTML element body. */
export function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text for a double-quoted attribute. */
export function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;');
}

/** JSON that cannot end a `<script>` element or break a JS string (`</script>`, `<!--`, U+2028/2029). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** An inline script's source must not contain `</script`. */
function inlineScript(source: string): string {
  return source.replace(/<\/script/gi, '<\\/script');
}
