// Code shown from a file, VitePress's `<<< path` (src/content/snippets.ts, read by includes.ts): the line read (path,
// region, braces, language, title), the fenced block written (its language, its fence, a region's code), code and
// quotes and list items, problems at the directive's line and column, and the block rendered.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { createPartialReader, expandIncludes, type ExpandInput } from '../../../src/content/includes.js';
import { mayInclude } from '../../../src/content/includeMap.js';
import { languageOfFile, parseSnippet } from '../../../src/content/snippets.js';
import { substituteVariables } from '../../../src/content/variables.js';
import { createMarkdownRenderer } from '../../../src/content/markdown.js';
import { createCodeHighlighter } from '../../../src/content/highlight.js';
import type { LinkContext } from '../../../src/content/links.js';

const PAGE = { file: 'content/en/docs/guides/page.md', contentPath: 'docs/guides/page.md', folder: 'en' };
const CONFIG = 'content/en/docs/_snippets/config.ts';

/** Expands `body` as the English page docs/guides/page.md, whose body starts at line 5, among `files` (by project path). */
function expand(body: string, files: Record<string, string>) {
  const read: ExpandInput['read'] = (file) => (Object.hasOwn(files, file.file) ? { text: files[file.file]! } : { missing: true });
  return expandIncludes({ body, bodyLine: 5, page: PAGE, defaultFolder: 'zh-Hans', locales: ['zh-Hans', 'en'], contentRoot: 'content', read });
}

const told = (result: { diagnostics: { file: string; line?: number; column?: number; severity: string; message: string }[] }) =>
  result.diagnostics.map((d) => `${d.file}:${d.line}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.message}`);

describe('a <<< line read', () => {
  it('takes the path, a region, the lines to highlight and a language in braces, and a title, as VitePress does', () => {
    expect(parseSnippet('@/snippets/snippet.js')).toEqual({ path: '@/snippets/snippet.js', region: null });
    expect(parseSnippet('./a.js#region-name')).toEqual({ path: './a.js', region: 'region-name' });
    expect(parseSnippet('./a.js{2}')).toEqual({ path: './a.js', region: null, lines: '2' });
    expect(parseSnippet('./a.cs{c#}')).toEqual({ path: './a.cs', region: null, lang: 'c#' });
    expect(parseSnippet('./a.cs#x{1,2,4-6 c#:line-numbers} [Program.cs]')).toEqual({ path: './a.cs', region: 'x', lines: '1,2,4-6', lang: 'c#:line-numbers', title: 'Program.cs' });
    expect(parseSnippet('./a.js [config file]')).toEqual({ path: './a.js', region: null, title: 'config file' });
    // {3,10} highlights lines 3 and 10, as in VitePress: no line range.
    expect(parseSnippet('./a.js {3,10}')).toEqual({ path: './a.js', region: null, lines: '3,10' });
  });

  it('tells braces it cannot read, and a line that names no file', () => {
    expect(parseSnippet('./a.js{1 ts extra}')).toMatchObject({ problem: '{1 ts extra}: the braces hold the lines to highlight, then the language' });
    expect(parseSnippet('')).toMatchObject({ problem: 'this code snippet names no file' });
  });

  it('knows a file\'s language by its extension, Dockerfile and Makefile by their name', () => {
    expect(['a.ts', 'a.mjs', 'a.yml', 'a.rs', 'a.ps1', 'a.h', 'a.cs', 'x/Dockerfile', 'Makefile', 'a.unknown', 'LICENSE'].map(languageOfFile)).toEqual(['ts', 'js', 'yaml', 'rust', 'powershell', 'c', 'csharp', 'dockerfile', 'makefile', '', '']);
  });

  it('makes a page that holds <<< one to expand, with a string test', () => {
    expect(mayInclude('Text.\n\n<<< ./a.ts\n')).toBe(true);
    expect(mayInclude('Text with << and <= only.\n')).toBe(false);
  });
});

describe('a <<< line expanded', () => {
  it('writes the whole file as a fenced block in the language of its extension, front matter and includes of a .md file as text', () => {
    expect(expand('Intro.\n\n<<< ../_snippets/config.ts\n\nEnd.\n', { [CONFIG]: 'export default {\n  port: 8080,\n};\n' }).body).toBe('Intro.\n\n```ts\nexport default {\n  port: 8080,\n};\n```\n\nEnd.\n');
    const md = '---\ntitle: x\n---\n<!--@include: ./_other.md-->\n';
    expect(expand('<<< @/docs/_snippets/readme.md', { 'content/en/docs/_snippets/readme.md': md }).body).toBe('```md\n---\ntitle: x\n---\n<!--@include: ./_other.md-->\n```');
    expect(expand('<<< ./LICENSE', { 'content/en/docs/guides/LICENSE': 'MIT\n' }).body).toBe('```\nMIT\n```');
  });

  it('passes the lines to highlight, the language, line numbers and the title to the code block', () => {
    const files = { [CONFIG]: 'a\nb\n' };
    expect(expand('<<< ../_snippets/config.ts{2} [config.ts]', files).body).toBe('```ts {2} [config.ts]\na\nb\n```');
    expect(expand('<<< ../_snippets/config.ts{1,2 js:line-numbers}', files).body).toBe('```js:line-numbers {1,2}\na\nb\n```');
    expect(expand('<<< ../_snippets/config.ts{:line-numbers}', files).body).toBe('```ts:line-numbers\na\nb\n```');
  });

  it('makes the fence longer than any run of backticks in the file', () => {
    expect(expand('<<< ../_snippets/config.ts', { [CONFIG]: 'const s = `a`;\n/* ````md */\n' }).body).toBe('`````ts\nconst s = `a`;\n/* ````md */\n`````');
  });

  it('shows a region without its markers and those nested in it, less its shared indentation', () => {
    const text = 'class A {\n  // #region setup\n  init() {\n    // #region inner\n    go();\n    // #endregion inner\n  }\n  // #endregion setup\n}\n';
    expect(expand('<<< ../_snippets/config.ts#setup', { [CONFIG]: text }).body).toBe('```ts\ninit() {\n  go();\n}\n```');
  });

  it('keeps the code\'s {{name}} as written, where the page\'s variables are replaced', () => {
    const { body } = expand('{{product}}\n\n<<< ../_snippets/config.ts\n', { [CONFIG]: '<p>{{ msg }}</p>\n' });
    expect(substituteVariables(body, new Map([['product', 'Glint'], ['msg', 'no']]), { file: PAGE.file, line: 5 }).text).toBe('Glint\n\n```ts\n<p>{{ msg }}</p>\n```\n');
  });

  it('indents the block in a list item and behind quote markers, and makes it an item\'s text after its marker', () => {
    const files = { [CONFIG]: 'a\n\nb\n' };
    expect(expand('- Step:\n\n  <<< ../_snippets/config.ts\n', files).body).toBe('- Step:\n\n  ```ts\n  a\n\n  b\n  ```\n');
    expect(expand('> <<< ../_snippets/config.ts\n', files).body).toBe('> ```ts\n> a\n>\n> b\n> ```\n');
    expect(expand('1. <<< ../_snippets/config.ts\n', files).body).toBe('1. ```ts\n   a\n\n   b\n   ```\n');
  });

  it('leaves <<< in fenced and indented code as written', () => {
    const body = '```sh\n<<< ../_snippets/config.ts\n```\n\nText.\n\n    <<< ../_snippets/config.ts\n';
    expect(expand(body, { [CONFIG]: 'x\n' }).body).toBe(body);
  });

  it('tells a missing file, a missing region, a path out of the locale folders and bad braces at the directive\'s line and column', () => {
    expect(told(expand('Text.\n\n  <<< ./gone.ts\n', {}))).toEqual(['content/en/docs/guides/page.md:7:3 error ./gone.ts does not exist (looked for content/en/docs/guides/gone.ts and content/zh-Hans/docs/guides/gone.ts)']);
    const missing = expand('- <<< ../_snippets/config.ts#nope\n', { [CONFIG]: '// #region setup\nx\n// #endregion\n' });
    expect(told(missing)).toEqual(['content/en/docs/guides/page.md:5:3 error there is no region "nope" in content/en/docs/_snippets/config.ts']);
    expect(missing.diagnostics[0]!.hint).toBe('its regions: #setup');
    expect(missing.body).toBe('- <<< ../_snippets/config.ts#nope\n');
    expect(told(expand('<<< ../../../x.ts\n', {}))).toEqual(['content/en/docs/guides/page.md:5:1 error ../../../x.ts leads out of the locale folders, where partials are kept']);
    expect(told(expand('<<< ./a.ts{1 ts x}\n', {}))).toEqual(['content/en/docs/guides/page.md:5:1 error {1 ts x}: the braces hold the lines to highlight, then the language']);
  });

  it('tells a folder and a file outside the content folder, read from disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-snippets-'));
    try {
      mkdirSync(join(dir, 'content/en/docs/guides/folder'), { recursive: true });
      writeFileSync(join(dir, 'content/en/docs/guides/a.ts'), 'let a = 1;\n');
      const read = createPartialReader(join(dir, 'content'));
      const run = (body: string) => expandIncludes({ body, bodyLine: 5, page: PAGE, defaultFolder: 'zh-Hans', locales: ['zh-Hans', 'en'], contentRoot: 'content', read });
      expect(told(run('<<< ./folder\n'))).toEqual(['content/en/docs/guides/page.md:5:1 error ./folder is a folder (content/en/docs/guides/folder), not a file']);
      const shown = run('<<< ./a.ts\n');
      expect(shown.body).toBe('```ts\nlet a = 1;\n```\n');
      expect([...shown.snippets]).toEqual(['content/en/docs/guides/a.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a <<< block rendered', async () => {
  const highlighter = createCodeHighlighter();
  await highlighter.prepare(['typescript']);
  const renderMarkdown = createMarkdownRenderer(highlighter);
  const context: LinkContext = { baseUrl: '/', localePath: 'en', permalinks: {}, staticRoots: [], localePaths: ['en'], folder: 'en', folderPaths: { 'zh-Hans': '', en: 'en' } };
  const render = (body: string, files: Record<string, string>) => {
    const { body: text, map, diagnostics } = expand(body, files);
    expect(diagnostics).toEqual([]);
    return renderMarkdown({ file: PAGE.file, contentPath: PAGE.contentPath, body: text, bodyLine: 5, locale: 'en', ...(map ? { includes: map } : {}) }, context);
  };

  it('is a highlighted code block with its title and marked lines, its problems told at the directive\'s line', () => {
    const { rendered, diagnostics } = render('Intro.\n\n<<< ../_snippets/config.ts{2,9} [config.ts]\n', { [CONFIG]: 'const a = 1;\nconst b = 2;\n' });
    const block = parse(rendered.html).querySelector('.code-block')!;
    expect(block.getAttribute('data-lang')).toBe('ts');
    expect(block.querySelector('.code-title')!.text).toBe('config.ts');
    expect([...block.toString().matchAll(/<span class="line( highlighted)?">/g)].map((m) => (m[1] ? 'H' : '.')).join('')).toBe('.H');
    expect(told({ diagnostics })).toEqual(['content/en/docs/guides/page.md:7:1 warning {2,9}: the block has 2 lines, so 9 highlights nothing past its end']);
  });

  it('tells a page moved from Docusaurus to show a file by <<< in place of its raw-loader import', () => {
    const { diagnostics } = renderMarkdown({ file: 'content/en/docs/guides/page.mdx', contentPath: 'docs/guides/page.mdx', body: "import Source from '!!raw-loader!./a.js';\n\nText.\n", bodyLine: 5, locale: 'en' }, context);
    expect(diagnostics.map((d) => d.hint)).toEqual(['delete the import, and show the file with <<< ./a.js on a line of its own (a code block of its text)']);
  });

  it("tells a raw-loader import of @site/ (Docusaurus's project folder) to copy the file into the locale folder, since <<< @site/ is no path here", () => {
    // Before: the hint said `<<< @site/src/example.js`, and that line is itself an error ("a partial's path starts with ./, ../ or @/").
    const { diagnostics } = renderMarkdown({ file: 'content/en/docs/guides/page.mdx', contentPath: 'docs/guides/page.mdx', body: "import Source from '!!raw-loader!@site/src/components/example.js';\n\nText.\n", bodyLine: 5, locale: 'en' }, context);
    expect(diagnostics.map((d) => d.hint)).toEqual([
      'delete the import; @site/ is the Docusaurus project\'s folder, which sitegen does not read: copy src/components/example.js into a folder of the locale folder whose name starts with _ (_snippets/example.js), and show it with <<< @/_snippets/example.js on a line of its own (a code block of its text)',
    ]);
  });
});
