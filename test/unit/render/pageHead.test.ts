// The head a page's data makes (src/render/pageHead.ts), which the server writes and the client router puts in
// place after a navigation: its facts from the page data and site data, and page data that leaves out the defaults.
import { describe, expect, it } from 'vitest';
import { headFacts, pageHead, type HeadRoute, type HeadSite, type HeadTag } from '../../../src/render/pageHead.js';
import { clientRouteOf } from '../../../src/render/renderPage.js';
import { buildRoutes } from '../../../src/routes/buildRoutes.js';
import type { UserConfig } from '../../../src/config/userConfig.js';
import type { Entry, Route, RouteTitles } from '../../../src/types.js';
import { entry, post, siteConfig } from '../routes/fixtures.js';

const TITLES: RouteTitles = { home: 'Home', search: 'Search', notFound: 'Not found', blog: 'Blog', tags: 'Tags', archive: 'Archive', taggedWith: 'Tagged “{tag}”', page: 'Page {page}' };
const COPY = { text: 'x', h1: false };

/** Docs in both locales, one zh-Hans doc whose English page is a fallback copy, an English doc left out of search engines, a post with its own image. */
const ENTRIES: Entry[] = [
  entry({ section: 'docs', id: 'guides/card', title: '翻译卡片', description: '划词后弹出的卡片', keywords: ['划词', '卡片'] }),
  entry({ section: 'docs', id: 'guides/card', title: 'Translation card', locale: 'en', description: 'The card shown after a selection' }),
  entry({ section: 'docs', id: 'faqs/index', title: '常见问题', localPath: '/docs/faqs/' }),
  entry({ section: 'docs', id: 'faqs/index', title: 'FAQ', locale: 'en', localPath: '/docs/faqs/' }),
  entry({ section: 'docs', id: 'guides/pdf', title: 'PDF 阅读器' }),
  entry({ section: 'docs', id: 'guides/pdf', title: 'PDF 阅读器', locale: 'en', untranslated: true }),
  entry({ section: 'docs', id: 'old', title: '旧页面' }),
  entry({ section: 'docs', id: 'old', title: 'Old page', locale: 'en', noindex: true }),
  post('2024/06/18/version-11', '11.0 发布', { image: '/img/v11.png', tags: ['release'] }),
];

function built(extra: Partial<UserConfig> = {}, entries = ENTRIES): { routes: Route[]; site: (route: Route) => HeadSite } {
  const config = siteConfig({ image: '/img/card.png', llms: { enabled: true }, ...extra });
  const withCopies = entries.map((e) => ({ ...e, rendered: { ...e.rendered, copy: COPY } }));
  const { routes, siteData } = buildRoutes({ config, entries: withCopies, sidebars: { sidebars: {}, file: 'content/sidebars.yaml', diagnostics: [] }, titles: { 'zh-Hans': TITLES, en: TITLES } });
  return { routes, site: (route) => siteData[route.locale]! };
}

const at = (routes: Route[], path: string) => routes.find((r) => r.path === path)!;
/** A tag as one line: `meta name=description content=…`; a script's JSON after its attributes. */
const line = (tag: HeadTag) => [tag.tag, ...Object.entries(tag.attrs).map(([k, v]) => `${k}=${v}`), ...(tag.json ? [JSON.stringify(tag.json)] : [])].join(' ');
const find = (tags: HeadTag[], start: string) => tags.map(line).filter((l) => l.startsWith(start));

describe('page data of the head', () => {
  it("makes every route's head as its route's metadata says, for a site at the root, under a base URL and with trailing slashes", () => {
    for (const extra of [{}, { baseUrl: '/site/' }, { trailingSlash: true }]) {
      const { routes, site } = built(extra);
      for (const route of routes) {
        const tags = pageHead(site(route), clientRouteOf(route, site(route)));
        const m = route.meta;
        expect(find(tags, 'meta name=description')).toEqual([`meta name=description content=${m.description}`]);
        expect(find(tags, 'link rel=canonical')).toEqual([`link rel=canonical href=${m.canonical}`]);
        expect(find(tags, 'link rel=alternate hreflang')).toEqual(m.alternates.map((a) => `link rel=alternate hreflang=${a.hreflang} href=${a.href}`));
        expect(find(tags, 'meta name=robots')).toEqual(m.noindex ? ['meta name=robots content=noindex, follow'] : []);
        expect(find(tags, 'meta property=og:image')).toEqual(m.image ? [`meta property=og:image content=${m.image}`] : []);
        expect(find(tags, 'link rel=alternate type=text/markdown')).toEqual(m.markdown ? [`link rel=alternate type=text/markdown href=${m.markdown}`] : []);
        expect(find(tags, 'meta property=og:type')).toEqual([`meta property=og:type content=${m.ogType}`]);
      }
    }
  });

  it('leaves out of the page data what the path, the locales and the site data give', () => {
    const { routes, site } = built();
    const card = at(routes, '/en/docs/guides/card');
    const data = clientRouteOf(card, site(card));
    expect(data).toMatchObject({ description: 'The card shown after a selection' });
    for (const key of ['keywords', 'noindex', 'image', 'canonical', 'hreflang', 'markdown']) expect(data).not.toHaveProperty(key);
    expect(clientRouteOf(at(routes, '/docs/guides/card'), site(card))).toMatchObject({ keywords: '划词, 卡片' });
    // A page of the site's own with the tagline for description has none of it.
    const search = at(routes, '/en/search');
    expect(Object.keys(clientRouteOf(search, site(search))).filter((k) => ['description', 'keywords', 'canonical', 'hreflang'].includes(k))).toEqual([]);
    expect(clientRouteOf(search, site(search)).noindex).toBe(true);
    // A post's own share image.
    const v11 = at(routes, '/blog/2024/06/18/version-11');
    expect(clientRouteOf(v11, site(v11)).image).toBe('https://glint.example/img/v11.png');
  });

  it("gives what cannot be told: a fallback copy's canonical address (its original's), a page left out of search engines, /home", () => {
    const { routes, site } = built();
    const copy = at(routes, '/en/docs/guides/pdf');
    // A copy is no translation: the page has no alternates (fewer than two translations have none).
    expect(clientRouteOf(copy, site(copy))).toMatchObject({ canonical: '/docs/guides/pdf', hreflang: [] });
    expect(headFacts(site(copy), clientRouteOf(copy, site(copy)))).toMatchObject({ canonical: 'https://glint.example/docs/guides/pdf', alternates: [] });
    // The zh-Hans original has no translation either: no alternates.
    const original = at(routes, '/docs/guides/pdf');
    expect(clientRouteOf(original, site(original)).hreflang).toEqual([]);
    const old = at(routes, '/en/docs/old');
    expect(clientRouteOf(old, site(old))).toMatchObject({ noindex: true, hreflang: [] });
    const home = at(routes, '/en/home');
    expect(clientRouteOf(home, site(home)).canonical).toBe('/en/');
  });

  it('writes the markdown copy of a page with a trailing slash where its address does not tell it', () => {
    const { routes, site } = built({ trailingSlash: true });
    const card = at(routes, '/en/docs/guides/card/');
    expect(clientRouteOf(card, site(card)).markdown).toBe('/en/docs/guides/card.md');
    const faqs = at(routes, '/en/docs/faqs/');
    expect(clientRouteOf(faqs, site(faqs))).not.toHaveProperty('markdown');
    expect(headFacts(site(faqs), clientRouteOf(faqs, site(faqs))).markdown).toBe('https://glint.example/en/docs/faqs/index.md');
  });

  it('throws, as a bug, for a route whose head its page data would not make', () => {
    const { routes, site } = built();
    const card = at(routes, '/en/docs/guides/card');
    expect(() => clientRouteOf({ ...card, meta: { ...card.meta, ogType: 'article' } }, site(card))).toThrow(/the head of \/en\/docs\/guides\/card cannot be made from its page data/);
  });
});

describe('pageHead', () => {
  const { routes, site: siteOf } = built();
  const site = siteOf(at(routes, '/en/'));
  const route = (path: string, data: HeadRoute['data'], extra: Partial<HeadRoute> = {}): HeadRoute => ({ path, title: 'T', data, ...extra });

  it("derives the alternates from the locales that have the path, with the default locale's as x-default", () => {
    expect(headFacts(site, route('/en/docs/x', { kind: 'search' })).alternates).toEqual([
      { hreflang: 'zh-CN', href: 'https://glint.example/docs/x' },
      { hreflang: 'en', href: 'https://glint.example/en/docs/x' },
      { hreflang: 'x-default', href: 'https://glint.example/docs/x' },
    ]);
    expect(headFacts(site, route('/en/docs/x', { kind: 'search' }, { locales: ['en'] })).alternates).toEqual([]);
    // Without the default locale's page, no x-default.
    const third = { ...site, locales: [...site.locales, { ...site.locale, code: 'fr', htmlLang: 'fr', path: 'fr', ogLocale: 'fr_FR' }] };
    expect(headFacts(third, route('/en/docs/x', { kind: 'search' }, { locales: ['en', 'fr'] })).alternates.map((a) => a.hreflang)).toEqual(['en', 'fr']);
  });

  it("writes a doc's head in the server's order, naming its docs version for search crawlers", () => {
    const tags = pageHead(site, route('/en/docs/x', { kind: 'doc', docId: 'x', sidebar: null, sidebarItems: null, breadcrumbs: [], toc: [], prev: null, next: null, lastUpdated: null, editUrl: null, untranslated: false, hideToc: false }, { description: 'D', keywords: 'a, b' }));
    expect(tags.map(line)).toEqual([
      'meta name=description content=D',
      'meta name=keywords content=a, b',
      'meta name=docsearch:language content=en',
      'meta name=docsearch:version content=current',
      'link rel=canonical href=https://glint.example/en/docs/x',
      'link rel=alternate hreflang=zh-CN href=https://glint.example/docs/x',
      'link rel=alternate hreflang=en href=https://glint.example/en/docs/x',
      'link rel=alternate hreflang=x-default href=https://glint.example/docs/x',
      'meta property=og:type content=website',
      'meta property=og:site_name content=Glint Translate',
      'meta property=og:title content=T',
      'meta property=og:description content=D',
      'meta property=og:url content=https://glint.example/en/docs/x',
      'meta property=og:locale content=en_US',
      'meta property=og:locale:alternate content=zh_CN',
      'meta property=og:image content=https://glint.example/img/card.png',
      'meta name=twitter:card content=summary_large_image',
      'meta name=twitter:title content=T',
      'meta name=twitter:description content=D',
      'meta name=twitter:image content=https://glint.example/img/card.png',
      'link rel=alternate type=text/markdown href=https://glint.example/en/docs/x.md',
    ]);
  });

  it("gives a post its article tags and schema.org data, its authors' addresses made absolute", () => {
    const summary = { title: 'V', href: '/en/blog/v', date: '2024-06-18', tags: [{ label: 'Releases', href: '/en/blog/tags/release' }], readingMinutes: 1, untranslated: false, authors: [{ name: 'Team', page: '/en/blog/authors/团队', image: 'https://cdn.example/a.png' }, { name: 'Mail', url: 'mailto:a@b.example' }] };
    const tags = pageHead(site, route('/en/blog/v', { kind: 'post', post: summary, toc: [], prev: null, next: null }, { image: '' }));
    expect(find(tags, 'meta property=article')).toEqual(['meta property=article:published_time content=2024-06-18', 'meta property=article:tag content=Releases']);
    expect(find(tags, 'meta name=twitter:card')).toEqual(['meta name=twitter:card content=summary']);
    expect(find(tags, 'meta property=og:image')).toEqual([]);
    expect(tags.at(-1)).toEqual({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      json: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'T',
        description: 'Translate what you select',
        datePublished: '2024-06-18',
        author: [{ '@type': 'Person', name: 'Team', url: 'https://glint.example/en/blog/authors/%E5%9B%A2%E9%98%9F', image: 'https://cdn.example/a.png' }, { '@type': 'Person', name: 'Mail' }],
        keywords: ['Releases'],
        url: 'https://glint.example/en/blog/v',
        mainEntityOfPage: 'https://glint.example/en/blog/v',
        inLanguage: 'en',
        publisher: { '@type': 'Organization', name: 'Glint Translate', url: 'https://glint.example/' },
      },
    });
  });

  it("titles the home page's card with the site's name, and gives schema.org data only at the canonical address of an indexed page", () => {
    const home = pageHead(site, route('/en/', { kind: 'home' }));
    expect(find(home, 'meta property=og:title')).toEqual(['meta property=og:title content=Glint Translate']);
    expect(find(home, 'script')).toEqual(['script type=application/ld+json {"@context":"https://schema.org","@type":"WebSite","name":"Glint Translate","url":"https://glint.example/en/","inLanguage":"en"}']);
    expect(find(pageHead(site, route('/en/home', { kind: 'home' }, { canonical: '/en/' })), 'script')).toEqual([]);
    expect(find(pageHead(site, route('/en/', { kind: 'home' }, { noindex: true })), 'script')).toEqual([]);
  });
});
