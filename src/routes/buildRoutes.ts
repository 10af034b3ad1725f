import { join, relative, sep } from 'node:path';
import { blogRoutes, blogTagProblems, groupByYear, sortPosts, type BlogRoutePlan } from './blogRoutes.js';
import { docTagProblems, docTagRoutes } from './docTagRoutes.js';
import { displayedPlaces, docRouteData, originalLang, placeDocs, resolveSidebars, tocOf } from './docRoutes.js';
import { indexPages, indexSearchPage } from './generatedIndex.js';
import { pageMeta, shareImageUrl } from './meta.js';
import { urlPathOf } from './planEntries.js';
import { pageHref } from './pageHref.js';
import { routeTitlesFor } from './routeTitles.js';
import { caseFolded } from '../files.js';
import { faviconHref } from '../content/links.js';
import { checkDisplayedSidebars, unknownIdHint, type SidebarsFile } from './sidebars.js';
import { renamedDocs, type RenamedDoc } from './docIds.js';
import { versionDir } from './versions.js';
import { versionSidebarsName } from './versionSidebars.js';
import type { DeclaredDocTags, Diagnostic, DocsVersion, Entry, LocaleBlogMeta, LocaleConfig, Route, RouteData, RouteTitles, SearchPage, SiteConfig, SiteData } from '../types.js';
import { docsRoots, docVersionData, firstDocs, indexVersionData } from './versionRoutes.js';

export interface RoutesInput {
  config: SiteConfig;
  /** Content entries of every locale being built. */
  entries: Entry[];
  sidebars: SidebarsFile;
  /** Titles of generated pages, per locale. */
  titles: Record<string, RouteTitles>;
  /** Locales being built (all by default). */
  locales?: LocaleConfig[];
  /** The blog's declared authors and tags, by locale (the config's alone when absent). */
  blog?: Record<string, LocaleBlogMeta>;
  /** The docs versions built, on a site with content/versions.json. */
  versions?: DocsVersion[];
  /** The docs' declared tags, by locale and docs folder (`en/docs`, `en/versioned_docs/version-10.x`); the config's alone when absent. */
  docTags?: Record<string, DeclaredDocTags>;
}

export interface RoutesOutput {
  routes: Route[];
  /** Site data per locale code, without the search index URL (known after the index is built). */
  siteData: Record<string, Omit<SiteData, 'search'>>;
  /** Content pages whose address a page the site makes itself already has (home, search, blog lists, 404). */
  diagnostics: Diagnostic[];
  /** Each locale's docs roots (`/en/docs/`, a version's `/docs/10.x/`) and the page each leads to, whether or not a page is there. */
  docsRoots: { locale: string; path: string; href: string; title: string }[];
}

/** Every route of every locale: docs, blog lists/tags/archive/posts, free pages, home, search and 404. */
export function buildRoutes(input: RoutesInput): RoutesOutput {
  const { config } = input;
  const locales = input.locales ?? config.locales;
  const routes: Route[] = [];
  const siteData: RoutesOutput['siteData'] = {};
  const roots: RoutesOutput['docsRoots'] = [];
  // Each route is planned first and made once every locale's routes are known: which locales have a
  // path decides its hreflang alternates and where the language menu leads (a page of one locale only,
  // or a tag or list page that only one locale's posts make).
  // A page that is no entry may give its own description and search input (a category's generated index).
  type Planned = { locale: LocaleConfig; localPath: string; title: string; data: RouteData; html: Record<string, string>; source: string; line?: number; entry?: Entry; isHome?: boolean; canonical?: string; noindex?: boolean; description?: string; search?: SearchPage };
  const planned: Planned[] = [];
  for (const locale of locales) {
    const titles = routeTitlesFor(input.titles, locale);
    const entries = input.entries.filter((e) => e.locale === locale.code);
    const docs = new Map(entries.filter((e) => e.section === 'docs').map((e) => [e.id, e]));
    const posts = entries.filter((e) => e.section === 'blog');
    const sidebars = resolveSidebars(config, input.sidebars.sidebars, docs, locale.code, config.defaultLocale);
    const places = placeDocs(sidebars);
    const placeOf = displayedPlaces(sidebars, places);
    const prefix = urlPathOf(config, locale, '/').replace(/\/$/, '');
    const add = (plan: Omit<Planned, 'locale'>) => void planned.push({ ...plan, locale });
    const firsts = input.versions ? firstDocs(input.versions, sidebars, docs) : undefined;
    for (const root of docsRoots(input.versions, sidebars, docs)) roots.push({ locale: locale.code, path: urlPathOf(config, locale, root.localPath), href: root.href, title: root.title });
    const docTagTitles = titles.docsTagged ?? { one: 'One doc tagged with “{tag}”', other: '{count} docs tagged with “{tag}”' };
    const tagged = docTagRoutes({ config, docs: [...docs.values()], prefix, locale: locale.code, declared: (folder) => input.docTags?.[`${locale.code}/${folder}`], strings: { tags: titles.tags, tagged: docTagTitles }, ...(input.versions ? { versions: input.versions, firsts: firsts! } : {}) });
    for (const doc of docs.values()) {
      const data = docRouteData(config, doc, placeOf(doc), tocOf(config, doc.rendered.headings, doc.tocLevels), docs);
      const version = input.versions ? docVersionData(input.versions, doc, docs, firsts!) : undefined;
      if (version && data.kind === 'doc') data.version = version.data;
      if (tagged.shown.has(doc) && data.kind === 'doc') data.tags = tagged.shown.get(doc);
      add({ localPath: doc.localPath, title: doc.title, data, html: { content: doc.rendered.html }, source: doc.file, entry: doc, ...(version?.noIndex ? { noindex: true } : {}) });
    }
    for (const page of entries.filter((e) => e.section === 'pages')) {
      add({ localPath: page.localPath, title: page.title, data: { kind: 'page', toc: tocOf(config, page.rendered.headings, page.tocLevels), untranslated: page.untranslated, hideToc: page.hideToc, ...(page.hideTitle ? { hideTitle: page.hideTitle } : {}) }, html: { content: page.rendered.html }, source: page.file, entry: page });
    }
    const indexes = indexPages({ specs: input.sidebars.sidebars, resolved: sidebars, places, docs, locale: locale.code, defaultLocale: config.defaultLocale });
    const indexPaths = new Set(indexes.map((index) => index.localPath));
    for (const index of indexes) {
      const version = input.versions && index.data.sidebar !== null ? indexVersionData(input.versions, index.data.sidebar, index.localPath, indexPaths, (path) => urlPathOf(config, locale, path), firsts!) : undefined;
      if (version) index.data.version = version.data;
      add({ localPath: index.localPath, title: index.title, data: index.data, html: {}, source: index.source, line: index.line, description: index.description, search: indexSearchPage(urlPathOf(config, locale, index.localPath), index), ...(version?.noIndex ? { noindex: true } : {}) });
    }
    for (const plan of tagged.plans) add({ ...plan, html: {}, source: 'theme' });
    const blogStrings = { blog: config.blog.title?.[locale.code] ?? titles.blog, description: config.blog.description?.[locale.code] ?? titles.blogDescription ?? '', tags: titles.tags, archive: titles.archive, taggedWith: titles.taggedWith, page: titles.page, authors: titles.authors ?? 'Authors', tagsDescription: titles.tagsDescription, archiveDescription: titles.archiveDescription, authorsDescription: titles.authorsDescription, postsTagged: titles.postsTagged };
    for (const plan of posts.length ? blogRoutes(config, locale.code, posts, prefix, blogStrings, input.blog?.[locale.code]) : ([] as BlogRoutePlan[])) add(plan);
    add({ localPath: '/', title: titles.home, data: { kind: 'home' }, html: {}, source: 'theme', isHome: true });
    add({ localPath: '/home', title: titles.home, data: { kind: 'home' }, html: {}, source: 'theme', isHome: true, canonical: '/' });
    add({ localPath: '/search', title: titles.search, data: { kind: 'search' }, html: {}, source: 'theme', noindex: true });
    add({ localPath: '/404.html', title: titles.notFound, data: { kind: 'notFound' }, html: {}, source: 'theme', noindex: true });
    siteData[locale.code] = { ...siteDataOf(config, locale, sortPosts(posts.filter((post) => !post.unlisted)), prefix), ...(firsts ? { docsVersions: firsts } : {}) };
  }
  // Locales not built here are taken to have every path (their pages are not known). A fallback copy (a
  // page of the default locale's file, in a locale without its own) is a page the language menu leads
  // to, but not a translation: hreflang leaves it out, and its canonical URL is its original's, so
  // search engines index the text once, in its own language (and the sitemap lists the original alone).
  const present = new Map<string, Set<string>>();
  const translated = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, plan: Planned) => {
    if (!map.has(plan.localPath)) map.set(plan.localPath, new Set());
    map.get(plan.localPath)!.add(plan.locale.code);
  };
  for (const plan of planned) {
    note(present, plan);
    // A page left out of search engines (noindex, unlisted) is no alternate of its translations either.
    if (!plan.entry?.untranslated && !plan.entry?.noindex) note(translated, plan);
  }
  const built = new Set(locales.map((l) => l.code));
  const original = config.locales.find((l) => l.code === config.defaultLocale);
  for (const plan of planned) {
    const codes = present.get(plan.localPath)!;
    const availableIn = config.locales.filter((l) => !built.has(l.code) || codes.has(l.code));
    const translations = config.locales.filter((l) => !built.has(l.code) || translated.get(plan.localPath)?.has(l.code));
    const entry = plan.entry;
    routes.push({
      locale: plan.locale.code,
      path: urlPathOf(config, plan.locale, plan.localPath),
      title: plan.title,
      meta: pageMeta(config, {
        locale: plan.locale,
        permalink: plan.localPath,
        title: plan.title,
        isHome: plan.isHome,
        description: entry?.description ?? plan.description,
        keywords: entry?.keywords,
        image: entry?.image,
        noindex: plan.noindex ?? entry?.noindex,
        ogType: entry?.section === 'blog' ? 'article' : 'website',
        availableIn: translations,
        canonicalPermalink: plan.canonical,
        ...(entry?.untranslated ? { canonicalLocale: original } : {}),
        ...(entry?.rendered.copy ? { copy: true } : {}),
      }),
      data: plan.data,
      html: plan.html,
      blogSidebar: plan.data.kind === 'post' || plan.data.kind === 'blogList' || plan.data.kind === 'tags' || plan.data.kind === 'authors' || plan.data.kind === 'archive',
      ...(availableIn.length < config.locales.length ? { locales: availableIn.map((l) => l.code) } : {}),
      ...(entry?.draft ? { draft: true as const } : {}),
      ...(entry?.unlisted ? { unlisted: true as const } : {}),
      source: plan.source,
      search: entry ? searchPageOf(entry, input.versions, tagLabels(plan.data)) : (plan.search ?? null),
    });
  }
  const versionSidebarsFile = (version: string) => relative(config.root, join(config.contentDir, versionSidebarsName(config, version))).split(sep).join('/');
  return { routes, siteData, docsRoots: roots, diagnostics: [...takenAddresses(config, planned), ...underOtherLocales(config, planned), ...unknownPagination(input.entries), ...checkDisplayedSidebars(input.sidebars, input.entries, versionSidebarsFile), ...docTagProblems(config, input.entries, input.docTags), ...blogTagProblems(config, input.entries, input.blog)] };
}

/**
 * A doc's `pagination_prev` / `pagination_next` that names no doc of its locale (of its version, for a versioned doc):
 * an error at its line (the link is left out), with the ids as the doc's files write them (`setup`, not sitegen's `10.x/setup`).
 * One that names another version's doc (`10.x/intro` from the current docs) is an error too: as in Docusaurus, a doc's
 * previous and next links stay in its version, as its sidebar does.
 */
function unknownPagination(entries: Entry[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Each locale's docs by id (as sitegen names them), with their versions.
  const docs = new Map<string, Map<string, Entry>>();
  const renamed = renamedDocs(entries);
  for (const entry of entries) if (entry.section === 'docs') docs.set(entry.locale, (docs.get(entry.locale) ?? new Map()).set(entry.id, entry));
  for (const entry of entries) {
    if (entry.section !== 'docs' || !entry.pagination || entry.untranslated) continue;
    const known = docs.get(entry.locale) ?? new Map<string, Entry>();
    for (const side of ['prev', 'next'] as const) {
      const id = entry.pagination[side];
      const target = typeof id === 'string' ? known.get(id) : undefined;
      if (typeof id !== 'string' || (target && target.version === entry.version)) continue;
      const own = inOwnVersion(entry, entries, [...known.keys()], renamed);
      const written = id.slice(own.prefix.length);
      const line = entry.pagination[`${side}Line`] ?? 1;
      const other = target ?? known.get(written);
      if (other?.version !== undefined && other.version !== entry.version) {
        const bare = other.id.slice(other.version.length + 1);
        const link = `[${other.title}](${other.localPath})`;
        const hint = own.ids.includes(bare) ? `did you mean its own "${bare}"? A link to ${other.version}'s goes in the text: ${link}` : `write null for no link; a link to ${other.version}'s goes in the text: ${link}`;
        out.push({ severity: 'error', code: 'front-matter', file: entry.file, line, message: `pagination_${side}: "${written}" is a doc of the version ${other.version}, and a doc's previous and next links stay in its version (${own.dir}/)`, hint });
        continue;
      }
      out.push({ severity: 'error', code: 'front-matter', file: entry.file, line, message: `pagination_${side}: "${written}" is not a doc (a doc's id is its path under ${own.dir}/ without .md, or its id: in place of the file name)`, hint: unknownIdHint(written, own.ids, own.renamed) ?? 'write null for no link' });
    }
  }
  return out;
}

/** The doc ids of a doc's version (all of the locale's for a site without versions), as its files write them, and where its docs are. */
function inOwnVersion(entry: Entry, entries: Entry[], known: string[], renamed: Map<string, RenamedDoc>): { prefix: string; dir: string; ids: string[]; renamed: Map<string, RenamedDoc> } {
  const versioned = new Set(entries.flatMap((e) => (e.section === 'docs' && e.version !== undefined ? [`${e.version}/`] : [])));
  const prefix = entry.version === undefined ? '' : `${entry.version}/`;
  const ours = (id: string) => (prefix ? id.startsWith(prefix) : ![...versioned].some((v) => id.startsWith(v)));
  return {
    prefix,
    dir: entry.version === undefined ? 'docs' : versionDir(entry.version),
    ids: known.filter(ours).map((id) => id.slice(prefix.length)),
    renamed: new Map([...renamed].filter(([byName]) => ours(byName)).map(([byName, doc]) => [byName.slice(prefix.length), { ...doc, id: doc.id.slice(prefix.length) }])),
  };
}

/** What a page the site makes itself is, for a content page that would take its address. */
const MADE_PAGES: Partial<Record<RouteData['kind'], string>> = {
  home: 'the home page',
  search: 'the search page',
  notFound: 'the 404 page',
  blogList: 'a blog list page',
  tags: 'the blog tags page',
  authors: 'the blog authors page',
  archive: 'the blog archive',
  generatedIndex: 'the generated index of a category',
  docTags: 'the docs tags page',
  docTag: "a docs tag's page",
};

/**
 * A content page (a free page, most likely) whose address a page of the site's own has: one of the
 * two would silently replace the other. The site's pages stay; the content page is an error at its file.
 */
function takenAddresses(config: SiteConfig, planned: { locale: LocaleConfig; localPath: string; data: RouteData; source: string; line?: number; entry?: Entry }[]): Diagnostic[] {
  const made = new Map<string, { plan: (typeof planned)[number]; kind: RouteData['kind']; source: string; address: string; url: string }>();
  // By the address in the site, so that a page of one locale at another's home (`pages/en.md`) is found too.
  // Folded to one case: `pages/Blog.md` beside the blog's own `/blog` is one file on a case-insensitive disk.
  const address = (p: { locale: LocaleConfig; localPath: string }) => urlPathOf(config, p.locale, p.localPath).replace(/\/$/, '');
  const key = (p: { locale: LocaleConfig; localPath: string }) => caseFolded(address(p));
  const out: Diagnostic[] = [];
  for (const plan of planned) {
    if (plan.entry) continue;
    const first = made.get(key(plan));
    if (first) out.push(...indexOnTagPage(first.plan, plan));
    else made.set(key(plan), { plan, kind: plan.data.kind, source: plan.source, address: address(plan), url: urlPathOf(config, plan.locale, plan.localPath) });
  }
  for (const plan of planned) {
    const page = plan.entry && !plan.entry.untranslated ? made.get(key(plan)) : undefined;
    if (!page) continue;
    const { kind } = page;
    const sameCase = page.address === address(plan);
    const what = `${MADE_PAGES[kind] ?? 'a page the site makes'}${kind === 'generatedIndex' ? ` (${page.source})` : ''}`;
    out.push({
      severity: 'error',
      code: 'duplicate-route',
      file: plan.source,
      line: 1,
      message: sameCase ? `permalink collision: ${urlPathOf(config, plan.locale, plan.localPath)} is ${what}` : `case-only permalink collision: ${urlPathOf(config, plan.locale, plan.localPath)} differs only in case from ${page.url}, ${what}: a case-insensitive disk (macOS, Windows) holds the two as one file`,
      hint: 'rename the file or set a different slug',
    });
  }
  return out;
}

/**
 * A page of a locale served at the root (the default's, `pages/en/x.md`) whose address is under another locale's
 * (`/en/x`): the language menu and the client router read the first segment as the locale, so the page would be taken
 * for that locale's (its menu leading to `/x`, a page that does not exist), and its fallback copy would be at
 * `/en/en/x`. An error at the file, once (its copies are not told). Folded to one case, as a disk may fold it.
 */
function underOtherLocales(config: SiteConfig, planned: { locale: LocaleConfig; localPath: string; source: string; entry?: Entry }[]): Diagnostic[] {
  const prefixed = config.locales.filter((l) => l.path);
  const out: Diagnostic[] = [];
  for (const plan of planned) {
    if (!plan.entry || plan.entry.untranslated || plan.locale.path) continue;
    const first = plan.localPath.replace(/^\//, '').split('/')[0];
    const other = prefixed.find((l) => caseFolded(l.path) === caseFolded(first));
    // The other locale's home itself (`pages/en.md`) is a collision with that page, told by takenAddresses.
    if (!other || plan.localPath.replace(/^\/|\/$/g, '') === first) continue;
    const url = urlPathOf(config, plan.locale, plan.localPath);
    const under = `${config.baseUrl}${other.path}/`;
    out.push({
      severity: 'error',
      code: 'duplicate-route',
      file: plan.source,
      line: 1,
      message: `${url} is under ${under}${first === other.path ? '' : ' but for its case'}, the address of the ${other.code} locale's pages: its language menu and the site's router would take it for a page of that locale`,
      hint: `rename the folder or set a slug outside ${under}`,
    });
  }
  return out;
}

/**
 * A category's generated index (its slug, `/tags`) at the address of a docs tag page, which the tags of the docs
 * make on their own: one of the two would silently replace the other. An error at the category's link, in every locale alike.
 */
function indexOnTagPage(...two: { localPath: string; data: RouteData; source: string; line?: number }[]): Diagnostic[] {
  const plan = two.find((p) => p.data.kind === 'generatedIndex');
  const taken = two.find((p) => p.data.kind === 'docTags' || p.data.kind === 'docTag')?.data.kind;
  if (!plan || !taken) return [];
  return [
    {
      severity: 'error',
      code: 'duplicate-route',
      file: plan.source,
      ...(plan.line ? { line: plan.line } : {}),
      message: `the category's generated index would be at ${plan.localPath}, ${MADE_PAGES[taken]}`,
      hint: `give it another slug: link: { type: generated-index, slug: /… }${taken === 'docTag' ? ', or the tag another permalink' : ''}`,
    },
  ];
}

function siteDataOf(config: SiteConfig, locale: LocaleConfig, posts: Entry[], prefix: string): Omit<SiteData, 'search'> {
  const code = locale.code;
  const link = (l: { label: Record<string, string>; to: string; hash?: string }) => {
    const external = !l.to.startsWith('/');
    return { label: l.label[code], href: (external ? l.to : urlPathOf(config, locale, l.to)) + (l.hash ? `#${l.hash}` : ''), external };
  };
  return {
    locale,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
    baseUrl: config.baseUrl,
    url: config.url,
    title: config.title[code],
    tagline: config.tagline[code],
    ...(config.image ? { image: shareImageUrl(config, config.image) } : {}),
    docsVersionName: config.docs.versionName,
    ...(config.llms.enabled ? { markdownCopies: true as const } : {}),
    navbar: config.navbar.map(link),
    footer: { columns: config.footer.columns.map((c) => ({ title: c.title[code], items: c.items.map(link) })), copyright: config.footer.copyright[code] },
    product: config.product,
    // The product's mark is the bundled site's own: another site shows its favicon in its place.
    ...(config.favicon && !config.product.latestVersion ? { logo: faviconHref(config) } : {}),
    announcement: config.announcement ? { id: config.announcement.id, content: config.announcement.content[code], dismissible: config.announcement.dismissible } : null,
    colorMode: config.colorMode,
    // The newest `blog.sidebarCount` posts ('ALL': every one; 0: no blog sidebar).
    blogSidebar: groupByYear(config.blog.sidebarCount === 'ALL' ? posts : posts.slice(0, config.blog.sidebarCount)).map(({ year, posts: list }) => ({ year, posts: list.map((p) => ({ label: p.title, href: p.permalink, ...originalLang(config, p) })) })),
    ...(config.blog.sidebarCount !== 'ALL' && config.blog.sidebarCount > 0 && config.blog.sidebarCount < posts.length ? { blogSidebarRecent: true as const } : {}),
    blogPath: pageHref(config, `${prefix}/blog`),
    searchPath: pageHref(config, `${prefix}/search`),
    homePath: urlPathOf(config, locale, '/'),
    ...(config.trailingSlash ? { trailingSlash: true as const } : {}),
  };
}

/** The labels of a post's or a doc's tags, as its page shows them. */
function tagLabels(data: RouteData): string[] {
  if (data.kind === 'post') return data.post.tags.map((tag) => tag.label);
  return data.kind === 'doc' ? (data.tags ?? []).map((tag) => tag.label) : [];
}

/**
 * The search input of a content page, or null when it is left out (free pages, noindex, untranslated); `search.ignoreFiles`
 * applies in the index writer, to a doc of a version under its own segment (`/docs/next/vc`, `/docs/1.0/vc`) as to the
 * version at /docs/ (`ignoreAs`: `docs/vc` names the page in every version). Its tags are found as its keywords are (a
 * search for 优惠活动 finds the posts tagged so), after the front matter's own, each once.
 */
function searchPageOf(entry: Entry, versions: DocsVersion[] | undefined, tags: string[] = []): SearchPage | null {
  if (entry.section === 'pages' || entry.noindex || entry.untranslated) return null;
  const own = new Set(entry.keywords.map((k) => k.toLowerCase()));
  const keywords = [...entry.keywords, ...new Set(tags.filter((tag) => !own.has(tag.toLowerCase())))];
  const version = entry.section === 'docs' ? versions?.find((v) => (entry.version === undefined ? v.isCurrent : v.name === entry.version)) : undefined;
  const ignoreAs = version?.path ? entry.permalink.replace(`/docs/${version.path}/`, '/docs/') : entry.permalink;
  return {
    ...(ignoreAs !== entry.permalink ? { ignoreAs } : {}),
    url: entry.permalink,
    title: entry.title,
    description: entry.description,
    keywords,
    intro: entry.rendered.intro,
    sections: entry.rendered.sections,
    category: entry.section === 'blog' ? 'blog' : 'docs',
  };
}
