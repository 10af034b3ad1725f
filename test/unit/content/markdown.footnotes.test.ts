import { describe, expect, it } from 'vitest';
import { problems, render } from './markdownFixture.js';

describe("footnotes, as GitHub's markdown writes them", () => {
  const body = '正文[^1]，见[卡片](./card.md)[^note]，再次[^1]。\n\n## 小节\n\n更多。\n\n[^1]: 第一条，见 [服务](../services/deepl.md)。\n[^note]: 第二条。\n\n    第二段。\n';

  it('number the notes by their first reference and gather them at the end, each with its links back, in the page language', () => {
    const html = render(body).rendered.html;
    expect(html).toContain('<p>正文<sup class="footnote-ref"><a id="fnref-1" href="#fn-1">1</a></sup>，见<a href="/docs/guides/card">卡片</a><sup class="footnote-ref"><a id="fnref-note" href="#fn-note">2</a></sup>，再次<sup class="footnote-ref"><a id="fnref-1-2" href="#fn-1">1</a></sup>。</p>');
    expect(html.endsWith('</section>\n')).toBe(true);
    expect(html).toContain('<section class="footnotes"><h2 class="sr-only">脚注</h2><ol><li id="fn-1"><p>第一条，见 <a href="/docs/services/deepl">服务</a>。 <a class="footnote-backref" href="#fnref-1" aria-label="返回脚注 1 的引用处">↩</a> <a class="footnote-backref" href="#fnref-1-2" aria-label="返回脚注 1 的引用处">↩<sup>2</sup></a></p></li>');
    // A note of two paragraphs (the second indented): its link back ends the last one.
    expect(html).toContain('<li id="fn-note"><p>第二条。</p>\n<p>第二段。 <a class="footnote-backref" href="#fnref-note"');
    expect(render('Text[^a].\n\n[^a]: Note.\n', { locale: 'en' }).rendered.html).toContain('<h2 class="sr-only">Footnotes</h2><ol><li id="fn-a"><p>Note. <a class="footnote-backref" href="#fnref-a" aria-label="Back to the reference to note 1">↩</a></p></li></ol>');
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
    expect(html).toContain('<p>Text<sup class="footnote-ref"><a id="fnref-lazy" href="#fn-lazy">1</a></sup>.</p>\n<p>After.</p>');
    expect(html).toContain('<li id="fn-lazy"><p>First line\nsecond line of the same note. <a class="footnote-backref"');
    expect(render('A[^n].\n\n[^n]: Note.\n## Heading\n').rendered.html).toContain('<h2 id="heading">');
  });

  it("leave a post's excerpt the reference, whose link the blog list leads to the post", () => {
    const { rendered } = render('Intro[^a].\n\n<!-- truncate -->\n\nMore.\n\n[^a]: Note.\n', { locale: 'en' });
    expect(rendered.excerptHtml).toBe('<p>Intro<sup class="footnote-ref"><a id="fnref-a" href="#fn-a">1</a></sup>.</p>\n');
    expect(rendered.html).toContain('<li id="fn-a">');
  });
});
