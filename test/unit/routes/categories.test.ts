import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCategories } from '../../../src/routes/autoDocs.js';
import { loadCategories } from '../../../src/routes/categories.js';
import { parseCategory } from '../../../src/routes/parseCategory.js';

const locales = new Set(['zh-Hans', 'en']);
const file = 'content/zh-Hans/docs/guides/_category_.yml';
const parse = (text: string) => parseCategory(text, file, locales);
const problems = (result: { diagnostics: { severity: string; line?: number; column?: number; message: string; hint?: string }[] }) =>
  result.diagnostics.map((d) => `${d.severity} ${d.line}${d.column ? `:${d.column}` : ''} ${d.message}${d.hint ? ` (${d.hint})` : ''}`);

describe('parseCategory', () => {
  it('reads a label (a string or one per locale), a position and collapsed; an empty file says nothing', () => {
    expect(parse('label: 指南\nposition: 2.5\ncollapsed: false\n')).toEqual({ category: { file, label: '指南', position: 2.5, collapsed: false }, diagnostics: [] });
    expect(parse('label:\n  zh-Hans: 指南\n  en: Guides\n').category).toEqual({ file, label: { 'zh-Hans': '指南', en: 'Guides' } });
    // Docusaurus writes the file as JSON too: YAML reads it.
    expect(parse('{ "label": "Guides", "position": 3 }').category).toEqual({ file, label: 'Guides', position: 3 });
    expect(parse('')).toEqual({ category: { file }, diagnostics: [] });
  });

  it('is an error at the line of an unknown key (with the nearest), a Docusaurus key it does not read, or a value of the wrong kind', () => {
    expect(problems(parse('lable: 指南\nposition: first\ncollapsed: no\ncollapsible: false\n'))).toEqual([
      'error 1 unknown key "lable" (label, position, collapsed, link, className, customProps) (did you mean "label"?)',
      'error 2 position must be a number, got "first" (positions order the docs and folders of one folder, lowest first)',
      'error 3 collapsed must be true or false, got "no"',
      'error 4 collapsible: false: a category here always opens and closes (delete this key; collapsed: false keeps it open at first)',
    ]);
  });

  it("takes Docusaurus's collapsible: true, which every category here is, as sidebars.yaml does", () => {
    expect(parse('label: 指南\ncollapsible: true\n')).toEqual({ category: { file, label: '指南' }, diagnostics: [] });
  });

  it("takes Docusaurus's key (the category's name in its translation files), which has nothing to do here, as a doc's sidebar_key is taken", () => {
    expect(parse('label: 指南\nkey: guides\n')).toEqual({ category: { file, label: '指南' }, diagnostics: [] });
    expect(problems(parse('key: [a]\n'))).toEqual(['error 1 key must be a string, got ["a"]']);
  });

  it("reads Docusaurus's className (class names) and customProps (any mapping), each an error at its value otherwise", () => {
    expect(parse('label: 指南\nclassName: red  new-2\ncustomProps:\n  badge: new\n  order: [1, 2]\n')).toEqual({ category: { file, label: '指南', className: 'red  new-2', customProps: { badge: 'new', order: [1, 2] } }, diagnostics: [] });
    expect(problems(parse('className: red.blue\ncustomProps: [a]\n'))).toEqual([
      'error 1 className must be one or more class names (letters, digits, - and _, separated by spaces), got "red.blue"',
      'error 2 customProps must be a mapping (customProps: { badge: new }), got ["a"]',
    ]);
  });

  it("reads Docusaurus's link: a generated index (title, description, slug), a doc, or none", () => {
    const index = parse('{ "label": "Tutorial", "link": { "type": "generated-index", "title": "Tutorial overview", "description": { "zh-Hans": "五分钟", "en": "5 minutes" }, "slug": "/category/tutorial" } }');
    expect(index).toEqual({ category: { file, label: 'Tutorial', link: { type: 'generated-index', title: 'Tutorial overview', description: { 'zh-Hans': '五分钟', en: '5 minutes' }, slug: '/category/tutorial' }, linkLine: 1 }, diagnostics: [] });
    expect(parse('label: 指南\nlink:\n  type: doc\n  id: intro\n').category).toEqual({ file, label: '指南', link: { type: 'doc', id: 'intro' }, linkLine: 2 });
    expect(parse('link: null\n').category).toEqual({ file, link: null, linkLine: 1 });
  });

  it('is an error at the line of a link it cannot read: no type or another, a doc without an id, an unknown key, a slug that is no address', () => {
    expect(problems(parse('link:\n  type: generated\n'))).toEqual([
      'error 2 link: type must be doc or generated-index, got "generated" (link: { type: generated-index } gives the category a page that lists its items; link: { type: doc, id: intro } makes its label lead to a doc)',
    ]);
    expect(problems(parse('link: [a]\n'))[0]).toMatch(/^error 1 link must be a map with a type, got \["a"\]/);
    expect(problems(parse('link:\n  type: doc\n'))).toEqual(["error 1 link: a doc link needs the doc's id (id: guides/intro, or the doc's name in the category's folder)"]);
    expect(problems(parse('link:\n  type: generated-index\n  descripton: x\n  keywords: [a]\n  slug: a b\n  title: ""\n'))).toEqual([
      'error 3 unknown key "descripton" in a generated-index link (type, title, description, slug) (did you mean "description"?)',
      "error 4 keywords: a Docusaurus key of a generated index that sitegen does not read (type, title, description, slug) (the page's keywords are not read: delete this key)",
      'error 5 link: slug must be an address under /docs/, got "a b" (letters, digits, - and _, with / between parts: slug: /category/guides)',
      'error 6 link: title is empty (write title: …, or title: { zh-Hans: …, en: … })',
    ]);
    expect(problems(parse('link:\n  type: generated-index\n  slug: ../x\n'))).toHaveLength(1);
  });

  it('is an error at a bad label, and a warning at a label that misses a locale', () => {
    expect(problems(parse('position: 1\nlabel: [a, b]\n'))).toEqual(['error 2 label is a string or one per locale, got ["a","b"] (write label: Guides, or label: { zh-Hans: 指南, en: Guides })']);
    expect(problems(parse('label: { zh-Hans: 音频, en: Audio, video }\n'))).toEqual([
      'error 1 label: "video" is not a locale with a text (zh-Hans, en); quote labels that contain a comma (write label: Guides, or label: { zh-Hans: 指南, en: Guides })',
    ]);
    expect(problems(parse('label: ""\n'))).toEqual(['error 1 label is empty (write label: Guides, or label: { zh-Hans: 指南, en: Guides })']);
    expect(problems(parse('label: { zh-Hans: 指南 }\n'))).toEqual(["warning 1 label has no en text: those pages show another locale's label (give a text for every locale, or one string for all)"]);
  });

  it('is one error at the line and column of malformed YAML, or a file that is not a mapping', () => {
    expect(problems(parse('label: 指南\nposition: [1\n'))).toEqual([
      'error 2:11 invalid YAML: the [ … ] list that starts here is never closed (end it with ] (on the same line, or on a later line indented more than its key))',
    ]);
    expect(problems(parse('- label\n'))).toEqual(['error 1 expected label, position, collapsed and link keys (label: Guides)']);
  });
});

describe('loadCategories and folderCategories', () => {
  it("reads one file per folder, and the default locale's for a folder both locales have, telling the others they are not read", async () => {
    const files = [
      { path: 'en/docs/guides/_category_.yml', file: 'content/en/docs/guides/_category_.yml', text: 'label: Guides\n' },
      { path: 'en/docs/only-en/_category_.yml', file: 'content/en/docs/only-en/_category_.yml', text: 'position: 4\n' },
      { path: 'zh-Hans/docs/guides/_category_.json', file: 'content/zh-Hans/docs/guides/_category_.json', text: '{"label": "指南"}' },
      { path: 'zh-Hans/docs/guides/_category_.yml', file: 'content/zh-Hans/docs/guides/_category_.yml', text: 'label: 指南二\n' },
    ];
    const loaded = await loadCategories(files, locales, null);
    expect(problems(loaded)).toEqual(["warning undefined not read: this folder's category is read from _category_.json (keep one _category_ file per folder)"]);
    const chosen = folderCategories(loaded.categories, { defaultLocale: 'zh-Hans', codes: ['zh-Hans', 'en'] });
    expect([...chosen.categories]).toEqual([
      ['guides', { file: 'content/zh-Hans/docs/guides/_category_.json', label: '指南' }],
      ['only-en', { file: 'content/en/docs/only-en/_category_.yml', position: 4 }],
    ]);
    expect(chosen.diagnostics.map((d) => `${d.file} ${d.message}`)).toEqual(['content/en/docs/guides/_category_.yml not read: the category of docs/guides/ is read from content/zh-Hans/docs/guides/_category_.json']);
  });

  it("keeps the current docs' parses and each docs version's in the build cache together: a build that reads them all finds them all the next time", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-categories-'));
    const current = [{ path: 'zh-Hans/docs/guides/_category_.yml', file: 'content/zh-Hans/docs/guides/_category_.yml', text: 'label: 指南\n' }];
    const version = [{ path: 'zh-Hans/docs/guides/_category_.yml', file: 'content/zh-Hans/versioned_docs/version-1.x/guides/_category_.yml', text: 'label: 指南\n' }];
    const entries = () => Object.keys((JSON.parse(readFileSync(join(dir, 'categories-v1.json'), 'utf8').slice(9)) as { entries: object }).entries).length;
    // As a build reads them: the current docs', then each version's.
    for (let build = 0; build < 2; build++) {
      await loadCategories(current, locales, dir);
      await loadCategories(version, locales, dir, '1.x');
      expect(entries()).toBe(2);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
