// MDX as Docusaurus docs are written (src/content/mdx.ts), in .md and .mdx pages alike: rendered as the
// sitegen markdown it stands for (the same HTML), its problems and every later one at their file lines.
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { mayBeMdx, rewriteMdx } from '../../../src/content/mdx.js';
import { problems, render, type RenderOptions } from './markdownFixture.js';

const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";

/** The diagnostics as `file:line:column severity message | hint`. */
function told(body: string, options: RenderOptions = {}): string[] {
  return render(body, options).diagnostics.map((d) => `${d.file}:${d.line}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.message} | ${d.hint}`);
}

/** Renders MDX and the markdown it stands for, both as the same page: the HTML must be the same. */
function expectSameHtml(mdx: string, markdown: string, options: RenderOptions = { locale: 'en' }) {
  const fromMdx = render(mdx, options);
  const fromMarkdown = render(markdown, options);
  expect(fromMarkdown.diagnostics).toEqual([]);
  expect(problems(fromMdx)).toEqual([]);
  expect(fromMdx.rendered.html).toBe(fromMarkdown.rendered.html);
  return fromMdx.rendered;
}

const panels = (html: string) => parse(html).querySelectorAll('.tabs-panel').map((panel) => panel.innerHTML.trim());

describe('MDX tabs', () => {
  it('render <Tabs groupId> and <TabItem value label default> as :::tabs key: with == label lines, the imports dropped', () => {
    const mdx = `${IMPORTS}<Tabs groupId="os">
  <TabItem value="mac" label="macOS" default>

  Run \`brew install x\`.

  - one
  - two

  </TabItem>
  <TabItem value="win" label="Windows">

  \`\`\`bash
  choco install x
  \`\`\`

  :::tip
  A box in a tab.
  :::

  </TabItem>
</Tabs>
`;
    const markdown = ':::tabs key:os\n== macOS\nRun `brew install x`.\n\n- one\n- two\n\n== Windows\n```bash\nchoco install x\n```\n\n:::tip\nA box in a tab.\n:::\n:::\n';
    const rendered = expectSameHtml(mdx, markdown);
    expect(parse(rendered.html).querySelector('.tabs')!.getAttribute('data-key')).toBe('os');
    expect(panels(rendered.html)[0]).toBe('<p>Run <code>brew install x</code>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(panels(rendered.html)[1]).toContain('<div class="admonition admonition-tip"><p class="admonition-title">Tip</p><p>A box in a tab.</p>');
  });

  it('read a TabItem without blank lines, its text indented four spaces (MDX has no indented code), and one on one line; the label is the value without one', () => {
    const mdx = '<Tabs>\n  <TabItem value="npm">\n    npm i x\n  </TabItem>\n  <TabItem value="yarn" label="Yarn">yarn add **x**</TabItem>\n</Tabs>\n';
    const rendered = expectSameHtml(mdx, ':::tabs\n== npm\nnpm i x\n\n== Yarn\nyarn add **x**\n\n:::\n');
    expect(panels(rendered.html)).toEqual(['<p>npm i x</p>', '<p>yarn add <strong>x</strong></p>']);
  });

  it('read a tag over several lines, and the labels of <Tabs values={[…]}> (Docusaurus\'s older way)', () => {
    const mdx = "<Tabs\n  groupId=\"fruit\"\n  values={[{label: 'Apple', value: 'a'}, { value: \"b\", label: \"Banana\" }]}>\n<TabItem\n  value=\"a\">\nA\n</TabItem>\n<TabItem value=\"b\">\nB\n</TabItem>\n</Tabs>\n";
    const rendered = render(mdx).rendered;
    expect(parse(rendered.html).querySelectorAll('label.tabs-label').map((l) => l.text)).toEqual(['Apple', 'Banana']);
    expect(parse(rendered.html).querySelector('.tabs')!.getAttribute('data-key')).toBe('fruit');
    // Its text indented under it, the tag's own lines left out: text, not code.
    expect(panels(render('<Tabs>\n  <TabItem\n      value="a">\n      Indented text.\n  </TabItem>\n</Tabs>\n').rendered.html)).toEqual(['<p>Indented text.</p>']);
  });

  it('take the indentation off a tab that names a tag in code or a comment (`<Tabs>`), its text not indented code', () => {
    const mdx = '<Tabs>\n    <TabItem value="a">\n        Wrap them in `<Tabs>`.\n\n        More.\n    </TabItem>\n    <TabItem value="b">\n        {/* <Tabs> */}\n        <!-- <TabItem> -->\n\n        B.\n    </TabItem>\n</Tabs>\n';
    expectSameHtml(mdx, ':::tabs\n== a\nWrap them in `<Tabs>`.\n\nMore.\n\n== b\n\n<!-- <TabItem> -->\n\nB.\n\n:::\n');
  });

  it('nest Tabs in a TabItem, and Tabs in a list item stay in it', () => {
    const nested = '<Tabs>\n  <TabItem value="Outer">\n    <Tabs groupId="inner">\n      <TabItem value="One">\n        One\n      </TabItem>\n      <TabItem value="Two">Two</TabItem>\n    </Tabs>\n  </TabItem>\n</Tabs>\n';
    expectSameHtml(nested, ':::tabs\n== Outer\n:::tabs key:inner\n== One\nOne\n\n== Two\nTwo\n\n:::\n\n:::\n');
    const listed = '1. Install:\n\n   <Tabs>\n     <TabItem value="npm">\n\n     npm i x\n\n     </TabItem>\n   </Tabs>\n\n2. Run it.\n';
    expectSameHtml(listed, '1. Install:\n\n   :::tabs\n   == npm\n\n   npm i x\n\n\n   :::\n\n2. Run it.\n');
    // Indented 4 in an item whose text starts at 3 (after a blank line, or a paragraph of the item): the item's, not indented code.
    const four = '1. Install:\n\n    <Tabs>\n    <TabItem value="npm">\n\n    npm i x\n\n    </TabItem>\n    </Tabs>\n\n2. Run it.\n\n   Then:\n\n    <Admonition type="tip">Done.</Admonition>\n';
    expectSameHtml(four, '1. Install:\n\n   :::tabs\n   == npm\n\n   npm i x\n\n\n   :::\n\n2. Run it.\n\n   Then:\n\n   :::tip\n   Done.\n   :::\n');
  });

  it('start on the first tab, and warn at a default or defaultValue that names another; warn at queryString', () => {
    const mdx = '<Tabs queryString="os" defaultValue="win">\n<TabItem value="mac">M</TabItem>\n<TabItem value="win" default>W</TabItem>\n</Tabs>\n';
    const { rendered } = render(mdx, { bodyLine: 5 });
    expect(parse(rendered.html).querySelectorAll('input.tabs-radio').map((r) => r.hasAttribute('checked'))).toEqual([true, false]);
    expect(told(mdx, { bodyLine: 5 })).toEqual([
      "content/zh-Hans/docs/guides/summary.md:5:7 warning queryString does nothing here: sitegen's tabs do not read or write the address's query | delete it; groupId keeps the groups of a key in step, and remembers the choice",
      'content/zh-Hans/docs/guides/summary.md:5:24 warning defaultValue="win": the first tab of a group is the one shown first here, mac | move the TabItem of value "win" first',
      'content/zh-Hans/docs/guides/summary.md:7:22 warning default: the first tab of a group is the one shown first here, so this one is not | move this TabItem first in its Tabs',
    ]);
    expect(told('<Tabs>\n<TabItem value="mac" default>M</TabItem>\n<TabItem value="win">W</TabItem>\n</Tabs>\n')).toEqual([]);
  });

  it('tell a groupId that is no sync key at its column, and the group\'s problems as <Tabs>\'s', () => {
    const many = Array.from({ length: 13 }, (_, i) => `<TabItem value="T${i}">x</TabItem>\n`).join('');
    const body = `<Tabs groupId="my os">\n<TabItem value="A">x</TabItem>\n<TabItem value="A">y</TabItem>\n</Tabs>\n\n<Tabs>\nLost text.\n<TabItem value="B">x</TabItem>\n</Tabs>\n\n<Tabs>\n</Tabs>\n\n<Tabs>\n${many}</Tabs>\n`;
    expect(problems(render(body, { bodyLine: 3 }))).toEqual([
      '3:7 groupId="my os" is not a sync key: a key is one word of letters, digits, ".", "-" and "_"',
      '5 tab "A" is in this group twice: choosing one shows the first',
      '9:1 text in <Tabs> outside its TabItems is in no tab, so it would not be shown',
      '13:1 <Tabs> has no TabItem, so it has no tabs',
      '16:1 "<Tabs>" has 13 tabs; a group has at most 12',
    ]);
  });

  it('tell a TabItem in no Tabs, a Tabs never closed, a closing tag that closes nothing, and a TabItem without a name', () => {
    expect(problems(render('<TabItem value="a">\nx\n</TabItem>\n\n</Tabs>\n\n<Tabs>\n<TabItem>\ny\n</TabItem>\n', { bodyLine: 2 }))).toEqual([
      '2:1 <TabItem> is not in a <Tabs>, so its tab would be in no group',
      '6:1 </Tabs> closes no <Tabs>',
      '8:1 <Tabs> is never closed',
      '9:1 <TabItem> has no value or label, so its tab would have no name',
    ]);
    // A closing tag of none keeps its line: what follows is told where it is.
    expect(problems(render('</Tabs>\n[x](./nope.md)\n<Admonition type="tip">x\n</Admonition>\n'))).toEqual(['1:1 </Tabs> closes no <Tabs>', '2 ./nope.md points to docs/guides/nope.md, which does not exist']);
  });
});

describe('MDX admonitions, details and comments', () => {
  it('render <Admonition type title> as :::type title, on one line or several, with markdown in it', () => {
    expectSameHtml('<Admonition type="tip" title="Hint">text</Admonition>\n', ':::tip Hint\ntext\n:::\n');
    expectSameHtml('<Admonition type="warning">\n\n  Mind the **gap**.\n\n  <Admonition type="note" title="Inner">Nested.</Admonition>\n\n</Admonition>\n', ':::warning\n\nMind the **gap**.\n\n:::note Inner\nNested.\n:::\n\n:::\n');
    // The title is text, as Docusaurus shows its title prop.
    expect(render('<Admonition type="info" title="Use *this* & <that>">x</Admonition>\n', { locale: 'en' }).rendered.html).toContain('<p class="admonition-title">Use *this* &amp; &lt;that&gt;</p>');
  });

  it('tell an Admonition without a type or with an unknown one, with the nearest', () => {
    expect(problems(render('<Admonition>x</Admonition>\n\n<Admonition type="tipp" icon="💡">y</Admonition>\n'))).toEqual([
      '1:1 <Admonition> has no type',
      '3:13 type="tipp" is not a kind of admonition (note, tip, info, warning, danger, caution)',
      "3:25 icon does nothing here: sitegen's boxes show their kind's own",
    ]);
    expect(render('<Admonition type="tipp">y</Admonition>\n').diagnostics[0]!.hint).toBe('did you mean type="tip"?');
  });

  it('keep <details> and <summary> as they were, and render <Details summary> as one', () => {
    const details = '<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n';
    const before = render(details).rendered.html;
    expect(render(`${IMPORTS}<Tabs>\n<TabItem value="a">\n\n${details}\n</TabItem>\n</Tabs>\n`).rendered.html).toContain(before.trim());
    expectSameHtml("import Details from '@theme/Details';\n\n<Details summary=\"More\">\n\nHidden *text*.\n\n</Details>\n", '\n\n<details><summary>More</summary>\n\nHidden *text*.\n\n</details>\n\n');
    // Without blank lines its text is markdown too (an HTML block would run on to the next blank line), and so is the text after it.
    expectSameHtml('<Details summary="More">Hidden *text*.</Details>\nAfter *it*.\n', '<details><summary>More</summary>\n\nHidden *text*.\n</details>\n\nAfter *it*.\n');
  });

  it('drop {/* comments */} on a line, over several lines and in text', () => {
    expectSameHtml('{/* a note for editors */}\n\nText {/* here */}and more.\n\n{/* one\nover\nlines */}\n\nEnd.\n', '\n\nText and more.\n\n\n\n\n\nEnd.\n');
    expect(problems(render('Text.\n\n{/* never closed\n\nmore\n'))).toEqual(['3:1 this {/* comment is never closed']);
  });

  it('end a post\'s excerpt at {/* truncate */}, as at <!-- truncate -->', () => {
    const { rendered } = render("import Tabs from '@theme/Tabs';\n\nThe summary.\n\n{/* truncate */}\n\nThe rest.\n", { locale: 'en' });
    expect(rendered.excerptHtml).toBe('<p>The summary.</p>\n');
    expect(rendered.html).toBe(render('\n\nThe summary.\n\n<!-- truncate -->\n\nThe rest.\n', { locale: 'en' }).rendered.html);
  });
});

describe('MDX that sitegen cannot run', () => {
  it('tell another import at its line, naming the module, with a hint; an export too; drop the theme\'s imports over several lines', () => {
    const body = "import Tabs from '@theme/Tabs';\nimport {\n  Foo,\n  Bar as Baz,\n} from '@site/src/components';\nimport Partial from './_partial.mdx';\n\nexport const answer = 42;\n\nText.\n";
    expect(told(body, { bodyLine: 4 })).toEqual([
      'content/zh-Hans/docs/guides/summary.md:5:1 error import of "@site/src/components": sitegen renders markdown and does not run JavaScript modules | delete the import, and write what its components show as markdown or HTML',
      'content/zh-Hans/docs/guides/summary.md:9:1 error import of "./_partial.mdx": sitegen renders markdown and does not run JavaScript modules | a partial is imported on a line of its own at the top of the page, outside code, and shown with <Name /> on a line of its own',
      'content/zh-Hans/docs/guides/summary.md:11:1 error export: sitegen renders markdown and runs no JavaScript, so nothing can use what this exports | delete it, and write its values where the page shows them',
    ]);
    expect(render(body).rendered.html).toBe('<p>Text.</p>\n');
  });

  it('tell any other component at its line and column, with what to write instead, naming the module it comes from', () => {
    const body = "import Baz from '@site/src/Baz';\n\n<DocCardList />\n\nPress <Kbd>Ctrl</Kbd> and <Baz />.\n\n<BrowserWindow url=\"x\">\n\nInside.\n\n</BrowserWindow>\n";
    expect(told(body).slice(1)).toEqual([
      "content/zh-Hans/docs/guides/summary.md:3:1 error <DocCardList> is a React component, which sitegen does not run | a category's generated index lists its docs as cards (link: { type: generated-index } in sidebars.yaml or its _category_.yml): link to it, or list the docs here as links",
      'content/zh-Hans/docs/guides/summary.md:5:7 error <Kbd> is a React component, which sitegen does not run | delete it, or write what it shows as markdown or HTML; if it is text, write it in `code` or as \\<Kbd>',
      'content/zh-Hans/docs/guides/summary.md:5:27 error <Baz> is a React component (from "@site/src/Baz"), which sitegen does not run | delete it, or write what it shows as markdown or HTML',
      'content/zh-Hans/docs/guides/summary.md:7:1 error <BrowserWindow> is a React component, which sitegen does not run | delete it, or write what it shows as markdown or HTML; if it is text, write it in `code` or as \\<BrowserWindow>',
    ]);
  });

  it('take a tag in capitals that is HTML\'s (<BR>, <SCRIPT>) as HTML, as before; Docusaurus\'s <Link> is a component', () => {
    const html = 'Line one<BR>line two <B>bold</B>.\n';
    expect(render(html).rendered.html).toBe('<p>Line one<BR>line two <B>bold</B>.</p>\n');
    expect(render(`${html}\n<Tabs><TabItem value="A">A</TabItem></Tabs>\n`).rendered.html).toContain('<p>Line one<BR>line two <B>bold</B>.</p>\n');
    expect(told('See <Link to="/docs/x">the page</Link>.\n')).toEqual([
      'content/zh-Hans/docs/guides/summary.md:1:5 error <Link> is a React component, which sitegen does not run | write a markdown link: [text](./page.md), or [text](/docs/page)',
    ]);
  });

  it('leave JSX in fenced code, in inline code, escaped and in HTML comments as it is, and prose that starts with "import"', () => {
    const body = '```jsx\n<Tabs><TabItem value="a">A</TabItem></Tabs>\n{/* kept */}\n```\n\nWrite `<Tabs groupId="os">` and `{/* this */}`, or \\<Foo>.\n\n<!-- <DocCardList /> -->\n\nimport the file from the menu.\n\n<Tabs><TabItem value="Read">Read.</TabItem></Tabs>\n';
    const { rendered, diagnostics } = render(body, { locale: 'en' });
    expect(diagnostics).toEqual([]);
    expect(panels(rendered.html)).toEqual(['<p>Read.</p>']);
    expect(rendered.html).toContain('<code>&lt;Tabs&gt;&lt;TabItem value=&quot;a&quot;&gt;A&lt;/TabItem&gt;&lt;/Tabs&gt;\n{/* kept */}</code>');
    expect(rendered.html).toContain('<p>Write <code>&lt;Tabs groupId=&quot;os&quot;&gt;</code> and <code>{/* this */}</code>, or &lt;Foo&gt;.</p>');
    expect(rendered.html).toContain('<!-- <DocCardList /> -->');
    expect(rendered.html).toContain('<p>import the file from the menu.</p>');
  });
});

describe('MDX and the rest of the page', () => {
  const page = `${IMPORTS}{/* intro */}

<Admonition type="note">One line that becomes three.</Admonition>

<Tabs groupId="os">
<TabItem value="mac" label="macOS">

## Install on macOS

See [the card](./card.md).
</TabItem>
<TabItem value="win" label="Windows">Open [nothing](./nope.md).</TabItem>
</Tabs>

## After

A [broken link](./gone.md) and a \`\`\`pyhton fence:

\`\`\`pyhton
x
\`\`\`
`;

  it('keep every later diagnostic, heading and link at its file line', () => {
    const { rendered, diagnostics } = render(page, { bodyLine: 6, locale: 'en' });
    expect(panels(rendered.html)).toHaveLength(2);
    // The body starts at line 6 of the file: the imports are lines 6-7, the box one line (11) written as three.
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '20 ./nope.md points to docs/guides/nope.md, which does not exist',
      '25 ./gone.md points to docs/guides/gone.md, which does not exist',
      '27 ```pyhton: no highlighting for this language, so the block is plain text',
    ]);
    expect(rendered.headings.map((h) => h.id)).toEqual(['install-on-macos', 'after']);
    expect(rendered.headingLines).toEqual([16, 23]);
    expect(rendered.refs.map((r) => `${r.line} ${r.url}`)).toEqual(['18 /en/docs/guides/card', '20 ./nope.md', '25 ./gone.md']);
  });

  it('give search, the table of contents and the link check what :::tabs gives them', () => {
    const markdown = ':::note\nOne line that becomes three.\n:::\n\n:::tabs key:os\n== macOS\n\n## Install on macOS\n\nSee [the card](./card.md).\n\n== Windows\nOpen [nothing](./nope.md).\n:::\n\n## After\n\nA [broken link](./gone.md) and a ```pyhton fence:\n\n```pyhton\nx\n```\n';
    const fromMdx = render(page, { locale: 'en' }).rendered;
    const fromMarkdown = render(markdown, { locale: 'en' }).rendered;
    expect(fromMdx.html).toBe(fromMarkdown.html);
    for (const key of ['intro', 'sections', 'headings', 'readingMinutes'] as const) expect(fromMdx[key]).toEqual(fromMarkdown[key]);
    expect(fromMdx.refs.map((r) => r.url)).toEqual(fromMarkdown.refs.map((r) => r.url));
    expect(fromMdx.intro).toBe('One line that becomes three. macOS Windows · Install on macOS See the card. Open nothing.');
  });

  it('resolve a link to an .mdx file as one to its .md name', () => {
    const { rendered, diagnostics } = render('[Card](./card.mdx#top) and [FAQ](../faqs/index.mdx).\n', { locale: 'en' });
    expect(diagnostics).toEqual([]);
    expect(rendered.html).toBe('<p><a href="/en/docs/guides/card#top">Card</a> and <a href="/en/docs/faqs/">FAQ</a>.</p>\n');
    expect(problems(render('[Gone](./gone.mdx).\n'))).toEqual(['1 ./gone.mdx points to docs/guides/gone.mdx, which does not exist']);
  });

  it('read a page of thousands of elements never closed in one pass (a lookahead from each took 12 s for 5,000)', () => {
    const page = '<Admonition type="tip">\n  text\n'.repeat(2000);
    const closedPage = '<Admonition type="tip">\n  text\n</Admonition>\n'.repeat(2000);
    const rewritten = rewriteMdx(page, 'a.mdx', 1)!;
    expect(rewritten.diagnostics).toHaveLength(2000);
    expect(rewritten.body.startsWith(':::tip\n  text\n:::tip\n  text\n')).toBe(true);
    expect(rewriteMdx(closedPage, 'a.mdx', 1)!.diagnostics).toEqual([]);
    const rewriteTime = (body: string) => {
      const started = performance.now();
      rewriteMdx(body, 'a.mdx', 1);
      return performance.now() - started;
    };
    // Never closed, they take about as long as the same elements closed, where a lookahead from each to the
    // end of the page took over a hundred times as long. The two are timed against each other, not against a
    // clock, so a slow machine slows both alike; taken in turns, each the fastest of three runs, as a
    // loaded machine can stall any one run but not all of them.
    let closed = Infinity;
    let neverClosed = Infinity;
    for (let run = 0; run < 3; run++) {
      closed = Math.min(closed, rewriteTime(closedPage));
      neverClosed = Math.min(neverClosed, rewriteTime(page));
    }
    expect(neverClosed / closed).toBeLessThan(4);
  }, 60_000);

  it('cost a page without MDX only a test: no import or export line, no capitalised tag, no {/*', () => {
    expect(mayBeMdx('## Setup {#setup}\n\n<details><summary>x</summary>\n\n{{product}} <kbd>Ctrl</kbd> <!-- c -->\n\nTo import a file, export it first.\n')).toBe(false);
    for (const body of ["import X from 'y'", 'a <Foo />', '</Tabs>', '{/* c */}', 'x\nexport const a = 1']) expect(mayBeMdx(body)).toBe(true);
  });
});

describe('MDX in block quotes', () => {
  it('reads components and comments in a quote, as MDX does, written behind the quote\'s markers', () => {
    const tabs = '> <Tabs groupId="os">\n>   <TabItem value="mac" label="macOS">\n>\n>   Run `brew install x`.\n>\n>   </TabItem>\n>   <TabItem value="win" label="Windows">Run `choco install x`.</TabItem>\n> </Tabs>\n';
    const rendered = expectSameHtml(tabs, '> :::tabs key:os\n> == macOS\n>\n> Run `brew install x`.\n>\n> == Windows\n> Run `choco install x`.\n>\n> :::\n');
    expect(parse(rendered.html).querySelector('blockquote > .tabs')!.getAttribute('data-key')).toBe('os');
    expect(panels(rendered.html)).toEqual(['<p>Run <code>brew install x</code>.</p>', '<p>Run <code>choco install x</code>.</p>']);
    expectSameHtml('> <Admonition type="tip" title="Hint">Read the *intro* first.</Admonition>\n', '> :::tip Hint\n> Read the *intro* first.\n> :::\n');
    expectSameHtml('> Quoted {/* a note */}text.\n>\n> {/* one\n> over lines */}\n>\n> More.\n', '> Quoted text.\n>\n>\n>\n>\n> More.\n');
    // A quote in a quote, a quote in a list item, a quote in a tab.
    expectSameHtml('> > <Admonition type="note">Deep.</Admonition>\n', '> > :::note\n> > Deep.\n> > :::\n');
    expectSameHtml('1. Step:\n\n   > <Admonition type="tip">Quoted.</Admonition>\n', '1. Step:\n\n   > :::tip\n   > Quoted.\n   > :::\n');
    expectSameHtml('<Tabs>\n<TabItem value="A">\n\n> <Details summary="More">Hidden.</Details>\n\n</TabItem>\n</Tabs>\n', ':::tabs\n== A\n\n> <details><summary>More</summary>\n>\n> Hidden.\n> </details>\n>\n\n:::\n');
  });

  it('leaves JSX in a quote\'s fenced code as it is, and an import in a quote as text (MDX reads imports at the top level only)', () => {
    const { rendered, diagnostics } = render('> ```jsx\n> <Tabs><TabItem value="a">A</TabItem></Tabs>\n> ```\n\n> import Tabs from \'@theme/Tabs\';\n\n<Admonition type="tip">x</Admonition>\n', { locale: 'en' });
    expect(diagnostics).toEqual([]);
    expect(rendered.html).toContain('<blockquote>\n<div class="code-block" data-lang="jsx"><pre class="shiki"><code>&lt;Tabs&gt;&lt;TabItem value=&quot;a&quot;&gt;A&lt;/TabItem&gt;&lt;/Tabs&gt;</code></pre></div>\n</blockquote>');
    expect(rendered.html).toContain("<blockquote>\n<p>import Tabs from &#39;@theme/Tabs&#39;;</p>\n</blockquote>");
  });

  it('tells a quote\'s problems at their line and column in the file, in .md and .mdx files, and an element not closed before its quote ends', () => {
    const body = 'Intro.\n\n> Press <Kbd>Ctrl</Kbd>.\n>\n>   <Tabs groupId="my os">\n>   <TabItem value="a">A</TabItem>\n>   </Tabs>\n\n> > <Admonition type="tipp">x</Admonition>\n\n> <Admonition type="tip">\n> Never closed here.\n\n</Admonition>\n\n[gone](./gone.md)\n';
    const expected = (file: string) => [
      `${file}:7:9 error <Kbd> is a React component, which sitegen does not run`,
      `${file}:9:11 error groupId="my os" is not a sync key: a key is one word of letters, digits, ".", "-" and "_"`,
      `${file}:13:17 error type="tipp" is not a kind of admonition (note, tip, info, warning, danger, caution)`,
      `${file}:15:3 error <Admonition> is not closed before the end of its quote`,
      `${file}:18:1 error </Admonition> closes no <Admonition>`,
      `${file}:20 error ./gone.md points to docs/guides/gone.md, which does not exist`,
    ];
    const tell = (contentPath: string) => render(body, { bodyLine: 5, contentPath }).diagnostics.map((d) => `${d.file}:${d.line}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.message}`);
    expect(tell('docs/guides/summary.md')).toEqual(expected('content/zh-Hans/docs/guides/summary.md'));
    expect(tell('docs/guides/summary.mdx')).toEqual(expected('content/zh-Hans/docs/guides/summary.mdx'));
    expect(render(body).diagnostics[3]!.hint).toBe('close it with </Admonition> on a line of the quote, which starts with >');
  });
});

describe('MDX in list items', () => {
  it('reads a component that starts a list item, on the marker\'s line', () => {
    expectSameHtml('- <Admonition type="tip">First.</Admonition>\n- Second.\n', '- :::tip\n  First.\n  :::\n- Second.\n');
    expectSameHtml('1.  <Tabs>\n    <TabItem value="a">A</TabItem>\n    </Tabs>\n2.  Next.\n', '1.  :::tabs\n    == a\n    A\n\n    :::\n2.  Next.\n');
  });

  it('reads a quote that starts on a list item\'s marker line as the item\'s, its components in it', () => {
    expectSameHtml('1. > <Admonition type="tip">Quoted.</Admonition>\n2. Next.\n', '1. > :::tip\n   > Quoted.\n   > :::\n2. Next.\n');
    expectSameHtml('- > <Tabs>\n  > <TabItem value="a">A</TabItem>\n  > </Tabs>\n- > {/* a note */}Next.\n', '- > :::tabs\n  > == a\n  > A\n  >\n  > :::\n- > Next.\n');
    expect(problems(render('Intro.\n\n1. > <Admonition type="tipp">x</Admonition>\n', { bodyLine: 3 }))).toEqual(['5:18 type="tipp" is not a kind of admonition (note, tip, info, warning, danger, caution)']);
  });

  it('reads a component indented 4 or more past the item\'s text (MDX has no indented code), or by a tab, as the item\'s', () => {
    expectSameHtml('1. Step:\n\n        <Admonition type="tip">Eight.</Admonition>\n\n2. Next.\n', '1. Step:\n\n   :::tip\n   Eight.\n   :::\n\n2. Next.\n');
    expectSameHtml('- One.\n  - Two:\n\n          <Tabs>\n          <TabItem value="a">A</TabItem>\n          </Tabs>\n', '- One.\n  - Two:\n\n    :::tabs\n    == a\n    A\n\n    :::\n');
    expectSameHtml('1. Step:\n\n\t<Admonition type="tip">Tab.</Admonition>\n', '1. Step:\n\n   :::tip\n   Tab.\n   :::\n');
    // And at the top level; a comment too.
    expectSameHtml('Text.\n\n    <Admonition type="tip">Four.</Admonition>\n\n    {/* a note */}\n', 'Text.\n\n:::tip\nFour.\n:::\n\n\n');
  });

  it('reads a line indented by spaces then a tab in a component of an item as the item\'s, the tab as wide as it was', () => {
    // Before: 5 spaces and a tab (column 8) less 3 became 2 spaces and a tab, column 4: out of the item, which ended the
    // list, and the tabs were ':::tabs is not closed', an error.
    expectSameHtml('1. Step\n\n   - Item\n\n     <Tabs>\n     <TabItem value="a">\n\n     \tText.\n\n     </TabItem>\n     </Tabs>\n   - Next.\n', '1. Step\n\n   - Item\n\n     :::tabs\n     == a\n\n     Text.\n\n     :::\n   - Next.\n');
  });

  it('reads a component as the item\'s however many lines of the item come before it', () => {
    // Before: 200 lines into an item (a long code sample, many paragraphs), the box was written at the top level,
    // so it ended the list, and the next step started a list of its own (<ol start="2">), with no word said.
    const lines = Array.from({ length: 120 }, (_, i) => `   Line ${i + 1}.\n`).join('\n');
    const code = `   \`\`\`yaml\n${Array.from({ length: 210 }, (_, i) => `   key${i}: value\n`).join('')}   \`\`\`\n`;
    for (const before of [lines, code]) {
      const html = expectSameHtml(`1. Install:\n\n${before}\n   <Admonition type="tip">Then restart.</Admonition>\n\n2. Next.\n`, `1. Install:\n\n${before}\n   :::tip\n   Then restart.\n   :::\n\n2. Next.\n`).html;
      expect(html).not.toContain('<ol start="2">');
      expect(html).toMatch(/<div class="admonition admonition-tip">[\s\S]*<\/div>\n<\/li>\n<li><p>Next\.<\/p>/);
    }
  });

  it('reads the lines of a component indented by tabs in an item as its text, a tab counted as 4 columns', () => {
    expectSameHtml('2. Two:\n\t<Tabs>\n\t\t<TabItem value="y">\n\t\tText.\n\n\t\t- sub\n\t\t</TabItem>\n\t</Tabs>\n', '2. Two:\n   :::tabs\n   == y\n   Text.\n\n   - sub\n\n   :::\n');
    expectSameHtml('1. Step:\n\n\t<Admonition type="tip">\n\n\tTab.\n\n\t</Admonition>\n', '1. Step:\n\n   :::tip\n\n   Tab.\n\n   :::\n');
  });

  it('leaves indented code that starts with text as code, and JSX in an item\'s fenced code indented 4 as code', () => {
    const { rendered, diagnostics } = render('Text.\n\n    npm i x\n    <Admonition type="tip">kept</Admonition>\n\n1. Step:\n\n    ```jsx\n    <Tabs><TabItem value="a">A</TabItem></Tabs>\n    ```\n\n    <Admonition type="tip">Read.</Admonition>\n', { locale: 'en' });
    expect(diagnostics).toEqual([]);
    expect(rendered.html).toContain('<code>npm i x\n&lt;Admonition type=&quot;tip&quot;&gt;kept&lt;/Admonition&gt;</code>');
    expect(rendered.html).toContain('<li><p>Step:</p>\n<div class="code-block" data-lang="jsx"><pre class="shiki"><code>&lt;Tabs&gt;&lt;TabItem value=&quot;a&quot;&gt;A&lt;/TabItem&gt;&lt;/Tabs&gt;</code></pre></div>\n<div class="admonition admonition-tip"><p class="admonition-title">Tip</p><p>Read.</p>\n</div>\n</li>');
  });

  it('tells problems in an item at their line and column', () => {
    expect(problems(render('1. Step:\n\n        <Tabs groupId="my os">\n        <TabItem value="a">A</TabItem>\n        </Tabs>\n\n- <Admonition type="tipp">x</Admonition>\n', { bodyLine: 3 }))).toEqual([
      '5:15 groupId="my os" is not a sync key: a key is one word of letters, digits, ".", "-" and "_"',
      '9:15 type="tipp" is not a kind of admonition (note, tip, info, warning, danger, caution)',
    ]);
  });
});

describe('a < that starts no tag', () => {
  it('is text in a .md file, as CommonMark reads it (as it rendered before MDX was read), and an error in an .mdx file, which MDX reads whole', () => {
    const body = 'Returns when n<M 则 stops.\n\nUse a <Tab to switch.\n';
    const md = render(body);
    expect(md.diagnostics).toEqual([]);
    expect(md.rendered.html).toBe('<p>Returns when n&lt;M 则 stops.</p>\n<p>Use a &lt;Tab to switch.</p>\n');
    expect(told(body, { contentPath: 'docs/guides/summary.mdx' })).toEqual([
      'content/zh-Hans/docs/guides/summary.mdx:1:15 error <M …> is no tag sitegen can read: "则" cannot start an attribute | write it as JSX writes a tag, <Name attribute="value">, or as text: in `code`, or \\<',
      'content/zh-Hans/docs/guides/summary.mdx:3:7 error <Tab …> is no tag sitegen can read: "." cannot start an attribute | write it as JSX writes a tag, <Name attribute="value">, or as text: in `code`, or \\<',
    ]);
  });

  it('a tag in capitals in a .md file is told as a component, with how to write it if it is text (a browser would hide it)', () => {
    expect(told('Java 的 List<String> 类型。\n')).toEqual([
      'content/zh-Hans/docs/guides/summary.md:1:12 error <String> is a React component, which sitegen does not run | delete it, or write what it shows as markdown or HTML; if it is text, write it in `code` or as \\<String>',
    ]);
  });
});

describe('a JavaScript expression in braces', () => {
  const mdx = { contentPath: 'docs/guides/summary.mdx', locale: 'en' as const };

  it('is an error at its line and column in an .mdx file, which MDX would run: sitegen would show it as written', () => {
    expect(told('Intro.\n\nTotal: {1 + 1} items, by {frontMatter.author}.\n', mdx)).toEqual([
      'content/en/docs/guides/summary.mdx:3:8 error {1 + 1} is a JavaScript expression, which sitegen does not run: it would be shown as written | write what it stands for as text; a brace shown as is is written \\{',
      'content/en/docs/guides/summary.mdx:3:26 error {frontMatter.author} is a JavaScript expression, which sitegen does not run: it would be shown as written | write what it stands for as text; a brace shown as is is written \\{',
    ]);
    expect(told('An object {a: {b: 1}} and one {never closed.\n', mdx)).toEqual([
      'content/en/docs/guides/summary.mdx:1:11 error {a: {b: 1}} is a JavaScript expression, which sitegen does not run: it would be shown as written | write what it stands for as text; a brace shown as is is written \\{',
      'content/en/docs/guides/summary.mdx:1:31 error this { starts a JavaScript expression in MDX, and nothing closes it on its line | write a brace shown as is as \\{',
    ]);
  });

  it('shows a string in braces as its text, as MDX does (the way to write a brace or a < in MDX)', () => {
    const result = render("Write {'{'}name{'}'}, {\"<b>\"} or {`*x*`}.\n", mdx);
    expect(problems(result)).toEqual([]);
    expect(result.rendered.html).toBe('<p>Write {name}, &lt;b&gt; or *x*.</p>\n');
  });

  it('is not read where MDX reads none, or where sitegen gives braces a meaning', () => {
    const body = [
      '## Keys {#keys}',
      '',
      ':::tip{title="Hint"}',
      'Text.',
      ':::',
      '',
      'A [link](https://example.com/{id}/x), `{code}`, \\{escaped}, <img src="a{b}.png" alt="{x}" /> and <https://example.com/{y}>.',
      '',
      '```js',
      'const a = { b: 1 };',
      '```',
      '',
    ].join('\n');
    expect(problems(render(body, mdx))).toEqual([]);
  });

  it('is text in a .md file, as CommonMark reads it', () => {
    const result = render('Total: {1 + 1}.\n', { locale: 'en' });
    expect(result.diagnostics).toEqual([]);
    expect(result.rendered.html).toBe('<p>Total: {1 + 1}.</p>\n');
  });
});

describe("Docusaurus's <head> in a page", () => {
  it('is an error at its line saying what to write instead, in .md and .mdx alike, not tags shown in the body', () => {
    for (const contentPath of ['docs/guides/misc.md', 'docs/guides/misc.mdx']) {
      const result = render('Intro.\n\n<head>\n  <title>Custom</title>\n  <meta name="keywords" content="a, b" />\n</head>\n\nText.\n', { contentPath, bodyLine: 5 });
      expect(problems(result), contentPath).toEqual([
        "7:1 <head> in a page is Docusaurus's way to set its title and meta tags, which sitegen does not read: its tags would be shown in the page",
      ]);
    }
    // <header> is another element.
    expect(problems(render('<header>\n\nText.\n\n</header>\n'))).toEqual([]);
  });
});

describe("VitePress's [[toc]]", () => {
  it('is a warning at its line saying the table of contents is beside the page', () => {
    expect(problems(render('Intro.\n\n[[toc]]\n\n## A\n', { bodyLine: 5 }))).toEqual([
      "7:1 [[toc]] is VitePress's table of contents in the page, which sitegen shows beside it: the line would be shown as written",
    ]);
    expect(problems(render('See [[toc]] in VitePress.\n'))).toEqual([]);
  });
});
