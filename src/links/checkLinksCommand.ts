import { Worker } from 'node:worker_threads';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { MAX_REDIRECTS, parseRedirects, queryOf, redirectOf, searchOf, sentTo, type ParsedRedirects, type RedirectRules } from './redirects.js';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { planSite, type SitePlan } from '../build.js';
import { outputFileOf } from '../routes/planEntries.js';
import { hasScheme } from '../content/links.js';
import type { CliIO } from '../cli.js';
import { loadConfig } from '../config/loadConfig.js';
import { countErrors, displayPath, formatDiagnostic, SitegenError, sortDiagnostics, usageError } from '../diagnostics.js';
import { localesIn } from '../output/writeOutput.js';
import type { CrawlServerData } from './crawlServer.js';
import { MALFORMED, type CrawlClientData, type CrawlResult, type Failure } from './crawlFailure.js';
import type { Diagnostic, SiteConfig, SourceRef } from '../types.js';
import { configKeyLine } from '../config/keyLine.js';
import { escapeRegExp } from '../regexp.js';
import { checkLinks, configLinks, decodePath, linkBase, normalisePath, outsideLocales, ownOrigins, reaches, type HtmlPage } from './checkLinks.js';
import { themeFoldersOf } from './themeLinkPlace.js';
import { unreadableReason } from '../content/readSource.js';
import { blogLinkPlaces } from '../content/blogMetaPosts.js';
import { parseSrcset, scanHtml } from './scanHtml.js';
import { unpublishedFileOf } from './unpublished.js';
import { versionFileFolders } from '../routes/versions.js';
import { checkOutput, shownOf } from './outputIntegrity.js';

export interface CheckLinksOptions {
  dir?: string;
  config: string;
  external?: boolean;
  concurrency: string;
  timeout: string;
  retry: string;
  format: string;
}

const FORMATS = ['text', 'json', 'github'];

/** `sitegen check-links`: checks an existing build without rebuilding it. */
export async function runCheckLinks(options: CheckLinksOptions, io: CliIO): Promise<number> {
  if (!FORMATS.includes(options.format)) throw usageError(`--format ${options.format}`, `unknown format "${options.format}"`, `use one of: ${FORMATS.join(', ')}`);
  const config = await loadConfig({ configFile: options.config });
  const dir = resolve(options.dir ?? config.outDir);
  // A build of some locales (`sitegen build --locale en`) holds only their folders: links into the
  // others are left unjudged, as that build left them.
  const built = localesIn(dir, config.locales);
  // Named as the reader gave it: the flag, or the config's output folder (no flag was typed).
  if (built.length === 0) throw usageError(options.dir !== undefined ? `--dir ${options.dir}` : displayPath(process.cwd(), dir), `no built site in ${dir}`, 'run `sitegen build` first, or pass --dir');
  const crawling = crawlOptions(options);
  const started = performance.now();
  // The content is planned (nothing rendered) while the built pages are read.
  const planning = planSite({ config }).catch(() => null);
  const pages = await readPages(config, dir).catch(unreadable);
  const files = new Set((await fg('**/*', { cwd: dir, ignore: ['**/*.html'], dot: true, followSymbolicLinks: false }).catch(unreadable)).map((f) => config.baseUrl + f));
  // The crawl goes on in two threads of its own while this one makes its own pass over the pages.
  const crawl = await startCrawl(config, built, dir, crawling, pages, [...files].filter((path) => path.endsWith('.css')));
  try {
    return await checkWhileCrawling({ options, io, config, dir, built, crawling, started, planning, pages, files, crawl });
  } finally {
    await crawl.stop();
  }
}

/** `runCheckLinks` once the crawl is under way: the pages' own pass, then the crawl's findings, and the report. */
async function checkWhileCrawling({ options, io, config, dir, built, crawling, started, planning, pages, files, crawl }: { options: CheckLinksOptions; io: CliIO; config: SiteConfig; dir: string; built: SiteConfig['locales']; crawling: CrawlOptions; started: number; planning: Promise<SitePlan | null>; pages: BuiltPage[]; files: Set<string>; crawl: Crawl }): Promise<number> {
  for (const page of pages) page.scan = scanHtml(page.html);
  redirectIds(pages);
  const notBuilt = built.length < config.locales.length ? outsideLocales(config, built.map((l) => l.code), staticRootsOf(config)) : undefined;
  const plan = await planning;
  placePages(pages, plan);
  placeStaticPages(config, pages, plan !== null);
  const output = await checkOutput({ config, dir, pages, files, routes: plan?.routes ?? null, built, versions: plan?.versions });
  // The host's redirect rules, as the build wrote them (the site's own, then its pages' earlier addresses): a link a rule sends on is judged where it is sent.
  const redirects = files.has(`${config.baseUrl}_redirects`) ? parseRedirects(readFileSync(join(dir, '_redirects'), 'utf8'), `${shownOf(config, dir)}_redirects`, config.baseUrl) : null;
  const own = ownPass({ config, dir, pages, files, plan, notBuilt, gone: output.missing, redirects });
  const shares = shareImages(config, pages, files);
  const diagnostics = [...own.diagnostics, ...output.diagnostics, ...reports(config, pages, !notBuilt, redirects?.rules), ...shares.diagnostics];
  // Our pass checks the links it finds (anchors, images, media, scripts, styles, refreshes): an internal
  // URL of those missing from the build is already reported, at its source line. The crawl adds what
  // only a server shows (a file that exists but does not serve), what our pass does not read (CSS
  // `url()`, rarer attributes) and, with --external, the links out.
  const byPath = new Map(pages.map((p) => [normalisePath(p.path), p]));
  const present = (path: string) => files.has(path) || reaches(path, byPath.get(normalisePath(path)));
  const seen = ownTargets(config, pages);
  // Left to our pass: what it reported (a planned page missing included), and what lies in a locale this build left out (unjudged).
  const reported = (path: string) => !present(path) && (seen.has(normalisePath(path)) || own.missing.has(normalisePath(path)) || shares.paths.has(path) || !!notBuilt?.(path));
  const crawled = await crawlDiagnostics(config, dir, crawling, pages, crawl, reported);
  diagnostics.push(...crawled.diagnostics);
  const sorted = sortDiagnostics(diagnostics);
  const summary = { pages: pages.length, links: crawled.checked, errors: countErrors(sorted), warnings: sorted.length - countErrors(sorted), ms: Math.round(performance.now() - started) };
  io.out(formatReport(options.format, sorted, summary));
  return summary.errors > 0 ? 1 : 0;
}

/** A folder or page of the build this user cannot read (a `chmod`, a build made by root): told at it, in one line. */
function unreadable(error: unknown): never {
  const path = (error as NodeJS.ErrnoException).path;
  if (typeof path !== 'string') throw error;
  throw usageError(displayPath(process.cwd(), path) || '.', `cannot read this part of the built site: ${unreadableReason(error)}`, 'give this user read access to the whole output folder, or build it again as this user');
}

interface CrawlOptions {
  external: boolean;
  concurrency: number;
  timeout: number;
  retry: number;
}

/** The numeric flags, checked: a typo must not silently become NaN (no limit, no timeout). */
function crawlOptions(options: CheckLinksOptions): CrawlOptions {
  // Digits only (`1e9`, `0x10` are no one's way to write a count), up to a limit: a timer of more than 2^31-1 ms
  // fires at once in Node, so a larger --timeout failed every request.
  const int = (flag: string, value: string, min: number, max: number) => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw usageError(`--${flag} ${value}`, `--${flag} must be a whole number from ${min} to ${max}`, `for example --${flag} ${flag === 'timeout' ? 10000 : min + 1}`);
    return n;
  };
  return { external: !!options.external, concurrency: int('concurrency', options.concurrency, 1, 1000), timeout: int('timeout', options.timeout, 1, 2 ** 31 - 1), retry: int('retry', options.retry, 0, 100) };
}

interface BuiltPage extends HtmlPage {
  file: string;
  /** A page the content plans (not a static HTML file, which may be anything: a verification token). */
  planned?: boolean;
  /** The line of its content file's `image:` (its share image), when it has one. */
  imageLine?: number;
  /** A static HTML file whose copy is as `content/static/` holds it: not damaged since the build, however it ends. */
  asWritten?: boolean;
}

async function readPages(config: SiteConfig, dir: string): Promise<BuiltPage[]> {
  const files = await fg('**/*.html', { cwd: dir, followSymbolicLinks: false });
  const origin = new URL(config.url).origin;
  const unlocalised = unlocalisedPath(config);
  return Promise.all(
    files.sort().map(async (file) => {
      const html = await readFile(join(dir, file), 'utf8');
      const ownFile = !(file === 'index.html' || file.endsWith('/index.html'));
      const folder = config.baseUrl + (ownFile ? file : file.slice(0, -'index.html'.length));
      // `docs/x/index.html` is served as `/docs/x`, its canonical URL: relative links resolve from there.
      // A fallback copy's canonical URL is its original's, in the default locale: the same address under another locale's prefix.
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      const found = canonical ? pathOf(canonical, origin + folder) : null;
      const served = found === null ? null : decodePath(found);
      const path = served && normalisePath(served) === normalisePath(folder) ? served : served && normalisePath(unlocalised(served)) === normalisePath(unlocalised(folder)) ? (served.endsWith('/') ? folder : folder.replace(/\/$/, '')) : folder;
      return { file, path, ownFile, html, source: `${dir.endsWith('/') ? dir : `${dir}/`}${file}`.replace(`${config.root}/`, ''), refs: [] };
    }),
  );
}

/**
 * A page that sends the reader on at once (an alias's page: a refresh to another page of the site) holds
 * the ids of the page it leads to, where a link to `/docs/old#part` lands.
 */
function redirectIds(pages: BuiltPage[]): void {
  const byPath = new Map(pages.map((page) => [normalisePath(page.path), page]));
  for (const page of pages) {
    const to = /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(page.html)?.[1];
    if (!to?.startsWith('/')) continue;
    const target = byPath.get(normalisePath(decodePath(to.replace(/&amp;/g, '&').split(/[?#]/)[0]!)));
    if (target?.scan && page.scan) page.scan.ids = target.scan.ids;
  }
}

/** A site path without its locale's prefix (`/en/docs/x` → `/docs/x`). */
function unlocalisedPath(config: SiteConfig): (path: string) => string {
  const prefixes = config.locales.filter((l) => l.path).map((l) => `${config.baseUrl}${l.path}/`);
  return (path) => {
    const prefix = prefixes.find((p) => `${path}/`.startsWith(p));
    return prefix ? config.baseUrl + path.slice(prefix.length) : path;
  };
}

/** The planned pages' content files, links and fallback flags, on the built pages that are theirs; the theme's lists marked. */
function placePages(pages: BuiltPage[], plan: SitePlan | null): void {
  if (!plan) return;
  const sources = new Map(plan.entries.map((entry) => [normalisePath(entry.permalink), { source: entry.file, refs: entry.rendered.refs, fallback: entry.untranslated, ...(entry.imageLine ? { imageLine: entry.imageLine } : {}) }]));
  const generated = new Set(plan.routes.filter((route) => route.source === 'theme').map((route) => normalisePath(route.path)));
  for (const page of pages) {
    const known = sources.get(normalisePath(page.path));
    if (known) Object.assign(page, known, { planned: true });
    else if (generated.has(normalisePath(page.path))) page.listing = true;
  }
}

/** The names at the top of `content/static/` (`img`, `robots.txt`): the first part of a static file's site path. */
function staticRootsOf(config: SiteConfig): Set<string> {
  try {
    return new Set(readdirSync(join(config.contentDir, 'static')));
  } catch {
    return new Set();
  }
}

/**
 * The HTML files of `content/static/` (copied as they are, where the build judges only the pages it makes): their
 * problems told at the file and line there, not at the output folder's copy, each link as content of its own. With the
 * content planned (`planned`), an HTML file the build did not write (API docs copied into the output folder after it)
 * is told so too, at the output folder's file and line.
 */
function placeStaticPages(config: SiteConfig, pages: BuiltPage[], planned: boolean): void {
  for (const page of pages) {
    if (page.planned || page.listing || !page.scan) continue;
    const file = join(config.contentDir, 'static', page.file);
    if (existsSync(file)) {
      page.source = displayPath(config.root, file);
      // Read again only when the copy does not end as a page the build makes does.
      if (!/<\/html\s*>\s*$/i.test(page.html)) page.asWritten = readFileSync(file, 'utf8') === page.html;
    } else if (!planned) continue;
    page.scan.links = page.scan.links.map((link) => ({ ...link, inContent: true }));
    page.refs = linkLines(page.html, page.scan.links);
  }
}

/** Each link of a page at the line of the HTML it is written on, in order (the same URL twice: each its own line); none where it cannot be found. */
function linkLines(html: string, links: { url: string; kind: string }[]): SourceRef[] {
  const refs: SourceRef[] = [];
  let from = 0;
  let line = 1;
  let counted = 0;
  for (const link of links) {
    if (!link.url) continue;
    // As an attribute's value (`href="…"`, `src=…`) or a later candidate of a srcset (`…1x, /img/b.png 2x`), not a
    // word of the text that happens to be the same: the URL, or with its & as the entity HTML may write it.
    const written = [link.url, link.url.replace(/&/g, '&amp;')].map((url) => escapeRegExp(url)).join('|');
    const found = new RegExp(`(?:=\\s*["']?|,\\s*)(${written})(?=[\\s"'>,]|$)`, 'g');
    found.lastIndex = from;
    const match = found.exec(html);
    if (!match) continue;
    // The line of the URL itself: a srcset's candidates may be on lines of their own.
    const at = match.index + match[0].length - match[1]!.length;
    for (; counted < at; counted++) if (html.charCodeAt(counted) === 10) line++;
    refs.push({ url: link.url, line, kind: link.kind === 'image' ? 'image' : 'link' });
    from = at + 1;
  }
  return refs;
}

/**
 * Our anchor / image / link pass over every page, pointed at content lines through the plan (null:
 * without a readable content tree the built pages are reported by their output path). A page the
 * content and the config make that the output folder lacks (deleted after the build, or content added
 * since) is one `missing-page` error, and the links to it are not reported one by one, nor those to
 * the files `gone` (normalised site paths) holds.
 */
function ownPass({ config, dir, pages, files, plan, notBuilt, gone, redirects }: { config: SiteConfig; dir: string; pages: BuiltPage[]; files: Set<string>; plan: SitePlan | null; notBuilt?: (path: string) => boolean; gone: Set<string>; redirects: ParsedRedirects | null }): { diagnostics: Diagnostic[]; missing: Set<string> } {
  const out: Diagnostic[] = [];
  // Files told missing already (a feed, a script's chunk): the links to them are not reported again.
  const missing = new Set(gone);
  if (plan) {
    const sources = new Map(plan.entries.map((entry) => [normalisePath(entry.permalink), entry.file]));
    const held = new Set(pages.map((page) => page.file));
    const shown = shownOf(config, dir);
    // By source file: a page and its fallback copies in the other locales are one error.
    const bySource = new Map<string, string[]>();
    for (const route of plan.routes) {
      if (held.has(outputFileOf(config, route.path)) || notBuilt?.(normalisePath(route.path))) continue;
      missing.add(normalisePath(route.path));
      const from = sources.get(normalisePath(route.path));
      const key = from ?? `\0${route.path}`;
      bySource.set(key, [...(bySource.get(key) ?? []), route.path]);
    }
    for (const [from, [first, ...others]] of bySource) {
      const also = others.length ? ` (and ${others.join(', ')})` : '';
      const maker = from.startsWith('\0') ? 'the site' : from;
      out.push({ severity: 'error', code: 'missing-page', file: `${shown}${outputFileOf(config, first!)}`, message: `${first}${also} is not in the output folder, though ${maker} makes it (links to it are not reported one by one)`, hint: 'build the site again: the folder was changed after the build, or the content since' });
    }
  }
  const unjudged = missing.size === 0 ? notBuilt : (path: string) => missing.has(path) || !!notBuilt?.(path);
  if (redirects) out.push(...redirects.diagnostics);
  out.push(
    ...checkLinks(pages, {
      config,
      files,
      // CI sees everything, whatever the build tolerates: links and images are errors, anchors warnings (SPEC 5).
      severity: { links: 'error', images: 'error', anchors: config.links.onBrokenAnchors === 'error' ? 'error' : 'warn' },
      layoutSource: displayPath(config.root, config.themeDir),
      themeFolders: themeFoldersOf(config),
      notBuilt: unjudged,
      unpublished: unpublishedFileOf(config, versionFileFolders(plan?.versions ?? null)),
      ...(plan?.drafts ? { drafts: plan.drafts } : {}),
      ...(plan?.blogLeftOut ? { blogLeftOut: plan.blogLeftOut } : {}),
      configLinks: configLinks(config, displayPath(config.root, config.configFile), plan?.sidebars, plan ? blogLinkPlaces(config, plan.blog, plan.entries) : undefined),
      ...(redirects ? { redirects: redirects.rules } : {}),
    }),
  );
  return { diagnostics: out, missing };
}

/** The paths on this site of every URL our pass found in the pages (decoded, normalised). */
function ownTargets(config: SiteConfig, pages: BuiltPage[]): Set<string> {
  const origin = new URL(config.url).origin;
  const targets = new Set<string>();
  for (const page of pages) {
    for (const link of page.scan!.links) {
      try {
        const url = new URL(link.url, linkBase(origin + page.path, page.scan!.base));
        if (url.origin === origin) targets.add(normalisePath(decodePath(url.pathname)));
      } catch {
        // a malformed URL is our pass's report
      }
    }
  }
  return targets;
}

/**
 * Pages emptied or cut off, untranslated fallbacks, orphan pages and pages missing a title or description. Orphans only when every
 * locale is there: a page may be linked from the pages of a locale the build left out.
 */
function reports(config: SiteConfig, pages: BuiltPage[], everyLocale: boolean, redirects?: RedirectRules): Diagnostic[] {
  const out: Diagnostic[] = [];
  const planned = pages.some((page) => page.planned);
  const incoming = new Map<string, number>();
  const byPath = new Set(pages.map((page) => normalisePath(page.path)));
  const origin = new URL(config.url).origin;
  // A page's translations link to it from their language menu: that does not make it reachable.
  const unlocalised = unlocalisedPath(config);
  for (const page of pages) {
    const own = unlocalised(normalisePath(page.path));
    for (const link of page.scan!.links) {
      if (link.kind !== 'link') continue;
      try {
        const url = new URL(link.url, linkBase(origin + page.path, page.scan!.base));
        const path = decodePath(url.pathname);
        // A link a rule of `_redirects` sends on reaches the page it is sent to.
        const target = normalisePath(redirects && url.origin === origin ? landing(redirects, path, url.search, byPath) : path);
        if (url.origin === origin && unlocalised(target) !== own) incoming.set(target, (incoming.get(target) ?? 0) + 1);
      } catch {
        // malformed URLs are reported by the link pass
      }
    }
  }
  for (const page of pages) {
    const shown = normalisePath(page.path);
    // Any spelling a static HTML file may use: tags in capitals, attributes in any order, either quote.
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(page.html)?.[1].trim();
    const meta = /<meta\s(?=[^>]*\bname\s*=\s*["']?description["'\s>/])[^>]*>/i.exec(page.html)?.[0];
    const description = meta ? /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(meta)?.slice(1).find((v) => v !== undefined)?.trim() : undefined;
    const html = /<html[\s>]/i.test(page.html);
    // HTML lets a file leave out its </html>: a static file as written was not cut off after the build.
    const damage = page.asWritten ? null : !page.html.trim() ? 'is empty: a file emptied after the build?' : html && !/<\/html\s*>\s*$/i.test(page.html) ? 'ends before its </html>: a file cut off after the build?' : !html && page.planned ? 'is not an HTML page: a file overwritten after the build?' : null;
    if (damage) {
      out.push({ severity: 'error', code: 'broken-page', file: page.source, message: `${shown} ${damage}`, hint: 'build the site again; a page written by hand ends with </html>' });
      continue;
    }
    // A static file of HTML with no document around it (a search engine's verification file: one line of text) is no page to read.
    if (!html && !page.planned && !/<(?:head|body)[\s>]/i.test(page.html)) continue;
    if (!title || !description) out.push({ severity: 'warning', code: 'missing-meta', file: page.source, message: `${shown} has no ${title ? 'description' : 'title'}` });
    // With the content at hand, a page of it knows whether it is a fallback (a list page that shows a fallback
    // post's summary is not one); without, the page's data says so.
    if (planned ? page.planned && page.fallback : /"untranslated":true/.test(page.html)) out.push({ severity: 'warning', code: 'untranslated', file: page.source, message: `${shown} has no translation and shows the ${config.defaultLocale} page` });
    const path = normalisePath(page.path);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(page.html)?.[1];
    const alias = canonical !== undefined && normalisePath(decodePath(pathOf(canonical.replace(/&amp;/g, '&'), origin + page.path) ?? path)) !== path;
    // A noindex page (one kept for old links, a search page) is not meant to be found.
    const unlisted = /<meta name="robots" content="noindex/.test(page.html);
    if (everyLocale && !alias && !unlisted && !page.path.endsWith('404.html') && !incoming.get(path) && !config.locales.some((l) => normalisePath(config.baseUrl + l.path) === path)) {
      out.push({ severity: 'warning', code: 'orphan-page', file: page.source, message: `no page links to ${shown}` });
    }
  }
  return out;
}

/**
 * The site path a link to `path` (with its query, `search`) ends at when the rules of `_redirects` send it on: through a
 * chain of them, the query passed on as the host passes it (`/old id=1 /mid`, `/mid id=1 /new`), up to a page of `pages`
 * or a rewrite (200).
 */
function landing(redirects: RedirectRules, path: string, search: string, pages: Set<string>): string {
  for (let hops = 0; hops < MAX_REDIRECTS && !pages.has(normalisePath(path)); hops++) {
    const redirect = redirectOf(redirects, path, queryOf(search));
    if (!redirect?.to?.startsWith('/')) break;
    const sent = sentTo(redirect.to, search);
    path = decodePath(sent.split(/[?#]/)[0]!);
    search = searchOf(sent);
    // A rewrite's (200) address is served as it is: the host runs no rule again.
    if (redirect.rule.status === 200) break;
  }
  return path;
}

/**
 * Share images (`og:image`) that are not in the build: one report per image, at the config when it is
 * the site's default, else at the first page that shows it. A page's body never links them.
 */
/** A page's share image (`og:image`) as its head gives it, or undefined. */
function shareImageOf(page: BuiltPage): string | undefined {
  return /<meta property="og:image" content="([^"]*)"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
}

function shareImages(config: SiteConfig, pages: BuiltPage[], files: Set<string>): { diagnostics: Diagnostic[]; paths: Set<string> } {
  const origin = new URL(config.url).origin;
  const missing = new Map<string, BuiltPage[]>();
  for (const page of pages) {
    const content = shareImageOf(page);
    if (!content) continue;
    let url: URL;
    try {
      url = new URL(content, origin + page.path);
    } catch {
      continue;
    }
    const path = decodePath(url.pathname);
    if (url.origin !== origin || files.has(path)) continue;
    missing.set(path, [...(missing.get(path) ?? []), page]);
  }
  const fallback = config.image && !hasScheme(config.image) ? config.baseUrl + config.image.replace(/^\//, '') : null;
  const diagnostics = [...missing].map(([path, shown]): Diagnostic => ({
    severity: 'error',
    code: 'broken-image',
    file: path === fallback ? displayPath(config.root, config.configFile) : shown[0]!.source,
    line: path === fallback ? configKeyLine(config.configFile, ['image']) : shown[0]!.imageLine,
    message: `share image ${path} does not exist (the og:image of ${shown.length} page${shown.length === 1 ? '' : 's'})`,
  }));
  // Reported here, once: the crawl does not report them again.
  return { diagnostics, paths: new Set(missing.keys()) };
}

/** A crawl under way: the build served on a loopback port and crawled with linkinator, each in a thread of its own. */
interface Crawl {
  base: string;
  result: Promise<CrawlResult>;
  stop: () => Promise<void>;
}

/**
 * Serves the build on a loopback port and crawls it with linkinator from every locale's home, every page and every
 * stylesheet: the server in one thread (./crawlServer.ts), the crawler in another (./crawlClient.ts), while this one
 * goes on with its own pass over the pages. Started as soon as the pages and the files are listed.
 */
async function startCrawl(config: SiteConfig, locales: SiteConfig['locales'], dir: string, options: CrawlOptions, pages: BuiltPage[], stylesheets: string[]): Promise<Crawl> {
  const server = await startThread<{ port: number }>('crawlServer.js', { root: dir, base: config.baseUrl, localePaths: config.locales.map((l) => l.path).filter(Boolean) } satisfies CrawlServerData, 'serving the build for the crawl', displayPath(process.cwd(), dir) || '.');
  const base = `http://127.0.0.1:${server.message.port}`;
  const check: CrawlClientData = {
    timeout: options.timeout,
    check: {
      // Every page, not only those the homes lead to: a page no link reaches is still served. And every stylesheet:
      // linkinator reads a file's links only when it reaches it under the path it started from, and checks each URL
      // once, so a stylesheet first reached from a page outside its folder would be fetched and never read.
      path: [...locales.map((l) => `${base}${config.baseUrl}${l.path ? `${l.path}/` : ''}`), ...pages.map((p) => new URL(p.path, base).href), ...stylesheets.map((path) => new URL(encodeURI(path), base).href)],
      recurse: true,
      // `url()` in stylesheets, `<style>` and `style=""`: our pass does not read CSS.
      checkCss: true,
      // Relative links resolve from /docs/a as a browser resolves them, not from a /docs/a/ linkinator would add.
      cleanUrls: true,
      concurrency: options.concurrency,
      timeout: options.timeout,
      retryErrors: options.retry > 0,
      retryErrorsCount: options.retry,
      // The site's own absolute URLs (canonical, hreflang, feeds, a link written with its address), by either
      // scheme, are checked against this build, not the deployed site.
      // An address of the site's host outside its baseUrl (another project on the same host) is not: it is an external link.
      urlRewriteExpressions: [...ownOrigins(new URL(config.url).origin)].map((origin) => ({ pattern: new RegExp(`^${escapeRegExp(origin)}${config.baseUrl === '/' ? '(?=/|$)' : `(?=${escapeRegExp(config.baseUrl.slice(0, -1))}(?:[/?#]|$))`}`), replacement: base })),
      linksToSkip: options.external ? [] : [`^(?!${escapeRegExp(base)}(/|$))`],
    },
  };
  const client = await startThread<CrawlResult>('crawlClient.js', check, 'crawling the build', displayPath(process.cwd(), dir) || '.', false).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  // Both threads end together: the server's open keep-alive connections go with it.
  const stop = () => Promise.all([client.stop(), server.stop()]).then(() => undefined);
  // A server that fails mid-crawl is that one failure, not every URL the crawler asked for after it as refused.
  return { base, result: Promise.race([client.result, server.ended]), stop };
}

/**
 * A thread running one of lib/'s entry modules (`crawlServer.js`), and its first message: `waitFirst`, waited
 * for here (the server's port), or else the thread's result, in `result`. An error, or an end before that message, is
 * a failure told with what the thread was for.
 */
async function startThread<T>(module: string, data: unknown, what: string, place: string, waitFirst = true): Promise<{ message: T; result: Promise<T>; ended: Promise<never>; stop: () => Promise<void> }> {
  const failed = (reason: string) => new SitegenError([{ severity: 'error', code: 'crawl', file: place, message: `${what} failed: ${reason}`, hint: 'run check-links again; if it fails the same way, report it with this line' }], 1);
  // Compiled beside this module in lib/; run from its TypeScript source (the tests), the compiled copy.
  const here = import.meta.url;
  const worker = new Worker(new URL(here.endsWith('.ts') ? `../../lib/${module}` : `./${module}`, here), { workerData: data });
  let stopping = false;
  const stop = () => {
    stopping = true;
    return worker.terminate().then(() => undefined);
  };
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', (message: T | { error: string }) => (message !== null && typeof message === 'object' && 'error' in message ? reject(failed(message.error)) : resolve(message as T)));
    worker.once('error', (error) => reject(failed(error.message)));
    worker.once('exit', (code) => reject(failed(`its thread ended first (exit code ${code})`)));
  });
  // Its failure at any time, the first message told or not (a server's, mid-crawl); an end that `stop` asked for is none.
  const ended = new Promise<never>((_, reject) => {
    worker.once('error', (error) => reject(failed(error.message)));
    worker.once('exit', (code) => stopping || reject(failed(`its thread ended (exit code ${code})`)));
  });
  result.catch(() => {});
  ended.catch(() => {});
  if (!waitFirst) return { message: undefined as T, result, ended, stop };
  try {
    return { message: await result, result, ended, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The crawl's broken links as diagnostics: those our pass did not report already (`reported`). */
async function crawlDiagnostics(config: SiteConfig, dir: string, options: CrawlOptions, pages: BuiltPage[], crawl: Crawl, reported: (path: string) => boolean): Promise<{ diagnostics: Diagnostic[]; checked: number }> {
  const { base } = crawl;
  // Both threads end before the report is printed: the process exits as soon as it is (no keep-alive connection
  // of the crawl's left open to hold it).
  const result = await crawl.result.finally(crawl.stop);
  const byPath = new Map(pages.map((p) => [normalisePath(p.path), p]));
  // One diagnostic per broken URL, however many pages link to it.
  const broken = new Map<string, { status: number; failure: Failure | null; parents: string[] }>();
  let written: Set<string> | null = null;
  for (const link of result.broken) {
    const internal = link.url === base || link.url.startsWith(`${base}/`);
    const url = internal ? link.url.slice(base.length) : link.url;
    if (internal && reported(decodePath(url.split(/[?#]/)[0]!))) continue; // at its source line
    // A URL that is none (`http://[bad`, `https://exa mple.com`) was never asked for: no host failed to answer. Our
    // pass tells those it reads as malformed, at their lines (and without --external too).
    const malformed = !internal && !URL.canParse(link.url);
    if (malformed && (written ??= new Set(pages.flatMap((page) => page.scan!.links.map((l) => l.url)))).has(link.url)) continue;
    const parent = link.parent?.startsWith(base) ? link.parent.slice(base.length) : (link.parent ?? '/');
    const failure = link.status ? null : malformed ? MALFORMED : link.failure;
    const entry = broken.get(url) ?? { status: link.status ?? 0, failure, parents: [] };
    if (!entry.parents.includes(parent)) entry.parents.push(parent);
    broken.set(url, entry);
  }
  // Where each one's link stands in its page, so that problems on one line come in the order they are written there,
  // not in the order the hosts answered (which changes from run to run).
  const order = new Map<Diagnostic, number>();
  const diagnostics = [...broken].map(([url, { status, failure, parents }]): Diagnostic => {
    const external = !url.startsWith('/') && failure !== MALFORMED;
    const soft = external && (status === 403 || status === 429);
    const pageOf = (parent: string) => byPath.get(normalisePath(decodePath(new URL(parent, base).pathname)));
    const page = pageOf(parents[0]!);
    const ref = page?.refs.find((r) => r.url === url);
    const at = ref ? null : writtenAt({ config, dir, base, parent: parents[0]!, page, url });
    // A fallback page repeats its source's links: count source files, not pages.
    const places = new Set(parents.map((parent) => pageOf(parent)?.source ?? parent)).size;
    const where = places > 1 ? ` (linked from ${places} pages, e.g. ${parents[0]})` : page || at ? '' : ` (linked from ${parents[0]})`;
    const diagnostic: Diagnostic = {
      severity: soft ? 'warning' : 'error',
      code: external ? 'external-link' : 'crawl',
      file: ref?.file ?? at?.file ?? page?.source ?? parents[0]!,
      line: ref?.line ?? at?.line ?? (page && shareImageOf(page) === url ? page.imageLine : undefined),
      message: `${url} ${status ? `answered ${status}` : failure!.what}${soft ? ' (the host may block crawlers or rate-limit)' : ''}${where}`,
      hint: failure?.hint,
    };
    order.set(diagnostic, ref ? page!.refs.indexOf(ref) : Number.MAX_SAFE_INTEGER);
    return diagnostic;
  });
  // The report sorts by file, line and column, keeping this order within one place.
  diagnostics.sort((a, b) => order.get(a)! - order.get(b)! || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  // The build's own files, served here, answer unless the limit is too short for them: that is said once, at the flag.
  const unanswered = [...broken].filter(([url, { status, failure }]) => url.startsWith('/') && !status && failure!.timedOut).map(([url]) => url);
  const told = unanswered.length ? diagnostics.filter((d) => d.code !== 'crawl' || !/ gave no answer within /.test(d.message)) : diagnostics;
  if (unanswered.length) told.push({ severity: 'error', code: 'crawl', file: `--timeout ${options.timeout}`, message: `${unanswered.length} of the build's own URLs gave no answer within ${options.timeout} ms (${unanswered.slice(0, 2).join(', ')}${unanswered.length > 2 ? ', …' : ''})`, hint: 'they are served from this machine: allow more time per request, such as the default --timeout 10000' });
  return { diagnostics: told, checked: result.checked };
}


/** A `url()` or an `@import` of CSS, or the value of an attribute that holds an address (a srcset's candidates among it). */
const WRITTEN_URL_RE = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^"'()\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')|\s(?:href|src|srcset|imagesrcset|poster|data|action|formaction|cite|content)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * Where a URL only the crawl found (a stylesheet's `url()`, a `<style>`'s, a hreflang alternate) is written, when what
 * links it is a file served as it is: a stylesheet, or an HTML page the build did not make of content (a static page, a
 * file copied into the output folder). The file (content/static/'s when it is one of its files) and the line of the
 * address that resolves to the URL. Null for a page made of content, whose problems are its content file's.
 */
function writtenAt({ config, dir, base, parent, page, url }: { config: SiteConfig; dir: string; base: string; parent: string; page: BuiltPage | undefined; url: string }): { file: string; line?: number } | null {
  if (page && (page.planned || page.listing)) return null;
  const from = new URL(parent, base);
  let file = page?.source;
  let text = page?.html;
  if (!page) {
    const path = decodePath(from.pathname);
    if (!path.startsWith(config.baseUrl) || path.endsWith('/')) return null;
    const name = path.slice(config.baseUrl.length);
    const served = join(dir, name);
    const own = join(config.contentDir, 'static', name);
    try {
      text = readFileSync(served, 'utf8');
    } catch {
      return null;
    }
    file = existsSync(own) ? displayPath(config.root, own) : `${dir.endsWith('/') ? dir : `${dir}/`}${name}`.replace(`${config.root}/`, '');
  }
  // A page's relative links resolve from its `<base href>`, which may be another site's (`https://cdn.example.com/`).
  const linksFrom = linkBase(from.href, page?.scan?.base);
  // A URL that is none (`url(http://[bad)`) is found as it is written.
  const target = URL.canParse(url, base) ? new URL(url, base) : null;
  const wanted = target && decodePath(target.pathname) + target.search;
  for (const match of text!.matchAll(WRITTEN_URL_RE)) {
    const value = match.slice(1).find((v) => v !== undefined)?.replace(/&amp;/g, '&').trim();
    if (!value) continue;
    for (const candidate of new Set([value, ...parseSrcset(value)])) {
      const resolved = URL.canParse(candidate, linksFrom) ? new URL(candidate, linksFrom) : null;
      if (target === null ? candidate !== url : !resolved || resolved.origin !== target.origin || decodePath(resolved.pathname) + resolved.search !== wanted) continue;
      let line = 1;
      for (let i = text!.indexOf('\n'); i !== -1 && i < match.index; i = text!.indexOf('\n', i + 1)) line++;
      return { file: file!, line };
    }
  }
  return { file: file! };
}

/** The path of a URL as read on a page (relative ones too), or null when it is not a URL. */
function pathOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).pathname;
  } catch {
    return null;
  }
}

function formatReport(format: string, diagnostics: Diagnostic[], summary: { pages: number; links: number; errors: number; warnings: number; ms: number }): string {
  if (format === 'json') return `${JSON.stringify({ version: 1, summary, diagnostics }, null, 2)}\n`;
  if (format === 'github') {
    return diagnostics
      .map((d) => `::${d.severity === 'error' ? 'error' : 'warning'} file=${escapeGithubProperty(d.file)}${d.line ? `,line=${d.line}` : ''},title=${d.code}::${escapeGithub(d.message + (d.hint ? ` (${d.hint})` : ''))}\n`)
      .join('');
  }
  const lines = diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join('');
  return `${lines}checked ${summary.pages} pages and ${summary.links} links in ${(summary.ms / 1000).toFixed(2)} s · ${summary.errors} error${summary.errors === 1 ? '' : 's'} · ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}\n`;
}

function escapeGithub(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: `,` and `:` end it unless escaped too. */
function escapeGithubProperty(text: string): string {
  return escapeGithub(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
