// A category's `link:` (Docusaurus's `{ type: doc, id }` or `{ type: generated-index, … }`), read alike in
// sidebars.yaml and a `_category_.yml` from its plain value; the callers place each problem at its line.
import { closestMatch } from '../diagnostics.js';
import type { Localized } from '../types.js';
import { strayLabelKey } from './labels.js';

/** What a category's label leads to: a doc (by id), a page of the category's own listing its items, or nothing (null). */
export type CategoryLink = { type: 'doc'; id: string } | { type: 'generated-index'; title?: Localized | string; description?: Localized | string; slug?: string } | null;

/** A problem of a link: at its `key` (`title`) when it has one, else at the link. */
export interface LinkProblem {
  key?: string;
  message: string;
  hint?: string;
}

const INDEX_KEYS = ['type', 'title', 'description', 'slug'];
/** Docusaurus's keys of a generated index that sitegen does not read. */
const NOT_READ: Record<string, string> = {
  keywords: "the page's keywords are not read: delete this key",
  image: "the page's share image is not read: delete this key",
};
/** A slug: parts of letters, digits and other characters a path may hold as written, with `/` between them. */
const SLUG_RE = /^\/?[^\s?#%\\/.][^\s?#%\\/]*(?:\/[^\s?#%\\/.][^\s?#%\\/]*)*\/?$/;

/**
 * `value` as a category's link (a string is a doc's id), with its problems; `link` is left out (undefined) when
 * the value cannot be read as one.
 */
export function readCategoryLink(value: unknown, locales: Set<string>): { link?: CategoryLink; problems: LinkProblem[] } {
  if (value === null) return { link: null, problems: [] };
  if (typeof value === 'string') return value.trim() ? { link: { type: 'doc', id: value }, problems: [] } : { problems: [{ message: 'link: the id of a doc is empty' }] };
  const hint = 'link: { type: generated-index } gives the category a page that lists its items; link: { type: doc, id: intro } makes its label lead to a doc';
  if (typeof value !== 'object' || Array.isArray(value)) return { problems: [{ message: `link must be a map with a type, got ${JSON.stringify(value)}`, hint }] };
  const obj = value as Record<string, unknown>;
  if (obj.type === 'doc') {
    const unknown = Object.keys(obj).find((key) => key !== 'type' && key !== 'id');
    const problems: LinkProblem[] = unknown ? [{ key: unknown, message: `unknown key "${unknown}" in a doc link (type, id)` }] : [];
    if (typeof obj.id !== 'string' || !obj.id.trim()) return { problems: [...problems, { key: 'id' in obj ? 'id' : undefined, message: "link: a doc link needs the doc's id (id: guides/intro, or the doc's name in the category's folder)" }] };
    return { link: { type: 'doc', id: obj.id }, problems };
  }
  if (obj.type !== 'generated-index') return { problems: [{ key: 'type' in obj ? 'type' : undefined, message: `link: type must be doc or generated-index, got ${JSON.stringify(obj.type ?? null)}`, hint }] };
  const link: Extract<CategoryLink, { type: 'generated-index' }> = { type: 'generated-index' };
  const problems: LinkProblem[] = [];
  for (const [key, field] of Object.entries(obj)) {
    if (key === 'type') continue;
    if (key === 'title' || key === 'description') {
      const text = readText(field, key, locales);
      if (typeof text === 'object' && 'problem' in text) problems.push({ key, message: text.problem, hint: `write ${key}: …, or ${key}: { zh-Hans: …, en: … }` });
      else link[key] = text;
    } else if (key === 'slug') {
      if (typeof field === 'string' && field.trim() && SLUG_RE.test(field)) link.slug = field;
      else problems.push({ key, message: `link: slug must be an address under /docs/, got ${JSON.stringify(field)}`, hint: 'letters, digits, - and _, with / between parts: slug: /category/guides' });
    } else if (Object.hasOwn(NOT_READ, key)) {
      problems.push({ key, message: `${key}: a Docusaurus key of a generated index that sitegen does not read (${INDEX_KEYS.join(', ')})`, hint: NOT_READ[key] });
    } else {
      const guess = closestMatch(key, INDEX_KEYS);
      problems.push({ key, message: `unknown key "${key}" in a generated-index link (${INDEX_KEYS.join(', ')})`, ...(guess ? { hint: `did you mean "${guess}"?` } : {}) });
    }
  }
  return { link, problems };
}

/** A title or description: a string, or one text per locale. */
function readText(value: unknown, key: string, locales: Set<string>): Localized | string | { problem: string } {
  if (typeof value === 'string') return value.trim() ? value : { problem: `link: ${key} is empty` };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: `link: ${key} is a string or one per locale, got ${JSON.stringify(value)}` };
  const stray = strayLabelKey(key, value as Record<string, unknown>, locales, true);
  return stray ? { problem: `link: ${stray}` } : (value as Localized);
}
