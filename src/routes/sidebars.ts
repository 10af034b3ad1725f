import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadPackCache } from '../cache/packCache.js';
import { readSource } from '../content/readSource.js';
import { closestMatch } from '../diagnostics.js';
import type { Diagnostic, Localized, SiteConfig } from '../types.js';

/** A sidebar as declared in content/sidebars.yaml (labels not yet resolved). */
export type SidebarSpec =
  | { type: 'doc'; id: string; line: number }
  /** A link that is not a doc: another site (`https://…`), or a page of this one (`/blog`, in each locale). */
  | { type: 'href'; label: Localized | string; href: string; line: number }
  /** `link`: the doc the category's label leads to (Docusaurus's `link: { type: doc }`), placed before its items. */
  | { type: 'category'; label: Localized | string; collapsed: boolean; items: SidebarSpec[]; line: number; link?: string };

export interface SidebarsFile {
  sidebars: Record<string, SidebarSpec[]>;
  file: string;
  diagnostics: Diagnostic[];
}

/**
 * Reads content/sidebars.yaml: `name: [docId | { label, collapsed?, items }]`. Its parse is kept in the
 * build cache (`cacheDir`) by the file's text and the locales.
 */
export async function loadSidebars(config: SiteConfig, cacheDir: string | null = null): Promise<SidebarsFile> {
  const locales = new Set(config.locales.map((l) => l.code));
  const path = join(config.contentDir, 'sidebars.yaml');
  const file = path.slice(config.root.length + 1).split('\\').join('/');
  if (!existsSync(path)) return { sidebars: {}, file, diagnostics: [] };
  const source = readSource(path);
  if (!source.ok && source.unreadable !== undefined) return { sidebars: {}, file, diagnostics: [{ severity: 'error', code: 'sidebars', file, message: `the file cannot be read: ${source.unreadable}` }] };
  if (!source.ok) return { sidebars: {}, file, diagnostics: [{ severity: 'error', code: 'encoding', file, line: source.line, column: source.column, message: source.nul ? 'a NUL byte: the file looks saved as UTF-16, or is not text' : 'invalid UTF-8', hint: 'save the file as UTF-8' }] };
  const cache = await loadPackCache(cacheDir, 'sidebars-v1', isParsedSidebars);
  const key = cache.key(file, [...locales].join(','), source.text);
  let parsed = cache.get(key);
  if (!parsed) {
    const { parseSidebars } = await import('./parseSidebars.js');
    cache.set(key, (parsed = parseSidebars(source.text, file, locales)));
  }
  await cache.save();
  return { ...parsed, file };
}

function isParsedSidebars(value: unknown): value is Omit<SidebarsFile, 'file'> {
  const v = value as SidebarsFile | null;
  return typeof v === 'object' && v !== null && typeof v.sidebars === 'object' && v.sidebars !== null && Array.isArray(v.diagnostics);
}

/** Errors for sidebar entries naming docs that do not exist. */
export function checkSidebarIds(spec: SidebarsFile, docIds: Set<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A doc has one place: its breadcrumbs and its previous and next pages come from it.
  const placed = new Map<string, { sidebar: string; line?: number }>();
  const visit = (items: SidebarSpec[], sidebar: string) => {
    for (const item of items) {
      if (item.type === 'href') continue;
      if (item.type === 'category' && item.link === undefined) {
        visit(item.items, sidebar);
        continue;
      }
      const id = item.type === 'category' ? item.link! : item.id;
      const first = placed.get(id);
      if (first) {
        out.push({ severity: 'error', code: 'sidebars', file: spec.file, line: item.line, message: `doc "${id}" is listed twice (first in sidebar "${first.sidebar}"${first.line ? `, line ${first.line}` : ''})`, hint: 'a doc has one place in the sidebars, which gives its breadcrumbs and its previous and next pages; link to it from the other place instead' });
      } else {
        placed.set(id, { sidebar, line: item.line });
        if (!docIds.has(id)) {
          const guess = closestMatch(id, docIds);
          out.push({ severity: 'error', code: 'sidebars', file: spec.file, line: item.line, message: `doc "${id}" does not exist`, hint: guess ? `did you mean "${guess}"?` : undefined });
        }
      }
      if (item.type === 'category') visit(item.items, sidebar);
    }
  };
  for (const [name, items] of Object.entries(spec.sidebars)) visit(items, name);
  return out;
}
