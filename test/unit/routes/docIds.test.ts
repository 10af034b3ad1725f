import { describe, expect, it } from 'vitest';
import { docIds, docIdWith, renamedDocs, translationIdProblems } from '../../../src/routes/docIds.js';
import { contentFile, entry } from './fixtures.js';

const doc = (locale: string, relPath: string, frontMatter = '') => contentFile(locale, 'docs', relPath, `---\ntitle: T\n${frontMatter}---\n\nText.\n`);

describe('docIdWith', () => {
  it("puts the front matter's id in place of the file's name, number prefixes of the folders left out", () => {
    expect(docIdWith('guides/01-foo.md', 'bar')).toBe('guides/bar');
    expect(docIdWith('02-guides/01-foo.md', '01-bar')).toBe('guides/01-bar');
    expect(docIdWith('foo.md', 'bar')).toBe('bar');
    expect(docIdWith('02-guides/01-foo.md', undefined)).toBe('guides/foo');
  });
});

describe('docIds', () => {
  it("gives a translation its original's id, with or without an id: of its own, and a doc only another locale has its own", () => {
    const files = [doc('zh-Hans', 'guides/01-foo.md', 'id: bar\n'), doc('en', 'guides/01-foo.md'), doc('en', 'guides/02-baz.md', 'id: qux\n'), doc('zh-Hans', 'plain.md'), doc('en', 'plain.md', 'id: other\n')];
    const ids = docIds(files, 'zh-Hans');
    expect(files.map((f) => `${f.locale} ${ids.get(f)}`)).toEqual(['zh-Hans guides/bar', 'en guides/bar', 'en guides/qux', 'zh-Hans plain', 'en plain']);
  });

  it('knows docs only', () => {
    expect(docIds([contentFile('zh-Hans', 'pages', 'about.md')], 'zh-Hans').size).toBe(0);
  });
});

describe('translationIdProblems', () => {
  it('is an error at the id: of a translation that gives it another id than its original has, and silent for the same id', () => {
    const files = [
      doc('zh-Hans', 'guides/01-foo.md', 'id: bar\n'),
      doc('en', 'guides/01-foo.md', 'description: d\nid: baz\n'),
      doc('zh-Hans', 'plain.md'),
      doc('en', 'plain.md', 'id: other\n'),
      doc('zh-Hans', 'same.md', 'id: s\n'),
      doc('en', 'same.md', 'id: s\n'),
      doc('zh-Hans', 'named.md'),
      doc('en', 'named.md', 'id: named\n'),
    ];
    expect(translationIdProblems(files, 'zh-Hans').map((d) => `${d.file}:${d.line} ${d.severity} ${d.message} (${d.hint})`)).toEqual([
      'content/en/docs/guides/01-foo.md:4 error id: baz is not the id of the original, content/zh-Hans/docs/guides/01-foo.md, whose id is "guides/bar" (from its id: bar); a translation has its original\'s id (delete this line: the translation takes its original\'s id)',
      'content/en/docs/plain.md:3 error id: other is not the id of the original, content/zh-Hans/docs/plain.md, whose id is "plain" (from its file name, as it has no id:); a translation has its original\'s id (delete this line, or give the original this id: too)',
    ]);
  });
});

describe('renamedDocs', () => {
  it('maps the id a doc would have by its file name to the one its id: gives it', () => {
    const entries = [entry({ section: 'docs', id: 'guides/bar', title: 'B', contentPath: 'docs/guides/01-foo.md' }), entry({ section: 'docs', id: 'guides/card', title: 'C', contentPath: 'docs/02-guides/card.md' }), entry({ section: 'pages', id: 'about', title: 'A' })];
    expect([...renamedDocs(entries)]).toEqual([['guides/foo', { id: 'guides/bar', contentPath: 'docs/guides/01-foo.md' }]]);
  });
});
