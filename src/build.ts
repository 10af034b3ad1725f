import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseRedirects } from './links/redirects.js';
import { checkLinks, configLinks, createLinkCheckMemo, decodePath, isLinkState, normalisePath, outsideLocales, type CheckedPage, type LinkCheckMemo, type LinkState } from './links/checkLinks.js';
import { themeFoldersOf } from './links/themeLinkPlace.js';
import { blogPagesLeftOutOf, unpublishedFileOf, type LeftOutBlogPage } from './links/unpublished.js';
import { scanHtml, type FoundLink } from './links/scanHtml.js';
import { loadClientAssets, siteDataModule, type ClientAssets } from './assets/bundleClient.js';
import { countErrors, displayPath, SitegenError } from './diagnostics.js';
import { configKeyLine } from './config/keyLine.js';
import { gitStamp, loadGitDates, type GitDates } from './content/lastUpdated.js';
import { loadContent } from './content/loadContent.js';
import { pagePath } from './content/pagePath.js';
import { unreadableReason } from './content/readSource.js';
import { hasScheme, isOwnOrigin, publishedFilePath } from './content/links.js';
import { createMarkdownCache, renderEntries, type EntryMemo, type SearchTextHashes } from './content/renderEntries.js';
import { cacheDirOf, rendersMostMarkdown } from './cache/cacheDir.js';
import { createDiskCache, parseCacheFile, removeLegacyCaches, TOOLCHAIN, writeCacheFile } from './cache/diskCache.js';
import type { Bundled } from './cache/bundleCache.js';
import { loadPackCache } from './cache/packCache.js';
import { removeDeadTemporaries } from './cache/removeDeadTemporaries.js';
import { createPool, type Pool } from './workers/pool.js';
import { setV8Flags, v8FlagsFor } from './v8Flags.js';
import { createPageRenderer, pageDataOf, type RenderedPage } from './render/renderPages.js';
import { hasLastIndex } from './search/updateIndex.js';
import { fillSharedBlocks, sharedBlockScan, sharedBlockSet, type SharedBlockSet } from './render/sharedBlocks.js';
import { outputFileOf, urlPathByName } from './routes/planEntries.js';
import { clashesAtSources } from './output/clashesAtSources.js';
import { checkHeadingIds } from './content/checkHeadingIds.js';
import { GENERATOR_IDS } from './render/pageIds.js';
import { collectOutput, isSearchOutput, openOutput, outputFolderProblem, pathsOutput, writeChanged, type OpenOutput, type OutputSink, type StaticFiles } from './output/writeOutput.js';
import { loadManifest, manifestFileOf } from './output/outputManifest.js';
import { listFiles, realPathOrSelf, withoutDotfiles, type ListedFile } from './files.js';
import { docIdOf } from './routes/numberPrefix.js';
import { createContentMemo, type ContentMemo, type ListedAsset } from './content/loadContent.js';
import { loadBlogMeta, type BlogMeta } from './content/blogMeta.js';
import { blogLinkPlaces } from './content/blogMetaPosts.js';
import { loadDocTags } from './content/docTags.js';
import type { ImageSizeMemo } from './content/imageSizes.js';
import type { MarkdownResult } from './content/markdown.js';
import { planFeeds } from './publish/feeds.js';
import { buildSitemap, SITE_ROOT_FILES, sitemapLine } from './publish/sitemap.js';
import { loadTheme } from './render/loadTheme.js';
import { missingThemeTexts, unisolatedEnglishTexts, unpairedThemeTexts } from './render/themeTexts.js';
import { unusedOverrides } from './theme/themeOverlay.js';
import { buildRoutes } from './routes/buildRoutes.js';
import { planAliases, type AliasPlan } from './routes/aliases.js';
import { planEntries } from './routes/planEntries.js';
import { renamedDocs } from './routes/docIds.js';
import type { SearchJson } from './search/buildIndex.js';
import { pageTextPath } from './search/indexFormat.js';
import { searchFilePaths } from './search/searchFiles.js';
import { checkSidebarIds, loadSidebars, type SidebarsFile } from './routes/sidebars.js';
import { loadVersions, searchIndexSuffix, versionFileFolders } from './routes/versions.js';
import { versionSidebars } from './routes/versionSidebars.js';
import { autogenerateSidebars } from './routes/autoDocs.js';
import type { Diagnostic, DocsVersion, Entry, LocaleConfig, OutputFile, Route, SearchConfig, SearchPage, SidebarItem, SiteConfig, SiteData, ThemeServerModule } from './types.js';
import { sha1 } from './hash.js';
import { sameJson } from './sameJson.js';

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
  /**
   * Links into the docs versions the config leaves out (`docs.onlyIncludeVersions`, `includeCurrentVersion: false`) as
   * warnings, where they would be errors (dev server): a site previewed without some versions on purpose is served, and
   * their addresses answer the 404 page. A build tells them as the broken links they are in its output.
   */
  leftOutVersionLinks?: 'warn';
  reporter?: Reporter;
  /** Reuse a worker pool (dev server); otherwise one is created and closed. */
  pool?: Pool;
  /** Time limit per markdown file. */
  timeoutMs?: number;
  /** Write the output (false: plan and render in memory only). */
  write?: boolean;
  /** Reuse rendered markdown and pages from earlier builds (`.sitegen-cache/`); default true. */
  cache?: boolean;
  /** In-memory results of earlier builds of this process (dev server). */
  memo?: BuildMemo;
  /**
   * Build the search indexes after the pages are written, once no newer build has started for a
   * moment (dev server): `searchWritten` settles when they are written, or dropped for a newer build.
   */
  deferSearch?: boolean;
  /** The theme folder's stamp when the caller already has it (see `themeStamp`). */
  themeStamp?: Promise<string> | null;
  /** Called once the markdown stage has its pages (the build then has its worker thread list the output folder). */
  afterMarkdown?: () => void;
  /**
   * Files changed since the memo's last build, relative to the project root (the dev server's watcher):
   * the content folder and the theme need not be walked again. Unset: look at everything.
   */
  changed?: string[];
  /** Where pages render: in the worker threads, on this thread, or by the number of pages to render (default). */
  renderOn?: 'workers' | 'main' | 'auto';
}

/** What a long-running process keeps between builds: files read, results rendered, bundles built. */
export interface BuildMemo {
  content: ContentMemo;
  markdown: Map<string, MarkdownResult>;
  pages: Map<string, RenderedPage>;
  theme: { stamp: string; value: Awaited<ReturnType<typeof loadTheme>> } | null;
  client: { stamp: string; value: Bundled<ClientAssets> } | null;
  /** Search index and page texts JSON by the hash of their input. */
  search: Map<string, SearchJson>;
  /** Contents of every file written to the output folder, for writing only what changed. */
  written: Map<string, OutputFile['contents']>;
  /** Last-commit dates, with the state of `.git` they were read at (`gitStamp`): read again after a commit or a branch switch. */
  git: { stamp: string | null; value: GitDates } | null;
  /** Pages with the per-build URLs filled in, by tag (the page's key and its locale's URLs). */
  filled: { pages: Map<string, RenderedPage> };
  /** Each page's link problems, valid while no link target changed. */
  links: LinkCheckMemo;
  /** Hash of each content HTML string of the last build (page cache keys). */
  htmlHashes: Map<string, string>;
  /** The last build's routes by path, each with its locale's key and its page cache key (`renderAll`). */
  routeKeys: Map<string, { route: Route; localeKey: string; key: string }>;
  /** The theme folder's last stamp. */
  themeStamp: string;
  /** Counts builds, so a deferred search index of an outdated build is dropped. */
  generation: number;
  /** The markdown images' sizes, by file, with the stamp they were read at. */
  imageSizes: ImageSizeMemo;
  /** The last build's feeds, by their tag (what they are made from): a build that changed no post writes the very same files. */
  feeds: Map<string, OutputFile[]>;
  /** The last build's entries, with what each was made from (an unchanged page's is taken as it is). */
  entries: EntryMemo;
}

export function createBuildMemo(): BuildMemo {
  return { content: createContentMemo(), markdown: new Map(), pages: new Map(), theme: null, client: null, search: new Map(), written: new Map(), git: null, filled: { pages: new Map() }, links: createLinkCheckMemo(), htmlHashes: new Map(), routeKeys: new Map(), themeStamp: '', generation: 0, imageSizes: new Map(), feeds: new Map(), entries: new Map() };
}

export interface SitePlan {
  config: SiteConfig;
  entries: Entry[];
  routes: Route[];
  siteData: Record<string, SiteData>;
  theme: ThemeServerModule;
  /** The bundled theme module, for worker threads. */
  themeFile: string;
  /** The files the theme's server bundle was made from, absolute (an override neither bundle reads is told). */
  themeInputs: string[];
  /** Search input per locale, where its index goes (its page texts go beside it), and the hash of that input (null in the dev server: computed when the index is due). */
  search: { path: string; pages: SearchPage[]; version: string; inputHash: string | null }[];
  diagnostics: Diagnostic[];
  /** No content folder to read: nothing else is worth checking. */
  noContent?: boolean;
  /** The redirect pages of the pages' earlier addresses (front matter `aliases`). */
  aliases: AliasPlan;
  /** The files beside the pages (not pages), by output path (`en/docs/img/a.png`): copied as they are, as static files are. */
  assets: StaticFiles['extra'];
  /** The docs sidebars as sidebars.yaml gives them, autogenerated items expanded (where a sidebar's link is written). */
  sidebars: SidebarsFile;
  /** The blog's declared authors and tags, per locale. */
  blog: BlogMeta;
  /** The docs versions built, newest first; null on a site without versions.json. */
  versions: DocsVersion[] | null;
  /** Each page's markdown HTML → its SHA-1, as the markdown cache keeps it: the pages' cache keys hash their HTML. */
  htmlHashes?: Map<string, string>;
  /** Each page's search text → its SHA-1, as the markdown cache keeps it: the search input's hash takes it. */
  textHashes?: SearchTextHashes;
  /** The drafts this build leaves out, by the address each would have (`/en/blog/2025/03/08/x`) → its file: a link there is told it leads to a draft. */
  drafts?: Map<string, string>;
  /** The blog pages not made though their posts are there (drafts, unlisted), by address → why (`blogPagesLeftOutOf`): a link there is told so. */
  blogLeftOut?: Map<string, LeftOutBlogPage>;
  /** The docs versions this build leaves out, by where a whole build has them (`/en/docs/9.x`) → their name ('' for the current docs). */
  leftOutVersions?: Map<string, string>;
}

export interface BuildResult extends SitePlan {
  /**
   * The output files, when the build kept them in memory (`write: false`, or the dev server's memo).
   * A plain writing build streams its pages to disk as they are rendered and lists none here.
   */
  files: OutputFile[];
  /** HTML pages written per locale code. */
  pages: Record<string, number>;
  timings: { stage: string; ms: number }[];
  ok: boolean;
  /** With `deferSearch`: settles when the search indexes are written. */
  searchWritten: Promise<void>;
  /** With a memo: output paths written or removed by this build. */
  changed: string[];
}

const silent: Reporter = { stage() {}, done() {} };

/** How long the dev server waits after a build, with no newer one, before rebuilding the search indexes (and making the llms.txt files). */
const SEARCH_AFTER_MS = 250;

/**
 * Runs the stages in order: content → markdown → routes → assets → render beside search → publish →
 * links → write. A writing build puts each page into a new output folder as soon as it is rendered;
 * the write stage copies the static files and swaps that folder in, only when the links passed.
 */
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
  // A build replaces its output folder: one that is not a built site (a mistaken --out) is left alone.
  const outProblem = options.write !== false && !options.memo ? outputFolderProblem(config.outDir, config.locales) : undefined;
  if (outProblem) throw new SitegenError([{ severity: 'error', code: 'output', file: displayPath(process.cwd(), config.outDir), ...outProblem }], 1);
  const cache = cacheDir(options);
  removeLegacyCaches(cache);
  removeDeadTemporaries(cache);
  const pool = options.pool ?? createPool({ timeoutMs: options.timeoutMs, cacheDir: cache });
  const memo = options.memo;
  // Whether the output folder still matches its manifest is checked while the site is planned (a walk of
  // every output file); a build that keeps its output in memory needs neither.
  const manifest = cache && options.write !== false && !memo ? manifestFileOf(cache, config.outDir) : null;
  // Shiki starts in the threads while the content is read, unless earlier markdown is at hand.
  const rendersMost = memo ? memo.markdown.size === 0 : rendersMostMarkdown(cache);
  pool.warm({ highlighter: rendersMost });
  // A build that renders little has its one thread list the folder once the changed pages' markdown is back
  // (asked before, the walk could hold up that markdown, which this thread waits for while the thread is still
  // loading), while this one plans the routes; one that renders most markdown keeps its threads for that, and
  // lists it here while they work.
  let startWalk = (): void => undefined;
  const walkAsked = new Promise<void>((resolve) => (startWalk = resolve));
  const previousOutput = manifest ? (rendersMost ? loadManifest(manifest, config.outDir) : walkAsked.then(() => loadManifest(manifest, config.outDir, pool.statFolder))).catch(() => null) : null;
  // The client bundle depends only on the theme: it is made while the content is read.
  // The dev server keeps both bundles in memory while the theme folder's stamp stays the same.
  const themeFolders = [config.themeDir, config.themeOverrides].filter((dir) => dir !== undefined);
  const themeUnchanged = memo?.themeStamp && options.changed && !options.changed.some((file) => themeFolders.some((dir) => !relative(dir, join(config.root, file)).startsWith('..')));
  const stamp = memo ? (themeUnchanged ? Promise.resolve(memo.themeStamp) : themeStamp(config).then((value) => (memo.themeStamp = value))) : null;
  // The client bundle's asset URLs start with the baseUrl: a config that changes it needs another.
  const clientStamp = stamp && stamp.then((value) => `${value}|${config.baseUrl}`);
  const clientAssets = remember(memo?.client, clientStamp, () => loadClientAssets(config, cache), (entry) => memo && (memo.client = entry));
  clientAssets.catch(() => undefined);
  try {
    const plan = await planSite({ ...options, pool, themeStamp: stamp, afterMarkdown: () => startWalk() }, timed);
    const { routes, siteData, diagnostics } = plan;
    const result = (files: OutputFile[], ok: boolean, searchWritten: Promise<void> = Promise.resolve(), changed: string[] = []): BuildResult => ({ ...plan, files, pages: countPages(routes), timings, ok, searchWritten, changed });
    // A plan with content errors is still rendered and its links checked, in memory (no search index,
    // nothing written, the output folder untouched), so that one run reports every problem it can: a
    // broken front matter does not hide the broken links of other pages until the next run.
    const failing = countErrors(diagnostics) > 0;
    // Without a content folder every link of the theme's to a page would be reported broken besides.
    if (plan.noContent) return result([], false);
    const { value: client, inputs: clientInputs } = await timed('assets', () => clientAssets, (a) => `${a.value.files.length} files`);
    diagnostics.push(...unusedOverrides(config, [...plan.themeInputs, ...clientInputs]));
    // The indexes are built side by side with rendering: in a worker thread, or on this thread when the
    // workers render a big site and there is a last index to update (buildSearchFiles; one jieba either
    // way). The dev server builds them after the pages are written, once edits pause.
    const renderInWorkers = options.renderOn === 'workers' || (options.renderOn !== 'main' && routes.length > MAIN_THREAD_PAGES);
    const searchIndexes = (out?: OutputSink) => buildSearchFiles(pool, plan, { memo, dir: cache, here: renderInWorkers && !options.deferSearch, out });
    // A plain writing build streams its files into a new output folder (swapped in at the end, or
    // thrown away on an error); the dev server and `write: false` keep them in memory.
    const staticDir = join(config.contentDir, 'static');
    const collected = !failing && (options.write === false || memo) ? collectOutput() : null;
    if (!collected && !failing) startWalk(); // a plan that rendered no markdown has not asked for it
    const stream: OpenOutput | null = collected || failing ? null : await openOutput(config.outDir, { manifest, previous: previousOutput ?? undefined });
    const out = collected ?? stream ?? pathsOutput();
    // The link check's stored verdicts: a writing build that updates its output folder in place reads
    // only the links of the pages it renders, while what they depend on holds.
    const linkState = stream && cache ? readLinkState(cache) : null;
    let committed = false;
    let changed: string[] = [];
    let pending: Promise<unknown> = Promise.resolve();
    // The dev server's files a page does not show, made once edits pause (below): the search files, the llms.txt files.
    const deferring = options.deferSearch && options.write !== false && memo ? memo : null;
    let llmsLater: (() => OutputFile[]) | null = null;
    try {
      out.add(client.files);
      // The search first: in a worker thread, its task is then ahead of the pages' batches; on this
      // thread, it waits for its module while the render sends the pages' batches to the workers.
      const search = () => (options.deferSearch || failing ? Promise.resolve() : timed('search', () => searchIndexes(out), (r) => `${r.built} built, ${r.kept} kept`).then((r) => out.add(r.files)));
      const render = () => timed('render', () => renderAll(pool, plan, client, createPageCache(cache, memo?.pages), out, { filled: memo?.filled, hashes: memo?.htmlHashes, routeKeys: memo?.routeKeys, renderOn: options.renderOn ?? 'auto', linkCacheDir: cache, linkState }), (r) => `${r.pages.length} pages, ${r.cached} cached`);
      const searching = search();
      const rendering = render();
      // Waited for after the link check (a failed render still waits for it: it writes into the output).
      pending = searching.catch(() => undefined);
      const rendered = await rendering;
      await timed('publish', async () => {
        const sitemap = buildSitemap(config, routes, plan.entries, { ownRobots: existsSync(join(config.contentDir, 'static', 'robots.txt')) });
        out.add(sitemap);
        out.add(plan.aliases.files);
        const count = { files: sitemap.length + plan.aliases.files.length, kept: 0 };
        const made = new Map<string, OutputFile[]>();
        for (const feeds of config.locales.filter((l) => siteData[l.code]).map((l) => planFeeds(config, l, plan.entries, plan.blog.locales[l.code]))) {
          // Feeds the output folder holds as they would be written again are kept (the writer not even loaded).
          const files = feeds.paths.map((path) => ({ path, tag: feeds.tag }));
          const keep = out.has && out.keep && files.every((f) => out.has!(f.path, f.tag));
          if (keep) out.keep!(files);
          else {
            const feedFiles = memo?.feeds.get(feeds.tag) ?? (await feeds.make());
            made.set(feeds.tag, feedFiles);
            out.add(feedFiles);
          }
          count.files += files.length;
          if (keep) count.kept += files.length;
        }
        if (memo) memo.feeds = made;
        if (config.llms.enabled) {
          const published = await publishLlms(config, plan, out, deferring?.written);
          count.files += published.count;
          llmsLater = published.later;
        }
        return count;
      }, ({ files, kept }) => `${files} files${kept ? `, ${kept} feeds kept` : ''}`);
      // Feeds and the link check go ahead while a worker thread may still be building the search index
      // (the tail of a warm build): its files are known by path beforehand.
      const searchPaths = options.deferSearch ? [] : plan.search.flatMap((s) => searchFilePaths(s.path, s.pages, config.search));
      const stored = { pages: 0 };
      // A link the markdown stage told (a broken `./x.md`, or in the dev server one into a docs version left out, a warning) is not told again.
      const linkProblems = notReportedYet(await timed('links', () => checkBuiltLinks(config, plan, rendered.pages, [...out.paths, ...searchPaths], { memo: memo?.links, cacheDir: cache, state: linkState, stored, locales: options.locales, leftOutVersionLinks: options.leftOutVersionLinks, unjudged: failing ? failedPages(config, diagnostics, plan.entries) : undefined }), (d) => `${d.length} problems${stored.pages ? `, ${stored.pages} pages as checked before` : ''}`), diagnostics);
      await searching;
      diagnostics.push(...linkProblems);
      if (failing) return result([], false);
      if (countErrors(linkProblems) > 0) {
        // What the commit would also have refused is told with them: a page at the address of a file the site makes.
        if (stream) diagnostics.push(...clashesAtSources(config, plan.entries, stream.clashes({ dir: staticDir, extra: plan.assets }, displayPath(config.root, staticDir))));
        return result([], false);
      }
      if (stream) {
        await timed('write', () => stream.commit({ dir: staticDir, extra: plan.assets }, displayPath(config.root, staticDir)), () => `${stream.total} files, ${stream.written} written`);
        committed = true;
      } else if (memo && options.write !== false) {
        changed = await timed('write', () => writeChanged(config.outDir, collected!.files, { dir: staticDir, extra: plan.assets }, memo.written), (c) => `${c.length} changed`);
      }
    } catch (error) {
      // A plan that already failed may hold a page its errors make unrenderable: its content errors are
      // what the run reports, and the link check that could not run is said to have been left out.
      if (failing) {
        const reason = error instanceof SitegenError ? error.diagnostics[0]?.message : error instanceof Error ? error.message : String(error);
        diagnostics.push({ severity: 'warning', code: 'links', file: displayPath(process.cwd(), config.root) || '.', message: `links were not checked: the pages could not all be rendered with the errors above (${reason?.split('\n')[0]})`, hint: 'fix the errors and build again' });
        return result([], false);
      }
      // The output folder's own refusals (a file and a folder at one path, a path that leaves it): the
      // build fails as for any content error, and the last output stays.
      if (!(error instanceof SitegenError) || !error.diagnostics.every((d) => d.code === 'output')) throw error;
      diagnostics.push(...clashesAtSources(config, plan.entries, error.diagnostics));
      return result([], false);
    } finally {
      await pending;
      if (stream && !committed) await stream.abort();
    }
    const files = collected?.files ?? [];
    // The dev server rebuilds the indexes once edits pause: a build that comes sooner makes its own.
    const generation = memo ? ++memo.generation : 0;
    const searchWritten = deferring
      ? new Promise((settle) => setTimeout(settle, SEARCH_AFTER_MS).unref()).then(async () => {
          if (deferring.generation !== generation) return;
          const { files: indexes } = await searchIndexes();
          const llms = llmsLater?.() ?? [];
          // Not into a folder deleted meanwhile (`rm -rf .sitegen-cache`): made again with these files alone, it would hide
          // the deletion from the server, which writes the whole site again when it finds the folder gone.
          if (deferring.generation === generation && existsSync(config.outDir)) await writeChanged(config.outDir, [...indexes, ...llms], null, deferring.written, isSearchOutput);
        })
      : Promise.resolve();
    return result(files, true, searchWritten, changed);
  } finally {
    if (!options.pool) await pool.close();
  }
}

/**
 * The link check's problems not already told by the markdown stage, which reports a broken link to a
 * markdown file (`./x.md`) at its line: rendered, the same link is found again in the page's HTML.
 */
function notReportedYet(problems: Diagnostic[], told: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => `${d.file}:${d.line}:${d.href}`;
  const at = new Set(told.filter((d) => d.href !== undefined).map(key));
  return problems.filter((d) => d.href === undefined || !at.has(key(d)));
}

/**
 * The addresses, in every locale (its fallback pages too), of the pages whose sources have errors: a
 * build that has failed does not judge links to them, which it may not have placed (a file that is not
 * UTF-8, a post without a date); each is told at its own file already.
 */
function failedPages(config: SiteConfig, diagnostics: Diagnostic[], entries: Entry[]): Set<string> {
  const paths = new Set<string>();
  const failed = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  // Where a failed file was placed after all (by its slug; a page in a route collision): its page there may be another file's.
  for (const entry of entries) if (failed.has(entry.file)) paths.add(normalisePath(entry.permalink));
  for (const d of diagnostics) {
    if (d.severity !== 'error') continue;
    const m = /^[^/]+\/((?:docs|blog|pages)\/.+\.mdx?)$/.exec(relative(config.contentDir, resolve(config.root, d.file)).split(sep).join('/'));
    for (const locale of m ? config.locales : []) {
      const url = urlPathByName(config, locale, pagePath(m![1]!));
      if (url) paths.add(normalisePath(url));
    }
  }
  return paths;
}

/**
 * The ids (by file name) of the docs of a docs folder (`docs`, `versioned_docs/version-9.x`) in the locales a `--locale`
 * build leaves out: a sidebar may list a doc only they have (an English-only doc), which is no unknown id there.
 */
function unbuiltDocIds(config: SiteConfig, built: LocaleConfig[], dir: string): string[] {
  return config.locales
    .filter((locale) => !built.includes(locale))
    .flatMap((locale) => listFiles(join(config.contentDir, locale.code, dir), (name) => !name.startsWith('_') && !name.startsWith('.')))
    .filter((file) => /\.mdx?$/.test(file.path))
    .map((file) => docIdOf(file.path.replace(/\.mdx$/, '.md')));
}

function notBuiltOf(outside: ((path: string) => boolean) | undefined, unjudged: Set<string> | undefined): ((path: string) => boolean) | undefined {
  if (!unjudged?.size) return outside;
  return (path) => unjudged.has(path) || !!outside?.(path);
}

/** The content's git dates: the dev server keeps them while HEAD names the same commit. */
function gitDates(config: SiteConfig, memo: BuildMemo | undefined, cache: string | null): Promise<GitDates> {
  const stamp = memo ? gitStamp(config.root) : null;
  if (memo?.git && memo.git.stamp === stamp) return Promise.resolve(memo.git.value);
  return loadGitDates(config.root, config.contentDir, cache).then((value) => {
    if (memo) memo.git = { stamp, value };
    return value;
  });
}

/** A memoised value whose stamp still matches, or a fresh one (remembered). */
async function remember<T>(entry: { stamp: string; value: T } | null | undefined, stamp: Promise<string> | null, make: () => Promise<T>, keep: (entry: { stamp: string; value: T }) => unknown): Promise<T> {
  if (!stamp) return make();
  const current = await stamp;
  if (entry && entry.stamp === current) return entry.value;
  const value = await make();
  keep({ stamp: current, value });
  return value;
}

/** Paths, sizes and times of the theme's files and its overrides': a new stamp means the bundles must be rebuilt. */
function themeStamp(config: SiteConfig): Promise<string> {
  const stamps = (dir: string | undefined) => (dir ? listFiles(dir, withoutDotfiles, { followFileLinks: true }).map((f) => `${f.path}:${f.size}:${f.mtimeMs}`).sort().join('|') : '');
  return Promise.resolve(`${stamps(config.themeDir)}\0${stamps(config.themeOverrides)}`);
}

/**
 * Every locale's search index and page texts, built in one worker task (one jieba), or kept as the
 * output folder holds them while their input is the same (the index's tag names it: an edit in one
 * locale leaves the other's files as they were, unread and unwritten). The dev server remembers them
 * in memory by the same key. The index of a locale whose input changed is its last one updated for
 * the changed pages (buildIndex.ts, updateIndex.ts).
 */
async function buildSearchFiles(pool: Pool, plan: SitePlan, { memo, dir, here, out }: { memo?: BuildMemo; dir: string | null; here: boolean; out?: OutputSink }): Promise<{ files: OutputFile[]; built: number; kept: number }> {
  const cache = createDiskCache(null, 'search', isSearchJson, memo?.search);
  const keys = plan.search.map((s) => cache.key(s.inputHash ?? searchInputHash(s.pages, plan.config.search, plan.textHashes), s.version));
  // The index is tagged with its input; its texts with their contents (an edit writes the texts that
  // changed). The folder holds the index under the same tag: it holds that build's texts too.
  const held = plan.search.map((s, i) => {
    if (!out?.held || !out.keep || out.held(s.path) !== `search:${keys[i]}`) return null;
    const files = searchFilePaths(s.path, s.pages, plan.config.search).map((path) => ({ path, tag: out.held!(path) }));
    return files.every((f) => f.tag !== undefined) ? (files as { path: string; tag: string }[]) : null;
  });
  held.forEach((files) => files && out!.keep!(files));
  const kept = held.map((files) => files !== null);
  const found = keys.map((key, i) => (kept[i] ? undefined : cache.get(key)));
  const missing = plan.search.filter((_, i) => !kept[i] && found[i] === undefined);
  // The index builder (and jieba with it) loads on this thread only when it builds an index here: an
  // update of the last index, not a first index (a cold build of a big site, whose rendered pages keep
  // this thread busy to the end: the worker thread that would render beside the other is better used).
  const builder = here && missing.length && missing.every((s) => hasLastIndex(dir, s.path)) ? await import('./search/buildIndex.js') : null;
  const terms = builder?.searchTermCache(dir) ?? null;
  const built = builder ? missing.map((s) => builder.buildSearchJson(s.pages, plan.config.search, s.version, terms!, builder.lastIndexStore(dir, s.path))) : missing.length ? await pool.searchIndexes(missing.map((s) => ({ path: s.path, pages: s.pages, revision: s.version })), plan.config.search) : [];
  await terms?.flush();
  const files = plan.search.flatMap((s, i) => {
    if (kept[i]) return [];
    const contents = found[i] ?? built[missing.indexOf(s)]!;
    cache.set(keys[i]!, contents);
    // Each page's text goes next to the index, as `search-text/<page id>.json`.
    return [{ path: s.path, contents: contents.index, tag: `search:${keys[i]}` }, ...contents.texts.map((text, id) => ({ path: pageTextPath(s.path, id), contents: text }))];
  });
  await cache.flush();
  return { files, built: missing.length, kept: kept.filter(Boolean).length };
}

function isSearchJson(value: unknown): value is SearchJson {
  const json = value as SearchJson | null;
  return typeof json === 'object' && json !== null && typeof json.index === 'string' && Array.isArray(json.texts) && json.texts.every((t) => typeof t === 'string');
}

/**
 * The hash of a locale's search input: its pages and the search options. A page's text (most of the input) is
 * written as the hash its markdown was cached with, when the page holds that very text (`SearchTextHashes`).
 */
function searchInputHash(pages: SearchPage[], config: SearchConfig, texts?: SearchTextHashes): string {
  const written = texts
    ? pages.map((page) => {
        const known = texts.get(page.sections);
        if (!known || known.intro !== page.intro) return page;
        const { intro: _intro, sections: _sections, ...rest } = page;
        return { ...rest, textHash: known.hash };
      })
    : pages;
  return sha1(JSON.stringify([written, config]));
}

type Timed = <T>(stage: string, run: () => Promise<T> | T, detail?: (value: T) => string) => Promise<T>;

/** Everything before rendering HTML: content, markdown, routes, site data. Used by the build, check-links and benchmarks. */
export async function planSite(options: BuildOptions, timed: Timed = async (_s, run) => run()): Promise<SitePlan> {
  const { config } = options;
  const locales = config.locales.filter((l) => !options.locales || options.locales.includes(l.code));
  const diagnostics: Diagnostic[] = [];
  // The theme (an esbuild bundle in a cold build) is needed from the routes on: markdown does not wait for it.
  const themeLoaded = timed('theme', () => remember(options.memo?.theme, options.memo ? (options.themeStamp ?? themeStamp(config)) : null, () => loadTheme(config, cacheDir(options)), (entry) => options.memo && (options.memo.theme = entry)));
  themeLoaded.catch(() => undefined); // awaited below; a failure is reported there
  // Docs versions (content/versions.json): none, and nothing of them loaded, on a site without the file.
  const docsVersions = loadVersions(config);
  diagnostics.push(...docsVersions.diagnostics);
  const versions = docsVersions.versions;
  const versionDirs = (versions ?? []).filter((v) => !v.isCurrent).map((v) => v.dir);
  const [content, sidebars, git] = await Promise.all([
    timed('content', () => loadContent(config, [...new Set([config.defaultLocale, ...locales.map((l) => l.code)])], { memo: options.memo?.content, cacheDir: cacheDir(options), changed: options.changed, versionDirs }), (c) => `${c.files.length} files`),
    loadSidebars(config, cacheDir(options)),
    gitDates(config, options.memo, cacheDir(options)),
  ]);
  // The blog's authors and tags files: read before the markdown, whose posts name them.
  const blog = await loadBlogMeta(config, content.blogMeta ?? [], cacheDir(options));
  diagnostics.push(...(config.warnings ?? []), ...content.diagnostics, ...sidebars.diagnostics, ...blog.diagnostics);
  // The docs' tags files (docs/tags.yml, a version's own): read for the routes stage, which checks the docs' tags.
  const docTags = await loadDocTags(config, content.docTags ?? [], ['docs', ...versionDirs], cacheDir(options));
  diagnostics.push(...docTags.diagnostics);
  setV8Flags(v8FlagsFor(content.files.length, !options.memo));
  if (git.warning) diagnostics.push({ severity: 'warning', code: 'git', file: '.', message: git.warning });
  const planned = planEntries(config, content.files, locales, versions);
  // A locale built without the default one shows the default locale's files in its fallback copies and in
  // the partials its pages take from the default locale: they are known to the markdown stage (sized,
  // checked), and published below when a page shows them.
  const fallbackLocales = locales.some((l) => l.code === config.defaultLocale) ? [] : config.locales.filter((l) => l.code === config.defaultLocale);
  const fileFolders = versionFileFolders(versions, docsVersions.leftOut);
  const fallbackAssets = assetsOf(config, content.assets ?? [], fallbackLocales, fileFolders);
  const assets = new Map([...fallbackAssets, ...assetsOf(config, content.assets ?? [], locales, fileFolders)]);
  diagnostics.push(...planned.diagnostics);
  const staticDir = join(config.contentDir, 'static');
  // Site paths resolve in the page's locale (`/docs/x` on an English page is `/en/docs/x`), except static files and the site's own root files.
  const staticRoots = [...(existsSync(staticDir) ? readdirSync(staticDir) : []), ...SITE_ROOT_FILES];
  // A pool of its own means no search index follows (check-links, benchmarks): jieba is not loaded ahead.
  const pool = options.pool ?? createPool({ timeoutMs: options.timeoutMs, cacheDir: cacheDir(options), prepareSearch: false });
  let rendered;
  try {
    const cache = createMarkdownCache(cacheDir(options), options.memo?.markdown);
    rendered = await timed('markdown', () => renderEntries({ config, plans: planned.plans, pool, git, staticRoots, drafts: options.drafts ?? false, cache, unread: content.unread, imageSizes: options.memo?.imageSizes, assets, blog: blog.locales, fileFolders, leftOutWarns: options.leftOutVersionLinks === 'warn', entries: options.memo?.entries }), (r) => `${r.entries.length} pages, ${cache.stats.hits} cached`);
  } finally {
    if (!options.pool) await pool.close();
  }
  options.afterMarkdown?.();
  diagnostics.push(...rendered.diagnostics);
  for (const path of fallbackAssets.keys()) assets.delete(path);
  for (const path of assetsShown(config, rendered.entries, fallbackAssets)) assets.set(path, fallbackAssets.get(path)!);
  // A file beside the pages that a page shows as code (`<<<`) is the page's text, not a download of its own.
  if (rendered.snippets.size) for (const path of unlinkedSnippets(config, rendered.entries, assets, rendered.snippets)) assets.delete(path);
  // Autogenerated items stand for the docs read: expanded now, after the parse sidebars.yaml's cache keeps.
  const sidebarInput = { files: content.files, categoryFiles: content.categories ?? [], otherPaths: (content.assets ?? []).map((a) => a.path), entries: rendered.entries, order: { defaultLocale: config.defaultLocale, codes: config.locales.map((l) => l.code) }, built: locales.map((l) => l.code), cacheDir: cacheDir(options) };
  // A draft named in sidebars.yaml is left out with the page (sitegen build), and told so rather than that it does not exist.
  const draftDocs = new Set(planned.plans.filter((p) => p.section === 'docs' && p.source.frontMatter.draft).map((p) => p.id));
  const docsSidebars = versions ? await versionSidebars({ config, versions, current: sidebars, drafts: draftDocs, unbuilt: (dir) => unbuiltDocIds(config, locales, dir), ...sidebarInput }) : await autogenerateSidebars({ sidebars, ...sidebarInput });
  diagnostics.push(...docsSidebars.diagnostics);
  if (!versions) diagnostics.push(...checkSidebarIds(docsSidebars.sidebars, new Set([...rendered.entries.filter((e) => e.section === 'docs').map((e) => e.id), ...unbuiltDocIds(config, locales, 'docs')]), draftDocs, renamedDocs(rendered.entries)));
  const theme = await themeLoaded;
  diagnostics.push(...checkHeadingIds(rendered.entries, { ...GENERATOR_IDS, ...theme.theme.pageIds }));
  // A locale the theme has no texts for shows another's (its menus, buttons and page titles): said once, at the theme.
  for (const locale of locales) {
    if (!Object.hasOwn(theme.theme.routeTitles, locale.code)) diagnostics.push({ severity: 'warning', code: 'theme', file: displayPath(config.root, config.themeDir), message: `the theme has no texts for the locale ${locale.code}, so its pages show the theme's ${Object.hasOwn(theme.theme.routeTitles, 'en') ? 'English' : 'first locale\'s'} menus, buttons and titles`, hint: `sitegen theme eject i18n copies the theme's texts into theme/i18n/: add ${locale.code}.ts and home.${locale.code}.ts there, translated copies of en.ts and home.en.ts, and name them in texts.ts and loaders.ts` });
  }
  diagnostics.push(...missingThemeTexts(config, theme.theme.texts, locales.map((l) => l.code)));
  diagnostics.push(...(await unpairedThemeTexts(config, theme.theme, locales.map((l) => l.code))));
  diagnostics.push(...unisolatedEnglishTexts(config, theme.theme, locales));
  const built = await timed('routes', () => buildRoutes({ config, entries: rendered.entries, sidebars: docsSidebars.sidebars, titles: theme.theme.routeTitles, locales, blog: blog.locales, docTags: docTags.folders, ...(versions ? { versions } : {}) }), (r) => `${r.routes.length} routes`);
  diagnostics.push(...built.diagnostics);
  const ownRedirects = join(config.contentDir, 'static', '_redirects');
  const staticFile = (path: string) => existsSync(join(config.contentDir, 'static', path));
  const aliases = planAliases(config, planned.plans, rendered.entries, built.routes, existsSync(ownRedirects) ? readTextOrEmpty(ownRedirects) : null, versions, { roots: built.docsRoots, staticFile });
  diagnostics.push(...aliases.diagnostics);
  const siteData: Record<string, SiteData> = {};
  const search: SitePlan['search'] = [];
  for (const locale of locales) {
    const ofLocale = built.routes.filter((r) => r.locale === locale.code && r.search);
    // A site with versions has an index per version, each with the blog and the pages: a search on a
    // version's page finds that version's docs, never another's beside them.
    const indexes = versions ? versionIndexes(ofLocale, versions) : [{ name: '', dir: '', routes: ofLocale }];
    const versionUrls = versions ? Object.fromEntries(indexes.map((index) => [index.name, `${config.baseUrl}${locale.path ? `${locale.path}/` : ''}search-index${index.dir}.json`])) : undefined;
    for (const index of indexes) {
      const pages = index.routes.map((r) => r.search!);
      const path = `${locale.path ? `${locale.path}/` : ''}search-index${index.dir}.json`;
      // The index's URL is the same from build to build, so that a text edit changes no other page (nor
      // the site data every page names); its revision, a hash of its input, goes inside it and onto the
      // page texts' URLs. The dev server computes the hash only when the index is due.
      const inputHash = options.deferSearch ? null : searchInputHash(pages, config.search, rendered.textHashes);
      const version = inputHash?.slice(0, 10) ?? 'dev';
      // The synonyms are in the index itself, as its terms: not in the site data every page carries.
      const { synonyms: _inIndex, ...searchOptions } = config.search;
      if (!index.dir) siteData[locale.code] = { ...built.siteData[locale.code], search: { ...searchOptions, indexUrl: `${config.baseUrl}${path}`, ...(versionUrls ? { versionIndexUrls: versionUrls } : {}) } };
      search.push({ path, pages, version, inputHash });
    }
  }
  const drafts = options.drafts ? undefined : new Map(planned.plans.filter((p) => p.source.frontMatter.draft).map((p) => [p.urlPath, p.source.file]));
  const blogLeftOut = blogPagesLeftOutOf({ config, locales, plans: planned.plans, posts: rendered.entries, draftsLeftOut: !options.drafts, meta: blog.locales });
  const leftOutVersions = new Map(config.locales.flatMap((locale) => [...docsVersions.leftOutPaths].map(([path, name]) => [`${config.baseUrl}${locale.path ? `${locale.path}/` : ''}docs/${path}`, name] as const)));
  return { config, entries: rendered.entries, routes: built.routes, siteData, theme: theme.theme, themeFile: theme.file, themeInputs: theme.inputs, search, diagnostics, noContent: content.unusable, aliases, assets, sidebars: docsSidebars.sidebars, blog, versions, htmlHashes: rendered.htmlHashes, textHashes: rendered.textHashes, ...(drafts?.size ? { drafts } : {}), ...(blogLeftOut.size ? { blogLeftOut } : {}), ...(leftOutVersions.size ? { leftOutVersions } : {}) };
}

/**
 * A locale's searchable routes split by docs version: each version's docs, with every page that is no doc (the blog,
 * the pages). The last version's index is `search-index.json`, as a site without versions has it; another's is named
 * by its folder (`search-index-docs-10.x.json`). A category's generated index goes with its sidebar's version, as a doc.
 */
function versionIndexes(routes: Route[], versions: DocsVersion[]): { name: string; dir: string; routes: Route[] }[] {
  const versionOfRoute = (route: Route): string | undefined => (route.data.kind === 'doc' || route.data.kind === 'generatedIndex' ? route.data.version?.name : undefined);
  return versions.map((v) => ({ name: v.name, dir: searchIndexSuffix(versions, v), routes: routes.filter((r) => (versionOfRoute(r) ?? v.name) === v.name) }));
}

/**
 * The files beside the pages of the locales built, by the output path they are copied to (the locale's folder of the
 * site, then their path in the content; a docs version's under its docs path, `fileFolders`).
 */
function assetsOf(config: SiteConfig, listed: ListedAsset[], locales: LocaleConfig[], fileFolders: Record<string, string | null>): StaticFiles['extra'] {
  const out: StaticFiles['extra'] = new Map();
  for (const file of listed) {
    const cut = file.path.indexOf('/');
    const locale = locales.find((l) => l.code === file.path.slice(0, cut));
    const published = locale && publishedFilePath(file.path.slice(cut + 1), fileFolders);
    if (!locale || published == null) continue;
    const path = `${locale.path ? `${locale.path}/` : ''}${published}`.normalize('NFC');
    out.set(path, { source: join(config.contentDir, file.path), size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs });
  }
  return out;
}

/** The files of `assets` that the entries show or link to (a link's URL, less the base, its query and its anchor, is the file's output path). */
function assetsShown(config: SiteConfig, entries: Entry[], assets: StaticFiles['extra']): Set<string> {
  const shown = new Set<string>();
  if (assets.size === 0) return shown;
  for (const entry of entries) {
    for (const ref of entry.rendered.refs) {
      if (!ref.url.startsWith(config.baseUrl)) continue;
      const path = decodePath(ref.url.slice(config.baseUrl.length).replace(/[?#].*$/s, ''));
      if (assets.has(path)) shown.add(path);
    }
  }
  return shown;
}

/** The files of `assets` that pages show as code blocks (`snippets`, by their path on disk) and that no page shows or links to. */
function unlinkedSnippets(config: SiteConfig, entries: Entry[], assets: StaticFiles['extra'], snippets: Set<string>): string[] {
  const shown = assetsShown(config, entries, assets);
  return [...assets].filter(([path, file]) => snippets.has(file.source) && !shown.has(path)).map(([path]) => path);
}

const RENDER_BATCH = 24;
/** Below this many pages, starting React in the worker threads costs more than it saves. */
const MAIN_THREAD_PAGES = 400;

function cacheDir(options: BuildOptions): string | null {
  return options.cache === false ? null : cacheDirOf(options.config.root);
}

/** Whether two routes make the same page cache key: the same JSON but for their search input, which the key leaves out. */
function sameRoute(a: Route, b: Route, known: Map<object, unknown>): boolean {
  return sameJson({ ...a, search: null }, { ...b, search: null }, known);
}

/**
 * Cache of rendered pages: a page whose route, site data, theme and assets are unchanged is not
 * rendered again. A record is the page's small fields as one line of JSON, then its HTML as it
 * is: escaping the HTML into JSON cost more than the rest of writing it. Its page data is not kept
 * (the route makes it again: `pageDataOf`), so a page read back has `pageData` undefined.
 */
function createPageCache(dir: string | null, memory?: Map<string, RenderedPage>) {
  const isPage = (v: unknown): v is RenderedPage => typeof v === 'object' && v !== null && typeof (v as RenderedPage).html === 'string' && Array.isArray((v as RenderedPage).links) && Array.isArray((v as RenderedPage).ids);
  // The dev server (which keeps pages in memory) appends each edit's to one segment.
  return createDiskCache(dir, 'pages-v4', isPage, memory, {
    resume: memory !== undefined,
    codec: {
      encode: ({ html, pageData: _, ...rest }: RenderedPage) => `${JSON.stringify(rest)}\n${html}`,
      decode: (text) => {
        const at = text.indexOf('\n');
        const rest: unknown = at === -1 ? null : JSON.parse(text.slice(0, at));
        return typeof rest === 'object' && rest !== null ? { ...rest, html: text.slice(at + 1) } : null;
      },
    },
  });
}

/**
 * The config as the page cache's keys hold it: its folders relative to the project (the output folder left out), so
 * that neither `--out` nor the project's place on disk changes a page's key.
 */
function projectRelative(config: SiteConfig): SiteConfig {
  const local = (path: string) => relative(config.root, path).split(sep).join('/');
  return {
    ...config,
    root: '.',
    contentDir: local(config.contentDir),
    themeDir: local(config.themeDir),
    ...(config.themeOverrides === undefined ? {} : { themeOverrides: local(config.themeOverrides) }),
    outDir: '',
    configFile: local(config.configFile),
    ...(config.configImports === undefined ? {} : { configImports: config.configImports.map(local) }),
  };
}

/** A page's ids and links as the link check needs them, and the shared blocks it holds (by name). */
interface PageLinks {
  ids: string[];
  /** Each link as `[url, kind, in content]` (kind: index in LINK_KINDS; 1 when in content): half the JSON of objects. */
  links: [string, number, number][];
  blocks: string[];
  /** The page's `<base href>`, when it has one. */
  base?: string;
}

const LINK_KINDS: FoundLink['kind'][] = ['link', 'image', 'asset'];

function isPageLinks(value: unknown): value is PageLinks {
  const v = value as PageLinks | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.ids) && Array.isArray(v.blocks) && Array.isArray(v.links) && v.links.every((l) => Array.isArray(l) && typeof l[0] === 'string') && (v.base === undefined || typeof v.base === 'string');
}

/** A page's `<base href>` as a property to spread, none when it has none. */
function baseOf({ base }: { base?: string }): { base?: string } {
  return base === undefined ? {} : { base };
}

function pageDataFile(htmlFile: string): string {
  return htmlFile.replace(/index\.html$/, 'page-data.json');
}

/**
 * What the link check needs of a rendered page, once its HTML is written: its ids and links, or for a
 * page the last build checked (`LinkState`), its ids and a way to read its links if they are needed.
 */
interface LinkedPage {
  path: string;
  ids: string[];
  links: FoundLink[] | null;
  shared?: FoundLink[][];
  /** Its `<base href>`, when it has one (a page whose links are not read yet gives it with them, `load`). */
  base?: string;
  /** The page's output tag (what it was made from). */
  tag: string;
  load?: () => PageLinksFound;
}

/** A page's links, those of its shared blocks, and its `<base href>`. */
type PageLinksFound = { links: FoundLink[]; shared: FoundLink[][]; base?: string };

const LINK_STATE_FILE = 'link-state-v1.json';

/** The link check's state as the last writing build saved it, if it is this toolchain's and whole. */
async function readLinkState(dir: string): Promise<LinkState | null> {
  try {
    const data = parseCacheFile(await readFile(join(dir, LINK_STATE_FILE), 'utf8')) as { toolchain?: string; state?: unknown };
    return data.toolchain === TOOLCHAIN && isLinkState(data.state) ? data.state : null;
  } catch {
    return null; // none yet, or unreadable: every page is checked
  }
}

/**
 * Renders every route through the theme (in the worker threads, or here for a small site) and hands
 * each page's files to `out` as soon as the page is ready: a writing build holds only a batch of
 * pages at a time, whatever the size of the site. Returns what the link check needs of each page.
 */
async function renderAll(pool: Pool, plan: SitePlan, client: ClientAssets, cache: ReturnType<typeof createPageCache>, out: OutputSink, options: { filled?: BuildMemo['filled']; hashes?: Map<string, string>; routeKeys?: BuildMemo['routeKeys']; renderOn: NonNullable<BuildOptions['renderOn']>; linkCacheDir?: string | null; linkState?: Promise<LinkState | null> | null }): Promise<{ pages: LinkedPage[]; cached: number }> {
  const { config, routes, siteData } = plan;
  const siteDataUrls: Record<string, string> = {};
  const blogSidebarUrls: Record<string, string> = {};
  for (const [locale, data] of Object.entries(siteData)) {
    // The every-post list is for the blog's pages: a theme that loads it apart gets it as a module of its own,
    // which a docs page never downloads (2.4 KB of the bundled site's 7 KB of site data).
    let shipped = data;
    if (plan.theme.lazyBlogSidebar && data.blogSidebar.length) {
      const posts = siteDataModule(config, locale, data.blogSidebar, 'blog-posts');
      blogSidebarUrls[locale] = posts.url;
      out.add([posts.file]);
      shipped = { ...data, blogSidebar: [], blogSidebarUrl: posts.url };
    }
    const module = siteDataModule(config, locale, shipped);
    siteDataUrls[locale] = module.url;
    out.add([module.file]);
  }
  const { files: _bundles, ...assets } = client;
  // Pages render with placeholders for the per-build URLs (site data module, search index version), so
  // a text change elsewhere does not invalidate every cached page; the real URLs are put in afterwards.
  const stable: Record<string, SiteData> = {};
  const placeholders: Record<string, string> = {};
  const real: [string, string][] = [];
  // A page's key holds its own locale's site data (as much of it as the theme says its pages read) and
  // its tag its own locale's per-build URLs: a post's new title renders again only the pages that show
  // it, and leaves the other locale's pages as they were.
  const pageSite = (plan.theme.sharedBlocks && plan.theme.pageSiteData) || ((site: SiteData) => site);
  const localeKeys = new Map<string, string>();
  const signatures = new Map<string, string>();
  // Where the pages are written shapes none of them, nor where the project is: a build into another folder (`--out`,
  // a CI job that restores only .sitegen-cache/) or of the project checked out elsewhere takes the pages the last one
  // rendered. The theme's bundle is named by the hash of its contents.
  const renderedConfig = projectRelative(config);
  const themeBundle = basename(plan.themeFile);
  const postsPlaceholders: Record<string, string> = {};
  for (const [locale, data] of Object.entries(siteData)) {
    const indexToken = `__sitegen_search_index_${locale}__`;
    placeholders[locale] = `__sitegen_site_data_${locale}__`;
    stable[locale] = { ...data, search: { ...data.search, indexUrl: indexToken } };
    const urls: [string, string][] = [[placeholders[locale], siteDataUrls[locale]!], [indexToken, data.search.indexUrl]];
    if (blogSidebarUrls[locale]) urls.push([(postsPlaceholders[locale] = `__sitegen_blog_posts_${locale}__`), blogSidebarUrls[locale]]);
    real.push(...urls);
    localeKeys.set(locale, cache.key(renderedConfig, pageSite(stable[locale]!), placeholders[locale], postsPlaceholders[locale] ?? '', assets, themeBundle));
    signatures.set(locale, sha1(JSON.stringify(urls)));
  }
  const setupKey = cache.key(config, stable, placeholders, postsPlaceholders, assets, plan.themeFile);
  const setup = { config, themeFile: plan.themeFile, siteData: stable, client: assets, siteDataUrls: placeholders, blogSidebarUrls: postsPlaceholders };
  pool.setRenderSetup(setupKey, setup);
  // Content HTML is keyed by its hash, remembered by the dev server for the same string: most of a
  // route's text, and the same string instance from build to build while its file is unchanged.
  const hashes = options.hashes ?? new Map<string, string>();
  // Most of them come with the markdown, hashed when it was rendered and cached.
  for (const [html, hash] of plan.htmlHashes ?? []) if (!hashes.has(html)) hashes.set(html, hash);
  const used = new Map<string, string>();
  const hashOf = (text: string) => {
    const hash = hashes.get(text) ?? sha1(text);
    used.set(text, hash);
    return hash;
  };
  // A route's search input does not shape its page: left out of the key and of what the workers get.
  // A sidebar is one array shared by the routes of its pages (most of a docs route's JSON): hashed once.
  const sidebars = new Map<unknown, string>();
  const dataOf = (data: Route['data']) => {
    if (!('sidebarItems' in data) || !data.sidebarItems) return data;
    let hash = sidebars.get(data.sidebarItems);
    if (hash === undefined) sidebars.set(data.sidebarItems, (hash = sha1(JSON.stringify(data.sidebarItems))));
    return { ...data, sidebarItems: hash };
  };
  // A route's key hashes its JSON (the same bytes as the object given to `key`). The dev server remembers the last
  // build's routes: one that holds the same data as the last build's at its path (`sameJson`: the same JSON) keeps its
  // key, and an edit makes the JSON of only the routes it changed (making every route's had cost 10–14 ms an edit).
  const last = options.routeKeys;
  const known = new Map<object, unknown>();
  const keys = routes.map((route) => {
    const localeKey = localeKeys.get(route.locale)!;
    const before = last?.get(route.path);
    if (before && before.localeKey === localeKey && sameRoute(before.route, route, known)) return before.key;
    return cache.key(localeKey, JSON.stringify({ ...route, data: dataOf(route.data), search: null, html: Object.fromEntries(Object.entries(route.html).map(([name, html]) => [name, hashOf(html)])) }));
  });
  if (last) {
    last.clear();
    routes.forEach((route, i) => last.set(route.path, { route, localeKey: localeKeys.get(route.locale)!, key: keys[i]! }));
  }
  hashes.clear();
  for (const [text, hash] of used) hashes.set(text, hash);
  const fill = (text: string) => real.reduce((out, [token, value]) => (out.includes(token) ? out.split(token).join(value) : out), text);
  const filled = options.filled;
  // Filled pages by tag: a page's key and its locale's per-build URLs.
  const previous = filled?.pages ?? new Map<string, RenderedPage>();
  const current = new Map<string, RenderedPage>();
  const linked: LinkedPage[] = new Array(routes.length);
  const links = internedLinks();
  // The theme's shared blocks (the blog's every-post list) are filled in here, once per page written;
  // their links were scanned once per locale.
  const sharedSets = new Map<string, SharedBlockSet>();
  const shared = (locale: string) => {
    const make = plan.theme.sharedBlocks;
    if (!make) return null;
    let set = sharedSets.get(locale);
    if (!set) sharedSets.set(locale, (set = sharedBlockSet(make(stable[locale]!, sidebarsOf(routes, locale)))));
    return set;
  };
  const complete = (i: number, page: RenderedPage): RenderedPage & { blocks: string[] } => {
    const set = shared(routes[i]!.locale);
    // The per-build URLs first, in the small page; the blocks hold none.
    const html = fill(page.html);
    const blocks = set ? fillSharedBlocks(html, set, page.path) : { html, ids: [], shared: [], names: [] };
    return { ...page, html: blocks.html, ids: blocks.ids.length ? [...page.ids, ...blocks.ids] : page.ids, links: page.links.map((l) => links.of({ ...l, url: fill(l.url) })), shared: blocks.shared, blocks: blocks.names };
  };
  // Tags: the page's key and the per-build URLs make its HTML; the key alone its page data.
  const tagOf = (i: number) => `${keys[i]}:${signatures.get(routes[i]!.locale)}`;
  // A page the output folder already holds as this build would write it is not read from the page
  // cache at all: the link check needs only its ids and links, kept apart in a small entry.
  const linkCache = createDiskCache(options.linkCacheDir ?? null, 'page-links-v2', isPageLinks, undefined, { resume: filled !== undefined });
  const finish = (i: number, page: RenderedPage, fresh: boolean) => {
    if (fresh) cache.set(keys[i]!, page);
    const tag = tagOf(i);
    const remembered = fresh ? undefined : previous.get(tag);
    const completed = remembered ? null : complete(i, page);
    const done = remembered ?? completed!;
    if (filled) current.set(tag, done);
    out.add(done.pageData === null ? [{ path: done.file, contents: done.html, tag }] : [{ path: done.file, contents: done.html, tag }, { path: pageDataFile(done.file), contents: done.pageData, tag: keys[i]! }]);
    linked[i] = { path: done.path, ids: done.ids, links: done.links, shared: done.shared, ...baseOf(done), tag };
    if (completed && out.has) {
      const compact = completed.links.map((l): [string, number, number] => [l.url, LINK_KINDS.indexOf(l.kind), l.inContent ? 1 : 0]);
      linkCache.set(linkCache.key(tag), { ids: completed.ids, links: compact, blocks: completed.blocks, ...baseOf(completed) });
    }
  };
  /** A page's links from its entry, with its shared blocks' scans; null if either is missing. */
  const storedLinks = (i: number, found: PageLinks | undefined): PageLinksFound | null => {
    const set = shared(routes[i]!.locale);
    const scans = found?.blocks.map((name) => (set ? sharedBlockScan(set, name) : undefined));
    if (!found || !scans || scans.some((scan) => !scan)) return null;
    return { links: found.links.map(([url, kind, inContent]) => links.stored(url, kind, inContent)), shared: scans.map((s) => s!.links), ...baseOf(found) };
  };
  const state = await options.linkState;
  const reuse = (i: number): boolean => {
    const route = routes[i]!;
    const file = outputFileOf(config, route.path);
    const tag = tagOf(i);
    const kept = route.data.kind === 'notFound' ? [{ path: file, tag }] : [{ path: file, tag }, { path: pageDataFile(file), tag: keys[i]! }];
    if (!out.has || !out.keep || !kept.every((f) => out.has!(f.path, f.tag))) return false;
    const linkKey = linkCache.key(tag);
    // Checked by the last build as it is: its ids are in the link state, its links read only if the
    // check needs them (from their entry, or from the page in the output folder if that is gone).
    const known = state?.pages[normalisePath(route.path)];
    if (known?.[0] === tag && linkCache.has(linkKey)) {
      const load = (): PageLinksFound => {
        const stored = storedLinks(i, linkCache.get(linkKey));
        if (stored) return stored;
        const scan = scanHtml(readFileSync(join(config.outDir, file), 'utf8'));
        return { links: scan.links.map(links.of), shared: [], ...baseOf(scan) };
      };
      out.keep(kept);
      cache.touch(keys[i]!);
      linked[i] = { path: route.path, ids: known[1], links: null, tag, load };
      return true;
    }
    const entry = linkCache.get(linkKey);
    const found = storedLinks(i, entry);
    if (!found) return false;
    out.keep(kept);
    cache.touch(keys[i]!);
    linked[i] = { path: route.path, ids: entry!.ids, ...found, tag };
    return true;
  };
  const missing: number[] = [];
  routes.forEach((_, i) => {
    if (reuse(i)) return;
    const page = cache.get(keys[i]!);
    if (page) finish(i, page.pageData === undefined ? { ...page, pageData: pageDataOf(routes[i]!, stable[routes[i]!.locale]!) } : page, false);
    else missing.push(i);
  });
  const batches: number[][] = [];
  for (let i = 0; i < missing.length; i += RENDER_BATCH) batches.push(missing.slice(i, i + RENDER_BATCH));
  const routesOf = (batch: number[]) => batch.map((i) => ({ ...routes[i]!, search: null }));
  const done = (batch: number[]) => (pages: RenderedPage[]) => pages.forEach((page, j) => finish(batch[j]!, page, true));
  if (options.renderOn === 'main' || (options.renderOn === 'auto' && missing.length <= MAIN_THREAD_PAGES)) {
    const render = createPageRenderer(setup);
    for (const [n, batch] of batches.entries()) {
      // A turn of the event loop between two batches (30–40 ms each): Ctrl-C is handled there, not after every page.
      if (n > 0) await new Promise((resolve) => setImmediate(resolve));
      done(batch)(await render(routesOf(batch)));
    }
  } else {
    await Promise.all(batches.map((batch) => pool.renderPages(setupKey, routesOf(batch)).then(done(batch))));
  }
  if (filled) filled.pages = current;
  await cache.flush();
  await linkCache.flush();
  return { pages: linked, cached: routes.length - missing.length };
}

/**
 * The pages' markdown copies and each locale's llms.txt (src/publish/llms.ts), loaded only for a site that has them.
 * `held`: the dev server's files as last written. The llms.txt files, which hold every page (llms-full.txt, half a
 * megabyte a locale for the bundled site, is made again at each edit of any page), then stand as they are until
 * edits pause: `later` makes them, and the dev server writes them with the search files. A first build makes them at once.
 */
async function publishLlms(config: SiteConfig, plan: SitePlan, out: OutputSink, held?: Map<string, OutputFile['contents']>): Promise<{ count: number; later: (() => OutputFile[]) | null }> {
  const { copyTexts, listedVersion, llmsFilePaths, llmsFiles, markdownCopies, unknownSections } = await import('./publish/llms.js');
  const listed = listedVersion(plan.versions, Object.keys(plan.sidebars.sidebars));
  plan.diagnostics.push(...unknownSections(config, listed.names));
  const copies = copyTexts(plan.entries, plan.routes);
  const pageCopies = markdownCopies(config, copies);
  out.add(pageCopies);
  const locales = config.locales.filter((l) => plan.siteData[l.code]);
  const made = () => locales.flatMap((l) => llmsFiles(config, l, copies, { ...listed, items: sidebarsOf(plan.routes, l.code) }));
  const paths = locales.flatMap((l) => llmsFilePaths(config, l));
  if (held && paths.every((path) => held.has(path))) {
    // Added as they are: neither written nor removed, and checked against the other files at their paths.
    out.add(paths.map((path) => ({ path, contents: held.get(path)! })));
    return { count: pageCopies.length + paths.length, later: made };
  }
  const files = made();
  out.add(files);
  return { count: pageCopies.length + files.length, later: null };
}

/** The docs sidebars of a locale by name, as its doc routes (and categories' generated indexes) hold them. */
function sidebarsOf(routes: Route[], locale: string): Record<string, SidebarItem[]> {
  const sidebars: Record<string, SidebarItem[]> = {};
  for (const route of routes) {
    const data = route.data;
    if (route.locale === locale && (data.kind === 'doc' || data.kind === 'generatedIndex') && data.sidebar !== null && data.sidebarItems) sidebars[data.sidebar] ??= data.sidebarItems;
  }
  return sidebars;
}

/**
 * One shared object per distinct link: the navbar, footer and sidebar links of a big site repeat on
 * every page, and kept once each they cost a pointer per page instead of an object and a string.
 */
function internedLinks(): { of(link: FoundLink): FoundLink; stored(url: string, kind: number, inContent: number): FoundLink } {
  // By URL, then by kind and place (LINK_KINDS index × 2 + in content): no key string per link.
  const known = new Map<string, (FoundLink | undefined)[]>();
  const variants = (url: string) => {
    let found = known.get(url);
    if (!found) known.set(url, (found = []));
    return found;
  };
  return {
    of: (link) => (variants(link.url)[LINK_KINDS.indexOf(link.kind) * 2 + (link.inContent ? 1 : 0)] ??= link),
    /** A link as the page-link cache keeps it (`[url, kind, in content]`), made only when new. */
    stored: (url, kind, inContent) => (variants(url)[(LINK_KINDS[kind] ? kind : 0) * 2 + (inContent === 1 ? 1 : 0)] ??= { url, kind: LINK_KINDS[kind] ?? 'link', inContent: inContent === 1 }),
  };
}

/**
 * Static files the site replaces with a file it makes at the same path (the sitemap, a feed, a page):
 * a warning each, as they are not copied. A robots.txt of the site's own is copied instead of the one
 * the site makes, and told when it does not say where the sitemap is.
 */
function shadowedStatics(config: SiteConfig, listed: ListedFile[], paths: string[], assets: StaticFiles['extra']): Diagnostic[] {
  const made = new Set(paths);
  const out: Diagnostic[] = [];
  // A file beside the pages at a path the site makes itself (`docs/faq/index.html`) is not published either.
  for (const [path, file] of assets) {
    if (made.has(path)) out.push({ severity: 'warning', code: 'static', file: displayPath(config.root, file.source), message: `the site makes /${path} itself, so this file is not copied`, hint: 'give it another name' });
  }
  for (const file of listed) {
    const shown = displayPath(config.root, join(config.contentDir, 'static', file.path));
    // A site's own `_redirects` is merged into the one the aliases make.
    if (made.has(file.path) && file.path !== '_redirects') {
      out.push({ severity: 'warning', code: 'static', file: shown, message: `the site makes /${file.path} itself, so this file is not copied`, hint: file.path.endsWith('.html') ? 'give it another name, or make the page in content/ or the theme' : 'give it another name, or delete it' });
    } else if (file.path === 'robots.txt' && !/^\s*sitemap\s*:/im.test(readTextOrEmpty(join(config.contentDir, 'static', file.path)))) {
      out.push({ severity: 'warning', code: 'static', file: shown, message: 'this robots.txt replaces the one the site makes, and does not say where the sitemap is', hint: `add the line: ${sitemapLine(config)}` });
    }
  }
  return out;
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

// A static file that is a folder's index page (`landing/index.html`; the site's own home is a page).
const FOLDER_INDEX_RE = /.\/index\.html$/;

/** The build-time link pass over the final HTML of every page (theme links included). */
async function checkBuiltLinks(config: SiteConfig, plan: SitePlan, pages: LinkedPage[], paths: string[], options: { memo?: LinkCheckMemo; cacheDir: string | null; state?: Promise<LinkState | null> | null; stored: { pages: number }; locales?: string[]; leftOutVersionLinks?: 'warn'; unjudged?: Set<string> }): Promise<Diagnostic[]> {
  const { memo, cacheDir } = options;
  const refs = new Map(plan.entries.map((e) => [e.permalink, e.rendered.refs]));
  const sources = new Map(plan.routes.map((r) => [r.path, r.source]));
  const fallbacks = new Set(plan.entries.filter((e) => e.untranslated).map((e) => e.permalink));
  const unreadable: Diagnostic[] = [];
  const layout = displayPath(config.root, config.themeDir);
  const onUnreadable = (path: string, error: unknown) =>
    unreadable.push({ severity: 'error', code: 'static', file: displayPath(config.root, path), message: `the folder cannot be read: ${unreadableReason(error)}, so its files are not copied`, hint: 'give the build read access to it' });
  const listed = listFiles(join(config.contentDir, 'static'), undefined, { followFileLinks: true, onUnreadable });
  const staticFiles = listed.map((f) => f.path);
  unreadable.push(...linksOutProblems(config, listed), ...shadowedStatics(config, listed, paths, plan.assets));
  // Pages are checked as pages (with their ids); an HTML file of static/ is a file like any other, and a folder's
  // index.html is also at the folder's address, with or without its slash, as every host serves it.
  const folderIndexes = staticFiles.flatMap((p) => (FOLDER_INDEX_RE.test(p) ? [p.slice(0, -'index.html'.length), p.slice(0, -'/index.html'.length)] : []));
  const filePaths = new Set([...paths.filter((p) => !p.endsWith('.html')), ...staticFiles, ...folderIndexes, ...plan.assets.keys()].map((p) => config.baseUrl + p));
  // A page's earlier address (an alias) is checked as the page it leads to: a link to it, and its anchor, land there.
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const aliasPages = plan.aliases.paths.flatMap((path, i): CheckedPage[] => {
    const target = byPath.get(plan.aliases.targets[i]!);
    return target ? [{ path, source: layout, refs: [], scan: { ids: new Set(target.ids), links: [] } }] : [];
  });
  // A static HTML page (`content/static/landing/index.html`) is a page a link and its anchor may land on, as
  // check-links reads it: its ids are read every build (they are facts the kept link state is checked against), its
  // own links are check-links' to judge. A page the site makes at the same address wins, as it is the one published.
  const made = new Set(pages.map((page) => normalisePath(page.path)));
  const staticPages = staticFiles.flatMap((file): CheckedPage[] => {
    const path = config.baseUrl + file;
    if (!file.endsWith('.html') || made.has(normalisePath(path))) return [];
    const source = join(config.contentDir, 'static', file);
    const ownFile = !FOLDER_INDEX_RE.test(file) && file !== 'index.html';
    return [{ path, source: displayPath(config.root, source), refs: [], scan: { ids: scanHtml(readTextOrEmpty(source)).ids, links: [] }, ...(ownFile ? { ownFile } : {}) }];
  });
  // The site's own redirect rules (content/static/_redirects, which the host reads): a link a rule sends on is judged where it is sent.
  const rulesFile = join(config.contentDir, 'static', '_redirects');
  const redirects = staticFiles.includes('_redirects') ? parseRedirects(readTextOrEmpty(rulesFile), displayPath(config.root, rulesFile), config.baseUrl) : null;
  if (redirects) unreadable.push(...redirects.diagnostics);
  const hints = await loadPackCache(cacheDir, 'link-hints-v1', (v): v is string => typeof v === 'string');
  // The state to save for the next build (a writing build that keeps a cache).
  const previous = options.state ? await options.state : undefined;
  let next: LinkState | null = null;
  const persist = previous !== undefined && cacheDir ? { previous, save: (state: LinkState, stored: number) => ((next = state), (options.stored.pages = stored)) } : undefined;
  const problems = checkLinks(
    [
      ...pages.map((page): CheckedPage => {
        const source = sources.get(page.path) ?? 'theme';
        const origin = { path: page.path, source: source === 'theme' ? layout : source, refs: refs.get(page.path) ?? [], tag: page.tag, fallback: fallbacks.has(page.path), listing: source === 'theme' };
        const ids = new Set(page.ids);
        return page.links ? { ...origin, scan: { ids, links: page.links, ...baseOf(page) }, shared: page.shared } : { ...origin, scan: { ids, links: null }, load: page.load! };
      }),
      ...aliasPages,
      ...staticPages,
    ],
    {
      config,
      files: filePaths,
      severity: { links: config.links.onBrokenLinks, images: config.links.onBrokenImages, anchors: config.links.onBrokenAnchors, ...(options.leftOutVersionLinks && config.links.onBrokenLinks === 'error' ? { versions: options.leftOutVersionLinks } : {}) },
      layoutSource: layout,
      themeFolders: themeFoldersOf(config),
      hints,
      notBuilt: notBuiltOf(options.locales ? outsideLocales(config, options.locales, new Set(staticFiles.map((path) => path.split('/')[0]!))) : undefined, options.unjudged),
      unpublished: unpublishedFileOf(config, versionFileFolders(plan.versions)),
      ...(plan.drafts ? { drafts: plan.drafts } : {}),
      ...(plan.blogLeftOut ? { blogLeftOut: plan.blogLeftOut } : {}),
      ...(plan.leftOutVersions ? { leftOutVersions: plan.leftOutVersions } : {}),
      configLinks: configLinks(config, displayPath(config.root, config.configFile), plan.sidebars, blogLinkPlaces(config, plan.blog, plan.entries)),
      ...(redirects ? { redirects: redirects.rules } : {}),
    },
    memo,
    persist,
  );
  await hints.save();
  if (next) await writeCacheFile(join(cacheDir!, LINK_STATE_FILE), { toolchain: TOOLCHAIN, state: next });
  // A page whose address is refused (duplicate-route) is not judged by its layout's links as well: its language menu,
  // made from that address, leads nowhere, one more error for the one mistake. Its body's links (told at a line) are.
  const misplaced = new Set(plan.diagnostics.filter((d) => d.code === 'duplicate-route').map((d) => d.file));
  const told = misplaced.size ? problems.filter((d) => !(d.code === 'broken-link' && d.line === undefined && misplaced.has(d.file))) : problems;
  return [...unreadable, ...told, ...shareImageProblems(config, plan.entries, filePaths)];
}

/**
 * A link in `content/static/` to a file outside the project: the site would publish whatever that
 * path holds on the machine that builds it (a clone's link to `~/.ssh/id_rsa`, to `/etc/hostname`).
 */
function linksOutProblems(config: SiteConfig, listed: ListedFile[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const root = realPathOrSelf(config.root);
  for (const file of listed) {
    if (!file.link) continue;
    const link = join(config.contentDir, 'static', file.path);
    const target = realPathOrSelf(link);
    if (target === root || target.startsWith(root + sep)) continue;
    problems.push({ severity: 'error', code: 'static', file: displayPath(config.root, link), message: `links to ${target}, outside the project, so the site would publish that file of the machine that builds it`, hint: 'copy the file into content/static/, or link to one inside the project' });
  }
  return problems;
}

/**
 * Share images (the config's `image`, a page's `image:`) are in no link of a page's body, only in its
 * `og:image` and `twitter:image`: checked here against the files, as images are.
 */
function shareImageProblems(config: SiteConfig, entries: Entry[], files: Set<string>): Diagnostic[] {
  const severity = config.links.onBrokenImages;
  if (severity === 'off') return [];
  // A site path (`/img/x.png`), or the site's own address written absolute: checked against the site's files.
  const missing = (image: string) => {
    if (isOwnOrigin(image, config.url)) {
      try {
        return !files.has(decodeURI(new URL(image).pathname));
      } catch {
        return false;
      }
    }
    if (hasScheme(image) || image.startsWith('//')) return false;
    // The address as a page carries it (`/docs/pic%201.png`, from `./pic 1.png` beside the page; `c%231.svg` for
    // `c#1.svg`): each part of the file's name decoded.
    const path = config.baseUrl + image.replace(/^\//, '').split(/[?#]/)[0];
    try {
      return !files.has(path.split('/').map(decodeURIComponent).join('/'));
    } catch {
      return !files.has(path);
    }
  };
  const problems: Diagnostic[] = [];
  const level = severity === 'error' ? 'error' : 'warning';
  if (config.image && missing(config.image)) {
    problems.push({ severity: level, code: 'broken-image', file: displayPath(config.root, config.configFile), line: configKeyLine(config.configFile, ['image']), message: `image: ${config.image} does not exist (the share card of every page without its own image)`, hint: 'put the file in content/static/, or point image at one there' });
  }
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!entry.image || entry.untranslated || seen.has(entry.file) || !missing(entry.image)) continue;
    seen.add(entry.file);
    problems.push({ severity: level, code: 'broken-image', file: entry.file, line: entry.imageLine, message: `image: ${entry.image} does not exist (the page's share card)`, hint: 'put the file in content/static/, or point image at one there' });
  }
  return problems;
}

function countPages(routes: Route[]): Record<string, number> {
  const pages: Record<string, number> = {};
  for (const route of routes) pages[route.locale] = (pages[route.locale] ?? 0) + 1;
  return pages;
}

export { SitegenError };
