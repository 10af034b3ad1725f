import type { Node } from 'yaml';
import { validate, formatKeyPath, isPlainObject, type KeyPath, type Schema } from '../config/schema.js';
import type { Diagnostic, FrontMatter } from '../types.js';
import { DATE_RE, isRealDate } from './dates.js';
import { parseSimpleYaml, type SimpleYaml } from './simpleYaml.js';
import { plainValueHint, yamlProblem } from './yamlProblem.js';
import { lazyRequire } from '../lazyRequire.js';

/** The `yaml` library, loaded the first time a front matter needs it (most never do: see ./simpleYaml.ts). */
const yaml = lazyRequire<typeof import('yaml')>('yaml');

export { isRealDate };

const string: Schema = { type: 'string' };
const stringList: Schema = { type: 'array', items: string };
const date: Schema = { type: 'string', pattern: DATE_RE, patternHint: 'write a date as YYYY-MM-DD' };

/** Every front matter key a content file may use. */
export const frontMatterSchema: Schema = {
  type: 'object',
  props: {
    title: string,
    description: string,
    // Keywords are often numbers (429, 11.6): accept them as written.
    keywords: { type: 'array', items: { type: 'union', of: [string, { type: 'number' }], label: 'a string' } },
    image: string,
    sidebar_label: string,
    slug: { type: 'string', pattern: /^[^\s?#]+$/, patternHint: 'a slug has no spaces, "?" or "#"' },
    aliases: stringList,
    // Docusaurus's keys for a doc, read as it reads them (sidebar_position is accepted and told it does nothing here).
    toc_min_heading_level: { type: 'number', integer: true, min: 2, max: 6 },
    toc_max_heading_level: { type: 'number', integer: true, min: 2, max: 6 },
    custom_edit_url: { type: 'nullable', of: { type: 'string', pattern: /^https?:\/\/\S+$/, patternHint: 'an edit link is an http:// or https:// address, or null for none' } },
    pagination_prev: { type: 'nullable', of: string },
    pagination_next: { type: 'nullable', of: string },
    sidebar_position: { type: 'number' },
    tags: stringList,
    authors: { type: 'union', of: [string, stringList], label: 'an author key or a list of them' },
    date,
    last_update: date,
    draft: { type: 'boolean' },
    hide_table_of_contents: { type: 'boolean' },
    noindex: { type: 'boolean' },
    unlisted: { type: 'boolean' },
  },
};

export interface SplitResult {
  frontMatter: FrontMatter;
  body: string;
  /** 1-based file line where the body starts. */
  bodyLine: number;
  /** File line of each top-level key. */
  keyLines: Record<string, number>;
  /** File line of each item of each top-level list (`tags`, `keywords`), by key; absent without lists. */
  itemLines?: Record<string, number[]>;
  diagnostics: Diagnostic[];
  /** Set when the front matter could not be read at all (not closed, not YAML): its error says so, and nothing else about it is known. */
  unread?: true;
}

/**
 * Splits `---` front matter from the body, parses it (no code runs) and validates it: the common
 * shapes directly, anything else, and any front matter with a problem (for the exact place of each),
 * with `yaml`.
 */
export function parseFrontMatter(text: string, file: string, options: { fullParser?: boolean } = {}): SplitResult {
  const empty = (diagnostics: Diagnostic[]): SplitResult => ({ frontMatter: {}, body: text, bodyLine: 1, keyLines: {}, diagnostics });
  if (!/^---[ \t]*\n/.test(text)) {
    // A front matter that is not read as one (a blank line or an invisible character before it, four
    // dashes) would become the page's first paragraph, and the page would only be told its title is missing.
    // Hugo's TOML front matter (`+++`) or a JSON one: not read, and said so at once.
    const other = /^\+\+\+[ \t]*\n/.test(text) ? 'TOML (between +++ lines)' : /^\{[ \t]*\n[ \t]*"[\w-]+"[ \t]*:/.test(text) ? 'JSON' : null;
    if (other) return { ...empty([{ severity: 'error', code: 'front-matter', file, line: 1, column: 1, message: `front matter in ${other} is not read: it is YAML between --- lines`, hint: 'write it as YAML: --- on the first line, key: value lines (title: "…"), then ---' }]), unread: true };
    const late = /^((?:[ \t\u200b\u00a0]*\n)*)[ \t\u200b\u00a0]*(-{3,})[ \t]*\n(?=[A-Za-z_][\w-]*[ \t]*:)/.exec(text);
    if (!late) return empty([]);
    const line = late[1]!.split('\n').length;
    const message = late[2]!.length > 3 ? `front matter opens with a line of exactly three dashes, not ${late[2]!.length}` : line > 1 ? `front matter must start on the first line of the file (here it starts on line ${line})` : 'front matter must start at the very beginning of the file (a space or an invisible character comes before the first ---)';
    return { ...empty([{ severity: 'error', code: 'front-matter', file, line, column: 1, message, hint: late[2]!.length > 3 ? 'write --- on the first line' : 'delete what comes before the first --- (blank lines, spaces, invisible characters)' }]), unread: true };
  }
  const close = /\n---[ \t]*(\n|$)/.exec(text.slice(3));
  if (!close) {
    return { ...empty([{ severity: 'error', code: 'front-matter', file, line: 1, column: 1, message: 'front matter is not closed', hint: 'end it with a line containing only ---' }]), unread: true };
  }
  const yamlStart = text.indexOf('\n') + 1;
  const yamlText = text.slice(yamlStart, 3 + close.index + 1);
  const bodyStart = 3 + close.index + close[0].length;
  const bodyLine = text.slice(0, bodyStart).split('\n').length + (close[1] === '' ? 1 : 0);
  const body = text.slice(bodyStart);
  const simple = options.fullParser ? null : parseSimpleYaml(yamlText);
  const fast = simple && fromSimpleYaml(simple, body, bodyLine);
  if (fast) return fast;
  const { LineCounter, parseDocument, isMap, isScalar, isSeq } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + 1, column: pos.col };
  };
  if (doc.errors.length > 0) {
    const { offset, message, hint } = yamlProblem(yamlText, doc.errors[0]);
    return { frontMatter: {}, body, bodyLine, keyLines: {}, diagnostics: [{ severity: 'error', code: 'front-matter', file, ...at(offset), message, ...(hint ? { hint } : {}) }], unread: true };
  }
  let value;
  try {
    value = doc.toJS() ?? {};
  } catch (error) {
    // An alias to an anchor that is not there parses, and fails only here.
    const message = (error as Error).message.split('\n')[0]!;
    const alias = /: (\S+)$/.exec(message)?.[1];
    const offset = alias ? Math.max(0, yamlText.indexOf(`*${alias}`)) : 0;
    const hint = plainValueHint(message);
    return { frontMatter: {}, body, bodyLine, keyLines: {}, diagnostics: [{ severity: 'error', code: 'front-matter', file, ...at(offset), message: `invalid YAML: ${message}`, ...(hint ? { hint } : {}) }], unread: true };
  }
  const issues = validate(value, frontMatterSchema);
  // Authors written out in the page (Docusaurus's inline `authors: [{ name, … }]`) are declared in the config here.
  const inlineAuthors = isPlainObject(value) && Array.isArray(value.authors) && value.authors.some(isPlainObject);
  const diagnostics = issues.map((issue): Diagnostic => ({
    severity: 'error',
    code: 'front-matter',
    file,
    ...at(offsetOf(doc.contents, issue.path, issue.message === 'unknown key')),
    ...(inlineAuthors && issue.path[0] === 'authors'
      ? { message: 'authors: an author written out in the page ({ name, … }) is not read here', hint: 'declare the author in site.config.ts (blog.authors.<key>: { name, title?, url? }) and list its key: authors: [<key>]' }
      : { message: `${formatKeyPath(issue.path) || 'front matter'}: ${issue.message}`, hint: issue.hint }),
  }));
  // Values with errors are left out: later stages rely on the documented types (the file is still placed).
  const invalid = new Set(issues.map((issue) => issue.path[0]));
  for (const key of ['date', 'last_update'] as const) {
    const raw = value[key];
    if (typeof raw === 'string' && DATE_RE.test(raw) && !isRealDate(raw)) {
      diagnostics.push({ severity: 'error', code: 'front-matter', file, ...at(offsetOf(doc.contents, [key])), message: `${key}: ${raw} is not a real calendar date` });
      invalid.add(key);
    }
  }
  const frontMatter: FrontMatter & { authors?: string | string[]; keywords?: (string | number)[] } = isPlainObject(value)
    ? Object.fromEntries(Object.entries(value).filter(([key]) => !invalid.has(key)))
    : {};
  if (typeof frontMatter.authors === 'string') frontMatter.authors = [frontMatter.authors];
  if (frontMatter.keywords) frontMatter.keywords = keywordsAsWritten(frontMatter.keywords, doc.contents);
  const keyLines: Record<string, number> = {};
  const itemLines: Record<string, number[]> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const key = String(pair.key.value);
      keyLines[key] = at(pair.key.range[0]).line;
      if (isSeq(pair.value) && pair.value.items.length > 0) itemLines[key] = pair.value.items.map((item) => (item?.range ? at(item.range[0]).line : keyLines[key]!));
    }
  }
  // A list or a scalar instead of keys: its one error says so, not also a missing title.
  return { frontMatter: frontMatter as FrontMatter, body, bodyLine, keyLines, ...withItemLines(itemLines), diagnostics, ...(isPlainObject(value) ? {} : { unread: true as const }) };
}

/**
 * The result of a front matter in the simple subset, when it has no problem to report (null
 * otherwise: the full parser then says where each problem is). As the full path below makes it.
 */
function fromSimpleYaml(simple: SimpleYaml, body: string, bodyLine: number): SplitResult | null {
  const value = simple.value;
  if (validate(value, frontMatterSchema).length > 0) return null;
  for (const key of ['date', 'last_update'] as const) {
    const raw = value[key];
    if (typeof raw === 'string' && DATE_RE.test(raw) && !isRealDate(raw)) return null;
  }
  const frontMatter = { ...value } as FrontMatter & { authors?: string | string[]; keywords?: (string | number)[] };
  if (typeof frontMatter.authors === 'string') frontMatter.authors = [frontMatter.authors];
  const sources = simple.itemSources.keywords;
  if (frontMatter.keywords) frontMatter.keywords = frontMatter.keywords.map((keyword, i) => (typeof keyword === 'number' ? (sources?.[i] ?? String(keyword)) : String(keyword)));
  // The YAML starts on the file's second line.
  const keyLines = Object.fromEntries(Object.entries(simple.keyLines).map(([key, line]) => [key, line + 2]));
  const itemLines = Object.fromEntries(Object.entries(simple.itemLines).map(([key, lines]) => [key, lines.map((line) => line + 2)]));
  return { frontMatter: frontMatter as FrontMatter, body, bodyLine, keyLines, ...withItemLines(itemLines), diagnostics: [] };
}

/** `itemLines` when the front matter has a list with items (most pages have none: nothing to keep). */
function withItemLines(itemLines: Record<string, number[]>): { itemLines?: Record<string, number[]> } {
  return Object.keys(itemLines).length > 0 ? { itemLines } : {};
}

/** Keywords as strings, numbers as written in the file (`11.10` stays `11.10`, not `11.1`). */
function keywordsAsWritten(keywords: (string | number)[], root: unknown): string[] {
  const { isMap, isScalar, isSeq } = yaml();
  const node = isMap(root) ? root.get('keywords', true) : undefined;
  return keywords.map((keyword, i) => {
    const item = isSeq(node) ? node.items[i] : undefined;
    return typeof keyword === 'number' && isScalar(item) && typeof item.source === 'string' ? item.source : String(keyword);
  });
}


/** The source offset of the node (or of the key, for an unknown key) at a key path. */
function offsetOf(root: unknown, path: KeyPath, atKey = false): number {
  const { isMap, isScalar } = yaml();
  let node = root as Node | null;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (!pair) return offset;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value as Node | null;
      if (node?.range && !(atKey && key === path[path.length - 1])) offset = node.range[0];
    } else if (node && 'items' in node && Array.isArray((node as { items: unknown[] }).items)) {
      const item = (node as unknown as { items: Node[] }).items[key as number];
      if (!item) return offset;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}
