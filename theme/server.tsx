// The theme's server entry (ThemeServerModule): bundled for Node by the render stage.
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ClientRoute, RouteTitles, SiteData } from '../src/types.js';
import en from './i18n/en.js';
import type { Strings } from './i18n/types.js';
import zhHans from './i18n/zh-Hans.js';
import { ArchivePage, BlogListPage, TagsPage } from './components/BlogList/index.js';
import { BlogPostPage } from './components/BlogPost/index.js';
import { BLOG_POSTS_BLOCK, PostGroups, PostItem, SharedBlocksContext } from './components/BlogSidebar/index.js';
import { DocPage, FreePage } from './components/DocPage/index.js';
import { HomePage } from './components/Home/index.js';
import { NotFoundPage } from './components/NotFound/index.js';
import { SearchPage } from './components/SearchPage/index.js';
import type { PageKind, PageResolver } from './pages.js';
import { samePath } from './lib/paths.js';
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

/**
 * The page body: skip link, announcement bar, navbar, the route's page, footer. With `shared`, the
 * blocks of `sharedBlocks` are markers the generator fills in.
 */
export function App({ site, route, shared = false }: { site: SiteData; route: ClientRoute; shared?: boolean }) {
  return (
    <SharedBlocksContext.Provider value={shared}>
      <Root site={site} strings={stringsOf(site.locale.code)} route={route} href={route.path} router={null} pages={resolvePage} />
    </SharedBlocksContext.Provider>
  );
}

/**
 * The blocks rendered once per locale: the every-post list of the blog sidebar (twice on each of a
 * blog's pages, desktop column and mobile panel). For a page, the list is the same markup with that
 * page's own post marked, exactly as the list component renders it.
 */
export function sharedBlocks(site: SiteData): Record<string, (path: string) => string> {
  if (site.blogSidebar.length === 0) return {};
  const plain = renderToStaticMarkup(<PostGroups groups={site.blogSidebar} activePath={null} />);
  const posts = site.blogSidebar.flatMap((group) => group.posts);
  return {
    [BLOG_POSTS_BLOCK]: (path) => {
      const post = posts.find((p) => samePath(p.href, path));
      if (!post) return plain;
      const item = renderToStaticMarkup(<PostItem post={post} active={false} />);
      const at = plain.indexOf(item);
      return at === -1 ? plain : plain.slice(0, at) + renderToStaticMarkup(<PostItem post={post} active />) + plain.slice(at + item.length);
    },
  };
}

/** Titles of the pages the generator makes (home, search, 404, blog lists, tags, archive), per locale. */
export const routeTitles: Record<string, RouteTitles> = Object.fromEntries(Object.entries(STRINGS).map(([code, s]) => [code, s.routeTitles]));
