// The theme's server entry (ThemeServerModule): bundled for Node by the render stage.
import type { ComponentType } from 'react';
import type { ClientRoute, RouteTitles, SiteData } from '../src/types.js';
import en from './i18n/en.js';
import type { Strings } from './i18n/types.js';
import zhHans from './i18n/zh-Hans.js';
import { ArchivePage, BlogListPage, TagsPage } from './components/BlogList/index.js';
import { BlogPostPage } from './components/BlogPost/index.js';
import { DocPage, FreePage } from './components/DocPage/index.js';
import { HomePage } from './components/Home/index.js';
import { NotFoundPage } from './components/NotFound/index.js';
import { SearchPage } from './components/SearchPage/index.js';
import type { PageKind, PageResolver } from './pages.js';
import { Root } from './Root.js';

export { headScript, headScriptFor } from './headScript.js';

const STRINGS: Record<string, Strings> = { 'zh-Hans': zhHans, en };

/** UI strings of a locale (English for a locale the theme has no file for). */
export function stringsOf(locale: string): Strings {
  return STRINGS[locale] ?? en;
}

const PAGES: Record<PageKind, ComponentType> = {
  home: HomePage,
  doc: DocPage,
  page: FreePage,
  post: BlogPostPage,
  blogList: BlogListPage,
  tags: TagsPage,
  archive: ArchivePage,
  search: SearchPage,
  notFound: NotFoundPage,
};
const resolvePage: PageResolver = (kind) => PAGES[kind as PageKind] ?? null;

/** The page body: skip link, announcement bar, navbar, the route's page, footer. */
export function App({ site, route }: { site: SiteData; route: ClientRoute }) {
  return <Root site={site} strings={stringsOf(site.locale.code)} route={route} href={route.path} router={null} pages={resolvePage} />;
}

/** Titles of the pages the generator makes (home, search, 404, blog lists, tags, archive), per locale. */
export const routeTitles: Record<string, RouteTitles> = Object.fromEntries(Object.entries(STRINGS).map(([code, s]) => [code, s.routeTitles]));
