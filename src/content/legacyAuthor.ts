// Docusaurus's legacy keys of a post's one author, which Docusaurus 3 still reads beside `authors` and warns of
// nothing (its deprecation warnings are left off in its source): `author` (the name), `author_title`, `author_url`,
// `author_image_url`, and the older spellings `authorTitle`, `authorURL`, `authorImageURL`, read where the first
// is not written. They make one author written out in the post. No YAML here: the front matter's validation
// loads this module too.
import { authorImage, authorUrl } from './blogMetaSchema.js';
import type { Schema } from '../config/schema.js';
import type { ContentFile, Diagnostic, FrontMatter, FrontMatterAuthor } from '../types.js';

type LegacyKey = 'author' | 'author_title' | 'author_url' | 'author_image_url' | 'authorTitle' | 'authorURL' | 'authorImageURL';
type Field = 'name' | 'title' | 'url' | 'image_url';

/** Each legacy key and the author's field it gives; a field's first spelling before its older one, as Docusaurus reads them. */
const LEGACY_KEYS: [LegacyKey, Field][] = [
  ['author', 'name'],
  ['author_title', 'title'],
  ['author_url', 'url'],
  ['author_image_url', 'image_url'],
  ['authorTitle', 'title'],
  ['authorURL', 'url'],
  ['authorImageURL', 'image_url'],
];

const string: Schema = { type: 'string' };

/** The front matter schema's legacy author keys, each checked as the field it gives is in `authors`. */
export const legacyAuthorProps: Record<LegacyKey, Schema> = { author: string, author_title: string, author_url: authorUrl, author_image_url: authorImage, authorTitle: string, authorURL: authorUrl, authorImageURL: authorImage };

/** Every legacy key, for the checks of the pages that do not read them. */
export const LEGACY_AUTHOR_KEYS: readonly LegacyKey[] = LEGACY_KEYS.map(([key]) => key);

/** The author's field a legacy key gives (`author_url` → `url`), or none for another key. */
export function legacyField(key: string): Field | undefined {
  return LEGACY_KEYS.find(([k]) => k === key)?.[1];
}

type Source = Pick<ContentFile, 'file' | 'frontMatter' | 'keyLines'>;

/** The legacy keys a front matter writes, in the order of its lines. */
function written(source: Source): LegacyKey[] {
  const fm = source.frontMatter;
  return LEGACY_KEYS.flatMap(([key]) => (fm[key] !== undefined ? [key] : [])).sort((a, b) => (source.keyLines[a] ?? 0) - (source.keyLines[b] ?? 0));
}

/** The keys read, one per field: an older spelling only where the first is not written. */
function read(fm: FrontMatter): [LegacyKey, Field][] {
  return LEGACY_KEYS.filter(([key, field], i) => fm[key] !== undefined && !LEGACY_KEYS.slice(0, i).some(([first, f]) => f === field && fm[first] !== undefined));
}

/**
 * The one author a post's legacy keys give, and the line of each key read (where their problems are told); none
 * without the keys, beside authors in `authors` (read instead, and the two told), or without a name.
 */
export function legacyAuthor(source: Pick<Source, 'frontMatter' | 'keyLines'>): { author: FrontMatterAuthor; lines: Record<string, number> } | null {
  const fm = source.frontMatter;
  if (fm.authors?.length || !fm.author?.trim()) return null;
  const keys = read(fm);
  return {
    author: Object.fromEntries(keys.map(([key, field]) => [field, fm[key]])) as FrontMatterAuthor,
    lines: Object.fromEntries(keys.map(([key]) => [key, source.keyLines[key] ?? 1])),
  };
}

/**
 * What is wrong with a post's legacy keys, at their lines: written beside `authors` (Docusaurus refuses the two,
 * so a post must choose), without a name, and a field written in both spellings (the older one is not read).
 */
export function legacyAuthorProblems(source: Source): Diagnostic[] {
  const keys = written(source);
  if (keys.length === 0) return [];
  const fm = source.frontMatter;
  const at = (key: LegacyKey, severity: Diagnostic['severity'], message: string, hint: string): Diagnostic => ({ severity, code: 'front-matter', file: source.file, line: source.keyLines[key] ?? 1, message: `${key}: ${message}`, hint });
  const out: Diagnostic[] = [];
  const list = keys.join(', ');
  // An empty `authors: []` names no one: Docusaurus reads the legacy keys beside it.
  if (fm.authors?.length) {
    out.push(at(keys[0]!, 'error', `written with authors:, which Docusaurus refuses: a post names its authors in authors: or in the legacy author keys (${list}), not both`, `write this author in authors: (- name: …, title: …, url: …, image_url: …, or the key of a declared author) and delete ${list}`));
  } else if (fm.author === undefined) {
    out.push(at(keys[0]!, 'error', `the legacy keys make one author, whose name is author:, and it is not written`, `write author: Jane Doe beside ${keys.length > 1 ? 'them' : 'it'}, or delete ${list}`));
  } else if (!fm.author.trim()) {
    out.push(at('author', 'error', "the author's name is empty", 'write the name, author: Jane Doe, or delete the legacy author keys'));
  }
  const taken = new Set(read(fm).map(([key]) => key));
  for (const key of keys.filter((k) => !taken.has(k))) {
    const [first] = LEGACY_KEYS.find(([k, field]) => taken.has(k) && field === legacyField(key))!;
    out.push(at(key, 'warning', `not read: ${first}, written too, gives the author's ${first.slice('author_'.length).replace('_', ' ')}`, `delete one of the two`));
  }
  return out;
}
