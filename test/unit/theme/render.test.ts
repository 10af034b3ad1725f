// Renders the theme to HTML the way the generator does (react-dom/server), for every page kind.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClientRoute, SidebarItem, SiteData } from '../../../src/types.js';
import { App, headScript, pageIds, routeTitles, sharedBlocks } from '../../../theme/server.js';
import { fillSharedBlocks, sharedBlockSet } from '../../../src/render/sharedBlocks.js';
import { sharedBlockMarker } from '../../../src/render/sharedMarker.js';
import { scanHtml } from '../../../src/links/scanHtml.js';
import { DOC_DATA, EN, POST, SIDEBAR, ZH, route, siteData } from './fixtures.js';

const render = (site: SiteData, r: ClientRoute) => renderToString(createElement(App, { site, route: r }));
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('App', () => {
  const site = siteData(EN);

  it('renders the chrome: skip link first, announcement, navbar, main landmark, footer', () => {
    const html = render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '<p>Body</p>' }));
    expect(html.indexOf('class="skip-link"')).toBeLessThan(html.indexOf('class="announcement"'));
    expect(html).toContain('href="#__main"');
    expect(count(html, '<main id="__main"')).toBe(1);
    expect(html).toContain('<header class="navbar">');
    expect(html).toContain('<footer class="footer">');
    // The announcement's display reads the custom property the head script sets for a dismissed id.
    expect(html).toContain('display:var(--sg-ann-release-11-6-1, flex)');
    expect(html).toContain('Since 2013 · 12 years of history');
    expect(html).toContain('Latest version 11.6.1');
  });

  it('lists in pageIds every fixed id it puts on a page, so that a heading taking one is told (React\'s useId ids aside)', () => {
    const html = render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '<p>Body</p>' }));
    const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]).filter((id) => !/[«:]/.test(id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !Object.hasOwn(pageIds, id))).toEqual([]);
    expect(Object.keys(pageIds).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('puts the search bar at the end of the navbar, or beside the brand with search.searchBarPosition left', () => {
    const r = route('/en/docs/faqs/safe', DOC_DATA, { content: '' });
    const right = render(site, r);
    expect(right).not.toContain('navbar-search-left');
    expect(right.indexOf('class="navbar-end"')).toBeLessThan(right.indexOf('role="search"'));
    const left = render({ ...site, search: { ...site.search, searchBarPosition: 'left' } }, r);
    expect(left.indexOf('class="navbar-brand"')).toBeLessThan(left.indexOf('class="navbar-search-left"'));
    expect(left.indexOf('role="search"')).toBeGreaterThan(left.indexOf('class="navbar-search-left"'));
    expect(left.indexOf('role="search"')).toBeLessThan(left.indexOf('class="navbar-end"'));
    expect(count(left, 'role="search"')).toBe(count(right, 'role="search"'));
  });

  it('marks the navbar entry of the current section', () => {
    const html = render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '' }));
    // The current section, not the current page: that is the sidebar's link to /en/docs/faqs/safe.
    expect(html).toMatch(/<a class="navbar-link active" href="\/en\/docs\/faqs\/" aria-current="true">FAQ<\/a>/);
    expect(count(html, 'navbar-link active')).toBe(1);
  });

  it('renders a docs page: sidebar, breadcrumbs, content block, TOC, footer, prev/next', () => {
    const html = render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '<h2 id="data-flow">Where</h2>' }, 'Is it safe?'));
    // Content exactly once, in its data-sg-html block.
    expect(count(html, 'data-sg-html="content"')).toBe(1);
    expect(html).toContain('<div class="markdown" data-sg-html="content"><h2 id="data-flow">Where</h2></div>');
    // Sidebar: current page marked, its category open, the other closed.
    expect(html).toMatch(/<a class="menu-link active" href="\/en\/docs\/faqs\/safe" aria-current="page">Safety<\/a>/);
    expect(html).toMatch(/<details class="menu-category" open=""><summary class="menu-link menu-category-label has-active"><span>Browser<\/span>/);
    expect(html).toMatch(/<details class="menu-category"><summary class="menu-link menu-category-label"><span>Services<\/span>/);
    // Breadcrumbs: home, a category without a page, the current page.
    expect(html).toContain('<span class="breadcrumbs-current" aria-current="page">Safety</span>');
    expect(html).toContain('<span>Browser</span></li>');
    // TOC nests h3 under h2.
    expect(html).toMatch(/href="#data-flow">Where your data goes<\/a><ul class="toc-list"><li><a class="toc-link" href="#selections">/);
    expect(html).toContain('<h1 class="page-title">Is it safe?</h1>');
    expect(html).toContain('Last updated on <time dateTime="2025-03-07T10:00:00+08:00">March 7, 2025</time>');
    expect(html).toContain('href="https://github.com/example/website/edit/main/content/en/docs/faqs/safe.md"');
    expect(html).toContain('rel="prev"');
    expect(html).toContain('rel="next"');
    expect(html).not.toContain('untranslated-notice');
  });

  it("puts a sidebar item's className on its <li> (links and categories, in both places), and says who made the last update in each locale", () => {
    const dressed: SidebarItem[] = [{ ...SIDEBAR[0]!, className: 'new beta', customProps: { badge: 'new' } }, { ...SIDEBAR[1]!, className: 'browsers' }, { type: 'category', label: 'Own', collapsed: true, href: '/en/docs/own', docId: 'own', className: 'own-cat', items: [] }, SIDEBAR[2]!];
    const html = render(site, route('/en/docs/faqs/safe', { ...DOC_DATA, sidebarItems: dressed, lastUpdatedBy: 'Jane Doe' }, { content: '' }));
    expect(count(html, '<li class="menu-item new beta"><a class="menu-link" href="/en/docs/faqs/">FAQ overview</a></li>')).toBe(2); // desktop column and mobile panel
    expect(count(html, '<li class="menu-item browsers"><details class="menu-category" open="">')).toBe(2);
    expect(count(html, '<li class="menu-item menu-category-linked own-cat"><a class="menu-link menu-category-link" href="/en/docs/own">Own</a>')).toBe(2);
    // Custom props are the theme's to read: the default theme shows none of them.
    expect(html).not.toContain('badge');
    expect(html).toContain('Last updated on <time dateTime="2025-03-07T10:00:00+08:00">March 7, 2025</time> by Jane Doe</span>');
    const zh = render(siteData(ZH), route('/docs/faqs/safe', { ...DOC_DATA, lastUpdatedBy: '张三' }, { content: '' }));
    expect(zh).toContain('最后由张三更新于 <time dateTime="2025-03-07T10:00:00+08:00">2025 年 3 月 7 日</time>');
    // Filled in from the shared blocks, the same markup.
    const set = sharedBlockSet(sharedBlocks(site, { faqs: dressed }));
    const marked = renderToString(createElement(App, { site, route: route('/en/docs/faqs/', { ...DOC_DATA, docId: 'faqs/index', sidebarItems: dressed }, { content: '' }), shared: sharedBlockMarker }));
    expect(count(fillSharedBlocks(marked, set, '/en/docs/faqs/').html, '<li class="menu-item new beta"><a class="menu-link active" href="/en/docs/faqs/" aria-current="page">FAQ overview</a></li>')).toBe(2);
  });

  it('shows the untranslated notice and formats dates in Chinese', () => {
    const zh = siteData(ZH);
    const html = render(zh, route('/docs/faqs/safe', { ...DOC_DATA, untranslated: true }, { content: '' }));
    expect(html).toContain('untranslated-notice');
    // A Chinese label ends with a full-width colon, with no space after it.
    expect(html).toContain('<strong>尚未翻译：</strong>此页面还没有');
    expect(html).toContain('最后更新于 <time dateTime="2025-03-07T10:00:00+08:00">2025 年 3 月 7 日</time>');
    expect(html).toContain('跳到主要内容');
  });

  it("marks a fallback copy's own text with the default locale's language, and leaves the page's interface in its own", () => {
    const doc = render(site, route('/en/docs/faqs/safe', { ...DOC_DATA, untranslated: true }, { content: '<p>正文</p>' }, '安全吗？'));
    expect(doc).toContain('<h1 class="page-title" lang="zh-CN">安全吗？</h1>');
    expect(doc).toContain('<div class="markdown" lang="zh-CN" data-sg-html="content"><p>正文</p></div>');
    expect(count(doc, '<ul class="toc-list" lang="zh-CN">')).toBe(2);
    expect(doc).toMatch(/<p class="toc-title">On this page<\/p>/);
    expect(doc).not.toMatch(/class="(untranslated-notice|breadcrumbs|page-content-inner)[^"]*"[^>]* lang=/);
    const translated = render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '' }));
    expect(translated).toContain('<div class="markdown" data-sg-html="content">');
    expect(translated).not.toMatch(/class="(page-title|toc-list)" lang=/);
    const post = render(site, route('/en/blog/2025/11/04/v12-beta', { kind: 'post', post: { ...POST, untranslated: true }, toc: [{ depth: 2, text: '新功能', id: 'new' }], prev: null, next: null }, { content: '<p>正文</p>' }, '第 12 版测试'));
    expect(post).toContain('<h1 class="page-title" lang="zh-CN">第 12 版测试</h1>');
    expect(post).toContain('<div class="markdown" lang="zh-CN" data-sg-html="content">');
    const list = render(site, route('/en/blog', { kind: 'blogList', heading: 'Announcements', posts: [{ ...POST, untranslated: true, excerptKey: 'excerpt-0' }, POST], pagination: { page: 1, totalPages: 1, prev: null, next: null }, tag: null }, { 'excerpt-0': '<p>摘要</p>' }));
    expect(count(list, '<h2 class="post-card-title" lang="zh-CN">')).toBe(1);
    expect(count(list, '<h2 class="post-card-title">')).toBe(1);
    expect(list).toContain('<div class="markdown post-excerpt" lang="zh-CN" data-sg-html="excerpt-0"><p>摘要</p></div>');
  });

  it("names the languages an untranslated page is in and lacks by the site's locales, never English and Chinese as given", () => {
    const notice = (html: string) => /<div class="notice untranslated-notice"[^>]*>(.*?)<\/div>/.exec(html)![1].replace(/<[^>]+>/g, '');
    const badge = (html: string) => /<span class="post-untranslated">([^<]*)<\/span>/.exec(html)![1];
    const doc = (s: SiteData, path: string) => render(s, route(path, { ...DOC_DATA, untranslated: true }, { content: '<p>x</p>' }));
    const post = (s: SiteData, path: string) => render(s, route(path, { kind: 'post', post: { ...POST, untranslated: true }, toc: [], prev: null, next: null }, { content: '<p>x</p>' }));
    // The bundled site: Chinese originals on the English pages.
    expect(notice(doc(site, '/en/docs/faqs/safe'))).toBe('Not translated yet. This page has not been translated into English yet, so the Chinese original is shown.');
    expect(badge(post(site, '/en/blog/2025/11/04/v12-beta'))).toBe('Chinese only');
    // English the default locale: the Chinese pages' copies are English originals, not "Chinese only".
    const zhOfEnglish: SiteData = { ...siteData(ZH), locales: [{ ...EN, path: '' }, { ...ZH, path: 'zh' }], defaultLocale: 'en' };
    expect(badge(post(zhOfEnglish, '/zh/blog/2025/11/04/v12-beta'))).toBe('仅英文');
    expect(notice(doc(zhOfEnglish, '/zh/docs/faqs/safe'))).toBe('尚未翻译：此页面还没有中文译文，显示的是英文原文。');
    // A third locale the theme has no texts for shows the English ones: its pages are not "translated into English".
    const JA = { code: 'ja', label: '日本語', direction: 'ltr' as const, htmlLang: 'ja', path: 'ja', ogLocale: 'ja_JP' };
    const ja: SiteData = { ...siteData(EN), locale: JA, locales: [ZH, EN, JA] };
    expect(notice(doc(ja, '/ja/docs/faqs/safe'))).toBe('Not translated yet. This page has not been translated into 日本語 yet, so the Chinese original is shown.');
  });

  it("marks a sidebar link to an untranslated copy with the default locale's language, as the copy's own title is", () => {
    const sidebarItems: SidebarItem[] = [
      { type: 'link', label: 'FAQ overview', href: '/en/docs/faqs/', docId: 'faqs/index' },
      { type: 'link', label: '安全吗？', href: '/en/docs/faqs/safe', docId: 'faqs/safe', lang: 'zh-CN' },
    ];
    const html = render(site, route('/en/docs/faqs/', { ...DOC_DATA, sidebarItems }, { content: '' }));
    expect(html).toMatch(/<a class="menu-link active" lang="zh-CN" href="\/en\/docs\/faqs\/safe" aria-current="page">安全吗？<\/a>/);
    expect(html).not.toMatch(/lang="zh-CN"[^>]*>FAQ overview/);
  });

  it('leads the language menu to the same page in each locale, or to the home page of a locale that lacks it', () => {
    const menu = (html: string) => [...html.matchAll(/<a class="dropdown-link[^"]*" href="([^"]*)" hrefLang="([^"]*)"/g)].map((m) => `${m[2]} ${m[1]}`);
    expect(menu(render(site, route('/en/docs/faqs/safe', DOC_DATA, { content: '' })))).toEqual(['zh-CN /docs/faqs/safe', 'en /en/docs/faqs/safe']);
    expect(menu(render(site, { ...route('/en/docs/english-only', DOC_DATA, { content: '' }), locales: ['en'] }))).toEqual(['zh-CN /', 'en /en/docs/english-only']);
  });

  it('renders the home page with locale-prefixed links and the latest version', () => {
    const html = render(site, route('/en/', { kind: 'home' }));
    expect(html).toContain('<h1 class="hero-title">Glint Translate</h1>');
    expect(html).toContain('href="/en/docs/installv2/"');
    expect(html).toContain('href="/en/docs/guides/summary"');
    expect(html).toContain('href="/en/docs/services/"');
    expect(html).toContain('href="/en/docs/pricing/"');
    expect(html).toContain('<span class="button-version">v<!-- -->11.6.1</span>');
    for (const feature of ['Selected text', 'Screenshots', 'Whole pages', 'Audio and video']) expect(html).toContain(feature);
    const zh = render(siteData(ZH), route('/', { kind: 'home' }));
    expect(zh).toContain('href="/docs/installv2/"');
    expect(zh).not.toContain('href="/en/docs');
  });

  it("renders the home and not-found pages of a site without a product (as sitegen init makes) from its config alone, linking to no page of the bundled site's", () => {
    const own: SiteData = {
      ...siteData(EN),
      title: 'Acme docs',
      tagline: 'Everything about Acme',
      navbar: [
        { label: 'Docs', href: '/en/docs/intro', external: false },
        { label: 'Blog', href: '/en/blog', external: false },
        { label: 'GitHub', href: 'https://github.com/acme', external: true },
      ],
      product: { latestVersion: '', firstRelease: 0, years: 0, github: '' },
      announcement: null,
    };
    const home = render(own, route('/en/', { kind: 'home' }));
    expect(home).toContain('<h1 class="hero-title">Acme docs</h1>');
    expect(home).toContain('<p class="hero-tagline">Everything about Acme</p>');
    const buttons = [...home.matchAll(/<a class="button ([a-z-]+) button-large" href="([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(buttons).toEqual(['button-primary /en/docs/intro', 'button-secondary /en/blog', 'button-secondary https://github.com/acme']);
    const notFound = render(own, route('/en/404.html', { kind: 'notFound' }, {}, 'Page not found'));
    for (const html of [home, notFound]) expect(html).not.toMatch(/href="\/en\/docs\/(installv2|guides|services|pricing|log|faqs|histroy)/);
    expect(notFound).toContain('href="/en/search"');
  });

  it('leads from a post listed with its excerpt to the rest ("Read more"), and from one listed whole by its title alone', () => {
    const whole = { ...POST, title: 'Whole', href: '/en/blog/2025/11/03/whole', excerptKey: 'excerpt-1' };
    const data = { kind: 'blogList' as const, heading: 'Announcements', posts: [{ ...POST, excerptKey: 'excerpt-0', truncated: true as const }, whole, { ...whole, title: 'Untagged', href: '/en/blog/2025/11/02/untagged', tags: [] }], pagination: { page: 1, totalPages: 1, prev: null, next: null }, tag: null };
    const html = render(site, route('/en/blog', data, { 'excerpt-0': '<p>Excerpt</p>', 'excerpt-1': '<p>All of it</p>' }, 'Announcements'));
    const cards = html.split('<article class="post-card">').slice(1);
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatch(new RegExp(`<a class="read-more" href="${POST.href}"`));
    expect(cards[1]).not.toContain('read-more');
    expect(cards[1]).toContain('<a href="/en/blog/2025/11/03/whole">Whole</a>');
    expect(cards[1]).toContain('href="/en/blog/tags/announcements"');
    // Nothing to put in its foot: no empty footer.
    expect(cards[2]).not.toContain('post-card-footer');
  });

  it('renders a blog list page with excerpts, tags, numbered pagination and the all-posts sidebar', () => {
    const data = { kind: 'blogList' as const, heading: 'Announcements', posts: [{ ...POST, excerptKey: 'excerpt-0' }], pagination: { page: 2, totalPages: 3, prev: '/en/blog', next: '/en/blog/page/3' }, tag: null };
    const html = render(site, route('/en/blog/page/2', data, { 'excerpt-0': '<p>Excerpt</p>' }, 'Announcements · Page 2'));
    expect(html).toContain('data-sg-html="excerpt-0"><p>Excerpt</p></div>');
    // The page number on a line of its own under the list's title (the route's title, for the document, keeps "· Page 2").
    expect(html).toContain('<h1 class="page-title"><bdi>Announcements</bdi> <span class="page-title-page">Page 2 of 3</span></h1>');
    expect(html).toContain('November 4, 2025');
    expect(html).toContain('2 min read');
    expect(html).toContain('<span class="post-author-name">The Glint team</span>');
    expect(html).toContain('href="/en/blog/tags/announcements"');
    expect(html).toMatch(/<a class="page-number current" href="\/en\/blog\/page\/2" aria-current="page" aria-label="Page 2 of 3">2<\/a>/);
    expect(html).toContain('href="/en/blog/page/3"');
    expect(html).toContain('Newer entries');
    expect(html).toContain('Older entries');
    expect(html).toContain('<nav class="blog-sidebar-nav" aria-label="All posts"><p class="blog-sidebar-title">All posts</p>');
    expect(html).toContain('2024');
    // With blog.sidebarCount below the number of posts, the list is the recent ones, and says so.
    const recent = render({ ...site, blogSidebarRecent: true }, route('/en/blog/page/2', data, { 'excerpt-0': '<p>Excerpt</p>' }, 'Announcements · Page 2'));
    expect(recent).toContain('<nav class="blog-sidebar-nav" aria-label="Recent posts"><p class="blog-sidebar-title">Recent posts</p>');
  });

  it('renders a tag page with a link to all tags', () => {
    const data = { kind: 'blogList' as const, heading: 'Posts tagged “Announcements”', posts: [POST], pagination: { page: 1, totalPages: 1, prev: null, next: null }, tag: POST.tags[0] };
    const html = render(site, route('/en/blog/tags/announcements', data, {}, 'Posts tagged “Announcements”'));
    expect(html).toContain('View all tags');
    // In its own direction: the tag's label may be another script's, the words around it the theme's English on a page written right to left.
    expect(html).toContain('<h1 class="page-title"><bdi>Posts tagged “Announcements”</bdi></h1>');
    expect(html).not.toContain('list-pagination');
  });

  it('renders a post with its meta, tags, TOC and newer / older links', () => {
    const data = { kind: 'post' as const, post: POST, toc: [{ depth: 2, text: 'What is new', id: 'new' }], prev: { label: 'Newer', href: '/en/blog/x' }, next: null };
    const html = render(site, route(POST.href, data, { content: '<h2 id="new">What is new</h2>' }, POST.title));
    expect(html).toContain(`<h1 class="page-title">${POST.title}</h1>`);
    expect(html).toContain('Newer post');
    expect(html).not.toContain('Older post');
    expect(html).toContain('aria-current="page">Version 12 beta</a>');
  });

  it('renders tags, archive, search, not-found and free pages', () => {
    const tags = render(site, route('/en/blog/tags', { kind: 'tags', tags: [{ label: 'Events', href: '/en/blog/tags/events', count: 3 }] }, {}, 'Tags'));
    expect(tags).toContain('3 posts');
    const archive = render(site, route('/en/blog/archive', { kind: 'archive', years: [{ year: '2025', posts: [POST] }] }, {}, 'Archive'));
    expect(archive).toContain('<h2 id="archive-2025">2025</h2>');
    const search = render(site, route('/en/search', { kind: 'search' }, {}, 'Search'));
    expect(search).toContain('role="search"');
    expect(search).toContain('<noscript>');
    const notFound = render(site, route('/en/404.html', { kind: 'notFound' }, {}, 'Page not found'));
    expect(notFound).toContain('Page not found');
    expect(notFound).toContain('href="/en/search"');
    const page = render(site, route('/en/reportcentral/AFNInventoryReportByCountry/1', { kind: 'page', toc: [], untranslated: false, hideToc: false }, { content: '<p>Report</p>' }, 'Report'));
    expect(page).toContain('data-sg-html="content"><p>Report</p>');
  });

  it('throws on an unknown page kind (the client shows the error boundary)', () => {
    expect(() => render(site, route('/en/x', { kind: 'nope' } as never))).toThrow('Unknown page kind "nope"');
  });

  it('renders the same markup for the same input (hydration needs determinism)', () => {
    const r = route('/en/docs/faqs/safe', DOC_DATA, { content: '<p>x</p>' });
    expect(render(site, r)).toBe(render(site, r));
  });
});

describe('shared blocks', () => {
  const site = siteData(EN);
  const post = { kind: 'post' as const, post: POST, toc: [], prev: null, next: null };
  const list = { kind: 'blogList' as const, heading: 'Announcements', posts: [POST], pagination: { page: 1, totalPages: 1, prev: null, next: null }, tag: null };

  /** Each page filled in is exactly the page React renders whole, with the same ids and links. */
  const expectFilledWhole = (set: ReturnType<typeof sharedBlockSet>, routes: ClientRoute[]) => {
    for (const r of routes) {
      const whole = render(site, r);
      const marked = renderToString(createElement(App, { site, route: r, shared: sharedBlockMarker }));
      const filled = fillSharedBlocks(marked, set, r.path);
      expect(filled.html).toBe(whole);
      const scan = scanHtml(marked);
      expect(new Set([...scan.ids, ...filled.ids])).toEqual(scanHtml(whole).ids);
      expect([...scan.links, ...filled.shared.flat()].map((l) => l.url).sort()).toEqual(scanHtml(whole).links.map((l) => l.url).sort());
    }
  };

  it('filled in, give exactly the page React renders whole, with the same ids and links', () => {
    const set = sharedBlockSet(sharedBlocks(site, { faqs: SIDEBAR }));
    expectFilledWhole(set, [route(POST.href, post, {}, POST.title), route('/en/blog', list, {}, 'Blog'), route('/en/docs/faqs/safe', DOC_DATA, { content: '' })]);
  });

  it('give every doc of a nested sidebar its own menu: its link marked, the categories above it open', () => {
    // Three levels, categories open and collapsed, a doc linked twice, a page that is not in the sidebar.
    const nested: SidebarItem[] = [
      ...SIDEBAR,
      {
        type: 'category',
        label: 'Deep',
        collapsed: false,
        items: [
          { type: 'link', label: 'Top', href: '/en/docs/deep/top', docId: 'deep/top' },
          // Links that are no docs: another site's page, and this site's blog.
          { type: 'link', label: 'GitHub', href: 'https://github.com/example', docId: '', external: true },
          { type: 'link', label: 'Blog', href: '/en/blog', docId: '' },
          { type: 'category', label: 'Inner', collapsed: true, items: [{ type: 'link', label: 'Leaf', href: '/en/docs/deep/leaf/', docId: 'deep/leaf' }, { type: 'link', label: 'Safety again', href: '/en/docs/faqs/safe', docId: 'faqs/safe' }] },
          // A category whose label leads to its own doc.
          { type: 'category', label: 'Own', collapsed: true, href: '/en/docs/deep/own', docId: 'deep/own', items: [{ type: 'link', label: 'Under', href: '/en/docs/deep/under', docId: 'deep/under' }] },
          { type: 'category', label: 'Empty', collapsed: true, items: [] },
        ],
      },
    ];
    const set = sharedBlockSet(sharedBlocks(site, { faqs: nested }));
    const docs = ['faqs/index', 'faqs/safe', 'faqs/edge-boot', 'faqs/deepl-limit', 'deep/top', 'deep/leaf', 'faqs/outside', 'deep/own', 'deep/under'];
    const routes = docs.map((docId) => route(docId === 'faqs/index' ? '/en/docs/faqs/' : `/en/docs/${docId}`, { ...DOC_DATA, docId, sidebarItems: nested }, { content: '' }));
    expectFilledWhole(set, routes);
    const leaf = fillSharedBlocks(renderToString(createElement(App, { site, route: routes[5]!, shared: sharedBlockMarker })), set, routes[5]!.path).html;
    expect(count(leaf, 'aria-current="page">Leaf</a>')).toBe(2); // desktop column and mobile panel
    expect(count(leaf, '<a class="menu-link" href="https://github.com/example" target="_blank" rel="noopener noreferrer">GitHub<svg')).toBe(2);
    expect(count(leaf, '<a class="menu-link" href="/en/blog">Blog</a>')).toBe(2);
    const own = fillSharedBlocks(renderToString(createElement(App, { site, route: routes[7]!, shared: sharedBlockMarker })), set, routes[7]!.path).html;
    // The category's own link, and beside it the section's summary (no link inside it: two controls apart).
    expect(count(own, '<li class="menu-item menu-category-linked"><a class="menu-link menu-category-link has-active active" href="/en/docs/deep/own" aria-current="page">Own</a><details class="menu-category" open=""><summary class="menu-category-toggle" aria-label="Own">')).toBe(2);
    expect(own).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*<a /s);
    expect(leaf).toMatch(/<details class="menu-category" open=""><summary class="menu-link menu-category-label has-active"><span>Inner<\/span>/);
  });

  it('leave the docs sidebar out of the page React renders, unless its name cannot be a marker', () => {
    const r = route('/en/docs/faqs/safe', DOC_DATA, { content: '' });
    const marked = renderToString(createElement(App, { site, route: r, shared: sharedBlockMarker }));
    expect(marked).not.toContain('DeepL limits');
    expect(count(marked, '<!--sg-shared:doc-sidebar-faqs-->')).toBe(2);
    const odd = route('/en/docs/faqs/safe', { ...DOC_DATA, sidebar: 'faqs and more' }, { content: '' });
    const whole = renderToString(createElement(App, { site, route: odd, shared: sharedBlockMarker }));
    expect(count(whole, 'DeepL limits')).toBe(2);
    expect(Object.keys(sharedBlocks(site, { faqs: SIDEBAR, 'faqs and more': SIDEBAR }))).toEqual(['doc-sidebar-faqs', 'blog-posts']);
  });

  it('leave the blog list out of the page React renders: it is filled in once per locale', () => {
    const marked = renderToString(createElement(App, { site, route: route(POST.href, post, {}, POST.title), shared: sharedBlockMarker }));
    expect(marked).not.toContain('Double 11');
    expect(marked.split('<!--sg-shared:blog-posts-->').length - 1).toBe(2); // desktop column and mobile panel
    // The post shown is the one marked in the list.
    const filled = fillSharedBlocks(marked, sharedBlockSet(sharedBlocks(site)), POST.href).html;
    expect(filled.split('aria-current="page">Version 12 beta</a>').length - 1).toBe(2);
    expect(filled).not.toContain('aria-current="page">Double 11</a>');
  });

  it('are none on a site without posts', () => {
    expect(sharedBlocks({ ...site, blogSidebar: [] })).toEqual({});
  });
});

describe('server module exports', () => {
  it('gives route titles for both locales with the same keys', () => {
    expect(Object.keys(routeTitles).sort()).toEqual(['en', 'zh-Hans']);
    expect(Object.keys(routeTitles.en).sort()).toEqual(Object.keys(routeTitles['zh-Hans']).sort());
    expect(routeTitles.en.taggedWith).toContain('{tag}');
    expect(routeTitles.en.page).toContain('{page}');
  });

  it('has a small head script', () => {
    expect(headScript.length).toBeLessThan(2_000);
    expect(headScript).not.toMatch(/<\/script/i);
  });
});
