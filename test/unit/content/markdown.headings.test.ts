import { describe, expect, it } from 'vitest';
import { problems, render } from './markdownFixture.js';

const ids = (body: string) => render(body).rendered.headings.map((h) => h.id);

describe('heading ids like GitHub', () => {
  it('lowercases, turns spaces into hyphens and drops punctuation', () => {
    expect(ids("## What's new in 11.6?\n\n## Café & Crème\n\n## Use DeepL (Pro)\n")).toEqual(['whats-new-in-116', 'café--crème', 'use-deepl-pro']);
  });

  it('makes ids NFC, whichever way the accents were typed', () => {
    const result = render(`## ${'Café crème'.normalize('NFD')}\n\n## Café crème {#${'Ré'.normalize('NFD')}}\n`);
    expect(result.rendered.headings.map((h) => h.id)).toEqual(['café-crème', 'Ré']);
    expect(problems(result)).toEqual([]);
  });

  it('warns of an id given twice (the second is numbered) and of a heading with no text, at their lines', () => {
    const result = render('## Setup {#setup}\n\nText.\n\n## Set up again {#setup}\n\n## \n', { bodyLine: 5 });
    expect(result.rendered.headings.map((h) => h.id)).toEqual(['setup', 'setup-1', '']);
    expect(problems(result)).toEqual(['9 heading id {#setup} is given twice on the page, so this one is #setup-1', '11 heading with no text: readers see an empty line, and the table of contents leaves it out']);
  });

  it('keeps an id as written, dots and colons included, as links to it are written', () => {
    // Before: {#v1.2} became #v12, with the warning "heading id {#v1.2} is given twice on the page" (it was not),
    // and a link written to #v1.2 was a broken anchor.
    const result = render('## Version 1.2 {#v1.2}\n\n## 常见问题 {#faq:top}\n\n## Again {#v1.2}\n\n[1.2](#v1.2)\n');
    expect(result.rendered.headings.map((h) => h.id)).toEqual(['v1.2', 'faq:top', 'v1.2-1']);
    expect(result.rendered.html).toContain('<h2 id="v1.2">Version 1.2<a class="hash-link" href="#v1.2"');
    expect(problems(result)).toEqual(['5 heading id {#v1.2} is given twice on the page, so this one is #v1.2-1']);
  });

  it('tells the second of two headings written alike in a box, a list item or tabs at its own line', () => {
    // Before: at the first one's line (the heading's text was looked for from its block's start), so the warning
    // pointed at the heading that keeps its id, and the writer edited the wrong one.
    const body = ':::tip\n## Same {#x}\n\nText.\n\n## Same {#x}\n:::\n\n- Item.\n\n  ### Step {#y}\n\n  ### Step {#y}\n\n:::tabs\n== A\n## 小节 {#z}\n== B\n## 小节 {#z}\n:::\n\n## \n\n:::note\n## \n\n## \n:::\n';
    expect(problems(render(body, { bodyLine: 4 }))).toEqual([
      '9 heading id {#x} is given twice on the page, so this one is #x-1',
      '16 heading id {#y} is given twice on the page, so this one is #y-1',
      '22 heading id {#z} is given twice on the page, so this one is #z-1',
      '25 heading with no text: readers see an empty line, and the table of contents leaves it out',
      '28 heading with no text: readers see an empty line, and the table of contents leaves it out',
      '30 heading with no text: readers see an empty line, and the table of contents leaves it out',
    ]);
  });

  it('warns at its line of a # heading in the body, a second <h1> beside the title (as pages moved from other tools start)', () => {
    const r = render('# 欢迎使用\n\n正文。\n\n## 小节\n\n> # 引用里的标题\n', { bodyLine: 4 });
    expect(problems(r)).toEqual(['4 "# 欢迎使用" is a second <h1>: the page\'s title (title: in the front matter) is its first']);
    expect(r.diagnostics[0]!.severity).toBe('warning');
    expect(r.diagnostics[0]!.hint).toBe('make it a ## section, or delete it if it repeats the title');
  });

  it('keeps Chinese characters', () => {
    expect(ids('## 快速开始\n\n## 安装 Glint 插件\n\n## 为什么翻译失败？\n')).toEqual(['快速开始', '安装-glint-插件', '为什么翻译失败']);
  });

  it('uses the text of inline code and links, not their markup', () => {
    expect(ids('## 使用 `Ctrl+C` 复制\n\n## 配置 [DeepL](./card.md) 密钥\n\n## Hello <small>beta</small>\n')).toEqual([
      '使用-ctrlc-复制',
      '配置-deepl-密钥',
      'hello-beta',
    ]);
  });

  it('adds no space around bold, italic or struck-through text', () => {
    expect(render('## 使用 **DeepL** 翻译\n\n## **DeepL**设置\n\n## *快速*开始 ~~旧~~\n').rendered.headings.map((h) => [h.text, h.id])).toEqual([
      ['使用 DeepL 翻译', '使用-deepl-翻译'],
      ['DeepL设置', 'deepl设置'],
      ['快速开始 旧', '快速开始-旧'],
    ]);
  });

  it('numbers duplicates -1, -2 in order', () => {
    expect(ids('## 安装\n\n### 安装\n\n## 安装\n\n## Install\n\n## install\n')).toEqual(['安装', '安装-1', '安装-2', 'install', 'install-1']);
  });

  it('gives every level an id, h1 and h4 included', () => {
    expect(render('# 总览\n\n#### 细节\n').rendered.headings).toEqual([
      { depth: 1, text: '总览', id: '总览' },
      { depth: 4, text: '细节', id: '细节' },
    ]);
  });

  it('writes the id and a hash link into the HTML, the link percent-encoded, its tooltip in the page\'s language, and hidden from screen readers and Tab (the heading is named by its text alone)', () => {
    expect(render('## 快速开始\n').rendered.html).toBe(
      '<h2 id="快速开始">快速开始<a class="hash-link" href="#%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B" title="指向“快速开始”的链接" aria-hidden="true" tabindex="-1">#</a></h2>\n',
    );
    expect(render('## Quick *start* {#qs}\n', { locale: 'en' }).rendered.html).toContain('title="Direct link to Quick start" aria-hidden="true" tabindex="-1">#</a>');
  });

  it('finds headings inside admonitions and lists', () => {
    expect(ids(':::tip\n## 小技巧里的标题\n:::\n\n- ## 列表里的标题\n')).toEqual(['小技巧里的标题', '列表里的标题']);
  });

  it('ignores # lines inside fenced code', () => {
    expect(ids('```bash\n# 不是标题\necho hi\n```\n\n## 真标题\n')).toEqual(['真标题']);
  });
});

describe('ids of raw HTML', () => {
  it('warns of an id a heading also has, and of one given twice, at the raw HTML\'s line', () => {
    const body = '## 安装\n\n<div id="安装">\n  <a name="steps"></a>\n</div>\n\n段落 <span id="steps">步骤</span>\n\n## 设置 {#setup}\n\n<p id=setup>x</p>\n';
    expect(problems(render(body, { bodyLine: 5 }))).toEqual([
      '7 id "安装" of raw HTML is also the id of the heading "安装" (line 5), so the page would hold it twice and a link to #安装 would go to the first',
      '11 id "steps" is given twice in raw HTML (first at line 8), so a link to #steps would go to the first',
      '15 id "setup" of raw HTML is also the id of the heading "设置" (line 13), so the page would hold it twice and a link to #setup would go to the first',
    ]);
  });

  it('names the line of the first of two ids on one line as this line, not as a partial included twice', () => {
    // Before: "first at this line, which content/zh-Hans/docs/guides/summary.md includes twice", of a page that includes nothing.
    expect(problems(render('Text.\n\n按 <span id="k">K</span> 或 <span id="k">L</span>。\n\n## 安装 <a name="安装"></a>\n', { bodyLine: 5 }))).toEqual([
      '7 id "k" is given twice in raw HTML (first at this line), so a link to #k would go to the first',
      '9 id "安装" of raw HTML is also the id of the heading "安装" (this line), so the page would hold it twice and a link to #安装 would go to the first',
    ]);
  });

  it('says nothing of ids of their own, a name on another tag, or data-id', () => {
    expect(problems(render('## 安装\n\n<div id="install" data-id="安装"><input name="安装"></div>\n\n<a name="top"></a>\n'))).toEqual([]);
  });
});

describe('explicit heading ids {#id}', () => {
  it('uses the id as written and removes it from the text', () => {
    const result = render('## 为什么翻译失败？ {#why-failed}\n');
    expect(result.rendered.headings).toEqual([{ depth: 2, text: '为什么翻译失败？', id: 'why-failed' }]);
    expect(result.rendered.html).toContain('<h2 id="why-failed">为什么翻译失败？<a class="hash-link" href="#why-failed"');
    expect(result.rendered.html).not.toContain('{#');
  });

  it('keeps the case of the id', () => {
    expect(ids('## Shortcuts {#Keyboard-Shortcuts}\n')).toEqual(['Keyboard-Shortcuts']);
  });

  it('works after inline code', () => {
    const result = render('## 设置 `apiKey` {#api-key}\n');
    expect(result.rendered.headings).toEqual([{ depth: 2, text: '设置 apiKey', id: 'api-key' }]);
    expect(result.rendered.html).toContain('<h2 id="api-key">设置 <code>apiKey</code><a');
  });

  it('makes later automatic ids avoid an explicit one', () => {
    expect(ids('## 限额 {#limits}\n\n## Limits\n')).toEqual(['limits', 'limits-1']);
  });

  it('keeps an explicit id for its heading when an earlier automatic id would have taken it', () => {
    const result = render('## Limits\n\n## 限额 {#limits}\n');
    expect(result.rendered.headings.map((h) => h.id)).toEqual(['limits-1', 'limits']);
    expect(problems(result)).toEqual([]);
    expect(ids('## Limits\n\n## Limits\n\n## 限额 {#limits-1}\n\n## 限额 {#limits}\n')).toEqual(['limits-2', 'limits-3', 'limits-1', 'limits']);
  });

  it('is not taken from a heading whose brace is escaped: the text shows it and the id is made from the text', () => {
    const result = render('## 写法 \\{#name}\n');
    expect(result.rendered.headings[0]).toEqual({ depth: 2, text: '写法 {#name}', id: '写法-name' });
    expect(result.rendered.html).toContain('<h2 id="写法-name">写法 {#name}<a');
  });

  it('is not taken from the middle of a heading', () => {
    expect(render('## 使用 {#x} 语法\n').rendered.headings[0]).toEqual({ depth: 2, text: '使用 {#x} 语法', id: '使用-x-语法' });
  });
});

describe('headings in the table of contents data', () => {
  it('lists the plain text and depth of each heading in order', () => {
    const body = '## 安装\n\n正文\n\n### 从商店安装\n\n### 离线安装 {#offline}\n\n## 卸载\n';
    expect(render(body).rendered.headings).toEqual([
      { depth: 2, text: '安装', id: '安装' },
      { depth: 3, text: '从商店安装', id: '从商店安装' },
      { depth: 3, text: '离线安装', id: 'offline' },
      { depth: 2, text: '卸载', id: '卸载' },
    ]);
  });

  it('gives a heading of emoji or punctuation only its text as its id (before: none, and a table-of-contents link to the top)', () => {
    const { headings, html } = render('## 🚀\n\n## ？！ ？\n\n## Section\n\n## 🚀\n').rendered;
    // Its own text, which a heading of words cannot take from it: `## Section` is GitHub's #section.
    expect(headings.map((h) => h.id)).toEqual(['🚀', '？！-？', 'section', '🚀-1']);
    expect(html).toContain('<h2 id="🚀">');
  });

  it('decodes entities in heading text', () => {
    expect(render('## Q&amp;A &lt;3\n').rendered.headings[0].text).toBe('Q&A <3');
    // Every named entity and character number, as a browser shows them; the id is GitHub's, made from that text.
    const { headings } = render('## 版权 &copy; 2024\n\n## 破折号 &mdash; 结束\n\n## Caf&eacute; &#169; &#xA9;&nbsp;x\n').rendered;
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ['版权 © 2024', '版权--2024'],
      ['破折号 — 结束', '破折号--结束'],
      ['Café © © x', 'café---x'],
    ]);
    // Text that only looks like an entity (no semicolon) is shown as written: so is it in the id and the search.
    const loose = render('## Pass ?a=1&timestamp=2 &copy; me\n\n## Year &copy2024 x\n\n## a\u00a0b\n\n## c\u00a0d &copy;\n').rendered.headings;
    expect(loose.map((h) => [h.text, h.id])).toEqual([
      ['Pass ?a=1&timestamp=2 © me', 'pass-a1timestamp2--me'],
      ['Year &copy2024 x', 'year-copy2024-x'],
      ['a\u00a0b', 'ab'],
      ['c\u00a0d ©', 'cd-'],
    ]);
  });
});
