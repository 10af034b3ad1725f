// Math in markdown (`markdown.math`): which `$` make a formula and which stay text, display blocks and ```math
// fences, formulas inside the other blocks, what search reads of them, and a formula temml cannot read told
// at its line and column.
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { createMarkdownRenderer, type MarkdownResult } from '../../../src/content/markdown.js';
import { mayHaveMath } from '../../../src/content/math.js';
import type { LinkContext } from '../../../src/content/links.js';

const renderMarkdown = createMarkdownRenderer({ highlight: () => null });
const CONTEXT: LinkContext = { baseUrl: '/', localePath: 'en', permalinks: { 'docs/a.md': '/en/docs/a' }, staticRoots: [], localePaths: ['en'] };

/** Renders a body of `docs/a.md`, with math on (as renderEntries asks for it: the site's switch and a body that may hold some) unless told. */
function render(body: string, { math = true, bodyLine = 1, file = 'content/en/docs/a.md' } = {}): MarkdownResult {
  return renderMarkdown({ file, contentPath: 'docs/a.md', body, bodyLine, locale: 'en', ...(math && mayHaveMath(body) ? { math: true as const } : {}) }, CONTEXT);
}
const html = (body: string, options?: { math?: boolean }) => render(body, options).rendered.html;
/** The TeX-free text of each formula's MathML, and whether it is display math. */
const formulas = (body: string) =>
  parse(html(body))
    .querySelectorAll('math')
    .map((m) => `${m.getAttribute('display') === 'block' ? 'display ' : ''}${m.text}`);
const problems = (result: MarkdownResult) => result.diagnostics.map((d) => `${d.line}${d.column ? `:${d.column}` : ''} ${d.severity}[${d.code}] ${d.message}`);

describe('inline math: $…$ by pandoc\'s rules', () => {
  it('renders a formula as MathML in its sentence', () => {
    // In pieces after its top-level operators, where a narrow column may break the line (content.css).
    expect(html('Energy is $E = mc^2$ here.\n')).toMatch(/^<p>Energy is <math><mrow><mi>E<\/mi><mo>=<\/mo><\/mrow><mrow><mi>m<\/mi><msup><mi>c<\/mi><mn[^>]*>2<\/mn><\/msup><\/mrow><\/math> here\.<\/p>\n$/);
    expect(formulas('Let $x_1$ and $y$, then $\\frac{a}{b}$.\n')).toEqual(['x1', 'y', 'ab']);
  });

  it('leaves prices as text: a closing $ after a space or before a digit is no closing one', () => {
    for (const body of ['It costs $5 and $10 a month.\n', 'From $5 to $10.\n', 'US$5, or US$6.\n', 'Pay $5.99 or $6.\n', 'Only $ 5 $ here.\n', 'A $x $ and $ y$.\n', 'Tip: $20 or $30 for two.\n']) {
      expect(html(body), body).toBe(`<p>${body.trim()}</p>\n`);
    }
    // A price, then a formula: the first $ does not close on the formula's opening one (a space before it).
    expect(formulas('It costs $5, or $x$ per unit.\n')).toEqual(['x']);
    expect(html('It costs $5, or $x$ per unit.\n')).toMatch(/^<p>It costs \$5, or <math>/);
    // A digit after the closing $: `$x$5` is no formula.
    expect(html('Write $x$5 here.\n')).toBe('<p>Write $x$5 here.</p>\n');
  });

  it('takes \\$ as a dollar sign, outside a formula and inside one', () => {
    expect(html('Escaped \\$x\\$ stays.\n')).toBe('<p>Escaped $x$ stays.</p>\n');
    expect(formulas('A formula with a dollar: $\\$5 + y$.\n')).toEqual(['$5+y']);
  });

  it('leaves code spans, fenced and indented code as written', () => {
    expect(html('Write `$x$` for math.\n')).toBe('<p>Write <code>$x$</code> for math.</p>\n');
    const fenced = html('```text\nconst a = $x$;\n$$\ny\n$$\n```\n\n    $z$ indented\n');
    expect(fenced).not.toContain('<math');
    expect(fenced).toContain('<code>const a = $x$;\n$$\ny\n$$</code>');
    expect(fenced).toContain('<code>$z$ indented\n</code>');
  });

  it('keeps emphasis out of a formula: a * inside one is no delimiter', () => {
    const root = parse(html('*see $a^*$ too*, and $b*c$ *d*\n'));
    // temml writes a * of TeX as the operator ∗.
    expect(root.querySelectorAll('em').map((em) => em.text)).toEqual(['see a∗ too', 'd']);
    expect(root.querySelectorAll('math').map((m) => m.text)).toEqual(['a∗', 'b∗c']);
  });

  it('keeps them out in Chinese text too, where bold may close after a full-width mark', () => {
    const root = parse(html('**公式：**$a*b*c$是*乘积*。\n'));
    expect(root.querySelectorAll('strong').map((b) => b.text)).toEqual(['公式：']);
    expect(root.querySelectorAll('em').map((em) => em.text)).toEqual(['乘积']);
    expect(root.querySelectorAll('math').map((m) => m.text)).toEqual(['a∗b∗c']);
  });
});

describe('a formula in a heading', () => {
  it('gives the heading\'s table of contents entry its formula as MathML, its text the TeX (search, ids)', () => {
    const [withMath, plain] = render('## The sum $\\sum k$ of *all* <kbd>k</kbd> & more\n\n## Plain `code`\n').rendered.headings;
    expect(withMath).toMatchObject({ depth: 2, text: 'The sum \\sum k of all k & more', id: 'the-sum-sum-k-of-all-k--more' });
    expect(withMath!.html).toMatch(/^The sum <math>.*<\/math> of all k &amp; more$/);
    expect(parse(withMath!.html!).querySelector('math')!.text).toBe('∑k');
    // Without a formula, the entry is its text alone.
    expect(plain).toEqual({ depth: 2, text: 'Plain code', id: 'plain-code' });
  });
});

describe('display math', () => {
  it('renders $$ on lines of their own as a block, also right after a paragraph', () => {
    const out = html('The roots:\n$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$\nfor any $a \\neq 0$.\n');
    expect(out).toMatch(/^<p>The roots:<\/p>\n<math display="block"[^>]*>.*<\/math>\n<p>for any <math>/);
    expect(formulas('$$\n\\sum_{i=1}^n i\n$$\n')).toEqual(['display ∑i=1ni']);
  });

  it('renders $$ formula $$ alone on its line as a block, and $$…$$ in a line as display math in it', () => {
    expect(html('$$ a^2 + b^2 = c^2 $$\n')).toMatch(/^<math display="block"[^>]*>.*<\/math>\n$/);
    expect(html('So $$a = b$$ holds.\n')).toMatch(/^<p>So <math display="block"[^>]*>.*<\/math> holds\.<\/p>\n$/);
  });

  it('takes no blank line inside a display formula (as TeX): such $$ lines are text', () => {
    expect(formulas('$$\na\n\nb\n$$\n')).toEqual([]);
    expect(html('$$\n$$\n')).not.toContain('<math');
  });

  it('warns at a $$ line that opens a formula a blank line or the end of its block cuts off, which shows as text', () => {
    const hint = 'TeX takes no blank line in a formula: take the blank line out, or close the formula with a line of $$';
    const blank = render('Intro.\n\n$$\n\\begin{aligned}\na &= b \\\\\n\nc &= d\n\\end{aligned}\n$$\n');
    expect(problems(blank)).toEqual(['3:1 warning[math] this $$ opens a display formula that is not closed before a blank line or the end of its block, so its TeX is shown as text']);
    expect(blank.diagnostics[0]!.hint).toBe(hint);
    expect(blank.rendered.html).not.toContain('<math');
    expect(problems(render('- item\n  $$\n  x = 1\n\n> quoted\n> $$\n> y\n'))).toEqual([
      '2:3 warning[math] this $$ opens a display formula that is not closed before a blank line or the end of its block, so its TeX is shown as text',
      '6:3 warning[math] this $$ opens a display formula that is not closed before a blank line or the end of its block, so its TeX is shown as text',
    ]);
    // A $$ that ends a paragraph opens nothing; $$ in a line is display math or text, as its closing $$ says.
    expect(problems(render('x\n$$\n\nCosts $$5, and $$a$$.\n'))).toEqual([]);
  });

  it('renders a ```math block as display math, as GitHub does, with no warning', () => {
    const result = render('```math\n\\int_0^1 x\\,dx = \\frac12\n```\n');
    expect(result.rendered.html).toMatch(/^<math display="block"[^>]*>.*<\/math>\n$/);
    expect(result.rendered.html).not.toContain('<pre');
    expect(problems(result)).toEqual([]);
  });
});

describe('math off (the default)', () => {
  it('leaves $ as text and a ```math block as code, saying how to render it', () => {
    expect(html('Energy is $E = mc^2$, and $$x$$.\n', { math: false })).toBe('<p>Energy is $E = mc^2$, and $$x$$.</p>\n');
    const result = render('```math\nx^2\n```\n', { math: false });
    expect(result.rendered.html).toContain('<pre');
    expect(result.rendered.html).not.toContain('<math');
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', line: 1, hint: 'set markdown: { math: true } in site.config.ts to show it as a formula' })]);
  });

  it('reads a page without $ or ```math with math on as it reads it with math off', () => {
    expect(mayHaveMath('No formulas, only *text* and `code`.\n')).toBe(false);
    expect(mayHaveMath('~~~ math\nx\n~~~\n')).toBe(true);
    expect(mayHaveMath('Costs $5.\n')).toBe(true);
  });
});

describe('math inside other blocks', () => {
  it('renders formulas in tables, lists, quotes, admonitions, tabs, footnotes and headings', () => {
    const body = [
      '## The $O(n)$ case',
      '',
      '| a | b |',
      '|---|---|',
      '| $x^2$ | $\\lvert y \\rvert$ |',
      '',
      '- item $i$',
      '  $$',
      '  j',
      '  $$',
      '',
      '> quoted $q$',
      '',
      ':::tip Title $t$',
      'Boxed $u$.',
      ':::',
      '',
      ':::tabs',
      '== One',
      'Tab $v$.',
      ':::',
      '',
      'Note[^1].',
      '',
      '[^1]: Footnote $w$.',
      '',
    ].join('\n');
    const result = render(body);
    expect(problems(result)).toEqual([]);
    const root = parse(result.rendered.html);
    expect(root.querySelector('h2')!.querySelector('math')!.text).toBe('O(n)');
    expect(root.querySelectorAll('td math').map((m) => m.text)).toEqual(['x2', '|y|']);
    expect(root.querySelectorAll('li math').map((m) => m.text)).toEqual(['i', 'j', 'w']);
    expect(root.querySelector('blockquote math')!.text).toBe('q');
    expect(root.querySelectorAll('.admonition math').map((m) => m.text)).toEqual(['t', 'u']);
    expect(root.querySelector('.tabs-panel math')!.text).toBe('v');
    expect(root.querySelector('.footnotes math')!.text).toBe('w');
    // The heading's id and text are made of its text, the formula's TeX among it; its entry shows the formula.
    expect(result.rendered.headings).toEqual([{ depth: 2, text: 'The O(n) case', id: 'the-on-case', html: expect.stringMatching(/^The <math>.*<\/math> case$/) }]);
  });
});

describe('what search and the page text read of a formula: its TeX, no MathML', () => {
  it('gives the TeX as written to the intro and the sections', () => {
    const { rendered } = render('Energy is $E = mc^2$.\n\n## Roots\n\n$$\n\\frac{-b}{2a}\n$$\n\n```math\n\\sqrt{x}\n```\n');
    expect(rendered.intro).toBe('Energy is E = mc^2.');
    expect(rendered.sections).toEqual([{ id: 'roots', heading: 'Roots', depth: 2, text: '\\frac{-b}{2a} \\sqrt{x}' }]);
    expect(JSON.stringify(rendered.sections) + rendered.intro).not.toMatch(/<m|mrow|mfrac/);
  });
});

describe('what search reads of display math in a list item, a box or a quote', () => {
  it('reads its TeX a word apart from the text before and after it', () => {
    const intro = (body: string) => render(body).rendered.intro;
    expect(intro('- Item one\n  $$\n  x^2\n  $$\n- Item two $y$\n  - nested\n')).toBe('Item one x^2 · Item two y nested');
    expect(intro(':::tip\n$$\nx^2\n$$\nNext line\n:::\n')).toBe('x^2 Next line');
    expect(intro('> $$\n> x^2\n> $$\n> Next line\n')).toBe('x^2 Next line');
  });
});

describe('a formula temml cannot read', () => {
  it('is an error at its line and column, naming temml\'s message on one line', () => {
    const result = render('Intro.\n\nSee $a^b^c$ and $\\frac{1}{2}$.\n', { bodyLine: 5 });
    expect(problems(result)).toEqual(['7:9 error[math] Double superscript, in the formula $a^b^c$']);
    expect(result.diagnostics[0]!.hint).toContain('\\$');
    // The page still renders, the bad formula shown as its TeX.
    expect(result.rendered.html).toContain('<code class="math-error">a^b^c</code>');
  });

  it('is told at the line of the problem inside a display block, in a quote or a list too', () => {
    expect(problems(render('$$\na + b\n\\foo{c}\n$$\n'))).toEqual(['3:1 error[math] Unsupported function name: \\foo, in the formula $$ a + b \\foo{c} $$']);
    // temml stops at the end of the TeX: the end of the quote's last line of it.
    expect(problems(render('> Quoted:\n>\n> $$\n> x +\n> \\frac{1}{\n> $$\n'))).toEqual([expect.stringMatching(/^5:12 error\[math\] Unexpected end of input/)]);
    expect(problems(render('- one\n- two $\\bad$\n'))).toEqual(['2:8 error[math] Unsupported function name: \\bad, in the formula $\\bad$']);
    expect(problems(render('Text.\n\n```math\n\\frac{a\n```\n'))).toEqual([expect.stringMatching(/^4:8 error\[math\] Unexpected end of input.*, in the formula ```math$/)]);
  });

  it('is told at its column in the file on a line the MDX reading changed: indented in a TabItem, after a tag', () => {
    const body = '<Tabs>\n  <TabItem value="a" label="A">\n\n  In a tab $\\bad$, then $\\bad$.\n\n  </TabItem>\n</Tabs>\n\n<Admonition type="tip" title="T">Inline $\\bad${/* c */} box.</Admonition>\n';
    expect(problems(render(body, { file: 'content/en/docs/a.mdx' }))).toEqual([
      '4:13 error[math] Unsupported function name: \\bad, in the formula $\\bad$',
      '4:26 error[math] Unsupported function name: \\bad, in the formula $\\bad$',
      '9:42 error[math] Unsupported function name: \\bad, in the formula $\\bad$',
    ]);
  });

  it('says temml failed, not only the JavaScript error, when temml breaks on a formula rather than reading it', () => {
    expect(problems(render('A typo $x_$ and $y^^2$.\n'))).toEqual([
      "1:9 error[math] temml failed on it (TypeError: Cannot read properties of null (reading 'type')), in the formula $x_$",
      "1:18 error[math] temml failed on it (TypeError: Cannot read properties of null (reading 'type')), in the formula $y^^2$",
    ]);
  });

  it('is told at each place when written twice, and not when written in code before', () => {
    expect(problems(render('`$\\nope$` then $\\nope$, and $\\nope$\n'))).toEqual(['1:17 error[math] Unsupported function name: \\nope, in the formula $\\nope$', '1:30 error[math] Unsupported function name: \\nope, in the formula $\\nope$']);
  });
});

describe('formulas in a page with MDX (tags, imports, {/* comments */})', () => {
  const MDX = 'content/en/docs/a.mdx';

  it('leaves a formula\'s text alone, as code: a < in it is no tag, in .md and .mdx files', () => {
    const body = 'A type $List<String>$, a relation $a<b$, $x <B$ and $\\{/* c */\\}$.\n';
    for (const file of ['content/en/docs/a.md', MDX]) {
      const result = render(body, { file });
      expect(problems(result), file).toEqual([]);
      expect(parse(result.rendered.html).querySelectorAll('math').map((m) => m.text), file).toEqual(['List<String>', 'a<b', 'x<B', '{/∗c∗/}']);
    }
  });

  it('leaves display math alone, on lines of their own, and a formula that runs over two lines of a paragraph', () => {
    const body = 'Maps:\n\n$$\n\\mathrm{Map}<K V>\n> 0\n$$\n\nA pair $\\left<A\nB\\right>$ here.\n';
    const result = render(body, { file: MDX });
    expect(problems(result)).toEqual([]);
    expect(parse(result.rendered.html).querySelectorAll('math').map((m) => `${m.getAttribute('display') ?? 'inline'} ${m.text}`)).toEqual(['block Map<KV>>0', 'inline ⟨AB⟩']);
  });

  it('leaves a formula alone over the lines marked keeps in its paragraph: indented 4 past its text, ```a`b, 2.', () => {
    const bodies = [
      'We have $\\sum_{i=1}^{n} x_i\n    + y^{2}$ for all.\n',
      '- We have $\\sum_{i=1}^{n} x_i\n      + y^{2}$ for all.\n',
      'We have $\\sum_{i=1}^{n} x_i\n```{2}`\ny^{2}$ for all.\n',
      'We have $\\sum_{i=1}^{n} x_i\n2. y^{2}$ for all.\n',
    ];
    for (const body of bodies) {
      const result = render(body, { file: MDX });
      expect(problems(result), body).toEqual([]);
      expect(parse(result.rendered.html).querySelectorAll('math'), body).toHaveLength(1);
    }
    // A fence, a list item or a heading does end the paragraph: no formula, and the braces after the $ are MDX's.
    for (const body of ['We have $\\sum_{i}\n```\n+ y^{2}$\n```\n', 'We have $\\sum_{i}\n- y$ for all.\n', '- We have $\\sum_{i}\n  + y$ for all.\n', 'We have $\\sum_{i}\n## y$\n']) {
      expect(problems(render(body, { file: MDX })), body).toEqual([expect.stringMatching(/^1:\d+ error\[mdx\] \{i\} is a JavaScript expression/)]);
    }
  });

  it('leaves formulas alone in tabs, boxes and quotes, whose components are still read', () => {
    const body = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\nIn a tab $Set<T>$.\n\n</TabItem>\n</Tabs>\n\n> <Admonition type=\"tip\">\n> Quoted $Q<R>$.\n> </Admonition>\n";
    const result = render(body, { file: MDX });
    expect(problems(result)).toEqual([]);
    const root = parse(result.rendered.html);
    expect(root.querySelector('.tabs-panel math')!.text).toBe('Set<T>');
    expect(root.querySelector('blockquote .admonition math')!.text).toBe('Q<R>');
  });

  it('still reads a tag after a $ that opens no formula, and reads $ as text with math off', () => {
    expect(problems(render('It costs $5, see <Price>.\n', { file: MDX }))).toEqual(['1:18 error[mdx] <Price> is a React component, which sitegen does not run']);
    expect(problems(render('A type $List<String>$.\n', { math: false }))).toEqual(['1:13 error[mdx] <String> is a React component, which sitegen does not run']);
  });
});
