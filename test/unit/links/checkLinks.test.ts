import { describe, expect, it } from 'vitest';
import { checkLinks, createLinkCheckMemo, isLinkState, normalisePath, type CheckedPage, type HtmlPage, type LinkState } from '../../../src/links/checkLinks.js';
import { scanHtml } from '../../../src/links/scanHtml.js';
import { parseSrcset } from '../../../src/links/scanHtml.js';
import { closestMatch } from '../../../src/diagnostics.js';

const page = (path: string, body: string, source = `content${path}.md`): HtmlPage => ({
  path,
  html: `<html><body><nav><a href="/">home</a></nav><div data-sg-html="c">${body}</div></body></html>`,
  source,
  refs: [],
});
const check = (pages: CheckedPage[], files: string[] = []) =>
  checkLinks(pages, {
    config: { url: 'https://site.example', baseUrl: '/' },
    files: new Set(files),
    severity: { links: 'error', images: 'error', anchors: 'warn' },
    layoutSource: 'theme',
  }).map((d) => `${d.severity}[${d.code}] ${d.message}${d.hint ? ` | ${d.hint}` : ''}`);

describe('checkLinks (in memory)', () => {
  it('keeps its close-match hints in a store and answers from it while the pages are the same', () => {
    const pages = () => [page('/docs/a', '<a href="/docs/setting">x</a><a href="/docs/settings#instal">y</a>'), page('/docs/settings', '<h2 id="install">i</h2>'), page('/', '')];
    const stored = new Map<string, string>();
    const hints = { get: (key: string) => stored.get(key), set: (key: string, value: string) => void stored.set(key, value) };
    const run = (list: CheckedPage[]) =>
      checkLinks(list, { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme', hints }).map((d) => d.hint);
    expect(run(pages())).toEqual(['did you mean /docs/settings?', 'did you mean #install?']);
    expect(stored.size).toBe(2);
    // A stored answer is used as it is (here one planted by hand), for the same target and candidates.
    for (const key of stored.keys()) stored.set(key, stored.get(key)!.startsWith('/') ? '/docs/elsewhere' : '');
    expect(run(pages())).toEqual(['did you mean /docs/elsewhere?', undefined]);
    // Another set of pages is another question for a broken link; the anchor's page has the same ids.
    expect(run([...pages(), page('/docs/settingz', '')])).toEqual(['did you mean /docs/settings?', undefined]);
  });

  it('hints the one page of the same name elsewhere in its section, when no address is near: a doc of another docs version, a page moved into a folder', () => {
    const pages = [page('/docs/a', '<a href="/docs/only-next">x</a><a href="/docs/setup">y</a><a href="/docs/twice">z</a>'), page('/docs/next/only-next', ''), page('/docs/guides/start/setup', ''), page('/docs/1/twice', ''), page('/docs/2/twice', ''), page('/blog/only-next', ''), page('/', '')];
    expect(check(pages)).toEqual([
      'error[broken-link] link /docs/only-next does not exist | did you mean /docs/next/only-next?',
      'error[broken-link] link /docs/setup does not exist | did you mean /docs/guides/start/setup?',
      // Two of that name: neither is the one meant more than the other, and the nearest address is named.
      'error[broken-link] link /docs/twice does not exist | did you mean /docs/1/twice?',
    ]);
  });

  it("hints a page of the link's own language, never the same page in another", () => {
    const locales = [{ code: 'zh-Hans', path: '' }, { code: 'en', path: 'en' }] as never;
    const out = checkLinks([page('/docs/a', '<a href="/docs/faqs/proxy">x</a><a href="/en/docs/faqs/proxyy">y</a>'), page('/en/docs/faqs/proxy', ''), page('/docs/faqs/proxies', ''), page('/', '')], {
      config: { url: 'https://site.example', baseUrl: '/', locales },
      files: new Set(),
      severity: { links: 'error', images: 'error', anchors: 'warn' },
      layoutSource: 'theme',
    }).map((d) => d.hint);
    expect(out).toEqual(['did you mean /docs/faqs/proxies?', 'did you mean /en/docs/faqs/proxy?']);
  });

  it('reports the same broken URL at each of its lines, once for a page and its fallback copy', () => {
    const refs = [6, 8, 10].map((line) => ({ line, kind: 'link' as const, url: '/docs/gone' }));
    const body = '<a href="/docs/gone">1</a><a href="/docs/gone">2</a><a href="/docs/gone">3</a>';
    const own = { ...page('/docs/a', body, 'content/zh-Hans/docs/a.md'), refs };
    const fallback = { ...page('/en/docs/a', body, 'content/zh-Hans/docs/a.md'), refs };
    const lines = checkLinks([own, fallback, page('/', ''), page('/en/', '')], { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' }).map((d) => `${d.file}:${d.line}`);
    expect(lines.sort()).toEqual(['content/zh-Hans/docs/a.md:10', 'content/zh-Hans/docs/a.md:6', 'content/zh-Hans/docs/a.md:8']);
  });

  it('warns of images, media, frames and scripts loaded by http:// on an https:// site (mixed content), not of links', () => {
    const body = '<iframe src="http://video.example/embed/1"></iframe><img src="http://cdn.example/a.png"><img src="https://cdn.example/b.png"><video src="http://media.example/v.mp4" poster="/img/p.png"></video><a href="http://other.example/page">a page</a><img src="http://site.example/img/own.png">';
    const html = `<html><head><script src="http://cdn.example/x.js"></script></head><body><div data-sg-html="c">${body}</div></body></html>`;
    expect(check([{ path: '/docs/a', html, source: 'content/docs/a.md', refs: [] }, page('/', '')], ['/img/p.png', '/img/own.png'])).toEqual([
      'warning[mixed-content] frame http://video.example/embed/1 is loaded by http:// on an https:// site: browsers block it (mixed content) | write https:// if its server answers there',
      'warning[mixed-content] image http://cdn.example/a.png is loaded by http:// on an https:// site: browsers ask for it by https:// instead, and show nothing if that fails (mixed content) | write https:// if its server answers there, or copy the file into content/static/',
      'warning[mixed-content] media http://media.example/v.mp4 is loaded by http:// on an https:// site: browsers ask for it by https:// instead, and show nothing if that fails (mixed content) | write https:// if its server answers there, or copy the file into content/static/',
      'warning[mixed-content] image http://site.example/img/own.png is loaded by http:// on an https:// site: browsers ask for it by https:// instead, and show nothing if that fails (mixed content) | write it as a site path: /img/own.png',
      'warning[mixed-content] file http://cdn.example/x.js is loaded by http:// on an https:// site: browsers block it (mixed content) (on /docs/a) | write https:// if its server answers there, or copy the file into content/static/',
    ]);
    // The site's own file written http:// is checked as the site path it is: missing, it is a broken image.
    const missing = check([{ path: '/docs/a', html: '<html><body><div data-sg-html="c"><img src="http://site.example/img/gone.png"></div></body></html>', source: 'content/docs/a.md', refs: [] }, page('/', '')]);
    expect(missing.map((line) => line.split(' ')[0])).toEqual(['error[broken-image]']);
    // A site served by http:// has no mixed content.
    const plain = checkLinks([{ path: '/docs/a', html, source: 'content/docs/a.md', refs: [] }, page('/', '')], { config: { url: 'http://site.example', baseUrl: '/' }, files: new Set(['/img/p.png', '/img/own.png']), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' });
    expect(plain).toEqual([]);
  });

  it("checks a link to the site's own origin written absolute, by either scheme, as the site path it is", () => {
    const source = page('/docs/a', '<a href="http://site.example/docs/zzzzzzzz">1</a><a href="https://SITE.example/docs/gone2#x">2</a><a href="http://site.example/docs/b">ok</a><a href="http://other.example/docs/gone">ext</a>');
    expect(check([source, page('/docs/b', ''), page('/', '')])).toEqual([
      'error[broken-link] link http://site.example/docs/zzzzzzzz points to /docs/zzzzzzzz, which does not exist',
      'error[broken-link] link https://SITE.example/docs/gone2#x points to /docs/gone2, which does not exist',
    ]);
  });

  it('accepts every id form of the target and every spelling of its path', () => {
    const target = page('/docs/b', '<h2 id="你好-world">x</h2><span id="raw"></span><a name="old"></a>');
    const links = ['/docs/b#%E4%BD%A0%E5%A5%BD-world', '/docs/b/#你好-world', '/docs/b/index.html#raw', 'b#old', '#top', '#', '//other.example/x', 'https://site.example/docs/b#raw', 'mailto:a@b.c'];
    const source = page('/docs/a', links.map((l) => `<a href="${l}">x</a>`).join(''));
    expect(check([source, target, page('/', '')])).toEqual([]);
  });

  it('reports broken links, images, srcset candidates and anchors with a close-match hint', () => {
    const pages = [
      page('/docs/a', '<a href="/docs/setting">x</a><img src="/img/no.png"><img srcset="/img/ok.png 1x, /img/no@2x.png 2x"><a href="/docs/settings#instal">y</a>'),
      page('/docs/settings', '<h2 id="install">i</h2>'),
      page('/', ''),
    ];
    expect(check(pages, ['/img/ok.png'])).toEqual([
      'error[broken-link] link /docs/setting does not exist | did you mean /docs/settings?',
      'error[broken-image] image /img/no.png does not exist | did you mean /img/ok.png?',
      'error[broken-image] image /img/no@2x.png does not exist | did you mean /img/ok.png?',
      'warning[broken-anchor] anchor #instal does not exist on /docs/settings | did you mean #install?',
    ]);
  });

  it('reports a layout link broken on every page once, with the count', () => {
    const layout = (path: string): CheckedPage => ({ ...page(path, ''), html: `<nav><a href="/docs/gone">x</a></nav><div data-sg-html="c"></div>` });
    const out = check([layout('/'), layout('/docs/a'), layout('/docs/b')]);
    expect(out).toEqual(['error[broken-link] link /docs/gone does not exist (on 3 pages, e.g. /: from the layout?) | did you mean /docs/a?']);
  });

  it('normalises trailing slashes and index.html', () => {
    expect(['/a/b/', '/a/b/index.html', '/a/b'].map(normalisePath)).toEqual(['/a/b', '/a/b', '/a/b']);
    expect(normalisePath('/index.html')).toBe('/');
    expect(parseSrcset('a.png 1x, b.png 2x,c.png')).toEqual(['a.png', 'b.png', 'c.png']);
    expect(parseSrcset('a.png 1x,b.png 2x')).toEqual(['a.png', 'b.png']);
    expect(parseSrcset(' a,b.png 100w , c.png,d.png')).toEqual(['a,b.png', 'c.png,d.png']); // a URL runs to whitespace, as browsers read it
  });
});

describe('closestMatch', () => {
  it('finds the nearest candidate within the distance limit, or nothing', () => {
    expect(closestMatch('/docs/setting', ['/docs/settings', '/docs/other', '/blog'])).toBe('/docs/settings');
    expect(closestMatch('/docs/en-only', ['/en/docs/en-only', '/docs/a'])).toBe('/en/docs/en-only');
    expect(closestMatch('/zzzzzzzz', ['/docs/a', '/docs/b'])).toBeNull();
    expect(closestMatch('kitten', ['sitting', 'mitten'])).toBe('mitten');
  });

  it('judges a shared block once and reports its broken links as on every page that has it, like inline links', () => {
    const block = scanHtml('<ul><li><a href="/blog/one">1</a></li><li><a href="/blog/gone">2</a></li><li><a href="/blog/one#nope">3</a></li></ul>').links;
    const post = (path: string): CheckedPage => ({ path, source: `content${path}.md`, refs: [], scan: { ids: new Set(), links: [] }, shared: [block, block] });
    const inline = (path: string): HtmlPage => page(path, '');
    const withBlock = [post('/blog/one'), post('/blog/two'), post('/blog/three')];
    // The same pages with the block's markup inline, twice (desktop column and mobile panel).
    const markup = '<ul><li><a href="/blog/one">1</a></li><li><a href="/blog/gone">2</a></li><li><a href="/blog/one#nope">3</a></li></ul>'.repeat(2);
    const withMarkup = ['/blog/one', '/blog/two', '/blog/three'].map((path) => ({ ...inline(path), html: `<html><body><nav>${markup}</nav></body></html>` }));
    const shared = check(withBlock);
    expect(shared).toEqual(check(withMarkup));
    expect(shared).toEqual([
      // Three pages, each with the block twice: three pages.
      'error[broken-link] link /blog/gone does not exist (on 3 pages, e.g. /blog/one: from the layout?) | did you mean /blog/one?',
      'warning[broken-anchor] anchor #nope does not exist on /blog/one (on 3 pages, e.g. /blog/one: from the layout?)',
    ]);
  });

  it('with a stored state (a warm build), reads no unchanged page\'s links while the facts hold, and gives what a full check gives after every kind of change', () => {
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' } as const;
    let state: LinkState | null = null;
    let loads: string[] = [];
    // Each page as a build hands it over: scanned when it rendered, or only its ids when the last
    // build checked it under the same tag (its HTML is the tag here).
    const run = (pages: HtmlPage[], files: string[] = []) => {
      const checked = pages.map((p): CheckedPage => {
        const scan = scanHtml(p.html);
        const known = state?.pages[normalisePath(p.path)];
        if (known?.[0] !== p.html) return { ...p, html: undefined, scan, tag: p.html };
        return { ...p, html: undefined, tag: p.html, scan: { ids: new Set(known[1]), links: null }, load: () => (loads.push(p.path), { links: scan.links, shared: [] }) };
      });
      loads = [];
      let stored = -1;
      const found = checkLinks(checked, { ...options, files: new Set(files) }, undefined, { previous: state, save: (next, count) => ((state = JSON.parse(JSON.stringify(next))), (stored = count)) });
      expect(isLinkState(state)).toBe(true);
      expect(found).toEqual(checkLinks(pages, { ...options, files: new Set(files) }));
      return { messages: found.map((d) => d.message), loads: [...loads], stored };
    };
    const a = page('/docs/a', '<a href="/docs/b#one">x</a><a href="/docs/c">y</a><img src="/img/x.png">');
    const b = page('/docs/b', '<h2 id="one">1</h2><span id="__proto__"></span>');
    const home = page('/', '');
    expect(run([a, b, home], ['/img/x.png'])).toEqual({ messages: ['link /docs/c does not exist'], loads: [], stored: 0 });
    // Nothing changed: every page takes its stored problems, no links are read.
    expect(run([a, b, home], ['/img/x.png'])).toEqual({ messages: ['link /docs/c does not exist'], loads: [], stored: 3 });
    // The home page changes: the facts still hold.
    const home2 = page('/', '<a href="/docs/b">b</a>');
    expect(run([a, b, home2], ['/img/x.png'])).toEqual({ messages: ['link /docs/c does not exist'], loads: [], stored: 2 });
    // A page appears: the broken link's "did you mean" was picked from every page, so all are checked again.
    const other = page('/docs/other', '');
    expect(run([a, b, home2, other], ['/img/x.png'])).toEqual({ messages: ['link /docs/c does not exist'], loads: ['/docs/a', '/docs/b', '/'], stored: 0 });
    // The page a broken link pointed to appears: every stored page is checked again.
    const c = page('/docs/c', '');
    expect(run([a, b, home2, other, c], ['/img/x.png'])).toEqual({ messages: [], loads: ['/docs/a', '/docs/b', '/', '/docs/other'], stored: 0 });
    // b changes but keeps the id a links to: a keeps its verdicts. Then b loses it.
    const b2 = page('/docs/b', '<h2 id="one">1</h2><p>more</p><span id="__proto__"></span>');
    expect(run([a, b2, home2, other, c], ['/img/x.png'])).toMatchObject({ messages: [], loads: [], stored: 4 });
    const b3 = page('/docs/b', '<h2 id="two">2</h2><span id="__proto__"></span>');
    expect(run([a, b3, home2, other, c], ['/img/x.png'])).toMatchObject({ messages: ['anchor #one does not exist on /docs/b'], loads: ['/docs/a', '/', '/docs/other', '/docs/c'] });
    // A file a page shows is deleted; then a page is removed that a broken link's hint was chosen from.
    expect(run([a, b3, home2, other, c], [])).toMatchObject({ messages: ['anchor #one does not exist on /docs/b', 'image /img/x.png does not exist'], stored: 0 });
    // (A page nobody links to appears while no link is broken: the facts hold.)
    const d = page('/docs/d', '<a href="/docs/othr">o</a>');
    expect(run([a, b3, home2, other, c, d], [])).toMatchObject({ stored: 5 });
    expect(run([a, b3, home2, c, d], []).messages).toContain('link /docs/othr does not exist');
    // An id named like an object's prototype is a fact like any other.
    const a2 = page('/docs/a', '<a href="/docs/b#__proto__">x</a>');
    expect(run([a2, b3, home2, c], [])).toMatchObject({ messages: [] });
    expect(run([a2, page('/docs/b', ''), home2, c], [])).toMatchObject({ messages: ['anchor #__proto__ does not exist on /docs/b'], stored: 0 });
  });

  it("with a stored state, a broken image's hint follows the site's images: one added nearer is named, as a full check names it", () => {
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' } as const;
    let state: LinkState | null = null;
    const a = page('/docs/a', '<img src="/img/zzzz-layout.svg">');
    const home = page('/', '');
    const run = (files: string[]) => {
      const scan = scanHtml(a.html);
      const known = state?.pages[normalisePath(a.path)];
      const checked: CheckedPage = known?.[0] === a.html ? { ...a, html: undefined, tag: a.html, scan: { ids: new Set(known[1]), links: null }, load: () => ({ links: scan.links, shared: [] }) } : { ...a, html: undefined, scan, tag: a.html };
      const found = checkLinks([checked, home], { ...options, files: new Set(files) }, undefined, { previous: state, save: (next) => (state = JSON.parse(JSON.stringify(next))) });
      expect(isLinkState(state)).toBe(true);
      expect(found).toEqual(checkLinks([a, home], { ...options, files: new Set(files) }));
      return found.map((d) => `${d.message}${d.hint ? ` | ${d.hint}` : ''}`);
    };
    expect(run(['/img/logo.svg'])).toEqual(['image /img/zzzz-layout.svg does not exist']);
    expect(run(['/img/logo.svg', '/img/zzzz-layout.png'])).toEqual(['image /img/zzzz-layout.svg does not exist | did you mean /img/zzzz-layout.png?']);
    // And the nearest one is replaced by one nearer still.
    expect(run(['/img/logo.svg', '/img/zzzz-layout.png', '/img/zzz-layout.svg'])).toEqual(['image /img/zzzz-layout.svg does not exist | did you mean /img/zzz-layout.svg?']);
  });

  it("with a stored state or a memo, a link to a partial names the partial's file as it is now (steps.md renamed steps.mdx), as a full check names it", () => {
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set<string>(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' } as const;
    let state: LinkState | null = null;
    const memo = createLinkCheckMemo();
    let file = 'content/zh-Hans/docs/_shared/steps.md';
    const unpublished = (path: string) => (path === '/docs/_shared/steps' ? file : null);
    const a = page('/docs/a', '<a href="/docs/_shared/steps">steps</a>');
    const home = page('/', '');
    const run = () => {
      const checked = [a, home].map((p): CheckedPage => {
        const scan = scanHtml(p.html);
        const known = state?.pages[normalisePath(p.path)];
        return known?.[0] === p.html ? { ...p, html: undefined, tag: p.html, scan: { ids: new Set(known[1]), links: null }, load: () => ({ links: scan.links, shared: [] }) } : { ...p, html: undefined, scan, tag: p.html };
      });
      const full = checkLinks([a, home], { ...options, unpublished });
      expect(checkLinks(checked, { ...options, unpublished }, undefined, { previous: state, save: (next) => (state = JSON.parse(JSON.stringify(next))) })).toEqual(full);
      expect(checkLinks([a, home].map((p) => ({ ...p, scan: scanHtml(p.html) })), { ...options, unpublished }, memo)).toEqual(full);
      return full.map((d) => d.message.split(' is there')[0]);
    };
    expect(run()).toEqual(['link /docs/_shared/steps is not published: content/zh-Hans/docs/_shared/steps.md']);
    file = 'content/zh-Hans/docs/_shared/steps.mdx';
    expect(run()).toEqual(['link /docs/_shared/steps is not published: content/zh-Hans/docs/_shared/steps.mdx']);
  });

  it('with a stored state, a page with mixed content takes its stored warning like any other problem (the state is not thrown away)', () => {
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set<string>(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' } as const;
    let state: LinkState | null = null;
    const a = page('/docs/a', '<img src="http://cdn.example/a.png"><iframe src="http://video.example/1"></iframe>');
    const home = page('/', '');
    const run = () => {
      let stored = -1;
      const checked = [a, home].map((p): CheckedPage => {
        const scan = scanHtml(p.html);
        const known = state?.pages[normalisePath(p.path)];
        return known?.[0] === p.html ? { ...p, html: undefined, tag: p.html, scan: { ids: new Set(known[1]), links: null }, load: () => ({ links: scan.links, shared: [] }) } : { ...p, html: undefined, scan, tag: p.html };
      });
      const found = checkLinks(checked, options, undefined, { previous: state, save: (next, count) => ((state = JSON.parse(JSON.stringify(next))), (stored = count)) });
      expect(isLinkState(state)).toBe(true);
      expect(found).toEqual(checkLinks([a, home], options));
      return { codes: found.map((d) => d.code), stored };
    };
    expect(run()).toEqual({ codes: ['mixed-content', 'mixed-content'], stored: 0 });
    expect(run()).toEqual({ codes: ['mixed-content', 'mixed-content'], stored: 2 });
  });

  it('with a memo (dev server), reuses unchanged pages and gives what a full check gives after every kind of change', () => {
    const scanned = (p: HtmlPage): CheckedPage => ({ ...p, scan: scanHtml(p.html) });
    const a = scanned(page('/docs/a', '<a href="/docs/b#one">x</a><a href="/docs/c">y</a>'));
    const b = scanned(page('/docs/b', '<h2 id="one">1</h2>'));
    const home = scanned(page('/', ''));
    const memo = createLinkCheckMemo();
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set<string>(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme' } as const;
    const run = (pages: CheckedPage[], files: string[] = []) => {
      const withMemo = checkLinks(pages, { ...options, files: new Set(files) }, memo);
      expect(withMemo).toEqual(checkLinks(pages, { ...options, files: new Set(files) }));
      return withMemo.map((d) => d.message);
    };
    expect(run([a, b, home])).toEqual(['link /docs/c does not exist']);
    // The same page objects again: nothing is judged anew, the answer is the same.
    expect(run([{ ...a }, { ...b }, { ...home }])).toEqual(['link /docs/c does not exist']);
    // A target page loses the id a link points to.
    const b2 = scanned(page('/docs/b', '<h2 id="two">2</h2>'));
    expect(run([a, b2, home])).toEqual(['anchor #one does not exist on /docs/b', 'link /docs/c does not exist']);
    // The missing page appears; then the linking page changes its links.
    const c = scanned(page('/docs/c', ''));
    expect(run([a, b2, home, c])).toEqual(['anchor #one does not exist on /docs/b']);
    const a2 = scanned(page('/docs/a', '<img src="/img/x.png">'));
    expect(run([a2, b2, home, c])).toEqual(['image /img/x.png does not exist']);
    // A file appears.
    expect(run([a2, b2, home, c], ['/img/x.png'])).toEqual([]);
  });

  it('with a memo (dev server), tells a file in a _ folder not published while it is there, and missing once it is gone', () => {
    const a = { ...page('/docs/a', '<img src="/docs/_img/x.png"><img src="/docs/img/y.png">'), scan: scanHtml(page('/docs/a', '<img src="/docs/_img/x.png"><img src="/docs/img/y.png">').html) };
    const home = { ...page('/', ''), scan: scanHtml(page('/', '').html) };
    const there = new Set(['/docs/_img/x.png', '/docs/img/y.png']);
    const memo = createLinkCheckMemo();
    const asked: string[] = [];
    const options = { config: { url: 'https://site.example', baseUrl: '/' }, files: new Set<string>(), severity: { links: 'error', images: 'error', anchors: 'warn' }, layoutSource: 'theme', unpublished: (path: string) => (asked.push(path), there.has(path) ? `content/zh-Hans${path}` : null) } as const;
    const run = () => checkLinks([a, home], options, memo).map((d) => d.message);
    expect(run()).toEqual(['image /docs/_img/x.png is not published: content/zh-Hans/docs/_img/x.png is there, but in a folder named with _ (_img/): such folders hold partials, which are not published', 'image /docs/img/y.png does not exist']);
    // Only a path with a _ segment is looked up.
    expect(asked).toEqual(['/docs/_img/x.png']);
    there.delete('/docs/_img/x.png');
    expect(run()).toEqual(['image /docs/_img/x.png does not exist', 'image /docs/img/y.png does not exist']);
  });
});
