// The docs' declared tags, per locale and docs folder: the config's (`docs.tags`) and those of the folder's
// `tags.yml`, Docusaurus's file (`docs/tags.yml`, and a version's own, `versioned_docs/version-10.x/tags.yml`, which
// `sitegen docs version` copies with the docs). A locale without its own file reads the default locale's (its own is
// that file's translation), as the blog's `tags.yml` is read; a key the config declares too is an error at the file.
import { loadPackCache } from '../cache/packCache.js';
import { configKeyLine } from '../config/keyLine.js';
import { displayPath, uniqueDiagnostics } from '../diagnostics.js';
import type { ParsedBlogFile } from './blogMetaFile.js';
import { checkTagPermalinks } from './tagRefs.js';
import type { BlogTag, DeclaredDocTags, Diagnostic, SiteConfig } from '../types.js';

/** A docs folder's `tags.yml`, as read. */
export interface DocTagsFile {
  /** Path under the content folder (`en/docs/tags.yml`, `en/versioned_docs/version-10.x/tags.yml`). */
  path: string;
  /** Path relative to the project root, for diagnostics. */
  file: string;
  text: string;
}

/** The name of a docs folder's tags file (`.yaml` read too). */
export const DOC_TAGS_FILE_RE = /^tags\.ya?ml$/;

/** Every locale's and docs folder's declared tags (by `<locale>/<folder>`, `en/docs`), and the problems of their files. */
export interface DocTags {
  folders: Record<string, DeclaredDocTags>;
  diagnostics: Diagnostic[];
}

/** The docs folder of a tags file's path under the content folder (`en/docs/tags.yml` → `en`, `docs`). */
function folderOf(path: string): { locale: string; folder: string } {
  const parts = path.split('/');
  return { locale: parts[0]!, folder: parts.slice(1, -1).join('/') };
}

/**
 * The declared tags of every locale's docs folders (`folders`: `docs`, and each version's). A file's parse is kept
 * in the build cache (`cacheDir`) by its path and text; a site without the files reads the config's alone.
 */
export async function loadDocTags(config: SiteConfig, files: DocTagsFile[], folders: string[], cacheDir: string | null): Promise<DocTags> {
  const diagnostics: Diagnostic[] = [];
  const read = files.length > 0 ? await readFiles(files, cacheDir, diagnostics) : new Map<string, { file: string; parsed: ParsedBlogFile }>();
  const shown = displayPath(config.root, config.configFile);
  for (const { file, parsed } of read.values()) {
    diagnostics.push(...parsed.diagnostics);
    for (const tag of parsed.tags.filter((t) => Object.hasOwn(config.docs.tags, t.key))) {
      const at = configKeyLine(config.configFile, ['docs', 'tags', tag.key]);
      diagnostics.push({ severity: 'error', code: 'docs', file, line: tag.line, message: `${tag.key}: declared in ${shown}${at ? `:${at}` : ''} too (docs.tags.${tag.key}), so one of the two would be lost`, hint: 'declare the tag in one place: here, or in the config' });
    }
  }
  const out: Record<string, DeclaredDocTags> = {};
  for (const locale of config.locales) {
    for (const folder of folders) {
      // A file that could not be read at all is told once, as its own error: a locale's reads the default locale's in
      // its place (the keys are the same), and with no file to read the docs' tags are not judged, each told undeclared besides.
      const ownFile = read.get(`${locale.code}/${folder}`);
      const originalFile = read.get(`${config.defaultLocale}/${folder}`);
      const own = ownFile && !unreadable(ownFile.parsed) ? ownFile : undefined;
      const original = originalFile && !unreadable(originalFile.parsed) ? originalFile : undefined;
      const fileTags = withOriginal(own ?? original, own ? original : undefined, locale.code, diagnostics);
      const tags = [...configTags(config, locale.code, shown), ...fileTags.filter((t) => !Object.hasOwn(config.docs.tags, t.key))];
      diagnostics.push(...checkTagPermalinks(config, tags, 'docs'));
      // Undeclared tags are told where tags are declared for these docs (a misspelt one), as the blog's are; a folder
      // without a tags file, on a site whose config declares none, tags freely, as Docusaurus judges tags only against a file.
      const unread = !own && !original && (ownFile ?? originalFile) !== undefined;
      const onInlineTags = unread ? 'ignore' : (config.docs.onInlineTags ?? (Object.keys(config.docs.tags).length > 0 || own || original ? 'error' : 'ignore'));
      out[`${locale.code}/${folder}`] = { tags, onInlineTags, declaredIn: [shown, ...((own ?? original) ? [(own ?? original)!.file] : [])] };
    }
  }
  return { folders: out, diagnostics: uniqueDiagnostics(diagnostics) };
}

/** The config's doc tags alone, in a locale (what a site without tags files declares). */
export function configDocTags(config: SiteConfig, code: string): DeclaredDocTags {
  const shown = displayPath(config.root, config.configFile);
  return { tags: configTags(config, code, shown), onInlineTags: config.docs.onInlineTags ?? (Object.keys(config.docs.tags).length > 0 ? 'error' : 'ignore'), declaredIn: [shown] };
}

/** Each file parsed (or as the build cache keeps it), by locale and folder (`en/docs`); a second file in a folder is told and not read. */
async function readFiles(files: DocTagsFile[], cacheDir: string | null, diagnostics: Diagnostic[]): Promise<Map<string, { file: string; parsed: ParsedBlogFile }>> {
  const read = new Map<string, { file: string; parsed: ParsedBlogFile }>();
  const cache = await loadPackCache(cacheDir, 'doc-tags-v1', isParsed);
  // `tags.yml` before `tags.yaml`: Docusaurus's name is the one read.
  for (const source of [...files].sort((a, b) => (a.path.replace(/\.yml$/, '.0') < b.path.replace(/\.yml$/, '.0') ? -1 : 1))) {
    const { locale, folder } = folderOf(source.path);
    const first = read.get(`${locale}/${folder}`);
    if (first) {
      diagnostics.push({ severity: 'warning', code: 'docs', file: source.file, message: `not read: this folder's tags are read from ${first.file.slice(first.file.lastIndexOf('/') + 1)}`, hint: 'keep one tags file per docs folder' });
      continue;
    }
    const key = cache.key(source.file, source.text);
    let parsed = cache.get(key);
    if (!parsed) {
      const { parseBlogFile } = await import('./blogMetaFile.js');
      cache.set(key, (parsed = parseBlogFile('tags', source.text, source.file, 'docs')));
    }
    read.set(`${locale}/${folder}`, { file: source.file, parsed });
  }
  await cache.save();
  return read;
}

/** A file whose YAML does not parse, or is no mapping of tags: it declares nothing, and says so at its line. */
function unreadable(parsed: ParsedBlogFile): boolean {
  return parsed.tags.length === 0 && parsed.diagnostics.some((d) => d.severity === 'error');
}

function isParsed(value: unknown): value is ParsedBlogFile {
  const v = value as ParsedBlogFile | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.tags) && Array.isArray(v.diagnostics);
}

/** A locale's tags: its own file's, and those of the default locale's file that its own lacks (told: its pages show them in the default locale's words). */
function withOriginal(own: { file: string; parsed: ParsedBlogFile } | undefined, original: { file: string; parsed: ParsedBlogFile } | undefined, code: string, diagnostics: Diagnostic[]): BlogTag[] {
  const tags = own?.parsed.tags ?? [];
  if (!original || own === original) return tags;
  const keys = new Set(tags.map((t) => t.key));
  const missing = original.parsed.tags.filter((t) => !keys.has(t.key));
  if (missing.length > 0) {
    diagnostics.push({ severity: 'warning', code: 'docs', file: own!.file, line: 1, message: `${missing.map((t) => t.key).join(', ')}: declared in ${original.file} and not here, so the ${code} pages show ${missing.length === 1 ? 'that tag' : 'those tags'} as written there`, hint: `add ${missing.length === 1 ? 'it' : 'them'} to this file, in this locale's words` });
  }
  return [...tags, ...missing];
}

function configTags(config: SiteConfig, code: string, shown: string): BlogTag[] {
  return Object.entries(config.docs.tags).map(([key, label]) => ({ key, label: label[code] ?? key, permalink: key, file: shown }));
}

