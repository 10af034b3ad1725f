// Parses a docs folder's `_category_.yml` (the YAML parser loads only when the file is not in the build cache).
import { isMap, LineCounter, parseDocument, type Node } from 'yaml';
import { closestMatch } from '../diagnostics.js';
import { yamlProblem } from '../content/yamlProblem.js';
import type { Diagnostic } from '../types.js';
import type { FolderCategory } from './categories.js';
import { missingLabelLocales, strayLabelKey } from './labels.js';
import { readCategoryLink } from './categoryLink.js';
import { CLASS_NAMES_RE } from '../regexp.js';

const KEYS = ['label', 'position', 'collapsed', 'link', 'className', 'customProps'];

/** Docusaurus's other keys of the file, and what to do instead. */
const DOCUSAURUS_KEYS: Record<string, string> = {
  description: 'sitegen has no use for it: delete this key',
};

/** The label, position, collapsed state, link, class names and custom props a `_category_.yml` gives (`file` is its path for diagnostics), with a problem for each key that is not well formed. */
export function parseCategory(text: string, file: string, locales: Set<string>): { category: FolderCategory; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const lineOf = (node: unknown) => ((node as Node | undefined)?.range ? lineCounter.linePos((node as Node).range![0]).line : 1);
  const diagnostics: Diagnostic[] = [];
  const problem = (node: unknown, message: string, hint?: string) => diagnostics.push({ severity: 'error', code: 'category', file, line: lineOf(node), message, ...(hint ? { hint } : {}) });
  const category: FolderCategory = { file };
  if (doc.errors.length) {
    const { offset, message, hint } = yamlProblem(text, doc.errors[0]!);
    const pos = lineCounter.linePos(offset);
    return { category, diagnostics: [{ severity: 'error', code: 'category', file, line: pos.line, column: pos.col, message, ...(hint ? { hint } : {}) }] };
  }
  if (doc.contents === null) return { category, diagnostics };
  if (!isMap(doc.contents)) {
    problem(doc.contents, 'expected label, position, collapsed and link keys (label: Guides)');
    return { category, diagnostics };
  }
  for (const pair of doc.contents.items) {
    const key = String((pair.key as { value?: unknown } | null)?.value ?? pair.key);
    const value = (pair.value as { toJSON?: () => unknown } | null)?.toJSON?.() ?? (pair.value as { value?: unknown } | null)?.value ?? null;
    if (key === 'label') {
      const label = checkLabel(value, locales);
      if (typeof label === 'string' && label.startsWith('!')) problem(pair.value, label.slice(1), 'write label: Guides, or label: { zh-Hans: 指南, en: Guides }');
      else if (label) category.label = label;
      const missing = label && typeof label === 'object' ? missingLabelLocales('label', label, locales) : null;
      if (missing) diagnostics.push({ severity: 'warning', code: 'category', file, line: lineOf(pair.value), ...missing });
    } else if (key === 'position') {
      if (typeof value === 'number' && Number.isFinite(value)) category.position = value;
      else problem(pair.value, `position must be a number, got ${JSON.stringify(value)}`, 'positions order the docs and folders of one folder, lowest first');
    } else if (key === 'collapsed') {
      // `collapsed: no` is the string "no" in YAML 1.2, not false: say so rather than guess.
      if (typeof value === 'boolean') category.collapsed = value;
      else problem(pair.value, `collapsed must be true or false, got ${JSON.stringify(value)}`);
    } else if (key === 'link') {
      const read = readCategoryLink(value, locales);
      const at = (sub?: string) => (sub && isMap(pair.value) ? ((pair.value.get(sub, true) as Node | undefined) ?? pair.key) : pair.key);
      for (const p of read.problems) problem(at(p.key), p.message, p.hint);
      if (read.link !== undefined) {
        category.link = read.link;
        category.linkLine = lineOf(pair.key);
      }
    } else if (key === 'className') {
      if (typeof value === 'string' && CLASS_NAMES_RE.test(value)) category.className = value;
      else problem(pair.value ?? pair.key, `className must be one or more class names (letters, digits, - and _, separated by spaces), got ${JSON.stringify(value)}`);
    } else if (key === 'customProps') {
      // Docusaurus's: anything, for the theme, passed on with the category's sidebar item.
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) category.customProps = value as Record<string, unknown>;
      else problem(pair.value ?? pair.key, `customProps must be a mapping (customProps: { badge: new }), got ${JSON.stringify(value)}`);
    } else if (key === 'collapsible') {
      // Every category here opens and closes: Docusaurus's `collapsible: true` says so (as in sidebars.yaml), `false` cannot be done.
      if (value !== true) problem(pair.value ?? pair.key, `collapsible: ${JSON.stringify(value)}: a category here always opens and closes`, 'delete this key; collapsed: false keeps it open at first');
    } else if (key === 'key') {
      // Docusaurus's key of the category for its translation files: here each locale's label is in this file
      // (or its own), so there is nothing to do with it; taken, as a doc's sidebar_key is, if it is a string.
      if (typeof value !== 'string' || !value) problem(pair.value ?? pair.key, `key must be a string, got ${JSON.stringify(value)}`);
    } else if (Object.hasOwn(DOCUSAURUS_KEYS, key)) {
      problem(pair.key, `${key}: a Docusaurus key that sitegen does not read (${KEYS.join(', ')})`, DOCUSAURUS_KEYS[key]);
    } else {
      const guess = closestMatch(key, KEYS);
      problem(pair.key, `unknown key "${key}" (${KEYS.join(', ')})`, guess ? `did you mean "${guess}"?` : undefined);
    }
  }
  return { category, diagnostics };
}

/** A label: a string, or one text per locale; a string starting with `!` is what is wrong with it. */
function checkLabel(value: unknown, locales: Set<string>): FolderCategory['label'] | `!${string}` | undefined {
  if (typeof value === 'string') return value.trim() ? value : '!label is empty';
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `!label is a string or one per locale, got ${JSON.stringify(value)}`;
  const stray = strayLabelKey('label', value as Record<string, unknown>, locales, true);
  if (stray) return `!${stray}`;
  return value as Record<string, string>;
}
