import { describe, expect, it } from 'vitest';
import { problems, render } from './markdownFixture.js';

const refs = (body: string, bodyLine = 1, locale: 'zh-Hans' | 'en' = 'zh-Hans') =>
  render(body, { bodyLine, locale }).rendered.refs.map((r) => `${r.line} ${r.kind} ${r.url}`);

describe('link and image refs with their file lines', () => {
  it('records links and images of paragraphs, shifted by the body line', () => {
    expect(refs('# 总览\n\n先看 [卡片](./card.md)。\n第二行 ![截图](/img/card.png)\n', 5)).toEqual(['7 link /docs/guides/card', '8 image /img/card.png']);
  });

  it('rewrites links for the page locale', () => {
    expect(refs('See [the card](./card.md#open) and [the blog](/blog).\n', 1, 'en')).toEqual(['1 link /en/docs/guides/card#open', '1 link /en/blog']);
  });

  it('gives identical links on different lines their own lines', () => {
    expect(refs('[DeepL](../services/deepl.md)\n[DeepL](../services/deepl.md)\n\n[DeepL](../services/deepl.md)\n', 3)).toEqual([
      '3 link /docs/services/deepl',
      '4 link /docs/services/deepl',
      '6 link /docs/services/deepl',
    ]);
  });

  it('gives a link its own line when a code span or escaped text before it in the paragraph shows the same link', () => {
    expect(refs('写法是 `[卡片](./card.md)`，\n也可以写 \\[卡片](./card.md)，\n效果：[卡片](./card.md)\n', 2)).toEqual(['4 link /docs/guides/card']);
    expect(refs('- 写法 `[卡片](./card.md)`\n  效果 [卡片](./card.md)\n', 7)).toEqual(['8 link /docs/guides/card']);
  });

  it('finds links in list items, nested lists included', () => {
    expect(refs('- 第一项\n- 第二项 [常见问题](../faqs/index.md)\n  - 子项 [DeepL](../services/deepl.md)\n', 10)).toEqual([
      '11 link /docs/faqs/',
      '12 link /docs/services/deepl',
    ]);
  });

  it('finds links in table cells', () => {
    const body = '| 服务 | 文档 |\n| --- | --- |\n| DeepL | [说明](../services/deepl.md) |\n| 卡片 | [说明](./card.md) |\n';
    expect(refs(body, 20)).toEqual(['22 link /docs/services/deepl', '23 link /docs/guides/card']);
  });

  it('finds links in admonitions and blockquotes', () => {
    expect(refs('开头\n\n:::tip\n第一行\n详见 [卡片](./card.md)\n:::\n\n> 引用\n> [常见问题](/docs/faqs/)\n', 4)).toEqual([
      '8 link /docs/guides/card',
      '12 link /docs/faqs/',
    ]);
  });

  it('finds a link whose text spans lines of a quote or a list item at its first line', () => {
    expect(refs('> 引用\n> 详见[翻译\n> 卡片](./card.md)\n', 3)).toEqual(['4 link /docs/guides/card']);
    expect(refs('- 第一项\n- 第二项\n  详见 [翻译\n  卡片](./card.md)\n', 3)).toEqual(['5 link /docs/guides/card']);
  });

  it('finds a link inside a heading', () => {
    expect(refs('段落\n\n## 配置 [DeepL](../services/deepl.md)\n', 2)).toEqual(['4 link /docs/services/deepl']);
  });

  it('records an image inside a link once each', () => {
    expect(refs('[![商店](/img/store.png)](https://chromewebstore.google.com)\n')).toEqual(['1 link https://chromewebstore.google.com', '1 image /img/store.png']);
  });

  it('records autolinks and bare URLs', () => {
    expect(refs('邮件 <support@glint.example>\n\n网址 https://glint.example/docs\n')).toEqual([
      '1 link mailto:support@glint.example',
      '3 link https://glint.example/docs',
    ]);
  });

  it('resolves reference-style links at the line where they are used', () => {
    const result = render('[卡片]: ./card.md\n\n说明见[翻译卡片][卡片]。\n', { bodyLine: 6 });
    expect(result.rendered.refs.map((r) => `${r.line} ${r.url}`)).toEqual(['8 /docs/guides/card']);
    expect(result.rendered.html).toContain('<a href="/docs/guides/card">翻译卡片</a>');
  });

  it('records raw HTML links and images, entities decoded', () => {
    const body = '<div>\n  <img src="/img/panel.png" alt="">\n  <a href=\'https://glint.example/?a=1&amp;b=2\'>官网</a>\n</div>\n\n段落 <a href="/docs/faqs/">常见问题</a>\n';
    expect(refs(body, 3)).toEqual(['4 image /img/panel.png', '5 link https://glint.example/?a=1&b=2', '8 link /docs/faqs/']);
  });

  it('records unquoted raw HTML URLs and every candidate of a srcset written without spaces', () => {
    const body = '<a href=/docs/faqs/>常见问题</a>\n<img alt="" srcset="/img/a.png 1x,/img/b.png 2x" src=/img/c.png>\n';
    expect(refs(body, 3)).toEqual(['3 link /docs/faqs/', '4 image /img/a.png', '4 image /img/b.png', '4 image /img/c.png']);
  });

  it('records a video\'s poster and an object\'s data, as the page scan reads them, and no data attribute of another tag', () => {
    const body = '<video controls\n  poster="/img/poster.png" src="/img/clip.mp4"></video>\n\n<object data="/files/g.pdf" type="application/pdf"></object> <div data="/x"></div>\n';
    expect(refs(body, 3)).toEqual(['4 image /img/poster.png', '4 image /img/clip.mp4', '6 image /files/g.pdf']);
  });

  it('gives identical raw HTML links on different lines their own lines', () => {
    expect(refs('<a href="/download">下载</a>\n\n<a href="/download">下载</a>\n', 2)).toEqual(['2 link /download', '4 link /download']);
    expect(refs('Chrome 版 <a href="/download">下载</a>\nEdge 版 <a href="/download">下载</a>\n', 2)).toEqual(['2 link /download', '3 link /download']);
  });

  it('resolves raw HTML URLs as markdown links are: .md paths, site paths of the locale, the base URL', () => {
    const body = '<p>详见 <a href="./card.md#open">卡片</a></p>\n\n段落 <a class="x" href=../faqs/index.md>常见问题</a> 和 <a href="/blog?tag=a&amp;b=1">博客</a>\n';
    const result = render(body, { locale: 'en', bodyLine: 2 });
    expect(result.rendered.refs.map((r) => `${r.line} ${r.kind} ${r.url}`)).toEqual(['2 link /en/docs/guides/card#open', '4 link /en/docs/faqs/', '4 link /en/blog?tag=a&b=1']);
    expect(result.rendered.html).toContain('<p>详见 <a href="/en/docs/guides/card#open">卡片</a></p>');
    expect(result.rendered.html).toContain('<a class="x" href="/en/docs/faqs/">常见问题</a> 和 <a href="/en/blog?tag=a&amp;b=1">博客</a>');
    const images = render('<img alt="" srcset="/img/a.png 1x,/img/b.png 2x" src=\'/img/c.png\'>\n', { baseUrl: '/site/' }).rendered;
    expect(images.html).toBe('<img alt="" srcset="/site/img/a.png 1x,/site/img/b.png 2x" src="/site/img/c.png">\n');
    expect(images.refs.map((r) => r.url)).toEqual(['/site/img/a.png', '/site/img/b.png', '/site/img/c.png']);
  });

  it('strips the spaces around a raw HTML address, as a browser does, before resolving and checking it', () => {
    // Before: the spaced URLs reached the page as written, the check found them there with no line (twice, with
    // the English copy's), and a leading space kept /docs/… from becoming the English copy's /en/docs/….
    const body = '<a href=" /docs/faqs/">常见问题</a>\n\n<a href="/download\t">下载</a> <img alt="" src=" /img/a.png ">\n';
    const result = render(body, { locale: 'en', bodyLine: 2 });
    expect(result.rendered.refs.map((r) => `${r.line} ${r.kind} ${r.url}`)).toEqual(['2 link /en/docs/faqs/', '4 link /en/download', '4 image /img/a.png']);
    expect(result.rendered.html).toBe('<p><a href="/en/docs/faqs/">常见问题</a></p>\n<p><a href="/en/download">下载</a> <img alt="" src="/img/a.png"></p>\n');
  });

  it('leaves raw HTML that needs no change byte for byte as written', () => {
    const body = '<div>\n  <img src="/img/panel.png" alt="">\n  <a href=\'https://glint.example/?a=1&amp;b=2\' target=_blank>官网</a> <a href=#top>顶部</a>\n</div>\n';
    expect(render(body).rendered.html).toBe(body);
  });

  it('does not record links inside code', () => {
    expect(refs('`[x](./nope.md)`\n\n```md\n[y](./nope.md)\n```\n')).toEqual([]);
  });
});

describe('broken relative links', () => {
  it('are errors at their file line with a suggestion, left as written', () => {
    const result = render('第一段\n\n| a | b |\n|---|---|\n| [x](./crad.md) | 1 |\n', { bodyLine: 4 });
    expect(problems(result)).toEqual(['8 ./crad.md points to docs/guides/crad.md, which does not exist']);
    expect(result.diagnostics[0]).toMatchObject({ code: 'broken-link', file: 'content/zh-Hans/docs/guides/summary.md', hint: 'did you mean ./card.md?' });
    expect(result.rendered.html).toContain('<a href="./crad.md">x</a>');
  });

  it('are errors in raw HTML too, at the line of the attribute', () => {
    const result = render('<div>\n  <a href="./crad.md">卡片</a>\n</div>\n', { bodyLine: 4 });
    expect(problems(result)).toEqual(['5 ./crad.md points to docs/guides/crad.md, which does not exist']);
    expect(result.diagnostics[0]).toMatchObject({ code: 'broken-link', hint: 'did you mean ./card.md?' });
    expect(result.rendered.html).toContain('<a href="./crad.md">卡片</a>');
  });

  it('are reported for images too', () => {
    expect(problems(render('![图](./missing.md)\n', { bodyLine: 9 }))).toEqual(['9 ./missing.md points to docs/guides/missing.md, which does not exist']);
  });
});

describe('link HTML', () => {
  it('opens external links in a new tab, safely', () => {
    expect(render('[DeepL](https://www.deepl.com)\n').rendered.html).toBe(
      '<p><a href="https://www.deepl.com" target="_blank" rel="noopener noreferrer">DeepL</a></p>\n',
    );
  });

  it("keeps a link to the site's own origin in the same tab, written with either scheme, and not a look-alike host", () => {
    const html = render('[a](https://glint-translate.example/docs/x) [b](http://GLINT-translate.example/en/) [c](https://glint-translate.example) [d](https://glint-translate.example.evil.com/x)\n').rendered.html;
    expect(html).toBe(
      '<p><a href="https://glint-translate.example/docs/x">a</a> <a href="http://GLINT-translate.example/en/">b</a> <a href="https://glint-translate.example">c</a> ' +
        '<a href="https://glint-translate.example.evil.com/x" target="_blank" rel="noopener noreferrer">d</a></p>\n',
    );
  });

  it('keeps internal links in the same tab and escapes titles', () => {
    expect(render('[卡片](./card.md "卡片 & \\"面板\\"")\n').rendered.html).toBe('<p><a href="/docs/guides/card" title="卡片 &amp; &quot;面板&quot;">卡片</a></p>\n');
  });

  it('decodes the entities of a destination and a title once, as CommonMark does (not &amp;amp;, a query the server reads as amp;b)', () => {
    const { html, refs } = render('[官网](https://glint.example/?a=1&amp;b=2 "A &amp; B") ![图](/img/a.png?v=1&amp;w=2 "&lt;图&gt;") [卡片](./card.md#&#x5B89;&#x88C5;)\n').rendered;
    expect(html).toBe(
      '<p><a href="https://glint.example/?a=1&amp;b=2" title="A &amp; B" target="_blank" rel="noopener noreferrer">官网</a> ' +
        '<img src="/img/a.png?v=1&amp;w=2" alt="图" title="&lt;图&gt;" loading="lazy" decoding="async"> <a href="/docs/guides/card#安装">卡片</a></p>\n',
    );
    expect(refs.map((r) => r.url)).toEqual(['https://glint.example/?a=1&b=2', '/img/a.png?v=1&w=2', '/docs/guides/card#安装']);
  });

  it('lazy-loads images and escapes the alt text', () => {
    expect(render('![<截图> & 说明](/img/a.png)\n').rendered.html).toBe(
      '<p><img src="/img/a.png" alt="&lt;截图&gt; &amp; 说明" loading="lazy" decoding="async"></p>\n',
    );
  });

  it('gives an image the text of its description as alt, as CommonMark does: no emphasis marks, ticks or backslashes, entities decoded', () => {
    expect(render('![界面的**设置**按钮](/img/a.png)\n').rendered.html).toBe('<p><img src="/img/a.png" alt="界面的设置按钮" loading="lazy" decoding="async"></p>\n');
    expect(render('![`npm` 和 \\* 星号、*斜体*](/img/a.png)\n').rendered.html).toBe('<p><img src="/img/a.png" alt="npm 和 * 星号、斜体" loading="lazy" decoding="async"></p>\n');
    expect(render('![A &amp; B &lt;C&gt;](/img/a.png)\n').rendered.html).toBe('<p><img src="/img/a.png" alt="A &amp; B &lt;C&gt;" loading="lazy" decoding="async"></p>\n');
  });
});

describe('bare web addresses in Chinese text', () => {
  const html = (body: string) => render(body).rendered.html;
  it('end before Chinese and full-width punctuation, so the text and links after them stay as written', () => {
    const out = html('发布在 Releases 页面（https://github.com/glint-translate），安装方法与[离线安装](./card.md)相同。\n');
    expect(out).toContain('<a href="https://github.com/glint-translate" target="_blank" rel="noopener noreferrer">https://github.com/glint-translate</a>），安装方法与<a href="/docs/guides/card">离线安装</a>相同。');
    expect(html('地址是 https://example.com/a/b。后面的文字\n')).toContain('<a href="https://example.com/a/b" target="_blank" rel="noopener noreferrer">https://example.com/a/b</a>。后面的文字');
    expect(html('见 www.example.com/x.，然后\n')).toContain('<a href="http://www.example.com/x" target="_blank" rel="noopener noreferrer">www.example.com/x</a>.，然后');
    expect(html('打开“https://example.com/q?a=1”即可\n')).toContain('>https://example.com/q?a=1</a>”即可');
  });

  it('keep Chinese letters in a path, and English text as GFM reads it', () => {
    expect(html('词条 https://zh.wikipedia.org/wiki/机器翻译 很全\n')).toContain('<a href="https://zh.wikipedia.org/wiki/机器翻译"');
    expect(html('See https://example.com/a, then https://example.com/b.\n')).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">https://example.com/a</a>, then <a href="https://example.com/b" target="_blank" rel="noopener noreferrer">https://example.com/b</a>.');
  });
});
