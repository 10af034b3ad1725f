// Parses a locale's `blog/authors.yml` or `blog/tags.yml`, Docusaurus's files (the YAML parser loads only
// when a file is not in the build cache): each entry with the lines of its keys, and a problem for each key
// that is not well formed, at its line.
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { slug } from 'github-slugger';
import { formatKeyPath, isPlainObject, type KeyPath } from '../config/schema.js';
import { socialUrl } from './blogMetaSocials.js';
import { authorIssues, tagIssues } from './blogMetaSchema.js';
import { plainValueHint, yamlProblem } from './yamlProblem.js';
import type { BlogAuthor, BlogTag, Diagnostic } from '../types.js';

/** What one file declares (its entries without problems), and its problems. */
export interface ParsedBlogFile {
  authors: BlogAuthor[];
  tags: BlogTag[];
  diagnostics: Diagnostic[];
}

/**
 * The entries of an `authors.yml` (`kind` authors) or a `tags.yml`, as `file` (its path for diagnostics) declares them;
 * `code` names their problems (`blog`, or `docs` for a docs folder's `tags.yml`).
 */
export function parseBlogFile(kind: 'authors' | 'tags', text: string, file: string, code = 'blog'): ParsedBlogFile {
  const parsed: ParsedBlogFile = { authors: [], tags: [], diagnostics: [] };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const place = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const problem = (offset: number, message: string, hint?: string) => parsed.diagnostics.push({ severity: 'error', code, file, ...place(offset), message, ...(hint ? { hint } : {}) });
  if (doc.errors.length > 0) {
    const { offset, message, hint } = yamlProblem(text, doc.errors[0]!);
    problem(offset, message, hint);
    return parsed;
  }
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    // An alias to an anchor that is not there parses, and fails only here.
    const message = (error as Error).message.split('\n')[0]!;
    problem(0, `invalid YAML: ${message}`, plainValueHint(message));
    return parsed;
  }
  if (value === null || value === undefined) return parsed;
  if (!isPlainObject(value) || !isMap(doc.contents)) {
    problem(doc.contents?.range?.[0] ?? 0, kind === 'authors' ? 'expected one entry per author, by key (jane: { name: Jane Doe, title: … })' : 'expected one entry per tag, by key (releases: { label: Releases, … })');
    return parsed;
  }
  const root = doc.contents;
  const lineOf = (path: KeyPath, atKey = false) => place(offsetOf(root, path, atKey)).line;
  for (const [key, entry] of Object.entries(value)) {
    const issues = kind === 'authors' ? authorIssues(entry, [key], true) : tagIssues(entry, [key]);
    for (const issue of issues) problem(offsetOf(root, issue.path, issue.message === 'unknown key'), `${formatKeyPath(issue.path)}: ${issue.message}`, issue.hint);
    const lines: Record<string, number> = { key: lineOf([key], true) };
    for (const field of isPlainObject(entry) ? Object.keys(entry) : []) lines[field] = lineOf([key, field]);
    // An entry with a problem is still declared, by its key alone: the posts that name it are not told besides.
    const written = issues.length > 0 ? { ...(isPlainObject(entry) && typeof entry.name === 'string' ? { name: entry.name } : {}) } : entry;
    if (kind === 'authors') parsed.authors.push(authorOf(key, { name: key, ...(written as Record<string, unknown>) }, file, lines));
    else {
      const tag = tagOf(key, (written ?? {}) as Record<string, string>, file, lines.key!);
      if (tag) parsed.tags.push(tag);
      else problem(offsetOf(root, [key], true), `${key}: the key makes no address for the tag's page`, 'give it a permalink: /…');
    }
  }
  return parsed;
}

/** A well-formed entry of `authors.yml`: its socials made addresses, its page's address part as written (checked with the others'). */
function authorOf(key: string, entry: Record<string, unknown>, file: string, lines: Record<string, number>): BlogAuthor {
  const socials = Object.entries(isPlainObject(entry.socials) ? entry.socials : {}).map(([platform, handle]) => socialUrl(platform, handle) as { platform: string; url: string });
  const page = entry.page === true ? key : isPlainObject(entry.page) ? String(entry.page.permalink).replace(/^\/|\/$/g, '') : entry.page === false ? false : undefined;
  const text = (name: string) => (typeof entry[name] === 'string' ? { [name === 'image_url' ? 'imageUrl' : name]: entry[name] as string } : {});
  // Docusaurus 3 takes `imageURL` for `image_url` too: its line is the avatar's, where a missing file is told.
  const image = typeof entry.image_url === 'string' ? text('image_url') : typeof entry.imageURL === 'string' ? { imageUrl: entry.imageURL } : {};
  if (lines.image_url === undefined && lines.imageURL !== undefined) lines.image_url = lines.imageURL;
  return { key, name: entry.name as string, ...text('title'), ...text('url'), ...image, ...text('email'), socials, ...(page !== undefined ? { page } : {}), file, lines };
}

/** A well-formed entry of `tags.yml`: its label the key, and its address the key made a slug, unless it gives them; null when the key makes no address. */
function tagOf(key: string, entry: Record<string, string>, file: string, line: number): BlogTag | null {
  const permalink = entry.permalink !== undefined ? entry.permalink.replace(/^\/|\/$/g, '') : slug(key);
  if (!permalink) return null;
  return { key, label: entry.label ?? key, permalink, ...(entry.description !== undefined ? { description: entry.description } : {}), file, line };
}

/** The source offset of the node (or of the key, for an unknown key) at a key path of the file's mapping. */
function offsetOf(root: Node, path: KeyPath, atKey: boolean): number {
  let node: Node | null = root;
  let offset = root.range?.[0] ?? 0;
  for (const [i, key] of path.entries()) {
    if (!isMap(node)) break;
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
    if (!pair) break;
    offset = (pair.key as Node).range?.[0] ?? offset;
    node = pair.value as Node | null;
    if (node?.range && !(atKey && i === path.length - 1)) offset = node.range[0];
  }
  return offset;
}
