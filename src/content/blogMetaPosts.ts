// A post's tags and authors against its locale's declared ones: what is wrong with them (at the post's lines),
// what each stands for (a declared one, or one the post writes itself), and where their addresses are written
// (for the link check, which tells a missing avatar at that line).
import { closestMatch } from '../diagnostics.js';
import { urlPathOf } from '../routes/planEntries.js';
import { socialUrl } from './blogMetaSocials.js';
import { placeOf, type BlogMeta } from './blogMeta.js';
import { legacyAuthorProblems, legacyField } from './legacyAuthor.js';
import { resolveTags, tagRefProblems } from './tagRefs.js';
import type { BlogAuthor, BlogTag, ContentFile, Diagnostic, Entry, FrontMatterAuthor, LocaleBlogMeta, LocaleConfig, SiteConfig } from '../types.js';

/** An author of a post: a declared one, or one the post writes out (no key, no page). */
export type PostAuthorData = Omit<BlogAuthor, 'file' | 'lines' | 'key' | 'page'> & { key?: string; page?: string };

/**
 * A post's tags and author keys against its locale's: one listed twice is a warning; an author key nothing
 * declares an error (with the nearest); a tag nothing declares is a page of its own (Docusaurus's inline tag),
 * told as `blog.onInlineTags` says, unless its words make no address.
 */
export function postRefProblems(source: Pick<ContentFile, 'file' | 'frontMatter' | 'keyLines' | 'itemLines'>, meta: LocaleBlogMeta): Diagnostic[] {
  const out: Diagnostic[] = [];
  const lineOf = (key: 'tags' | 'authors', n: number) => source.itemLines?.[key]?.[n] ?? source.keyLines[key] ?? 1;
  const at = (key: 'tags' | 'authors', n: number, severity: Diagnostic['severity'], message: string, hint: string) => out.push({ severity, code: 'front-matter', file: source.file, line: lineOf(key, n), message: `${key}: ${message}`, hint });
  const where = (kind: 'tags' | 'authors') => [`${meta.declaredIn[kind][0]} (blog.${kind})`, ...meta.declaredIn[kind].slice(1)].join(' or ');
  out.push(...tagRefProblems(source, { tags: meta.tags, onInlineTags: meta.onInlineTags, declaredIn: meta.declaredIn.tags }, 'blog'));
  const authors = new Set(meta.authors.map((a) => a.key));
  const written = source.frontMatter.authors ?? [];
  const keys = written.map(authorKey);
  for (const [n, key] of keys.entries()) {
    if (key === undefined) continue;
    const label = typeof written[n] === 'string' ? `"${key}"` : `key: "${key}"`;
    if (keys.indexOf(key) !== n) at('authors', n, 'warning', `"${key}" is listed twice`, 'list it once');
    else if (!authors.has(key) && !meta.authorsUnread) {
      const guess = closestMatch(key, authors);
      at('authors', n, 'error', `${label} is not declared in ${where('authors')}`, guess ? `did you mean "${guess}"?` : `declared: ${[...authors].join(', ') || 'none'}; an author may also be written out here: { name: …, title: … }`);
    }
  }
  out.push(...legacyAuthorProblems(source));
  return out;
}

/** The declared author a post's author names: its key, written alone or with fields of the post's own; none for one written out. */
export function authorKey(author: string | FrontMatterAuthor): string | undefined {
  return typeof author === 'string' ? author : author.key;
}

/** What a post's tags stand for, once each by address: a declared tag, one written out, else one of the post's own words (its label as written). */
export function postTags(post: Entry, meta: LocaleBlogMeta): BlogTag[] {
  return resolveTags(post.tags, meta.tags, post.file);
}

/**
 * What a post's authors stand for: a declared author by key (an unknown key, told at the post, by its name alone),
 * one written out, or a declared author with the fields the post writes laid over theirs, each field whole, as
 * Docusaurus merges them (their page stays theirs: the post is on it).
 */
export function postAuthors(post: Entry, meta: LocaleBlogMeta): PostAuthorData[] {
  const declared = new Map(meta.authors.map((a) => [a.key, a]));
  return post.authors.map((author) => {
    const key = authorKey(author);
    if (key === undefined) return { name: '', socials: [], ...writtenFields(author as FrontMatterAuthor) };
    const found = declared.get(key);
    const base = found ? declaredAuthorData(found) : { key, name: key, socials: [] };
    return typeof author === 'string' ? base : { ...base, ...writtenFields(author) };
  });
}

/** A declared author as a post shows it (its declaration's places left out). */
export function declaredAuthorData(author: BlogAuthor): PostAuthorData {
  const { file: _file, lines: _lines, page, ...rest } = author;
  return { ...rest, ...(page ? { page } : {}) };
}

/** The fields an author written out in a post gives, its socials made addresses (checked with the front matter). */
function writtenFields(author: FrontMatterAuthor): Partial<PostAuthorData> {
  const socials = author.socials && Object.entries(author.socials).flatMap(([platform, handle]) => {
    const social = socialUrl(platform, handle);
    return 'url' in social ? [social] : [];
  });
  return { ...(author.name !== undefined ? { name: author.name } : {}), ...(author.title !== undefined ? { title: author.title } : {}), ...(author.url !== undefined ? { url: author.url } : {}), ...((author.image_url ?? author.imageURL) !== undefined ? { imageUrl: (author.image_url ?? author.imageURL)! } : {}), ...(author.email !== undefined ? { email: author.email } : {}), ...(socials ? { socials } : {}) };
}

/** An author's `url` as a page of the locale links it: a site path in the locale (`/docs/team` → `/en/docs/team`), else as written; the email as a mail link without one. */
export function authorHref(config: SiteConfig, locale: LocaleConfig, author: Pick<PostAuthorData, 'url' | 'email'>): string | undefined {
  if (author.url !== undefined) return author.url.startsWith('/') ? urlPathOf(config, locale, author.url) : author.url;
  return author.email !== undefined ? `mailto:${author.email}` : undefined;
}

/** An avatar's address: a site path under the site's base, else as written. */
export function avatarSrc(config: SiteConfig, image: string): string {
  return image.startsWith('/') ? config.baseUrl + image.slice(1) : image;
}

/** Where the addresses of the authors' pages, avatars and sites are written, as the pages hold them: the config's by key path, the files' and the posts' at their lines. */
export interface BlogLinkPlaces {
  keys: Map<string, string>;
  places: Map<string, { file: string; line: number; what: string }>;
}

/**
 * The site paths the authors give (`image_url`, `url`; written as paths or as addresses on the site's origin),
 * as each locale's pages hold them, and where each is written: a broken one is told there, once, not at the theme on every page that shows it.
 */
export function blogLinkPlaces(config: SiteConfig, meta: BlogMeta, entries: Entry[]): BlogLinkPlaces {
  const found: BlogLinkPlaces = { keys: new Map(), places: new Map() };
  const add = (url: string, place: { key: string } | { file: string; line?: number }, what: string) => {
    if (found.keys.has(url) || found.places.has(url)) return;
    if ('key' in place) found.keys.set(url, place.key);
    else if (place.line) found.places.set(url, { file: place.file, line: place.line, what });
  };
  // A site path, or an address on the site's own origin, which the link check reads as one (https://example.org/team).
  const isSitePath = (url: string | undefined): url is string => url !== undefined && (url.startsWith('/') || url === config.url || url.startsWith(`${config.url}/`));
  for (const locale of config.locales) {
    for (const author of meta.locales[locale.code]?.authors ?? []) {
      // The config's lines are looked for only when a problem needs one.
      const at = (field: string) => (Object.keys(author.lines).length === 0 ? { key: `blog.authors.${author.key}.${field}` } : placeOf(config, author, field));
      if (isSitePath(author.imageUrl)) add(avatarSrc(config, author.imageUrl), at('image_url'), `${author.key}.image_url`);
      if (isSitePath(author.url)) add(authorHref(config, locale, author)!, at('url'), `${author.key}.url`);
    }
  }
  for (const entry of entries) {
    const locale = config.locales.find((l) => l.code === entry.locale)!;
    entry.authors.forEach((author, n) => {
      const line = entry.authorLines?.[n];
      if (typeof author === 'string' || !line) return;
      // An author of the legacy keys is told at the key that gives the address.
      const at = (field: 'image_url' | 'url') => {
        const key = entry.legacyAuthorLines && Object.keys(entry.legacyAuthorLines).find((k) => legacyField(k) === field);
        return key ? ([{ file: entry.file, line: entry.legacyAuthorLines![key]! }, key] as const) : ([{ file: entry.file, line }, `authors[${n}].${field}`] as const);
      };
      const image = author.image_url ?? author.imageURL;
      if (isSitePath(image)) add(avatarSrc(config, image), ...at('image_url'));
      if (isSitePath(author.url)) add(authorHref(config, locale, author)!, ...at('url'));
    });
  }
  return found;
}
