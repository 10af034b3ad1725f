import { describe, expect, it } from 'vitest';
import { placeDocs, resolveSidebars } from '../../../src/routes/docRoutes.js';
import { indexPages, placeIndexes } from '../../../src/routes/generatedIndex.js';
import type { GeneratedIndex, SidebarSpec } from '../../../src/routes/sidebars.js';
import type { Entry } from '../../../src/types.js';
import { entry, siteConfig } from './fixtures.js';

const file = 'content/sidebars.yaml';
const doc = (id: string): SidebarSpec => ({ type: 'doc', id, line: 1 });
const indexed = (label: string | Record<string, string>, items: SidebarSpec[], index: Partial<GeneratedIndex> = {}, line = 1): SidebarSpec => ({ type: 'category', label, collapsed: true, items, line, index: { file, line, ...index } });
const paths = (items: SidebarSpec[]): (string | undefined)[] => items.flatMap((item) => (item.type === 'category' ? [item.index?.path, ...paths(item.items)] : []));

describe('placeIndexes', () => {
  it("places an index at /docs/ and its slug, else at /docs/category/ and its label in the default locale, slugified, a second alike numbered", () => {
    const sidebars = {
      a: [indexed({ 'zh-Hans': '入门 指南', en: 'Getting started' }, [doc('x')]), indexed('Getting Started', [indexed('API', [doc('y')], { slug: '/reference/api/' })])],
      b: [indexed('入门 指南', [doc('z')])],
    };
    const placed = placeIndexes({ sidebars, file, diagnostics: [] }, 'zh-Hans');
    expect(placed.diagnostics).toEqual([]);
    expect(paths(placed.sidebars.sidebars.a!)).toEqual(['/docs/category/入门-指南', '/docs/category/getting-started', '/docs/reference/api']);
    expect(paths(placed.sidebars.sidebars.b!)).toEqual(['/docs/category/入门-指南-1']);
  });

  it('is an error at the second of two indexes at one address, which gets none', () => {
    const placed = placeIndexes({ sidebars: { a: [indexed('API', [doc('x')], {}, 2), indexed('Other', [doc('y')], { slug: 'category/api', file: 'content/zh-Hans/docs/o/_category_.yml', line: 3 }, 5)] }, file, diagnostics: [] }, 'zh-Hans');
    expect(placed.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(['content/zh-Hans/docs/o/_category_.yml:3 the category\'s generated index would be at /docs/category/api, as is the one of content/sidebars.yaml:2']);
    expect(paths(placed.sidebars.sidebars.a!)).toEqual(['/docs/category/api', undefined]);
  });
});

describe('indexPages', () => {
  const specs = placeIndexes(
    {
      sidebars: {
        main: [
          doc('intro'),
          indexed({ 'zh-Hans': '教程', en: 'Tutorial' }, [doc('tutorial/start'), { type: 'category', label: '进阶', collapsed: true, items: [doc('tutorial/deep/a'), doc('tutorial/deep/b')], line: 1 }, { type: 'href', label: 'GitHub', href: 'https://github.com/x', line: 1 }], { description: { 'zh-Hans': '五分钟', en: 'Five minutes' } }),
          doc('faq'),
        ],
      },
      file,
      diagnostics: [],
    },
    'zh-Hans',
  ).sidebars.sidebars;
  const docs = (locale: string, titles: Record<string, string>, descriptions: Record<string, string> = {}) => new Map<string, Entry>(Object.entries(titles).map(([id, title]) => [id, entry({ section: 'docs', id, title, locale, description: descriptions[id] ?? '' })]));

  it("makes each locale a page of the category's items with their descriptions, in the sidebar's place of the category", () => {
    const en = docs('en', { intro: 'Intro', 'tutorial/start': 'Start', 'tutorial/deep/a': 'A', 'tutorial/deep/b': 'B', faq: 'FAQ' }, { 'tutorial/start': 'Begin here' });
    const resolved = resolveSidebars(siteConfig(), specs, en, 'en', 'zh-Hans');
    const [page] = indexPages({ specs, resolved, places: placeDocs(resolved), docs: en, locale: 'en', defaultLocale: 'zh-Hans' });
    expect(page).toMatchObject({ localPath: '/docs/category/教程', title: 'Tutorial', description: 'Five minutes', source: file });
    expect(page!.data).toMatchObject({
      kind: 'generatedIndex',
      docId: '/docs/category/教程',
      sidebar: 'main',
      breadcrumbs: [{ label: 'Tutorial', href: '/en/docs/category/教程' }],
      description: 'Five minutes',
      cards: [
        { label: 'Start', href: '/en/docs/tutorial/start', description: 'Begin here' },
        { label: '进阶', href: '/en/docs/tutorial/deep/a', description: '', count: 2 },
        { label: 'GitHub', href: 'https://github.com/x', description: '', external: true },
      ],
      prev: { label: 'Intro', href: '/en/docs/intro' },
      next: { label: 'Start', href: '/en/docs/tutorial/start' },
    });
  });

  it("labels its previous / next docs by their pagination_label when they have one", () => {
    const en = docs('en', { intro: 'Intro', 'tutorial/start': 'Start', 'tutorial/deep/a': 'A', 'tutorial/deep/b': 'B', faq: 'FAQ' });
    en.set('intro', { ...en.get('intro')!, paginationLabel: 'Back to the intro' });
    const resolved = resolveSidebars(siteConfig(), specs, en, 'en', 'zh-Hans');
    const [page] = indexPages({ specs, resolved, places: placeDocs(resolved), docs: en, locale: 'en', defaultLocale: 'zh-Hans' });
    expect(page!.data).toMatchObject({ prev: { label: 'Back to the intro', href: '/en/docs/intro' }, next: { label: 'Start' } });
  });

  it('takes the title from the link when it has one', () => {
    const titled = placeIndexes({ sidebars: { main: [indexed('Tutorial', [doc('a')], { title: { 'zh-Hans': '教程一览', en: 'All of the tutorial' } })] }, file, diagnostics: [] }, 'zh-Hans').sidebars.sidebars;
    const zh = docs('zh-Hans', { a: 'A' });
    const resolved = resolveSidebars(siteConfig(), titled, zh, 'zh-Hans', 'zh-Hans');
    expect(indexPages({ specs: titled, resolved, places: placeDocs(resolved), docs: zh, locale: 'zh-Hans', defaultLocale: 'zh-Hans' }).map((p) => [p.title, p.localPath, p.data.breadcrumbs])).toEqual([['教程一览', '/docs/category/tutorial', [{ label: 'Tutorial', href: '/docs/category/tutorial' }]]]);
  });
});
