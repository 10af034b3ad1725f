import { pathToFileURL } from 'node:url';
import type { ClientAssets } from '../assets/bundleClient.js';
import { scanHtml, type FoundLink } from '../links/scanHtml.js';
import { outputFileOf } from '../routes/planEntries.js';
import type { Route, SiteConfig, SiteData, ThemeServerModule } from '../types.js';
import { clientRouteOf, renderPage } from './renderPage.js';
import { fillSharedBlocks, sharedBlockSet, type SharedBlockSet } from './sharedBlocks.js';

/** What a worker needs to render pages of one build. */
export interface RenderSetup {
  config: SiteConfig;
  /** The bundled `theme/server.tsx` module (absolute path). */
  themeFile: string;
  siteData: Record<string, SiteData>;
  client: Omit<ClientAssets, 'files'>;
  /** URL of each locale's site data module. */
  siteDataUrls: Record<string, string>;
}

/** One rendered route: its HTML, page data, and what the link pass needs from it. */
export interface RenderedPage {
  /** Output file (`en/docs/x/index.html`). */
  file: string;
  /** URL path of the route. */
  path: string;
  html: string;
  /** `page-data.json` contents, or null for the 404 page. */
  pageData: string | null;
  ids: string[];
  links: FoundLink[];
}

/** A renderer of route batches bound to one build's setup (used in worker threads). */
export function createPageRenderer(setup: RenderSetup) {
  const theme: Promise<ThemeServerModule> = import(pathToFileURL(setup.themeFile).href);
  const shared = new Map<string, SharedBlockSet>();
  const sharedBlocksOf = (locale: string, make: () => SharedBlockSet['render']) => {
    let set = shared.get(locale);
    if (!set) shared.set(locale, (set = sharedBlockSet(make())));
    return set;
  };
  return async (routes: Route[]): Promise<RenderedPage[]> => {
    const module = await theme;
    return routes.map((route) => {
      const site = setup.siteData[route.locale];
      const blocks = module.sharedBlocks && sharedBlocksOf(route.locale, () => module.sharedBlocks!(site));
      const marked = renderPage(setup.config, module, site, route, { client: setup.client, siteDataUrl: setup.siteDataUrls[route.locale] }, !!blocks);
      // The page is scanned without its shared blocks, whose links were scanned once for all pages.
      const scan = scanHtml(marked);
      const { html, ids, links } = blocks ? fillSharedBlocks(marked, blocks, route.path) : { html: marked, ids: [], links: [] };
      return {
        file: outputFileOf(setup.config, route.path),
        path: route.path,
        html,
        pageData: route.data.kind === 'notFound' ? null : JSON.stringify(clientRouteOf(route)),
        ids: [...scan.ids, ...ids],
        links: links.length ? [...scan.links, ...links] : scan.links,
      };
    });
  };
}
