import { describe, expect, it } from 'vitest';
import { displayedPlaces, docRouteData, placeDocs, resolveSidebars, tocOf } from '../../../src/routes/docRoutes.js';
import type { SidebarSpec } from '../../../src/routes/sidebars.js';
import type { Entry, Heading } from '../../../src/types.js';
import { entry, siteConfig } from './fixtures.js';

const doc = (spec: string, line = 1): SidebarSpec => ({ type: 'doc', id: spec, line });
const category = (label: string | Record<string, string>, items: SidebarSpec[], collapsed = true): Extract<SidebarSpec, { type: 'category' }> => ({ type: 'category', label, collapsed, items, line: 1 });

const specs: Record<string, SidebarSpec[]> = {
  guides: [
    doc('guides/summary'),
    category({ 'zh-Hans': '划词翻译', en: 'Selection translation' }, [doc('guides/card'), doc('guides/panel')], false),
    category('PDF', [category({ 'zh-Hans': '阅读器' }, [doc('guides/pdf-reader')])]),
  ],
  faqs: [doc('faqs/index'), doc('faqs/safe-mode')],
};

function docsOf(locale: 'zh-Hans' | 'en', titles: Record<string, string>, extra: Record<string, Partial<Entry>> = {}): Map<string, Entry> {
  return new Map(Object.entries(titles).map(([id, title]) => [id, entry({ section: 'docs', id, title, locale, ...extra[id] })]));
}

const zhDocs = docsOf('zh-Hans', { 'guides/summary': '功能概览', 'guides/card': '翻译卡片', 'guides/panel': '翻译面板', 'guides/pdf-reader': 'PDF 阅读器', 'faqs/index': '常见问题', 'faqs/safe-mode': '安全模式' }, {
  'guides/card': { sidebarLabel: '卡片' },
  'faqs/index': { localPath: '/docs/faqs/' },
});
const enDocs = docsOf('en', { 'guides/summary': 'Overview', 'guides/card': 'Translation card', 'guides/panel': 'Translation panel', 'guides/pdf-reader': 'PDF reader', 'faqs/index': 'FAQ', 'faqs/safe-mode': 'Safe mode' });

describe('resolveSidebars', () => {
  it('labels docs with their sidebar label or title and links their permalink, per locale', () => {
    const zh = resolveSidebars(siteConfig(), specs, zhDocs, 'zh-Hans', 'zh-Hans');
    expect(zh.faqs).toEqual([
      { type: 'link', label: '常见问题', href: '/docs/faqs/', docId: 'faqs/index' },
      { type: 'link', label: '安全模式', href: '/docs/faqs/safe-mode', docId: 'faqs/safe-mode' },
    ]);
    expect(zh.guides[1]).toEqual({
      type: 'category',
      label: '划词翻译',
      collapsed: false,
      items: [
        { type: 'link', label: '卡片', href: '/docs/guides/card', docId: 'guides/card' },
        { type: 'link', label: '翻译面板', href: '/docs/guides/panel', docId: 'guides/panel' },
      ],
    });
  });

  it("marks the link to an untranslated doc's copy, whose label is in the default locale's language", () => {
    const en = resolveSidebars(siteConfig(), specs, docsOf('en', { 'faqs/index': 'FAQ', 'faqs/safe-mode': '安全模式' }, { 'faqs/safe-mode': { untranslated: true } }), 'en', 'zh-Hans');
    expect(en.faqs).toEqual([
      { type: 'link', label: 'FAQ', href: '/en/docs/faqs/index', docId: 'faqs/index' },
      { type: 'link', label: '安全模式', href: '/en/docs/faqs/safe-mode', docId: 'faqs/safe-mode', lang: 'zh-CN' },
    ]);
  });

  it('labels categories in the locale, falling back to the default locale', () => {
    const en = resolveSidebars(siteConfig(), specs, enDocs, 'en', 'zh-Hans');
    const labels = (items: typeof en.guides): string[] => items.flatMap((i) => (i.type === 'category' ? [i.label, ...labels(i.items)] : [i.label]));
    expect(labels(en.guides)).toEqual(['Overview', 'Selection translation', 'Translation card', 'Translation panel', 'PDF', '阅读器', 'PDF reader']);
    expect(en.guides[0]).toMatchObject({ href: '/en/docs/guides/summary' });
  });

  it('keeps categories collapsed unless told otherwise', () => {
    const zh = resolveSidebars(siteConfig(), specs, zhDocs, 'zh-Hans', 'zh-Hans');
    expect(zh.guides.filter((i) => i.type === 'category').map((i) => i.type === 'category' && i.collapsed)).toEqual([false, true]);
  });

  it('leaves out docs this locale does not have (drafts)', () => {
    const partial = new Map([...zhDocs].filter(([id]) => id !== 'faqs/safe-mode'));
    expect(resolveSidebars(siteConfig(), specs, partial, 'zh-Hans', 'zh-Hans').faqs.map((i) => i.label)).toEqual(['常见问题']);
  });

  it('leaves out a category left with nothing in it, its generated index with it, unless it has a doc of its own', () => {
    const index = { file: 'content/sidebars.yaml', line: 1, path: '/docs/category/pdf' };
    const empty: Record<string, SidebarSpec[]> = {
      guides: [doc('guides/summary'), { ...category('PDF', [doc('guides/pdf-reader')]), index }, category('None', []), { ...category('FAQ', [doc('faqs/safe-mode')]), link: 'faqs/index' }],
    };
    const partial = new Map([...zhDocs].filter(([id]) => id !== 'guides/pdf-reader' && id !== 'faqs/safe-mode'));
    expect(resolveSidebars(siteConfig(), empty, partial, 'zh-Hans', 'zh-Hans').guides).toEqual([
      { type: 'link', label: '功能概览', href: '/docs/guides/summary', docId: 'guides/summary' },
      { type: 'category', label: 'FAQ', collapsed: true, items: [], href: '/docs/faqs/', docId: 'faqs/index' },
    ]);
    expect(resolveSidebars(siteConfig(), empty, zhDocs, 'zh-Hans', 'zh-Hans').guides![1]).toMatchObject({ label: 'PDF', href: '/docs/category/pdf', docId: '/docs/category/pdf' });
  });
});

describe('placeDocs', () => {
  const places = placeDocs(resolveSidebars(siteConfig(), specs, zhDocs, 'zh-Hans', 'zh-Hans'));

  it('knows the sidebar and the categories above each doc', () => {
    expect(places.get('guides/summary')).toMatchObject({ sidebar: 'guides', trail: [], index: 0 });
    expect(places.get('guides/panel')).toMatchObject({ sidebar: 'guides', trail: [{ label: '划词翻译', href: '' }], index: 2 });
    expect(places.get('guides/pdf-reader')).toMatchObject({ sidebar: 'guides', trail: [{ label: 'PDF', href: '' }, { label: '阅读器', href: '' }], index: 3 });
    expect(places.get('faqs/safe-mode')).toMatchObject({ sidebar: 'faqs', index: 1 });
  });

  it('does not place docs that are in no sidebar', () => {
    expect(places.has('log/v11')).toBe(false);
  });

  it('resolves a link that is no doc in each locale (a site path under its prefix, another site as written) and leaves it out of the reading order', () => {
    const specs: Record<string, SidebarSpec[]> = {
      faqs: [doc('faqs/index'), { type: 'href', label: { 'zh-Hans': '公告', en: 'News' }, href: '/blog', line: 3 }, { type: 'href', label: 'GitHub', href: 'https://github.com/example', line: 4 }, doc('guides/card')],
    };
    const written: Record<string, SidebarSpec[]> = { faqs: [{ type: 'href', label: 'EN', href: '/en/blog', line: 1 }, { type: 'href', label: 'Map', href: '/sitemap.xml', line: 2 }] };
    expect(resolveSidebars(siteConfig(), written, enDocs, 'en', 'zh-Hans').faqs!.map((item) => (item as { href: string }).href)).toEqual(['/en/blog', '/sitemap.xml']);
    const en = resolveSidebars(siteConfig(), specs, enDocs, 'en', 'zh-Hans');
    expect(en.faqs!.slice(1, 3)).toEqual([
      { type: 'link', label: 'News', href: '/en/blog', docId: '' },
      { type: 'link', label: 'GitHub', href: 'https://github.com/example', docId: '', external: true },
    ]);
    const places = placeDocs(en);
    expect(places.get('faqs/index')).toMatchObject({ index: 0 });
    expect(places.get('guides/card')).toMatchObject({ index: 1 });
    expect(places.get('faqs/index')!.flat.map((item) => item.docId)).toEqual(['faqs/index', 'guides/card']);
  });

  it("places a category's own doc before its items, with the categories above it as its way there, each leading to its page", () => {
    const specs: Record<string, SidebarSpec[]> = { faqs: [{ type: 'category', label: 'FAQ', collapsed: true, items: [doc('guides/card')], line: 1, link: 'faqs/index' }] };
    const en = resolveSidebars(siteConfig(), specs, enDocs, 'en', 'zh-Hans');
    expect(en.faqs![0]).toMatchObject({ type: 'category', label: 'FAQ', href: enDocs.get('faqs/index')!.permalink, docId: 'faqs/index' });
    const places = placeDocs(en);
    expect(places.get('faqs/index')).toMatchObject({ index: 0, trail: [] });
    expect(places.get('guides/card')).toMatchObject({ index: 1, trail: [{ label: 'FAQ', href: enDocs.get('faqs/index')!.permalink }] });
  });

  it("gives a doc's item its sidebar_class_name and sidebar_custom_props, as keys only when it has them", () => {
    const dressed = new Map([...zhDocs].map(([id, doc]) => [id, id === 'faqs/index' ? { ...doc, sidebarClassName: 'new beta', sidebarCustomProps: { badge: 'new' } } : doc]));
    const zh = resolveSidebars(siteConfig(), { ...specs, cat: [{ type: 'category', label: 'C', collapsed: true, items: [doc('guides/card')], line: 1, className: 'cat', customProps: { n: 1 } }] }, dressed, 'zh-Hans', 'zh-Hans');
    expect(zh.faqs).toEqual([
      { type: 'link', label: '常见问题', href: '/docs/faqs/', docId: 'faqs/index', className: 'new beta', customProps: { badge: 'new' } },
      { type: 'link', label: '安全模式', href: '/docs/faqs/safe-mode', docId: 'faqs/safe-mode' },
    ]);
    expect(zh.cat![0]).toMatchObject({ type: 'category', className: 'cat', customProps: { n: 1 } });
    expect(JSON.stringify(zh.guides)).not.toMatch(/className|customProps/);
  });

  it("gives a sidebars.yaml doc item's own label, class names and props (Docusaurus's { type: doc, id, label }) before the doc's, and a link's its own", () => {
    const dressed = new Map([...zhDocs].map(([id, doc]) => [id, id === 'faqs/index' ? { ...doc, sidebarClassName: 'from-doc' } : doc]));
    const zh = resolveSidebars(siteConfig(), { s: [{ type: 'doc', id: 'faqs/index', line: 1, label: { 'zh-Hans': '问答', en: 'Q&A' }, className: 'from-item' }, { type: 'doc', id: 'faqs/safe-mode', line: 2, customProps: { n: 1 } }, { type: 'href', label: 'GitHub', href: 'https://github.com/x', line: 3, className: 'ext' }] }, dressed, 'zh-Hans', 'zh-Hans');
    expect(zh.s).toEqual([
      { type: 'link', label: '问答', href: '/docs/faqs/', docId: 'faqs/index', className: 'from-item' },
      { type: 'link', label: '安全模式', href: '/docs/faqs/safe-mode', docId: 'faqs/safe-mode', customProps: { n: 1 } },
      { type: 'link', label: 'GitHub', href: 'https://github.com/x', docId: '', external: true, className: 'ext' },
    ]);
    // The previous / next links call the doc by its label in the sidebar.
    expect(placeDocs(zh).get('faqs/safe-mode')!.flat[0]!.label).toBe('问答');
  });

  it('keeps the first sidebar of a doc listed twice', () => {
    const twice = placeDocs(resolveSidebars(siteConfig(), { a: [doc('faqs/index')], b: [doc('guides/card'), doc('faqs/index')] }, zhDocs, 'zh-Hans', 'zh-Hans'));
    expect(twice.get('faqs/index')).toMatchObject({ sidebar: 'a', index: 0 });
  });
});

describe('docRouteData', () => {
  const config = siteConfig();
  const zhSidebars = resolveSidebars(siteConfig(), specs, zhDocs, 'zh-Hans', 'zh-Hans');
  const places = placeDocs(zhSidebars);
  const data = (id: string, docs = zhDocs, where = places) => docRouteData(config, docs.get(id)!, where.get(id), []);

  it('links previous and next in sidebar order, across categories', () => {
    expect(data('guides/summary')).toMatchObject({ prev: null, next: { label: '卡片', href: '/docs/guides/card' } });
    expect(data('guides/panel')).toMatchObject({ prev: { label: '卡片', href: '/docs/guides/card' }, next: { label: 'PDF 阅读器', href: '/docs/guides/pdf-reader' } });
    expect(data('guides/pdf-reader')).toMatchObject({ prev: { label: '翻译面板' }, next: null });
  });

  it('does not link across sidebars', () => {
    expect(data('faqs/index')).toMatchObject({ sidebar: 'faqs', prev: null, next: { label: '安全模式' } });
  });

  it('builds breadcrumbs through the categories to the doc', () => {
    expect(data('guides/pdf-reader')).toMatchObject({
      breadcrumbs: [
        { label: 'PDF', href: '' },
        { label: '阅读器', href: '' },
        { label: 'PDF 阅读器', href: '/docs/guides/pdf-reader' },
      ],
    });
  });

  it('uses the English labels on English pages', () => {
    const enPlaces = placeDocs(resolveSidebars(siteConfig(), specs, enDocs, 'en', 'zh-Hans'));
    expect(data('guides/card', enDocs, enPlaces)).toMatchObject({
      breadcrumbs: [{ label: 'Selection translation', href: '' }, { label: 'Translation card', href: '/en/docs/guides/card' }],
      prev: { label: 'Overview', href: '/en/docs/guides/summary' },
      next: { label: 'Translation panel', href: '/en/docs/guides/panel' },
    });
  });

  it('gives a doc in no sidebar no sidebar, no neighbours and a one-item breadcrumb', () => {
    const orphan = entry({ section: 'docs', id: 'log/v11', title: '11.x 更新日志' });
    expect(docRouteData(config, orphan, undefined, [])).toMatchObject({
      kind: 'doc',
      docId: 'log/v11',
      sidebar: null,
      breadcrumbs: [{ label: '11.x 更新日志', href: '/docs/log/v11' }],
      prev: null,
      next: null,
    });
  });

  it('shows the last update only when configured', () => {
    const dated = entry({ section: 'docs', id: 'log/v11', title: '11.x', lastUpdated: '2024-06-18' });
    expect(docRouteData(config, dated, undefined, [])).toMatchObject({ lastUpdated: '2024-06-18' });
    expect(docRouteData(siteConfig({ docs: { showLastUpdateTime: false } }), dated, undefined, [])).toMatchObject({ lastUpdated: null });
  });

  it('builds the edit link from editUrl and the file path under the content folder', () => {
    const card = zhDocs.get('guides/card')!;
    expect(docRouteData(config, card, undefined, [])).toMatchObject({ editUrl: null });
    const edit = (extra: Parameters<typeof siteConfig>[0], file: string) => docRouteData(siteConfig(extra), { ...card, file }, undefined, []);
    expect(edit({ docs: { editUrl: 'https://github.com/glint/docs/edit/main/content' } }, 'content/zh-Hans/docs/guides/card.md')).toMatchObject({
      editUrl: 'https://github.com/glint/docs/edit/main/content/zh-Hans/docs/guides/card.md',
    });
    expect(edit({ docs: { editUrl: 'https://github.com/glint/docs/edit/main/site/' }, contentDir: 'site' }, 'site/en/docs/guides/card.md')).toMatchObject({
      editUrl: 'https://github.com/glint/docs/edit/main/site/en/docs/guides/card.md',
    });
  });

  it("labels a neighbour by its pagination_label, in sidebar order and when pagination_prev / pagination_next names it; its own label stays its sidebar label", () => {
    const labelled = new Map([...zhDocs].map(([id, doc]) => [id, id === 'guides/card' ? { ...doc, paginationLabel: '从卡片开始' } : id === 'faqs/safe-mode' ? { ...doc, paginationLabel: '安全' } : doc]));
    const where = placeDocs(resolveSidebars(siteConfig(), specs, labelled, 'zh-Hans', 'zh-Hans'));
    const of = (id: string, doc = labelled.get(id)!) => docRouteData(config, doc, where.get(id), [], labelled);
    expect(of('guides/summary')).toMatchObject({ next: { label: '从卡片开始', href: '/docs/guides/card' } });
    expect(of('guides/panel')).toMatchObject({ prev: { label: '从卡片开始' } });
    expect(of('guides/card')).toMatchObject({ breadcrumbs: [{ label: '划词翻译' }, { label: '卡片' }] });
    expect(of('guides/summary', { ...labelled.get('guides/summary')!, pagination: { next: 'faqs/safe-mode' } })).toMatchObject({ next: { label: '安全', href: '/docs/faqs/safe-mode' } });
  });

  it('shows the author of the last update beside its date, only when the date is shown', () => {
    const dated = entry({ section: 'docs', id: 'log/v11', title: '11.x', lastUpdated: '2024-06-18', lastUpdatedBy: 'Jane' });
    expect(docRouteData(config, dated, undefined, [])).toMatchObject({ lastUpdated: '2024-06-18', lastUpdatedBy: 'Jane' });
    expect(docRouteData(siteConfig({ docs: { showLastUpdateTime: false } }), dated, undefined, [])).not.toHaveProperty('lastUpdatedBy');
    expect(docRouteData(config, { ...dated, lastUpdatedBy: undefined }, undefined, [])).not.toHaveProperty('lastUpdatedBy');
  });

  it('carries the untranslated mark and the hide-toc option', () => {
    const fallback = { ...zhDocs.get('guides/card')!, locale: 'en', untranslated: true, hideToc: true };
    expect(docRouteData(config, fallback, undefined, [])).toMatchObject({ untranslated: true, hideToc: true });
  });
});

describe('tocOf', () => {
  const headings: Heading[] = [
    { depth: 1, text: '总览', id: '总览' },
    { depth: 2, text: '安装', id: '安装' },
    { depth: 3, text: '离线安装', id: 'offline' },
    { depth: 4, text: '细节', id: '细节' },
  ];

  it('keeps levels 2–3 by default', () => {
    expect(tocOf(siteConfig(), headings).map((h) => h.id)).toEqual(['安装', 'offline']);
  });

  it('follows the configured levels', () => {
    expect(tocOf(siteConfig({ docs: { tocMinLevel: 2, tocMaxLevel: 4 } }), headings).map((h) => h.id)).toEqual(['安装', 'offline', '细节']);
  });

  it('leaves out a heading with no text (`##` alone, warned at its line): an entry of nothing', () => {
    expect(tocOf(siteConfig(), [...headings, { depth: 2, text: '', id: '' }, { depth: 2, text: '', id: '-1' }]).map((h) => h.id)).toEqual(['安装', 'offline']);
  });
});

describe('displayedPlaces', () => {
  const zh = resolveSidebars(siteConfig(), { ...specs, both: [doc('faqs/safe-mode'), doc('guides/card'), doc('faqs/index')], empty: [] }, zhDocs, 'zh-Hans', 'zh-Hans');
  const placeOf = displayedPlaces(zh, placeDocs(zh));
  const shown = (id: string, displayedSidebar?: string | null) => {
    const shownDoc = { ...zhDocs.get(id)!, ...(displayedSidebar !== undefined ? { displayedSidebar } : {}) };
    return docRouteData(siteConfig(), shownDoc, placeOf(shownDoc), [], zhDocs);
  };

  it('places a doc without displayed_sidebar in the first sidebar that lists it', () => {
    expect(shown('guides/card')).toMatchObject({ sidebar: 'guides', prev: { label: '功能概览' }, next: { label: '翻译面板' } });
  });

  it('takes the sidebar, breadcrumbs and previous / next links of the sidebar displayed_sidebar names, among those that list the doc', () => {
    expect(shown('guides/card', 'both')).toMatchObject({ sidebar: 'both', sidebarItems: zh.both, breadcrumbs: [{ label: '卡片' }], prev: { label: '安全模式', href: '/docs/faqs/safe-mode' }, next: { label: '常见问题', href: '/docs/faqs/' } });
    expect(shown('guides/card', 'guides')).toMatchObject({ sidebar: 'guides', prev: { label: '功能概览' } });
  });

  it('shows a sidebar that does not list the doc with no previous / next links and a one-item breadcrumb, as Docusaurus does', () => {
    expect(shown('guides/summary', 'faqs')).toMatchObject({ sidebar: 'faqs', sidebarItems: zh.faqs, breadcrumbs: [{ label: '功能概览', href: '/docs/guides/summary' }], prev: null, next: null });
  });

  it('shows none for null, or for a sidebar empty in this locale; one that is no sidebar (its error told) leaves the doc its own place', () => {
    expect(shown('guides/card', null)).toMatchObject({ sidebar: null, sidebarItems: null, breadcrumbs: [{ label: '卡片' }], prev: null, next: null });
    expect(shown('guides/card', 'empty')).toMatchObject({ sidebar: null, prev: null, next: null });
    expect(shown('guides/card', 'guide')).toMatchObject({ sidebar: 'guides', next: { label: '翻译面板' } });
    expect(shown('guides/card', 'toString')).toMatchObject({ sidebar: 'guides' });
  });
});
