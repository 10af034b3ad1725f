import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDisplayedSidebars, checkSidebarIds, loadSidebars } from '../../../src/routes/sidebars.js';
import type { Entry } from '../../../src/types.js';
import { entry, siteConfig } from './fixtures.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes `content/sidebars.yaml` (text or bytes, or nothing) into a new project folder and loads it. */
async function load(source: string | Uint8Array | null) {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-sidebars-'));
  roots.push(root);
  mkdirSync(join(root, 'content'));
  if (source !== null) writeFileSync(join(root, 'content/sidebars.yaml'), source);
  return loadSidebars(siteConfig({}, join(root, 'site.config.ts')));
}

const errors = (result: { diagnostics: { line?: number; column?: number; message: string }[] }) =>
  result.diagnostics.map((d) => `${d.line}${d.column ? `:${d.column}` : ''} ${d.message}`);

const GUIDES = `guides:
  - guides/summary
  - label: { zh-Hans: 划词翻译, en: Selection translation }
    collapsed: false
    items:
      - guides/card
      - guides/panel
  - label: PDF
    items: [guides/pdf-reader]
faqs:
  - faqs/index
`;

describe('loadSidebars', () => {
  it("keeps sidebars.yaml's parse and each docs version's in the build cache together: a build that reads them all finds them all the next time", async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-sidebars-'));
    roots.push(root);
    mkdirSync(join(root, 'content/versioned_sidebars'), { recursive: true });
    writeFileSync(join(root, 'content/sidebars.yaml'), GUIDES);
    writeFileSync(join(root, 'content/versioned_sidebars/version-1.x-sidebars.yaml'), 'faqs:\n  - faqs/index\n');
    const config = siteConfig({}, join(root, 'site.config.ts'));
    const cacheDir = join(root, '.sitegen-cache');
    const entries = () => Object.keys((JSON.parse(readFileSync(join(cacheDir, 'sidebars-v1.json'), 'utf8').slice(9)) as { entries: object }).entries).length;
    // As a build reads them: sidebars.yaml, then each version's file.
    for (let build = 0; build < 2; build++) {
      const current = await loadSidebars(config, cacheDir);
      const version = await loadSidebars(config, cacheDir, 'versioned_sidebars/version-1.x-sidebars.yaml');
      expect([Object.keys(current.sidebars), Object.keys(version.sidebars)]).toEqual([['guides', 'faqs'], ['faqs']]);
      expect(entries()).toBe(2);
    }
  });

  it('reports a category label split by an unquoted comma (YAML flow mappings split on commas)', async () => {
    const result = await load('guides:\n  - guides/summary\n  - label: { zh-Hans: 浏览器、数据, en: Browser, data and safety }\n    items: [faqs/safe]\n');
    expect(errors(result)).toEqual(['3 category label: "data and safety" is not a locale with a text (zh-Hans, en); quote labels that contain a comma']);
  });

  it('refuses a collapsed that is not true or false (YAML 1.2 reads `no` as a string), and warns of a label missing a locale', async () => {
    const result = await load('guides:\n  - label: { zh-Hans: 划词翻译 }\n    collapsed: no\n    items: [guides/card]\n');
    expect(result.diagnostics.map((d) => `${d.severity} ${d.line} ${d.message}`)).toEqual([
      "warning 2 category label has no en text: those pages show another locale's label",
      'error 3 collapsed must be true or false, got "no"',
    ]);
  });

  it('reads sidebars of doc ids and categories with their lines', async () => {
    const result = await load(GUIDES);
    expect(result.file).toBe('content/sidebars.yaml');
    expect(result.diagnostics).toEqual([]);
    expect(result.sidebars).toEqual({
      guides: [
        { type: 'doc', id: 'guides/summary', line: 2 },
        {
          type: 'category',
          label: { 'zh-Hans': '划词翻译', en: 'Selection translation' },
          collapsed: false,
          items: [
            { type: 'doc', id: 'guides/card', line: 6 },
            { type: 'doc', id: 'guides/panel', line: 7 },
          ],
          line: 3,
        },
        { type: 'category', label: 'PDF', collapsed: true, items: [{ type: 'doc', id: 'guides/pdf-reader', line: 9 }], line: 8 },
      ],
      faqs: [{ type: 'doc', id: 'faqs/index', line: 11 }],
    });
  });

  it('gives no sidebars and no error when the file does not exist', async () => {
    expect(await load(null)).toEqual({ sidebars: {}, file: 'content/sidebars.yaml', diagnostics: [] });
  });

  it('reports invalid YAML at its line and column', async () => {
    expect(errors(await load('guides:\n  - guides/summary\n  guides/card: x\n'))).toEqual([
      '3:1 invalid YAML: All mapping items must start at the same column',
    ]);
  });

  it('reports an unclosed [ list where it opens, not on the line after it where YAML notices it', async () => {
    expect(errors(await load('guides:\n  - guides/summary\n  - [guides/card\n'))).toEqual(['3:5 invalid YAML: the [ … ] list that starts here is never closed']);
  });

  it('reports an unclosed quote where it opens', async () => {
    expect(errors(await load('guides:\n  - "guides/summary\n  - guides/card\n'))).toEqual(['2:5 invalid YAML: the double-quoted value that starts here is never closed']);
  });

  it('reports invalid UTF-8 at its line and column', async () => {
    const bytes = Buffer.concat([Buffer.from('guides:\n  - 指南/'), Buffer.from([0xff]), Buffer.from('\n')]);
    expect(errors(await load(bytes))).toEqual(['2:8 invalid UTF-8 at byte 19']);
  });

  it('reports a file that is not a mapping', async () => {
    expect(errors(await load('- guides/summary\n- guides/card\n'))).toEqual(['1 expected a mapping of sidebar names to lists']);
  });

  it('reports a sidebar whose name is a list or a mapping at its line, rather than dropping it', async () => {
    expect(errors(await load('guides:\n  - guides/summary\n? [a, b]\n: - guides/card\n'))).toEqual(['3 a sidebar\'s name is a word (guides), not a list or a mapping']);
  });

  it('reports a sidebar that is not a list at its line', async () => {
    expect(errors(await load('guides:\n  - guides/summary\nfaqs: faqs/index\nlogs:\n'))).toEqual([
      '3 expected a list of doc ids and categories',
      '4 expected a list of doc ids and categories',
    ]);
  });

  it('reports an entry that is neither a doc id nor a category at its line', async () => {
    expect(errors(await load('guides:\n  - guides/summary\n  - 42\n  - [guides/card]\n'))).toEqual([
      '3 expected a doc id, a category { label, items }, a link { label, href } or a folder { autogenerated: guides }',
      '4 expected a doc id, a category { label, items }, a link { label, href } or a folder { autogenerated: guides }',
    ]);
  });

  it("reads an autogenerated folder, as sitegen writes it or as Docusaurus does, left for the content to expand", async () => {
    const ok = await load('main:\n  - intro\n  - autogenerated: .\nguides:\n  - { type: autogenerated, dirName: ./guides/ }\n  - label: PDF\n    items:\n      - autogenerated: guides/pdf\n');
    expect(errors(ok)).toEqual([]);
    expect(ok.sidebars).toEqual({
      main: [
        { type: 'doc', id: 'intro', line: 2 },
        { type: 'autogenerated', dir: '.', line: 3 },
      ],
      guides: [
        { type: 'autogenerated', dir: 'guides', line: 5 },
        { type: 'category', label: 'PDF', collapsed: true, items: [{ type: 'autogenerated', dir: 'guides/pdf', line: 8 }], line: 6 },
      ],
    });
    // A folder named by a number, which YAML reads as one.
    const year = await load('news:\n  - autogenerated: 2024\n');
    expect(errors(year)).toEqual([]);
    expect(year.sidebars.news).toEqual([{ type: 'autogenerated', dir: '2024', line: 2 }]);
  });

  it('reports an autogenerated item with a folder that is none, or an unknown key, at its line', async () => {
    expect(errors(await load('main:\n  - autogenerated:\n  - autogenerated: ../en/docs\n  - { type: autogenerated, dirName: /guides }\n  - { autogenerated: guides, collapsed: false }\n  - { type: autogenerated, dir: guides }\n'))).toEqual([
      '2 autogenerated is a folder under docs/: guides, or . for all the docs',
      '3 autogenerated is a folder under docs/: guides, or . for all the docs',
      '4 dirName is a folder under docs/: guides, or . for all the docs',
      '5 unknown key "collapsed" in an autogenerated item (autogenerated)',
      '6 unknown key "dir" in an autogenerated item (type, dirName)',
      '6 dirName is a folder under docs/: guides, or . for all the docs',
    ]);
  });

  it('reads a link that is no doc { label, href }, and reports one with no label, a bad address or an unknown key at its line', async () => {
    const ok = await load('guides:\n  - guides/summary\n  - label: GitHub\n    href: https://github.com/example\n  - { label: { zh-Hans: 公告, en: News }, href: /blog }\n');
    expect(errors(ok)).toEqual([]);
    expect(ok.sidebars.guides).toEqual([
      { type: 'doc', id: 'guides/summary', line: 2 },
      { type: 'href', label: 'GitHub', href: 'https://github.com/example', line: 3 },
      { type: 'href', label: { 'zh-Hans': '公告', en: 'News' }, href: '/blog', line: 5 },
    ]);
    expect(errors(await load('guides:\n  - href: https://github.com/example\n  - label: X\n    href: github.com\n  - label: Y\n    href: /x\n    target: _blank\n  - label: Z\n    href: //example.com/x\n'))).toEqual([
      '2 a link needs a label (a string or one per locale)',
      "4 a link's href is an address: https://… for another site, or /… for a page of this one",
      '5 unknown key "target" in a link (label, href)',
      "9 a link's href is an address: https://… for another site, or /… for a page of this one",
    ]);
  });

  it("reads a category's own doc (link), which counts as the doc's place: unknown, or listed again, at its line", async () => {
    const ok = await load('logs:\n  - label: Changelog\n    link: log/index\n    items: [log/v12]\n');
    expect(errors(ok)).toEqual([]);
    expect(ok.sidebars.logs).toEqual([{ type: 'category', label: 'Changelog', collapsed: true, items: [{ type: 'doc', id: 'log/v12', line: 4 }], line: 2, link: 'log/index' }]);
    const twice = await load('logs:\n  - log/index\n  - label: Changelog\n    link: log/index\n    items: [log/v12]\n  - label: Old\n    link: log/v5\n    items: []\n');
    expect(checkSidebarIds(twice, new Set(['log/index', 'log/v12'])).map((d) => `${d.line} ${d.message}`)).toEqual(['3 doc "log/index" is listed twice (first in sidebar "logs", line 2)', '6 doc "log/v5" does not exist']);
    expect(errors(await load('logs:\n  - label: Changelog\n    link: [log/index]\n    items: [log/v12]\n'))).toEqual(['3 link must be a map with a type, got ["log/index"]']);
  });

  it("reads a category's link as Docusaurus writes it: { type: doc, id }, or { type: generated-index } for a page of its own", async () => {
    const spec = await load('guides:\n  - label: Guides\n    link: { type: doc, id: guides/index }\n    items: [guides/card]\n  - label: { zh-Hans: 教程, en: Tutorial }\n    link:\n      type: generated-index\n      description: Learn\n    items: [guides/panel]\n');
    expect(spec.diagnostics).toEqual([]);
    expect(spec.sidebars.guides).toMatchObject([
      { type: 'category', label: 'Guides', link: 'guides/index' },
      { type: 'category', label: { 'zh-Hans': '教程', en: 'Tutorial' }, index: { description: 'Learn', file: 'content/sidebars.yaml', line: 5 } },
    ]);
    expect(errors(await load('a:\n  - label: A\n    link:\n      type: generated-index\n      slug: a?b\n    items: [x]\n'))).toEqual(['5 link: slug must be an address under /docs/, got "a?b"']);
  });

  it('reports a category without a label, with an unknown key, or without items, at the category', async () => {
    const source = 'guides:\n  - guides/summary\n  - items: [guides/card]\n  - label: 面板\n    itemz: [guides/panel]\n    items: [guides/panel]\n  - label: PDF\n';
    expect(errors(await load(source))).toEqual([
      '3 a category needs a label (a string or one per locale)',
      '4 unknown key "itemz" in a category (label, collapsed, collapsible, items, link)',
      '7 a category needs items (a list of doc ids and categories)',
    ]);
  });
});

describe("loadSidebars, Docusaurus's sidebars.js printed as JSON", () => {
  it('reads typed items: a doc under a label of its own, a link, a category, with their class names, props and key', async () => {
    const json = JSON.stringify({
      guides: [
        'guides/summary',
        { type: 'doc', id: 'guides/card', label: 'The card', className: 'new', customProps: { badge: 'new' }, key: 'card' },
        { type: 'category', label: 'Panels', collapsible: true, collapsed: false, className: 'wide', items: [{ type: 'doc', id: 'guides/panel' }] },
        { type: 'link', label: 'GitHub', href: 'https://github.com/example', className: 'ext' },
        { type: 'autogenerated', dirName: 'faqs' },
      ],
    });
    const spec = await load(json);
    expect(errors(spec)).toEqual([]);
    expect(spec.sidebars.guides).toEqual([
      { type: 'doc', id: 'guides/summary', line: 1 },
      { type: 'doc', id: 'guides/card', line: 1, label: 'The card', className: 'new', customProps: { badge: 'new' } },
      { type: 'category', label: 'Panels', collapsed: false, items: [{ type: 'doc', id: 'guides/panel', line: 1 }], line: 1, className: 'wide' },
      { type: 'href', label: 'GitHub', href: 'https://github.com/example', line: 1, className: 'ext' },
      { type: 'autogenerated', dir: 'faqs', line: 1 },
    ]);
  });

  it('reads the shorthand of categories: Label: [items] in a list, and a sidebar written as such a mapping', async () => {
    const list = await load('guides:\n  - guides/summary\n  - Selection: [guides/card, guides/panel]\n');
    expect(errors(list)).toEqual([]);
    expect(list.sidebars.guides).toEqual([
      { type: 'doc', id: 'guides/summary', line: 2 },
      { type: 'category', label: 'Selection', collapsed: true, items: [{ type: 'doc', id: 'guides/card', line: 3 }, { type: 'doc', id: 'guides/panel', line: 3 }], line: 3 },
    ]);
    const map = await load('guides:\n  Getting started: [intro]\n  Guides:\n    - guides/card\n    - Deeper: [guides/panel]\n');
    expect(errors(map)).toEqual([]);
    expect(map.sidebars.guides).toMatchObject([
      { type: 'category', label: 'Getting started', items: [{ type: 'doc', id: 'intro' }], line: 2 },
      { type: 'category', label: 'Guides', items: [{ type: 'doc', id: 'guides/card' }, { type: 'category', label: 'Deeper', items: [{ type: 'doc', id: 'guides/panel' }] }], line: 3 },
    ]);
  });

  it('reports at its line what it cannot read: a ref or html item, an unknown type, a doc item without an id, collapsible: false, bad class names or props', async () => {
    const source = 'a:\n  - { type: ref, id: x }\n  - { type: html, value: "<b>x</b>" }\n  - { type: docs, id: x }\n  - { type: doc, label: X }\n  - { type: category, label: C, collapsible: false, items: [x] }\n  - { type: doc, id: x, className: "a.b" }\n  - { type: link, label: L, href: /x, customProps: [1] }\n';
    expect(errors(await load(source))).toEqual([
      "2 a ref item (Docusaurus's type: ref) is not read here",
      "3 a html item (Docusaurus's type: html) is not read here",
      '4 type: "docs" is not a kind of sidebar item (doc, link, category, autogenerated)',
      '5 a doc item needs the id of a doc (id: guides/card)',
      '6 collapsible: false: a category here always opens and closes',
      '7 className must be one or more class names (letters, digits, - and _, separated by spaces), got "a.b"',
      '8 customProps must be a mapping (customProps: { badge: new }), got [1]',
    ]);
  });
});

describe('checkSidebarIds', () => {
  it('reports ids of docs that do not exist, at their line, with a suggestion', async () => {
    const spec = await load(GUIDES);
    const docs = new Set(['guides/summary', 'guides/card', 'guides/panels', 'guides/pdf-reader', 'faqs/index']);
    expect(checkSidebarIds(spec, docs)).toEqual([
      { severity: 'error', code: 'sidebars', file: 'content/sidebars.yaml', line: 7, message: 'doc "guides/panel" does not exist', hint: 'did you mean "guides/panels"?' },
    ]);
  });

  it('reports a doc listed twice in one sidebar at its second place, in whichever sidebar; two sidebars are checkDisplayedSidebars\'s to tell', async () => {
    const spec = await load('log:\n  - log/v7\n  - log/v6\n  - log/v7\nguides:\n  - label: Guides\n    items: [guides/card, log/v6, log/v6]\n');
    const found = checkSidebarIds(spec, new Set(['log/v7', 'log/v6', 'guides/card']));
    expect(found.map((d) => `${d.line} ${d.message}`)).toEqual(['4 doc "log/v7" is listed twice (first in sidebar "log", line 2)', '7 doc "log/v6" is listed twice (first in sidebar "guides", line 7)']);
    // A doc that is not there is told once, at its first place.
    expect(checkSidebarIds(spec, new Set(['log/v7', 'guides/card'])).map((d) => `${d.line} ${d.message}`)).toEqual(['3 doc "log/v6" does not exist', '4 doc "log/v7" is listed twice (first in sidebar "log", line 2)', '7 doc "log/v6" is listed twice (first in sidebar "guides", line 7)']);
  });

  it('reports every unknown id, nested ones included, without a hint when nothing is close', async () => {
    const spec = await load(GUIDES);
    const found = checkSidebarIds(spec, new Set(['guides/summary', 'guides/card']));
    expect(found.map((d) => `${d.line} ${d.message} ${d.hint ?? '-'}`)).toEqual([
      '7 doc "guides/panel" does not exist did you mean "guides/card"?',
      '9 doc "guides/pdf-reader" does not exist -',
      '11 doc "faqs/index" does not exist -',
    ]);
  });

  it('tells an id written with its number prefix the id to write', async () => {
    const spec = await load('guides:\n  - 02-guides/01-intro\n');
    expect(checkSidebarIds(spec, new Set(['guides/intro', 'guides/outro'])).map((d) => `${d.line} ${d.message} (${d.hint})`)).toEqual([
      '2 doc "02-guides/01-intro" does not exist (a number prefix is not part of a doc\'s id: write "guides/intro")',
    ]);
  });

  it("tells an id by file name of a doc its front matter's id: renames the id it has, written with its number prefixes or not", async () => {
    const spec = await load('guides:\n  - guides/foo\n  - guides/01-foo\n  - guides/fob\n');
    const renamed = new Map([['guides/foo', { id: 'guides/bar', contentPath: 'docs/guides/01-foo.md' }]]);
    expect(checkSidebarIds(spec, new Set(['guides/bar', 'guides/fox']), new Set(), renamed).map((d) => `${d.line} ${d.message} (${d.hint})`)).toEqual([
      '2 doc "guides/foo" does not exist (did you mean "guides/bar"? id: in its front matter gives docs/guides/01-foo.md that id)',
      '3 doc "guides/01-foo" does not exist (did you mean "guides/bar"? id: in its front matter gives docs/guides/01-foo.md that id)',
      '4 doc "guides/fob" does not exist (did you mean "guides/fox"?)',
    ]);
  });

  it('warns of a draft, which the build leaves out of the sidebar, rather than saying it does not exist', async () => {
    const spec = await load('log:\n  - label: Changelog\n    link: log/index\n    items: [log/v12, log/v13]\n');
    expect(checkSidebarIds(spec, new Set(['log/index', 'log/v12']), new Set(['log/v13']))).toEqual([
      { severity: 'warning', code: 'sidebars', file: 'content/sidebars.yaml', line: 4, message: 'doc "log/v13" is a draft, which sitegen build leaves out: the sidebar goes without it', hint: 'sitegen serve shows it; delete draft: true from its front matter to publish it' },
    ]);
  });

  it('accepts a sidebar whose docs all exist', async () => {
    const spec = await load(GUIDES);
    expect(checkSidebarIds(spec, new Set(['guides/summary', 'guides/card', 'guides/panel', 'guides/pdf-reader', 'faqs/index']))).toEqual([]);
  });
});

describe('checkDisplayedSidebars', () => {
  const doc = (id: string, fields: Partial<Entry> = {}) => entry({ section: 'docs', id, title: id, ...fields });
  const lines = (found: { line?: number; message: string; hint?: string }[]) => found.map((d) => `${d.line} ${d.message} (${d.hint})`);

  it('reports a displayed_sidebar that names no sidebar at its line, with the nearest name, once per file', async () => {
    const spec = await load('guides:\n  - guides/card\nfaqs:\n  - faqs/index\n');
    const entries = [
      doc('guides/card', { displayedSidebar: 'faqs', displayedSidebarLine: 3 }),
      doc('intro', { displayedSidebar: 'guide', displayedSidebarLine: 4 }),
      // Its untranslated copy in English: the same file, told once.
      doc('intro', { locale: 'en', file: 'content/zh-Hans/docs/intro.md', untranslated: true, displayedSidebar: 'guide', displayedSidebarLine: 4 }),
      doc('outro', { displayedSidebar: 'api', displayedSidebarLine: 2 }),
      doc('none', { displayedSidebar: null, displayedSidebarLine: 2 }),
    ];
    expect(lines(checkDisplayedSidebars(spec, entries))).toEqual([
      '4 displayed_sidebar: "guide" is no sidebar of content/sidebars.yaml (did you mean "guides"?)',
      '2 displayed_sidebar: "api" is no sidebar of content/sidebars.yaml (the sidebars are "guides", "faqs"; null shows none)',
    ]);
    expect(checkDisplayedSidebars(spec, entries)[0]).toMatchObject({ severity: 'error', code: 'front-matter', file: 'content/zh-Hans/docs/intro.md' });
    expect(lines(checkDisplayedSidebars(await load(null), [doc('intro', { displayedSidebar: 'docs', displayedSidebarLine: 3 })]))).toEqual([
      '3 displayed_sidebar: "docs" is no sidebar of content/sidebars.yaml (it has none) (write the sidebar in sidebars.yaml, or delete this line)',
    ]);
  });

  it('reports a doc listed in two sidebars at its first place in each other one, unless every file of it says which it shows', async () => {
    const spec = await load('log:\n  - log/v7\n  - log/v6\nguides:\n  - label: Guides\n    items: [guides/card, log/v6]\nmore:\n  - log/v6\n  - log/v6\n');
    const twice = ['6 doc "log/v6" is listed twice (first in sidebar "log", line 3)', '8 doc "log/v6" is listed twice (first in sidebar "log", line 3)'];
    expect(checkDisplayedSidebars(spec, [doc('log/v6'), doc('log/v7')]).map((d) => `${d.line} ${d.message}`)).toEqual(twice);
    expect(checkDisplayedSidebars(spec, [doc('log/v6', { displayedSidebar: 'guides' }), doc('log/v6', { locale: 'en', displayedSidebar: 'guides' })])).toEqual([]);
    expect(checkDisplayedSidebars(spec, [doc('log/v6', { displayedSidebar: null })])).toEqual([]);
    // A translation that does not say: its file is named.
    const found = checkDisplayedSidebars(spec, [doc('log/v6', { displayedSidebar: 'guides' }), doc('log/v6', { locale: 'en' })]);
    expect(found.map((d) => `${d.line} ${d.message}`)).toEqual(twice);
    expect(found[0]).toMatchObject({ code: 'sidebars', file: 'content/sidebars.yaml', hint: 'set displayed_sidebar: in content/en/docs/log/v6.md too, to say which of the two it shows' });
  });
});
