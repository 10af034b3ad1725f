import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { slug as slugify } from 'github-slugger';
import { stringify } from 'yaml';
import { closestMatch, emptyOrBlank, usageError, displayPath, pathFromCwd } from '../diagnostics.js';
import { substituteVariables, variablesFor } from './variables.js';
import type { SiteConfig } from '../types.js';
import { localeFlag } from '../config/localeFlag.js';
import { isRealDate } from './dates.js';
import { DOC_BODY, POST_SUMMARY } from './placeholders.js';
import { docIdOf, parseNumberPrefix } from '../routes/numberPrefix.js';
import { docIdWith } from '../routes/docIds.js';
import { parseFrontMatter } from './frontMatter.js';
import { readSource } from './readSource.js';
import { pagePath } from './pagePath.js';
import { readLocaleBlogMeta } from './blogMeta.js';
import { makeFilesOrNone } from '../files.js';
import { CONTROL_CHAR_RE } from '../regexp.js';
import { parseVersionNames } from '../routes/versions.js';
import { postPermalink } from '../routes/planEntries.js';

export interface NewPostOptions {
  title: string;
  locale?: string;
  tags?: string;
  /** Comma-separated author keys (default: the first declared). */
  author?: string;
  description?: string;
  date?: string;
  /** The post's slug (default: from the title). A translation takes its original's date and slug: the same file name. */
  slug?: string;
}

/** Writes `content/<locale>/blog/YYYY-MM-DD-<slug>.md` with valid front matter; returns its path from `cwd`. */
export async function scaffoldPost(config: SiteConfig, options: NewPostOptions, cwd = process.cwd()): Promise<string> {
  const locale = checkLocale(config, options.locale);
  if (!options.title.trim()) throw usageError(`new post ${JSON.stringify(options.title)}`, `${emptyOrBlank(options.title)}: a page without one does not build`, 'sitegen new post "Release notes"');
  // A line break pasted into the title made a title of two lines and glued its words in the slug (Offline\ndictionary: offlinedictionary).
  if (CONTROL_CHAR_RE.test(options.title)) throw usageError(`new post ${JSON.stringify(options.title)}`, 'the title is one line of text', 'sitegen new post "Release notes"');
  checkVariables(config, locale, options.title, `new post ${JSON.stringify(options.title)}`);
  // Tags and authors as the build takes them: declared in the config or the locale's blog/tags.yml and authors.yml.
  const blog = await readLocaleBlogMeta(config, locale);
  const tags = listFlag(options.tags);
  const tagKeys = blog.tags.map((t) => t.key);
  // A tag nothing declares is a page of its own, unless the build would refuse it (blog.onInlineTags).
  const unknown = tags.filter((t) => !tagKeys.includes(t) && (blog.onInlineTags === 'error' || !slugify(t)));
  if (unknown.length) throw usageError(`--tags ${options.tags}`, `unknown tag${unknown.length > 1 ? 's' : ''} ${unknown.map((t) => `"${t}"`).join(', ')}`, unknownHint(unknown, tagKeys, blog.declaredIn.tags));
  const authorKeys = blog.authors.map((a) => a.key);
  const named = listFlag(options.author);
  const unknownAuthors = named.filter((a) => !authorKeys.includes(a));
  if (unknownAuthors.length) throw usageError(`--author ${options.author}`, `unknown author${unknownAuthors.length > 1 ? 's' : ''} ${unknownAuthors.map((a) => `"${a}"`).join(', ')}`, unknownHint(unknownAuthors, authorKeys, blog.declaredIn.authors));
  if (options.date !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(options.date) && isRealDate(options.date))) {
    // 2026-02-30 is written as a day is, and is none: told so, not asked for the form it has.
    const written = /^\d{4}-\d{2}-\d{2}$/.test(options.date);
    throw usageError(`--date ${options.date}`, written ? 'the date is not a real calendar day' : 'the date is not a day written YYYY-MM-DD', `for example --date ${localDate(new Date())}`);
  }
  if (options.slug !== undefined && (!options.slug || slugify(options.slug) !== options.slug || options.slug.length > SLUG_MAX)) {
    const fixed = shortSlug(slugify(options.slug));
    throw usageError(`--slug ${options.slug}`, `a slug is lower case, with - between words, and at most ${SLUG_MAX} characters`, fixed ? `--slug ${fixed}` : 'for example --slug release-notes');
  }
  const date = options.date ?? localDate(new Date());
  // A long title makes a long slug, cut at a word within SLUG_MAX (a file name has at most 255 bytes).
  const fromTitle = options.slug === undefined ? shortSlug(titleSlug(options.title)) : '';
  const slug = options.slug ?? (fromTitle || 'post');
  const file = join(config.contentDir, locale, 'blog', `${date}-${slug}.md`);
  checkPostAddress(config, locale, `${date}-${slug}.md`);
  const authors = options.author !== undefined ? named : authorKeys.slice(0, 1);
  // date and slug repeat the file name so a renamed file keeps its URL.
  const frontMatter = { title: options.title, description: options.description ?? '', date, slug, keywords: [], tags, ...(authors.length ? { authors } : {}) };
  // A summary line to replace above the marker: a post of nothing but a comment renders nothing (empty-page).
  const summary = locale.startsWith('zh') ? POST_SUMMARY.zh : POST_SUMMARY.other;
  // A title with no letter or digit (an emoji) makes the slug `post`, which the user did not type: the hint says why.
  const taken = options.slug === undefined && !fromTitle ? 'the title has no letter or digit to make an address of, so it is "post": give the new post one with --slug' : 'give the new post another --slug';
  await create(config, file, `---\n${stringify(frontMatter).trimEnd()}\n---\n\n${summary}\n\n<!-- truncate -->\n`, taken);
  return pathFromCwd(cwd, config.root, file);
}

/**
 * A post already at the new post's address (`relPath`, under the locale's blog/), or at one that differs from it only
 * in case, would fail the next build: the locale's own posts, and the default locale's shown in its place (those it has
 * no file of that name for). A post whose `slug:` or `date:` gives it an address its file name does not is one.
 */
function checkPostAddress(config: SiteConfig, locale: string, relPath: string): void {
  const address = postPermalink(relPath, {})!;
  // The file itself, written again, is told as one that exists.
  const own = postFiles(config, locale).filter((path) => path !== relPath);
  const original = locale === config.defaultLocale ? [] : postFiles(config, config.defaultLocale).filter((path) => pagePath(path) !== relPath && !own.some((mine) => pagePath(mine) === pagePath(path)));
  // A new post of the default locale is shown untranslated in the other locales: their own posts there (not its translation, of its file name) too.
  const elsewhere = locale !== config.defaultLocale ? [] : config.locales.filter((l) => l.code !== locale).map((l) => [l.code, postFiles(config, l.code).filter((path) => pagePath(path) !== relPath)] as const);
  for (const [folder, paths] of [[locale, own], [config.defaultLocale, original], ...elsewhere] as const) {
    for (const path of paths) {
      const file = join(config.contentDir, folder, 'blog', path);
      const source = readSource(file);
      const frontMatter = source.ok ? parseFrontMatter(source.text, file).frontMatter : {};
      const theirs = postPermalink(pagePath(path), frontMatter);
      if (!theirs || theirs.toLowerCase() !== address.toLowerCase()) continue;
      const by = [frontMatter.slug !== undefined && 'slug:', frontMatter.date !== undefined && 'date:'].filter(Boolean);
      const why = by.length > 0 ? ` (its ${by.join(' and ')} ${by.length > 1 ? 'give' : 'gives'} it that address)` : '';
      const hint = folder === locale || folder !== config.defaultLocale ? 'give the new post another --slug' : `give the new post another --slug; a translation of that post is a copy of its file under the same name in ${displayPath(config.root, join(config.contentDir, locale, 'blog'))}/`;
      const shown = displayPath(config.root, file);
      // In another locale, where the new post is shown untranslated: the address is that locale's.
      const there = folder !== locale && folder !== config.defaultLocale ? ` in ${folder}` : '';
      const copy = there ? ', shown there untranslated,' : '';
      if (theirs !== address) throw usageError(shown, `has the address ${theirs}${there}${why}, from which the address ${address} of the new post${copy} differs only in case (one file on a disk that ignores case, as the build tells); nothing was written`, hint);
      throw usageError(shown, `already has the address ${address}${there}${why}, which the new post${copy} would take too; nothing was written`, hint);
    }
  }
}

/** The posts of a locale's blog folder (`2026-11-20-x.md`, `2026-11-19-y/index.md`), partials and hidden files left out. */
function postFiles(config: SiteConfig, locale: string): string[] {
  const dir = join(config.contentDir, locale, 'blog');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => /\.mdx?$/.test(path) && !path.split('/').some((part) => part.startsWith('_') || part.startsWith('.')));
}

/** The keys of a comma-separated flag (`--tags a, b`). */
function listFlag(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((t) => t.trim()).filter(Boolean))];
}

/** The nearest declared key to the first unknown one, or the declared keys. */
function unknownHint(unknown: string[], keys: string[], files: string[]): string {
  const guess = unknown.length === 1 ? closestMatch(unknown[0]!, keys) : null;
  return guess ? `did you mean "${guess}"?` : `declared in ${files.join(' and ')}: ${keys.join(', ') || 'none'}`;
}

/** Writes `content/<locale>/docs/<id>.md` with valid front matter; returns its path from `cwd`. */
export async function scaffoldDoc(config: SiteConfig, id: string, options: { locale?: string; title?: string }, cwd = process.cwd()): Promise<string> {
  const locale = checkLocale(config, options.locale);
  if (!DOC_ID_RE.test(id) || id.includes('//') || id.endsWith('/')) {
    // A file name typed for the id (`guides/setup.md`): the id is that path without its extension.
    const bare = id.replace(/\.mdx?$/, '');
    const hint = bare !== id && DOC_ID_RE.test(bare) && !bare.includes('//') ? `the id has no extension: sitegen new doc ${bare}` : undefined;
    throw usageError(id.trim() ? id : `new doc ${JSON.stringify(id)}`, 'a doc id is a path such as guides/card or 指南/快速开始 (letters of any script, digits, -, _ and /)', hint);
  }
  if (id.length > ID_MAX || id.split('/').some((part) => part.length > SLUG_MAX)) {
    throw usageError(`${id.slice(0, 40)}…`, `a doc id is at most ${ID_MAX} characters, ${SLUG_MAX} between slashes; this one has ${id.length}`);
  }
  if (options.title !== undefined && !options.title.trim()) throw usageError(`--title ${JSON.stringify(options.title)}`, `${emptyOrBlank(options.title)}: a page without one does not build`, 'leave --title out to use the id');
  if (options.title !== undefined && CONTROL_CHAR_RE.test(options.title)) throw usageError(`--title ${JSON.stringify(options.title)}`, 'the title is one line of text');
  if (options.title !== undefined) checkVariables(config, locale, options.title, `--title ${JSON.stringify(options.title)}`);
  checkVersionName(config, id);
  const file = join(config.contentDir, locale, 'docs', newDocPath(config, locale, id));
  const title = options.title ?? parseNumberPrefix(id.split('/').pop()!).name.replace(/[-_]+/g, ' ');
  // A first line to replace: a page with no body is an error of the build (empty-page), and the file must build as written.
  await create(config, file, `---\n${stringify({ title, description: '', keywords: [] }).trimEnd()}\n---\n\n${locale.startsWith('zh') ? DOC_BODY.zh : DOC_BODY.other}\n`, 'edit that doc, or choose another id for a new one');
  return pathFromCwd(cwd, config.root, file);
}

/** A doc id: letters of any script (a Chinese doc is named in Chinese, as the build takes it), with their marks, digits, `-`, `_` and `/`. */
const DOC_ID_RE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}/_-]*$/u;

/** The last part of a folder's index doc's id. */
const INDEX_RE = /(^|\/)index$/;

/**
 * Where the new doc `id` goes under the locale's docs/ folder. Files on disk may have number prefixes that ids
 * leave out (`02-guides/01-setup.md` is the doc `guides/setup`): the doc this locale has already by that id is
 * named (written again, it fails), a translation takes the default locale's file name (so the two pair), and a
 * folder written without its prefix is the one on disk (`guides/card` goes in `02-guides/`, not in a second
 * folder beside it). A doc already at the new doc's address, this locale's or the default locale's shown in
 * its place (`faqs` beside `faqs/index.md`), would fail the next build, and is told.
 */
function newDocPath(config: SiteConfig, locale: string, id: string): string {
  const own = docFiles(config, locale);
  const original = locale === config.defaultLocale ? [] : docFiles(config, config.defaultLocale);
  // A doc's id as the build makes it: its front matter's `id:` in place of its file name (a translation has its original's).
  const ids = new Map<string, string>();
  const idOf = (doc: string) => {
    let value = ids.get(doc);
    if (value === undefined) ids.set(doc, (value = docIdWith(pagePath(doc), frontMatterId(join(config.contentDir, original.includes(doc) || locale === config.defaultLocale ? config.defaultLocale : locale, 'docs', doc)))));
    return value;
  };
  const wanted = docIdOf(`${id}.md`);
  const existing = original.find((path) => idOf(path) === wanted) ?? own.find((path) => !original.includes(path) && idOf(path) === wanted);
  const named = `${folderOnDisk([...own, ...original], id.split('/').slice(0, -1))}${id.split('/').pop()}.md`;
  const path = existing ?? (locale === config.defaultLocale ? translationsName(config, own, id, wanted, named) : named);
  // A folder's index keeps the folder's address whatever its id (the build knows it by its file name).
  const addressOf = (doc: string) => (INDEX_RE.test(docIdOf(pagePath(doc))) ? docIdOf(pagePath(doc)) : idOf(doc)).replace(INDEX_RE, '');
  const address = existing ? addressOf(existing) : docIdOf(path).replace(INDEX_RE, '');
  // Addresses that differ only in case are one file on a disk that ignores case: the build refuses the two.
  const sameAddress = (doc: string) => doc !== path && addressOf(doc).toLowerCase() === address.toLowerCase();
  const other = own.find(sameAddress) ?? original.find(sameAddress);
  if (other) {
    const shown = displayPath(config.root, join(config.contentDir, own.includes(other) ? locale : config.defaultLocale, 'docs', other));
    const theirs = addressOf(other);
    const slash = theirs && INDEX_RE.test(docIdOf(other)) ? '/' : '';
    if (theirs !== address) throw usageError(shown, `has the address /docs/${theirs}${slash}, from which the address /docs/${address} of a new doc ${id} differs only in case (one file on a disk that ignores case, as the build tells); nothing was written`, 'choose another id');
    const byId = idOf(other) !== docIdOf(other) ? ' (its id: gives it that address)' : '';
    throw usageError(shown, `already has the address /docs/${address}${slash}${byId}, which a new doc ${id} would take too; nothing was written`, 'choose another id');
  }
  if (!existing && locale === config.defaultLocale) checkShownElsewhere(config, id, wanted, address);
  return path;
}

/**
 * The name of a new doc of the default locale whose translations are there already (`en/docs/02-guide/03-foo.md` for
 * `guide/foo`): a translation is paired with its original by its file name, number prefixes and all, so the new doc is
 * named as they are (`02-guide/03-foo.md`), in the folder of its id that the default locale has. One it cannot be named
 * as (named so by its `id:`, in another folder than the default locale's, or named otherwise than another translation)
 * would be paired with nothing, which the build refuses: told, naming it.
 */
function translationsName(config: SiteConfig, own: string[], id: string, wanted: string, named: string): string {
  let name = named;
  // A doc of another locale with an original is that original's translation, of its id.
  const originals = new Set(own.map(pagePath));
  for (const { code } of config.locales) {
    if (code === config.defaultLocale) continue;
    for (const doc of docFiles(config, code)) {
      const file = join(config.contentDir, code, 'docs', doc);
      if (pagePath(doc) === name || originals.has(pagePath(doc)) || docIdWith(pagePath(doc), frontMatterId(file)) !== wanted) continue;
      const theirs = pagePath(doc);
      const folder = theirs.slice(0, theirs.lastIndexOf('/') + 1);
      if (name === named && docIdOf(theirs) === wanted && folderOnDisk([...own, theirs], id.split('/').slice(0, -1)) === folder) {
        name = theirs;
        continue;
      }
      const rename = displayPath(config.root, join(config.contentDir, code, 'docs', doc.endsWith('.mdx') ? `${name}x` : name));
      throw usageError(displayPath(config.root, file), `is the doc ${wanted} in ${code}, which a new doc ${id} written as ${displayPath(config.root, join(config.contentDir, config.defaultLocale, 'docs', name))} would not be paired with (a translation is paired with its original by its file name, number prefixes and all); nothing was written`, `rename it ${rename}, or choose another id`);
    }
  }
  return name;
}

/**
 * A new doc of the default locale is shown, untranslated, in each other locale that has no doc of its id: a doc of that
 * locale's own at its address but for case (an English-only `guides/setup.md` beside a new `guides/Setup`), or at it under
 * another id (`faqs/index.md` beside a new `faqs`), would be two pages at one address there, which the build refuses.
 */
function checkShownElsewhere(config: SiteConfig, id: string, wanted: string, address: string): void {
  for (const { code } of config.locales) {
    if (code === config.defaultLocale) continue;
    for (const doc of docFiles(config, code)) {
      const file = join(config.contentDir, code, 'docs', doc);
      const docId = docIdWith(pagePath(doc), frontMatterId(file));
      // Its translation: the two pair.
      if (docId === wanted) continue;
      const index = INDEX_RE.test(docIdOf(pagePath(doc)));
      const theirs = (index ? docIdOf(pagePath(doc)) : docId).replace(INDEX_RE, '');
      if (theirs.toLowerCase() !== address.toLowerCase()) continue;
      const at = `has the address /docs/${theirs}${theirs && index ? '/' : ''} in ${code}`;
      const why = theirs === address ? `${at}, which the new doc ${id}, shown there untranslated, would take too` : `${at}, from which the address /docs/${address} of the new doc ${id}, shown there untranslated, differs only in case (one file on a disk that ignores case, as the build tells)`;
      throw usageError(displayPath(config.root, file), `${why}; nothing was written`, `choose another id, or write that doc's original: sitegen new doc ${docId}`);
    }
  }
}

/**
 * A name at the top of docs/ that versions.json lists (in any case, with or without a number prefix) is the
 * version's address: the build refuses the two, so the doc is not written.
 */
function checkVersionName(config: SiteConfig, id: string): void {
  const source = readSource(join(config.contentDir, 'versions.json'));
  if (!source.ok) return;
  const top = id.split('/')[0]!;
  const forms = new Set([top, parseNumberPrefix(top).name].map((name) => name.toLowerCase()));
  // The file's own problems are the build's to tell.
  const version = parseVersionNames(source.text, 'versions.json', []).find((name) => forms.has(name.toLowerCase()));
  if (version) throw usageError(id, `"${version}" is a version (${displayPath(config.root, join(config.contentDir, 'versions.json'))} lists it), and a doc or folder at the top of docs/ named so would take its address /docs/${version}; nothing was written`, 'choose another id');
}

/** The `id:` of a doc's front matter, if it has a usable one (the build tells the others). */
function frontMatterId(file: string): string | undefined {
  const source = readSource(file);
  if (!source.ok) return undefined;
  const { frontMatter } = parseFrontMatter(source.text, file);
  return typeof frontMatter.id === 'string' && frontMatter.id && !frontMatter.id.includes('/') ? frontMatter.id : undefined;
}

/** A folder path of an id as it is on disk: each part written without its number prefix is the folder that has it (`guides` → `02-guides/`). */
function folderOnDisk(docs: string[], parts: string[]): string {
  let folder = '';
  for (const part of parts) {
    const names = new Set(docs.filter((doc) => doc.startsWith(folder) && doc.indexOf('/', folder.length) !== -1).map((doc) => doc.slice(folder.length, doc.indexOf('/', folder.length))));
    const prefixed = parseNumberPrefix(part).name === part ? [...names].sort().find((name) => name !== part && parseNumberPrefix(name).name === part) : undefined;
    folder += `${names.has(part) ? part : (prefixed ?? part)}/`;
  }
  return folder;
}

/** The pages of a locale's docs folder (`02-guides/01-setup.md`, `intro.mdx`), partials and hidden files left out. */
function docFiles(config: SiteConfig, locale: string): string[] {
  const dir = join(config.contentDir, locale, 'docs');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split(sep).join('/'))
    .filter((path) => /\.mdx?$/.test(path) && !path.split('/').some((part) => part.startsWith('_') || part.startsWith('.')));
}

const SLUG_MAX = 80;
const ID_MAX = 200;

/**
 * A title's slug with one `-` between words: github-slugger drops `&`, `:` and emoji but keeps the spaces around
 * them, which made `Tom & Jerry: 🎉` the address `tom--jerry-`.
 */
function titleSlug(title: string): string {
  return slugify(title).replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

function shortSlug(slug: string): string {
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX);
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut;
}

/** Today where the author is, not in UTC (a post written on the evening of the 3rd is dated the 3rd). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A title with a `{{name}}` the config does not define would write a file that does not build. */
function checkVariables(config: SiteConfig, locale: string, text: string, shown: string): void {
  const [problem] = substituteVariables(text, variablesFor(config, locale), { file: shown, line: 1 }).diagnostics;
  if (problem) throw usageError(shown, problem.message, problem.hint);
}

function checkLocale(config: SiteConfig, locale = config.defaultLocale): string {
  return localeFlag(config, locale).code;
}

/** Writes a new file, never over one: `taken` says what to do when it is there. */
async function create(config: SiteConfig, file: string, text: string, taken: string): Promise<void> {
  if (existsSync(file)) throw usageError(displayPath(config.root, file), 'already exists; nothing was written', taken);
  // The folders made for it go again if the disk refuses the file.
  const failed = await makeFilesOrNone([{ file, make: () => writeFile(file, text, { flag: 'wx' }) }]);
  if (failed) throw usageError(displayPath(config.root, file), `cannot be written (${failed.error.message.split(',')[0]})`);
}
