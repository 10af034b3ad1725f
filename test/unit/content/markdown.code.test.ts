import { describe, expect, it } from 'vitest';
import { languageOf, languagesUsed } from '../../../src/content/highlight.js';
import { parseCodeOptions } from '../../../src/content/codeMeta.js';
import { problems, render } from './markdownFixture.js';

describe('fenced code', () => {
  it('highlights a loaded language with light and dark colours at once', () => {
    const html = render('```ts\nconst key: string = "DeepL";\n```\n').rendered.html;
    expect(html).toMatch(/^<div class="code-block" data-lang="ts"><pre class="shiki shiki-themes github-light github-dark"/);
    expect(html).toContain('--shiki-light:');
    expect(html).toContain('--shiki-dark:');
    expect(html).toContain('<span class="line">');
  });

  it('highlights aliases of loaded languages', () => {
    expect(render('```sh\nnpm ci\n```\n').rendered.html).toContain('<pre class="shiki shiki-themes');
    expect(render('```typescript\nlet a = 1;\n```\n').rendered.html).toContain('<pre class="shiki shiki-themes');
  });

  it('renders an unknown language as escaped plain code, keeping its name', () => {
    expect(render('```plantuml\nA -> B : <请求> & 响应\n```\n').rendered.html).toBe(
      '<div class="code-block" data-lang="plantuml"><pre class="shiki"><code>A -&gt; B : &lt;请求&gt; &amp; 响应</code></pre></div>\n',
    );
  });

  it('renders a language shiki knows but the highlighter did not load as plain code', () => {
    expect(render('```python\nprint("<b>")\n```\n').rendered.html).toBe(
      '<div class="code-block" data-lang="python"><pre class="shiki"><code>print(&quot;&lt;b&gt;&quot;)</code></pre></div>\n',
    );
  });

  it('renders code without a language as plain code without data-lang', () => {
    expect(render('```\n<script>alert(1)</script>\n```\n').rendered.html).toBe(
      '<div class="code-block"><pre class="shiki"><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre></div>\n',
    );
  });

  it('escapes HTML in highlighted code', () => {
    const html = render('```ts\nconst html = "<img src=x onerror=alert(1)>";\n```\n').rendered.html;
    expect(html).not.toContain('<img');
    expect(html).toMatch(/&#x3C;img|&lt;img/);
  });

  it('escapes HTML in inline code', () => {
    expect(render('用 `<kbd>Ctrl</kbd>` 表示按键\n').rendered.html).toBe('<p>用 <code>&lt;kbd&gt;Ctrl&lt;/kbd&gt;</code> 表示按键</p>\n');
    // A shortcut's keys, with or without spaces around the +, are kept on one line; a single key is left as written.
    expect(render('按 <kbd>Alt</kbd>+<kbd>Q</kbd> 或 <kbd>Ctrl</kbd> + <kbd>Shift</kbd> + <kbd>S</kbd>，再按 <kbd>Esc</kbd>。\n').rendered.html).toBe(
      '<p>按 <span class="keys"><kbd>Alt</kbd>+<kbd>Q</kbd></span> 或 <span class="keys"><kbd>Ctrl</kbd> + <kbd>Shift</kbd> + <kbd>S</kbd></span>，再按 <kbd>Esc</kbd>。</p>\n',
    );
  });

  it('shows a title from the info string, escaped', () => {
    const html = render('```bash title="安装 <脚本>.sh"\nnpm ci\n```\n').rendered.html;
    expect(html).toMatch(/^<div class="code-block" data-lang="bash"><div class="code-title">安装 &lt;脚本&gt;\.sh<\/div><pre class="shiki/);
  });

  it('decodes the entities of a title once, as CommonMark decodes an info string', () => {
    const html = render('```bash title="安装 &amp; 配置 &lt;1&gt;"\nnpm ci\n```\n').rendered.html;
    expect(html).toContain('<div class="code-title">安装 &amp; 配置 &lt;1&gt;</div>');
  });

  it('treats text and txt as plain code', () => {
    expect(render('```text\n<纯文本>\n```\n').rendered.html).toBe('<div class="code-block" data-lang="text"><pre class="shiki"><code>&lt;纯文本&gt;</code></pre></div>\n');
  });

  it('renders indented code as plain code', () => {
    expect(render('段落\n\n    a < b\n').rendered.html).toMatch(/^<p>段落<\/p>\n<div class="code-block"><pre class="shiki"><code>a &lt; b\n?<\/code><\/pre><\/div>\n$/);
  });

  it('lets long words and code of a table break after their dots, slashes, underscores and colons, but not short words or text outside tables', () => {
    const body = '| Error code | Fix |\n| --- | --- |\n| UnsupportedOperation.UnsupportedLanguage | See https://cloud.example.com/a_b/c, not `Auth.Failure.SecretIdNotFound` or a.b.c |\n\nUnsupportedOperation.UnsupportedLanguage\n';
    const html = render(body).rendered.html;
    expect(html).toContain('<td>UnsupportedOperation.<wbr>UnsupportedLanguage</td>');
    expect(html).toContain('<a href="https://cloud.example.com/a_b/c" target="_blank" rel="noopener noreferrer">https://<wbr>cloud.<wbr>example.<wbr>com/<wbr>a_<wbr>b/<wbr>c</a>');
    // Code is marked too (it wraps there on phones only), when it is long enough to matter.
    expect(html).toContain('<code>Auth.<wbr>Failure.<wbr>SecretIdNotFound</code> or a.b.c</td>');
    expect(html).toContain('<p>UnsupportedOperation.UnsupportedLanguage</p>');
    // A host and its port break after the colon; the scheme's colon and slashes are one place to break.
    expect(render('| Fix |\n| --- |\n| Open `http://localhost:11434` |\n').rendered.html).toContain('<code>http://<wbr>localhost:<wbr>11434</code>');
  });

  it('wraps tables so they can scroll', () => {
    expect(render('| 服务 | 免费 |\n| --- | --- |\n| DeepL | 否 |\n').rendered.html).toMatch(/^<div class="table-wrap"><table>[\s\S]*<td>DeepL<\/td>[\s\S]*<\/table>\n<\/div>\n$/);
  });
});

describe('highlighted lines and line numbers', () => {
  const linesOf = (html: string) => [...html.matchAll(/<span class="line( highlighted)?">/g)].map((m) => (m[1] ? 'H' : '.')).join('');

  it('marks the lines of {1,3-4} in a highlighted block, with a title and the language joined or apart', () => {
    const code = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;';
    for (const info of ['ts {1,3-4}', 'ts{1,3-4}', 'ts title="a.ts" {1} {3-4}']) {
      const html = render(`\`\`\`${info}\n${code}\n\`\`\`\n`).rendered.html;
      expect(linesOf(html), info).toBe('H.HH.');
      expect(html).toMatch(/^<div class="code-block" data-lang="ts">/);
    }
    expect(render(`\`\`\`ts title="a.ts" {1}\n${code}\n\`\`\`\n`).rendered.html).toContain('<div class="code-title">a.ts</div>');
  });

  it('numbers the lines with CSS counters from 1, or from showLineNumbers=N, as Docusaurus and VitePress write it', () => {
    expect(render('```ts showLineNumbers\nlet a;\n```\n').rendered.html).toMatch(/^<div class="code-block line-numbers" data-lang="ts"><pre class="shiki shiki-themes/);
    expect(render('```ts showLineNumbers=10\nlet a;\n```\n').rendered.html).toMatch(/^<div class="code-block line-numbers" style="counter-reset:line 9" data-lang="ts">/);
    expect(render('```ts:line-numbers {2}\nlet a;\nlet b;\n```\n').rendered.html).toMatch(/^<div class="code-block line-numbers" data-lang="ts">.*<span class="line">.*\n<span class="line highlighted">/s);
    // VitePress's start number joined to the language, with lines to highlight too; and its way to say no numbers.
    for (const info of ['ts:line-numbers=2', 'ts:line-numbers=2 {2}']) {
      const result = render(`\`\`\`${info}\nlet a;\nlet b;\n\`\`\`\n`);
      expect(result.diagnostics, info).toEqual([]);
      expect(result.rendered.html, info).toMatch(/^<div class="code-block line-numbers" style="counter-reset:line 1" data-lang="ts"><pre class="shiki shiki-themes/);
    }
    const unnumbered = render('```ts:no-line-numbers\nlet a;\n```\n');
    expect(unnumbered.diagnostics).toEqual([]);
    expect(unnumbered.rendered.html).toMatch(/^<div class="code-block" data-lang="ts"><pre class="shiki shiki-themes/);
  });

  it('puts the lines of a plain block in spans only when they are marked or numbered', () => {
    expect(render('```text {2} showLineNumbers\na < b\n\nc\n```\n').rendered.html).toBe(
      '<div class="code-block line-numbers" data-lang="text"><pre class="shiki"><code><span class="line">a &lt; b</span>\n<span class="line highlighted"></span>\n<span class="line">c</span></code></pre></div>\n',
    );
    expect(render('```text\na\nb\n```\n').rendered.html).toBe('<div class="code-block" data-lang="text"><pre class="shiki"><code>a\nb</code></pre></div>\n');
  });

  it('tells a malformed list of lines (an error), lines past the end and unknown options (warnings) at the fence line', () => {
    const r = render('Text.\n\n```ts {1,x} showLinenumbers\nlet a;\n```\n\n```ts {2-1}\nlet a;\n```\n\n```ts {1,3-4} highlight="2"\nlet a;\nlet b;\n```\n', { bodyLine: 5 });
    expect(problems(r)).toEqual([
      '7:1 {1,x} is not a list of lines to highlight',
      '7:1 "showLinenumbers" is not an option of a code block, and does nothing',
      '11:1 {2-1}: 2-1 is not a line or a range of lines',
      '15:1 {1,3-4}: the block has 2 lines, so 3-4 highlights nothing past its end',
      '15:1 "highlight=…" is not an option of a code block, and does nothing',
    ]);
    expect(r.diagnostics.map((d) => d.severity)).toEqual(['error', 'warning', 'error', 'warning', 'warning']);
    expect(r.diagnostics[1]!.hint).toBe('did you mean showLineNumbers?');
    // What could be read still applies: the highlighted first line of the third block.
    expect(linesOf(r.rendered.html.split('<div class="code-block')[3]!)).toBe('H.');
  });

  it('tells a title without quotes, and showLineNumbers given no number, how to write them, not "did you mean" the name written', () => {
    const r = render('```ts title=app.ts\nlet a;\n```\n\n```ts showLineNumbers=first\nlet a;\n```\n\n```ts showLineNumbers="x"\nlet a;\n```\n', { bodyLine: 3 });
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message} (${d.hint})`)).toEqual([
      '3:1 warning "title=app.ts" is not an option of a code block, and does nothing (write the title in quotes: title="app.ts")',
      '7:1 warning "showLineNumbers=first" is not an option of a code block, and does nothing (showLineNumbers takes the number of its first line, or nothing: showLineNumbers=10)',
      '11:1 warning "showLineNumbers=…" is not an option of a code block, and does nothing (showLineNumbers takes the number of its first line, or nothing: showLineNumbers=10)',
    ]);
  });

  it('warns at the fence line about a language the highlighter does not know, with the nearest one, and not about plain text', () => {
    const r = render('```pyhton\nprint(1)\n```\n\n```foobarlang {1}\nx\n```\n\n```text\nx\n```\n\n```TS\nlet a;\n```\n\n```sh\nls\n```\n\n```\nno language\n```\n', { bodyLine: 3 });
    expect(problems(r)).toEqual(['3:1 ```pyhton: no highlighting for this language, so the block is plain text', '7:1 ```foobarlang: no highlighting for this language, so the block is plain text']);
    expect(r.diagnostics.map((d) => [d.severity, d.hint])).toEqual([
      ['warning', 'did you mean ```python?'],
      ['warning', "write ```text for plain text, or a language the highlighter knows (shiki's names)"],
    ]);
  });

  it('reads a range far past the end as two numbers, not a list of lines to make', () => {
    // Timed after a first block, whose highlighting alone can take longer than half a second on a loaded
    // machine; making the hundred billion lines of the range never ended, so seconds still tell it.
    render('```ts {2}\nlet a;\nlet b;\n```\n');
    const started = performance.now();
    const r = render('```ts {2-100000000000}\nlet a;\nlet b;\n```\n');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(linesOf(r.rendered.html)).toBe('.H');
    expect(problems(r)).toEqual(['1:1 {2-100000000000}: the block has 2 lines, so 2-100000000000 highlights nothing past its end']);
  });

  it('tells the options of a fence in a list item or a quote at its own line', () => {
    const r = render('1. First:\n\n   ```ts {zz}\n   let a;\n   ```\n2. Second\n\n   > Quoted:\n   >\n   > ```ts showLinenumbers\n   > let b;\n   > ```\n');
    expect(problems(r)).toEqual(['3:1 {zz} is not a list of lines to highlight', '10:1 "showLinenumbers" is not an option of a code block, and does nothing']);
  });

  it('takes {} as no lines, a quoted showLineNumbers, options without a language, and a gutter as wide as the last number', () => {
    expect(parseCodeOptions('ts {}', 2)).toEqual({ options: { lang: 'ts' }, problems: [] });
    expect(parseCodeOptions('ts showLineNumbers="10"', 2)).toEqual({ options: { lang: 'ts', lineNumbers: 10 }, problems: [] });
    expect(parseCodeOptions('showLineNumbers {1}', 2)).toEqual({ options: { lang: '', lines: '1', lineNumbers: 1 }, problems: [] });
    expect(parseCodeOptions('title="x.sh"', 2)).toEqual({ options: { lang: '', title: 'x.sh' }, problems: [] });
    expect(parseCodeOptions('ts showLineNumbers=99999999999999999999', 2).options.lineNumbers).toBe(1_000_000);
    expect(render('```text showLineNumbers=998\na\nb\nc\n```\n').rendered.html).toMatch(/^<div class="code-block line-numbers" style="counter-reset:line 997;--gutter:4ch" data-lang="text">/);
  });

  it('reads the language, title and options of an info string', () => {
    expect(parseCodeOptions('bash {1, 3} title=\'My file.sh\' showLineNumbers=0', 3)).toEqual({ options: { lang: 'bash', lines: '1,3', title: 'My file.sh', lineNumbers: 1 }, problems: [] });
    expect(parseCodeOptions('', 1)).toEqual({ options: { lang: '' }, problems: [] });
  });
});

describe('languageOf and languagesUsed', () => {
  it('maps fence words to shiki ids', () => {
    expect(languageOf('TS')).toBe('typescript');
    expect(languageOf('sh')).toBe('bash');
    expect(languageOf('yml')).toBe('yaml');
    expect(languageOf('json')).toBe('json');
    expect(languageOf('text')).toBeNull();
    expect(languageOf('mermaid')).toBe('mermaid');
    expect(languageOf('plantuml')).toBeNull();
  });

  it('lists each language used in some sources once, sorted', () => {
    const sources = ['```ts\na\n```\n\n~~~bash\nb\n~~~\n', '  ```js title="x.js"\nc\n```\n', '```plantuml\nd\n```\n```sh\ne\n```\n'];
    expect(languagesUsed(sources)).toEqual(['bash', 'javascript', 'typescript']);
  });
});

describe('a thread that leaves its code blocks to another', () => {
  it('puts one marker per distinct block, hands the blocks over once, and the filled HTML matches a highlighting thread', async () => {
    const { createCodeHighlighter } = await import('../../../src/content/highlight.js');
    const { fillDeferred } = await import('../../../src/content/deferredCode.js');
    const { createMarkdownRenderer } = await import('../../../src/content/markdown.js');
    const context = { baseUrl: '/', localePath: '', permalinks: {}, staticRoots: [], localePaths: ['en'] };
    const body = '```ts\nconst a = 1;\n```\n\ntext\n\n```ts {1}\nconst a = 1;\n```\n\n```bash\necho "<b>"\n```\n\n```plantuml\nA -> B\n```\n\n```ts {1}\nconst a = 1;\nconst b = 2; // [!code ++]\n```\n';
    const job = { file: 'content/en/docs/a.md', contentPath: 'docs/a.md', body, bodyLine: 1, locale: 'en' };
    const deferring = createCodeHighlighter(null, { defer: true });
    const result = createMarkdownRenderer(deferring)(job, context);
    const handed = deferring.deferred()!;
    // Two distinct highlighted blocks (the repeated one once); plantuml has no grammar and stays plain here.
    // A block whose comments mark lines is handed over without them; its marks ride in its marker (`3:1;add=2`).
    expect(handed.blocks).toEqual([{ code: 'const a = 1;', lang: 'typescript' }, { code: 'echo "<b>"', lang: 'bash' }, { code: 'const a = 1;\nconst b = 2;', lang: 'typescript' }]);
    expect(result.rendered.html.split(handed.marker).length - 1).toBe(4);
    expect(deferring.deferred()).toBeNull();
    // Another thread's marker has another random part: a page cannot spell one out in advance.
    const other = createCodeHighlighter(null, { defer: true });
    createMarkdownRenderer(other)(job, context);
    expect(other.deferred()!.marker).not.toBe(handed.marker);

    const highlighting = createCodeHighlighter();
    await highlighting.prepare(['typescript', 'bash']);
    const html = handed.blocks.map((b) => highlighting.highlight(b.code, b.lang)!);
    const direct = createMarkdownRenderer(highlighting)(job, context).rendered.html;
    expect(fillDeferred(result.rendered.html, handed.marker, html)).toBe(direct);
    // The repeated block's highlighted line ({1}) is marked where it is filled in, the first one's not.
    expect(direct.match(/<span class="line highlighted">/g)).toHaveLength(2);
    expect(direct.match(/<span class="line diff add">/g)).toHaveLength(1);
    expect(() => fillDeferred(result.rendered.html, handed.marker, html.slice(0, 1))).toThrow(/missing/);
    expect(fillDeferred('no markers here', handed.marker, html)).toBe('no markers here');
  });
});

describe('lines marked by comments (Docusaurus magic comments, VitePress notation)', () => {
  /** Each line of a rendered block: its classes past `line`, and its text. */
  const lines = (html: string) =>
    [...html.matchAll(/<span class="line( [^"]*)?">((?:(?!<span class="line).)*)/g)].map((m) => `${(m[1] ?? '').trim() || '-'} ${m[2]!.replace(/<[^>]+>/g, '').replace(/&#x3C;|&lt;/g, '<').replace(/&#x3E;|&gt;/g, '>').trim()}`);

  it('highlights the line after highlight-next-line and those between highlight-start and highlight-end, the comments taken out', () => {
    const html = render('```js\n// highlight-next-line\nconst a = 1;\nconst b = 2;\n// highlight-start\nconst c = 3;\nconst d = 4;\n// highlight-end\nconst e = 5;\n```\n').rendered.html;
    expect(lines(html)).toEqual(['highlighted const a = 1;', '- const b = 2;', 'highlighted const c = 3;', 'highlighted const d = 4;', '- const e = 5;']);
    expect(html).not.toContain('highlight-');
  });

  it('reads the comment as the language writes it', () => {
    const html = render('```python\nimport os\n# highlight-next-line\nprint(os.name)\n```\n').rendered.html;
    expect(lines(html)).toEqual(['- import os', 'highlighted print(os.name)']);
    const markup = render('```html\n<!-- highlight-next-line -->\n<p>a</p>\n<p>b</p>\n```\n').rendered.html;
    expect(lines(markup)).toEqual(['highlighted <p>a</p>', '- <p>b</p>']);
  });

  it('counts the lines the fence names ({2}) in the code as written, reading no highlight- comments then, as Docusaurus: they are shown, with a warning', () => {
    const body = '```js {2}\nconst a = 1;\n// highlight-next-line\nconst b = 2; // [!code ++]\n// highlight-start\nconst c = 3;\n// highlight-end\n```\n';
    const result = render(body, { bodyLine: 3 });
    // The [!code] comments, which take no line away, are read still: line 3 is the one added.
    expect(lines(result.rendered.html)).toEqual(['- const a = 1;', 'highlighted // highlight-next-line', 'diff add const b = 2;', '- // highlight-start', '- const c = 3;', '- // highlight-end']);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message} | ${d.hint}`)).toEqual([
      '3:1 warning line 2 of the block, // highlight-next-line, is shown as code: a fence with lines to highlight ({2}) reads no highlight- comments, as in Docusaurus, and counts its lines in the code as written | mark the lines one way: with {…} (the comment lines counted), or with the comments',
    ]);
    // Searched as shown; and {6} is no line past the block's end, as the comment lines count.
    expect(render(`## Setup\n\n${body}`, { locale: 'en' }).rendered.sections[0]!.text).toContain('// highlight-next-line');
    expect(problems(render('```js {6}\n// highlight-next-line\na\nb\nc\nd\ne\n```\n'))).toEqual(['1:1 line 1 of the block, // highlight-next-line, is shown as code: a fence with lines to highlight ({6}) reads no highlight- comments, as in Docusaurus, and counts its lines in the code as written']);
  });

  it('numbers the lines shown, the comment lines taken out, under a title', () => {
    const html = render('```ts title="a.ts" showLineNumbers=997\n// highlight-next-line\nconst a = 1;\n// highlight-start\nconst b = 2;\n// highlight-end\nconst c = 3;\n```\n').rendered.html;
    // Lines 997-999: a gutter of three digits (five lines as written would end at 1001, four wide).
    expect(html).toMatch(/^<div class="code-block line-numbers" style="counter-reset:line 996" data-lang="ts"><div class="code-title">a\.ts<\/div><pre /);
    expect(lines(html)).toEqual(['highlighted const a = 1;', 'highlighted const b = 2;', '- const c = 3;']);
  });

  it('marks lines added, removed, highlighted, focused, an error or a warning by a comment at their end, which is taken out', () => {
    const html = render('```ts\nconst old = 1; // [!code --]\nconst now = 2; // [!code ++]\nconst x = 3; // [!code highlight]\nconst y = 4; // [!code focus]\nthrow e; // [!code error]\nwarn(); // [!code warning]\n```\n').rendered.html;
    expect(lines(html)).toEqual(['diff remove const old = 1;', 'diff add const now = 2;', 'highlighted const x = 3;', 'focused const y = 4;', 'error throw e;', 'warning warn();']);
    expect(html).not.toContain('[!code');
    expect(html).toContain('<pre class="has-focused shiki');
  });

  it('marks a number of lines from the comment\'s with [!code highlight:3], in plain code too', () => {
    const html = render('```text\na # [!code highlight:2]\nb\nc\n```\n').rendered.html;
    expect(lines(html)).toEqual(['highlighted a', 'highlighted b', '- c']);
  });

  it('warns of a highlight never ended or ended twice', () => {
    expect(problems(render('```js\n// highlight-start\na\n```\n'))).toEqual(['1:1 the highlight-start of line 1 of the block is never ended, so every line after it is highlighted']);
    expect(problems(render('```js\na\n// highlight-end\n```\n'))).toEqual(['1:1 line 2 of the block ends a highlight that no highlight-start began']);
  });

  it('warns of a highlight-next-line with no line after it, and of a [!code …:n] that runs past the block\'s end', () => {
    expect(problems(render('```js\na\n// highlight-next-line\n```\n'))).toEqual(['1:1 line 2 of the block, // highlight-next-line, has no line after it to highlight']);
    expect(problems(render('```text\na # [!code highlight:4]\nb\n```\n'))).toEqual(['1:1 line 1 of the block marks 4 lines, [!code highlight:4], but the block has only 2 from there']);
    expect(problems(render('```js\n// highlight-next-line\na\nb # [!code ++:2]\nc\n```\n'))).toEqual([]);
  });

  it('leaves the comments out of the search text too, as the reader never sees them', () => {
    const { sections } = render('## Setup\n\n```ts\n// highlight-next-line\nconst a = 1; // [!code ++]\n```\n', { locale: 'en' }).rendered;
    expect(sections[0]!.text).toBe('const a = 1;');
  });

  it('leaves a block without such comments as it is, and words that only look like them', () => {
    const html = render('```ts\nconst highlight = "highlight-next-line is a comment";\n```\n').rendered.html;
    expect(lines(html)).toEqual(['- const highlight = "highlight-next-line is a comment";']);
  });
});
