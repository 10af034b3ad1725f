// Small, hand-written site data and routes for rendering the theme without the generator.
import type { ClientRoute, LocaleConfig, RouteData, SidebarItem, SiteData } from '../../../src/types.js';
import { DEFAULT_SEARCH } from '../../../src/config/resolveConfig.js';

export const ZH: LocaleConfig = { code: 'zh-Hans', label: '简体中文', direction: 'ltr', htmlLang: 'zh-CN', path: '', ogLocale: 'zh_CN' };
export const EN: LocaleConfig = { code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: 'en', ogLocale: 'en_US' };

/** Site data of one locale, the shape the generator writes. */
export function siteData(locale: LocaleConfig = EN): SiteData {
  const p = locale.path ? `/${locale.path}` : '';
  return {
    locale,
    locales: [ZH, EN],
    defaultLocale: 'zh-Hans',
    baseUrl: '/',
    url: 'https://glint.example',
    title: locale.code === 'en' ? 'Glint Translate' : '灵译划词翻译',
    tagline: locale.code === 'en' ? 'Translate anything' : '划词翻译',
    docsVersionName: 'current',
    navbar: [
      { label: 'Install', href: `${p}/docs/installv2/`, external: false },
      { label: 'User manual', href: `${p}/docs/guides/summary`, external: false },
      { label: 'FAQ', href: `${p}/docs/faqs/`, external: false },
      { label: 'Announcements', href: `${p}/blog`, external: false },
      { label: 'History', href: `${p}/docs/histroy#2013`, external: false },
    ],
    footer: {
      columns: [{ title: 'Community', items: [{ label: 'Code', href: 'https://github.com/example', external: true }] }],
      copyright: '© 2013–2025',
    },
    product: { latestVersion: '11.6.1', firstRelease: 2013, years: 12, github: 'https://github.com/example' },
    announcement: { id: 'release-11-6-1', content: `Version <a href="${p}/docs/log/">11.6.1</a> is out`, dismissible: true },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    search: { ...DEFAULT_SEARCH, indexUrl: `${p}/search-index.json?v=1` },
    blogSidebar: [
      { year: '2025', posts: [{ label: 'Version 12 beta', href: `${p}/blog/2025/11/04/v12-beta` }] },
      { year: '2024', posts: [{ label: 'Double 11', href: `${p}/blog/2024/11/01/double-11` }] },
    ],
    blogPath: `${p}/blog`,
    searchPath: `${p}/search`,
    homePath: `${p}/`,
  };
}

/** A route of the given data. */
export function route(path: string, data: RouteData, html: Record<string, string> = {}, title = 'A page'): ClientRoute {
  return { locale: path.startsWith('/en') ? 'en' : 'zh-Hans', path, title, documentTitle: `${title} · Glint Translate`, data, html, blogSidebar: ['post', 'blogList', 'tags', 'archive'].includes(data.kind) };
}

/** The English FAQ sidebar, as the generator resolves it for a doc page. */
export const SIDEBAR: SidebarItem[] = [
  { type: 'link', label: 'FAQ overview', href: '/en/docs/faqs/', docId: 'faqs/index' },
  {
    type: 'category',
    label: 'Browser',
    collapsed: true,
    items: [
      { type: 'link', label: 'Safety', href: '/en/docs/faqs/safe', docId: 'faqs/safe' },
      { type: 'link', label: 'Edge', href: '/en/docs/faqs/edge-boot', docId: 'faqs/edge-boot' },
    ],
  },
  { type: 'category', label: 'Services', collapsed: true, items: [{ type: 'link', label: 'DeepL limits', href: '/en/docs/faqs/deepl-limit', docId: 'faqs/deepl-limit' }] },
];

export const DOC_DATA: Extract<RouteData, { kind: 'doc' }> = {
  kind: 'doc',
  docId: 'faqs/safe',
  sidebar: 'faqs',
  sidebarItems: SIDEBAR,
  breadcrumbs: [
    { label: 'Browser', href: '' },
    { label: 'Safety', href: '/en/docs/faqs/safe' },
  ],
  toc: [
    { depth: 2, text: 'Where your data goes', id: 'data-flow' },
    { depth: 3, text: 'Selections', id: 'selections' },
    { depth: 2, text: 'API keys', id: 'api-keys' },
  ],
  prev: { label: 'FAQ overview', href: '/en/docs/faqs/' },
  next: { label: 'Edge', href: '/en/docs/faqs/edge-boot' },
  lastUpdated: '2025-03-07T10:00:00+08:00',
  editUrl: 'https://github.com/example/website/edit/main/content/en/docs/faqs/safe.md',
  untranslated: false,
  hideToc: false,
};

export const POST = {
  title: 'Version 12 beta',
  href: '/en/blog/2025/11/04/v12-beta',
  date: '2025-11-04',
  tags: [{ label: 'Announcements', href: '/en/blog/tags/announcements' }],
  readingMinutes: 2.4,
  authors: [{ name: 'The Glint team' }],
  untranslated: false,
};
