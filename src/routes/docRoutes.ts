import { join, relative, sep } from 'node:path';
import type { Entry, Heading, LabeledLink, RouteData, SidebarItem, SiteConfig } from '../types.js';
import type { SidebarSpec } from './sidebars.js';

/** Sidebars of one locale, resolved to labels and URLs of that locale's docs. */
export function resolveSidebars(specs: Record<string, SidebarSpec[]>, docs: Map<string, Entry>, locale: string, defaultLocale: string): Record<string, SidebarItem[]> {
  const resolveItems = (items: SidebarSpec[]): SidebarItem[] =>
    items.flatMap((item): SidebarItem[] => {
      if (item.type === 'category') {
        const label = typeof item.label === 'string' ? item.label : item.label[locale] ?? item.label[defaultLocale] ?? Object.values(item.label)[0] ?? '';
        return [{ type: 'category', label, collapsed: item.collapsed, items: resolveItems(item.items) }];
      }
      const doc = docs.get(item.id);
      return doc ? [{ type: 'link', label: doc.sidebarLabel ?? doc.title, href: doc.permalink, docId: item.id }] : [];
    });
  return Object.fromEntries(Object.entries(specs).map(([name, items]) => [name, resolveItems(items)]));
}

interface DocPlace {
  sidebar: string;
  items: SidebarItem[];
  trail: string[];
  index: number;
  flat: Extract<SidebarItem, { type: 'link' }>[];
}

/** Where each doc sits: its sidebar, the categories above it, and its neighbours in reading order. */
export function placeDocs(sidebars: Record<string, SidebarItem[]>): Map<string, DocPlace> {
  const places = new Map<string, DocPlace>();
  for (const [name, items] of Object.entries(sidebars)) {
    const flat: DocPlace['flat'] = [];
    const trails: string[][] = [];
    const walk = (list: SidebarItem[], trail: string[]) => {
      for (const item of list) {
        if (item.type === 'category') walk(item.items, [...trail, item.label]);
        else {
          flat.push(item);
          trails.push(trail);
        }
      }
    };
    walk(items, []);
    flat.forEach((item, index) => {
      if (!places.has(item.docId)) places.set(item.docId, { sidebar: name, items, trail: trails[index], index, flat });
    });
  }
  return places;
}

/** The route data of a doc page. */
export function docRouteData(config: SiteConfig, doc: Entry, place: DocPlace | undefined, toc: Heading[]): RouteData {
  const link = (item: DocPlace['flat'][number] | undefined): LabeledLink | null => (item ? { label: item.label, href: item.href } : null);
  // The file path under the content folder (`zh-Hans/docs/x.md`), whatever that folder is called.
  const localeFile = relative(config.contentDir, join(config.root, doc.file)).split(sep).join('/');
  return {
    kind: 'doc',
    docId: doc.id,
    sidebar: place?.sidebar ?? null,
    sidebarItems: place?.items ?? null,
    breadcrumbs: [...(place?.trail ?? []).map((label) => ({ label, href: '' })), { label: doc.sidebarLabel ?? doc.title, href: doc.permalink }],
    toc,
    prev: place ? link(place.flat[place.index - 1]) : null,
    next: place ? link(place.flat[place.index + 1]) : null,
    lastUpdated: config.docs.showLastUpdateTime ? doc.lastUpdated : null,
    editUrl: config.docs.editUrl ? config.docs.editUrl.replace(/\/?$/, '/') + localeFile : null,
    untranslated: doc.untranslated,
    hideToc: doc.hideToc,
  };
}

/** Headings within the configured TOC levels. */
export function tocOf(config: SiteConfig, headings: Heading[]): Heading[] {
  return headings.filter((h) => h.depth >= config.docs.tocMinLevel && h.depth <= config.docs.tocMaxLevel);
}
