import type { Localized, NavLink, FooterColumn, SearchConfig, SiteConfig } from '../types.js';

/** A string for every locale, or one string per locale code. */
export type Text = string | Localized;

/** What `site.config.ts` may declare; everything but `title` and `url` has a default. */
export interface UserConfig {
  title: Text;
  tagline?: Text;
  url: string;
  baseUrl?: string;
  favicon?: string;
  image?: string;
  trailingSlash?: boolean;
  i18n?: {
    defaultLocale: string;
    locales: Record<string, { label: string; htmlLang: string; direction?: 'ltr' | 'rtl'; path?: string; ogLocale?: string }>;
  };
  variables?: Record<string, Text>;
  navbar?: { label: Text; to: string; hash?: string }[];
  footer?: { columns?: { title: Text; items: { label: Text; to: string; hash?: string }[] }[]; copyright?: Text };
  product?: Partial<SiteConfig['product']>;
  announcement?: { id: string; content: Text; dismissible?: boolean } | null;
  colorMode?: Partial<SiteConfig['colorMode']>;
  docs?: Partial<Omit<SiteConfig['docs'], 'tags'>> & {
    /** The docs' tags by key, each with its label (as `blog.tags`); a locale's docs/tags.yml declares them too. */
    tags?: Record<string, Text>;
  };
  blog?: {
    /** The blog's name: the title and heading of its list pages (default: the theme's, Blog). */
    title?: Text;
    /** One sentence under the list's title, its description for search engines and the feeds'. */
    description?: Text;
    postsPerPage?: number;
    sidebarCount?: number | 'ALL';
    feedCount?: number;
    tags?: Record<string, Text>;
    /** As a locale's blog/authors.yml gives them (Docusaurus's), name and title per locale. */
    authors?: Record<string, { name: Text; title?: Text; url?: string; image_url?: string; email?: string; socials?: Record<string, string>; page?: boolean }>;
    /** A post's tag that nothing declares: `error` by default where the site declares tags, `ignore` where it declares none. */
    onInlineTags?: 'ignore' | 'warn' | 'error';
    /** Every declared author has a page, as if each had `page: true` (default false). */
    authorPages?: boolean;
  };
  search?: Partial<SearchConfig>;
  markdown?: Partial<SiteConfig['markdown']>;
  llms?: Partial<SiteConfig['llms']>;
  analytics?: Partial<SiteConfig['analytics']>;
  scripts?: string[];
  links?: Partial<SiteConfig['links']>;
  /** Folders relative to the config file. */
  contentDir?: string;
  themeDir?: string;
  outDir?: string;
}

/** Typed identity helper for `site.config.ts`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export type { Localized, NavLink, FooterColumn };
