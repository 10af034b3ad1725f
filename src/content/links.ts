import { posix } from 'node:path';
import { closestMatch } from '../diagnostics.js';
import { FILE_NAME_RE, pageHref } from '../routes/pageHref.js';

/** What a thread needs to rewrite the links of one locale's content. */
export interface LinkContext {
  /** `baseUrl` of the site (`/`). */
  baseUrl: string;
  /** Path segment of this locale ('' or 'en'). */
  localePath: string;
  /** Content path relative to the locale folder (`docs/faqs/safe.md`) → URL path (`/en/docs/faqs/safe`). */
  permalinks: Record<string, string>;
  /** First path segments that name files in content/static (`img`, `invite.js`): not locale-prefixed. */
  staticRoots: string[];
  /** Path segments of every locale (`en`): a link already carrying one is left as is. */
  localePaths: string[];
  /** Content paths of the drafts a build leaves out: a link to one is told so, not that it does not exist. */
  drafts?: string[];
  /** Files that could not be read → the address their name gives them (`LocalePages.unread`). */
  unread?: Record<string, string>;
  /** This locale's folder under the content folder (its code, `zh-Hans`). */
  folder?: string;
  /** The site's origin (`https://example.org`): a link to it written absolute is a link within the site, opened in the same tab. */
  origin?: string;
  /** The config's `trailingSlash`, when on: a link to a page is written `/docs/x/` (`permalinks` hold `/docs/x`). */
  trailingSlash?: true;
  /** Each locale folder's path segment in the site (`zh-Hans` → '', `en` → 'en'): where the files beside its pages are published. */
  folderPaths?: Record<string, string>;
  /**
   * Folders of a locale folder whose files are published under another path (`versionFileFolders`: a docs version's
   * `versioned_docs/version-10.x` → `docs/10.x`), null for one published nowhere; absent on a site without versions.
   */
  fileFolders?: Record<string, string | null>;
  /** A link into a docs version published nowhere (`fileFolders`) told as a warning: the dev server's build (`BuildOptions.leftOutVersionLinks`). */
  leftOutWarns?: true;
  /**
   * The other locales' folders → their own pages (no fallbacks) and drafts, for a `.md` link into another
   * locale's folder (`../../en/docs/b.md`); null for a locale this build leaves out (`--locale`): not judged.
   */
  otherLocales?: Record<string, LocalePages | null>;
}

/** The pages of one locale folder: content path → URL, the drafts a build leaves out, the files it could not read. */
export interface LocalePages {
  permalinks: Record<string, string>;
  drafts?: string[];
  /**
   * Files that exist but could not be read → the address their name gives them ('' for none): each has
   * its own error, so a link to one goes to that address, which the link check leaves unjudged.
   */
  unread?: Record<string, string>;
}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

/** Whether a URL names its scheme (`https:`, `mailto:`): not a path of the site. */
export function hasScheme(url: string): boolean {
  return SCHEME_RE.test(url);
}

/** The favicon's address on the site's pages: a site path under `baseUrl`, an address (`https://cdn…`, `//cdn…`) as written. */
export function faviconHref(config: { favicon: string; baseUrl: string }): string {
  const { favicon, baseUrl } = config;
  return hasScheme(favicon) || favicon.startsWith('//') ? favicon : baseUrl + favicon.replace(/^\//, '');
}
const PATHNAME_RE = /^pathname:\/\/\/?/i;
const MD_RE = /\.mdx?$/i;
const MDX_RE = /\.mdx$/;
/** A content path past the locale folder, into a folder beside it: `../en/docs/b.md`. */
const OTHER_FOLDER_RE = /^\.\.\/([^/]+)\/(.+)$/;

export interface ResolvedHref {
  url: string;
  problem?: string;
  hint?: string;
  /** The problem's, when not an error. */
  severity?: 'warning';
}

/** Whether an absolute URL is on the site's own origin, by either scheme (`http://example.org/docs/x` for `https://example.org`). */
export function isOwnOrigin(href: string, origin: string | undefined): boolean {
  if (!origin) return false;
  const rest = href.replace(/^https?:/i, '');
  if (rest === href) return false;
  const host = origin.replace(/^https?:/i, '').toLowerCase();
  return rest.toLowerCase() === host || (rest.toLowerCase().startsWith(host) && /^[/?#]/.test(rest.slice(host.length)));
}

const SITE_ALIAS = '@site/';
/** Folders of a Docusaurus project under `@site/`, and where the move to sitegen put them (under a locale folder, or the site's root for static/). */
const SITE_FOLDERS: [string, string][] = [
  ['static/', ''],
  ['docs/', 'docs/'],
  ['blog/', 'blog/'],
  ['versioned_docs/', 'versioned_docs/'],
  ['src/pages/', 'pages/'],
];

/**
 * Resolves a link written in content:
 * - `./x.md`, `../y/index.md#a` → the target's permalink (an error when no such file);
 * - `/docs/x` → `/<locale>/docs/x` (site paths are relative to the current locale), except static files;
 * - a page's address (the two above) with a trailing slash when `context.trailingSlash` says (`/docs/x/#a`);
 * - `./img/a.png` (a relative path to a file, not a page) → where the file beside the page is published:
 *   its path in the content under the site folder of the locale folder that holds the page's file
 *   (`sourceFolder`: for a fallback copy, the default locale's), whatever the page's own address; a docs version's
 *   under the version's docs path (`fileFolders`: `versioned_docs/version-10.x/img/a.png` at `/docs/10.x/img/a.png`);
 * - `pathname:///x.pdf` (Docusaurus's way past its link rewriting) → `/x.pdf` under the baseUrl, in no locale;
 * - `@site/static/img/a.png`, `@site/docs/x.md` (Docusaurus's project folder) → `/img/a.png`, `/docs/x.md` as above;
 * - external URLs, `#anchors` and other relative URLs stay as written.
 */
/** A versioned doc's folder in its locale folder, from its content path. */
const VERSIONED_RE = /^versioned_docs\/version-[^/]+\//;

/**
 * Where a relative path written in a versioned doc or partial leads when it leaves its version's folder
 * (`../blog/x.md`, `../_shared/steps.md`, `../pages/img/a.png`): it was written in docs/, which `sitegen docs version`
 * copied one folder deeper, so it leads where it led from there. Undefined for a file of no version, a path that stays
 * in a version's folder, or one that led into docs/ itself (which the version holds its own copy of).
 */
export function versionedFromDocs(contentPath: string, written: string, target: string): string | undefined {
  const version = VERSIONED_RE.exec(contentPath)?.[0];
  if (!version || VERSIONED_RE.test(target)) return undefined;
  const fromDocs = posix.normalize(posix.join(posix.dirname(`docs/${contentPath.slice(version.length)}`), written));
  return fromDocs.startsWith('docs/') ? undefined : fromDocs;
}

export function resolveHref(href: string, contentPath: string, context: LinkContext, sourceFolder?: string): ResolvedHref {
  // Docusaurus's `pathname:///manual.pdf`: that very path of the site (under its baseUrl, in no locale), checked as any is.
  if (PATHNAME_RE.test(href)) return { url: joinBase(context.baseUrl, `/${href.replace(PATHNAME_RE, '')}`) };
  // Docusaurus's `@site/`, its project's folder: a file of static/ (content/static/) is its site path, a page of
  // docs/, blog/, versioned_docs/ or src/pages/ the file the move put in the locale folder (`/docs/x.md`).
  if (href.startsWith(SITE_ALIAS)) {
    const rest = href.slice(SITE_ALIAS.length);
    const folder = SITE_FOLDERS.find(([from]) => rest.startsWith(from));
    if (folder) return resolveHref(`/${folder[1]}${rest.slice(folder[0].length)}`, contentPath, context, sourceFolder);
    const written = /^[^?#]*\//.exec(rest)?.[0] ?? rest;
    return { url: href, problem: `${href}: @site/ is the Docusaurus project's folder, whose ${written} sitegen does not read`, hint: 'a file of static/ is @site/static/… (or its site path, /…); a page of docs/, blog/ or src/pages/ is @site/docs/….md, @site/blog/….md or @site/src/pages/….md' };
  }
  if (!href || SCHEME_RE.test(href) || href.startsWith('//')) return { url: href };
  if (href.startsWith('#')) return { url: composedFragment(href) };
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? '' : composedFragment(href.slice(cut));
  let decoded: string;
  try {
    decoded = decodeURI(path).normalize('NFC');
  } catch {
    return { url: href, problem: `malformed URL ${href}` };
  }
  if (MD_RE.test(decoded)) {
    let target = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.normalize(posix.join(posix.dirname(contentPath), decoded));
    // A versioned doc's link out of its version's folder (`../blog/x.md`) was written in docs/, which
    // `sitegen docs version` copied it from: it leads where it led from there.
    // A doc of a version the build leaves out is no such link either: it is told as left out.
    const fromDocs = decoded.startsWith('/') || target in context.permalinks || leftOutVersion(target, context.fileFolders) ? undefined : versionedFromDocs(contentPath, decoded, target);
    // Into the blog or the free pages, or another locale's folder (`../../en/docs/x.md`, one folder less deep from docs/).
    if (fromDocs !== undefined && (fromDocs.startsWith('../') || fromDocs in context.permalinks || leftOutVersion(fromDocs, context.fileFolders))) target = fromDocs;
    return resolveMarkdownPath(href, suffix, contentPath, target, context);
  }
  if (!path.startsWith('/')) return fileBeside(href, path, decoded, suffix, contentPath, context, sourceFolder);
  const first = path.split('/')[1] ?? '';
  const isStatic = context.staticRoots.includes(first);
  // A page's path written decomposed (`cafe\u0301`, as a name copied from macOS's Finder is) is the composed one
  // the page is published at, and the link check's: written so, or a server would answer 404. A static file is
  // published under its name on disk, composed or not: its link stays as written.
  const composed = !isStatic && (NON_ASCII_RE.test(path) || path.includes('%')) ? composedPath(path) : path;
  const keep = isStatic || (first !== '' && context.localePaths.includes(first));
  const local = keep || !context.localePath ? composed : `/${context.localePath}${composed}`;
  const url = joinBase(context.baseUrl, local);
  return { url: (isStatic ? url : pageHref(context, url)) + suffix };
}

/** A relative link to a file beside the page (see `resolveHref`), or the link as written when it is something else. */
function fileBeside(href: string, path: string, decoded: string, suffix: string, contentPath: string, context: LinkContext, sourceFolder?: string): ResolvedHref {
  const folder = sourceFolder ?? context.folder;
  const sitePath = folder === undefined ? undefined : context.folderPaths?.[folder];
  if (sitePath === undefined || !FILE_NAME_RE.test(decoded)) return { url: href };
  // From the path as written: what it percent-encodes (`c%231.png` for `c#1.png`) stays encoded once.
  const inFolder = posix.normalize(posix.join(posix.dirname(contentPath), path));
  const target = versionedFromDocs(contentPath, path, inFolder) ?? inFolder;
  // Past the locale folder (`../../static/x.png`): not a file beside a page, left to the browser as written.
  if (target.startsWith('../') || target === '..') return { url: href };
  const published = publishedFilePath(target, context.fileFolders);
  if (published === null) return { url: href };
  const written = published.split('/').map((part) => part.replace(/[\s"<>\\^`{|}]/g, encodeURIComponent)).join('/');
  return { url: joinBase(context.baseUrl, `${sitePath ? `/${sitePath}` : ''}/${written}`) + suffix };
}

/**
 * Where a file beside the pages is published, by its path in its locale folder (`versioned_docs/version-10.x/img/a.png`
 * → `docs/10.x/img/a.png`): under the folder `folders` maps its own to (see `LinkContext.fileFolders`), else at its
 * place; null when its folder is published nowhere.
 */
export function publishedFilePath(path: string, folders: Record<string, string | null> | undefined): string | null {
  if (!folders) return path;
  const folder = Object.keys(folders).find((name) => path.startsWith(`${name}/`));
  if (folder === undefined) return path;
  const to = folders[folder];
  return to === null ? null : `${to}${path.slice(folder.length)}`;
}

/** The content path (in its locale folder) of the file published at `path` (in the locale's part of the site): `publishedFilePath` undone. */
export function contentFilePath(path: string, folders: Record<string, string | null> | undefined): string {
  const by = Object.entries(folders ?? {}).filter((pair): pair is [string, string] => pair[1] !== null && path.startsWith(`${pair[1]}/`));
  // The deepest first: `docs/next/a.png` is the current docs' before it is the last version's `next/a.png`.
  const [folder, to] = by.sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  return folder === undefined ? path : `${folder}${path.slice(to!.length)}`;
}

/** What a link to a partial is told: why no address shows it. */
export const PARTIAL_FILE = 'a partial (a name on its path starts with _): partials are included in pages, never published at an address of their own';

/**
 * The page of a `.md` path relative to the locale folder (`docs/b.md`), or, past it, to the content
 * folder (`../en/docs/b.md`: another locale's own page, at its URL in that locale).
 */
function resolveMarkdownPath(href: string, suffix: string, contentPath: string, target: string, context: LinkContext): ResolvedHref {
  const [, folder, rest] = OTHER_FOLDER_RE.exec(target) ?? [];
  const own = folder === undefined || folder === context.folder;
  const pages = own ? context : context.otherLocales?.[folder!];
  // A locale this build leaves out: its pages are not known, so the link is left as written, unjudged.
  if (pages === null) return { url: href };
  // `key` among the folder's pages; `shown` as the message tells it (past this locale's folder: `../en/docs/b.md`).
  // An `.mdx` file is the page its `.md` name would be (`pagePath`): a link may name it either way.
  const key = (own ? (rest ?? target) : rest!).replace(MDX_RE, '.md');
  const shown = own ? (rest ?? target) : target;
  const permalink = pages?.permalinks[key];
  if (permalink) return { url: pageHref(context, permalink) + suffix };
  // A file that could not be read has its own error; saying that it does not exist would be wrong.
  const unread = pages?.unread?.[key];
  if (unread !== undefined) return { url: unread ? pageHref(context, unread) + suffix : href };
  if (pages?.drafts?.includes(key)) return { url: href, problem: `${href} points to ${shown}, a draft (draft: true), which this build leaves out`, hint: 'publish it (remove draft: true), or link to it once it is' };
  const leftOut = own ? leftOutVersion(key, context.fileFolders) : undefined;
  if (leftOut) return { url: href, problem: `${href} points to ${shown}, in ${leftOut.shown}, which this build leaves out`, hint: `${leftOut.name ? `add "${leftOut.name}" to docs.onlyIncludeVersions` : 'build the current docs too (docs.includeCurrentVersion, docs.onlyIncludeVersions)'}, or link to a version this build has`, ...(context.leftOutWarns ? { severity: 'warning' as const } : {}) };
  if (key.split('/').some((part) => part.startsWith('_'))) {
    // A partial's links lead from its own folder: `./deepl.md` in docs/_shared/ names docs/_shared/deepl.md, where the
    // writer most often meant the one page of that name.
    const name = key.slice(key.lastIndexOf('/') + 1);
    const named = pages ? Object.keys(pages.permalinks).filter((path) => path === name || path.endsWith(`/${name}`)) : [];
    const meant = named.length === 1 ? `did you mean ${relativeTo(contentPath, own ? named[0]! : `../${folder}/${named[0]}`)} (a partial's links lead from its own folder)? Else ` : '';
    return { url: href, problem: `${href} points to ${shown}, ${PARTIAL_FILE}`, hint: `${meant}include it here with <!--@include: ${href}-->, or link to a page that includes it` };
  }
  // Never the page the link is on: a broken link is rarely meant for the page that holds it.
  const guess = pages && closestMatch(key, Object.keys(pages.permalinks).filter((path) => !own || path !== contentPath.replace(MDX_RE, '.md')));
  const guessPath = guess && (own ? guess : `../${folder}/${guess}`);
  // A page another locale has and this one does not (an English-only doc, linked from a Chinese page): said so, after
  // the nearest page of the link's own language, which a typo most often meant.
  const only = own ? Object.entries(context.otherLocales ?? {}).find(([, other]) => other?.permalinks[key] !== undefined)?.[0] : undefined;
  if (only !== undefined) {
    const there = `link to that page as ${relativeTo(contentPath, `../${only}/${key}`)}, or add ${shown} to this locale's folder`;
    return { url: href, problem: `${href} points to ${shown}, which only content/${only}/ has, not this page's locale`, hint: guessPath ? `did you mean ${relativeTo(contentPath, guessPath)}? Else ${there}` : there };
  }
  // The same doc in another docs version is what was meant more surely than the nearest name (as check-links' hints have it).
  const elsewhere = own ? otherVersionsDoc(key, context.permalinks) : undefined;
  const hint = elsewhere ? `${elsewhere[0]} is that doc in another docs version: link to its address, ${pageHref(context, elsewhere[1])}, or add ${shown}` : guessPath ? `did you mean ${relativeTo(contentPath, guessPath)}?` : undefined;
  return { url: href, problem: `${href} points to ${shown}, which does not exist`, hint };
}

/**
 * The docs version a path of the locale folder is in when the build leaves that version out (`onlyIncludeVersions`,
 * `includeCurrentVersion: false`: its folder is published nowhere, `fileFolders`), as a message names it (`the version 9.x`)
 * with its name in versions.json; the current docs have none there.
 */
function leftOutVersion(key: string, folders: LinkContext['fileFolders']): { shown: string; name?: string } | undefined {
  const folder = VERSIONED_RE.exec(key)?.[0] ?? (key.startsWith('docs/') ? 'docs/' : undefined);
  if (folder === undefined || folders?.[folder.slice(0, -1)] !== null) return undefined;
  const name = folder.slice('versioned_docs/version-'.length, -1);
  return folder === 'docs/' ? { shown: 'the current docs' } : { shown: `the version ${name}`, name };
}

/**
 * Another docs version's file of the doc a path names in its own (`docs/new.md` for `versioned_docs/version-1.x/new.md`),
 * and its address: the shortest, the last version's (at /docs/) when it has the doc.
 */
function otherVersionsDoc(key: string, permalinks: Record<string, string>): [string, string] | undefined {
  const inDocs = VERSIONED_RE.exec(key)?.[0] ?? (key.startsWith('docs/') ? 'docs/' : undefined);
  if (inDocs === undefined) return undefined;
  const rest = key.slice(inDocs.length);
  const found = Object.keys(permalinks).filter((path) => path !== key && (path === `docs/${rest}` || (VERSIONED_RE.test(path) && path.slice(VERSIONED_RE.exec(path)![0].length) === rest)));
  const [first] = found.sort((a, b) => permalinks[a]!.length - permalinks[b]!.length || (a < b ? -1 : 1));
  return first === undefined ? undefined : [first, permalinks[first]!];
}

const NON_ASCII_RE = /[^\x00-\x7f]/;

/**
 * A query and fragment with the fragment in NFC, as heading ids are made: a browser compares a
 * fragment with ids code unit by code unit, so `#café` typed decomposed would miss a composed id.
 */
function composedFragment(suffix: string): string {
  if (!NON_ASCII_RE.test(suffix)) return suffix;
  const hash = suffix.indexOf('#');
  return hash === -1 ? suffix : suffix.slice(0, hash) + suffix.slice(hash).normalize('NFC');
}

/**
 * `path` as written, or, where its letters are not in NFC, composed: its letters beyond ASCII, written as they are or
 * percent-encoded, as characters in NFC; what it encodes of ASCII (`%25`, `%20`, `%23`) stays encoded as written.
 */
function composedPath(path: string): string {
  const letters = path.replace(/(?:%[89A-Fa-f][0-9A-Fa-f])+/g, (escaped) => {
    try {
      return decodeURIComponent(escaped);
    } catch {
      return escaped;
    }
  });
  const composed = letters.normalize('NFC');
  return composed === letters ? path : composed;
}

/** `/base/` + `/x` → `/base/x`. */
export function joinBase(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

function relativeTo(fromPath: string, target: string): string {
  // Both under a made-up root, so that a target past the locale folder (`../en/…`) does not depend on the working folder.
  const rel = posix.relative(posix.join('/content/locale', posix.dirname(fromPath)), posix.join('/content/locale', target));
  return rel.startsWith('.') ? rel : `./${rel}`;
}
