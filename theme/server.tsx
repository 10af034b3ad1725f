// The theme's server entry (ThemeServerModule): bundled for Node by the render stage.
import type { ComponentType, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ClientRoute, LabeledLink, RouteTitles, SharedMarker, SidebarItem, SiteData } from 'sitegen/theme';
import en from './i18n/en.js';
import type { Strings } from './i18n/types.js';
import * as loaders from './i18n/loaders.js';
import { TEXTS } from './i18n/texts.js';
import { ArchivePage, AuthorsPage, BlogListPage, TagsPage } from './components/BlogList/index.js';
import { BlogPostPage } from './components/BlogPost/index.js';
import { BLOG_POSTS_BLOCK, PostGroups } from './components/BlogSidebar/index.js';
import { Breadcrumbs } from './components/Breadcrumbs/index.js';
import { categoryIndexPage } from './components/CategoryIndex/index.js';
import { DocPage, FreePage, Versioned } from './components/DocPage/index.js';
import { DocTagPage, DocTagsPage } from './components/DocTags/index.js';
import { containsDoc, docSidebarBlock, DocSidebar, SidebarEntry, SidebarMenu } from './components/DocSidebar/index.js';
import { HomePage } from './components/Home/index.js';
import { MenuItem } from './components/MenuItem/index.js';
import { NotFoundPage } from './components/NotFound/index.js';
import { Paginator } from './components/Paginator/index.js';
import { searchPage } from './components/SearchPage/index.js';
import * as versionParts from './components/VersionDropdown/index.js';
import { provideVersionParts, versionParts as providedVersionParts } from './components/VersionDropdown/slot.js';
import { useDismiss } from './components/LocaleSwitch/index.js';
import { openStorage } from './lib/storage.js';
import type { PageKind, PageResolver } from './pages.js';
import { pathKey } from './lib/paths.js';
import { SharedBlocksContext } from './context.js';
import { MAIN_ID, TOP_ID } from './components/SkipLink/index.js';
import { ANNOUNCER_ID, Root } from './Root.js';

export { headScript, headScriptFor } from './headScript.js';

// The server draws every site, so it has the version parts whether a site has versions or not (the browser loads them only then).
provideVersionParts(versionParts, { openStorage, useDismiss });

const STRINGS: Record<string, Strings> = TEXTS;

/** The ids the theme puts on every page, and what each is: a heading of the content may not take one. */
export const pageIds: Record<string, string> = {
  [MAIN_ID]: "the skip link's target",
  [TOP_ID]: 'the focus target at the top of the page',
  [ANNOUNCER_ID]: 'the live region that reads out page changes',
};

/**
 * How the browser shows the English texts on a page (i18n/en.client.ts's `forPage`: isolated where it is written right
 * to left), when loaders.ts loads them through that file; undefined where it loads en.ts itself (a copy of loaders.ts
 * ejected before en.client.ts was), whose texts the server then draws as they are, as the browser will (the build warns).
 */
const englishForPage = ((await loaders.TEXT_LOADERS.en?.()) as { forPage?: typeof import('./i18n/en.client.js').forPage } | undefined)?.forPage;

/** Whether the browser shows the English texts as a page in another language and direction needs them (`englishForPage`), for the build to warn where not. */
export const englishMarkedForPage = englishForPage !== undefined;

/** The English texts as a page in each language and direction shows them (`englishForPage`), made once for each (a config edited under sitegen serve may change a locale's). */
const pageEnglish = new Map<string, Strings>();

/**
 * UI strings of a locale: for a locale the theme has no file for, English as the browser loads it (loaders.ts falls
 * back to `en`), home page's texts included, which `en.ts` alone lacks.
 */
export function stringsOf(locale: string): Strings {
  return STRINGS[locale] ?? STRINGS.en ?? en;
}

const PAGES: Record<PageKind, ComponentType> = {
  home: HomePage,
  doc: DocPage,
  page: FreePage,
  generatedIndex: categoryIndexPage({ DocSidebar, Breadcrumbs, Paginator, Versioned }),
  post: BlogPostPage,
  blogList: BlogListPage,
  tags: TagsPage,
  authors: AuthorsPage,
  archive: ArchivePage,
  docTags: DocTagsPage,
  docTag: DocTagPage,
  search: searchPage(providedVersionParts),
  notFound: NotFoundPage,
};
const resolvePage: PageResolver = (kind) => PAGES[kind as PageKind] ?? null;

/**
 * The page body: skip link, announcement bar, navbar, the route's page, footer. With `shared`, the
 * blocks of `sharedBlocks` are markers the generator fills in. The English texts are as i18n/en.client.ts gives them
 * to the browser for the page (`englishForPage`).
 */
export function App({ site, route, shared }: { site: SiteData; route: ClientRoute; shared?: SharedMarker }) {
  let strings = stringsOf(site.locale.code);
  if (strings === STRINGS.en && englishForPage) {
    const page = { lang: site.locale.htmlLang, dir: site.locale.direction };
    const key = `${page.lang} ${page.dir}`;
    if (!pageEnglish.has(key)) pageEnglish.set(key, englishForPage(strings, page));
    strings = pageEnglish.get(key)!;
  }
  return (
    <SharedBlocksContext.Provider value={shared ?? null}>
      <Root site={site} strings={strings} route={route} href={route.path} router={null} pages={resolvePage} />
    </SharedBlocksContext.Provider>
  );
}

/**
 * The blocks rendered once per locale: the every-post list of the blog sidebar (twice on each of a
 * blog's pages, desktop column and mobile panel), and the menu of each docs sidebar (twice on each
 * docs page, the same two places). For a page, a block is the markup its component renders for that
 * page, with the page's own post or doc marked.
 */
export function sharedBlocks(site: SiteData, sidebars: Record<string, SidebarItem[]> = {}): Record<string, (path: string) => string> {
  const blocks: Record<string, (path: string) => string> = {};
  for (const [name, items] of Object.entries(sidebars)) {
    const block = docSidebarBlock(name);
    if (block) blocks[block] = sidebarBlock(items);
  }
  if (site.blogSidebar.length === 0) return blocks;
  const plain = renderToStaticMarkup(<PostGroups groups={site.blogSidebar} activePath={null} />);
  // Posts by path (the first of a path, as a search from the top finds it): looked up once per blog page.
  const posts = new Map<string, LabeledLink>();
  for (const post of site.blogSidebar.flatMap((group) => group.posts)) if (!posts.has(pathKey(post.href))) posts.set(pathKey(post.href), post);
  blocks[BLOG_POSTS_BLOCK] = (path) => {
    const post = posts.get(pathKey(path));
    if (!post) return plain;
    const item = renderToStaticMarkup(<MenuItem link={post} active={false} />);
    const at = plain.indexOf(item);
    return at === -1 ? plain : plain.slice(0, at) + renderToStaticMarkup(<MenuItem link={post} active />) + plain.slice(at + item.length);
  };
  return blocks;
}

/** The client loads the blog's every-post list on the blog's pages only (client.tsx `loadBlogSidebar`), not with the site data. */
export const lazyBlogSidebar = true;

/**
 * What of a locale's site data a page's markup reads, its shared blocks filled in apart (the generator's
 * page cache keys): of the blog's every-post list, only whether there is one.
 */
export function pageSiteData(site: SiteData): unknown {
  return { ...site, blogSidebar: site.blogSidebar.length > 0 };
}

/** A link that is never in a sidebar, and the doc it stands for. */
const STAND_IN = { type: 'link', label: 'sg-stand-in', href: 'sg-stand-in', docId: 'sg-stand-in' } as const satisfies SidebarItem;

/**
 * The menu of one docs sidebar for the page at `path`: what `SidebarMenu` renders with that page's
 * doc as the current one. Each entry is rendered once as it is on every other page, and the menu and
 * each category once around a stand-in for the current doc, cut where the stand-in's entry is: for a
 * page, only its own link is rendered again, and the categories above it take their open shells.
 */
function sidebarBlock(items: SidebarItem[]): (path: string) => string {
  const docIds = new Map<string, string>();
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'category') {
        if (item.docId && item.href && !docIds.has(pathKey(item.href))) docIds.set(pathKey(item.href), item.docId);
        walk(item.items);
      } else if (item.docId && !docIds.has(pathKey(item.href))) docIds.set(pathKey(item.href), item.docId);
    }
  };
  walk(items);
  const entry = (item: SidebarItem, level: number, docId: string | null) => renderToStaticMarkup(<SidebarEntry item={item} activeDocId={docId} level={level} />);
  /** `element` rendered, as the markup before and after the stand-in's entry at `level`. */
  const cut = (element: ReactElement, level: number): [string, string] => {
    const html = renderToStaticMarkup(element);
    const standIn = entry(STAND_IN, level, STAND_IN.docId);
    const at = html.indexOf(standIn);
    return [html.slice(0, at), html.slice(at + standIn.length)];
  };
  const plain = new Map<SidebarItem, string>();
  const shells = new Map<SidebarItem, [string, string]>();
  const entries = (list: SidebarItem[], level: number, docId: string | null): string =>
    list
      .map((item) => {
        if (docId === null || !containsDoc([item], docId)) {
          let html = plain.get(item);
          if (html === undefined) plain.set(item, (html = entry(item, level, null)));
          return html;
        }
        // A link, or a category whose own doc is the page: rendered for it (its label is the current one).
        if (item.type === 'link' || item.docId === docId) return entry(item, level, docId);
        let shell = shells.get(item);
        if (!shell) shells.set(item, (shell = cut(<SidebarEntry item={{ ...item, items: [STAND_IN] }} activeDocId={STAND_IN.docId} level={level} />, level + 1)));
        return shell[0] + entries(item.items, level + 1, docId) + shell[1];
      })
      .join('');
  const [open, close] = cut(<SidebarMenu items={[STAND_IN]} activeDocId={STAND_IN.docId} />, 1);
  return (path) => open + entries(items, 1, docIds.get(pathKey(path)) ?? null) + close;
}

/** Every locale's texts, for the build to check that each has every text the others have (an override may miss one). */
export const texts: Record<string, unknown> = STRINGS;

/**
 * The texts the browser draws a locale's pages with, as client.tsx loads them (loaders.ts), for the build to check
 * that they are the server's (texts.ts): a locale named in one file and not the other would be drawn again in English.
 */
export async function browserTexts(locale: string): Promise<{ texts: unknown; home?: unknown }> {
  const load = loaders.TEXT_LOADERS[locale] ?? loaders.TEXT_LOADERS.en;
  const loadHome = loaders.HOME_TEXT_LOADERS?.[locale] ?? loaders.HOME_TEXT_LOADERS?.en;
  return { texts: load && (await load()).default, ...(loadHome ? { home: (await loadHome()).default } : {}) };
}

/**
 * Titles of the pages the generator makes (home, search, 404, blog lists, tags, archive), per locale, and the
 * descriptions search engines read of the blog's index pages: the sentences those pages show.
 */
export const routeTitles: Record<string, RouteTitles> = Object.fromEntries(
  Object.entries(STRINGS).map(([code, s]) => [code, { ...s.routeTitles, tagsDescription: s.blog.tagsDescription, archiveDescription: s.blog.archiveDescription, authorsDescription: s.blog.authorsDescription, postsTagged: s.blog.taggedWith }]),
);
