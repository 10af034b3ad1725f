import { closestMatch } from '../diagnostics.js';
import { hasScheme, PARTIAL_FILE } from '../content/links.js';
import { urlPathOf } from '../routes/planEntries.js';
import { pageHref } from '../routes/pageHref.js';
import { sidebarHref } from '../routes/docRoutes.js';
import type { SidebarSpec, SidebarsFile } from '../routes/sidebars.js';
import type { Diagnostic, SiteConfig, SourceRef } from '../types.js';
import { scanHtml, type FoundLink, type ScannedPage } from './scanHtml.js';
import { sha1 } from '../hash.js';
import { configKeyLine, parseKeyPath } from '../config/keyLine.js';
import type { BlogLinkPlaces } from '../content/blogMetaPosts.js';
import { themeLinkPlace, writtenForms, type ThemeFolder } from './themeLinkPlace.js';
import { MAX_REDIRECTS, queryOf, redirectOf, searchOf, sentTo, type RedirectRule, type RedirectRules } from './redirects.js';

export type Severity = 'off' | 'warn' | 'error';

/**
 * One HTML page to check: its HTML, or its ids and links when already scanned (in a worker), or its
 * ids alone with its problems as the last build stored them (`LinkState`), its links read only if
 * something those problems depend on changed.
 */
export type CheckedPage = HtmlPage | (PageOrigin & { html?: undefined; scan: ScannedPage }) | StoredPage;

/** A page the last build checked, as the build cache keeps it. */
export interface StoredPage extends PageOrigin {
  html?: undefined;
  scan: { ids: Set<string>; links: null };
  tag: string;
  /** Its links (and its `<base href>`, which they resolve from), for when its stored problems cannot be used. */
  load(): { links: FoundLink[]; shared: FoundLink[][]; base?: string };
}

/** A page with its HTML. */
export interface HtmlPage extends PageOrigin {
  html: string;
  scan?: ScannedPage;
}

interface PageOrigin {
  /** URL path (`/en/docs/x`). */
  path: string;
  /** File the page comes from (content file, or the theme for generated pages). */
  source: string;
  /** Links of the content file with their lines, to point diagnostics at the source. */
  refs: SourceRef[];
  /** True for another locale's copy of the source (no translation yet): its problems name the copy. */
  fallback?: boolean;
  /**
   * Links of blocks repeated on many pages (the blog's every-post list), one list per block, the
   * same list object on every page that has the block: judged once, not once per page.
   */
  shared?: FoundLink[][];
  /**
   * What the page was made from (a writing build's output tag): its problems are kept in the next
   * `LinkState` under it, and stored problems are its own only under the same tag.
   */
  tag?: string;
  /** Served from a file of its own name (`demo.html`), not a folder's `index.html`: `/demo.html/` does not reach it. */
  ownFile?: boolean;
  /**
   * Made by the theme out of other pages' content (a blog list, a tag's page: posts as listed): a link in that
   * content is its post's, judged on the post's own page and told at its line there, not again here.
   */
  listing?: boolean;
}

export interface LinkCheckOptions {
  config: Pick<SiteConfig, 'url' | 'baseUrl'> & Partial<Pick<SiteConfig, 'locales' | 'defaultLocale' | 'trailingSlash'>>;
  /** Every non-page file of the site, as URL paths (`/img/a.svg`, `/assets/client.x.js`). */
  files: Set<string>;
  /** `versions`: a link into a docs version the build leaves out (`leftOutVersions`), when not as `links` says. */
  severity: { links: Severity; images: Severity; anchors: Severity; versions?: Severity };
  /** Where layout links are reported (`theme/`). */
  layoutSource: string;
  /** The theme's folders (the site's own first): a layout link broken on its pages is told at the line that writes it there. */
  themeFolders?: ThemeFolder[];
  /**
   * "Did you mean" answers of earlier checks (the build cache), by target and the candidates it was
   * compared with: a site with many broken links does not compare each with every page again.
   */
  hints?: HintStore;
  /**
   * True for a site path of a locale this build leaves out (`sitegen build --locale en`): a link to a
   * page there is not judged, since only a build of every locale has it.
   */
  notBuilt?: (path: string) => boolean;
  /**
   * The content file (as shown) at a site path with a segment named with `_`, when it is there (`unpublishedFileOf`):
   * such files are partials, never published, so a link to one is told why it fails, not that nothing is there.
   */
  unpublished?: (path: string) => string | null;
  /** The drafts the build left out, by the address each would have → its file: a link there is told it leads to a draft. */
  drafts?: Map<string, string>;
  /**
   * The blog pages this build does not make though their posts are there (`/en/blog` → why: `the blog has no post
   * to list (content/en/blog/x.md is a draft)`; a tag only unlisted posts have): a link there is told so, not only
   * that nothing is there.
   */
  blogLeftOut?: Map<string, { why: string; hint: string }>;
  /** The docs versions the build leaves out (`onlyIncludeVersions`), by where a whole build has them (`/en/docs/9.x`) → their name ('' for the current docs). */
  leftOutVersions?: Map<string, string>;
  /** Links the config puts in the layout (navbar, footer), by URL: reported at the config file with their key. */
  configLinks?: ConfigLinks;
  /**
   * The host's redirect rules (the site's own `_redirects`): a link to an address no page or file has, which a rule
   * sends on, is judged by where it is sent.
   */
  redirects?: RedirectRules;
}

export interface ConfigLinks {
  /** The config file, as shown. */
  file: string;
  /** `/en/docs/pricing/` → `navbar[4].to`. */
  keys: Map<string, string>;
  /** For an anchor given apart (`hash:`): `/en/docs/x#setup` → `navbar[4].hash`. */
  anchorKeys?: Map<string, string>;
  /** The line of a key path in the config file (read only for a problem). */
  lineOf(key: string): number | undefined;
  /** Links of other files the layout shows (a sidebar's `href` items, a blog author's avatar): where each URL is written, and what it is there (`sidebar link` unless said). */
  places?: Map<string, { file: string; line: number; what?: string }>;
}

/**
 * The navbar, footer and announcement links of the config, by the URL each locale's pages hold; with
 * `sidebars`, the sidebars' links too (the theme shows them on every page of their sidebar), at their lines;
 * with `blog`, the blog authors' site paths (avatars, addresses), where each is written.
 */
export function configLinks(config: SiteConfig, file: string, sidebars?: SidebarsFile, blog?: BlogLinkPlaces): ConfigLinks {
  const keys = new Map<string, string>();
  const anchorKeys = new Map<string, string>();
  const add = (link: { to: string; hash?: string }, key: string) => {
    const hash = link.hash ? `#${link.hash}` : '';
    // As the routes write them: a site path in each locale, anything else (an own-site `https://…`) as it is.
    const urls = link.to.startsWith('/') ? config.locales.map((locale) => urlPathOf(config, locale, link.to) + hash) : [link.to + hash];
    for (const url of urls) {
      keys.set(url, `${key}.to`);
      if (hash) anchorKeys.set(url, `${key}.hash`);
    }
  };
  config.navbar.forEach((link, i) => add(link, `navbar[${i}]`));
  config.footer.columns.forEach((column, c) => column.items.forEach((link, i) => add(link, `footer.columns[${c}].items[${i}]`)));
  // The announcement is HTML of the config's, the same on every page of its locale.
  const announcement = config.announcement?.content ?? {};
  const texts = new Set(Object.values(announcement));
  for (const [code, html] of Object.entries(announcement)) {
    const key = texts.size === 1 ? 'announcement.content' : `announcement.content.${code}`;
    for (const link of scanHtml(html).links) if (!keys.has(link.url)) keys.set(link.url, key);
  }
  // The favicon and the scripts are the same file for every locale.
  if (config.favicon && !hasScheme(config.favicon)) keys.set(config.baseUrl + config.favicon.replace(/^\//, ''), 'favicon');
  config.scripts.forEach((src, i) => {
    if (!hasScheme(src)) keys.set(config.baseUrl + src.replace(/^\//, ''), `scripts[${i}]`);
  });
  for (const [url, key] of blog?.keys ?? []) if (!keys.has(url)) keys.set(url, key);
  const places = new Map<string, { file: string; line: number; what?: string }>(blog?.places);
  const visit = (items: SidebarSpec[]) => {
    for (const item of items) {
      if (item.type === 'category') visit(item.items);
      if (item.type !== 'href') continue;
      for (const locale of config.locales) {
        const url = sidebarHref(config, item.href, locale.code);
        if (!places.has(url)) places.set(url, { file: sidebars!.file, line: item.line });
      }
    }
  };
  for (const items of Object.values(sidebars?.sidebars ?? {})) visit(items);
  return { file, keys, anchorKeys, lineOf: (key) => configKeyLine(config.configFile, parseKeyPath(key)), places };
}

/** Closest matches by key; '' when there was none. */
export interface HintStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

interface Problem {
  kind: 'broken-link' | 'broken-image' | 'broken-anchor' | 'mixed-content';
  severity: Severity;
  page: CheckedPage;
  link: FoundLink;
  target: string;
  message: string;
  hint?: string;
  /** The page's `<base href>`, when it sent a link written relative (`#part`, `intro`) where the problem is. */
  base?: string;
}

/** What is wrong with a URL, whichever page links it. */
type Verdict = Omit<Problem, 'page' | 'link'>;

/**
 * What a long-running process (the dev server) keeps between checks: each page's problems, valid
 * while no page's ids, no file and no option changed, for as long as the page's links are the same
 * array (an unchanged page is the same object from build to build).
 */
export interface LinkCheckMemo {
  signature: string;
  targets: Map<string, Set<string>>;
  files: Set<string>;
  /** Site paths looked up with `unpublished`: the file that was there, '' for none (a file added, removed or renamed there checks every page again). */
  unpublished: Map<string, string>;
  pages: Map<string, { links: FoundLink[]; shared?: FoundLink[][]; problems: Problem[] }>;
}

export function createLinkCheckMemo(): LinkCheckMemo {
  return { signature: '', targets: new Map(), files: new Set(), unpublished: new Map(), pages: new Map() };
}

/**
 * What a writing build keeps in its cache between runs (`.sitegen-cache/link-state-v1.json`): each
 * page's problems by its tag, and every fact the verdicts were decided by. While each fact comes out
 * the same, a page with the same tag has the same problems, and its links are not read at all; if one
 * differs (a page gone or added, an id gone, a file linked to deleted), every page is checked again.
 */
export interface LinkState {
  signature: string;
  deps: LinkDeps;
  /** Distinct problems: `[url, link kind, in content, problem kind, severity, target, message, hint]`. */
  problems: StoredProblem[];
  /** By normalised page path: its tag, its ids and its problems (indexes into `problems`). */
  pages: Record<string, [string, string[], number[]]>;
}

export type StoredProblem = [string, number, 0 | 1, number, Severity, string, string, string | null];

/** The facts verdicts were decided by, each with its answer then. */
export interface LinkDeps {
  /** Normalised paths looked up among the pages: 1 when a page. */
  pages: Record<string, 0 | 1>;
  /** URL paths looked up among the files: 1 when a file. */
  files: Record<string, 0 | 1>;
  /** URL paths looked up among the unpublished files (`LinkCheckOptions.unpublished`): the file there (its problem names it), '' for none. */
  unpublished: Record<string, string>;
  /** Fragments looked up among a page's ids, by its normalised path: 1 when it has the id. */
  anchors: Record<string, Record<string, 0 | 1>>;
  /** Pages an anchor's "did you mean" was picked from the ids of: the hash of those ids. */
  ids: Record<string, string>;
  /** The hash of every page's path, when a link's "did you mean" was picked from them. */
  allPages: string | null;
  /** The hash of the site's images, when a broken image's "did you mean" was picked from them (one added may be nearer). */
  allImages: string | null;
}

/** Reading a stored state, and saving the next one (the build: the cache file). */
export interface LinkPersistence {
  previous: LinkState | null;
  /** Receives the state, and how many pages took their problems from the previous one. */
  save(state: LinkState, stored: number): void;
}

const LINK_KINDS: FoundLink['kind'][] = ['link', 'image', 'asset'];
// Appended to, never reordered: a stored problem names its kind by index.
const PROBLEM_KINDS: Problem['kind'][] = ['broken-link', 'broken-image', 'broken-anchor', 'mixed-content'];
const SEVERITIES: Severity[] = ['off', 'warn', 'error'];

export function isLinkState(value: unknown): value is LinkState {
  const v = value as LinkState | null;
  if (typeof v !== 'object' || v === null || typeof v.signature !== 'string' || typeof v.pages !== 'object' || v.pages === null || !Array.isArray(v.problems)) return false;
  const deps = v.deps as Partial<LinkDeps> | null;
  if (typeof deps !== 'object' || deps === null || !['pages', 'files', 'unpublished', 'anchors', 'ids'].every((k) => typeof deps[k as keyof LinkDeps] === 'object' && deps[k as keyof LinkDeps] !== null)) return false;
  if (deps.allImages !== null && typeof deps.allImages !== 'string') return false;
  const count = v.problems.length;
  return (
    v.problems.every((p) => Array.isArray(p) && p.length === 8 && typeof p[0] === 'string' && LINK_KINDS[p[1]] !== undefined && PROBLEM_KINDS[p[3]] !== undefined && SEVERITIES.includes(p[4]) && typeof p[5] === 'string' && typeof p[6] === 'string') &&
    Object.values(v.pages).every((page) => Array.isArray(page) && typeof page[0] === 'string' && Array.isArray(page[1]) && Array.isArray(page[2]) && page[2].every((i) => Number.isInteger(i) && i >= 0 && i < count))
  );
}

/** Checks every internal link, image and anchor of a set of pages against the pages and files themselves. */
export function checkLinks(pages: CheckedPage[], options: LinkCheckOptions, memo?: LinkCheckMemo, persist?: LinkPersistence): Diagnostic[] {
  const origin = new URL(options.config.url).origin;
  const origins = ownOrigins(origin);
  const scanned = new Map<string, { page: CheckedPage; ids: Set<string>; links: FoundLink[] | null; base?: string }>();
  for (const page of pages) scanned.set(normalisePath(page.path), { page, ...(page.scan ?? scanHtml(page.html!)) });
  const problems: Problem[] = [];
  // A layout link broken on every page is one target: look for its close match once, not per page.
  const guesses = new Map<string, string | null>();
  // The stored answer is keyed by the candidates too: every page's path (hashed once), or a page's ids.
  let pagesHash: string | null = null;
  const allPagesHash = () => (pagesHash ??= hashList([...scanned.keys()]));
  // The site's images, the candidates of a broken image's "did you mean", listed and hashed once per check.
  let images: string[] | null = null;
  const siteImages = () => (images ??= [...options.files].filter((file) => IMAGE_FILE_RE.test(file)));
  let imagesHash: string | null = null;
  const allImagesHash = () => (imagesHash ??= hashList(siteImages()));
  const guess = (key: string, target: string, candidates: Iterable<string>, ofPages: boolean) => {
    let found = guesses.get(key);
    if (found !== undefined) return found;
    const list = [...candidates];
    const candidatesHash = options.hints ? (ofPages ? allPagesHash() : hashList(list)) : '';
    const stored = options.hints && sha1(`${target}\0${candidatesHash}`);
    const known = stored ? options.hints!.get(stored) : undefined;
    found = known !== undefined ? known || null : ((ofPages ? sameNameElsewhere(target, list) : null) ?? closestMatch(target, list));
    if (stored && known === undefined) options.hints!.set(stored, found ?? '');
    guesses.set(key, found);
    return found;
  };
  // The drafts' addresses too: a verdict that a link leads to one holds while it is one.
  const signature = JSON.stringify([options.config.url, options.config.baseUrl, options.config.trailingSlash ?? false, options.severity, options.notBuilt ? 'some locales' : 'all locales', [...(options.drafts ?? [])], [...(options.blogLeftOut ?? [])], [...(options.leftOutVersions ?? [])], options.redirects ? sha1(options.redirects.text) : '']);
  // The facts this check's verdicts are decided by, for the next build's (`LinkState`); a stored state
  // whose facts all hold lends its problems to every page with the same tag.
  const previous = persist?.previous?.signature === signature ? persist.previous : null;
  const kept = previous !== null && depsHold(previous.deps, scanned, options, allPagesHash, allImagesHash) ? previous : null;
  const deps = persist ? emptyDeps(kept?.deps) : null;
  // A site path (the navbar, footer and sidebar links repeated on every page) gets the same verdict
  // on every page: judge each once (about ten times fewer checks on a docs site).
  const verdicts = new Map<string, Verdict | null>();
  // The same link object (links are interned: `internedLinks` in build.ts) has the same verdict
  // wherever it is a site path: looked up by identity, without building its key again.
  const byLink = new Map<FoundLink, Verdict | null>();
  const reuse = memo !== undefined && memo.signature === signature && sameTargets(memo, scanned, options);
  const looked = new Map(reuse ? memo.unpublished : []);
  const unpublished = (path: string) => {
    const file = options.unpublished?.(path) ?? null;
    if (deps) deps.unpublished[path] = file ?? '';
    looked.set(path, file ?? '');
    return file;
  };
  const elsewhere = basedElsewhere(scanned, origin, origins);
  const ctx: CheckContext = { origin, origins, scanned, elsewhere, options, guess, deps, allPagesHash, allImagesHash, unpublished, images: siteImages };
  const verdictOf = (link: FoundLink, page: CheckedPage): Verdict | null => {
    // A page whose <base href> is another site's sends its site paths there too: judged on their own, never shared.
    if (elsewhere.size > 0 && elsewhere.has(page)) return offOrNot(judge(link, page, ctx));
    let verdict = byLink.get(link);
    if (verdict === undefined) {
      const key = FAST_PATH_RE.test(link.url) ? `${link.kind}\0${link.url}` : null;
      verdict = key === null ? undefined : verdicts.get(key);
      if (verdict === undefined) {
        verdict = judge(link, page, ctx);
        if (key !== null) verdicts.set(key, verdict);
      }
      if (key !== null) byLink.set(link, verdict);
    }
    return offOrNot(verdict);
  };
  const problemsOf = (list: FoundLink[], page: CheckedPage, into: Problem[]) => {
    for (const link of list) {
      const verdict = verdictOf(link, page);
      if (verdict) into.push({ ...verdict, page, link });
    }
  };
  // A shared block's list made only of site paths gets the same verdicts on every page.
  const sharedVerdicts = new Map<FoundLink[], { link: FoundLink; verdict: Verdict }[] | null>();
  const sharedProblemsOf = (list: FoundLink[], page: CheckedPage, into: Problem[]) => {
    let found = elsewhere.has(page) ? null : sharedVerdicts.get(list);
    if (found === undefined) {
      found = list.every((link) => FAST_PATH_RE.test(link.url)) ? [] : null;
      for (const link of found ? list : []) {
        const verdict = verdictOf(link, page);
        if (verdict) found!.push({ link, verdict });
      }
      sharedVerdicts.set(list, found);
    }
    if (found === null) problemsOf(list, page, into);
    else for (const { link, verdict } of found) into.push({ ...verdict, page, link });
  };
  const next = persist ? storedProblems() : null;
  const state: LinkState['pages'] = {};
  let stored = 0;
  for (const [path, entry] of scanned) {
    const { page } = entry;
    const before = kept && page.tag !== undefined ? kept.pages[path] : undefined;
    if (before && before[0] === page.tag) {
      const own = before[2].map((i) => problemOf(kept!.problems[i]!, page));
      problems.push(...own);
      stored++;
      state[path] = [page.tag, [...entry.ids], next!.add(own)];
      continue;
    }
    const known = reuse ? memo.pages.get(path) : undefined;
    if (known && known.links === entry.links && sameLists(known.shared, page.shared)) {
      problems.push(...known.problems.map((p) => ({ ...p, page })));
      continue;
    }
    const loaded = entry.links === null ? (page as StoredPage).load() : null;
    // A page read only now: its relative links resolve from its base, which may send them to another origin.
    if (loaded?.base !== undefined) {
      entry.base = loaded.base;
      if (isElsewhere(page, loaded.base, origin, origins)) elsewhere.add(page);
    }
    const links = loaded?.links ?? entry.links!;
    const own: Problem[] = [];
    problemsOf(links, page, own);
    for (const list of loaded?.shared ?? page.shared ?? []) sharedProblemsOf(list, page, own);
    problems.push(...own);
    memo?.pages.set(path, { links, shared: page.shared, problems: own });
    if (next && page.tag !== undefined) state[path] = [page.tag, [...entry.ids], next.add(own)];
  }
  if (memo) {
    Object.assign(memo, { signature, files: options.files, unpublished: looked, targets: new Map([...scanned].map(([path, s]) => [path, s.ids])) });
    for (const path of memo.pages.keys()) if (!scanned.has(path)) memo.pages.delete(path);
  }
  if (persist) persist.save({ signature, deps: deps!, problems: next!.list, pages: state }, stored);
  return report(problems, options, options.configLinks);
}

/**
 * Facts to note, starting from those of a state that still holds (a record without a prototype: an
 * id may be any string, `__proto__` included).
 */
function emptyDeps(from?: LinkDeps): LinkDeps {
  const record = <T>(values?: Record<string, T>): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, values);
  const anchors = record<Record<string, 0 | 1>>();
  for (const path in from?.anchors ?? {}) anchors[path] = record(from!.anchors[path]);
  return { pages: record(from?.pages), files: record(from?.files), unpublished: record(from?.unpublished), anchors, ids: record(from?.ids), allPages: from?.allPages ?? null, allImages: from?.allImages ?? null };
}

/** Problems as a `LinkState` lists them: each distinct one once, pages naming them by index. */
function storedProblems(): { list: StoredProblem[]; add(problems: Problem[]): number[] } {
  const list: StoredProblem[] = [];
  const indexes = new Map<string, number>();
  return {
    list,
    add: (problems) =>
      problems.map((p) => {
        const stored: StoredProblem = [p.link.url, LINK_KINDS.indexOf(p.link.kind), p.link.inContent ? 1 : 0, PROBLEM_KINDS.indexOf(p.kind), p.severity, p.target, p.message, p.hint ?? null];
        const key = JSON.stringify(stored);
        let index = indexes.get(key);
        if (index === undefined) indexes.set(key, (index = list.push(stored) - 1));
        return index;
      }),
  };
}

function problemOf(stored: StoredProblem, page: CheckedPage): Problem {
  const [url, kind, inContent, problem, severity, target, message, hint] = stored;
  return { kind: PROBLEM_KINDS[problem]!, severity, page, link: { url, kind: LINK_KINDS[kind]!, inContent: inContent === 1 }, target, message, hint: hint ?? undefined };
}

/** True when every fact of a stored state comes out as it did. */
function depsHold(deps: LinkDeps, scanned: Map<string, { ids: Set<string> }>, options: LinkCheckOptions, allPagesHash: () => string, allImagesHash: () => string): boolean {
  for (const path in deps.pages) if ((scanned.has(path) ? 1 : 0) !== deps.pages[path]) return false;
  for (const path in deps.files) if ((options.files.has(path) ? 1 : 0) !== deps.files[path]) return false;
  for (const path in deps.unpublished) if ((options.unpublished?.(path) ?? '') !== deps.unpublished[path]) return false;
  for (const path in deps.anchors) {
    const ids = scanned.get(path)?.ids;
    const fragments = deps.anchors[path]!;
    for (const fragment in fragments) if ((ids?.has(fragment) ? 1 : 0) !== fragments[fragment]) return false;
  }
  for (const path in deps.ids) {
    const ids = scanned.get(path)?.ids;
    if (!ids || hashList([...ids]) !== deps.ids[path]) return false;
  }
  return (deps.allPages === null || deps.allPages === allPagesHash()) && (deps.allImages === null || deps.allImages === allImagesHash());
}

function sameLists(a: FoundLink[][] | undefined, b: FoundLink[][] | undefined): boolean {
  if (!a || !b) return a === b || (a ?? b)!.length === 0;
  return a.length === b.length && a.every((list, i) => list === b[i]);
}

/** True when every page and file a link could point to is as it was at the last check. */
function sameTargets(memo: LinkCheckMemo, scanned: Map<string, { ids: Set<string> }>, options: LinkCheckOptions): boolean {
  const { files } = options;
  if (memo.targets.size !== scanned.size || memo.files.size !== files.size) return false;
  for (const file of files) if (!memo.files.has(file)) return false;
  for (const [path, fact] of memo.unpublished) if ((options.unpublished?.(path) ?? '') !== fact) return false;
  for (const [path, { ids }] of scanned) {
    const before = memo.targets.get(path);
    if (!before || before.size !== ids.size) return false;
    if (before !== ids) for (const id of ids) if (!before.has(id)) return false;
  }
  return true;
}

interface CheckContext {
  origin: string;
  /** The site's origin by either scheme: a link written `http://` to an `https://` site is still one of its pages. */
  origins: Set<string>;
  scanned: Map<string, { ids: Set<string>; page: Pick<PageOrigin, 'ownFile'>; base?: string }>;
  /** The pages whose `<base href>` is on another origin: every link of theirs that is not written whole with the site's origin leads there. */
  elsewhere: Set<CheckedPage>;
  options: LinkCheckOptions;
  /** Memoised closest match of a target among candidates. */
  guess: (key: string, target: string, candidates: Iterable<string>, ofPages: boolean) => string | null;
  /** Where the facts a verdict is decided by are noted, when the state is kept. */
  deps: LinkDeps | null;
  allPagesHash: () => string;
  allImagesHash: () => string;
  /** `LinkCheckOptions.unpublished`, its answers noted as facts. */
  unpublished: (path: string) => string | null;
  /** The site's image files, listed once per check (the candidates of a broken image's hint). */
  images: () => string[];
}

function hashList(list: string[]): string {
  return sha1(list.join('\n'));
}

const IMAGE_FILE_RE = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp)$/i;
/** A site path with a segment named with `_`: a partial's folder or file under content/, which is never published. */
const UNPUBLISHED_RE = /\/_[^/]*/;

/** A link's verdict: broken, or mixed content (an image, a video or a script by http:// on an https:// site, which browsers load by https:// or not at all), or none. */
function judge(link: FoundLink, page: CheckedPage, ctx: CheckContext): Verdict | null {
  const verdict = judgeTarget(link, page, ctx);
  // A file of the site's own written http:// is judged as the site path it is first: missing, it is broken.
  if (verdict || (link.kind === 'link' && !link.frame) || !ctx.origin.startsWith('https:') || !/^http:\/\//i.test(link.url)) return verdict;
  return mixedContent(link, new URL(link.url).origin, ctx);
}

/**
 * For a link a rule of `_redirects` sent on: how many rules did, the link as the page writes it, and whether the last was a
 * rewrite (a 200 rule), whose address the host serves as it is, running no rule again.
 */
interface Sent {
  hops: number;
  written: string;
  rewritten: boolean;
}

function judgeTarget(link: FoundLink, page: CheckedPage, ctx: CheckContext, { hops, written, rewritten }: Sent = { hops: 0, written: link.url, rewritten: false }): Verdict | null {
  if (!link.url || /^(mailto|tel|javascript|data|blob):/i.test(link.url)) return null;
  // A page's `<base href>` (API docs copied in may have one) moves where its relative links lead; a site path it leaves
  // as it is, unless the base is on another origin (`https://cdn.example.com/`): the path is then that site's (not
  // where a rule of `_redirects` sends a link, which the site's host answers).
  const sitePath = FAST_PATH_RE.test(link.url) && (hops > 0 || !ctx.elsewhere.has(page));
  if (!sitePath && intoLocaleNotBuilt(link.url, ctx.options)) return null;
  const base = sitePath ? undefined : ctx.scanned.get(normalisePath(page.path))?.base;
  const url = sitePath ? splitUrl(link.url) : link.url.startsWith('#') && base === undefined ? { origin: '', pathname: page.path, hash: link.url } : parseUrl(link.url, linkBase(ctx.origin + page.path, base));
  if (!url) return { kind: 'broken-link', severity: ctx.options.severity.links, target: link.url, message: `malformed URL ${link.url}` };
  if (url.origin !== '' && !ctx.origins.has(url.origin)) return null;
  const path = decodePath(url.pathname);
  // An address written whole on the site's host but outside its baseUrl (`https://user.github.io/other-project/` from a
  // site under /repo/ there) is another site's, not judged here, as any external link.
  if (!sitePath && outsideBaseUrl(link.url, path, ctx.options.config.baseUrl)) return null;
  const normal = normalisePath(path);
  // A link written relative that the page's base sent to another page: its problem names the base.
  const moved = base !== undefined && !ABSOLUTE_URL_RE.test(link.url) && normal !== normalisePath(page.path) ? base : undefined;
  const target = reaches(path, ctx.scanned.get(normal)?.page) ? ctx.scanned.get(normal) : undefined;
  const { deps } = ctx;
  if (deps) deps.pages[normal] = target ? 1 : 0;
  // A forced rule (`/docs/old /docs/new 301!`) sends the reader on though the page or file is there (not within the
  // page: a browser scrolls to a `#part` of the page it shows without asking the host).
  if (!rewritten && ctx.options.redirects?.rules.some((rule) => rule.force) && !(url.hash && normal === normalisePath(page.path))) {
    const there = target !== undefined || ctx.options.files.has(path);
    if (deps && !target) deps.files[path] = there ? 1 : 0;
    const forced = there ? redirectOf(ctx.options.redirects, path, queryOf(link.url), true) : null;
    if (forced) return redirected(link, page, ctx, { hops, written, path, hash: url.hash }, forced);
  }
  if (!target) {
    const file = ctx.options.files.has(path);
    if (deps) deps.files[path] = file ? 1 : 0;
    if (file || ctx.options.notBuilt?.(normal)) return null;
    const redirect = !rewritten && ctx.options.redirects && redirectOf(ctx.options.redirects, path, queryOf(link.url));
    if (redirect) return redirected(link, page, ctx, { hops, written, path, hash: url.hash }, redirect);
    const image = link.kind === 'image';
    const partial = UNPUBLISHED_RE.test(path) ? ctx.unpublished(path) : null;
    if (partial) return unpublishedVerdict(link, path, partial, ctx.options.severity);
    const draft = ctx.options.drafts?.get(normal) ?? ctx.options.drafts?.get(`${normal}/`);
    if (draft !== undefined) {
      return { kind: 'broken-link', severity: ctx.options.severity.links, target: path, message: `link ${link.url === path ? path : `${link.url} points to ${path}, which`} is a draft (${draft} has draft: true), which this build leaves out`, hint: 'publish it (remove draft: true), or link to it once it is' };
    }
    const leftOut = ctx.options.blogLeftOut?.get(normal) ?? ctx.options.blogLeftOut?.get(`${normal}/`);
    if (leftOut !== undefined) {
      return { kind: 'broken-link', severity: ctx.options.severity.links, target: path, message: `${link.url === path ? `link ${path}` : `link ${link.url} points to ${path}, which`} does not exist: ${leftOut.why}`, hint: leftOut.hint };
    }
    const version = [...(ctx.options.leftOutVersions ?? [])].find(([at]) => normal === at || normal.startsWith(`${at}/`))?.[1];
    if (version !== undefined && !image) {
      return { kind: 'broken-link', severity: ctx.options.severity.versions ?? ctx.options.severity.links, target: path, message: `link ${link.url === path ? path : `${link.url} points to ${path}, which`} is in ${version ? `the docs version ${version}` : 'the current docs'}, which this build leaves out`, hint: `${version ? `add "${version}" to docs.onlyIncludeVersions` : 'build the current docs too (docs.includeCurrentVersion, docs.onlyIncludeVersions)'}, or link to a version this build has` };
    }
    // A file's name followed by a slash (`/demo.html/`) is that file; else an image's nearest file among the site's
    // images (`/img/shar.jpg` → `/img/share.jpg`), a link's among the pages of its locale.
    const unslashed = path.endsWith('/') && ctx.options.files.has(path.slice(0, -1)) ? path.slice(0, -1) : null;
    // A site path written without the site's baseUrl (`/docs/a` in HTML by hand, on a site under `/repo/`) whose page or file is there under it.
    const based = unslashed ? null : underBaseUrl(path, ctx);
    const near = unslashed ?? based ?? (image ? ctx.guess(`image:${path}`, path, ctx.images(), false) : ctx.guess(normal, normal, sameLocale(normal, ctx.scanned.keys(), ctx.options.config), true));
    // A page is named as the site writes its address (`/docs/next/x/` with `trailingSlash`), not as the pages are keyed.
    const guess = near && !image && !unslashed && !based ? pageHref(ctx.options.config, near) : near;
    if (deps && unslashed) deps.files[unslashed] = 1;
    // The images a hint is picked from are a fact the stored verdict depends on: one added may be nearer.
    if (deps && image && !unslashed && !based) deps.allImages = ctx.allImagesHash();
    if (deps && !image && !based) deps.allPages = ctx.allPagesHash();
    return {
      kind: image ? 'broken-image' : 'broken-link',
      severity: image ? ctx.options.severity.images : ctx.options.severity.links,
      target: path,
      message: link.url === path ? `${image ? 'image' : 'link'} ${path} does not exist` : `${image ? 'image' : 'link'} ${link.url} points to ${path}, which does not exist`,
      hint: based ? `did you mean ${based}? (the site is under baseUrl ${ctx.options.config.baseUrl})` : moved !== undefined ? baseHint(link.url, moved, guess) : guess ? `did you mean ${guess}?` : undefined,
      ...(moved !== undefined && !based ? { base: moved } : {}),
    };
  }
  const fragment = decodeFragment(url.hash);
  if (!fragment || fragment === 'top') return null;
  // A page left unjudged (a failed build's page of a file with errors: in a route collision it may be another file's) has no anchors to judge either.
  if (ctx.options.notBuilt?.(normal)) return null;
  const found = target.ids.has(fragment);
  if (deps) (deps.anchors[normal] ??= Object.create(null) as Record<string, 0 | 1>)[fragment] = found ? 1 : 0;
  if (found) return null;
  const guess = ctx.guess(`${normal}#${fragment}`, fragment, target.ids, false);
  if (deps) deps.ids[normal] = hashList([...target.ids]);
  return {
    kind: 'broken-anchor',
    severity: ctx.options.severity.anchors,
    target: `${path}#${fragment}`,
    message: `anchor #${fragment} does not exist on ${path}`,
    hint: moved !== undefined ? baseHint(link.url, moved, guess && `${path}#${guess}`) : guess ? `did you mean #${guess}?` : undefined,
    ...(moved !== undefined ? { base: moved } : {}),
  };
}

/**
 * The hint at a relative link a page's `<base href>` sent nowhere: the base named, since the link as written looks right
 * (the theme's own `#part` links, the table of contents' and the skip link's, are sent there too).
 */
function baseHint(url: string, base: string, guess: string | null | undefined): string {
  if (url.startsWith('#')) return `the page's <base href="${base}"> sends even its links within the page there (the theme's too: its table of contents, the skip link): remove the <base>`;
  return `it is resolved from the page's <base href="${base}">${guess ? `; did you mean ${guess}?` : ''}`;
}

const MARKDOWN_FILE_RE = /\.mdx?$/i;

/**
 * A `.md` link into the folder of a locale this build leaves out (`../../../zh-Hans/docs/a.md` on a page of a
 * `--locale en` build), which the markdown stage leaves as written, not knowing that locale's pages: unjudged, as the
 * links to those pages are, not resolved from the page's address into its own locale's folder (`/en/zh-Hans/…`).
 */
function intoLocaleNotBuilt(url: string, options: LinkCheckOptions): boolean {
  const { notBuilt, config } = options;
  const path = url.split(/[?#]/)[0]!;
  if (!notBuilt || !config.locales || !/^\.\.?\//.test(path) || !MARKDOWN_FILE_RE.test(path)) return false;
  const parts = path.split('/');
  return config.locales.some((locale) => parts.includes(locale.code) && notBuilt(`${config.baseUrl}${locale.path ? `${locale.path}/` : ''}`));
}

/**
 * A link a rule of `_redirects` sends on: judged as a link to where it is sent (the anchor carried over, as browsers do),
 * its problem naming the link as the page writes it and the last rule that sent it on. A rule that sends it off the site
 * is trusted, as any external link is here.
 */
function redirected(link: FoundLink, page: CheckedPage, ctx: CheckContext, at: { hops: number; written: string; path: string; hash: string }, redirect: { to: string | null; rule: RedirectRule }): Verdict | null {
  const { to, rule } = redirect;
  // Sent to an address with a placeholder nothing fills: not to be judged here.
  if (to === null) return null;
  const { file } = ctx.options.redirects!;
  const where = `${file}:${rule.line}`;
  const what = `${link.kind === 'image' ? 'image' : 'link'} ${at.written}`;
  if (at.hops >= MAX_REDIRECTS) {
    return { kind: 'broken-link', severity: ctx.options.severity.links, target: at.path, message: `${what} is redirected ${MAX_REDIRECTS} times without reaching a page (the last time by ${where}, to ${to})`, hint: `the rules of ${file} send it round in a loop: end the chain at a page` };
  }
  const shown = to.includes('#') ? to : `${to}${at.hash}`;
  // The query goes on with the reader, as the host passes it on: a chain of rules on it (`/old id=1 /mid`, `/mid id=1 /new`) is followed to its end.
  const sent = sentTo(shown, searchOf(link.url));
  const verdict = judgeTarget({ ...link, url: sent }, page, ctx, { hops: at.hops + 1, written: at.written, rewritten: rule.status === 200 });
  // Told already by a rule further down the chain.
  if (!verdict || verdict.message.startsWith(`${what} is redirected `)) return verdict;
  // `/docs/b?id=1 points to /docs/b, which does not exist` is told as `/docs/b does not exist`.
  const said = verdict.message.replace(/^(link|image) /, '');
  const why = said.startsWith(`${sent} points to `) ? said.slice(`${sent} points to `.length).replace(', which ', ' ') : said;
  return { ...verdict, target: at.path, message: `${what} is redirected by ${where} to ${shown}, but ${why}` };
}

/**
 * On a site under a baseUrl (`/repo/`), the address a path outside it names there (`/docs/a` → `/repo/docs/a`), when that
 * page or file is there: what a link written by hand without the baseUrl (in HTML, a static page) was meant to be. Noted
 * as a fact of the verdict.
 */
function underBaseUrl(path: string, ctx: CheckContext): string | null {
  const base = ctx.options.config.baseUrl;
  if (base === '/' || `${path}/`.startsWith(base) || !path.startsWith('/')) return null;
  const candidate = base + path.slice(1);
  const normal = normalisePath(candidate);
  const page = reaches(candidate, ctx.scanned.get(normal)?.page);
  const file = !page && ctx.options.files.has(candidate);
  if (ctx.deps) {
    ctx.deps.pages[normal] = page ? 1 : 0;
    if (!page) ctx.deps.files[candidate] = file ? 1 : 0;
  }
  return page || file ? candidate : null;
}

/** A link to a file that is there but not published (`unpublished`): why, and what to do, rather than that it does not exist. */
function unpublishedVerdict(link: FoundLink, path: string, file: string, severity: LinkCheckOptions['severity']): Verdict {
  const image = link.kind === 'image';
  const what = `${image ? 'image' : 'link'} ${link.url === path ? path : `${link.url} points to ${path}, which`}`;
  const named = UNPUBLISHED_RE.exec(path)![0].slice(1);
  const folder = !path.endsWith(`/${named}`);
  // A partial itself (its markdown file), or a file beside the partials.
  const partial = MARKDOWN_FILE_RE.test(file);
  return {
    kind: image ? 'broken-image' : 'broken-link',
    severity: image ? severity.images : severity.links,
    target: path,
    message: `${what} is not published: ${file} is there, but ${partial ? `it is ${PARTIAL_FILE}` : `${folder ? `in a folder named with _ (${named}/): such folders hold partials` : 'named with _: such files are partials'}, which are not published`}`,
    hint: partial ? 'link to a page that includes it' : folder ? `move the file out of ${named}/, or rename the folder without the _` : 'rename the file without the _',
  };
}

/** The paths of `candidates` in the locale of `path` (by its first segment): a hint never leads to another language. */
/**
 * The one page whose last segment is the target's, in the target's first folder (`/docs/only-next` → `/docs/next/only-next`,
 * a doc of another docs version; `/docs/setup` → `/docs/guides/start/setup`, moved into a folder): the page meant more
 * surely than the nearest address by edits (`/blog/only-next`). None when there are several, or none.
 */
function sameNameElsewhere(target: string, candidates: string[]): string | null {
  const parts = target.split('/');
  const name = parts[parts.length - 1];
  if (!name || parts.length < 3) return null;
  const folder = `/${parts[1]}/`;
  let found: string | null = null;
  for (const candidate of candidates) {
    if (!candidate.startsWith(folder) || !candidate.endsWith(`/${name}`) || candidate === target) continue;
    if (found !== null) return null;
    found = candidate;
  }
  return found;
}

function* sameLocale(path: string, candidates: Iterable<string>, config: Pick<SiteConfig, 'baseUrl'> & Partial<Pick<SiteConfig, 'locales'>>): Iterable<string> {
  const prefixes = (config.locales ?? []).filter((l) => l.path).map((l) => `${config.baseUrl}${l.path}/`);
  const localeOf = (p: string) => prefixes.find((prefix) => `${p}/`.startsWith(prefix)) ?? '';
  const own = localeOf(path);
  for (const candidate of candidates) if (localeOf(candidate) === own) yield candidate;
}

/** One diagnostic per content link; a layout link broken on many pages is reported once with the count. */
function report(problems: Problem[], options: Pick<LinkCheckOptions, 'layoutSource' | 'themeFolders' | 'config'>, config?: ConfigLinks): Diagnostic[] {
  const { layoutSource } = options;
  const out: Diagnostic[] = [];
  const layout = new Map<string, Problem[]>();
  // A fallback page repeats its source's links: one report per source link, not one per locale.
  const reported = new Set<string>();
  // The same URL twice on a page is two refs: the nth problem of a URL on a page takes its nth ref.
  const seen = new Map<string, number>();
  // The `#part` links of a page's own markup (its table of contents, the skip link) that its `<base href>` sent to another page: one line for the page.
  const moved = new Map<string, Problem[]>();
  for (const p of problems) {
    const nth = p.link.inContent ? (seen.get(`${p.page.path}\n${p.link.url}`) ?? 0) : 0;
    if (p.link.inContent) seen.set(`${p.page.path}\n${p.link.url}`, nth + 1);
    const refIndex = p.link.inContent ? nthIndex(p.page.refs, (r) => r.url === p.link.url, nth) : -1;
    const ref = p.page.refs[refIndex];
    if (ref?.file) {
      // In a partial: told at its line there once, whatever the pages and locales that include it, with the first
      // page found to (an anchor may be broken on some only). A link is known by its place among the line's links.
      const onLine = [...new Set(p.page.refs.filter((r) => r.file === ref.file && r.line === ref.line).map((r) => r.url))].indexOf(ref.url);
      const keys = [`${p.page.source}:${refIndex}:${p.kind}`, `${ref.file}:${ref.line}:${onLine}:${p.kind}`];
      const told = keys.some((key) => reported.has(key));
      for (const key of keys) reported.add(key);
      if (told) continue;
      out.push(diagnostic(p, ref.file, ref.line, `${p.message} (in a partial, included by ${p.page.source}${p.page.fallback ? ` on ${p.page.path}` : ''})`));
    } else if (ref) {
      const key = `${p.page.source}:${refIndex}:${p.kind}`;
      if (reported.has(key)) continue;
      reported.add(key);
      // The source's own page may be fine: say which copy the link fails on.
      out.push(diagnostic(p, p.page.source, ref.line, p.page.fallback ? `${p.message} (on ${p.page.path}, this page's copy where it has no translation)` : p.message));
    } else if (p.base !== undefined && p.link.url.startsWith('#')) {
      // Once for the source, as its content's links are: its copies in other locales have the same base.
      const key = `${p.page.source === 'theme' ? p.page.path : p.page.source}\n${p.kind}`;
      moved.set(key, [...(moved.get(key) ?? []), p]);
    } else if (p.link.inContent) {
      if (p.page.listing) continue;
      // No line for it (markup the source scan missed): still once per source file and URL, not per locale.
      const key = `${p.page.source}:${p.kind}:${p.link.url}:${nth}`;
      if (reported.has(key)) continue;
      reported.add(key);
      out.push(diagnostic(p, p.page.source, undefined, p.message));
    } else {
      const key = `${p.kind} ${p.link.url}`;
      layout.set(key, [...(layout.get(key) ?? []), p]);
    }
  }
  for (const all of moved.values()) {
    // The source's own page, or else the first copy of it the base sends nowhere.
    const first = all.find((p) => !p.page.fallback) ?? all[0]!;
    const parts = [...new Set(all.filter((p) => p.page === first.page).map((p) => p.link.url))];
    const lacks = first.kind === 'broken-anchor' ? `, which has ${parts.length === 1 ? 'no such id' : 'none of those ids'}` : ', which does not exist';
    const message = `the page's <base href="${first.base}"> sends its own links within the page (${parts.join(', ')}) to ${first.target.replace(/#.*$/s, '')}${lacks}`;
    out.push({ ...diagnostic(first, first.page.source === 'theme' ? layoutSource : first.page.source, undefined, first.page.fallback ? `${message} (on ${first.page.path}, this page's copy where it has no translation)` : message), hint: "the theme's table of contents and skip link are such links: remove the <base>, or give it the page's own address" });
  }
  for (const list of layout.values()) {
    const first = list[0];
    // A page repeats parts of its layout (a sidebar on the desktop and in the mobile panel): pages counted once.
    const pages = new Set(list.map((p) => p.page.path)).size;
    // A navbar, footer or announcement link of the config is the config's to fix, at its key.
    const key = (first.kind === 'broken-anchor' ? config?.anchorKeys?.get(first.link.url) : undefined) ?? config?.keys.get(first.link.url);
    if (key) {
      out.push(diagnostic(first, config!.file, config!.lineOf(key), `${key}: ${first.message} (on ${pages === 1 ? first.page.path : `${pages} pages, e.g. ${first.page.path}`})`));
      continue;
    }
    // A sidebar's link is sidebars.yaml's to fix, at its line.
    const place = config?.places?.get(first.link.url.replace(/#.*$/s, '')) ?? config?.places?.get(first.link.url);
    if (place) {
      out.push(diagnostic(first, place.file, place.line, `${place.what ?? 'sidebar link'}: ${first.message} (on ${pages === 1 ? first.page.path : `${pages} pages, e.g. ${first.page.path}`})`));
      continue;
    }
    const onPages = pages === 1 ? first.page.path : `${pages} pages, e.g. ${first.page.path}`;
    // Written in the theme's files (a home page's card, a footer of the theme's own): told at that line.
    const written = options.themeFolders && (pages > 1 || first.page.source === 'theme') ? themeLinkPlace(options.themeFolders, writtenForms(first.link.url, options.config.baseUrl, (options.config.locales ?? []).map((l) => l.path)), localeOfLink(options.config, first.page.path)) : null;
    if (written) {
      out.push(diagnostic(first, written.file, written.line, `${first.message} (on ${onPages})`));
      continue;
    }
    const where = pages === 1 ? ` (on ${first.page.path})` : ` (on ${onPages}: from the layout?)`;
    out.push(diagnostic(first, pages === 1 && first.page.source !== 'theme' ? first.page.source : layoutSource, undefined, first.message + where));
  }
  return out;
}

/** The code of the locale a site path is in: the one whose path is its first segment, else the default one. */
export function localeOfPath(config: Pick<SiteConfig, 'baseUrl' | 'defaultLocale' | 'locales'>): (path: string) => string {
  const byPath = new Map(config.locales.filter((l) => l.path).map((l) => [l.path, l.code]));
  return (path) => {
    const rest = path.startsWith(config.baseUrl) ? path.slice(config.baseUrl.length) : path.replace(/^\//, '');
    return byPath.get(rest.split('/')[0]!) ?? config.defaultLocale;
  };
}

/** The locale of a page's address, when the check knows the site's locales. */
function localeOfLink(config: LinkCheckOptions['config'], path: string): string | undefined {
  return config.locales && config.defaultLocale ? localeOfPath({ baseUrl: config.baseUrl, defaultLocale: config.defaultLocale, locales: config.locales })(path) : undefined;
}

/** The index of the nth item (from 0) that matches, or of the last one when there are fewer, or -1. */
function nthIndex<T>(list: T[], matches: (item: T) => boolean, nth: number): number {
  let found = -1;
  for (let i = 0, count = 0; i < list.length; i++) {
    if (!matches(list[i]!)) continue;
    found = i;
    if (count++ === nth) break;
  }
  return found;
}

function diagnostic(p: Problem, file: string, line: number | undefined, message: string): Diagnostic {
  return { severity: p.severity === 'error' ? 'error' : 'warning', code: p.kind, file, line, message, hint: p.hint, href: p.link.url };
}

/**
 * An http:// file on a page of an https:// site (mixed content): browsers ask for an image, a video or a
 * sound by https:// instead, and block a script or a stylesheet, so the file shows only if its server
 * answers by https:// too. The site's own files are site paths.
 */
function mixedContent(link: FoundLink, origin: string, ctx: CheckContext): Verdict {
  const own = ctx.origins.has(origin);
  const what = link.frame ? 'frame' : link.kind !== 'image' ? 'file' : IMAGE_FILE_RE.test(link.url.replace(/[?#].*$/s, '')) ? 'image' : 'media';
  return {
    kind: 'mixed-content',
    severity: 'warn',
    target: link.url,
    message: `${what} ${link.url} is loaded by http:// on an https:// site: browsers ${link.kind === 'image' ? 'ask for it by https:// instead, and show nothing if that fails' : 'block it'} (mixed content)`,
    hint: own ? `write it as a site path: ${link.url.slice(origin.length) || '/'}` : link.frame ? 'write https:// if its server answers there' : 'write https:// if its server answers there, or copy the file into content/static/',
  };
}

/** The site's origin and the same host by the other web scheme (`https://x.example` → also `http://x.example`). */
export function ownOrigins(origin: string): Set<string> {
  const other = origin.startsWith('https:') ? `http:${origin.slice(6)}` : origin.startsWith('http:') ? `https:${origin.slice(5)}` : origin;
  return new Set([origin, other]);
}

// Site paths without dot segments (nearly every link) need no URL parser: about 5× faster on big sites.
const FAST_PATH_RE = /^\/(?!\/)(?![^?#]*\/\.\.?(\/|$|[?#]))/;

function splitUrl(url: string): { origin: string; pathname: string; hash: string } {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  return { origin: '', pathname: queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt), hash: hashAt === -1 ? '' : url.slice(hashAt) };
}

/** Whether a link written with its origin (`https://host/x`, `//host/x`) leads to a path outside the site's baseUrl. */
function outsideBaseUrl(url: string, path: string, baseUrl: string): boolean {
  return baseUrl !== '/' && !`${path}/`.startsWith(baseUrl) && ABSOLUTE_URL_RE.test(url);
}

const ABSOLUTE_URL_RE = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * The URL a page's relative links resolve from: the page's own, or its `<base href>` read from there, as browsers
 * read it (a `#part` then leads to the base's page too). A base that is no URL is ignored, as browsers ignore it.
 */
export function linkBase(pageUrl: string, base: string | undefined): string {
  if (base === undefined) return pageUrl;
  try {
    return new URL(base, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** The pages whose `<base href>` leads to another web origin than the site's. */
function basedElsewhere(scanned: Map<string, { page: CheckedPage; base?: string }>, origin: string, origins: Set<string>): Set<CheckedPage> {
  const out = new Set<CheckedPage>();
  for (const { page, base } of scanned.values()) if (base !== undefined && isElsewhere(page, base, origin, origins)) out.add(page);
  return out;
}

/** Whether a page's `<base href>` leads to another web origin than the site's. */
function isElsewhere(page: CheckedPage, base: string, origin: string, origins: Set<string>): boolean {
  const url = new URL(linkBase(origin + page.path, base));
  return /^https?:$/.test(url.protocol) && !origins.has(url.origin);
}

/** A verdict whose severity is `off` is none. */
function offOrNot(verdict: Verdict | null): Verdict | null {
  return verdict && verdict.severity !== 'off' ? verdict : null;
}

function parseUrl(url: string, base: string): { origin: string; pathname: string; hash: string } | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/** Whether a URL path that normalises to `page`'s path reaches it: a file's name followed by a slash does not, on any host. */
export function reaches(path: string, page: Pick<PageOrigin, 'ownFile'> | undefined): boolean {
  return !!page && !(page.ownFile && path.endsWith('/'));
}

/** `/a/b/`, `/a/b/index.html` and `/a/b` are the same page. */
export function normalisePath(path: string): string {
  const stripped = path.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}

const PLAIN_PATH_RE = /^[\x20-\x24\x26-\x7e]*$/;

/** A URL's path as the file system names it: decoded, in NFC; as it is when it cannot be decoded. */
export function decodePath(path: string): string {
  // Printable ASCII without `%` (nearly every link) decodes and normalises to itself.
  if (PLAIN_PATH_RE.test(path)) return path;
  try {
    return decodeURIComponent(path).normalize('NFC');
  } catch {
    return path;
  }
}

function decodeFragment(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).normalize('NFC');
  } catch {
    return raw;
  }
}

/**
 * Whether a site path belongs to a locale outside `built` (for `LinkCheckOptions.notBuilt`): the
 * locale whose path is its first segment under the base URL, else the default locale (which owns the root).
 * A path under a folder or file of `content/static/` (`staticRoots`: `/img/none.svg` where there is an `img/`) is the
 * static files', which every build publishes: judged. The default locale's own files at the root (its feeds, search
 * index, the files beside its pages) are not.
 */
export function outsideLocales(config: Pick<SiteConfig, 'baseUrl' | 'locales' | 'defaultLocale'>, built: string[], staticRoots: ReadonlySet<string> = new Set()): (path: string) => boolean {
  const byPath = new Map(config.locales.filter((l) => l.path).map((l) => [l.path, l.code]));
  return (path) => {
    const rest = path.startsWith(config.baseUrl) ? path.slice(config.baseUrl.length) : path.replace(/^\//, '');
    const first = rest.split('/')[0]!;
    const prefixed = byPath.get(first);
    if (prefixed === undefined && staticRoots.has(first)) return false;
    return !built.includes(prefixed ?? config.defaultLocale);
  };
}
