import { pathToFileURL } from 'node:url';
import type { ClientAssets } from '../assets/bundleClient.js';
import { scanHtml, type FoundLink } from '../links/scanHtml.js';
import { outputFileOf } from '../routes/planEntries.js';
import type { Route, SiteConfig, SiteData, ThemeServerModule } from '../types.js';
import { clientRouteOf, renderPage } from './renderPage.js';
import { displayPath, SitegenError } from '../diagnostics.js';

/** What a worker needs to render pages of one build. */
export interface RenderSetup {
  config: SiteConfig;
  /** The bundled `theme/server.tsx` module (absolute path). */
  themeFile: string;
  siteData: Record<string, SiteData>;
  client: Omit<ClientAssets, 'files'>;
  /** URL of each locale's site data module. */
  siteDataUrls: Record<string, string>;
  /** Per locale, the URL (a placeholder while rendering) of the blog's every-post list when it is a module apart. */
  blogSidebarUrls?: Record<string, string>;
}

/** One rendered route: its HTML, page data, and what the link pass needs from it. */
export interface RenderedPage {
  /** Output file (`en/docs/x/index.html`). */
  file: string;
  /** URL path of the route. */
  path: string;
  /** The page, with the theme's shared blocks still markers (sharedBlocks.ts); ids and links leave them out. */
  html: string;
  /** `page-data.json` contents, or null for the 404 page. */
  pageData: string | null;
  ids: string[];
  links: FoundLink[];
  /** The page's `<base href>` as written, when it has one (a page's markdown may): its relative links resolve from it. */
  base?: string;
  /** The links of the shared blocks the build filled in, one list per block (not in `links`). */
  shared?: FoundLink[][];
}

/** The `page-data.json` contents of a route: what the client router needs (none for the 404 page). */
export function pageDataOf(route: Route, site: SiteData): string | null {
  return route.data.kind === 'notFound' ? null : JSON.stringify(clientRouteOf(route, site));
}

/**
 * A renderer of route batches bound to one build's setup (used in worker threads). A theme's shared
 * blocks stay markers in the HTML it returns, left out of its ids and links: the build fills them in
 * (`fillSharedBlocks`) as it writes the page, so neither the thread's message nor the page cache
 * carries the same big block once per page.
 */
export function createPageRenderer(setup: RenderSetup) {
  const theme: Promise<ThemeServerModule> = import(pathToFileURL(setup.themeFile).href);
  return async (routes: Route[]): Promise<RenderedPage[]> => {
    const module = await theme;
    try {
      return renderRoutes(setup, module, routes);
    } catch (error) {
      throw await placedInTheme(setup, error);
    }
  };
}

function renderRoutes(setup: RenderSetup, module: ThemeServerModule, routes: Route[]): RenderedPage[] {
  return routes.map((route) => {
    const html = renderedByTheme(setup.config, route, () => renderPage(setup.config, module, setup.siteData[route.locale], route, { client: setup.client, siteDataUrl: setup.siteDataUrls[route.locale], blogSidebarUrl: setup.blogSidebarUrls?.[route.locale] }, !!module.sharedBlocks));
    const scan = scanHtml(html);
    return {
      file: outputFileOf(setup.config, route.path),
      path: route.path,
      html,
      pageData: pageDataOf(route, setup.siteData[route.locale]!),
      ids: [...scan.ids],
      links: scan.links,
      ...(scan.base !== undefined ? { base: scan.base } : {}),
    };
  });
}

/**
 * A theme component that throws while a page renders is the theme's error, not sitegen's: one line
 * naming the theme folder, the page and what was thrown (exit 1, nothing written), not a stack trace.
 */
function renderedByTheme(config: SiteConfig, route: Route, render: () => string): string {
  try {
    return render();
  } catch (error) {
    const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new SitegenError([{ severity: 'error', code: 'theme', file: displayPath(config.root, config.themeDir), message: `rendering ${route.path} threw ${thrown}`, hint: "a component of the theme failed on this page's data" }], 1, { cause: error });
  }
}

/** A theme's render error at the line of the theme's file it was thrown from, when that can be told (`themeErrorPlace`). */
async function placedInTheme(setup: RenderSetup, error: unknown): Promise<unknown> {
  if (!(error instanceof SitegenError) || error.diagnostics.length !== 1 || error.diagnostics[0]!.code !== 'theme' || error.cause === undefined) return error;
  const { themeErrorPlace } = await import('./loadTheme.js');
  const place = await themeErrorPlace(setup.config, setup.themeFile, error.cause);
  return place ? new SitegenError([{ ...error.diagnostics[0]!, ...place }], error.exitCode) : error;
}
