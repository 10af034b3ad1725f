// Central data types of the pipeline. Stages take and return these plain shapes.

/** A string given per locale code, e.g. `{ 'zh-Hans': '公告', en: 'Announcements' }`. */
export type Localized = Record<string, string>;

/** A link in the navbar or footer. */
export interface NavLink {
  /** Label per locale. */
  label: Localized;
  /** Site path without locale prefix (`/docs/faqs/`), or an absolute external URL. */
  to: string;
  /** Optional anchor appended to `to` (e.g. `2013`). */
  hash?: string;
}

/** A titled column of footer links. */
export interface FooterColumn {
  /** Column title per locale. */
  title: Localized;
  /** Links in the column. */
  items: NavLink[];
}

/** One locale of the site. */
export interface LocaleConfig {
  /** Locale code, also the content folder name (`zh-Hans`, `en`). */
  code: string;
  /** Name shown in the locale switch. */
  label: string;
  /** Text direction. */
  direction: 'ltr' | 'rtl';
  /** Value of `<html lang>` and hreflang (`zh-CN`, `en`). */
  htmlLang: string;
  /** URL path segment; empty for the default locale, `en` for `/en/`. */
  path: string;
  /** Locale used by Intl date formatting and `og:locale` (`zh_CN`, `en_US`). */
  ogLocale: string;
}

/** The search options of SPEC section 9. */
export interface SearchConfig {
  /** Languages indexed (`en`, `zh`). */
  language: string[];
  /** Path prefixes under a locale (`docs/faq`) left out of the index. */
  ignoreFiles: string[];
  /** Results shown in the dropdown. */
  searchResultLimits: number;
  /** Characters of context in an excerpt. */
  searchResultContextMaxLength: number;
  /** Hide the navbar search box on the search page. */
  hideSearchBarOnSearchPage: boolean;
  /** Mark the query's terms on the page a result opens. */
  highlightSearchTermsOnTargetPage: boolean;
  /** Close the dropdown when the route changes. */
  closeOnNavigate: boolean;
  /** Ctrl/Cmd+K focuses the search box. */
  searchBarShortcut: boolean;
  /** Show the shortcut hint in the empty box. */
  searchBarShortcutHint: boolean;
  /** Where the search bar sits in the navbar. */
  searchBarPosition: 'left' | 'right';
  /** Path prefixes that form search contexts (SPEC: none). */
  searchContextByPaths: string[];
  /** Keep English stop words in the index (SPEC: false, so they are filtered). */
  removeDefaultStopWordFilter: boolean;
  /** Groups of words that find each other (`[['插件', '扩展'], ['hotkey', 'shortcut']]`): one word each. */
  synonyms: string[][];
  /** BM25 length normalisation. */
  b: number;
  /** BM25 term-frequency saturation. */
  k1: number;
  /**
   * The site's `baseUrl` (the config's top-level key, not one of `search`), which the pages' URLs start with: the
   * path rules (`ignoreFiles`, `searchContextByPaths`) are matched past it and past a locale's segment.
   */
  baseUrl: string;
}

/** A docs version's options in the config (`docs.versions.<name>`), as Docusaurus names them. */
export interface DocsVersionOptions {
  label?: string;
  /** Its URL segment under /docs/ (`''`: /docs/ itself). */
  path?: string;
  banner?: 'none' | 'unreleased' | 'unmaintained';
  /** Show the version's badge on its pages (default: when the site has more than one version). */
  badge?: boolean;
  /** Keep its pages out of search engines and the sitemap. */
  noIndex?: boolean;
}

/** A docs version the site builds: the current docs (docs/) or one of versions.json's (versioned_docs/version-<name>/). */
export interface DocsVersion {
  /** versions.json's name, or `docs.versionName` (`current`) for docs/. */
  name: string;
  label: string;
  /** URL segment under /docs/: '' for the last version, `next` for the current docs beside versions. */
  path: string;
  /** Its folder in a locale folder: `docs` or `versioned_docs/version-<name>`. */
  dir: string;
  /** Doc ids of a versioned doc are `<name>/<id>` inside sitegen (one docs map, one sidebars record); '' for docs/. */
  idPrefix: string;
  isCurrent: boolean;
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
}

/** Everything `site.config.ts` declares, with defaults filled. */
export interface SiteConfig {
  /** Site title per locale (also the product name shown in the navbar). */
  title: Localized;
  /** One-line tagline per locale. */
  tagline: Localized;
  /** Absolute origin the site is deployed at, no trailing slash (`https://example.org`). */
  url: string;
  /** Path the site is served under, with leading and trailing slash (`/`). */
  baseUrl: string;
  /** Favicon path under content/static. */
  favicon: string;
  /** Default share image path under content/static. */
  image: string;
  /** Whether every page's address ends with `/` (`/docs/x/`); off, only a folder index's and a home page's do. */
  trailingSlash: boolean;
  /** Locale codes; the first is the default, served at the root. */
  defaultLocale: string;
  /** All locales in display order. */
  locales: LocaleConfig[];
  /** Values substituted for `{{name}}` in content; a string or one per locale. */
  variables: Record<string, string | Localized>;
  /** Navbar entries, in order. */
  navbar: NavLink[];
  /** Footer columns, and the copyright line per locale. */
  footer: { columns: FooterColumn[]; copyright: Localized };
  /** Product facts shown by the theme. */
  product: { latestVersion: string; firstRelease: number; years: number; github: string };
  /** Announcement bar, or null for none. */
  announcement: { id: string; content: Localized; dismissible: boolean } | null;
  /** Colour mode options. */
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  /** Docs options. */
  docs: {
    /** Table of contents heading levels. */
    tocMinLevel: number;
    tocMaxLevel: number;
    /** Edit link prefix; the file path under content/ is appended. Empty for none. */
    editUrl: string;
    /** Show the last-updated date. */
    showLastUpdateTime: boolean;
    /** Version name and label (SPEC: current / Next). */
    versionName: string;
    versionLabel: string;
    /** The version at /docs/ (versions.json's first when absent); set only by a config that says it, as are the keys below. */
    lastVersion?: string;
    /** Build the current docs (docs/) as a version beside versions.json's; absent: true. */
    includeCurrentVersion?: boolean;
    /** Build only these versions (names, `current` for docs/), for quicker builds while writing. */
    onlyIncludeVersions?: string[];
    /** Each version's label, URL segment, banner, badge and noindex, by name (`current` for docs/). */
    versions?: Record<string, DocsVersionOptions>;
    /** Known doc tags: key → label per locale (as `blog.tags`). */
    tags: Record<string, Localized>;
    /** A doc's tag that nothing declares, when the config says: unset, as `blog.onInlineTags` is (an error where the site declares doc tags, nothing where none). */
    onInlineTags?: 'ignore' | 'warn' | 'error';
  };
  /** Blog options. */
  blog: {
    /** The blog's name per locale, when the config gives one (else the theme's `routeTitles.blog`). */
    title?: Localized;
    /** The sentence under the list's title per locale, when the config gives one (else the theme's `routeTitles.blogDescription`). */
    description?: Localized;
    postsPerPage: number;
    /** Posts listed in the blog sidebar; 'ALL' for every post. */
    sidebarCount: number | 'ALL';
    /** Posts per feed. */
    feedCount: number;
    /** Known tags: key → label per locale. */
    tags: Record<string, Localized>;
    /** Known authors: key → display data (as a `blog/authors.yml` entry gives it, `name` and `title` per locale). */
    authors: Record<string, { name: Localized; title?: Localized; url?: string; imageUrl?: string; email?: string; socials?: Record<string, string>; page?: boolean }>;
    /** A post's tag that nothing declares (Docusaurus's inline tag), when the config says: unset, an error where the site declares tags and nothing where it declares none. */
    onInlineTags?: 'ignore' | 'warn' | 'error';
    /** Every declared author has a page (`/blog/authors/<key>`), not only those marked `page: true`, when set. */
    authorPages?: boolean;
  };
  /** Search options (SPEC section 9). */
  search: SearchConfig;
  /** Markdown options. */
  markdown: {
    /** `$…$` and `$$…$$` formulas and ```math blocks are rendered as MathML (src/content/math.ts); off, `$` is text. */
    math: boolean;
  };
  /** Files for language-model tools: llms.txt, llms-full.txt and a markdown copy of each page (src/publish/llms.ts). */
  llms: {
    /** Publish them (default false: the bundled site turns them on). */
    enabled: boolean;
    /** Also llms-full.txt, every listed page's copy in one file (default true). */
    fullText: boolean;
    /** The sections of llms.txt, in order: sidebar names, `blog` and `pages` (default: every sidebar, then those two). */
    sections?: string[];
    /** Path prefixes under a locale (`docs/vc`) left out of llms.txt and llms-full.txt (their copies are still made). */
    ignoreFiles: string[];
  };
  /** Third-party ids; each emits its script only when set. */
  analytics: { trackingId: string; adClientId: string };
  /** Extra script URLs loaded with `defer` on every page. */
  scripts: string[];
  /** What a broken internal link, image or anchor is: SPEC 5 makes links and images errors, anchors warnings. */
  links: { onBrokenLinks: 'off' | 'warn' | 'error'; onBrokenImages: 'off' | 'warn' | 'error'; onBrokenAnchors: 'off' | 'warn' | 'error' };
  /** Project root (absolute) the paths below are relative to. */
  root: string;
  /** Content folder, absolute. */
  contentDir: string;
  /** Theme folder, absolute: a whole theme (it holds server.tsx), sitegen's own unless the project has one or the config names one. */
  themeDir: string;
  /**
   * The project's `theme/` folder, absolute, when `themeDir` is sitegen's own theme by default: its files
   * replace the theme's at the same relative path (`components/Footer/index.tsx`). Set whether or not
   * the folder exists yet (`sitegen serve` sees one made, `sitegen theme eject` writes there).
   */
  themeOverrides?: string;
  /** Output folder, absolute. */
  outDir: string;
  /** The config file this came from, absolute. */
  configFile: string;
  /** The project's files the config imports, absolute (`sitegen serve` watches them with it). */
  configImports?: string[];
  /** What is worth saying about the config without refusing it (a text missing a locale), told by every build. */
  warnings?: Diagnostic[];
}

/** One problem found in the input. Positions are 1-based. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Short machine code, e.g. `front-matter`, `broken-link`. */
  code: string;
  /** Path relative to the project root, or the request/flag at fault. */
  file: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  /** A broken link's URL as written (not printed): a link told by the markdown stage is not told again by the link check. */
  href?: string;
}

/** The section of content a file belongs to. */
export type Section = 'docs' | 'blog' | 'pages';

/** Front matter after validation. */
export interface FrontMatter {
  title?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  sidebar_label?: string;
  slug?: string;
  /** Earlier addresses of the page (`/docs/old-name`), each made a page that sends the reader on. */
  aliases?: string[];
  /** A doc's own table of contents levels (Docusaurus's names), within 2–6. */
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  /** A doc's edit link (null: none), instead of `docs.editUrl` + its path. */
  custom_edit_url?: string | null;
  /** The doc ids of a doc's previous and next links (null: none), instead of its sidebar's order. */
  pagination_prev?: string | null;
  pagination_next?: string | null;
  /** A doc's place among its folder's docs in an autogenerated sidebar, lowest first. */
  sidebar_position?: number;
  /** A doc's id in its folder, in place of its file name (Docusaurus's `id`; no `/`): `guides/01-foo.md` with `bar` is `guides/bar`. */
  id?: string;
  /** A doc's label in its neighbours' previous / next links, in place of its sidebar label or title. */
  pagination_label?: string;
  /** The sidebar a doc shows, by its name in sidebars.yaml (null: none), in place of the first that lists it. */
  displayed_sidebar?: string | null;
  /** Class names (space-separated) of a doc's item in the sidebar. */
  sidebar_class_name?: string;
  /** Anything, passed on to the theme with a doc's sidebar item (Docusaurus's `customProps`). */
  sidebar_custom_props?: Record<string, unknown>;
  /** Docusaurus's translation key of a doc's sidebar item: accepted, and unused (each locale's file has its own label). */
  sidebar_key?: string;
  /** Tag keys, and tags written out in the page (Docusaurus's inline `{ label, permalink }`). */
  tags?: (string | FrontMatterTag)[];
  /** Author keys, and authors written out in the page (Docusaurus's inline authors). */
  authors?: (string | FrontMatterAuthor)[];
  /** Docusaurus's legacy keys of a post's one author (its name), read as `authors` with that author alone (see src/content/legacyAuthor.ts). */
  author?: string;
  author_title?: string;
  author_url?: string;
  author_image_url?: string;
  /** The older spellings of the three above, read where those are not written. */
  authorTitle?: string;
  authorURL?: string;
  authorImageURL?: string;
  date?: string;
  /** A date, or Docusaurus 3's `{ date, author }` (one of the two at least). */
  last_update?: string | { date?: string; author?: string };
  draft?: boolean;
  hide_table_of_contents?: boolean;
  hide_title?: boolean;
  noindex?: boolean;
  /** Built, but listed nowhere (sidebars, blog lists, tags, archive, feeds, sitemap, search): for readers with the link. */
  unlisted?: boolean;
}

/** A tag written out in a page's front matter (Docusaurus's inline tag object): its label, and the last part of its page's address. */
export interface FrontMatterTag {
  label: string;
  permalink: string;
}

/**
 * An author written out in a post's front matter (Docusaurus's inline author), or a declared author some of
 * whose fields the post changes for itself (`key`, as Docusaurus's `{ key: jane, title: … }`), as written.
 */
export interface FrontMatterAuthor {
  /** The declared author whose entry the other fields are laid over, in this post only. */
  key?: string;
  /** Given whenever `key` is not. */
  name?: string;
  title?: string;
  url?: string;
  image_url?: string;
  /** Docusaurus 3's other name of `image_url` (its `rename('image_url', 'imageURL')`): read when `image_url` is not given. */
  imageURL?: string;
  email?: string;
  /** Platform → handle or address (`github: jane`). */
  socials?: Record<string, string>;
}

/** A blog author declared by key (in site.config.ts or a locale's `blog/authors.yml`), in one locale's words. */
export interface BlogAuthor {
  key: string;
  name: string;
  title?: string;
  /** An address, a site path (`/docs/team`) or `mailto:`, as written. */
  url?: string;
  /** A site path (`/img/jane.png`) or an http(s) address. */
  imageUrl?: string;
  email?: string;
  /** The author's other addresses, in the order written, a handle made an address (`github: jane` → `https://github.com/jane`). */
  socials: { platform: string; url: string }[];
  /** The last part of the author's page's address (`/blog/authors/<page>`), when the author has one (false: none, whatever `blog.authorPages` says). */
  page?: string | false;
  /** Where it is declared (relative to the project root), and the line of each of its keys there. */
  file: string;
  lines: Record<string, number>;
}

/** A tag declared by key (in site.config.ts, a locale's `blog/tags.yml` or a docs folder's `tags.yml`), in one locale's words. */
export interface BlogTag {
  key: string;
  label: string;
  /** The last part of the tag's page's address (`/blog/tags/<permalink>`, `/docs/tags/<permalink>`). */
  permalink: string;
  /** Shown on the tag's page, and its description for search engines. */
  description?: string;
  /** Where it is declared (relative to the project root), and the line there (none in the config). */
  file: string;
  line?: number;
}

/** The blog's declared authors and tags of one locale, and how a tag nothing declares is told. */
export interface LocaleBlogMeta {
  /** In the order declared: the config's first, then the file's. */
  authors: BlogAuthor[];
  tags: BlogTag[];
  onInlineTags: 'ignore' | 'warn' | 'error';
  /** The files that declare them, for the messages that name them: the config, then the locale's file, if any (`content/en/blog/tags.yml`). */
  declaredIn: { authors: string[]; tags: string[] };
  /** The authors file the locale reads could not be read at all (its own error tells it): an author key is not told undeclared besides. */
  authorsUnread?: boolean;
}

/** The docs' declared tags of one locale and docs folder (`docs`, `versioned_docs/version-10.x`), and how a tag nothing declares is told. */
export interface DeclaredDocTags {
  /** In the order declared: the config's first, then the folder's `tags.yml`'s. */
  tags: BlogTag[];
  onInlineTags: 'ignore' | 'warn' | 'error';
  /** Where they are declared, for the messages that name it: the config, then the tags file read, if any (`content/en/docs/tags.yml`). */
  declaredIn: string[];
}

/** A content file read from disk, front matter split and validated. */
export interface ContentFile {
  locale: string;
  section: Section;
  /** Path within the section folder, with `/` separators (`faqs/index.md`); an `.mdx` file's is written `.md` (`pagePath`), `file` keeps its name. */
  relPath: string;
  /** Path relative to the project root (`content/en/docs/faqs/index.md`). */
  file: string;
  /** A versioned doc's version (`10.x`, of `versioned_docs/version-10.x/`); absent for docs/ and other sections. */
  version?: string;
  frontMatter: FrontMatter;
  /** Markdown after the front matter, variables not yet substituted. */
  body: string;
  /** 1-based line of the file on which `body` starts. */
  bodyLine: number;
  /** File line of each top-level front matter key. */
  keyLines: Record<string, number>;
  /** File line of each item of each top-level front matter list (`tags`), by key; absent without lists. */
  itemLines?: Record<string, number[]>;
  /** Set when the front matter could not be read (its error is reported): nothing else is said about its keys. */
  unreadFrontMatter?: true;
  /** The front matter has no `title:`, and the title is the `# heading` the body opens with (which a doc or page shows as its title). */
  titleFromBody?: true;
  /** Hash of the raw bytes, for caches. */
  hash: string;
  /** Modification time (ms), the last-updated time of a file outside git. */
  mtimeMs: number;
}

/** A heading of a rendered document. */
export interface Heading {
  depth: number;
  /** Plain text of the heading. */
  text: string;
  id: string;
  /** The heading as HTML, only when it holds a formula (`markdown.math`): its text with the formulas as MathML. */
  html?: string;
}

/** A link or image reference found in markdown, for the link pass. */
export interface SourceRef {
  /** The URL as it will appear in HTML (after rewriting). */
  url: string;
  /** 1-based line in the source file. */
  line: number;
  kind: 'link' | 'image';
  /** The partial the link is written in (project-relative), when it is not the page's own file; `line` is the partial's. */
  file?: string;
}

/** Markdown rendered to HTML with what later stages need from it. */
export interface RenderedMarkdown {
  html: string;
  /** Headings of every level, in order. */
  headings: Heading[];
  /** The source line of each heading (as `headings`), where a problem of its id is told. */
  headingLines: number[];
  /** HTML before `<!-- truncate -->`, or null when there is no marker. */
  excerptHtml: string | null;
  /** Plain text before the first h2/h3, for search. */
  intro: string;
  /** Plain text per h2/h3 section, for search. */
  sections: { id: string; heading: string; depth: number; text: string }[];
  /** Minutes to read (English words at 230/min, CJK characters at 400/min). */
  readingMinutes: number;
  /** Every link and image, with its source line. */
  refs: SourceRef[];
  /** The page hides its title and its body starts with a `#` heading, which is its title instead. */
  bodyTitle?: true;
  /** The page's markdown copy (`llms`), and whether it has a `#` heading of its own. */
  copy?: { text: string; h1: boolean };
}

/** A page of content after markdown: a doc, a post or a free page. */
export interface Entry {
  section: Section;
  locale: string;
  /** Doc id (`faqs/index`), post slug path (`2024/01/02/slug`), or page path. */
  id: string;
  /** Full URL path with base and locale prefix (`/en/docs/faqs/`). */
  permalink: string;
  /** Path under the locale, with leading slash (`/docs/faqs/`). */
  localPath: string;
  /** Path relative to the locale folder (`docs/faqs/index.md`, `versioned_docs/version-10.x/faqs/index.md`). */
  contentPath: string;
  /** A versioned doc's version name (absent for docs/ and other sections). */
  version?: string;
  title: string;
  description: string;
  keywords: string[];
  image?: string;
  /** The line of `image:` in the front matter. */
  imageLine?: number;
  /** The line of `slug:` in the front matter, when it has one (where a problem of the page's address is told). */
  slugLine?: number;
  sidebarLabel?: string;
  /** A doc's label in its neighbours' previous / next links (front matter `pagination_label`), when it has one. */
  paginationLabel?: string;
  /** The sidebar a doc shows (front matter `displayed_sidebar`; null: none), when it names one, and that key's line. */
  displayedSidebar?: string | null;
  displayedSidebarLine?: number;
  /** Class names and custom props of a doc's sidebar item (front matter `sidebar_class_name`, `sidebar_custom_props`). */
  sidebarClassName?: string;
  sidebarCustomProps?: Record<string, unknown>;
  /** A doc's own table of contents levels, when its front matter sets them. */
  tocLevels?: { min?: number; max?: number };
  /** A doc's own edit link (null: none), when its front matter sets one. */
  editUrl?: string | null;
  /** A doc's own previous and next docs (ids; null: none), with their front matter lines. */
  pagination?: { prev?: string | null; next?: string | null; prevLine?: number; nextLine?: number };
  hideToc: boolean;
  /** The page's title is not shown (front matter `hide_title`): `visually` kept for screen readers, or `body` when a `#` heading of the body is the title. */
  hideTitle?: 'visually' | 'body';
  noindex: boolean;
  /** Built but listed nowhere (front matter `unlisted`); `noindex` too. */
  unlisted?: boolean;
  draft: boolean;
  /** Source file relative to the project root. */
  file: string;
  /** True when this locale had no file and the default locale's page is shown. */
  untranslated: boolean;
  /** Last update as an ISO date (YYYY-MM-DD…), or null when unknown. */
  lastUpdated: string | null;
  /** Who made the last update (front matter `last_update: { author }`), when it says. */
  lastUpdatedBy?: string;
  rendered: RenderedMarkdown;
  /** Blog only: ISO date from the file name or front matter. */
  date?: string;
  /** Blog only, when `date:` gives a time of day: the instant, `YYYY-MM-DDTHH:MM:SS` and its offset (`Z` when none is written). */
  dateTime?: string;
  /** Tag keys, and tags written out in the page, each once. */
  tags: (string | FrontMatterTag)[];
  /** A doc's or a post's `tags:` as its own file writes them (not a fallback copy's), with the line of the key and of each item: checked by the routes stage. */
  writtenTags?: { tags: (string | FrontMatterTag)[]; line: number; lines?: number[] };
  /** Author keys, and authors written out in the page. */
  authors: (string | FrontMatterAuthor)[];
  /** The front matter line of each of `authors` (an author written out there has problems at its line). */
  authorLines?: number[];
  /** The line of each legacy key (`author`, `author_url`, …) the post's one author is written with, by the key as written. */
  legacyAuthorLines?: Record<string, number>;
}

/** A sidebar entry, resolved for one locale. */
export type SidebarItem = (
  /** A doc (`docId`), or a link that is not one (`docId` empty; `external` for another site). */
  /** `lang`: the language of the label when not the page's (an untranslated doc's copy, labelled in the default locale's). */
  | { type: 'link'; label: string; href: string; docId: string; external?: true; lang?: string }
  /** `href` and `docId`: the doc the category's label leads to, when it has one (or its generated index, whose `docId` is its path). */
  | { type: 'category'; label: string; collapsed: boolean; items: SidebarItem[]; href?: string; docId?: string }
) & SidebarItemExtras;

/** What a doc's front matter or a `_category_.yml` adds to its sidebar item, as Docusaurus has them (absent unless given: they ship with every page of the sidebar). */
export interface SidebarItemExtras {
  /** Class names (space-separated) on the item. */
  className?: string;
  /** Anything, for a theme (the default theme reads none). */
  customProps?: Record<string, unknown>;
}

/** An item of a category's generated index: a doc, a category or a link of the category, as a card. */
export interface IndexCard {
  label: string;
  href: string;
  /** A doc's description, or a category's generated index's ('' for none). */
  description: string;
  /** A category: how many items it holds. */
  count?: number;
  /** A link to another site. */
  external?: true;
}

/** A link with its label (prev/next, breadcrumbs, lists). */
export interface LabeledLink {
  label: string;
  href: string;
  /** The language of the label when it is not the page's: a page shown untranslated, labelled in the default locale's words. */
  lang?: string;
}

/** An author of a post as the theme shows it, addresses resolved for the page's locale. */
export interface PostAuthor {
  name: string;
  title?: string;
  /** The author's own address (`url`, else `mailto:` of the email), when given. */
  url?: string;
  /** The author's page on the blog, when the author has one. */
  page?: string;
  /** The avatar's address, when given. */
  image?: string;
  /** The author's other addresses (on a post's own page and the author's), by platform (`github`, `x`, or a name of the site's own). */
  socials?: { platform: string; url: string }[];
}

/** A post as listed on list pages and in the sidebar. */
export interface PostSummary {
  title: string;
  href: string;
  date: string;
  /** The time of day `date:` gives, as `Entry.dateTime`: for `<time datetime>`. */
  dateTime?: string;
  tags: LabeledLink[];
  readingMinutes: number;
  authors: PostAuthor[];
  /** Key in `RouteData.html` of the excerpt, when listed with one. */
  excerptKey?: string;
  /** Listed with the text above its truncate marker, not whole: the list leads to the rest ("Read more"). */
  truncated?: true;
  untranslated: boolean;
}

/** Pagination state of a list page. */
export interface Pagination {
  page: number;
  totalPages: number;
  prev: string | null;
  next: string | null;
}

/** Per-page metadata for `<head>`. */
export interface PageMeta {
  /** `<title>`: "Page · Site", or the site title alone on the home page. */
  documentTitle: string;
  title: string;
  description: string;
  keywords: string[];
  /** Absolute share image URL. */
  image: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** Alternates per htmlLang, plus `x-default`: absolute URLs. */
  alternates: { hreflang: string; href: string }[];
  noindex: boolean;
  ogType: 'website' | 'article';
  /** Feed links for `<head>`, absolute. */
  feeds: { type: string; title: string; href: string }[];
  /** The page's markdown copy (`llms`), absolute, when it has one. */
  markdown?: string;
}

/** A versioned doc's version: its name and label, its badge and banner, and the same doc in each version (the version menu). */
export interface DocVersionData {
  name: string;
  label: string;
  badge: boolean;
  /** Unreleased or unmaintained: the banner, leading to the same doc in the last version when it has it, else to its first doc. */
  banner?: { kind: 'unreleased' | 'unmaintained'; latestLabel: string; latestHref: string };
  /** Each version built, newest first: this doc in it when it has it, else its first doc. */
  choices: VersionChoice[];
}

/** A version in the version menu. */
export interface VersionChoice {
  name: string;
  label: string;
  href: string;
  /** The version at /docs/ (the one a page of no version shows as chosen until the reader chooses). */
  last?: true;
}

/** The data one route renders from; shipped to the browser as page data. */
export type RouteData =
  | { kind: 'home' }
  | { kind: 'search' }
  | { kind: 'notFound' }
  | {
      kind: 'doc';
      docId: string;
      /** Name of the doc's sidebar, and its items (only this one sidebar ships with the page). */
      sidebar: string | null;
      sidebarItems: SidebarItem[] | null;
      breadcrumbs: LabeledLink[];
      toc: Heading[];
      prev: LabeledLink | null;
      next: LabeledLink | null;
      lastUpdated: string | null;
      /** Who made the last update, shown beside its date (front matter `last_update: { author }`), when given and the date is shown. */
      lastUpdatedBy?: string;
      editUrl: string | null;
      untranslated: boolean;
      hideToc: boolean;
      /** See `Entry.hideTitle`. */
      hideTitle?: 'visually' | 'body';
      /** The doc's version, on a site with versions.json (absent on one without). */
      version?: DocVersionData;
      /** The doc's tags, each leading to its page (`/docs/tags/<permalink>`), when it has some. */
      tags?: LabeledLink[];
    }
  /** A category's page of its own (Docusaurus's generated index): its description and its items as cards. */
  | {
      kind: 'generatedIndex';
      /** The page's id in its sidebar: its path under the locale (`/docs/category/guides`). */
      docId: string;
      sidebar: string | null;
      sidebarItems: SidebarItem[] | null;
      breadcrumbs: LabeledLink[];
      /** The text above the cards ('' for none). */
      description: string;
      cards: IndexCard[];
      prev: LabeledLink | null;
      next: LabeledLink | null;
      /** The version of the category's sidebar, as a doc's (on a site with versions.json). */
      version?: DocVersionData;
    }
  | { kind: 'page'; toc: Heading[]; untranslated: boolean; hideToc: boolean; hideTitle?: 'visually' | 'body' }
  | {
      kind: 'post';
      post: PostSummary;
      toc: Heading[];
      prev: LabeledLink | null;
      next: LabeledLink | null;
    }
  /**
   * `heading`: the list's own title (the route's title adds the page number past the first page); `description`: under
   * the heading of the list of every post, or of a tag's that has one; `author`: on an author's list of posts.
   */
  | { kind: 'blogList'; heading: string; posts: PostSummary[]; pagination: Pagination; tag: LabeledLink | null; description?: string; author?: PostAuthor & { page: string; count: number } }
  | { kind: 'tags'; tags: (LabeledLink & { count: number })[] }
  /** The blog's authors who have a page, each with the number of posts. */
  | { kind: 'authors'; authors: (PostAuthor & { page: string; count: number })[] }
  | { kind: 'archive'; years: { year: string; posts: PostSummary[] }[] }
  /** Every tag of a docs version's docs (`/docs/tags`), each with the number of its docs. */
  | {
      kind: 'docTags';
      tags: (LabeledLink & { count: number })[];
      /** The docs version whose tags these are (on a site with versions.json): the version menu's and the search box's. */
      version?: DocVersionData;
    }
  /** One tag's docs (`/docs/tags/<permalink>`): each doc's title and description, and the way back to every tag. */
  | {
      kind: 'docTag';
      tag: LabeledLink & { count: number };
      description?: string;
      docs: DocTagItem[];
      allTagsPath: string;
      /** As the tags page's. */
      version?: DocVersionData;
    };

/** A doc listed on a tag's page. */
export interface DocTagItem {
  title: string;
  href: string;
  /** '' for none. */
  description: string;
  untranslated: boolean;
}

/** One output HTML page. */
export interface Route {
  /** Locale code. */
  locale: string;
  /** URL path including the locale prefix and baseUrl (`/en/docs/faqs/`). */
  path: string;
  /** Title shown in the page (h1), without the site suffix. */
  title: string;
  meta: PageMeta;
  data: RouteData;
  /** HTML blocks rendered verbatim (content, excerpts), by key. */
  html: Record<string, string>;
  /** Blog sidebar: every post grouped by year, for blog routes. */
  blogSidebar: boolean;
  /** The codes of the locales that have this path, when some do not (absent when every locale has it). */
  locales?: string[];
  /** A draft's page (`draft: true`), which only the dev server builds. */
  draft?: true;
  /** An unlisted page (`unlisted: true`): built, and listed nowhere. */
  unlisted?: true;
  /** Source file for diagnostics (content file, or the theme for generated pages). */
  source: string;
  /** Search input for this route, or null when not indexed. */
  search: SearchPage | null;
}

/** What the search index is built from: one indexed page. */
export interface SearchPage {
  /** URL path of the page (with locale prefix). */
  url: string;
  /** A versioned doc's URL as the version at /docs/ would have it, which `search.ignoreFiles` is matched against too. */
  ignoreAs?: string;
  title: string;
  description: string;
  keywords: string[];
  /** Text before the first h2. */
  intro: string;
  /** One entry per h2/h3 section. */
  sections: { id: string; heading: string; depth: number; text: string }[];
  /** Shown as context in results: 'docs' or 'blog'. */
  category: 'docs' | 'blog';
}

/** A file to write to the output folder. */
export interface OutputFile {
  /** Path relative to the output folder, `/` separators. */
  path: string;
  contents: string | Uint8Array;
  /** What produced the contents (a cache key): equal tags mean equal contents. Unset: a hash of the contents. */
  tag?: string;
}

/** Site-wide data for one locale, given to the theme on the server and loaded once by the client. */
export interface SiteData {
  /** The current locale. */
  locale: LocaleConfig;
  /** Every locale (for the locale switch and hreflang). */
  locales: LocaleConfig[];
  defaultLocale: string;
  /** `baseUrl` of the site (`/`). */
  baseUrl: string;
  /** The site's address, `url` of the config (`https://example.com`): a page's canonical address is it and the page's path. */
  url: string;
  title: string;
  tagline: string;
  /** The share image of pages that name none, absolute, when the config gives one. */
  image?: string;
  /** The name of the docs at /docs/ for search crawlers (`docs.versionName`, `current` unless set). */
  docsVersionName: string;
  /** Set when content pages have a markdown copy (`llms`): at the page's path + `.md`, unless its page data says otherwise. */
  markdownCopies?: true;
  /** Navbar links, resolved: `href` has the locale prefix (internal) or is external. */
  navbar: (LabeledLink & { external: boolean })[];
  footer: { columns: { title: string; items: (LabeledLink & { external: boolean })[] }[]; copyright: string };
  product: SiteConfig['product'];
  /** The navbar's and footer's mark on a site that is not the product's (no `product.latestVersion`): its favicon's address. */
  logo?: string;
  announcement: { id: string; content: string; dismissible: boolean } | null;
  colorMode: SiteConfig['colorMode'];
  search: Omit<SearchConfig, 'synonyms'> & {
    /** URL of this locale's index (`/en/search-index.json`), the same from build to build; its revision is inside it. */
    indexUrl: string;
    /** On a site with docs versions, each version's index by version name (the last version's is `indexUrl`). */
    versionIndexUrls?: Record<string, string>;
  };
  /** The newest `blog.sidebarCount` posts of this locale (every one by default) grouped by year, newest first (blog sidebar). */
  blogSidebar: { year: string; posts: LabeledLink[] }[];
  /** Set when `blogSidebar` holds only the newest posts (`blog.sidebarCount` below their number): the theme calls it recent posts, not all. */
  blogSidebarRecent?: true;
  /**
   * In the browser, for a theme that loads the every-post list apart (`ThemeServerModule.lazyBlogSidebar`): the URL of
   * the module that exports it, while `blogSidebar` is empty until the theme has loaded it for a blog page.
   */
  blogSidebarUrl?: string;
  /** Blog list path of this locale (`/en/blog`; `/en/blog/` with `trailingSlash`). */
  blogPath: string;
  /** Search page path of this locale (`/en/search`; `/en/search/` with `trailingSlash`). */
  searchPath: string;
  /** Home path of this locale (`/en/`). */
  homePath: string;
  /** Set when the config's `trailingSlash` is: the theme writes its own links to pages with the slash (`/en/docs/x/`), as `blogPath` and `searchPath` are. */
  trailingSlash?: true;
  /** The docs versions of a site with versions.json, newest first, each leading to its first doc (absent without versions). */
  docsVersions?: VersionChoice[];
}

/** What the client needs to render one route; page-data files hold this (with `html`). */
export interface ClientRoute {
  locale: string;
  path: string;
  /** Page title (h1), and the full document title. */
  title: string;
  documentTitle: string;
  data: RouteData;
  /** HTML blocks by key; in the page's inline data these are omitted and read back from the DOM. */
  html: Record<string, string>;
  /** Whether the blog sidebar is shown. */
  blogSidebar: boolean;
  /** The codes of the locales that have this path, when some do not: the language menu leads to the others' home pages. */
  locales?: string[];
  /** A draft's page, which only the dev server builds: the theme says so. */
  draft?: true;
  /** An unlisted page, which only its address leads to: the theme says so. */
  unlisted?: true;
  // The head's facts that its path, data and site data do not give (src/render/pageHead.ts), each left out where it is
  // the default. The page's inline data leaves out the description and keywords too: the client reads them from its head.
  /** For search engines and share cards, when not the site's tagline. */
  description?: string;
  /** `<meta name="keywords">`'s content (`a, b`), when the page has some. */
  keywords?: string;
  /** Search engines are asked to leave the page out (search, not-found and unlisted pages, `noindex`, the pages of a `noIndex` docs version). */
  noindex?: true;
  /** The share image (absolute), when not the site's (`SiteData.image`); '' for none. */
  image?: string;
  /** The path of the canonical address, when not the page's own (`/home`: `/`; a fallback copy's: its original's). */
  canonical?: string;
  /** The locales whose pages at this path are translations of each other (hreflang alternates), when not those of `locales` (a fallback copy or a page left out of search engines is none). */
  hreflang?: string[];
  /** The path of the page's markdown copy (`llms`), when not its path + `.md` (a folder's: + `index.md`); '' for none. */
  markdown?: string;
}

/** The contract of `theme/server.tsx` (bundled for Node by the render stage). */
/** Given to a theme's `App` when the generator fills in its shared blocks: the marker that stands for block `name`. */
export type SharedMarker = (name: string) => string;

export interface ThemeServerModule {
  /** Renders the page body; mounted in `<div id="__sg">` and hydrated by `theme/client.tsx`. */
  App: (props: { site: SiteData; route: ClientRoute; shared?: SharedMarker }) => unknown;
  /**
   * Blocks the theme repeats on many pages, rendered once per locale, given the locale's site data and
   * its docs sidebars by name (those of its doc routes). With `shared`, `App` renders `shared(name)`
   * (an HTML comment) in their place and the generator fills them in (src/render/sharedBlocks.ts): each
   * block is called with the page's path, and must give what `App` would have rendered there.
   */
  sharedBlocks?: (site: SiteData, sidebars: Record<string, SidebarItem[]>) => Record<string, (path: string) => string>;
  /**
   * What of a locale's site data `App` reads to render a page when its shared blocks are filled in
   * by the generator (the page cache's key): a change to anything else (a post's title, in the blog's
   * every-post block) does not render the locale's pages again. All of it when absent.
   */
  pageSiteData?: (site: SiteData) => unknown;
  /**
   * True when the theme's client loads the blog's every-post list apart, on blog pages only (`SiteData.blogSidebarUrl`):
   * the locale's site data, which every page loads, then ships without it.
   */
  lazyBlogSidebar?: boolean;
  /** Tiny inline script run in `<head>` before first paint (colour mode, announcement). */
  headScript: string;
  /** The head script for the configured colour mode options, when the theme can take them. */
  headScriptFor?: (colorMode: SiteConfig['colorMode']) => string;
  /** Body markup shown when the client bundle cannot load / wrong base URL banner, optional. */
  noscriptHtml?: string;
  /** Titles of generated pages per locale code (falls back to English keys when a locale is missing). */
  routeTitles: Record<string, RouteTitles>;
  /** Ids the theme puts on every page (the skip link's target…) → what each is: a heading with one is a warning. */
  pageIds?: Record<string, string>;
  /** Each locale's UI texts, by locale code: a text one locale has and another lacks is an error at the theme's file of that locale. */
  texts?: Record<string, unknown>;
  /** A locale's UI texts as the server draws its pages (English where the theme has none). */
  stringsOf?: (locale: string) => unknown;
  /** The texts the browser loads for a locale's pages (and the home page's apart), to be checked against `stringsOf`'s. */
  browserTexts?: (locale: string) => Promise<{ texts: unknown; home?: unknown }>;
  /**
   * False where the browser loads the English texts as they are, not as a page of a locale the theme has no texts for
   * shows them (isolated left to right where it is written right to left): a copy of the theme's i18n/loaders.ts made
   * before it loaded them through en.client.ts. The server then draws them as they are too; the build warns.
   */
  englishMarkedForPage?: boolean;
}

/** Titles the generator gives generated routes; `{tag}` and `{page}` are placeholders. */
export interface RouteTitles {
  home: string;
  search: string;
  notFound: string;
  blog: string;
  /** The sentence under the blog list's title (and its description for search engines), unless the config gives one. */
  blogDescription?: string;
  tags: string;
  archive: string;
  taggedWith: string;
  page: string;
  /** The blog's authors page (English when a theme has none). */
  authors?: string;
  /** A docs tag's page: `One doc tagged with “{tag}”`, `{count} docs tagged with “{tag}”` (English when a theme has none). */
  docsTagged?: { one: string; other: string };
  /** Descriptions of the blog's tags index, archive and authors index for search engines (the site's tagline when a theme has none). */
  tagsDescription?: string;
  archiveDescription?: string;
  authorsDescription?: string;
  /** A blog tag's page's description when the tag has none of its own: `{count} posts tagged with “{tag}”`. */
  postsTagged?: { one: string; other: string };
}

/** Messages of the dev server's live-reload channel (server-sent events). */
export type DevMessage =
  | { type: 'connected'; revision: number }
  | { type: 'reload'; revision: number; /** Changed page paths, or ['*'] for all. */ paths: string[] }
  | { type: 'error'; revision: number; /** One formatted diagnostic each (file:line message). */ errors: string[] };
