import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SITE_ROOT_FILES } from '../publish/sitemap.js';
import type { Entry, Heading, LabeledLink, Localized, RouteData, SidebarItem, SiteConfig } from '../types.js';
import type { SidebarSpec } from './sidebars.js';
import { urlPathOf } from './planEntries.js';

/** Sidebars of one locale, resolved to labels and URLs of that locale's docs. */
export function resolveSidebars(config: SiteConfig, specs: Record<string, SidebarSpec[]>, docs: Map<string, Entry>, locale: string, defaultLocale: string): Record<string, SidebarItem[]> {
  const resolveItems = (items: SidebarSpec[]): SidebarItem[] =>
    items.flatMap((item): SidebarItem[] => {
      const labelOf = (label: Localized | string) => (typeof label === 'string' ? label : label[locale] ?? label[defaultLocale] ?? Object.values(label)[0] ?? '');
      if (item.type === 'category') {
        const linked = item.link === undefined ? undefined : docs.get(item.link);
        const doc = linked?.unlisted ? undefined : linked;
        return [{ type: 'category', label: labelOf(item.label), collapsed: item.collapsed, items: resolveItems(item.items), ...(doc ? { href: doc.permalink, docId: item.link } : {}) }];
      }
      if (item.type === 'href') {
        const external = !item.href.startsWith('/');
        // A site path in each locale, as a link in content is: one that names a locale, a static file or a root file stays as written.
        const first = item.href.split('/')[1] ?? '';
        const asWritten = config.locales.some((l) => l.path !== '' && l.path === first) || SITE_ROOT_FILES.includes(first as (typeof SITE_ROOT_FILES)[number]) || (first !== '' && existsSync(join(config.contentDir, 'static', first)));
        const href = external ? item.href : asWritten ? config.baseUrl + item.href.slice(1) : urlPathOf(config, config.locales.find((l) => l.code === locale)!, item.href);
        return [{ type: 'link', label: labelOf(item.label), href, docId: '', ...(external ? { external: true as const } : {}) }];
      }
      // An unlisted doc has its page, and no place in the sidebar (nor previous and next links).
      const doc = docs.get(item.id);
      return doc && !doc.unlisted ? [{ type: 'link', label: doc.sidebarLabel ?? doc.title, href: doc.permalink, docId: item.id }] : [];
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
        if (item.type === 'category') {
          // A category's own doc comes before its items; the category is the last step of the way to it.
          if (item.docId && item.href) {
            flat.push({ type: 'link', label: item.label, href: item.href, docId: item.docId });
            trails.push(trail);
          }
          walk(item.items, [...trail, item.label]);
        } else if (item.docId) {
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

/** The route data of a doc page; `docs` are its locale's docs by id (a front matter's `pagination_prev`/`next`). */
export function docRouteData(config: SiteConfig, doc: Entry, place: DocPlace | undefined, toc: Heading[], docs?: Map<string, Entry>): RouteData {
  const link = (item: DocPlace['flat'][number] | undefined): LabeledLink | null => (item ? { label: item.label, href: item.href } : null);
  // A doc named by the front matter (null: no link; an unknown id has its error, and no link).
  const named = (id: string | null | undefined, fallback: LabeledLink | null): LabeledLink | null => {
    if (id === undefined) return fallback;
    const target = id === null ? undefined : docs?.get(id);
    return target ? { label: target.sidebarLabel ?? target.title, href: target.permalink } : null;
  };
  // The file path under the content folder (`zh-Hans/docs/x.md`), whatever that folder is called.
  const localeFile = relative(config.contentDir, join(config.root, doc.file)).split(sep).join('/');
  return {
    kind: 'doc',
    docId: doc.id,
    sidebar: place?.sidebar ?? null,
    sidebarItems: place?.items ?? null,
    breadcrumbs: [...(place?.trail ?? []).map((label) => ({ label, href: '' })), { label: doc.sidebarLabel ?? doc.title, href: doc.permalink }],
    toc,
    prev: named(doc.pagination?.prev, place ? link(place.flat[place.index - 1]) : null),
    next: named(doc.pagination?.next, place ? link(place.flat[place.index + 1]) : null),
    lastUpdated: config.docs.showLastUpdateTime ? doc.lastUpdated : null,
    editUrl: doc.editUrl !== undefined ? doc.editUrl : config.docs.editUrl ? config.docs.editUrl.replace(/\/?$/, '/') + localeFile : null,
    untranslated: doc.untranslated,
    hideToc: doc.hideToc,
  };
}

/** Headings within the TOC levels: the page's own (front matter), else the configured ones. */
export function tocOf(config: SiteConfig, headings: Heading[], levels?: { min?: number; max?: number }): Heading[] {
  const min = levels?.min ?? config.docs.tocMinLevel;
  const max = levels?.max ?? config.docs.tocMaxLevel;
  return headings.filter((h) => h.depth >= min && h.depth <= max);
}
