import { describe, expect, it } from 'vitest';
import { contentFilePath, joinBase, publishedFilePath, resolveHref, type LinkContext } from '../../../src/content/links.js';

const contentPaths = ['docs/faqs/index.md', 'docs/faqs/safe-mode.md', 'docs/guides/card.md', 'docs/guides/summary.md', 'docs/services/deepl.md', 'docs/services/文档.md', 'blog/2024-06-18-version-11.md'];

/** The link context of a locale served under `localePath`, with permalinks like planEntries gives. */
function context(localePath: string, baseUrl = '/'): LinkContext {
  const prefix = baseUrl + (localePath ? `${localePath}/` : '');
  const permalinks = Object.fromEntries(
    contentPaths.map((p) => {
      const local = p.startsWith('blog/') ? 'blog/2024/06/18/version-11' : p.replace(/index\.md$/, '').replace(/\.md$/, '');
      return [p, prefix + local];
    }),
  );
  return { baseUrl, localePath, permalinks, staticRoots: ['img', 'invite.js'], localePaths: ['en'] };
}

const zh = context('');
const en = context('en');

describe("resolveHref: Docusaurus's pathname://", () => {
  it('is that path of the site, under its baseUrl and in no locale, to be checked as any site path', () => {
    expect(resolveHref('pathname:///manual.pdf', 'docs/guides/card.md', en)).toEqual({ url: '/manual.pdf' });
    expect(resolveHref('pathname:///files/a%20b.zip#x', 'docs/guides/card.md', context('en', '/docs-site/'))).toEqual({ url: '/docs-site/files/a%20b.zip#x' });
    expect(resolveHref('pathname://manual.pdf', 'docs/guides/card.md', zh)).toEqual({ url: '/manual.pdf' });
  });
});

describe("resolveHref: Docusaurus's @site/ paths", () => {
  // Before: `![a](@site/static/img/a.png)` was "image /docs/guides/@site/static/img/a.png does not exist", and
  // `[b](@site/docs/x.md)` "points to docs/guides/@site/docs/x.md": read as a file beside the page.
  it('reads a file of static/ as its site path, and a page of docs/, blog/ or src/pages/ as the file moved into the locale folder', () => {
    expect(resolveHref('@site/static/img/logo.png', 'docs/guides/card.md', en)).toEqual({ url: '/img/logo.png' });
    expect(resolveHref('@site/docs/guides/summary.md#keys', 'docs/faqs/index.md', en)).toEqual({ url: '/en/docs/guides/summary#keys' });
    expect(resolveHref('@site/docs/services/deepl.md', 'docs/guides/card.md', zh)).toEqual({ url: '/docs/services/deepl' });
    expect(resolveHref('@site/blog/2024-06-18-version-11.md', 'docs/guides/card.md', zh)).toEqual({ url: '/blog/2024/06/18/version-11' });
  });

  it('is an error naming what to write for another folder of the Docusaurus project', () => {
    const resolved = resolveHref('@site/src/components/a.js', 'docs/guides/card.md', zh);
    expect(resolved.problem).toBe("@site/src/components/a.js: @site/ is the Docusaurus project's folder, whose src/components/ sitegen does not read");
    expect(resolved.hint).toBe('a file of static/ is @site/static/… (or its site path, /…); a page of docs/, blog/ or src/pages/ is @site/docs/….md, @site/blog/….md or @site/src/pages/….md');
  });
});

describe('resolveHref: relative .md links', () => {
  it('becomes the permalink of the current locale', () => {
    expect(resolveHref('./card.md', 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/guides/card' });
    expect(resolveHref('./card.md', 'docs/guides/summary.md', en)).toEqual({ url: '/en/docs/guides/card' });
    expect(resolveHref('card.md', 'docs/guides/summary.md', en)).toEqual({ url: '/en/docs/guides/card' });
  });

  it('keeps the anchor and the query', () => {
    expect(resolveHref('../services/deepl.md#limits', 'docs/guides/card.md', en).url).toBe('/en/docs/services/deepl#limits');
    expect(resolveHref('./card.md?tab=shortcuts#keys', 'docs/guides/summary.md', zh).url).toBe('/docs/guides/card?tab=shortcuts#keys');
  });

  it('follows ../ across folders and to a folder index', () => {
    expect(resolveHref('../faqs/index.md', 'docs/guides/card.md', en).url).toBe('/en/docs/faqs/');
    expect(resolveHref('../docs/faqs/safe-mode.md', 'blog/2024-06-18-version-11.md', zh).url).toBe('/docs/faqs/safe-mode');
    expect(resolveHref('./safe-mode.md', 'docs/faqs/index.md', en).url).toBe('/en/docs/faqs/safe-mode');
  });

  it('links from a doc to a post', () => {
    expect(resolveHref('../../blog/2024-06-18-version-11.md', 'docs/guides/card.md', en).url).toBe('/en/blog/2024/06/18/version-11');
  });

  it('composes the fragment (NFC) as heading ids are made, and leaves the rest as written', () => {
    const nfd = 'café'.normalize('NFD');
    expect(resolveHref(`./card.md#${nfd}`, 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/guides/card#café' });
    expect(resolveHref(`#${nfd}`, 'docs/guides/summary.md', zh)).toEqual({ url: '#café' });
    expect(resolveHref(`/img/${nfd}.png?${nfd}`, 'docs/guides/summary.md', zh)).toEqual({ url: `/img/${nfd}.png?${nfd}` });
  });

  it('composes a page\'s path written decomposed, as the page is published (before: a server answered 404, the check passed it)', () => {
    const nfd = 'café'.normalize('NFD');
    expect(resolveHref(`/docs/${nfd}`, 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/café' });
    expect(resolveHref(`/docs/${nfd}#${nfd}`, 'docs/guides/summary.md', en)).toEqual({ url: '/en/docs/café#café' });
    expect(resolveHref('/docs/cafe%CC%81?a=%20b', 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/café?a=%20b' });
    // What it encodes of ASCII stays encoded (before: `%25` came out a bare `%`).
    expect(resolveHref(`/docs/${nfd}%25done`, 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/café%25done' });
    // Composed already, or encoded: as written.
    expect(resolveHref('/docs/caf%C3%A9%20x', 'docs/guides/summary.md', zh)).toEqual({ url: '/docs/caf%C3%A9%20x' });
  });

  it('decodes percent-encoded file names', () => {
    expect(resolveHref('./%E6%96%87%E6%A1%A3.md', 'docs/services/deepl.md', zh).url).toBe('/docs/services/文档');
    expect(resolveHref('./文档.md', 'docs/services/deepl.md', zh).url).toBe('/docs/services/文档');
  });

  it('reads a root-relative .md path from the locale folder', () => {
    expect(resolveHref('/docs/services/deepl.md', 'docs/guides/card.md', en).url).toBe('/en/docs/services/deepl');
  });

  it('reports a missing target, keeps the link as written and suggests the closest file, relative to the page', () => {
    expect(resolveHref('./safe-mdoe.md#x', 'docs/faqs/index.md', zh)).toEqual({
      url: './safe-mdoe.md#x',
      problem: './safe-mdoe.md#x points to docs/faqs/safe-mdoe.md, which does not exist',
      hint: 'did you mean ./safe-mode.md?',
    });
    expect(resolveHref('../service/deepl.md', 'docs/guides/card.md', en).hint).toBe('did you mean ../services/deepl.md?');
  });

  it('gives no hint when nothing is close', () => {
    const result = resolveHref('./pricing-and-refunds.md', 'docs/guides/card.md', en);
    expect(result.problem).toBe('./pricing-and-refunds.md points to docs/guides/pricing-and-refunds.md, which does not exist');
    expect(result.hint).toBeUndefined();
  });

  it('reports a malformed URL', () => {
    expect(resolveHref('./%E6%96.md', 'docs/guides/card.md', zh)).toEqual({ url: './%E6%96.md', problem: 'malformed URL ./%E6%96.md' });
  });
});

describe('resolveHref: site paths', () => {
  it('are relative to the current locale', () => {
    expect(resolveHref('/docs/faqs/', 'docs/guides/card.md', en).url).toBe('/en/docs/faqs/');
    expect(resolveHref('/docs/faqs/', 'docs/guides/card.md', zh).url).toBe('/docs/faqs/');
    expect(resolveHref('/blog?page=2#top', 'docs/guides/card.md', en).url).toBe('/en/blog?page=2#top');
    expect(resolveHref('/', 'docs/guides/card.md', en).url).toBe('/en/');
  });

  it('leave static files alone', () => {
    expect(resolveHref('/img/card.png', 'docs/guides/card.md', en).url).toBe('/img/card.png');
    expect(resolveHref('/invite.js', 'docs/guides/card.md', en).url).toBe('/invite.js');
  });

  it('leave paths that already name a locale alone', () => {
    expect(resolveHref('/en/docs/guides/card', 'docs/guides/card.md', zh).url).toBe('/en/docs/guides/card');
    expect(resolveHref('/en', 'docs/guides/card.md', en).url).toBe('/en');
  });

  it('only treat a whole first segment as a locale or static root', () => {
    expect(resolveHref('/english/notes', 'docs/guides/card.md', en).url).toBe('/en/english/notes');
    expect(resolveHref('/images/a.png', 'docs/guides/card.md', en).url).toBe('/en/images/a.png');
  });
});

describe('resolveHref: links left as written', () => {
  it.each([
    'https://www.deepl.com/pro-api',
    'http://example.org/a.md',
    '//cdn.example.org/x.js',
    'mailto:support@glint.example',
    'tel:+8610000000',
    '#安装',
    '#limits',
    '',
    './card.png',
    '../img/panel.svg',
  ])('%s', (href) => {
    expect(resolveHref(href, 'docs/guides/summary.md', en)).toEqual({ url: href });
  });
});

describe('resolveHref: .md links into another locale\'s folder', () => {
  // zh-Hans/docs/a.md → ../../en/docs/b.md: past the locale folder, into the en folder beside it.
  const withOthers = (own: LinkContext, folder: string, others: LinkContext['otherLocales']): LinkContext => ({ ...own, folder, otherLocales: others });
  const enPages = { permalinks: { 'docs/services/deepl.md': '/en/docs/services/deepl-api', 'docs/faqs/index.md': '/en/docs/faqs/' }, drafts: ['docs/guides/draft.md'] };
  const zhWithEn = withOthers(zh, 'zh-Hans', { en: enPages });

  it('becomes the permalink of that page in that locale, slug and all, with its fragment', () => {
    expect(resolveHref('../../en/docs/services/deepl.md#limits', 'docs/start.md', zhWithEn)).toEqual({ url: '/en/docs/services/deepl-api#limits' });
    expect(resolveHref('../../../en/docs/faqs/index.md', 'docs/guides/card.md', zhWithEn)).toEqual({ url: '/en/docs/faqs/' });
  });

  it('into its own folder, is a link within the locale', () => {
    expect(resolveHref('../../../zh-Hans/docs/guides/card.md', 'docs/faqs/index.md', zhWithEn)).toEqual({ url: '/docs/guides/card' });
  });

  it('to a file the other locale does not have, is an error with a hint relative to the page', () => {
    expect(resolveHref('../../en/docs/services/deepl-api.md', 'docs/start.md', zhWithEn)).toEqual({
      url: '../../en/docs/services/deepl-api.md',
      problem: '../../en/docs/services/deepl-api.md points to ../en/docs/services/deepl-api.md, which does not exist',
      hint: 'did you mean ../../en/docs/services/deepl.md?',
    });
    expect(resolveHref('../../fr/docs/a.md', 'docs/start.md', zhWithEn).problem).toBe('../../fr/docs/a.md points to ../fr/docs/a.md, which does not exist');
  });

  it('within its own folder, to a page only another locale has, says so, with the link that leads to it', () => {
    const withEnOnly = withOthers(zh, 'zh-Hans', { en: { permalinks: { 'docs/guides/en-only.md': '/en/docs/guides/en-only' } } });
    expect(resolveHref('./guides/en-only.md', 'docs/start.md', withEnOnly)).toEqual({
      url: './guides/en-only.md',
      problem: "./guides/en-only.md points to docs/guides/en-only.md, which only content/en/ has, not this page's locale",
      hint: "link to that page as ../../en/docs/guides/en-only.md, or add docs/guides/en-only.md to this locale's folder",
    });
    // Such a link as the hint writes it leads there.
    expect(resolveHref('../../en/docs/guides/en-only.md', 'docs/start.md', withEnOnly)).toEqual({ url: '/en/docs/guides/en-only' });
    // A page of the link's own language that is near, which a typo most often meant, is named first.
    const nearOwn = withOthers(zh, 'zh-Hans', { en: { permalinks: { 'docs/guides/cards.md': '/en/docs/guides/cards' } } });
    expect(resolveHref('./guides/cards.md', 'docs/start.md', nearOwn).hint).toBe("did you mean ./guides/card.md? Else link to that page as ../../en/docs/guides/cards.md, or add docs/guides/cards.md to this locale's folder");
    // Not in another locale either, or another locale this build leaves out (--locale): as before.
    expect(resolveHref('./guides/nope.md', 'docs/start.md', withEnOnly).problem).toBe('./guides/nope.md points to docs/guides/nope.md, which does not exist');
    expect(resolveHref('./guides/en-only.md', 'docs/start.md', withOthers(zh, 'zh-Hans', { en: null })).problem).toBe('./guides/en-only.md points to docs/guides/en-only.md, which does not exist');
  });

  it('never hints the page the broken link is on', () => {
    // Before: "./cart.md points to docs/guides/cart.md, which does not exist", hint "did you mean ./card.md?", the page itself.
    expect(resolveHref('./cart.md', 'docs/guides/card.md', zh)).toEqual({ url: './cart.md', problem: './cart.md points to docs/guides/cart.md, which does not exist', hint: undefined });
    expect(resolveHref('./cart.md', 'docs/guides/summary.md', zh).hint).toBe('did you mean ./card.md?');
  });

  it('to a draft of the other locale, says it is one', () => {
    expect(resolveHref('../../en/docs/guides/draft.md', 'docs/start.md', zhWithEn).problem).toBe('../../en/docs/guides/draft.md points to ../en/docs/guides/draft.md, a draft (draft: true), which this build leaves out');
  });

  it('to a file that could not be read, goes to the address its name gives, with no error of its own', () => {
    const broken = { ...zh, unread: { 'docs/latin.md': '/docs/latin', 'blog/no-date.md': '' } };
    expect(resolveHref('../latin.md#top', 'docs/guides/card.md', broken)).toEqual({ url: '/docs/latin#top' });
    // No address from the name alone (a post without a date): left as written.
    expect(resolveHref('../../blog/no-date.md', 'docs/guides/card.md', broken)).toEqual({ url: '../../blog/no-date.md' });
  });

  it('into a locale the build leaves out (--locale), is left as written, unjudged', () => {
    expect(resolveHref('../../en/docs/nope.md', 'docs/start.md', withOthers(zh, 'zh-Hans', { en: null }))).toEqual({ url: '../../en/docs/nope.md' });
  });
});

describe('resolveHref with a baseUrl other than /', () => {
  const enBase = context('en', '/glint/');
  const zhBase = context('', '/glint/');

  it('puts site paths under the base', () => {
    expect(resolveHref('/docs/faqs/', 'docs/guides/card.md', enBase).url).toBe('/glint/en/docs/faqs/');
    expect(resolveHref('/docs/faqs/', 'docs/guides/card.md', zhBase).url).toBe('/glint/docs/faqs/');
  });

  it('puts static files and locale-prefixed paths under the base', () => {
    expect(resolveHref('/img/card.png', 'docs/guides/card.md', enBase).url).toBe('/glint/img/card.png');
    expect(resolveHref('/en/blog', 'docs/guides/card.md', zhBase).url).toBe('/glint/en/blog');
  });

  it('uses the permalinks of .md targets as they are', () => {
    expect(resolveHref('./card.md#open', 'docs/guides/summary.md', enBase).url).toBe('/glint/en/docs/guides/card#open');
  });

  it('leaves external links alone', () => {
    expect(resolveHref('https://github.com/glint', 'docs/guides/card.md', enBase).url).toBe('https://github.com/glint');
  });
});

describe('joinBase', () => {
  it('joins without doubling or losing the slash', () => {
    expect(joinBase('/', '/docs')).toBe('/docs');
    expect(joinBase('/glint/', '/docs')).toBe('/glint/docs');
    expect(joinBase('/glint/', 'docs')).toBe('/glint/docs');
  });
});

describe('files beside the docs of versions', () => {
  // As versionFileFolders makes them: 10.x the last version, the current docs at /docs/next/.
  const folders = { docs: 'docs/next', 'versioned_docs/version-10.x': 'docs', 'versioned_docs/version-9.x': 'docs/9.x' };
  const versioned = (folder: string): LinkContext => ({ ...context(folder === 'en' ? 'en' : ''), folder, folderPaths: { 'zh-Hans': '', en: 'en' }, fileFolders: folders });

  it("are published under their version's docs path, and lead back to their place in the content", () => {
    expect(resolveHref('./img/a.png', 'versioned_docs/version-9.x/guides/card.md', versioned('zh-Hans')).url).toBe('/docs/9.x/guides/img/a.png');
    expect(resolveHref('../img/a.png#x', 'versioned_docs/version-10.x/guides/card.md', versioned('en')).url).toBe('/en/docs/img/a.png#x');
    expect(resolveHref('./img/a.png', 'docs/card.md', versioned('zh-Hans')).url).toBe('/docs/next/img/a.png');
    for (const [content, site] of [['versioned_docs/version-9.x/img/a.png', 'docs/9.x/img/a.png'], ['versioned_docs/version-10.x/next.png', 'docs/next.png'], ['docs/img/a.png', 'docs/next/img/a.png'], ['blog/a.png', 'blog/a.png']]) {
      expect(publishedFilePath(content!, folders)).toBe(site);
      expect(contentFilePath(site!, folders)).toBe(content);
    }
  });

  it('of a docs folder not built are published nowhere, and a link to one is left as written', () => {
    const unbuilt = { ...folders, docs: null };
    expect(publishedFilePath('docs/img/a.png', unbuilt)).toBeNull();
    expect(resolveHref('../docs/img/a.png', 'blog/post.md', { ...versioned('zh-Hans'), fileFolders: unbuilt }).url).toBe('../docs/img/a.png');
    // The last version's file at /docs/ is its own, not the current docs'.
    expect(contentFilePath('docs/img/a.png', unbuilt)).toBe('versioned_docs/version-10.x/img/a.png');
  });
});

describe('resolveHref with trailingSlash', () => {
  const slashed = { ...en, trailingSlash: true as const };

  it("writes a page's address with its slash, from a .md link (anchor and query kept) or a site path written without it", () => {
    expect(resolveHref('./card.md', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/guides/card/' });
    expect(resolveHref('./card.md#keys', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/guides/card/#keys' });
    expect(resolveHref('../faqs/index.md', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/faqs/' });
    expect(resolveHref('/docs/guides/card?x=1#keys', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/guides/card/?x=1#keys' });
    expect(resolveHref('/en/docs/guides/card', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/guides/card/' });
    expect(resolveHref('/docs/faqs/', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/docs/faqs/' });
  });

  it('leaves files, static paths, anchors and other sites as they are', () => {
    expect(resolveHref('/img/card.png', 'docs/guides/summary.md', slashed)).toEqual({ url: '/img/card.png' });
    expect(resolveHref('/invite.js', 'docs/guides/summary.md', slashed)).toEqual({ url: '/invite.js' });
    expect(resolveHref('/blog/rss.xml', 'docs/guides/summary.md', slashed)).toEqual({ url: '/en/blog/rss.xml' });
    expect(resolveHref('pathname:///manual', 'docs/guides/summary.md', slashed)).toEqual({ url: '/manual' });
    expect(resolveHref('#keys', 'docs/guides/summary.md', slashed)).toEqual({ url: '#keys' });
    expect(resolveHref('https://deepl.com/pro', 'docs/guides/summary.md', slashed)).toEqual({ url: 'https://deepl.com/pro' });
  });
});

describe('resolveHref: a link in a partial', () => {
  it("names the one page of the file name a link read from the partial's folder most likely meant", () => {
    // Before: only "include it here with <!--@include: ./deepl.md-->", as if docs/_shared/deepl.md were a partial to show.
    expect(resolveHref('./deepl.md#limits', 'docs/_shared/key.md', zh)).toEqual({
      url: './deepl.md#limits',
      problem: './deepl.md#limits points to docs/_shared/deepl.md, a partial (a name on its path starts with _): partials are included in pages, never published at an address of their own',
      hint: "did you mean ../services/deepl.md (a partial's links lead from its own folder)? Else include it here with <!--@include: ./deepl.md#limits-->, or link to a page that includes it",
    });
    // No page of that name (or several): the hint is as before.
    expect(resolveHref('./_steps.md', 'docs/guides/card.md', zh).hint).toBe('include it here with <!--@include: ./_steps.md-->, or link to a page that includes it');
  });
});
