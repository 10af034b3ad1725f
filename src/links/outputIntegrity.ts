// What a build writes besides the links between its pages, checked as the browser, the client router
// and crawlers use it: files no link of a page names, or names only from a script, so that neither our
// link pass nor the crawl would miss them. One diagnostic per cause, however many pages it breaks.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_ID } from '../render/pageIds.js';
import { outputFileOf } from '../routes/planEntries.js';
import { planFeeds } from '../publish/feeds.js';
import { SITE_ROOT_FILES } from '../publish/sitemap.js';
import { pageTextPath } from '../search/indexFormat.js';
import { searchIndexSuffix } from '../routes/versions.js';
import type { Diagnostic, DocsVersion, LocaleConfig, Route, SiteConfig } from '../types.js';
import { decodePath, localeOfPath, normalisePath } from './checkLinks.js';
import { scanHtml, type ScannedPage } from './scanHtml.js';

export interface OutputPage {
  /** Output file, relative to the output folder (`docs/x/index.html`). */
  file: string;
  html: string;
  /** URL path it is served at (`/docs/x`). */
  path: string;
  /** Where its problems are told (its content file when the content plans it). */
  source: string;
  /** Its ids and links, when already scanned. */
  scan?: ScannedPage;
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
  /** The locales the folder holds. */
  built: LocaleConfig[];
  /** The docs versions the content builds (content/versions.json), each with a search index of its own; null or absent for none. */
  versions?: DocsVersion[] | null;
}

export interface OutputCheck {
  diagnostics: Diagnostic[];
  /** The normalised site paths of the files found missing: the links to them are not reported again. */
  missing: Set<string>;
}

/**
 * Checks the output folder's pages against their route data, their page data, the files every build
 * writes (sitemap, robots file, feeds) and the files the site's scripts import.
 */
export async function checkOutput(input: OutputCheckInput): Promise<OutputCheck> {
  const missing = new Set<string>();
  const [pageData, imports, search] = await Promise.all([checkPageData(input), missingImports(input, missing), checkSearchIndexes(input)]);
  return { diagnostics: [...misplacedPages(input), ...pageData, ...missingSiteFiles(input, missing), ...missingBundles(input, missing), ...imports, ...search], missing };
}

/**
 * Each built locale's search index, read as the search box reads it, with the page texts its results
 * show: one emptied, cut off, replaced by another locale's, or left from another build leaves the
 * site's search without results, or with results that lead nowhere, while every link still works.
 */
async function checkSearchIndexes({ config, dir, pages, files, routes, built, versions }: OutputCheckInput): Promise<Diagnostic[]> {
  const { readIndexFile } = await import('../search/searchCommand.js');
  const held = new Set(pages.map((page) => page.file));
  // A planned page the folder lacks is a missing-page error already: the index is not to blame.
  const planned = new Set(routes?.map((route) => outputFileOf(config, route.path)));
  const localeOf = localeOfPath(config);
  const hint = 'build the site again: a search index and its page texts go with the pages of the same build';
  // A site with docs versions has an index per version beside the locale's (`search-index-docs-10.x.json`): each is checked
  // so, those found and those the versions built make, which may be missing altogether.
  const indexesOf = (locale: LocaleConfig) => {
    const base = `${locale.path ? `${locale.path}/` : ''}search-index.json`;
    const versioned = [...files].map((path) => path.slice(config.baseUrl.length)).filter((path) => path.startsWith(base.replace(/\.json$/, '-docs-')) && path.endsWith('.json') && !path.slice(base.length - 5).includes('/'));
    const made = new Map((versions ?? []).map((version) => [base.replace(/\.json$/, `${searchIndexSuffix(versions!, version)}.json`), version]));
    made.delete(base);
    return [{ index: base, version: undefined as DocsVersion | undefined }, ...[...new Set([...versioned, ...made.keys()])].sort().map((index) => ({ index, version: made.get(index) }))];
  };
  const checked = await Promise.all(
    built.flatMap((locale) => indexesOf(locale).map((found) => ({ locale, ...found }))).map(async ({ locale, index, version }): Promise<Diagnostic | Diagnostic[]> => {
      const file = shownOf(config, dir) + index;
      const read = await readIndexFile(join(dir, index));
      if (!('index' in read)) {
        const problem = read.failure === 'ENOENT' ? 'is missing' : read.failure === 'invalid' ? 'is not a search index this version can read' : `cannot be read (${read.failure})`;
        // A version's index: its pages' search box searches it alone.
        if (version) return { severity: 'error', code: 'search-index', file, message: `the ${locale.code} search index of the docs version ${version.label} ${problem}: the search box of its pages, and the search page set to it, find nothing`, hint: 'build the site again: each version\'s index is written with the pages' };
        return { severity: 'error', code: 'search-index', file, message: `the ${locale.code} search index ${problem}: the site's search finds nothing`, hint: 'build the site again' };
      }
      const indexed = read.index.pages.map((page) => decodePath(page.u));
      const foreign = indexed.filter((path) => localeOf(path) !== locale.code);
      if (foreign.length) {
        const other = mostCommon(foreign.map(localeOf));
        const which = foreign.length === indexed.length ? `only pages of the ${other} locale` : `${foreign.length} pages of the ${other} locale`;
        return { severity: 'error', code: 'search-index', file, message: `the ${locale.code} search index lists ${which} (${listed(foreign)}): a search on the ${locale.code} pages finds ${other} ones`, hint: `build the site again: the ${other} index copied over it?` };
      }
      const out: Diagnostic[] = [];
      const absent = indexed.filter((path) => !held.has(outputFileOf(config, path)) && !planned.has(outputFileOf(config, path)));
      if (absent.length) {
        const [first, ...others] = absent;
        const more = others.length ? ` (and ${others.length} more: ${listed(others)})` : '';
        out.push({ severity: 'error', code: 'search-index', file, message: `the ${locale.code} search index lists ${first}${more}, which the output folder does not have: ${others.length ? 'those results lead' : 'that result leads'} to a page that is not there (an index from another build?)`, hint });
      }
      const texts = indexed.map((_, id) => pageTextPath(index, id)).filter((text) => !files.has(config.baseUrl + text));
      if (texts.length) {
        const which = texts.length === indexed.length ? `all ${texts.length}` : `${texts.length} of ${indexed.length}`;
        out.push({ severity: 'error', code: 'search-index', file: shownOf(config, dir) + texts[0], message: `${which} of the ${locale.code} search index's page texts are missing (${listed(texts.map((text) => config.baseUrl + text))}): its results show no text from ${texts.length === 1 ? 'that page' : 'those pages'}`, hint });
      }
      return out;
    }),
  );
  return checked.flat();
}

function mostCommon(items: string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * The sitemap and robots file at the root and each built locale's feeds, which every build writes:
 * no page links the first two, and the crawl would tell a missing feed at one page of many that link it.
 */
function missingSiteFiles({ config, dir, files, built }: OutputCheckInput, missing: Set<string>): Diagnostic[] {
  const wanted: [path: string, why: string][] = [
    [SITE_ROOT_FILES[0], 'search engines are sent to a sitemap that is not there'],
    [SITE_ROOT_FILES[1], 'crawlers find no robots file, nor the sitemap it names'],
  ];
  for (const locale of built) {
    for (const path of planFeeds(config, locale, []).paths) wanted.push([path, `every ${locale.code} page's head links it, and readers subscribed to it get 404`]);
  }
  const out: Diagnostic[] = [];
  for (const [path, why] of wanted) {
    const site = config.baseUrl + path;
    if (files.has(site)) continue;
    missing.add(normalisePath(site));
    out.push({ severity: 'error', code: 'missing-file', file: shownOf(config, dir) + path, message: `${site} is not in the output folder, though every build writes it: ${why}`, hint: 'build the site again: the folder was changed after the build' });
  }
  return out;
}

/** A file of the build's bundles under `assets/`, by the hashed name only the build gives: esbuild's (`client.JIDZXQRI.css`, `chunk.B7RIYG24.js`) or a locale's data (`site-data.en.bc4fc89be3.js`). */
const BUNDLE_FILE_RE = /^assets\/(?:[\w-]+\.[A-Z2-7]{8}\.\w+|[\w-]+\.[\w-]+\.[0-9a-f]{10}\.js)$/;

/**
 * The build's bundles that the pages' layout loads (the theme's stylesheet, the client script and its preloaded chunks)
 * missing from the output folder: the folder lost them, which no layout or theme can fix. One error for all, at the
 * first, rather than one broken link per bundle told at the theme.
 */
function missingBundles({ config, dir, pages, files }: OutputCheckInput, missing: Set<string>): Diagnostic[] {
  const loading = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const link of (page.scan ?? scanHtml(page.html)).links) {
      if (link.inContent || !link.url.startsWith(`${config.baseUrl}assets/`)) continue;
      const path = decodePath(link.url.replace(/[?#].*$/s, ''));
      // A script's import told missing already (`missingImports`) is not told again.
      if (files.has(path) || missing.has(normalisePath(path)) || !BUNDLE_FILE_RE.test(path.slice(config.baseUrl.length))) continue;
      loading.set(path, (loading.get(path) ?? new Set()).add(page.path));
    }
  }
  if (loading.size === 0) return [];
  const [first, ...others] = [...loading.keys()].sort();
  for (const path of loading.keys()) missing.add(normalisePath(path));
  const pageCount = new Set([...loading.values()].flatMap((paths) => [...paths])).size;
  const what = others.length ? `${first} and ${others.length} more (${listed(others)}) are` : `${first} is`;
  const them = others.length ? 'them' : 'it';
  return [
    {
      severity: 'error',
      code: 'missing-file',
      file: shownOf(config, dir) + first!.slice(config.baseUrl.length),
      message: `${what} not in the output folder, though the build wrote ${them} and ${pageCount === 1 ? 'a page loads' : `${pageCount} pages load`} ${them}: ${pageCount === 1 ? 'that page shows' : 'those pages show'} without the theme's styles, or fail in the browser`,
      hint: 'build the site again, and deploy the assets folder whole',
    },
  ];
}

/** `import("./x.js")`, `import "./x.js"`, `from "./x.js"`: a script's imports by relative or site path. */
const IMPORT_RE = /\b(?:(import)\s*\(\s*|import\s*|from\s*)(["'`])(\.{0,2}\/[^"'`\s]*)\2/g;

/** The relative and site-path imports of a script (a bundle, minified or not); `dynamic`: by `import()`. */
export function scriptImports(code: string): { specifier: string; dynamic: boolean }[] {
  return [...code.matchAll(IMPORT_RE)]
    // Not a file's name but the start of one made at run time: a template (`./locales/${l}.js`), or a string
    // joined to another (`"./parts/" + n`).
    .filter((m) => !m[3]!.startsWith('//') && !m[3]!.includes('${') && !/^\s*\+/.test(code.slice(m.index! + m[0].length)))
    .map((m) => ({ specifier: m[3]!, dynamic: !!m[1] }));
}

/**
 * The site's scripts (`assets/*.js`) and the files they import, statically or by `import()` (the
 * client bundle's chunks), which no page links and the crawl does not follow: one error for every
 * missing one, at the first.
 */
async function missingImports({ config, dir, files }: OutputCheckInput, missing: Set<string>): Promise<Diagnostic[]> {
  const origin = new URL(config.url).origin;
  const scripts = [...files].filter((path) => path.startsWith(`${config.baseUrl}assets/`) && /\.m?js$/.test(path));
  const gone = new Map<string, { importers: Set<string>; dynamic: boolean }>();
  await Promise.all(
    scripts.map(async (script) => {
      let code: string;
      try {
        code = await readFile(join(dir, script.slice(config.baseUrl.length)), 'utf8');
      } catch {
        return; // gone since it was listed: not this check's to tell
      }
      for (const { specifier, dynamic } of scriptImports(code)) {
        const url = new URL(specifier, origin + script);
        const path = decodePath(url.pathname);
        if (url.origin !== origin || files.has(path)) continue;
        const entry = gone.get(path) ?? { importers: new Set<string>(), dynamic: true };
        entry.importers.add(script);
        entry.dynamic &&= !!dynamic;
        gone.set(path, entry);
      }
    }),
  );
  if (gone.size === 0) return [];
  const [first, ...others] = [...gone.keys()].sort();
  for (const path of gone.keys()) missing.add(normalisePath(path));
  // The client bundle first: the script every page loads.
  const importers = [...new Set([...gone.values()].flatMap((entry) => [...entry.importers]))].sort((a, b) => Number(!a.includes('/client.')) - Number(!b.includes('/client.')) || (a < b ? -1 : 1));
  const how = [...gone.values()].every((entry) => entry.dynamic) ? ' by import(), which no page links' : '';
  const what = others.length ? `${first} and ${others.length} more script${others.length === 1 ? '' : 's'} (${listed(others)}) are` : `${first} is`;
  const them = others.length ? 'them' : 'it';
  return [
    {
      severity: 'error',
      code: 'missing-file',
      file: shownOf(config, dir) + first!.slice(config.baseUrl.length),
      message: `${what} not in the output folder, though ${importers.length === 1 ? `${importers[0]} imports` : `${importers.length} scripts import`} ${them}${how}${importers.length === 1 ? '' : ` (${listed(importers, 2)})`}: what loads ${them} fails in the browser`,
      hint: 'build the site again, and deploy the assets folder whole: a script and the files it imports go together',
    },
  ];
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
