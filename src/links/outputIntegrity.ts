// What a build writes besides the links between its pages, checked as the browser, the client router
// and crawlers use it: files no link of a page names, or names only from a script, so that neither our
// link pass nor the crawl would miss them. One diagnostic per cause, however many pages it breaks.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_ID } from '../render/pageIds.js';
import { outputFileOf } from '../routes/planEntries.js';
import type { Diagnostic, Route, SiteConfig } from '../types.js';
import { normalisePath } from './checkLinks.js';

export interface OutputPage {
  /** Output file, relative to the output folder (`docs/x/index.html`). */
  file: string;
  html: string;
  /** URL path it is served at (`/docs/x`). */
  path: string;
  /** Where its problems are told (its content file when the content plans it). */
  source: string;
}

export interface OutputCheckInput {
  config: SiteConfig;
  /** The output folder. */
  dir: string;
  /** Its HTML files, read. */
  pages: OutputPage[];
  /** The site paths of its other files (`/assets/client.X.js`). */
  files: Set<string>;
  /** The routes the content and config make, or null when the content could not be planned. */
  routes: Route[] | null;
}

export interface OutputCheck {
  diagnostics: Diagnostic[];
}

/** Checks the output folder's pages against their route data, and their page data. */
export async function checkOutput(input: OutputCheckInput): Promise<OutputCheck> {
  return { diagnostics: [...misplacedPages(input), ...(await checkPageData(input))] };
}

/** A page's own route, as the plan makes it or, without one, as its inline route data says. */
interface PageRoute {
  path: string;
  kind: string;
}

const INLINE_ROUTE_RE = /^\{"route":\{"locale":"(?:[^"\\]|\\.)*","path":("(?:[^"\\]|\\.)*")/;
const ROUTE_KIND_RE = /"data":\{"kind":"(\w+)"/;

/** The path and kind of the route a page's inline data names (`__SG_DATA__`), or null when it has none a build writes. */
export function inlineRoute(html: string): PageRoute | null {
  const open = `<script id="${DATA_ID}" type="application/json">`;
  const at = html.lastIndexOf(open);
  if (at === -1) return null;
  const data = html.slice(at + open.length, at + open.length + 4096);
  const path = INLINE_ROUTE_RE.exec(data);
  // The title strings before the data hold no unescaped quote: the first `"data":{"kind":` is the route's.
  const kind = path && ROUTE_KIND_RE.exec(data.slice(path[0].length));
  if (!path || !kind) return null;
  try {
    return { path: JSON.parse(path[1]!) as string, kind: kind[1]! };
  } catch {
    return null;
  }
}

/**
 * A page file that holds another page (copied over it after the build): its links and anchors are
 * fine, and the page served at this address is the wrong one.
 */
function misplacedPages({ config, pages }: OutputCheckInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const page of pages) {
    const route = inlineRoute(page.html);
    if (!route || outputFileOf(config, route.path) === page.file) continue;
    out.push({ severity: 'error', code: 'broken-page', file: page.source, message: `${normalisePath(page.path)} holds the page ${route.path} (its route data names it): a file copied over after the build?`, hint: 'build the site again' });
  }
  return out;
}

type PageDataProblem = 'missing' | 'unreadable' | 'other';

/**
 * Every page a build writes (a 404 page aside) has its `page-data.json` beside it, which the client
 * router fetches on a link to the page: missing or unreadable, the link loads the whole page; holding
 * another page's data, the link shows that page.
 */
async function checkPageData({ config, dir, pages, routes }: OutputCheckInput): Promise<Diagnostic[]> {
  const planned = routes && new Map(routes.map((route): [string, PageRoute] => [outputFileOf(config, route.path), { path: route.path, kind: route.data.kind }]));
  const found: Record<PageDataProblem, { file: string; path: string; holds?: string }[]> = { missing: [], unreadable: [], other: [] };
  await Promise.all(
    pages.map(async (page) => {
      const route = planned ? planned.get(page.file) : inlineRoute(page.html);
      if (!route || route.kind === 'notFound' || !page.file.endsWith('index.html')) return;
      const file = page.file.replace(/index\.html$/, 'page-data.json');
      const read = await readPageData(join(dir, file));
      if (typeof read === 'string') found[read].push({ file, path: route.path });
      else if (outputFileOf(config, read.path) !== page.file) found.other.push({ file, path: route.path, holds: read.path });
    }),
  );
  const shown = shownOf(config, dir);
  const hint = 'build the site again: the folder was changed after the build (a page and its page-data.json go together)';
  const out: Diagnostic[] = [];
  for (const kind of ['missing', 'unreadable', 'other'] as const) {
    const [first, ...others] = found[kind].sort((a, b) => (a.file < b.file ? -1 : 1));
    if (!first) continue;
    const more = others.length ? ` (and ${others.length} other page${others.length === 1 ? '' : 's'}: ${listed(others.map((o) => o.path))})` : '';
    const message =
      kind === 'missing'
        ? `${first.path}${more} has no page-data.json: the site's router cannot fetch it, so a link to the page loads it whole`
        : kind === 'unreadable'
          ? `the page data of ${first.path}${more} is not data the site's router can read (cut off or overwritten after the build?): a link to it loads the whole page`
          : `the page data of ${first.path}${more} is that of ${first.holds}: a link to ${first.path} within the site shows the ${first.holds} page`;
    out.push({ severity: 'error', code: 'page-data', file: shown + first.file, message, hint });
  }
  return out;
}

/** A page-data file's route, as the client router checks it (`fetchRoute`), or why there is none. */
async function readPageData(file: string): Promise<{ path: string } | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
  }
  try {
    const route = JSON.parse(text) as { path?: unknown; data?: unknown; html?: unknown } | null;
    const object = (value: unknown) => typeof value === 'object' && value !== null;
    return object(route) && typeof route!.path === 'string' && object(route!.data) && object(route!.html) ? { path: route!.path } : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** The output folder as diagnostics name it: relative to the project when inside it, with a trailing slash. */
export function shownOf(config: SiteConfig, dir: string): string {
  return `${dir.endsWith('/') ? dir : `${dir}/`}`.replace(`${config.root}/`, '');
}

/** The first few of a list, for a message: `/a, /b, /c, …`. */
function listed(items: string[], max = 3): string {
  return items.length > max ? `${items.slice(0, max).join(', ')}, …` : items.join(', ');
}
