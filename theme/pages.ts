import type { ComponentType } from 'react';
import type { RouteData } from 'sitegen/theme';
import { Breadcrumbs } from './components/Breadcrumbs/index.js';
import { DocPage, FreePage, Versioned } from './components/DocPage/index.js';
import { DocSidebar } from './components/DocSidebar/index.js';
import { Paginator } from './components/Paginator/index.js';
import { versionParts } from './components/VersionDropdown/slot.js';

/** The kinds of page a route can be. */
export type PageKind = RouteData['kind'];

/** Finds the component of a page kind (null when the kind is unknown or not loaded). */
export type PageResolver = (kind: string) => ComponentType | null;

/**
 * Page components by kind. Docs pages (most of the site) are in the main bundle; the others have
 * a chunk each, so a docs page does not download the home page, the blog or the search page.
 * The client loads the chunk of a route before rendering it.
 */
const LOADERS: Record<PageKind, () => Promise<ComponentType>> = {
  home: () => import('./components/Home/index.js').then((m) => m.HomePage),
  doc: () => Promise.resolve(DocPage),
  page: () => Promise.resolve(FreePage),
  // Handed the docs page's parts rather than importing them: see components/CategoryIndex.
  generatedIndex: () => import('./components/CategoryIndex/index.js').then((m) => m.categoryIndexPage({ DocSidebar, Breadcrumbs, Paginator, Versioned })),
  post: () => import('./components/BlogPost/index.js').then((m) => m.BlogPostPage),
  blogList: () => import('./components/BlogList/index.js').then((m) => m.BlogListPage),
  tags: () => import('./components/BlogList/index.js').then((m) => m.TagsPage),
  authors: () => import('./components/BlogList/index.js').then((m) => m.AuthorsPage),
  archive: () => import('./components/BlogList/index.js').then((m) => m.ArchivePage),
  docTags: () => import('./components/DocTags/index.js').then((m) => m.DocTagsPage),
  docTag: () => import('./components/DocTags/index.js').then((m) => m.DocTagPage),
  search: () => import('./components/SearchPage/index.js').then((m) => m.searchPage(versionParts)),
  notFound: () => import('./components/NotFound/index.js').then((m) => m.NotFoundPage),
};

const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<void>>();

/** Loads the component of a page kind (once); an unknown kind resolves at once and renders as a crash. */
export function loadPage(kind: string): Promise<void> {
  const loader = LOADERS[kind as PageKind];
  if (!loader || loaded.has(kind)) return Promise.resolve();
  let entry = pending.get(kind);
  if (!entry) {
    entry = loader().then(
      (component) => {
        loaded.set(kind, component);
      },
      (error: unknown) => {
        pending.delete(kind);
        throw error;
      },
    );
    pending.set(kind, entry);
  }
  return entry;
}

/** The loaded page components. */
export const resolveLoadedPage: PageResolver = (kind) => loaded.get(kind) ?? null;
