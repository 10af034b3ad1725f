import { describe, expect, it } from 'vitest';
import { render } from './markdownFixture.js';

describe('excerpt before <!-- truncate -->', () => {
  const post = '灵译 11.0 正式发布。\n\n## 新功能\n\n- 截图翻译\n\n<!-- truncate -->\n\n## 详细说明\n\n更多内容。\n';

  it('is the HTML before the marker, without heading ids or hash links', () => {
    expect(render(post).rendered.excerptHtml).toBe('<p>灵译 11.0 正式发布。</p>\n<h2>新功能</h2>\n<ul>\n<li>截图翻译</li>\n</ul>\n');
  });

  it('leaves the full page HTML with every heading id', () => {
    const html = render(post).rendered.html;
    expect(html).toContain('<h2 id="新功能">');
    expect(html).toContain('<h2 id="详细说明">');
    expect(html).toContain('<p>更多内容。</p>');
  });

  it('accepts the marker without spaces and with a text line right after it', () => {
    expect(render('第一段\n\n<!--truncate-->\n第二段\n').rendered.excerptHtml).toBe('<p>第一段</p>\n');
  });

  it("takes Hugo's <!--more--> as the marker too, as sites moved from Hugo write it", () => {
    expect(render('First.\n\n<!--more-->\n\nSecond.\n').rendered.excerptHtml).toBe('<p>First.</p>\n');
    expect(render('First.\n\n<!-- more -->\n\nSecond.\n').rendered.excerptHtml).toBe('<p>First.</p>\n');
    expect(render('First.\n\n<!-- more to come -->\n').rendered.excerptHtml).toBeNull();
  });

  it('is null when there is no marker, or the marker is only inside code', () => {
    expect(render('第一段\n\n第二段\n').rendered.excerptHtml).toBeNull();
    expect(render('```md\n<!-- truncate -->\n```\n').rendered.excerptHtml).toBeNull();
  });

  it('carries rewritten links', () => {
    expect(render('见 [卡片](./card.md)\n\n<!-- truncate -->\n\n后文\n', { locale: 'en' }).rendered.excerptHtml).toBe('<p>见 <a href="/en/docs/guides/card">卡片</a></p>\n');
  });
});

describe('intro and sections, as plain text for search', () => {
  const body = [
    '灵译支持**划词翻译**和[截图翻译](./card.md)。',
    '',
    '## 安装',
    '',
    '在 Chrome 商店搜索 `Glint`。',
    '',
    '### 离线安装 {#offline}',
    '',
    '1. 下载 zip',
    '2. 打开 *扩展程序* 页面',
    '',
    '#### 注意',
    '',
    '| 浏览器 | 版本 |',
    '| --- | --- |',
    '| Edge | 120 |',
    '',
    '## 常见问题',
    '',
    '<!-- 内部备注 -->',
    '<p>问：<b>为什么</b>失败？</p>',
    '',
  ].join('\n');
  const { intro, sections } = render(body).rendered;

  it('has the text before the first h2/h3 as intro, without markup', () => {
    expect(intro).toBe('灵译支持划词翻译和截图翻译。');
  });

  it('has one section per h2/h3 with its id, heading, depth and text', () => {
    expect(sections.map(({ id, heading, depth }) => ({ id, heading, depth }))).toEqual([
      { id: '安装', heading: '安装', depth: 2 },
      { id: 'offline', heading: '离线安装', depth: 3 },
      { id: '常见问题', heading: '常见问题', depth: 2 },
    ]);
    expect(sections[0].text).toBe('在 Chrome 商店搜索 Glint。');
  });

  it('keeps deeper headings, lists and tables as text of their section, list items and cells parted by a middle dot', () => {
    expect(sections[1].text).toBe('下载 zip · 打开 扩展程序 页面 注意 浏览器 · 版本 · Edge · 120');
  });

  it('adds no dot after an item that ends in punctuation, and no space beside full-width punctuation', () => {
    const { rendered } = render('- 点击图标；\n- 单击右键，选择「翻译」。\n- Done\n\n| A | B |\n| --- | --- |\n| One. | Two |\n');
    expect(rendered.intro).toBe('点击图标；单击右键，选择「翻译」。Done A · B · One. Two');
  });

  it('keeps a block in a list item, a box, a quote or a tab a word apart from the text before and after it', () => {
    const intro = (body: string) => render(body).rendered.intro;
    expect(intro('- Item one\n  ```\n  code\n  ```\n- Item two\n  - nested\n')).toBe('Item one code · Item two nested');
    expect(intro(':::tip\n```\ncode\n```\nNext line\n:::\n')).toBe('code Next line');
    expect(intro('> ```\n> code\n> ```\n> Next line\n')).toBe('code Next line');
    expect(intro(':::tabs\n== A\n```\ncode\n```\n== B\nNext line\n:::\n')).toBe('A B · code Next line');
    expect(intro('- 点击图标；\n  - 选择「翻译」\n- 打开\n  - 设置\n')).toBe('点击图标；选择「翻译」· 打开 设置');
  });

  it('drops HTML tags and comments but keeps their text', () => {
    expect(sections[2].text).not.toMatch(/[<>]|内部备注/);
    expect(sections[2].text.replace(/\s+/g, '')).toBe('问：为什么失败？');
  });

  it('keeps the words either side of a line break apart, written as two spaces, a backslash or <br>', () => {
    expect(render('First line  \nsecond line\\\nthird line<br>fourth line<br/>fifth\n').rendered.intro).toBe('First line second line third line fourth line fifth');
    expect(render('| Limit |\n| --- |\n| 500 requests<br>per minute |\n').rendered.intro).toBe('Limit · 500 requests per minute');
  });

  it('decodes entities', () => {
    expect(render('Q&amp;A: 1 &lt; 2\n').rendered.intro).toBe('Q&A: 1 < 2');
  });

  it('is empty for a page of headings only', () => {
    const result = render('## 标题一\n\n## 标题二\n').rendered;
    expect(result.intro).toBe('');
    expect(result.sections.map((s) => s.text)).toEqual(['', '']);
  });
});

describe('reading minutes', () => {
  const english = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
  const chinese = (chars: number) => '翻'.repeat(chars);

  it('counts English words at 230 a minute', () => {
    expect(render(`${english(230 * 3)}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(3);
    expect(render(`${english(230 * 5 + 100)}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(5);
  });

  it('counts Chinese characters at 400 a minute', () => {
    expect(render(`${chinese(400 * 4)}\n`).rendered.readingMinutes).toBe(4);
    expect(render(`${chinese(1000)}\n`).rendered.readingMinutes).toBe(3);
  });

  it('adds both in a mixed page', () => {
    expect(render(`${chinese(800)}\n\n${english(460)}\n`).rendered.readingMinutes).toBe(4);
  });

  it('is at least one minute', () => {
    expect(render('短文。\n').rendered.readingMinutes).toBe(1);
  });

  it('counts the words of every alphabet at 230 a minute, and Japanese kana as Chinese characters', () => {
    // Before: a word was [A-Za-z0-9]: a Russian, Greek or Korean post read "1 min read" at any length, `café` was two words.
    expect(render(`${'Перевод страницы '.repeat(230)}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(2);
    expect(render(`${'μετάφραση σελίδας '.repeat(345)}\n`).rendered.readingMinutes).toBe(3);
    expect(render(`${'페이지 번역 '.repeat(230)}\n`).rendered.readingMinutes).toBe(2);
    expect(render(`${'café naïve '.repeat(230)}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(2);
    expect(render(`${'ひらがな'.repeat(300)}\n`).rendered.readingMinutes).toBe(3);
    // A Chinese page with English words in it counts as before.
    expect(render(`${chinese(800)}用DeepL翻译${english(460)}\n`).rendered.readingMinutes).toBe(4);
  });

  it('counts Thai, Lao, Khmer and Myanmar, written without spaces between words, by their letters at 800 a minute', () => {
    // 31 words (as Intl.Segmenter splits them), 99 letters: a space ends a phrase, not a word. Before: 3 words a line,
    // and a post of 1,550 words read "1 min read".
    const thai = 'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ แต่จะเว้นวรรคเมื่อจบประโยคหรือวลี ส่วนขยายนี้ช่วยแปลหน้าเว็บในเบราว์เซอร์ของคุณ';
    expect(render(`${Array(50).fill(thai).join('\n\n')}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(6);
    // Their marks (a tone or a vowel sign) are not letters: 26, 20 and 14 letters, 3 minutes of each.
    for (const [sentence, times] of [['ພາສາລາວບໍ່ມີການຍະຫວ່າງລະຫວ່າງຄຳ', 100], ['ភាសាខ្មែរមិនមានដកឃ្លារវាងពាក្យទេ', 120], ['မြန်မာဘာသာစကားသည်စကားလုံးများကြား', 180]] as const) {
      expect(render(`${sentence.repeat(times)}\n`).rendered.readingMinutes, sentence).toBe(3);
    }
    // A Thai page with English words and prices in baht: each counted as its own.
    expect(render(`${thai.repeat(24)} DeepL ${english(230)} ฿100\n`, { locale: 'en' }).rendered.readingMinutes).toBe(4);
  });

  it("counts words with apostrophes and hyphens once (it's, built-in)", () => {
    expect(render(`${"it's built-in ".repeat(230)}\n`, { locale: 'en' }).rendered.readingMinutes).toBe(2);
  });
});

describe('raw HTML elements', () => {
  const problems = (body: string) => render(body).diagnostics.filter((d) => d.code === 'html').map((d) => `${d.line} ${d.message}`);

  it('is an error at the tag when one is never closed, or a closing tag closes none of the page\'s: the theme\'s layout would break', () => {
    // Before: exit 0, and the theme's own </div> closed the writer's: the footer landed in the content column.
    expect(problems('<div class="wrapper">\n\nText\n\n## B\n\n<details><summary>x</summary>\n\nhidden\n\nA stray </span> here.\n')).toEqual([
      "11 this </span> closes no <span> of the page, so it would close one of the site's own and break its layout",
      "1 this <div> is never closed, so it would hold the rest of the page, the site's footer included",
      "7 this <details> is never closed, so it would hold the rest of the page, the site's footer included",
    ]);
    expect(problems('<div>\n\n<span>a\n\n</div>\n')).toEqual(["3 this <span> is never closed before the </div> at line 5, so it would hold the rest of the page, the site's footer included"]);
  });

  it('follows elements over markdown between their tags, and passes over void elements, optional end tags, comments and code', () => {
    const body = [
      '<div class="note">',
      '',
      'Text with <span class="k">a span</span>, a <br> and <img src="/img/a.png" alt=""/>.',
      '',
      '<details><summary>More</summary>',
      '',
      '<p>An open paragraph',
      '',
      '<!-- <div> in a comment -->',
      '',
      '`<div>` in code, and:',
      '',
      '```html',
      '<section>',
      '```',
      '',
      '</details>',
      '',
      '</div>',
      '',
    ].join('\n');
    expect(problems(body)).toEqual([]);
  });

  it('warns at its line of fenced code or a box that a block of raw HTML holds as text (no blank line before it)', () => {
    // Before: no word, and the code showed as one line of words in the <details>, as Docusaurus pages moved from MDX write it.
    const body = '<details>\n<summary>Example</summary>\n```ts\nconst a = 1;\n```\n</details>\n\n- Item.\n\n  <div>\n  :::tip\n  x\n  :::\n  </div>\n\n<pre>\n```\n</pre>\n\n<!--\n```\n-->\n\n<details>\n<summary>Fine</summary>\n\n```ts\nconst b = 2;\n```\n\n</details>\n';
    const result = render(body, { bodyLine: 5 });
    expect(result.rendered.html).toContain('<summary>Example</summary>\n```ts\nconst a = 1;');
    expect(result.diagnostics.map((d) => `${d.severity} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'warning 7:1 ```ts is in a block of raw HTML, which runs on to a blank line, so it would be shown as text',
      'warning 15:1 :::tip is in a block of raw HTML, which runs on to a blank line, so it would be shown as text',
    ]);
  });

  it('takes no tag, id or address from a box title or an image description, which show their HTML as text', () => {
    // Before: "this <details> is never closed" (an error that failed the build), a broken link and a duplicate id,
    // for text the page shows escaped in the title and as the image's alt.
    const body = [
      ':::tip The <details> element',
      'Use it.',
      ':::',
      '',
      ':::note{title="A <b> title"}',
      'x',
      ':::',
      '',
      ':::note See <a href="./nope.md" id="dup">here</a>',
      'y',
      ':::',
      '',
      '<span id="dup">z</span>',
      '',
      '![a [link](./nope.md) <details>](/img/x.png)',
      '',
    ].join('\n');
    const result = render(body);
    expect(result.diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([]);
    expect(result.rendered.html).toContain('<p class="admonition-title">The &lt;details&gt; element</p>');
    expect(result.rendered.html).toContain('alt="a link "');
    // A markdown link in a title is still one, checked at its line.
    expect(render(':::tip See [the guide](./nope.md) <i>\nx\n:::\n').diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual(['1 ./nope.md points to docs/guides/nope.md, which does not exist']);
  });
});

describe('raw HTML written as MDX writes it', () => {
  it('takes className and htmlFor as class and for', () => {
    const html = render('<span className="badge">b</span> and <label htmlFor="x">x</label>\n').rendered.html;
    // Before: class="…" lost, the browser ignoring className.
    expect(html).toContain('<span class="badge">b</span>');
    expect(html).toContain('<label for="x">x</label>');
  });

  it('is an error at its line for a JSX value, which HTML would read as text', () => {
    const found = render('Text.\n\n<div style={{textAlign: \'center\'}}>centered</div>\n').diagnostics.filter((d) => d.code === 'html');
    expect(found.map((d) => `${d.line} ${d.message} | ${d.hint}`)).toEqual(['3 style={…} on <div> is a JSX value, which HTML reads as text (sitegen runs no JavaScript) | write it as CSS in quotes: style="text-align: center"']);
  });

  it('is that error, not a stray closing tag, for a JSX value with spaces on an element in a line of text', () => {
    // Before: `<span style={{color: 'red'}}>` is no tag to CommonMark (its value has spaces), so the page read it as
    // text, and the build's only error was "this </span> closes no <span> of the page".
    const found = (body: string) => render(body).diagnostics.filter((d) => d.code === 'html').map((d) => `${d.line} ${d.message}`);
    expect(found("Text.\n\nA <span style={{color: 'red'}}>red</span> word.\n")).toEqual(['3 style={…} on <span> is a JSX value, which HTML reads as text (sitegen runs no JavaScript)']);
    expect(found('Text.\n\nSee <a href="/x" target={"_blank"} rel={ x }>here</a>.\n')).toEqual(['3 target={…} on <a> is a JSX value, which HTML reads as text (sitegen runs no JavaScript)']);
    // In code, and escaped, it is text.
    expect(found("Write `<span style={{color: 'red'}}>` and \\<span style={{a: 1}}>.\n")).toEqual([]);
  });
});

// CommonMark will not close `**` after a punctuation mark when a letter follows, which Chinese text does all the
// time (`**注意：**请…`): GitHub and the CommonMark reference show the asterisks. The renderer takes CJK characters
// beside a delimiter as CommonMark takes punctuation (the "CJK-friendly" amendment, marked-cjk-friendly).
describe('emphasis beside Chinese punctuation', () => {
  const html = (body: string) => render(body).rendered.html;

  it('closes bold that ends with a full-width mark before more text', () => {
    expect(html('**注意：**请先保存。\n')).toBe('<p><strong>注意：</strong>请先保存。</p>\n');
    expect(html('按 **“翻译”**按钮。\n')).toBe('<p>按 <strong>“翻译”</strong>按钮。</p>\n');
    expect(html('这是*（可选）*步骤。\n')).toBe('<p>这是<em>（可选）</em>步骤。</p>\n');
  });

  it('opens bold that starts with a full-width mark after a Chinese character', () => {
    expect(html('点击**「设置」**即可。\n')).toBe('<p>点击<strong>「设置」</strong>即可。</p>\n');
  });

  it('closes strikethrough the same way', () => {
    expect(html('~~旧版：~~新版\n')).toBe('<p><del>旧版：</del>新版</p>\n');
  });

  it('leaves English emphasis, snake_case words and spaced asterisks as CommonMark has them', () => {
    expect(html('**Note:**read this\n')).toBe('<p>**Note:**read this</p>\n');
    expect(html('Use **bold** and *em*, not a * b * c.\n')).toBe('<p>Use <strong>bold</strong> and <em>em</em>, not a * b * c.</p>\n');
    expect(html('call snake_case_name here\n')).toBe('<p>call snake_case_name here</p>\n');
    expect(html('*a **b** c*\n')).toBe('<p><em>a <strong>b</strong> c</em></p>\n');
  });

  it('keeps asterisks inside code and formulas as they are', () => {
    expect(html('`**注意：**请` 保持原样\n')).toBe('<p><code>**注意：**请</code> 保持原样</p>\n');
  });
});
