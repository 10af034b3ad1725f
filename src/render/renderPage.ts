import type { ComponentType } from 'react';
import type { ClientAssets } from '../assets/bundleClient.js';
import type { ClientRoute, Route, SharedMarker, SiteConfig, SiteData, ThemeServerModule } from '../types.js';
import { sameJson } from '../sameJson.js';
import { headFacts, pageHead, type HeadSite, type HeadTag } from './pageHead.js';
import { faviconHref } from '../content/links.js';
import { sharedBlockMarker } from './sharedMarker.js';
import { DATA_ID, ROOT_ID } from './pageIds.js';
import { lazyRequire } from '../lazyRequire.js';
import { reactServer } from './reactServer.js';

// React by `require`, as the theme's bundle gets it (the same module): `import` would first scan each
// for the names it exports, 3 ms of a build's start on the main thread.
const { createElement } = lazyRequire<typeof import('react')>('react')();
const { renderToString } = reactServer();

export interface PageAssets {
  client: Omit<ClientAssets, 'files'>;
  /** URL of this locale's site data module. */
  siteDataUrl: string;
  /** URL of the module of the blog's every-post list, when it is apart from the site data: preloaded by the blog's pages. */
  blogSidebarUrl?: string;
}

/** Client routes made, by route: a page's HTML and its page data are made of the same one. */
const clientRoutes = new WeakMap<Route, { site: HeadSite; made: ClientRoute }>();

/** What the client needs to render a route; also the page-data file's contents. */
export function clientRouteOf(route: Route, site: HeadSite): ClientRoute {
  const known = clientRoutes.get(route);
  if (known?.site === site) return known.made;
  const made = newClientRoute(route, site);
  clientRoutes.set(route, { site, made });
  return made;
}

function newClientRoute(route: Route, site: HeadSite): ClientRoute {
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
    ...headDataOf(route, site),
  };
}

/**
 * The head's facts of a route that its page data carries: those its path, data and site data do not give
 * (`headFacts`). The page's head is made from that page data (`pageHead`), so that the client router, which
 * has nothing else, makes the same: a route whose head it would make otherwise is a bug of sitegen's, thrown.
 * What the page data gives is taken as it is; what is derived (the card's title and type, the alternates of the
 * locales named) is compared.
 */
function headDataOf(route: Route, site: HeadSite): HeadData {
  const m = route.meta;
  const base = { path: route.path, title: route.title, data: route.data, locales: route.locales };
  let derived = headFacts(site, base);
  const out: HeadData = {};
  if (m.description !== derived.description) out.description = m.description;
  if (m.keywords.length) out.keywords = m.keywords.join(', ');
  if (m.noindex) out.noindex = true;
  if (m.image !== derived.image) out.image = m.image;
  if ((m.markdown ?? '') !== derived.markdown) out.markdown = m.markdown ? m.markdown.slice(site.url.length) : '';
  // Another canonical address (a fallback copy's, `/home`'s) moves the alternates with it.
  if (m.canonical !== derived.canonical) derived = headFacts(site, { ...base, canonical: (out.canonical = m.canonical.slice(site.url.length)) });
  if (!sameJson(m.alternates, derived.alternates)) {
    out.hreflang = site.locales.filter((l) => m.alternates.some((a) => a.hreflang === l.htmlLang)).map((l) => l.code);
    derived = headFacts(site, { ...base, ...out });
  }
  if (derived.title !== m.title || derived.ogType !== m.ogType || !sameJson(derived.alternates, m.alternates)) {
    throw new Error(`the head of ${route.path} cannot be made from its page data: ${JSON.stringify([derived.title, derived.ogType, derived.alternates])} in place of ${JSON.stringify([m.title, m.ogType, m.alternates])}`);
  }
  return out;
}

type HeadData = Pick<ClientRoute, 'description' | 'keywords' | 'noindex' | 'image' | 'canonical' | 'hreflang' | 'markdown'>;

/**
 * A complete HTML document for one route: head metadata, the theme's markup, hydration data. With
 * `shared`, the theme's shared blocks are markers still to be filled (sharedBlocks.ts).
 */
export function renderPage(config: SiteConfig, theme: ThemeServerModule, site: SiteData, route: Route, assets: PageAssets, shared = false): string {
  // The theme is given the marker function, so that it never imports the generator's modules.
  const clientRoute = clientRouteOf(route, site);
  const App = theme.App as ComponentType<{ site: SiteData; route: ClientRoute; shared?: SharedMarker }>;
  const body = renderToString(createElement(App, { site, route: clientRoute, shared: shared ? sharedBlockMarker : undefined }));
  // HTML blocks are already in the markup, the description and keywords in the head: the client reads them back
  // from the DOM instead of a second copy.
  const { description: _description, keywords: _keywords, ...kept } = clientRoute;
  const inline = { route: { ...kept, html: Object.fromEntries(Object.keys(route.html).map((k) => [k, ''])) }, siteDataUrl: assets.siteDataUrl };
  const locale = site.locale;
  return `<!DOCTYPE html>
<html lang="${attr(locale.htmlLang)}" dir="${locale.direction}" data-theme="${config.colorMode.defaultMode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${headTags({ config, theme, route, clientRoute, site, assets })}
</head>
<body>
${theme.noscriptHtml ?? ''}<div id="${ROOT_ID}">${body}</div>
<script id="${DATA_ID}" type="application/json">${scriptJson(inline)}</script>
</body>
</html>
`;
}

interface HeadInput {
  config: SiteConfig;
  theme: ThemeServerModule;
  route: Route;
  clientRoute: ClientRoute;
  site: SiteData;
  assets: PageAssets;
}

function headTags({ config, theme, route, clientRoute, site, assets }: HeadInput): string {
  const tags = [
    `<title>${text(route.meta.documentTitle)}</title>`,
    // What changes from page to page, made as the client router makes it after a navigation.
    ...pageHead(site, clientRoute).map(headTagHtml),
    config.favicon ? `<link rel="icon" href="${attr(faviconHref(config))}">` : '',
    ...route.meta.feeds.map((f) => `<link rel="alternate" type="${f.type}" title="${attr(f.title)}" href="${attr(f.href)}">`),
    `<script>${inlineScript(theme.headScriptFor ? theme.headScriptFor(config.colorMode) : theme.headScript)}</script>`,
    assets.client.style ? `<link rel="stylesheet" href="${attr(assets.client.style)}">` : '',
    // The page is readable without its scripts, which only hydrate it: fetched after the stylesheet and images.
    ...[assets.client.script, ...assets.client.preload, assets.siteDataUrl, ...(route.blogSidebar && assets.blogSidebarUrl ? [assets.blogSidebarUrl] : [])].map((href) => `<link rel="modulepreload" fetchpriority="low" href="${attr(href)}">`),
    `<script type="module" fetchpriority="low" src="${attr(assets.client.script)}"></script>`,
    ...thirdPartyScripts(config),
  ];
  return tags.filter(Boolean).join('\n');
}

/** One head element's HTML; a script's JSON made safe to inline. */
function headTagHtml(tag: HeadTag): string {
  let attrs = '';
  for (const name in tag.attrs) attrs += ` ${name}="${attr(tag.attrs[name]!)}"`;
  return tag.tag === 'script' ? `<script${attrs}>${scriptJson(tag.json)}</script>` : `<${tag.tag}${attrs}>`;
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
