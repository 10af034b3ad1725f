// Parses content/sidebars.yaml (the YAML parser loads only when the file is not in the build cache).
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Diagnostic, Localized } from '../types.js';
import type { SidebarSpec } from './sidebars.js';
import { yamlProblem } from '../content/yamlProblem.js';

/** The sidebars of `text` (the file `file`), with a problem for each entry that is not well formed. */
export function parseSidebars(text: string, file: string, locales: Set<string>): { sidebars: Record<string, SidebarSpec[]>; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineOf = (node: Node | null | undefined) => (node?.range ? lineCounter.linePos(node.range[0]).line : 1);
  const diagnostics: Diagnostic[] = [];
  const problem = (node: Node | null | undefined, message: string) => diagnostics.push({ severity: 'error', code: 'sidebars', file, line: lineOf(node), message });
  if (doc.errors.length) {
    const { offset, message, hint } = yamlProblem(text, doc.errors[0]);
    const pos = lineCounter.linePos(offset);
    return { sidebars: {}, diagnostics: [{ severity: 'error', code: 'sidebars', file, line: pos.line, column: pos.col, message, ...(hint ? { hint } : {}) }] };
  }
  const sidebars: Record<string, SidebarSpec[]> = {};
  if (!isMap(doc.contents)) {
    problem(doc.contents as Node, 'expected a mapping of sidebar names to lists');
    return { sidebars, diagnostics };
  }
  /** A label: a string, or one text per locale (a warning for a locale left out); false when there is none to use. */
  const checkLabel = (item: Node & { get(key: string, keepScalar: true): unknown }, label: unknown, what: string): boolean => {
    if (typeof label !== 'string' && !(label && typeof label === 'object')) {
      problem(item, `${what} needs a label (a string or one per locale)`);
      return false;
    }
    if (typeof label === 'object') {
      const name = what.replace(/^a /, '');
      // `{ en: Audio, video }` is YAML for two keys: quote labels that contain commas.
      const stray = Object.entries(label as Record<string, unknown>).find(([key, value]) => !locales.has(key) || typeof value !== 'string');
      if (stray) problem(item, `${name} label: "${stray[0]}" is not a locale with a text (${[...locales].join(', ')}); quote labels that contain a comma`);
      // A locale left out would show another locale's label on its pages.
      const missing = [...locales].filter((code) => !(code in (label as Record<string, unknown>)));
      if (!stray && missing.length) diagnostics.push({ severity: 'warning', code: 'sidebars', file, line: lineOf(item.get('label', true) as Node), message: `${name} label has no ${missing.join(', ')} text: those pages show another locale's label`, hint: 'give a text for every locale, or one string for all' });
    }
    return true;
  };
  const readItems = (node: unknown): SidebarSpec[] => {
    if (!isSeq(node)) {
      problem(node as Node, 'expected a list of doc ids and categories');
      return [];
    }
    return node.items.flatMap((item): SidebarSpec[] => {
      if (isScalar(item) && typeof item.value === 'string') return [{ type: 'doc', id: item.value, line: lineOf(item) }];
      if (isMap(item) && item.has('href')) {
        // A link that is not a doc (Docusaurus's `type: link`): `{ label, href }`.
        const obj = item.toJSON() as { label?: unknown; href?: unknown };
        const unknown = Object.keys(obj).filter((k) => !['label', 'href'].includes(k));
        if (unknown.length) problem(item, `unknown key "${unknown[0]}" in a link (label, href)`);
        if (typeof obj.href !== 'string' || !/^(https?:\/\/|\/(?!\/))/.test(obj.href)) {
          problem(item.get('href', true) as Node, 'a link\'s href is an address: https://… for another site, or /… for a page of this one');
          return [];
        }
        if (!checkLabel(item, obj.label, 'a link')) return [];
        return [{ type: 'href', label: obj.label as Localized | string, href: obj.href, line: lineOf(item) }];
      }
      if (isMap(item)) {
        const obj = item.toJSON() as { label?: unknown; collapsed?: unknown; items?: unknown; link?: unknown };
        const unknown = Object.keys(obj).filter((k) => !['label', 'collapsed', 'items', 'link'].includes(k));
        if (unknown.length) problem(item, `unknown key "${unknown[0]}" in a category (label, collapsed, items, link)`);
        // `link: faqs/index`: the doc the category's label leads to.
        if (obj.link !== undefined && typeof obj.link !== 'string') problem(item.get('link', true) as Node, 'a category\'s link is the id of the doc its label leads to (faqs/index)');
        const label = obj.label;
        checkLabel(item, label, 'a category');
        // `collapsed: no` is the string "no" in YAML 1.2, not false: say so rather than guess.
        const collapsed = item.get('collapsed', true) as Node | undefined;
        if (obj.collapsed !== undefined && typeof obj.collapsed !== 'boolean') problem(collapsed ?? item, `collapsed must be true or false, got ${JSON.stringify(obj.collapsed)}`);
        const items = item.get('items', true);
        if (items === undefined) problem(item, 'a category needs items (a list of doc ids and categories)');
        return [{ type: 'category', label: (label ?? '') as Localized | string, collapsed: obj.collapsed !== false, items: items === undefined ? [] : readItems(items), line: lineOf(item), ...(typeof obj.link === 'string' ? { link: obj.link } : {}) }];
      }
      problem(item as Node, 'expected a doc id, a category { label, items } or a link { label, href }');
      return [];
    });
  };
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key)) sidebars[String(pair.key.value)] = readItems(pair.value);
  }
  return { sidebars, diagnostics };
}
