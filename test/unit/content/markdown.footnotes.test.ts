import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { listedHtml } from '../../../src/content/excerpt.js';
import { problems, render } from './markdownFixture.js';

/** Every id of some HTML, and every in-page link's target (decoded, as a browser finds it). */
function idsAndTargets(html: string) {
  const root = parse(html);
  const ids = root.querySelectorAll('[id]').map((e) => e.getAttribute('id')!);
  const targets = root.querySelectorAll('a[href^="#"]').map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1)));
  return { ids, targets };
}

describe("footnotes, as GitHub's markdown writes them", () => {
  const body = '正文[^1]，见[卡片](./card.md)[^note]，再次[^1]。\n\n## 小节\n\n更多。\n\n[^1]: 第一条，见 [服务](../services/deepl.md)。\n[^note]: 第二条。\n\n    第二段。\n';

  it('number the notes by their first reference and gather them at the end, each with its links back, in the page language', () => {
    const html = render(body).rendered.html;
    expect(html).toContain('<p>正文<sup class="footnote-ref"><a id="user-content-fnref-1" href="#user-content-fn-1">1</a></sup>，见<a href="/docs/guides/card">卡片</a><sup class="footnote-ref"><a id="user-content-fnref-note" href="#user-content-fn-note">2</a></sup>，再次<sup class="footnote-ref"><a id="user-content-fnref-1-2" href="#user-content-fn-1">1</a></sup>。</p>');
    expect(html.endsWith('</section>\n')).toBe(true);
    expect(html).toContain('<section class="footnotes"><h2 class="sr-only">脚注</h2><ol><li id="user-content-fn-1"><p>第一条，见 <a href="/docs/services/deepl">服务</a>。 <a class="footnote-backref" href="#user-content-fnref-1" aria-label="返回脚注 1 的引用处">↩</a> <a class="footnote-backref" href="#user-content-fnref-1-2" aria-label="返回脚注 1 的引用处">↩<sup>2</sup></a></p></li>');
    // A note of two paragraphs (the second indented): its link back ends the last one.
    expect(html).toContain('<li id="user-content-fn-note"><p>第二条。</p>\n<p>第二段。 <a class="footnote-backref" href="#user-content-fnref-note"');
    expect(render('Text[^a].\n\n[^a]: Note.\n', { locale: 'en' }).rendered.html).toContain('<h2 class="sr-only">Footnotes</h2><ol><li id="user-content-fn-a"><p>Note. <a class="footnote-backref" href="#user-content-fnref-a" aria-label="Back to the reference to note 1">↩</a></p></li></ol>');
  });

  it("rewrite and record a note's links at their own line, as any other link", () => {
    const { rendered } = render(body, { bodyLine: 5 });
    expect(rendered.refs).toEqual([
      { url: '/docs/guides/card', line: 5, kind: 'link' },
      { url: '/docs/services/deepl', line: 11, kind: 'link' },
    ]);
  });

  it('warn at its line of a reference to a note the page lacks (shown as written) and of a note never referred to', () => {
    const result = render('Text[^x], and `[^1]` in code.\n\n[^unused]: Never used.\n', { bodyLine: 3 });
    expect(result.rendered.html).toBe('<p>Text[^x], and <code>[^1]</code> in code.</p>\n');
    expect(problems(result)).toEqual(['3 [^x] refers to a footnote the page does not have, so it shows as written', '5 footnote [^unused] is never referred to, so it is not shown']);
    // Nor is it searched; a note that is shown is.
    expect(result.rendered.intro).not.toContain('Never used');
    expect(render('Text[^a].\n\n[^a]: A shown note.\n').rendered.intro).toContain('A shown note.');
  });

  it('keep the lines of a note written on without indenting (as GitHub does), and match a label whatever its case', () => {
    const html = render('Text[^Lazy].\n\n[^lazy]: First line\nsecond line of the same note.\n\nAfter.\n').rendered.html;
    expect(html).toContain('<p>Text<sup class="footnote-ref"><a id="user-content-fnref-lazy" href="#user-content-fn-lazy">1</a></sup>.</p>\n<p>After.</p>');
    expect(html).toContain('<li id="user-content-fn-lazy"><p>First line\nsecond line of the same note. <a class="footnote-backref"');
    expect(render('A[^n].\n\n[^n]: Note.\n## Heading\n').rendered.html).toContain('<h2 id="heading">');
    // A line that starts with code in three backticks is no fence (a backtick follows): the note goes on, as on GitHub.
    const code = render('A[^n].\n\n[^n]: Run it\n```npm i``` first.\n').rendered.html;
    expect(code).toContain('<li id="user-content-fn-n"><p>Run it\n<code>npm i</code> first. <a class="footnote-backref"');
    expect(code).not.toContain('<p><code>npm i</code> first.</p>');
    // A fence does end it.
    expect(render('A[^n].\n\n[^n]: Note.\n```ts\nlet a;\n```\n').rendered.html).toContain('<pre');
  });

  it("leave a post's excerpt the reference, whose link the blog list leads to the post", () => {
    const { rendered } = render('Intro[^a].\n\n<!-- truncate -->\n\nMore.\n\n[^a]: Note.\n', { locale: 'en' });
    expect(rendered.excerptHtml).toBe('<p>Intro<sup class="footnote-ref"><a id="user-content-fnref-a" href="#user-content-fn-a">1</a></sup>.</p>\n');
    expect(rendered.html).toContain('<li id="user-content-fn-a">');
  });

  it('keep the first of a label defined twice, as GitHub does, and warn at the second', () => {
    const result = render('Text[^1].\n\n[^1]: The first.\n\n[^1]: The second.\n', { bodyLine: 4 });
    expect(result.rendered.html).toContain('<li id="user-content-fn-1"><p>The first. <a class="footnote-backref"');
    expect(result.rendered.html).not.toContain('The second');
    expect(result.rendered.intro).not.toContain('The second');
    expect(problems(result)).toEqual(['8 footnote [^1] is defined already at line 6, so this note is not shown (the first one is, as on GitHub)']);
    // Whatever the case it is written in; and a note defined twice and never referred to is told both ways.
    expect(problems(render('A[^b].\n\n[^B]: One.\n[^b]: Two.\n[^u]: U.\n[^u]: V.\n'))).toEqual([
      '5 footnote [^u] is never referred to, so it is not shown',
      '4 footnote [^b] is defined already at line 3, so this note is not shown (the first one is, as on GitHub)',
      '6 footnote [^u] is defined already at line 5, so this note is not shown (the first one is, as on GitHub)',
    ]);
  });

  it("put a reference in a link's text after the link, as a link holds no other", () => {
    const html = render('A [see[^1]](./card.md), [**b[^1]** c](/x), [[^1]](/y).\n\n[^1]: Note.\n', { locale: 'en' }).rendered.html;
    expect(html).toContain(
      '<p>A <a href="/en/docs/guides/card">see</a><sup class="footnote-ref"><a id="user-content-fnref-1" href="#user-content-fn-1">1</a></sup>, ' +
        '<a href="/en/x"><strong>b</strong> c</a><sup class="footnote-ref"><a id="user-content-fnref-1-2" href="#user-content-fn-1">1</a></sup>, ' +
        // A link of nothing but a reference keeps its number as its text, unlinked, with its id for the link back.
        '<a href="/en/y"><sup class="footnote-ref" id="user-content-fnref-1-3">1</sup></a>.</p>',
    );
    expect(parse(html).querySelectorAll('a a')).toHaveLength(0);
    // In an image's text (its alt), a reference is no link either: it shows as written, and its note is not shown.
    const image = render('![A map[^m]](/img/map.png)\n\n[^m]: Note.\n', { locale: 'en' });
    expect(image.rendered.html).toBe('<p><img src="/img/map.png" alt="A map[^m]" loading="lazy" decoding="async"></p>\n');
    expect(problems(image)).toEqual(['3 footnote [^m] is never referred to, so it is not shown']);
  });

  it("give the notes GitHub's ids (user-content-fn-…), which a heading of the page never takes", () => {
    const result = render('## user-content-fn-1\n\n## fn-1\n\n## Other {#user-content-fnref-1}\n\nText[^1].\n\n<span id="user-content-fn-1"></span>\n\n[^1]: Note.\n', { locale: 'en' });
    const { ids, targets } = idsAndTargets(result.rendered.html);
    expect(result.rendered.headings.map((h) => h.id)).toEqual(['user-content-fn-1-1', 'fn-1', 'user-content-fnref-1-1']);
    expect(problems(result)).toEqual([
      '5 heading id {#user-content-fnref-1} is the id of footnote [^1], so this one is #user-content-fnref-1-1',
      '9 id "user-content-fn-1" of raw HTML is also an id of footnote [^1], so the page would hold it twice and a link to #user-content-fn-1 would go to the first',
    ]);
    // Only raw HTML, told above, gives an id twice; every link in the page finds its target.
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual(['user-content-fn-1']);
    expect(targets.filter((t) => !ids.includes(t))).toEqual([]);
  });

  it('take a label of any characters but spaces, as GitHub does, with ids that are valid and unique', () => {
    const result = render('A[^ünïcode] [^a.b] [^x] [^x-2] [^x] [^50%] [^注　释].\n\n[^ünïcode]: U.\n[^a.b]: Dot.\n[^x]: X.\n[^x-2]: X2.\n[^50%]: Half.\n[^注　释]: An ideographic space is no ASCII space.\n', { locale: 'en' });
    const html = result.rendered.html;
    expect(html).toContain('<sup class="footnote-ref"><a id="user-content-fnref-ünïcode" href="#user-content-fn-%C3%BCn%C3%AFcode">1</a></sup>');
    expect(html).toContain('<li id="user-content-fn-a.b">');
    // The second reference to x and the first to x-2 are both #user-content-fnref-x-2 on GitHub.
    expect(html).toContain('<a id="user-content-fnref-x-2-1" href="#user-content-fn-x">3</a>');
    expect(html).toContain('<a id="user-content-fnref-50%" href="#user-content-fn-50%25">5</a>');
    const { ids, targets } = idsAndTargets(html);
    expect(ids).toHaveLength(6 + 7);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => !/[ \t\n\f\r]/.test(id))).toBe(true);
    expect(targets.filter((t) => !ids.includes(t))).toEqual([]);
    expect(problems(result)).toEqual([]);
  });

  it('show a label with spaces as written, as GitHub does, and tell it; not a link of that text, nor a regex', () => {
    const result = render('See[^my note], [^a b](./card.md), [^a-z ] and [^ \\t].\n\n[^my note]: Spaced, so a paragraph.\n', { bodyLine: 2 });
    expect(result.rendered.html).toBe('<p>See[^my note], <a href="/docs/guides/card">^a b</a>, [^a-z ] and [^ \\t].</p>\n<p>[^my note]: Spaced, so a paragraph.</p>\n');
    expect(problems(result)).toEqual([
      "2 [^my note] is not a footnote: a footnote's label has no spaces (as on GitHub), so it shows as written",
      "4 [^my note] is not a footnote: a footnote's label has no spaces (as on GitHub), so it shows as written",
    ]);
    expect(result.diagnostics[0]!.hint).toBe('write the label without spaces, here and on the note\'s line: [^my-note]');
    // What shows is searched.
    expect(result.rendered.intro).toContain('See[^my note]');
  });

  it('leave out of a blog list the notes of a post shown whole: their <h2> would be under the list\'s post title, a level too high', () => {
    const { html } = render('Intro[^a].\n\n## Part\n\nMore.\n\n[^a]: Note.\n', { locale: 'en' }).rendered;
    const listed = listedHtml(html, '/en/blog/2025/01/01/a');
    expect(html).toContain('<section class="footnotes"><h2 class="sr-only">Footnotes</h2>');
    expect(listed).toBe('<p>Intro<sup class="footnote-ref"><a href="/en/blog/2025/01/01/a#user-content-fn-a">1</a></sup>.</p>\n<h3>Part</h3>\n<p>More.</p>\n');
  });
});
