// The blog's declared authors and tags, per locale: the config's (`blog.authors`, `blog.tags`) and those of a
// locale's `blog/authors.yml` and `blog/tags.yml`, Docusaurus's files. A locale without its own file reads the
// default locale's (its own is that file's translation); a key the config declares too is an error at the file.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadPackCache } from '../cache/packCache.js';
import { configKeyLine } from '../config/keyLine.js';
import { displayPath, uniqueDiagnostics } from '../diagnostics.js';
import { addressSegment } from './blogMetaSchema.js';
import { socialUrl } from './blogMetaSocials.js';
import { readSource } from './readSource.js';
import { checkTagPermalinks } from './tagRefs.js';
import type { ParsedBlogFile } from './blogMetaFile.js';
import type { BlogAuthor, BlogTag, Diagnostic, LocaleBlogMeta, SiteConfig } from '../types.js';

/** A locale's `blog/authors.yml` or `blog/tags.yml`, as read. */
export interface BlogMetaFile {
  /** Path under the content folder (`en/blog/authors.yml`). */
  path: string;
  /** Path relative to the project root, for diagnostics. */
  file: string;
  text: string;
}

/** The names a locale's blog folder gives its authors and tags (`.yaml` read too). */
export const BLOG_META_FILE_RE = /^(?:authors|tags)\.ya?ml$/;

/** Every locale's declared authors and tags, and the problems of the files that declare them. */
export interface BlogMeta {
  locales: Record<string, LocaleBlogMeta>;
  diagnostics: Diagnostic[];
}

type Kind = 'authors' | 'tags';
type Read = { file: string; parsed: ParsedBlogFile };

/**
 * The declared authors and tags of every locale. A file's parse is kept in the build cache (`cacheDir`) by its
 * path and text; a site without the files reads the config's alone (no cache, no YAML).
 */
export async function loadBlogMeta(config: SiteConfig, files: BlogMetaFile[], cacheDir: string | null): Promise<BlogMeta> {
  const diagnostics: Diagnostic[] = [];
  const read = files.length > 0 ? await readFiles(files, cacheDir, diagnostics) : new Map<string, Read>();
  const shown = displayPath(config.root, config.configFile);
  for (const [name, { file, parsed }] of read) {
    diagnostics.push(...parsed.diagnostics);
    const kind = name.slice(name.indexOf('/') + 1) as Kind;
    const declared = kind === 'authors' ? config.blog.authors : config.blog.tags;
    for (const entry of [...parsed.authors, ...parsed.tags].filter((e) => Object.hasOwn(declared, e.key))) {
      const at = configKeyLine(config.configFile, ['blog', kind, entry.key]);
      const line = 'lines' in entry ? entry.lines.key : entry.line;
      diagnostics.push({ severity: 'error', code: 'blog', file, line, message: `${entry.key}: declared in ${shown}${at ? `:${at}` : ''} too (blog.${kind}.${entry.key}), so one of the two would be lost`, hint: `declare the ${kind === 'authors' ? 'author' : 'tag'} in one place: here, or in the config` });
    }
  }
  // Undeclared tags are told where the site declares some (a misspelt one), as before there were tags files; a
  // site that declares none tags freely, as Docusaurus lets a site without a tags file.
  const declaresTags = Object.keys(config.blog.tags).length > 0 || [...read.keys()].some((name) => name.endsWith('/tags'));
  const locales: Record<string, LocaleBlogMeta> = {};
  for (const locale of config.locales) {
    const code = locale.code;
    // A file that could not be read at all is told once, as its own error (as a docs folder's tags.yml is): a locale
    // reads the default locale's in its place, and with no file to read, the posts' authors and tags are not judged,
    // each told undeclared besides.
    const readable = (name: string) => {
      const found = read.get(name);
      return found && !unreadable(found.parsed, name.slice(name.indexOf('/') + 1) as Kind) ? found : undefined;
    };
    const own = (kind: Kind) => readable(`${code}/${kind}`) ?? readable(`${config.defaultLocale}/${kind}`);
    const original = (kind: Kind) => (code === config.defaultLocale || !readable(`${code}/${kind}`) ? undefined : readable(`${config.defaultLocale}/${kind}`));
    const unread = (kind: Kind) => !own(kind) && (read.has(`${code}/${kind}`) || read.has(`${config.defaultLocale}/${kind}`));
    const onInlineTags = unread('tags') ? 'ignore' : (config.blog.onInlineTags ?? (declaresTags ? 'error' : 'ignore'));
    const fileAuthors = withOriginal(own('authors'), original('authors'), 'authors', code, diagnostics) as BlogAuthor[];
    const fileTags = withOriginal(own('tags'), original('tags'), 'tags', code, diagnostics) as BlogTag[];
    // Copies: a file's entries serve every locale that reads it, and each locale gives its authors their pages.
    const authors = [...configAuthors(config, code, shown), ...fileAuthors.filter((a) => !Object.hasOwn(config.blog.authors, a.key)).map((a) => ({ ...a }))];
    const tags = [...configTags(config, code, shown), ...fileTags.filter((t) => !Object.hasOwn(config.blog.tags, t.key))];
    diagnostics.push(...checkPages(config, authors), ...checkTagPermalinks(config, tags, 'blog'));
    const where = (kind: Kind) => [shown, ...(own(kind) ? [own(kind)!.file] : [])];
    locales[code] = { authors, tags, onInlineTags, declaredIn: { authors: where('authors'), tags: where('tags') }, ...(unread('authors') ? { authorsUnread: true } : {}) };
  }
  diagnostics.push(...unpairedPages(config, locales));
  return { locales, diagnostics: uniqueDiagnostics(diagnostics) };
}

/**
 * A tag or an author whose page a locale's file puts at another address than the default locale's does (`permalink:
 * /xinwen` there, `/news` here): the language menu pairs pages by address, so the two were not each other's
 * translation, the menu leading to the home page, without a word. A warning at the entry, as a post's `slug:` in one
 * translation only is.
 */
function unpairedPages(config: SiteConfig, locales: Record<string, LocaleBlogMeta>): Diagnostic[] {
  const original = locales[config.defaultLocale];
  if (!original) return [];
  const out: Diagnostic[] = [];
  const told = (what: string, key: string, here: string, there: string, file: string) => ({
    message: `${key}: its page is /blog/${what}/${here} here and /blog/${what}/${there} in ${file}, so the two are not each other's translation (the language menu leads to the home page, and search engines are told of no alternate)`,
    hint: `give it the same ${what === 'tags' ? 'permalink' : 'page permalink'} in both files`,
  });
  for (const [code, meta] of Object.entries(locales)) {
    if (code === config.defaultLocale) continue;
    for (const tag of meta.tags) {
      const other = original.tags.find((t) => t.key === tag.key);
      if (!other || other.file === tag.file || other.permalink === tag.permalink) continue;
      out.push({ severity: 'warning', code: 'blog', file: tag.file, ...(tag.line ? { line: tag.line } : {}), ...told('tags', tag.key, tag.permalink, other.permalink, other.file) });
    }
    for (const author of meta.authors) {
      const other = original.authors.find((a) => a.key === author.key);
      if (!other?.page || !author.page || other.file === author.file || other.page === author.page) continue;
      out.push({ severity: 'warning', code: 'blog', ...placeOf(config, author, 'page'), ...told('authors', author.key, author.page, other.page, other.file) });
    }
  }
  return out;
}

/** The config's authors and tags alone, in a locale (what a site without the files declares). */
export function configBlogMeta(config: SiteConfig, code: string): LocaleBlogMeta {
  const shown = displayPath(config.root, config.configFile);
  const onInlineTags = config.blog.onInlineTags ?? (Object.keys(config.blog.tags).length > 0 ? 'error' : 'ignore');
  return { authors: configAuthors(config, code, shown), tags: configTags(config, code, shown), onInlineTags, declaredIn: { authors: [shown], tags: [shown] } };
}

/**
 * A locale's declared authors and tags, read from the content folder as a build reads them (for `sitegen new
 * post`, which writes no file a build would refuse); the files' own problems are the build's to tell.
 */
export async function readLocaleBlogMeta(config: SiteConfig, code: string): Promise<LocaleBlogMeta> {
  const files = [...new Set([code, config.defaultLocale])].flatMap((locale) => {
    const dir = join(config.contentDir, locale, 'blog');
    const names = existsSync(dir) ? readdirSync(dir).filter((name) => BLOG_META_FILE_RE.test(name)) : [];
    return names.flatMap((name) => {
      const source = readSource(join(dir, name));
      return source.ok ? [{ path: `${locale}/blog/${name}`, file: displayPath(config.root, join(dir, name)), text: source.text }] : [];
    });
  });
  return (await loadBlogMeta(config, files, null)).locales[code]!;
}

/** Each file parsed (or as the build cache keeps it), by locale and kind (`en/authors`); a second file of a kind in a folder is told and not read. */
async function readFiles(files: BlogMetaFile[], cacheDir: string | null, diagnostics: Diagnostic[]): Promise<Map<string, Read>> {
  const read = new Map<string, Read>();
  const cache = await loadPackCache(cacheDir, 'blog-meta-v1', isParsed);
  // `authors.yml` before `authors.yaml`: Docusaurus's name is the one read.
  const order = (path: string) => path.replace(/\.yml$/, '.0').replace(/\.yaml$/, '.1');
  for (const source of [...files].sort((a, b) => (order(a.path) < order(b.path) ? -1 : 1))) {
    const [locale, , name] = source.path.split('/') as [string, string, string];
    const kind: Kind = name.startsWith('authors') ? 'authors' : 'tags';
    const first = read.get(`${locale}/${kind}`);
    if (first) {
      diagnostics.push({ severity: 'warning', code: 'blog', file: source.file, message: `not read: this locale's ${kind} are read from ${first.file.slice(first.file.lastIndexOf('/') + 1)}`, hint: `keep one ${kind} file per locale` });
      continue;
    }
    const key = cache.key(source.file, kind, source.text);
    let parsed = cache.get(key);
    if (!parsed) {
      const { parseBlogFile } = await import('./blogMetaFile.js');
      cache.set(key, (parsed = parseBlogFile(kind, source.text, source.file)));
    }
    read.set(`${locale}/${kind}`, { file: source.file, parsed });
  }
  await cache.save();
  return read;
}

/** A file whose YAML does not parse, or is no mapping of entries: it declares nothing, and says so at its line. */
function unreadable(parsed: ParsedBlogFile, kind: Kind): boolean {
  return parsed[kind].length === 0 && parsed.diagnostics.some((d) => d.severity === 'error');
}

function isParsed(value: unknown): value is ParsedBlogFile {
  const v = value as ParsedBlogFile | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.authors) && Array.isArray(v.tags) && Array.isArray(v.diagnostics);
}

/**
 * A locale's entries: its own file's, and the default locale's file's that its own lacks (told: its pages
 * show them in the default locale's words), or the default locale's file's when it has none.
 */
function withOriginal(own: Read | undefined, original: Read | undefined, kind: Kind, code: string, diagnostics: Diagnostic[]): (BlogAuthor | BlogTag)[] {
  const entries: (BlogAuthor | BlogTag)[] = own?.parsed[kind] ?? [];
  if (!original || own === original) return entries;
  const keys = new Set(entries.map((e) => e.key));
  const missing = original.parsed[kind].filter((e) => !keys.has(e.key));
  if (missing.length > 0) {
    const list = missing.map((e) => e.key).join(', ');
    diagnostics.push({ severity: 'warning', code: 'blog', file: own!.file, line: 1, message: `${list}: declared in ${original.file} and not here, so the ${code} pages show ${missing.length === 1 ? 'that entry' : 'those entries'} as written there`, hint: `add ${missing.length === 1 ? 'it' : 'them'} to this file, in this locale's words` });
  }
  return [...entries, ...missing];
}

function configAuthors(config: SiteConfig, code: string, shown: string): BlogAuthor[] {
  return Object.entries(config.blog.authors).map(([key, a]) => ({
    key,
    name: a.name[code] ?? key,
    ...(a.title?.[code] ? { title: a.title[code] } : {}),
    ...(a.url !== undefined ? { url: a.url } : {}),
    ...(a.imageUrl !== undefined ? { imageUrl: a.imageUrl } : {}),
    ...(a.email !== undefined ? { email: a.email } : {}),
    // Checked when the config was resolved.
    socials: Object.entries(a.socials ?? {}).map(([platform, handle]) => socialUrl(platform, handle) as { platform: string; url: string }),
    ...(a.page !== undefined ? { page: a.page && key } : {}),
    file: shown,
    lines: {},
  }));
}

function configTags(config: SiteConfig, code: string, shown: string): BlogTag[] {
  return Object.entries(config.blog.tags).map(([key, label]) => ({ key, label: label[code] ?? key, permalink: key, file: shown }));
}

/**
 * Each author's page (`page: true`, or every author's with `blog.authorPages`) at an address part of its own: a
 * key or permalink that makes none, and two pages at one address, are errors at the second. Authors left
 * without a page keep `page` unset.
 */
function checkPages(config: SiteConfig, authors: BlogAuthor[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const taken = new Map<string, BlogAuthor>();
  for (const author of authors) {
    if (author.page === undefined && config.blog.authorPages) author.page = author.key;
    if (!author.page) continue;
    const segment = addressSegment(author.page);
    const where = placeOf(config, author, author.lines.page === undefined ? 'key' : 'page');
    const other = segment === null ? undefined : taken.get(segment.toLowerCase());
    if (segment === null || other) {
      const message = segment === null ? `${author.key}: "${author.page}" makes no address for the author's page (/blog/authors/…)` : `${author.key}: the author's page would be at /blog/authors/${segment}, as ${other!.key}'s is`;
      out.push({ severity: 'error', code: 'blog', ...where, message, hint: "give the page an address of its own: page: { permalink: /jane-doe }" });
      delete author.page;
      continue;
    }
    author.page = segment;
    taken.set(segment.toLowerCase(), author);
  }
  return out;
}

/** Where a key of a declared author is written: its line in its file, or in the config. */
export function placeOf(config: SiteConfig, author: BlogAuthor, field: string): { file: string; line?: number } {
  const line = author.lines[field] ?? author.lines.key ?? configKeyLine(config.configFile, ['blog', 'authors', author.key, ...(field === 'key' ? [] : [field])]);
  return { file: author.file, ...(line ? { line } : {}) };
}
