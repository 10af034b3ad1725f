import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { scanHtml, tagTargets, type ScannedPage } from '../../../src/links/scanHtml';
import { builtSite } from '../../e2e/helpers/site';

/** The reference: the same questions asked of htmlparser2, a general HTML parser. */
function scanWithParser(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: ScannedPage['links'] = [];
  const contentDepth: number[] = [];
  let depth = 0;
  let templates = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        depth++;
        if (attrs['data-sg-html'] !== undefined) contentDepth.push(depth);
        const inContent = contentDepth.length > 0;
        // The same questions of each tag: this test holds the tokeniser, not the questions, to the parser.
        tagTargets(name, attrs, templates ? null : ids, (url, kind, frame) => url !== undefined && links.push(frame ? { url: url.trim(), kind, inContent, frame } : { url: url.trim(), kind, inContent }));
        if (name === 'template') templates++;
      },
      onclosetag(name) {
        if (name === 'template' && templates) templates--;
        if (contentDepth[contentDepth.length - 1] === depth) contentDepth.pop();
        depth--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { ids, links };
}

const TRICKY = [
  '<a href="/a">x</a><a href=\'/b\'>y</a><a href=/c>z</a><a HREF="/D">w</a>',
  '<a href="/x?a=1&amp;b=2&lt;">e</a><a href="/y&copy=1">legacy entity before =</a><a href="&#x2F;z">hex</a>',
  '<a href="/first" href="/second">dup</a><img src="/i.png" srcset="/a.png 1x,/b.png 2x, /c.png 3x">',
  '<!-- <a href="/commented"> --><a href="/after-comment">a</a><!--> <a href="/short-comment">b</a>',
  '<script>var s = "<a href=\'/in-script\'>";</script><a href="/after-script">c</a><SCRIPT src="/s.js"></SCRIPT >',
  '<style>a[href="/in-style"]{}</style><title><a href="/in-title"></title><textarea><a href="/in-textarea"></textarea>',
  '<div data-sg-html><p>in <a href="/content">c</a><div><a href="/nested">n</a></div></p></div><a href="/outside">o</a>',
  '<div data-sg-html=""><img src="/in.png"><br/><hr></div><img src="/out.png">',
  '<a title="a > b" href="/gt-in-quotes">t</a><a title=\'it"s\' href="/mixed-quotes">m</a>',
  '<a href = "/spaces" id = "sp">s</a><a id="" name="named">n</a><h2 id="h&amp;2">h</h2>',
  '<link rel="preload stylesheet" href="/style.css"><link rel="canonical" href="/canon"><iframe src="/frame"></iframe>',
  '<![CDATA[ <a href="/cdata"> ]]><!DOCTYPE html><?xml version="1.0"?><a href="/after-decl">d</a>',
  'a < b and c<d <a/href="/slash-attr">s</a></ a><a href="/after-bogus">b</a>',
  '<a href="  /trimmed  ">t</a><area href="/area"><source srcset="/s1.webp 1x, /s2.webp 2x">',
  '<a constructor="x" toString href="/proto">p</a><a href>empty</a>',
  '<DIV data-sg-html><A Href="/upper-in">i</A><Img SRC="/upper.png"></Div><a href="/upper-out">o</a><TEXTAREA><a href="/no"></TEXTAREA>',
  '<video poster="/p.png" src="/v.mp4"></video><object data="/o.svg"></object><input type="image" src="/i.png"><meta http-equiv="Refresh" content="0; URL=\'/moved/\'"><meta http-equiv="refresh" content="30"><meta name="x" content="/not-a-link">',
  '<spanx id="not-span"><Section ID="sec"><articles href="/x"><LINK REL="icon" HREF="/fav.ico"><blockquotes id="bq">',
  '<svg><use href="/s.svg#i"></use><use xlink:href="/old.svg#i"/><image XLINK:HREF="/x.png" href="/new.png"/><a xlink:href="/svg-a"><text id="t">t</text></a></svg>',
  '<form action="/send"><button formaction="/other">b</button><input type="submit" formaction="/third"></form><blockquote cite="/src"><q cite="/q">q</q></blockquote><del cite="/why">d</del>',
  '<link rel="preload" as="image" href="/a.jpg" imagesrcset="/a.jpg 1x, /a@2x.jpg 2x"><link rel="canonical" imagesrcset="/not.png 2x"><a aria-hidden="true" aria-label="x" href="/aria">a</a>',
  '<template id="tpl"><p id="inside">i</p><template><a name="deep" href="/in-template"></a></template><span id="still-inside"></span></template><p id="after">a</p>',
];

const sorted = (scan: ScannedPage) => ({ ids: [...scan.ids].sort(), links: scan.links });

describe('scanHtml', () => {
  it.each(TRICKY.map((html, i) => [i, html]))('finds what an HTML parser finds in tricky markup %i', (_i, html) => {
    expect(sorted(scanHtml(html as string))).toEqual(sorted(scanWithParser(html as string)));
  });

  it("keeps the first <base href>, the URL a page's relative links resolve from", () => {
    expect(scanHtml('<head><base target="_top"><base href=" /docs/ "><base href="/other/"></head><a href="x">x</a>').base).toBe('/docs/');
    expect(scanHtml('<template><base href="/inert/"></template><a href="x">x</a>').base).toBeUndefined();
    expect(scanHtml('<a href="x">x</a>').base).toBeUndefined();
  });

  it('finds the anchors and links of a page', () => {
    const scan = scanHtml('<main><h2 id="setup">Setup</h2><div data-sg-html><a href="/docs/x#setup">x</a></div><a href="/en/">en</a></main>');
    expect([...scan.ids]).toEqual(['setup']);
    expect(scan.links).toEqual([
      { url: '/docs/x#setup', kind: 'link', inContent: true },
      { url: '/en/', kind: 'link', inContent: false },
    ]);
  });

  it('finds embedded media as images: video and its poster, its subtitle track, audio, embed, object, image button', () => {
    const scan = scanHtml('<div data-sg-html><video src="/v.mp4" poster="/v.png" controls><track src="/v.zh.vtt" kind="subtitles"></video><audio src="/a.mp3"></audio><EMBED src="/doc.pdf"><object data="/o.svg"></object><input type="image" src="/go.png"></div>');
    expect(scan.links).toEqual(['/v.mp4', '/v.png', '/v.zh.vtt', '/a.mp3', '/doc.pdf', '/o.svg', '/go.png'].map((url) => ({ url, kind: 'image', inContent: true })));
  });

  it('finds the links of SVG (href and xlink:href), forms, cited sources and preloaded image candidates', () => {
    const scan = scanHtml('<div data-sg-html><svg><use href="/img/sprite.svg#icon"></use><image xlink:href="/img/p.png"></image><a xlink:href="/docs/x"><text>t</text></a></svg><form action="/docs/send"><button formaction="/docs/other">b</button></form><blockquote cite="/docs/source">q</blockquote></div><link rel="preload" as="image" href="/img/share.jpg" imagesrcset="/img/share@2x.jpg 2x">');
    expect(scan.links.map(({ url, kind }) => `${kind} ${url}`)).toEqual(['image /img/sprite.svg#icon', 'image /img/p.png', 'link /docs/x', 'link /docs/send', 'link /docs/other', 'link /docs/source', 'asset /img/share.jpg', 'image /img/share@2x.jpg']);
  });

  it('counts no id inside a <template> as an anchor (nothing a browser can scroll to), but still reads its links', () => {
    const scan = scanHtml('<h2 id="a">A</h2><template id="tpl"><p id="in">x</p><a name="named" href="/docs/in-template">y</a><template><b id="deeper"></b></template><i id="still-in"></i></template><p id="after">z</p>');
    expect([...scan.ids]).toEqual(['a', 'tpl', 'after']);
    expect(scan.links.map((l) => l.url)).toEqual(['/docs/in-template']);
  });

  it("finds a refresh's target as a link, however its content is written, and nothing in a plain reload", () => {
    const targets = (content: string) => scanHtml(`<meta http-equiv="refresh" content="${content}">`).links.map((l) => l.url);
    expect(targets('0; url=/new/')).toEqual(['/new/']);
    expect(targets("5;URL='/quoted/'")).toEqual(['/quoted/']);
    expect(targets('0, url = /comma/')).toEqual(['/comma/']);
    expect(targets('1; /bare/')).toEqual(['/bare/']);
    expect(targets('30')).toEqual([]);
    expect(scanHtml('<meta name="description" content="/docs/x">').links).toEqual([]);
  });

  it('agrees with an HTML parser on every page of the bundled site', () => {
    const root = builtSite();
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith('.html')) pages.push(join(dir, entry.name));
      }
    };
    walk(root);
    expect(pages.length).toBeGreaterThan(200);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      expect(sorted(scanHtml(html)), page).toEqual(sorted(scanWithParser(html)));
    }
  }, 240_000);
});
