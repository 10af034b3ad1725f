import { existsSync, readdirSync, statSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { SplitResult } from './frontMatter.js';
import { frontMatterHead } from './dates.js';
import { loadPackCache } from '../cache/packCache.js';
import { readSource, unreadableReason } from './readSource.js';
import { listFiles } from '../files.js';
import type { ContentFile, Diagnostic, Section, SiteConfig } from '../types.js';
import { sha1 } from '../hash.js';
import { closestMatch } from '../diagnostics.js';

const SECTIONS: Section[] = ['docs', 'blog', 'pages'];

export interface LoadedContent {
  files: ContentFile[];
  diagnostics: Diagnostic[];
  /** Files that exist but could not be read (not UTF-8, no permission), under the content folder (`en/docs/x.md`): each has its error. */
  unread?: string[];
  /** The content folder is missing or not a folder: its error is the build's only one (the theme's links to pages would all be broken). */
  unusable?: boolean;
  /** Files beside the pages that are not pages (`zh-Hans/docs/guides/img/card.png`): copied to the site as they are. */
  assets?: ListedAsset[];
}

/** A file of a locale's section folder that is not a page, under the content folder. */
export interface ListedAsset {
  /** Path under the content folder (`en/docs/img/a.png`). */
  path: string;
  mtimeMs: number;
  size: number;
}

type FileResult = { file: ContentFile | null; diagnostics: Diagnostic[]; unread?: string };

/** What a long-running process (dev server) keeps: files read, by path, with their size and mtime; the last listing. */
export interface ContentMemo {
  files: Map<string, { stamp: string; result: FileResult }>;
  /** The last walk: content paths with their stamps, and its warnings. */
  listing: Listing | null;
}

/** The pages of the content folder, the other files beside them, and the walk's warnings. */
interface Listing {
  entries: Listed[];
  assets: Listed[];
  diagnostics: Diagnostic[];
}

interface Listed {
  /** Path under the content folder (`en/docs/x.md`). */
  path: string;
  mtimeMs: number;
  size: number;
}

export function createContentMemo(): ContentMemo {
  return { files: new Map(), listing: null };
}

/** Front matter of a file as parsed before, by its path and its front matter block (a body edit keeps it). */
type ParsedFrontMatter = Omit<SplitResult, 'body'> & { bodyStart: number };

const isParsed = (value: unknown): value is ParsedFrontMatter => typeof value === 'object' && value !== null && typeof (value as ParsedFrontMatter).bodyStart === 'number' && Array.isArray((value as ParsedFrontMatter).diagnostics);

/** The YAML parser, loaded by the first file whose front matter is not in the cache. */
let parser: Promise<typeof import('./frontMatter.js')> | null = null;

/**
 * Walks `content/<locale>/{docs,blog,pages}` and reads every markdown file. Files and folders starting
 * with `_` are partials and skipped. Parsed front matter is kept in the build cache (`cacheDir`).
 */
export async function loadContent(config: SiteConfig, locales = config.locales.map((l) => l.code), options: { memo?: ContentMemo; cacheDir?: string | null; changed?: string[] } = {}): Promise<LoadedContent> {
  const { memo } = options;
  if (!existsSync(config.contentDir)) {
    const hint = `create it, or set contentDir in ${rel(config, config.configFile)} to the folder that holds ${config.locales.map((l) => `${l.code}/`).join(' and ')}`;
    return { files: [], diagnostics: [{ severity: 'error', code: 'content', file: rel(config, config.contentDir), message: 'the content folder does not exist', hint }], unusable: true };
  }
  if (!statSync(config.contentDir).isDirectory()) {
    return { files: [], diagnostics: [{ severity: 'error', code: 'content', file: rel(config, config.contentDir), message: 'the content folder is a file', hint: 'contentDir names a folder' }], unusable: true };
  }
  const listing = memo?.listing && options.changed ? await updateListing(config, locales, memo.listing, options.changed) : await walk(config, locales);
  if (memo) memo.listing = listing;
  const diagnostics = [...listing.diagnostics];
  // The dev server remembers files itself: the front matter pack is read for its first build only.
  const parsed = await loadPackCache(memo && memo.files.size > 0 ? null : (options.cacheDir ?? null), 'front-matter-v4', isParsed);
  const results = await Promise.all(
    listing.entries.map(async ({ path, mtimeMs, size }) => {
      const stamp = `${mtimeMs}:${size}`;
      const known = memo?.files.get(path);
      if (known && known.stamp === stamp) return known.result;
      const result = await loadFile(config, path, mtimeMs, parsed);
      memo?.files.set(path, { stamp, result });
      return result;
    }),
  );
  await parsed.save();
  const files: ContentFile[] = [];
  const unread: string[] = [];
  for (const result of results) {
    diagnostics.push(...result.diagnostics);
    if (result.file) files.push(result.file);
    if (result.unread) unread.push(result.unread);
  }
  return { files, diagnostics, ...(unread.length ? { unread } : {}), ...(listing.assets.length ? { assets: listing.assets } : {}) };
}

/** Files editors and tools leave beside the ones they edit: backups, swap files, merge leftovers, copies of pages. */
const LEFTOVER_RE = /~$|^#.*#$|\.(?:bak|orig|rej|swp|swo|tmp)$|\.md\./i;

/** Every markdown file of the locales' sections, and every other file there, with warnings for folders that are not locales. */
async function walk(config: SiteConfig, locales: string[]): Promise<Listing> {
  const diagnostics: Diagnostic[] = [];
  const codes = config.locales.map((l) => l.code);
  // A content folder that is the project folder (`contentDir: '.'`) holds the project's other folders too.
  const own = new Set([config.outDir, config.themeDir, join(config.root, 'node_modules')]);
  for (const dir of readdirSync(config.contentDir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name)) {
    if (!codes.includes(dir) && dir !== 'static' && !own.has(join(config.contentDir, dir))) {
      diagnostics.push({ severity: 'warning', code: 'content', file: rel(config, join(config.contentDir, dir)), message: `folder "${dir}" is not a configured locale and is ignored`, hint: `locales: ${codes.join(', ')}` });
    }
  }
  // Partials (`_name`) and dotfiles are skipped, files and whole folders alike. A file that looks like
  // a page but is not read as one (`x.mdx`, `x.MD`), or a link to one, is told: it would vanish silently.
  const skipped = (dir: string, path: string, why: string, hint: string) =>
    diagnostics.push({ severity: 'warning', code: 'content', file: rel(config, join(dir, path)), message: `not read as a page: ${why}`, hint });
  // Any other file is one beside the pages (an image a page shows), copied to the site as it is.
  const keepIn = (dir: string) => (name: string, isDirectory: boolean, path: string) => {
    if (name.startsWith('_') || name.startsWith('.')) return false;
    // An editor's or a merge tool's copy (`plan.md~`, `plan.md.orig`, `#plan.md#`) is neither a page nor published.
    if (!isDirectory && LEFTOVER_RE.test(name)) return false;
    if (isDirectory || name.endsWith('.md')) return true;
    if (/\.(mdx?|markdown|mdown)$/i.test(name)) {
      skipped(dir, path, 'pages are files ending in .md (lower case)', `rename it to ${name.replace(/\.[^.]+$/, '.md')}`);
      return false;
    }
    return true;
  };
  const onLink = (dir: string) => (path: string) => path.endsWith('.md') && skipped(dir, path, 'it is a symbolic link, and pages are read from files', 'put the file itself here, or move the link out of content/');
  const onSpecial = (dir: string) => (path: string) => skipped(dir, path, 'it is not a regular file (a named pipe, a socket or a device)', 'put a file of that name here, or move it out of content/');
  // A folder that cannot be read would drop its pages silently (and an English one put the fallbacks in their place).
  const onUnreadable = (path: string, error: unknown) =>
    diagnostics.push({ severity: 'error', code: 'content', file: rel(config, path), message: `the folder cannot be read: ${unreadableReason(error)}`, hint: 'give the build read access to it, or move it out of content/' });
  const listed = locales.flatMap((l) =>
    SECTIONS.flatMap((s) => {
      const dir = join(config.contentDir, l, s);
      return listFiles(dir, keepIn(dir), { onUnreadable, onLink: onLink(dir), onSpecial: onSpecial(dir) }).map(({ path, mtimeMs, size }) => ({ path: `${l}/${s}/${path}`, mtimeMs, size }));
    }),
  );
  const entries = listed.filter((f) => f.path.endsWith('.md'));
  const assets = listed.filter((f) => !f.path.endsWith('.md'));
  // A section folder misspelt (`doc/`) would drop its pages silently.
  for (const l of locales) {
    let names: string[] = [];
    try {
      names = readdirSync(join(config.contentDir, l), { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_')).map((e) => e.name);
    } catch {
      continue;
    }
    for (const name of names.filter((n) => !(SECTIONS as string[]).includes(n))) {
      const guess = closestMatch(name, SECTIONS, 3);
      diagnostics.push({ severity: 'warning', code: 'content', file: rel(config, join(config.contentDir, l, name)), message: `folder "${name}" is not a section (${SECTIONS.join(', ')}), so its pages are not read`, hint: guess ? `did you mean ${guess}/?` : 'move its pages into a section folder' });
    }
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  assets.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { entries, assets, diagnostics };
}

/**
 * The last listing with the watcher's changed paths looked at again (added, changed or removed), so an
 * edit costs one `lstat` instead of a walk of the whole content folder. A changed folder walks again.
 */
async function updateListing(config: SiteConfig, locales: string[], last: Listing, changed: string[]): Promise<Listing> {
  const touched = new Set<string>();
  for (const file of changed) {
    const path = relative(config.contentDir, join(config.root, file)).split('\\').join('/');
    if (path.startsWith('..') || path.startsWith('static/')) continue;
    if (!path.endsWith('.md')) return walk(config, locales);
    const [locale, section] = path.split('/');
    if (locales.includes(locale) && (SECTIONS as string[]).includes(section) && !path.split('/').some((part) => part.startsWith('_'))) touched.add(path);
  }
  if (touched.size === 0) return last;
  const entries = last.entries.filter((e) => !touched.has(e.path));
  for (const path of touched) {
    const stats = await lstat(join(config.contentDir, path)).catch(() => null);
    if (stats?.isFile()) entries.push({ path, mtimeMs: stats.mtimeMs, size: stats.size });
  }
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { entries, assets: last.assets, diagnostics: last.diagnostics };
}

async function loadFile(config: SiteConfig, path: string, mtimeMs: number, parsed: Awaited<ReturnType<typeof loadPackCache<ParsedFrontMatter>>>): Promise<FileResult> {
  const [locale, section, ...rest] = path.split('/');
  const absolute = join(config.contentDir, path);
  const file = rel(config, absolute);
  const source = readSource(absolute);
  if (!source.ok) {
    const unread = path.normalize('NFC');
    if (source.unreadable !== undefined) return { file: null, unread, diagnostics: [{ severity: 'error', code: 'content', file, message: `the file cannot be read: ${source.unreadable}`, hint: 'give the build read access to it, or move it out of content/' }] };
    const message = source.nul ? `a NUL byte at byte ${source.byte}: the file looks saved as UTF-16, or is not text` : `invalid UTF-8 at byte ${source.byte}`;
    return { file: null, unread, diagnostics: [{ severity: 'error', code: 'encoding', file, line: source.line, column: source.column, message, hint: 'save the file as UTF-8' }] };
  }
  // A file with front matter errors is still placed, so links to it do not add a cascade of errors.
  const hash = sha1(source.bytes);
  const key = parsed.key(file, frontMatterHead(source.text));
  const known = parsed.get(key);
  const split = known ? { ...known, body: source.text.slice(known.bodyStart) } : (await (parser ??= import('./frontMatter.js'))).parseFrontMatter(source.text, file);
  if (!known) {
    const { body, ...rest } = split;
    parsed.set(key, { ...rest, bodyStart: source.text.length - body.length });
  }
  return {
    diagnostics: split.diagnostics,
    file: {
      locale,
      section: section as Section,
      // A name as macOS writes it (NFD: e + U+0301) is the same page as the same name typed (NFC).
      relPath: rest.join('/').normalize('NFC'),
      file,
      frontMatter: split.frontMatter,
      body: split.body,
      bodyLine: split.bodyLine,
      keyLines: split.keyLines,
      ...(split.itemLines ? { itemLines: split.itemLines } : {}),
      ...(split.unread ? { unreadFrontMatter: true as const } : {}),
      hash,
      mtimeMs,
    },
  };
}

function rel(config: SiteConfig, path: string): string {
  return relative(config.root, path).split('\\').join('/') || '.';
}
