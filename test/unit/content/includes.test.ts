// Partials included in a page (src/content/includes.ts): VitePress's <!--@include: …--> with line ranges and
// regions, Docusaurus's import + <Part />, nesting, cycles, code left alone, indentation in list items; and the
// page rendered from them with every diagnostic, link and heading at the line it comes from (includeMap.ts).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { createPartialReader, expandIncludes, type ExpandInput } from '../../../src/content/includes.js';
import { lineOrigin, mayInclude } from '../../../src/content/includeMap.js';
import { createMarkdownRenderer } from '../../../src/content/markdown.js';
import { createCodeHighlighter } from '../../../src/content/highlight.js';
import type { LinkContext } from '../../../src/content/links.js';

const PAGE = { file: 'content/en/docs/guides/page.md', contentPath: 'docs/guides/page.md', folder: 'en' };

/** Expands `body` as the English page docs/guides/page.md, whose body starts at line 5, among `files` (by project path). */
function expand(body: string, files: Record<string, string>, page = PAGE) {
  const read: ExpandInput['read'] = (file) => (Object.hasOwn(files, file.file) ? { text: files[file.file]! } : { missing: true });
  return expandIncludes({ body, bodyLine: 5, page, defaultFolder: 'zh-Hans', locales: ['zh-Hans', 'en'], contentRoot: 'content', read });
}

/** Diagnostics as `file:line:column severity message`. */
const told = (result: { diagnostics: { file: string; line?: number; column?: number; severity: string; message: string }[] }) =>
  result.diagnostics.map((d) => `${d.file}:${d.line}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.message}`);

/** Where each line of the expanded body comes from, as `file:line`. */
function origins(result: ReturnType<typeof expand>): string[] {
  return result.body.split('\n').map((_, i) => {
    const origin = lineOrigin(result.map!, i)!;
    return `${origin.file.file.replace('content/', '')}:${origin.line}`;
  });
}

const KEY = 'content/en/docs/_shared/key.md';
const STEPS = '---\ntitle: not shown\n---\n## Enter the key\n\n1. Open the options.\n2. Paste the key.\n';

describe('the include directive', () => {
  it('puts the partial in the line\'s place, without its front matter, each line told where it comes from', () => {
    const result = expand('Intro.\n\n<!--@include: ../_shared/key.md-->\n\nEnd.\n', { [KEY]: STEPS });
    expect(result.body).toBe('Intro.\n\n## Enter the key\n\n1. Open the options.\n2. Paste the key.\n\nEnd.\n');
    expect(result.diagnostics).toEqual([]);
    expect(origins(result)).toEqual(['en/docs/guides/page.md:5', 'en/docs/guides/page.md:6', 'en/docs/_shared/key.md:4', 'en/docs/_shared/key.md:5', 'en/docs/_shared/key.md:6', 'en/docs/_shared/key.md:7', 'en/docs/guides/page.md:8', 'en/docs/guides/page.md:9', 'en/docs/guides/page.md:10']);
    // A heading of the partial belongs to the page at the line that includes it.
    expect(lineOrigin(result.map!, 2)!.at).toBe(7);
  });

  it('reads a path from the locale folder after @/, and a bare path from the file\'s folder', () => {
    expect(expand('<!--@include: @/docs/_shared/key.md-->\n', { [KEY]: 'Shared.\n' }).body).toBe('Shared.\n');
    expect(expand('<!--  @include:   part.md  -->\n', { 'content/en/docs/guides/part.md': 'Beside.\n' }).body).toBe('Beside.\n');
  });

  it('includes a line range, {start,end} with either side left out, counted in the file as it is (front matter too)', () => {
    const files = { [KEY]: STEPS };
    expect(expand('<!--@include: ../_shared/key.md{6,7}-->', files).body).toBe('1. Open the options.\n2. Paste the key.');
    expect(expand('<!--@include: ../_shared/key.md{6,}-->', files).body).toBe('1. Open the options.\n2. Paste the key.');
    expect(expand('<!--@include: ../_shared/key.md{,2}-->', files).body).toBe('---\ntitle: not shown');
    expect(origins(expand('<!--@include: ../_shared/key.md{7,99}-->', files))).toEqual(['en/docs/_shared/key.md:7']);
  });

  it('tells a range it cannot take at the directive', () => {
    const files = { [KEY]: STEPS };
    expect(told(expand('Text.\n<!--@include: ../_shared/key.md{5,2}-->\n', files))).toEqual(['content/en/docs/guides/page.md:6:1 error {5,2}: the range ends before it starts']);
    expect(told(expand('<!--@include: ../_shared/key.md{0,2}-->\n', files))).toEqual(['content/en/docs/guides/page.md:5:1 error {0,2}: lines are counted from 1']);
    expect(told(expand('<!--@include: ../_shared/key.md{20,}-->\n', files))).toEqual(['content/en/docs/guides/page.md:5:1 error {20,}: content/en/docs/_shared/key.md has 7 lines']);
    expect(told(expand('<!--@include: ../_shared/key.md{3}-->\n', files))[0]).toMatch(/page\.md:5:1 error \.\.\/_shared\/key\.md\{3\}: a line range is written \{start,end\}/);
  });

  it('includes a region between VS Code\'s markers, in markdown and in code, nested regions of its name counted; a range counts in the region', () => {
    const text = '# Title\n<!-- #region usage -->\n## Usage 1\n\n## Usage 2\n<!-- #endregion usage -->\n// #region code\nconst a = 1;\n// #region code\nconst b = 2;\n// #endregion code\n// #endregion\nrest\n';
    const files = { [KEY]: text };
    expect(expand('<!--@include: ../_shared/key.md#usage-->', files).body).toBe('## Usage 1\n\n## Usage 2');
    expect(origins(expand('<!--@include: ../_shared/key.md#usage-->', files))[0]).toBe('en/docs/_shared/key.md:3');
    expect(expand('<!--@include: ../_shared/key.md#usage{3,}-->', files).body).toBe('## Usage 2');
    expect(expand('<!--@include: ../_shared/key.md#code-->', files).body).toBe('const a = 1;\n// #region code\nconst b = 2;\n// #endregion code');
  });

  it('tells a region that is not there (naming those that are) at the directive, and one never ended at its start', () => {
    const files = { [KEY]: 'a\n<!-- #region usage -->\nb\n<!-- #endregion usage -->\n<!-- #region open -->\nc\n' };
    const missing = expand('<!--@include: ../_shared/key.md#usgae-->\n', files);
    expect(told(missing)).toEqual(['content/en/docs/guides/page.md:5:1 error there is no region "usgae" in content/en/docs/_shared/key.md']);
    expect(missing.diagnostics[0]!.hint).toBe('its regions: #usage, #open');
    expect(told(expand('<!--@include: ../_shared/key.md#open-->\n', files))).toEqual(['content/en/docs/_shared/key.md:5 error region "open" is never ended, so it cannot be included']);
  });

  it('includes partials of partials, each line told at its own file', () => {
    const files = { [KEY]: 'Key steps:\n<!--@include: ./more.md{2,}-->\nDone.\n', 'content/en/docs/_shared/more.md': 'skipped\nMore.\n' };
    const result = expand('<!--@include: ../_shared/key.md-->\n', files);
    expect(result.body).toBe('Key steps:\nMore.\nDone.\n');
    expect(origins(result)).toEqual(['en/docs/_shared/key.md:1', 'en/docs/_shared/more.md:2', 'en/docs/_shared/key.md:3', 'en/docs/guides/page.md:6']);
    expect(lineOrigin(result.map!, 1)!.at).toBe(5);
  });

  it('tells a cycle at the directive that closes it, naming every file of it', () => {
    const files = { 'content/en/docs/_a.md': 'A\n<!--@include: ./_b.md-->\n', 'content/en/docs/_b.md': 'B\n\n<!--@include: ./_a.md-->\n' };
    const result = expand('<!--@include: ../_a.md-->\n', files);
    expect(told(result)).toEqual(['content/en/docs/_b.md:3:1 error this include makes a cycle: content/en/docs/guides/page.md → content/en/docs/_a.md → content/en/docs/_b.md → content/en/docs/_a.md']);
    expect(result.body).toBe('A\nB\n\n<!--@include: ./_a.md-->\n');
    // A page that includes itself too.
    expect(told(expand('<!--@include: ./page.md-->\n', { [PAGE.file]: 'x' }))[0]).toMatch(/page\.md:5:1 error this include makes a cycle: content\/en\/docs\/guides\/page\.md → content\/en\/docs\/guides\/page\.md$/);
  });

  it('tells a missing file (where it was looked for) and a path out of the locale folders at the directive\'s line and column', () => {
    expect(told(expand('Text.\n\n  <!--@include: ./_gone.md-->\n', {}))).toEqual(['content/en/docs/guides/page.md:7:3 error ./_gone.md does not exist (looked for content/en/docs/guides/_gone.md and content/zh-Hans/docs/guides/_gone.md)']);
    expect(told(expand('<!--@include: ../../../_x.md-->\n', {}))).toEqual(['content/en/docs/guides/page.md:5:1 error ../../../_x.md leads out of the locale folders, where partials are kept']);
    expect(told(expand('<!--@include: ../../../../x.md-->\n', {}))[0]).toMatch(/leads out of the locale folders/);
    expect(told(expand('<!--@include: /etc/passwd-->\n', {}))[0]).toMatch(/error \/etc\/passwd: a partial's path starts with \.\/, \.\.\/ or @\//);
  });

  it('takes a partial the locale lacks from the default locale\'s folder, and one of a locale named in its path from there only', () => {
    const zh = 'content/zh-Hans/docs/_shared/key.md';
    const fallback = expand('<!--@include: ../_shared/key.md-->\n', { [zh]: '中文。\n' });
    expect(fallback.body).toBe('中文。\n');
    expect(fallback.map!.files[1]).toEqual({ file: zh, contentPath: 'docs/_shared/key.md', folder: 'zh-Hans' });
    expect(expand('<!--@include: ../_shared/key.md-->\n', { [zh]: '中文。\n', [KEY]: 'English.\n' }).body).toBe('English.\n');
    expect(expand('<!--@include: ../../../zh-Hans/docs/_shared/key.md-->\n', { [zh]: '中文。\n', [KEY]: 'English.\n' }).body).toBe('中文。\n');
  });

  it('leaves an include in fenced code, in inline code and in indented code as written', () => {
    const files = { [KEY]: 'X\n' };
    const body = '```md\n<!--@include: ../_shared/key.md-->\n```\n\nWrite `<!--@include: ../_shared/key.md-->` on its own line.\n\n    <!--@include: ../_shared/key.md-->\n\n~~~\n<!--@include: ../_shared/key.md-->\n~~~\n';
    const result = expand(body, files);
    expect(result.body).toBe(body);
    expect(result.map).toBeUndefined();
    expect(result.diagnostics).toEqual([]);
  });

  it('warns of an include that shares its line with other text (it stays a comment)', () => {
    const result = expand('See <!--@include: ../_shared/key.md--> here.\n> Quoted <!--@include: ../_shared/key.md-->\n', { [KEY]: 'X\n' });
    expect(told(result)).toEqual([
      'content/en/docs/guides/page.md:5:5 warning this include shares its line with other text, so it is not read (it stays an HTML comment)',
      'content/en/docs/guides/page.md:6:10 warning this include shares its line with other text, so it is not read (it stays an HTML comment)',
    ]);
  });

  it('writes the partial\'s lines behind the quote markers of an include in a block quote, its blank lines too, so that the quote holds it all', () => {
    const files = { [KEY]: '## Enter the key\n\n1. Open the options.\n2. Paste the key.\n' };
    const result = expand('> Quoted:\n>\n> <!--@include: ../_shared/key.md-->\n\nAfter.\n', files);
    expect(result.body).toBe('> Quoted:\n>\n> ## Enter the key\n>\n> 1. Open the options.\n> 2. Paste the key.\n\nAfter.\n');
    expect(result.diagnostics).toEqual([]);
    expect(lineOrigin(result.map!, 4)).toMatchObject({ line: 3, indent: 2, at: 7 });
    // In a list item in a quote, and in a quote in a list item; Docusaurus's <Part /> in a quote alike.
    expect(expand('> - Item\n>\n>   <!--@include: ../_shared/key.md{3,}-->\n', files).body).toBe('> - Item\n>\n>   1. Open the options.\n>   2. Paste the key.\n');
    expect(expand('- Item\n\n  > <!--@include: ../_shared/key.md{1,2}-->\n', files).body).toBe('- Item\n\n  > ## Enter the key\n  >\n');
    expect(expand("import Key from '../_shared/key.md';\n\n>> <Key />\n", files).body).toBe('\n\n>> ## Enter the key\n>>\n>> 1. Open the options.\n>> 2. Paste the key.\n');
  });

  it('leaves an include in fenced code and in indented code of a block quote as written', () => {
    const files = { [KEY]: 'X\n' };
    const body = '> ```md\n> <!--@include: ../_shared/key.md-->\n> ```\n\n> Text.\n>\n>     <!--@include: ../_shared/key.md-->\n\n>     <!--@include: ../_shared/key.md-->\n';
    expect(expand(body, files).body).toBe(body);
    // A fence in a quote ends with the quote.
    expect(expand('> ```\n> code\n\n<!--@include: ../_shared/key.md-->\n', files).body).toBe('> ```\n> code\n\nX\n');
  });

  it('indents the partial\'s lines as the include is indented in a list item; the columns of its lines are the partial\'s', () => {
    const files = { [KEY]: '```sh\nrun it\n```\n\nThen **Test**.\n' };
    const result = expand('1. Open the options.\n\n   <!--@include: ../_shared/key.md-->\n2. Done.\n', files);
    expect(result.body).toBe('1. Open the options.\n\n   ```sh\n   run it\n   ```\n\n   Then **Test**.\n2. Done.\n');
    expect(lineOrigin(result.map!, 6)).toMatchObject({ line: 5, indent: 3 });
    // Four columns in a list item is its text, not indented code.
    expect(expand('- Item\n\n    <!--@include: ../_shared/key.md{5,}-->\n', files).body).toBe('- Item\n\n    Then **Test**.\n');
  });

  it('makes the partial a list item\'s text when the include follows the item\'s marker, its first line behind the marker, the others indented under it', () => {
    const files = { [KEY]: '---\ntitle: not shown\n---\n\nOpen the options.\n\nThen find the service.\n' };
    const result = expand('1. First.\n2. <!--@include: ../_shared/key.md-->\n3. Last.\n', files);
    expect(result.body).toBe('1. First.\n2. Open the options.\n\n   Then find the service.\n3. Last.\n');
    expect(result.diagnostics).toEqual([]);
    expect(origins(result)[1]).toBe('en/docs/_shared/key.md:5');
    expect(lineOrigin(result.map!, 1)).toMatchObject({ indent: 3 });
    expect(expand("import Key from '../_shared/key.md';\n\n> - <Key />\n", files).body).toBe('\n\n> - Open the options.\n>\n>   Then find the service.\n');
    // A partial of nothing leaves the item, empty.
    expect(expand('- <!--@include: ../_shared/key.md{1,1}-->\n', { [KEY]: '\n' }).body).toBe('-\n');
  });

  it('stops including past 100,000 lines (partials that each include the next twice), told once', () => {
    const files: Record<string, string> = { 'content/en/docs/_p20.md': 'leaf\n' };
    for (let n = 0; n < 20; n++) files[`content/en/docs/_p${n}.md`] = `<!--@include: ./_p${n + 1}.md-->\n<!--@include: ./_p${n + 1}.md-->\n`;
    const result = expand('<!--@include: ../_p0.md-->\n', files);
    expect(told(result)).toHaveLength(1);
    expect(told(result)[0]).toMatch(/error the page's includes make it longer than 100,000 lines, so the rest are not included$/);
    expect(result.body.split('\n').length).toBeLessThan(110_000);
  });

  it('costs a page without includes a string test', () => {
    expect(mayInclude('# Page\n\nSee [x](./x.md) and import this.\n')).toBe(false);
    expect(mayInclude('<!--@include: ./x.md-->')).toBe(true);
    expect(mayInclude("import X from './_x.md';")).toBe(true);
  });
});

describe('partials read from the content folder', () => {
  it('reads a file once, tells one that is not UTF-8 at its place, and reads none through a link out of the content folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-partials-'));
    try {
      mkdirSync(join(dir, 'content/en/docs'), { recursive: true });
      writeFileSync(join(dir, 'content/en/docs/_a.md'), 'A.\n');
      writeFileSync(join(dir, 'content/en/docs/_bad.md'), Buffer.from([0x41, 0x0a, 0xff, 0x0a]));
      writeFileSync(join(dir, 'secret.md'), 'Secret.\n');
      symlinkSync(join(dir, 'secret.md'), join(dir, 'content/en/docs/_link.md'));
      const memo = new Map();
      const read = createPartialReader(join(dir, 'content'), memo);
      const at = (name: string) => ({ file: `content/en/docs/${name}`, contentPath: `docs/${name}`, folder: 'en' });
      expect(read(at('_a.md'))).toEqual({ text: 'A.\n' });
      expect(memo.size).toBe(1);
      expect(read(at('_gone.md'))).toEqual({ missing: true });
      expect(read(at('_link.md'))).toEqual({ outside: true });
      expect(read(at('_bad.md'))).toEqual({ problem: expect.objectContaining({ code: 'encoding', file: 'content/en/docs/_bad.md', line: 2, column: 1 }) });
      const result = expandIncludes({ body: '<!--@include: ./_link.md-->\n', bodyLine: 1, page: { file: 'content/en/docs/p.md', contentPath: 'docs/p.md', folder: 'en' }, defaultFolder: 'en', locales: ['en'], contentRoot: 'content', read });
      expect(told(result)).toEqual(['content/en/docs/p.md:1:1 error ./_link.md leads out of the content folder (content/en/docs/_link.md is a symbolic link)']);
      // A folder named as a partial is told at the include that names it, not at the folder.
      mkdirSync(join(dir, 'content/en/docs/_steps'));
      const folder = expandIncludes({ body: 'Text.\n<!--@include: ./_steps-->\n', bodyLine: 1, page: { file: 'content/en/docs/p.md', contentPath: 'docs/p.md', folder: 'en' }, defaultFolder: 'en', locales: ['en'], contentRoot: 'content', read });
      expect(told(folder)).toEqual(['content/en/docs/p.md:2:1 error ./_steps is a folder (content/en/docs/_steps), not a file']);
      expect(folder.diagnostics[0]!.hint).toBe('name a file in it: ./_steps/part.md');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Docusaurus partials: import Part from "./_part.md" and <Part />', () => {
  it('puts the partial where <Part /> stands on a line of its own, the import line blank; in .md and .mdx alike, nested too', () => {
    const files = { [KEY]: "import More from './_more.mdx';\n\n## Enter the key\n\n<More/>\n", 'content/en/docs/_shared/_more.mdx': 'More.\n' };
    const result = expand("import Key from '../_shared/key.md';\nimport Tabs from '@theme/Tabs';\n\nText.\n\n  <Key />\n", files);
    expect(result.body).toBe("\nimport Tabs from '@theme/Tabs';\n\nText.\n\n\n\n  ## Enter the key\n\n  More.\n");
    expect(result.diagnostics).toEqual([]);
    expect(origins(result).slice(-4)).toEqual(['en/docs/_shared/key.md:3', 'en/docs/_shared/key.md:4', 'en/docs/_shared/_more.mdx:1', 'en/docs/guides/page.md:11']);
  });

  it('warns of a partial imported and never shown; tells a tag with props or text around it, a named import, a missing file', () => {
    const files = { [KEY]: 'Key.\n' };
    expect(told(expand("import Key from '../_shared/key.md';\n\nText.\n", files))).toEqual(['content/en/docs/guides/page.md:5:1 warning Key is imported from ../_shared/key.md and never shown, so the partial is not included']);
    const bad = expand("import Key from '../_shared/key.md';\nimport { Other } from '../_shared/key.md';\nimport Gone from './_gone.md';\n\n<Key service=\"DeepL\" />\n\nSee <Key /> here.\n\n<Gone />\n", files);
    expect(told(bad)).toEqual([
      'content/en/docs/guides/page.md:6:1 error a partial is imported by one name of its own, not as { Other }',
      'content/en/docs/guides/page.md:7:1 error ./_gone.md does not exist (looked for content/en/docs/guides/_gone.md and content/zh-Hans/docs/guides/_gone.md)',
      'content/en/docs/guides/page.md:9:1 error <Key> includes the partial ../_shared/key.md only as <Key /> alone on its line',
      'content/en/docs/guides/page.md:11:5 error <Key> includes the partial ../_shared/key.md only as <Key /> alone on its line',
    ]);
    expect(bad.diagnostics.map((d) => d.hint)).toContain('a partial takes no props: its text is included as written');
    expect(bad.body).toBe('\n\n\n\n\n\n\n\n\n');
  });

  it('tells an import of a partial written with another module, or by a path that is not from the file or the locale folder', () => {
    expect(told(expand("import Tabs from '@theme/Tabs'; import Key from '../_shared/key.md';\n\n<Key />\n", { [KEY]: 'Key.\n' }))).toEqual(['content/en/docs/guides/page.md:5:33 error this statement imports the partial ../_shared/key.md with other modules']);
    expect(told(expand("import Key from '@site/docs/_shared/key.md';\n\n<Key />\n", {}))).toEqual(["content/en/docs/guides/page.md:5:1 error @site/docs/_shared/key.md: a partial's path starts with ./, ../ or @/ (the locale folder)"]);
  });

  it('reads a partial\'s own imports of the theme\'s components at the page\'s top, wherever it is shown: indented, an import is text', () => {
    const tabs = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n  <TabItem value=\"a\">A.</TabItem>\n</Tabs>\n";
    const files = { 'content/en/docs/_shared/tabs.mdx': tabs };
    const result = expand("import Install from '../_shared/tabs.mdx';\n\n- Install:\n\n  <Install />\n", files);
    expect(result.body).toBe("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n\n- Install:\n\n\n\n\n  <Tabs>\n    <TabItem value=\"a\">A.</TabItem>\n  </Tabs>\n");
    expect(origins(result).slice(0, 3)).toEqual(['en/docs/_shared/tabs.mdx:1', 'en/docs/_shared/tabs.mdx:2', 'en/docs/guides/page.md:5']);
    expect(result.diagnostics).toEqual([]);
    // Included twice, its imports are read once.
    expect(expand('<!--@include: ../_shared/tabs.mdx-->\n\n<!--@include: ../_shared/tabs.mdx-->\n', files).body.match(/import Tabs/g)).toHaveLength(1);
  });

  it('leaves an import in code alone', () => {
    const body = "```mdx\nimport Key from '../_shared/key.md';\n\n<Key />\n```\n";
    expect(expand(body, { [KEY]: 'Key.\n' }).body).toBe(body);
  });
});

describe('a page rendered with its partials', () => {
  const highlighter = createCodeHighlighter();
  const renderMarkdown = createMarkdownRenderer(highlighter);
  const permalinks = { 'docs/services/deepl.md': '/en/docs/services/deepl', 'docs/guides/page.md': '/en/docs/guides/page' };
  const context: LinkContext = { baseUrl: '/', localePath: 'en', permalinks, staticRoots: ['img'], localePaths: ['en'], folder: 'en', folderPaths: { 'zh-Hans': '', en: 'en' } };
  const render = (body: string, files: Record<string, string>, file = PAGE.file) => {
    const { body: text, map, diagnostics } = expand(body, files, { ...PAGE, file });
    expect(diagnostics).toEqual([]);
    return renderMarkdown({ file, contentPath: PAGE.contentPath, body: text, bodyLine: 5, locale: 'en', ...(map ? { includes: map } : {}) }, context);
  };

  it('resolves a partial\'s relative links and images from its own folder, and records them at its lines', () => {
    const files = { [KEY]: 'Intro.\n\nSee [DeepL](../services/deepl.md) and ![card](./img/card.png).\n<img src="./img/raw.png">\n', 'content/zh-Hans/docs/_shared/zh.md': '![卡片](./img/card.png)\n' };
    const { rendered } = render('[Self](./page.md)\n\n<!--@include: ../_shared/key.md-->\n<!--@include: ../_shared/zh.md-->\n\n[After](./page.md)\n', files);
    expect(rendered.refs).toEqual([
      { url: '/en/docs/guides/page', line: 5, kind: 'link' },
      { url: '/en/docs/services/deepl', line: 3, kind: 'link', file: KEY },
      { url: '/en/docs/_shared/img/card.png', line: 3, kind: 'image', file: KEY },
      { url: '/en/docs/_shared/img/raw.png', line: 4, kind: 'image', file: KEY },
      // The default locale's copy: its files are the default locale's.
      { url: '/docs/_shared/img/card.png', line: 1, kind: 'image', file: 'content/zh-Hans/docs/_shared/zh.md' },
      // The page's own lines after them keep their places.
      { url: '/en/docs/guides/page', line: 10, kind: 'link' },
    ]);
  });

  it('tells a partial\'s problems at its file and line: a broken link, a box of no kind, an unclosed fence, MDX', () => {
    const files = { [KEY]: '## Key\n\n[Gone](../services/gone.md)\n\n:::tipp\nText.\n:::\n\n<Admonition type="nope">x</Admonition>\n' };
    const { diagnostics, rendered } = render('Intro.\n\n\n<!--@include: ../_shared/key.md-->\n\n## Own\n\n:::warnin\nx\n:::\n', files, 'content/en/docs/guides/page.mdx');
    expect(told({ diagnostics }).sort()).toEqual([
      'content/en/docs/_shared/key.md:3 error ../services/gone.md points to docs/services/gone.md, which does not exist',
      'content/en/docs/_shared/key.md:5:1 error ":::tipp" is not a kind of admonition (note, tip, info, warning, danger, caution, details)',
      'content/en/docs/_shared/key.md:9:13 error type="nope" is not a kind of admonition (note, tip, info, warning, danger, caution)',
      'content/en/docs/guides/page.mdx:12:1 error ":::warnin" is not a kind of admonition (note, tip, info, warning, danger, caution, details)',
    ]);
    // The partial's heading is the page's, in its table of contents, at the line that includes it.
    expect(rendered.headings.map((h) => h.text)).toEqual(['Key', 'Own']);
    expect(rendered.headingLines).toEqual([8, 10]);
  });

  it('names the other place of a problem about the whole page as the writer finds it: in another file, or the page that includes a partial twice', () => {
    const files = { [KEY]: '## Key {#key}\n\nPaste it[^1]. <a id="paste"></a>\n\n[^1]: From the console.\n' };
    const twice = render('<!--@include: ../_shared/key.md-->\n\n<!--@include: ../_shared/key.md-->\n', files);
    // The note is the same text, shown once with a link back to each reference: nothing to tell.
    expect(told(twice)).toEqual([
      'content/en/docs/_shared/key.md:1 warning heading id {#key} is given twice on the page (first at this line, which content/en/docs/guides/page.md includes twice), so this one is #key-1',
      'content/en/docs/_shared/key.md:3 warning id "paste" is given twice in raw HTML (first at this line, which content/en/docs/guides/page.md includes twice), so a link to #paste would go to the first',
    ]);
    expect(parse(twice.rendered.html).querySelectorAll('.footnote-backref')).toHaveLength(2);
    const own = render('## Own {#key}\n\nSee[^1].\n\n[^1]: The page\'s note.\n\n<!--@include: ../_shared/key.md-->\n', files);
    expect(told(own)).toEqual([
      'content/en/docs/_shared/key.md:1 warning heading id {#key} is given twice on the page (first at content/en/docs/guides/page.md:5), so this one is #key-1',
      'content/en/docs/_shared/key.md:5 warning footnote [^1] is defined already at content/en/docs/guides/page.md:9, so this note is not shown (the first one is, as on GitHub)',
    ]);
  });

  it('takes a partial\'s diagnostics columns from its own line, not the indented one', () => {
    const files = { [KEY]: '<Admonition type="nope">x</Admonition>\n' };
    const { diagnostics } = render('1. Step\n\n   <!--@include: ../_shared/key.md-->\n', files, 'content/en/docs/guides/page.mdx');
    expect(told({ diagnostics })).toEqual(['content/en/docs/_shared/key.md:1:13 error type="nope" is not a kind of admonition (note, tip, info, warning, danger, caution)']);
  });

  it('renders a partial included in a block quote inside the quote, by either syntax', () => {
    const files = { [KEY]: '1. Open the options.\n2. Paste the key.\n\n:::tip\nA tip.\n:::\n' };
    for (const [body, file] of [['> Steps:\n>\n> <!--@include: ../_shared/key.md-->\n', PAGE.file], ["import Key from '../_shared/key.md';\n\n> Steps:\n>\n> <Key />\n", 'content/en/docs/guides/page.mdx']] as const) {
      const html = parse(render(body, files, file).rendered.html);
      expect(html.querySelectorAll('blockquote > ol > li').map((li) => li.text)).toEqual(['Open the options.', 'Paste the key.']);
      expect(html.querySelector('blockquote .admonition-tip')!.text).toContain('A tip.');
    }
  });

  it('renders a partial with imports of its own in a list item, its imports read, one of a module sitegen does not run told at its line', () => {
    const files = { [KEY]: "import Tabs from '@theme/Tabs';\nimport Chart from '@site/src/Chart';\n\n<Tabs>\n  <TabItem value=\"a\">A.</TabItem>\n</Tabs>\n" };
    const expanded = expand('1. Install:\n\n   <!--@include: ../_shared/key.md-->\n', files);
    const result = renderMarkdown({ file: PAGE.file, contentPath: PAGE.contentPath, body: expanded.body, bodyLine: 5, locale: 'en', includes: expanded.map! }, context);
    expect(told(result)).toEqual(['content/en/docs/_shared/key.md:2:1 error import of "@site/src/Chart": sitegen renders markdown and does not run JavaScript modules']);
    const html = parse(result.rendered.html);
    expect(html.querySelector('ol > li .tabs-panel')!.text.trim()).toBe('A.');
    expect(html.text).not.toContain('import');
  });

  it('renders a partial included after a list item\'s marker as the item\'s text', () => {
    const files = { [KEY]: 'Open the **options**.\n\nThen find the service.\n' };
    const html = parse(render("import Key from '../_shared/key.md';\n\n1. First.\n2. <Key />\n3. <!--@include: ../_shared/key.md-->\n", files, 'content/en/docs/guides/page.mdx').rendered.html);
    expect(html.querySelectorAll('ol > li').map((li) => li.querySelectorAll('p').map((p) => p.text))).toEqual([['First.'], ['Open the options.', 'Then find the service.'], ['Open the options.', 'Then find the service.']]);
  });

  it('renders a partial shown in a <TabItem>, indented as the tag is, as the tab\'s text', () => {
    const files = { [KEY]: '## Key\n\nPaste **the key**.\n' };
    const body = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Key from '../_shared/key.md';\n\n<Tabs>\n  <TabItem value=\"a\" label=\"Chrome\">\n\n    <Key />\n\n  </TabItem>\n</Tabs>\n";
    const html = parse(render(body, files, 'content/en/docs/guides/page.mdx').rendered.html);
    expect(html.querySelector('.tabs-panel')!.innerHTML.trim()).toBe('<h2 id="key">Key<a class="hash-link" href="#key" title="Direct link to Key" aria-hidden="true" tabindex="-1">#</a></h2>\n<p>Paste <strong>the key</strong>.</p>');
  });

  it('renders admonitions, tabs and code of a partial as the page\'s own', () => {
    const files = { [KEY]: ':::tip\nA tip.\n:::\n\n:::tabs\n== Chrome\nOne.\n== Firefox\nTwo.\n:::\n\n```sh\nnpm i\n```\n' };
    const html = parse(render('<!--@include: ../_shared/key.md-->\n', files).rendered.html);
    expect(html.querySelector('.admonition-tip')!.text).toContain('A tip.');
    expect(html.querySelectorAll('.tabs-label').map((l) => l.text)).toEqual(['Chrome', 'Firefox']);
    expect(html.querySelector('.code-block')!.text).toContain('npm i');
  });
});
