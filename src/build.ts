import { existsSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import fg from 'fast-glob';
import { checkLinks } from './links/checkLinks.js';
import { bundleClient, siteDataModule, type ClientAssets } from './assets/bundleClient.js';
import { countErrors, displayPath, SitegenError } from './diagnostics.js';
import { languagesUsed } from './content/highlight.js';
import { loadGitDates } from './content/lastUpdated.js';
import { loadContent } from './content/loadContent.js';
import { renderEntries } from './content/renderEntries.js';
import { createRenderPool, type RenderPool } from './content/renderPool.js';
import { writeOutput } from './output/writeOutput.js';
import { buildFeeds } from './publish/feeds.js';
import { buildSitemap } from './publish/sitemap.js';
import { clientRouteOf, renderPage } from './render/renderPage.js';
import { loadTheme } from './render/loadTheme.js';
import { buildRoutes } from './routes/buildRoutes.js';
import { outputFileOf, planEntries } from './routes/planEntries.js';
import { checkSidebarIds, loadSidebars } from './routes/sidebars.js';
import { buildSearchIndex } from './search/buildIndex.js';
import type { Diagnostic, Entry, OutputFile, Route, SiteConfig, SiteData, ThemeServerModule } from './types.js';

/** Receives progress: stage starts and ends, with counts. */
export interface Reporter {
  stage(name: string, detail?: string): void;
  done(name: string, ms: number, detail?: string): void;
}

export interface BuildOptions {
  config: SiteConfig;
  /** Build only these locale codes. */
  locales?: string[];
  /** Include draft pages (dev server). */
  drafts?: boolean;
  reporter?: Reporter;
  /** Reuse a worker pool (dev server); otherwise one is created and closed. */
  pool?: RenderPool;
  /** Time limit per markdown file. */
  timeoutMs?: number;
  /** Write the output (false: plan and render in memory only). */
  write?: boolean;
}

export interface SitePlan {
  config: SiteConfig;
  entries: Entry[];
  routes: Route[];
  siteData: Record<string, SiteData>;
  theme: ThemeServerModule;
  /** `search-index.json` of each locale. */
  searchFiles: OutputFile[];
  diagnostics: Diagnostic[];
}

export interface BuildResult extends SitePlan {
  files: OutputFile[];
  /** HTML pages written per locale code. */
  pages: Record<string, number>;
  timings: { stage: string; ms: number }[];
  ok: boolean;
}

const silent: Reporter = { stage() {}, done() {} };

/** Runs the stages in order: content → markdown → routes → theme → search → render → write. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { config } = options;
  const reporter = options.reporter ?? silent;
  const timings: BuildResult['timings'] = [];
  const timed = async <T>(stage: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> => {
    reporter.stage(stage);
    const started = performance.now();
    const value = await run();
    const ms = performance.now() - started;
    timings.push({ stage, ms });
    reporter.done(stage, ms, detail?.(value));
    return value;
  };
  const plan = await planSite(options, timed);
  const { routes, siteData, theme, diagnostics } = plan;
  const result = (files: OutputFile[], ok: boolean): BuildResult => ({ ...plan, files, pages: countPages(routes), timings, ok });
  if (countErrors(diagnostics) > 0) return result([], false);
  const client = await timed('assets', () => bundleClient(config), (a) => `${a.files.length} files`);
  const rendered = await timed('render', () => renderAll(config, theme, routes, siteData, client), () => `${routes.length} pages`);
  const publish = await timed('publish', () => [...config.locales.filter((l) => siteData[l.code]).flatMap((l) => buildFeeds(config, l, plan.entries)), ...buildSitemap(config, routes, plan.entries)], (f) => `${f.length} files`);
  const files = [...client.files, ...plan.searchFiles, ...rendered.files, ...publish];
  const linkProblems = await timed('links', () => checkBuiltLinks(config, plan, rendered.pages, files), (d) => `${d.length} problems`);
  diagnostics.push(...linkProblems);
  if (countErrors(linkProblems) > 0) return result([], false);
  if (options.write !== false) {
    await timed('write', () => writeOutput(config.outDir, files, join(config.contentDir, 'static')), () => `${files.length} files`);
  }
  return result(files, true);
}

type Timed = <T>(stage: string, run: () => Promise<T> | T, detail?: (value: T) => string) => Promise<T>;

/** Everything up to rendering HTML: content, markdown, routes, search data. Used by the build, the dev server and benchmarks. */
export async function planSite(options: BuildOptions, timed: Timed = async (_s, run) => run()): Promise<SitePlan> {
  const { config } = options;
  const locales = config.locales.filter((l) => !options.locales || options.locales.includes(l.code));
  const diagnostics: Diagnostic[] = [];
  const [content, sidebars, git, theme] = await Promise.all([
    timed('content', () => loadContent(config, [...new Set([config.defaultLocale, ...locales.map((l) => l.code)])]), (c) => `${c.files.length} files`),
    loadSidebars(config),
    loadGitDates(config.root, config.contentDir),
    timed('theme', () => loadTheme(config)),
  ]);
  diagnostics.push(...content.diagnostics, ...sidebars.diagnostics);
  if (git.warning) diagnostics.push({ severity: 'warning', code: 'git', file: '.', message: git.warning });
  const planned = planEntries(config, content.files, locales);
  diagnostics.push(...planned.diagnostics);
  const staticDir = join(config.contentDir, 'static');
  const staticRoots = existsSync(staticDir) ? readdirSync(staticDir) : [];
  const ownPool = !options.pool;
  const pool = options.pool ?? createRenderPool({ langs: languagesUsed(content.files.map((f) => f.body)), timeoutMs: options.timeoutMs });
  if (!ownPool) pool.addLanguages(languagesUsed(content.files.map((f) => f.body)));
  let rendered;
  try {
    rendered = await timed('markdown', () => renderEntries({ config, plans: planned.plans, pool, git, staticRoots, drafts: options.drafts ?? false }), (r) => `${r.entries.length} pages`);
  } finally {
    if (ownPool) await pool.close();
  }
  diagnostics.push(...rendered.diagnostics);
  diagnostics.push(...checkSidebarIds(sidebars, new Set(rendered.entries.filter((e) => e.section === 'docs').map((e) => e.id))));
  const built = await timed('routes', () => buildRoutes({ config, entries: rendered.entries, sidebars, titles: theme.routeTitles, locales }), (r) => `${r.routes.length} routes`);
  diagnostics.push(...built.diagnostics);
  const siteData: Record<string, SiteData> = {};
  const searchFiles = await timed('search', () =>
    locales.map((locale) => {
      const pages = built.routes.filter((r) => r.locale === locale.code && r.search).map((r) => r.search!);
      const json = JSON.stringify(buildSearchIndex(pages, config.search));
      const path = `${locale.path ? `${locale.path}/` : ''}search-index.json`;
      const version = createHash('sha1').update(json).digest('hex').slice(0, 10);
      siteData[locale.code] = { ...built.siteData[locale.code], search: { ...config.search, indexUrl: `${config.baseUrl}${path}?v=${version}` } };
      return { path, contents: json };
    }),
  );
  return { config, entries: rendered.entries, routes: built.routes, siteData, theme, searchFiles, diagnostics };
}

/** Renders every route to HTML plus its page-data file, and the per-locale site data modules. */
function renderAll(config: SiteConfig, theme: ThemeServerModule, routes: Route[], siteData: Record<string, SiteData>, client: ClientAssets): { files: OutputFile[]; pages: { route: Route; html: string }[] } {
  const files: OutputFile[] = [];
  const pages: { route: Route; html: string }[] = [];
  const dataUrls: Record<string, string> = {};
  for (const [locale, data] of Object.entries(siteData)) {
    const module = siteDataModule(config, locale, data);
    dataUrls[locale] = module.url;
    files.push(module.file);
  }
  for (const route of routes) {
    const html = renderPage(config, theme, siteData[route.locale], route, { client, siteDataUrl: dataUrls[route.locale] });
    const path = outputFileOf(config, route.path);
    files.push({ path, contents: html });
    pages.push({ route, html });
    if (route.data.kind !== 'notFound') files.push({ path: path.replace(/index\.html$/, 'page-data.json'), contents: JSON.stringify(clientRouteOf(route)) });
  }
  return { files, pages };
}

/** The build-time link pass over the final HTML of every page (theme links included). */
async function checkBuiltLinks(config: SiteConfig, plan: SitePlan, pages: { route: Route; html: string }[], files: OutputFile[]): Promise<Diagnostic[]> {
  const refs = new Map(plan.entries.map((e) => [e.permalink, e.rendered.refs]));
  const staticFiles = await fg('**/*', { cwd: join(config.contentDir, 'static'), dot: false });
  const filePaths = new Set([...files.map((f) => f.path), ...staticFiles].filter((p) => !p.endsWith('.html')).map((p) => config.baseUrl + p));
  return checkLinks(
    pages.map(({ route, html }) => ({ path: route.path, html, source: route.source === 'theme' ? displayPath(config.root, config.themeDir) : route.source, refs: refs.get(route.path) ?? [] })),
    {
      config,
      files: filePaths,
      severity: { links: config.links.onBrokenLinks, images: config.links.onBrokenImages, anchors: config.links.onBrokenAnchors },
      layoutSource: displayPath(config.root, config.themeDir),
    },
  );
}

function countPages(routes: Route[]): Record<string, number> {
  const pages: Record<string, number> = {};
  for (const route of routes) pages[route.locale] = (pages[route.locale] ?? 0) + 1;
  return pages;
}

export { SitegenError };
