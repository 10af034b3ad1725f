import { describe, expect, it } from 'vitest';
import { admonitionTitle } from '../../../src/content/admonitions.js';
import { problems, render } from './markdownFixture.js';

const titles = (html: string) => [...html.matchAll(/<p class="admonition-title">(.*?)<\/p>/g)].map((m) => m[1]);

describe('admonitions', () => {
  it('wraps the content in a box of its kind with its title', () => {
    expect(render(':::warning 注意事项\n免费服务可能随时不可用。\n:::\n').rendered.html).toBe(
      '<div class="admonition admonition-warning"><p class="admonition-title">注意事项</p><p>免费服务可能随时不可用。</p>\n</div>\n',
    );
  });

  it('reads the title remark-directive writes as an attribute, in either quotes', () => {
    // Before: the opener and the closing ::: were printed as a paragraph's text.
    expect(titles(render(':::tip{title="Braces title"}\nText.\n:::\n').rendered.html)).toEqual(['Braces title']);
    expect(titles(render(":::note{title='单引号'}\n正文。\n:::\n").rendered.html)).toEqual(['单引号']);
  });

  it('reads the other forms of remark-directive attributes as a box, its title from them, and tells what it does not read', () => {
    // Before: each opener and its closing ::: were a paragraph's text, and nothing was told.
    const r = render(':::tip{title=Bare}\nA.\n:::\n\n:::note{.wide}\nB.\n:::\n\n:::info{title="Both" id="x"}\nC.\n:::\n\n:::warning{title="Say \\"hi\\""}\nD.\n:::\n', { bodyLine: 5 });
    expect(titles(r.rendered.html)).toEqual(['Bare', '备注', 'Both', '注意']);
    expect(r.rendered.html).not.toContain(':::');
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message} (${d.hint})`)).toEqual([
      '9:1 warning .wide in {.wide} after :::note does nothing: a box reads only its title there (delete it, keeping :::note{title="…"} or :::note[Title])',
      '13:1 warning id="x" in {title="Both" id="x"} after :::info does nothing: a box reads only its title there (delete it, keeping :::info{title="…"} or :::info[Title])',
      '17:1 warning {title="Say \\"hi\\""} after :::warning could not be read as attributes, so the box has no title of its own (write the title in brackets, :::warning[Title], or as title="Title" (a quote in it as &quot;))',
    ]);
  });

  it("gives the search text a box's own title as words apart from its text, and no default title", () => {
    const { rendered } = render('## Backups\n\n:::warning Keep the file safe\nIt holds your keys.\n:::\n\n:::tip\nExport often.\n:::\n', { locale: 'en' });
    // The title had run into the text ("safeIt"), making words no reader sees; then, with a space, into a sentence
    // no reader sees either (「…is not the API A DeepL Pro subscription…」 in an excerpt): parted as list items are.
    expect(rendered.sections[0]!.text).toBe('Keep the file safe · It holds your keys. Export often.');
    expect(render(':::tip 小提示\n先测试密钥。\n:::\n').rendered.intro).toBe('小提示 · 先测试密钥。');
    // A title that ends a sentence or clause needs no dot after it.
    expect(render(':::warning Careful:\nKeys are secrets.\n:::\n', { locale: 'en' }).rendered.intro).toBe('Careful: Keys are secrets.');
  });

  it('keeps the paragraphs of a box in a list item apart, as at the top level (a tip in a numbered step, a tab in a bullet)', () => {
    const step = render('1. 第一步：\n\n   :::tip\n   第一段。\n\n   第二段。\n   :::\n').rendered.html;
    expect(step).toContain('<p class="admonition-title">提示</p><p>第一段。</p>\n<p>第二段。</p>\n</div>');
    const details = render('- Bullet\n  ::: details Click\n  Para A.\n\n  Para B.\n  :::\n', { locale: 'en' }).rendered.html;
    expect(details).toContain('<summary class="admonition-title">Click</summary><p>Para A.</p>\n<p>Para B.</p>\n</details>');
    const tabs = render('1. Install:\n\n   :::tabs\n   == npm\n   One.\n\n   Two.\n   :::\n', { locale: 'en' }).rendered.html;
    expect(tabs).toMatch(/data-label="npm"><p>One\.<\/p>\n<p>Two\.<\/p>/);
    // A tight list's own lines stay bare, as marked writes them.
    expect(render('- one\n- two\n').rendered.html).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
  });

  it('gives each kind a default title in Chinese', () => {
    const body = ['note', 'tip', 'info', 'warning', 'danger', 'caution'].map((k) => `:::${k}\n内容\n:::\n`).join('\n');
    expect(titles(render(body).rendered.html)).toEqual(['备注', '提示', '信息', '注意', '警告', '注意']);
  });

  it('gives each kind a default title in English', () => {
    const body = ['note', 'tip', 'info', 'warning', 'danger', 'caution'].map((k) => `:::${k}\nText\n:::\n`).join('\n');
    expect(titles(render(body, { locale: 'en' }).rendered.html)).toEqual(['Note', 'Tip', 'Info', 'Warning', 'Danger', 'Caution']);
  });

  it("reads Docusaurus's spellings: a space after :::, a kind in capitals, a title in brackets", () => {
    const html = render('::: tip 小技巧\n一\n:::\n\n:::NOTE\n二\n:::\n\n:::warning[先备份]\n三\n:::\n').rendered.html;
    expect(titles(html)).toEqual(['小技巧', '备注', '先备份']);
    expect(html).toContain('admonition-tip');
    expect(html).toContain('admonition-note');
    expect(html).toContain('admonition-warning');
    expect(html).not.toContain(':::');
  });

  it('tells a kind that does not exist at its line, with the nearest kind, instead of printing it as text', () => {
    const result = render('段落\n\n:::importnt\n重要\n:::\n\n:::tpi\n小技巧\n:::\n', { bodyLine: 5 });
    expect(problems(result)).toEqual([
      '7:1 ":::importnt" is not a kind of admonition (note, tip, info, warning, danger, caution, details)',
      '11:1 ":::tpi" is not a kind of admonition (note, tip, info, warning, danger, caution, details)',
    ]);
    expect(result.diagnostics[1]!.hint).toBe('did you mean :::tip?');
  });

  it("takes Docusaurus 3's other names, :::important, :::success and :::secondary, as its boxes show them: info, tip and note", () => {
    const result = render(':::important\n一\n:::\n\n:::success[做到了]\n二\n:::\n\n:::secondary\n三\n:::\n');
    expect(problems(result)).toEqual([]);
    expect(result.rendered.html).toBe(
      '<div class="admonition admonition-info"><p class="admonition-title">信息</p><p>一</p>\n</div>\n' +
        '<div class="admonition admonition-tip"><p class="admonition-title">做到了</p><p>二</p>\n</div>\n' +
        '<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>三</p>\n</div>\n',
    );
    expect(problems(render(':::constructor\n四\n:::\n'))).toEqual(['1:1 ":::constructor" is not a kind of admonition (note, tip, info, warning, danger, caution, details)']);
  });

  it('reads a title as inline markdown, as Docusaurus does: its links are links, rewritten and recorded at their line, brackets inside [title] included', () => {
    const result = render('正文。\n\n:::tip[先看 [卡片](./card.md)]\n一\n:::\n\n:::details 更多 **说明** 见 [常见问题](/docs/faqs/)\n二\n:::\n', { bodyLine: 5 });
    expect(titles(result.rendered.html)).toEqual(['先看 <a href="/docs/guides/card">卡片</a>']);
    expect(result.rendered.html).toContain('<summary class="admonition-title">更多 <strong>说明</strong> 见 <a href="/docs/faqs/">常见问题</a></summary><p>二</p>');
    expect(result.rendered.refs.map((r) => `${r.line} ${r.url}`)).toEqual(['7 /docs/guides/card', '11 /docs/faqs/']);
    expect(problems(result)).toEqual([]);
  });

  it('escapes HTML in a custom title', () => {
    expect(titles(render(':::tip <b>粗体</b> & 更多\n内容\n:::\n').rendered.html)).toEqual(['&lt;b&gt;粗体&lt;/b&gt; &amp; 更多']);
  });

  it('renders markdown inside, links rewritten', () => {
    const html = render(':::info\n详见 [翻译卡片](./card.md) 和 **快捷键**。\n\n- 一\n- 二\n:::\n').rendered.html;
    expect(html).toContain('<p>详见 <a href="/docs/guides/card">翻译卡片</a> 和 <strong>快捷键</strong>。</p>');
    expect(html).toContain('<ul>\n<li>一</li>\n<li>二</li>\n</ul>');
  });

  it('nests, each level with its own default title', () => {
    const html = render(':::note\n外层\n\n:::danger\n内层\n:::\n\n外层继续\n:::\n\n之后\n').rendered.html;
    expect(html).toBe(
      '<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>外层</p>\n' +
        '<div class="admonition admonition-danger"><p class="admonition-title">警告</p><p>内层</p>\n</div>\n' +
        '<p>外层继续</p>\n</div>\n<p>之后</p>\n',
    );
  });

  it('nests as Docusaurus writes it, the outer block with more colons, closed by a line of at least as many', () => {
    const html = render('::::warning 外层\n一\n\n:::tip\n二\n:::\n\n三\n::::\n\n之后\n').rendered.html;
    expect(html).toBe(
      '<div class="admonition admonition-warning"><p class="admonition-title">外层</p><p>一</p>\n' +
        '<div class="admonition admonition-tip"><p class="admonition-title">提示</p><p>二</p>\n</div>\n' +
        '<p>三</p>\n</div>\n<p>之后</p>\n',
    );
    // A line of fewer colons than the block's opening does not close it; four colons close a ::: block.
    expect(render(':::::note\n:::\n:::::\n').rendered.html).toBe('<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>:::</p>\n</div>\n');
    expect(render(':::note\n内容\n::::\n').rendered.html).toBe('<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>内容</p>\n</div>\n');
    expect(problems(render('::::note\n内容\n:::\n', { bodyLine: 4 }))).toEqual(['4:1 "::::note" is not closed']);
  });

  it("makes GitHub's alerts (> [!NOTE] alone on the quote's first line) boxes, and leaves other quotes quotes", () => {
    const html = render('> [!NOTE]\n> Useful **info**.\n\n> [!warning]\n> Careful.\n>\n> Second.\n\n> [!IMPORTANT]\n> Read this.\n\n> Plain quote.\n\n> [!TIP] on the same line\n').rendered.html;
    expect(html).toBe(
      '<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>Useful <strong>info</strong>.</p>\n</div>\n' +
        '<div class="admonition admonition-warning"><p class="admonition-title">注意</p><p>Careful.</p>\n<p>Second.</p>\n</div>\n' +
        '<div class="admonition admonition-info"><p class="admonition-title">重要</p><p>Read this.</p>\n</div>\n' +
        '<blockquote>\n<p>Plain quote.</p>\n</blockquote>\n<blockquote>\n<p>[!TIP] on the same line</p>\n</blockquote>\n',
    );
    expect(titles(render('> [!CAUTION]\n> Danger.\n', { locale: 'en' }).rendered.html)).toEqual(['Caution']);
    // The marker alone is a quote, as GitHub shows it; the marker is not searched.
    expect(render('> [!NOTE]\n').rendered.html).toBe('<blockquote>\n<p>[!NOTE]</p>\n</blockquote>\n');
    expect(render('> [!TIP]\n> Use the shortcut.\n', { locale: 'en' }).rendered.intro).toBe('Use the shortcut.');
  });

  it('does not close at ::: inside fenced code', () => {
    const html = render(':::tip 示例\n```bash\necho ":::"\n:::\n```\n:::\n\n之后的段落\n').rendered.html;
    expect(html).toMatch(/^<div class="admonition admonition-tip"><p class="admonition-title">示例<\/p><div class="code-block" data-lang="bash">.*<\/div>\n<\/div>\n<p>之后的段落<\/p>\n$/s);
    expect(html).toContain('echo');
  });

  it('closes after a line that starts with code in three backticks, which is a code span and no fence', () => {
    // Before: ":::tip is not closed" (an error), the box running on to the end of the page, its ::: shown as text.
    const result = render(':::tip\n```npm i``` installs it.\n:::\n\nAfter.\n\n:::tabs\n== A\n```a`b``` here\n== B\nText.\n:::\n');
    expect(problems(result)).toEqual([]);
    expect(result.rendered.html).toMatch(/^<div class="admonition admonition-tip"><p class="admonition-title">提示<\/p><p><code>npm i<\/code> installs it\.<\/p>\n<\/div>\n<p>After\.<\/p>\n<div class="tabs" /);
    expect(result.rendered.html).toContain('<div class="tabs-panel" data-label="B"><p>Text.</p>');
  });

  it('ends a paragraph at a ::: line right under it, also past a one-character first line, and not at ::: inside a line', () => {
    const { html } = render('Text\n:::tip\nIn the box.\n:::\n\nA\n:::note\nToo.\n:::\n\nx:::tip y\n').rendered;
    expect(html).toBe(
      '<p>Text</p>\n<div class="admonition admonition-tip"><p class="admonition-title">提示</p><p>In the box.</p>\n</div>\n' +
        '<p>A</p>\n<div class="admonition admonition-note"><p class="admonition-title">备注</p><p>Too.</p>\n</div>\n<p>x:::tip y</p>\n',
    );
  });

  it('renders a long page in time linear in its length (looking for ::: from every paragraph to the end of the file took a 5 MB page past 10 s)', () => {
    const renderTime = (paragraphs: number) => {
      const body = 'A short paragraph.\n\n'.repeat(paragraphs);
      const started = performance.now();
      const { html } = render(body).rendered;
      const took = performance.now() - started;
      expect(html.startsWith('<p>A short paragraph.</p>\n<p>A short paragraph.</p>\n')).toBe(true);
      return took;
    };
    // A page eight times as long takes about eight times as long, where the search from every paragraph
    // took sixty-four times as long (short paragraphs: that search grew with their number). The two are
    // timed against each other, not against a clock, so a slow machine slows both alike; taken in turns,
    // each the fastest of five runs, as a loaded machine can stall any one run but not all of them (the fastest of three
    // once measured 20.2 on a CI run beside other tests, where it is 7-8 on its own).
    let short = Infinity;
    let long = Infinity;
    for (let run = 0; run < 5; run++) {
      short = Math.min(short, renderTime(5000)); // 0.1 MB
      long = Math.min(long, renderTime(40_000)); // 0.8 MB
    }
    expect(long / short).toBeLessThan(20);
  }, 60_000);

  it('makes :::details a box that opens on a click, with its title or a default one', () => {
    expect(render(':::details 更多\n内容\n:::\n').rendered.html).toBe('<details class="admonition admonition-details"><summary class="admonition-title">更多</summary><p>内容</p>\n</details>\n');
    expect(render(':::details\nText\n:::\n', { locale: 'en' }).rendered.html).toContain('<summary class="admonition-title">Details</summary>');
  });
});

describe('unclosed blocks', () => {
  it('reports an unclosed admonition at its opening file line', () => {
    const result = render('介绍\n\n:::warning 注意\n内容\n\n## 之后的标题\n', { bodyLine: 5 });
    expect(problems(result)).toEqual(['7:1 ":::warning" is not closed']);
    expect(result.diagnostics[0].hint).toBe('end the block with a line containing only :::');
  });

  it('reports the outer admonition when a nested one uses up its closing line', () => {
    expect(problems(render(':::note\n:::tip\n内容\n:::\n', { bodyLine: 4 }))).toEqual(['4:1 ":::note" is not closed']);
  });

  it('reports an unclosed admonition, and a kind that is none, in a list item or a quote too', () => {
    expect(problems(render('- 步骤\n\n  :::warning 注意\n  内容\n\n> :::bogus\n> 内容\n> :::\n', { bodyLine: 5 }))).toEqual([
      '7:1 ":::warning" is not closed',
      '10:1 ":::bogus" is not a kind of admonition (note, tip, info, warning, danger, caution, details)',
    ]);
  });

  it('reports an unclosed code fence at its opening file line', () => {
    const result = render('Intro.\n\n```js\nconst a = 1;\n\n## Lost heading\n', { bodyLine: 4 });
    expect(problems(result)).toEqual(['6:1 code fence is not closed: the rest of the file would become code']);
    expect(result.rendered.headings).toEqual([]);
  });

  it('reports an unclosed fence inside an admonition at the fence line', () => {
    expect(problems(render('第一段\n\n:::tip\n小技巧\n\n~~~ts\nlet a = 1;\n:::\n', { bodyLine: 10 }))).toEqual([
      '12:1 ":::tip" is not closed',
      '15:1 code fence is not closed: the rest of the file would become code',
    ]);
  });

  it('does not take a shorter or different fence for the closing one', () => {
    expect(problems(render('````md\n```\n内层\n```\n````\n'))).toEqual([]);
    expect(problems(render('````md\n```\n', { bodyLine: 3 }))).toEqual(['3:1 code fence is not closed: the rest of the file would become code']);
    expect(problems(render('~~~\n```\n', { bodyLine: 3 }))).toEqual(['3:1 code fence is not closed: the rest of the file would become code']);
  });

  it('accepts a closed fence at the very end of the file and indented code', () => {
    expect(problems(render('```bash\nnpm ci\n```'))).toEqual([]);
    expect(problems(render('段落\n\n    indented code\n'))).toEqual([]);
  });
});

describe('admonitionTitle', () => {
  it('picks the table by language and falls back to English', () => {
    expect(admonitionTitle('tip', 'zh-Hant')).toBe('提示');
    expect(admonitionTitle('tip', 'ja')).toBe('ヒント');
    expect(admonitionTitle('tip', 'fr')).toBe('Tip');
  });
});
