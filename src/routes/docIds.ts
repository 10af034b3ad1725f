// A doc's id, as Docusaurus makes it: its path under docs/ without number prefixes, the last part replaced by
// the front matter's `id:` when it has one; a translation has its original's, so the two keep one id and one address.
import type { ContentFile, Diagnostic, Entry } from '../types.js';
import { docIdOf } from './numberPrefix.js';
import { contentPathOf } from './planEntries.js';

/** A doc's id from its path under docs/ and its front matter's `id:` (`guides/01-foo.md` and `bar` → `guides/bar`). */
export function docIdWith(relPath: string, id: string | undefined): string {
  const byName = docIdOf(relPath);
  return id === undefined ? byName : byName.slice(0, byName.lastIndexOf('/') + 1) + id;
}

/** The default locale's docs files by their path under docs/: the originals translations take their id from. */
function originalsOf(files: ContentFile[], defaultLocale: string): Map<string, ContentFile> {
  return new Map(files.filter((f) => f.section === 'docs' && f.locale === defaultLocale).map((f) => [contentPathOf(f), f]));
}

/** The id of each docs file among `files`: its original's (the default locale's file at its path), else its own. */
export function docIds(files: ContentFile[], defaultLocale: string): Map<ContentFile, string> {
  const originals = originalsOf(files, defaultLocale);
  const ids = new Map<ContentFile, string>();
  for (const file of files) if (file.section === 'docs') ids.set(file, docIdWith(file.relPath, (originals.get(contentPathOf(file)) ?? file).frontMatter.id));
  return ids;
}

/**
 * A translation whose `id:` gives it another id than its original has: an error at its line. The translation
 * keeps its original's id (its address, its place in the sidebars and the language menu's pairing go by it).
 */
export function translationIdProblems(files: ContentFile[], defaultLocale: string): Diagnostic[] {
  const originals = originalsOf(files, defaultLocale);
  const out: Diagnostic[] = [];
  for (const file of files) {
    const original = file.section === 'docs' && file.locale !== defaultLocale ? originals.get(contentPathOf(file)) : undefined;
    const own = file.frontMatter.id;
    if (!original || own === undefined) continue;
    const theirs = docIdWith(original.relPath, original.frontMatter.id);
    if (docIdWith(file.relPath, own) === theirs) continue;
    const how = original.frontMatter.id === undefined ? 'from its file name, as it has no id:' : `from its id: ${original.frontMatter.id}`;
    out.push({
      severity: 'error',
      code: 'front-matter',
      file: file.file,
      line: file.keyLines.id ?? 1,
      message: `id: ${own} is not the id of the original, ${original.file}, whose id is "${theirs}" (${how}); a translation has its original's id`,
      hint: original.frontMatter.id === undefined ? 'delete this line, or give the original this id: too' : 'delete this line: the translation takes its original\'s id',
    });
  }
  return out;
}

/** The docs whose `id:` gives them another id than their file name does, by that file-name id (`guides/foo` → `guides/bar`, `docs/guides/01-foo.md`). */
export function renamedDocs(entries: Entry[]): Map<string, RenamedDoc> {
  const out = new Map<string, RenamedDoc>();
  for (const entry of entries) {
    if (entry.section !== 'docs') continue;
    const byName = (entry.version === undefined ? '' : `${entry.version}/`) + docIdOf(entry.contentPath.replace(/^(?:versioned_docs\/[^/]+|docs)\//, ''));
    if (byName !== entry.id && !out.has(byName)) out.set(byName, { id: entry.id, contentPath: entry.contentPath });
  }
  return out;
}

/** A doc its front matter's `id:` gives another id than its file name does. */
export interface RenamedDoc {
  id: string;
  /** Its path in the locale folders (`docs/guides/01-foo.md`). */
  contentPath: string;
}
