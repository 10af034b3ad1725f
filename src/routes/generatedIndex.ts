// Categories' pages of their own (Docusaurus's `link: { type: generated-index }`): their addresses, once every
// sidebar is known, and each page's route data in a locale.
import GithubSlugger from 'github-slugger';
import type { Diagnostic, Entry, IndexCard, RouteData, SearchPage, SidebarItem } from '../types.js';
import { neighbourLink, type DocPlace } from './docRoutes.js';
import { textIn } from './labels.js';
import type { GeneratedIndex, SidebarsFile, SidebarSpec } from './sidebars.js';

type IndexedCategory = Extract<SidebarSpec, { type: 'category' }> & { index: GeneratedIndex };

/** Every category of the sidebars with a generated index, in the file's order (sidebar by sidebar, top down). */
export function indexedCategories(sidebars: Record<string, SidebarSpec[]>): IndexedCategory[] {
  const out: IndexedCategory[] = [];
  const visit = (items: SidebarSpec[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.index) out.push(item as IndexedCategory);
      visit(item.items);
    }
  };
  for (const items of Object.values(sidebars)) visit(items);
  return out;
}

/**
 * Gives each generated index its path under the locale: `/docs/` and its `slug`, else `/docs/category/` and its
 * label in the default locale slugified (a second label alike gets `-1`, as Docusaurus numbers them). Two
 * indexes at one address are an error at the second.
 */
export function placeIndexes(file: SidebarsFile, defaultLocale: string): { sidebars: SidebarsFile; diagnostics: Diagnostic[] } {
  const slugger = new GithubSlugger();
  const taken = new Map<string, GeneratedIndex>();
  const diagnostics: Diagnostic[] = [];
  const place = (items: SidebarSpec[]): SidebarSpec[] =>
    items.map((item) => {
      if (item.type !== 'category') return item;
      const placed = { ...item, items: place(item.items) };
      if (!item.index) return placed;
      const path = item.index.slug !== undefined ? `/docs/${item.index.slug.replace(/^\/+|\/+$/g, '')}` : `/docs/category/${slugger.slug(textIn(item.label, defaultLocale)) || 'category'}`;
      const first = taken.get(path.toLowerCase());
      if (first) {
        diagnostics.push({ severity: 'error', code: 'duplicate-route', file: item.index.file, line: item.index.line, message: `the category's generated index would be at ${path}, as is the one of ${first.file}:${first.line}`, hint: 'give one of them another slug: link: { type: generated-index, slug: /category/… }' });
        return placed;
      }
      taken.set(path.toLowerCase(), item.index);
      return { ...placed, index: { ...item.index, path } };
    });
  const sidebars = Object.fromEntries(Object.entries(file.sidebars).map(([name, items]) => [name, place(items)]));
  return { sidebars: { ...file, sidebars }, diagnostics };
}

/** What the route of a generated index in one locale is made of. */
export interface IndexPage {
  /** The path under the locale (`/docs/category/guides`). */
  localPath: string;
  title: string;
  description: string;
  data: Extract<RouteData, { kind: 'generatedIndex' }>;
  /** Where the category's link is written, and its line. */
  source: string;
  line: number;
}

/**
 * The generated indexes of one locale's sidebars: their cards are the category's items as resolved for the
 * locale (`resolved`), with the docs' descriptions (`docs`), in the sidebar's place of the category (`places`).
 */
export function indexPages(input: { specs: Record<string, SidebarSpec[]>; resolved: Record<string, SidebarItem[]>; places: Map<string, DocPlace>; docs: Map<string, Entry>; locale: string; defaultLocale: string }): IndexPage[] {
  const categories = indexedCategories(input.specs).filter((c) => c.index.path !== undefined);
  const descriptions = new Map(categories.map((c) => [c.index.path!, c.index.description === undefined ? '' : textIn(c.index.description, input.locale, input.defaultLocale)]));
  const resolved = new Map<string, Extract<SidebarItem, { type: 'category' }>>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.docId && descriptions.has(item.docId) && !resolved.has(item.docId)) resolved.set(item.docId, item);
      walk(item.items);
    }
  };
  for (const items of Object.values(input.resolved)) walk(items);
  return categories.flatMap((category): IndexPage[] => {
    const path = category.index.path!;
    const item = resolved.get(path);
    if (!item) return [];
    const place = input.places.get(path);
    const title = category.index.title === undefined ? item.label : textIn(category.index.title, input.locale, input.defaultLocale);
    const description = descriptions.get(path)!;
    const data: IndexPage['data'] = {
      kind: 'generatedIndex',
      docId: path,
      sidebar: place?.sidebar ?? null,
      sidebarItems: place?.items ?? null,
      breadcrumbs: [...(place?.trail ?? []), { label: item.label, href: item.href! }],
      description,
      cards: item.items.flatMap((child) => cardOf(child, input.docs, descriptions)),
      prev: place ? neighbourLink(place.flat[place.index - 1], input.docs) : null,
      next: place ? neighbourLink(place.flat[place.index + 1], input.docs) : null,
    };
    return [{ localPath: path, title, description, data, source: category.index.file, line: category.index.line }];
  });
}

/** An item of a category as a card: a doc with its description, a category with its index's description or its count, a link. */
function cardOf(item: SidebarItem, docs: Map<string, Entry>, descriptions: Map<string, string>): IndexCard[] {
  if (item.type === 'link') return [{ label: item.label, href: item.href, description: item.docId ? (docs.get(item.docId)?.description ?? '') : '', ...(item.external ? { external: true as const } : {}) }];
  // A category leads to its own page, else to its first link.
  const href = item.href ?? firstHref(item.items);
  if (!href) return [];
  const description = item.docId ? (descriptions.get(item.docId) ?? docs.get(item.docId)?.description ?? '') : '';
  return [{ label: item.label, href, description, count: item.items.length }];
}

function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const href = item.type === 'link' ? item.href : (item.href ?? firstHref(item.items));
    if (href) return href;
  }
  return undefined;
}

/** The search input of a generated index: its title and description (its cards are the other pages' own). */
export function indexSearchPage(url: string, page: IndexPage): SearchPage {
  return { url, title: page.title, description: page.description, keywords: [], intro: page.description, sections: [], category: 'docs' };
}
