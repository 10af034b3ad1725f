// Math in a site built by the CLI (`markdown.math`): formulas are MathML in the pages, the blog list and the
// feeds; search reads their TeX, never MathML; off, `$` is text; a formula temml cannot read fails the build at
// its line; and turning the switch over renders again, in a warm build, the pages that may hold math.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { builtOnce, configSource, md, REPO, runCli, writeSite } from '../helpers/site';

const config = (math: boolean | null) => configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },${math === null ? '' : ` markdown: { math: ${math} },`}`);

const FORMULAS = `Energy is $E = mc^2$, and a plan costs $5 or $10 a month.

$$
x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}
$$

\`\`\`math
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
\`\`\`

| name | formula |
|---|---|
| area | $\\pi r^2$ |

- a list item with $\\alpha$

:::tip Note
A box with $\\beta$.
:::

Write \`$x$\` for a formula, and \\$ for a dollar.

## The area $A = \\pi r^2$ of a *circle*
`;

const SITE: Record<string, string> = {
  'site.config.ts': config(true),
  'content/zh-Hans/docs/formulas.md': md({ title: '公式', description: '带公式的页面' }, FORMULAS),
  'content/en/docs/formulas.md': md({ title: 'Formulas', description: 'A page with formulas' }, FORMULAS),
  'content/zh-Hans/docs/plain.md': md({ title: '无公式', description: '没有公式' }, 'Only text here.\n'),
  'content/en/docs/plain.md': md({ title: 'Plain', description: 'No formulas' }, 'Only text here.\n'),
  'content/zh-Hans/blog/2024-05-01-euler.md': md({ title: '欧拉', description: '恒等式' }, 'Euler: $e^{i\\pi} + 1 = 0$.\n'),
  'content/en/blog/2024-05-01-euler.md': md({ title: 'Euler', description: 'The identity' }, 'Euler: $e^{i\\pi} + 1 = 0$.\n'),
};

const page = (dir: string, path: string) => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
/** Every search file of a locale's output folder: the index and the page texts. */
const searchFiles = (dir: string, locale: string) => {
  const root = join(dir, 'dist', locale);
  const texts = join(root, 'search-text');
  return [join(root, 'search-index.json'), ...(existsSync(texts) ? readdirSync(texts, { recursive: true }).map(String).filter((f) => f.endsWith('.json')).map((f) => join(texts, f)) : [])].map((f) => readFileSync(f, 'utf8'));
};
const MATHML_RE = /<\/?(?:math|mi|mn|mo|mrow|msup|mfrac|msqrt)\b|&lt;math/;

describe('math on', () => {
  const site = builtOnce(SITE, (dir) => runCli(['build'], dir));

  it('builds with no problem told', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(0);
    expect(out).not.toMatch(/(error|warning)\[/);
  });

  it('renders each formula as MathML where it is written, and prices, code and \\$ as text', () => {
    const article = page(site.dir, 'en/docs/formulas').querySelector('.markdown')!;
    const formulas = article.querySelectorAll('math');
    expect(formulas.map((m) => m.getAttribute('display') ?? 'inline')).toEqual(['inline', 'block', 'block', 'inline', 'inline', 'inline', 'inline']);
    expect(article.querySelector('p')!.text).toBe('Energy is E=mc2, and a plan costs $5 or $10 a month.');
    expect(article.querySelector('td math')!.text).toBe('πr2');
    expect(article.querySelector('li math')!.text).toBe('α');
    expect(article.querySelector('.admonition math')!.text).toBe('β');
    expect(article.querySelector('code')!.text).toBe('$x$');
    expect(article.text).toContain('for a formula, and $ for a dollar.');
    // No script, stylesheet or font of a math library: the browser draws MathML itself.
    const html = read(site.dir, 'en/docs/formulas/index.html');
    expect(html).not.toMatch(/katex|temml|mathjax/i);
    expect(page(site.dir, 'docs/formulas').querySelectorAll('.markdown math')).toHaveLength(7);
  });

  it('shows a heading\'s formula as MathML in the table of contents, its TeX nowhere there', () => {
    const link = page(site.dir, 'en/docs/formulas').querySelector('.toc-link')!;
    expect(link.getAttribute('href')).toBe('#the-area-a--pi-r2-of-a-circle');
    expect(link.querySelector('math')!.text).toBe('A=πr2');
    expect(link.text).toBe('The area A=πr2 of a circle');
    expect(link.innerHTML).not.toContain('\\pi');
  });

  it('gives search the TeX of a formula, never its MathML', () => {
    for (const locale of ['', 'en']) {
      const files = searchFiles(site.dir, locale);
      for (const file of files) expect(file).not.toMatch(MATHML_RE);
      expect(files.join('\n')).toContain('E = mc^2');
    }
    const found = runCli(['search', 'mc^2', '--locale', 'en', '--json'], site.dir);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).results.map((r: { url: string }) => r.url)).toContain('/en/docs/formulas');
  });

  it('carries the MathML into the blog list and the feeds', () => {
    expect(page(site.dir, 'en/blog').querySelector('.markdown math')!.text).toBe('eiπ+1=0');
    const atom = read(site.dir, 'en/blog/atom.xml');
    // As HTML in CDATA, as the rest of a post's content.
    for (const feed of ['atom.xml', 'rss.xml']) expect(read(site.dir, `en/blog/${feed}`)).toMatch(/<!\[CDATA\[<p>Euler: <math>.*<mi>e<\/mi>/);
    expect(JSON.parse(read(site.dir, 'en/blog/feed.json')).items[0].content_html).toMatch(/^<p>Euler: <math>/);
    // The description a feed item and the page's head carry is the front matter's, as written.
    expect(page(site.dir, 'en/blog/2024/05/01/euler').querySelector('meta[name="description"]')!.getAttribute('content')).toBe('The identity');
  });
});

describe('math off', () => {
  const site = builtOnce({ ...SITE, 'site.config.ts': config(null) }, (dir) => runCli(['build'], dir));

  it('leaves $ as text and a ```math block as code, warning at the block that math is off', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(0);
    const article = page(site.dir, 'en/docs/formulas').querySelector('.markdown')!;
    expect(article.querySelectorAll('math')).toHaveLength(0);
    expect(article.querySelector('p')!.text).toBe('Energy is $E = mc^2$, and a plan costs $5 or $10 a month.');
    expect(article.querySelector('pre')!.text).toContain('\\int_0^1');
    expect(out).toContain('content/zh-Hans/docs/formulas.md:12:1 warning[markdown] ```math: no highlighting for this language, so the block is plain text\n  hint: set markdown: { math: true } in site.config.ts to show it as a formula');
  });
});

describe('a formula temml cannot read', () => {
  const site = builtOnce(
    {
      'site.config.ts': config(true),
      'content/zh-Hans/docs/bad.md': md({ title: '坏', description: 'd' }, 'Fine $x$.\n\nThen $$\n\\frac{1}{\n$$ and $a^b^c$.\n'),
      'content/en/docs/plain.md': md({ title: 'Plain', description: 'd' }, 'Text.\n'),
    },
    (dir) => runCli(['build'], dir),
  );

  it('fails the build (exit 1) with an error at its file, line and column, temml\'s message on one line, no stack trace', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(1);
    expect(out).toContain("content/zh-Hans/docs/bad.md:9:10 error[math] Unexpected end of input in a macro argument, expected '}', in the formula $$ \\frac{1}{ $$\n  hint: write TeX that temml reads");
    expect(out).toContain('content/zh-Hans/docs/bad.md:10:12 error[math] Double superscript, in the formula $a^b^c$');
    expect(out).not.toMatch(/\n\s+at /);
    expect(existsSync(join(site.dir, 'dist'))).toBe(false);
  });
});

describe('turning markdown.math over in a warm build', () => {
  const dir = writeSite(SITE);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const build = () => {
    const result = runCli(['build', '--verbose'], dir);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    return { formulas: page(dir, 'en/docs/formulas').querySelectorAll('.markdown math').length, post: page(dir, 'en/blog').querySelectorAll('.markdown math').length, cached: Number(/markdown\b.*?(\d+) cached/.exec(result.stdout + result.stderr)?.[1]) };
  };

  it('renders again the pages that may hold math, and takes the others from the cache', () => {
    expect(build()).toMatchObject({ formulas: 7, post: 1 });
    writeFileSync(join(dir, 'site.config.ts'), config(false));
    // The two pages without a `$` (one per locale) are the same either way: from the cache.
    expect(build()).toEqual({ formulas: 0, post: 0, cached: 2 });
    writeFileSync(join(dir, 'site.config.ts'), config(true));
    expect(build()).toEqual({ formulas: 7, post: 1, cached: 6 });
  }, 60_000);
});
