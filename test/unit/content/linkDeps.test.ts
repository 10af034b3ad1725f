import { describe, expect, it } from 'vitest';
import { depsHold, recordingContext } from '../../../src/content/linkDeps.js';
import { resolveHref, type LinkContext } from '../../../src/content/links.js';

const context = (permalinks: Record<string, string>, extra: Partial<LinkContext> = {}): LinkContext => ({
  baseUrl: '/',
  localePath: 'en',
  permalinks,
  staticRoots: ['img'],
  localePaths: ['en'],
  folder: 'en',
  folderPaths: { 'zh-Hans': '', en: 'en' },
  otherLocales: { 'zh-Hans': { permalinks: { 'docs/a.md': '/docs/a' } } },
  ...extra,
});

/** The reads of resolving `hrefs` from `docs/x.md` under `before`, judged under `after`. */
function holds(hrefs: string[], before: LinkContext, after: LinkContext): boolean {
  const reads = recordingContext(before);
  const results = hrefs.map((href) => resolveHref(href, 'docs/x.md', reads.context));
  // Recording changes no answer.
  expect(results).toEqual(hrefs.map((href) => resolveHref(href, 'docs/x.md', before)));
  return depsHold(reads.deps(), after);
}

describe('link context reads', () => {
  const pages = { 'docs/a.md': '/en/docs/a', 'docs/b.md': '/en/docs/b' };

  it('hold when a page the links do not name is added or removed', () => {
    const links = ['./a.md', '/img/logo.png', '/docs/b', 'https://example.org/'];
    expect(holds(links, context(pages), context({ ...pages, 'docs/new.md': '/en/docs/new' }))).toBe(true);
    expect(holds(links, context(pages), context({ 'docs/a.md': '/en/docs/a' }))).toBe(true);
  });

  it('fail when a named page moves, appears or goes, or when a broken link may have a nearer name', () => {
    expect(holds(['./a.md'], context(pages), context({ ...pages, 'docs/a.md': '/en/docs/a-moved' }))).toBe(false);
    expect(holds(['./a.md'], context(pages), context({ 'docs/b.md': '/en/docs/b' }))).toBe(false);
    // A broken link's hint names the nearest page: any page added may be nearer.
    expect(holds(['./c.md'], context(pages), context({ ...pages, 'docs/c.md': '/en/docs/c' }))).toBe(false);
    expect(holds(['./c.md'], context(pages), context({ ...pages, 'docs/zzz.md': '/en/docs/zzz' }))).toBe(false);
  });

  it("fail when a named page becomes a draft, a static root appears, or another locale's page changes", () => {
    expect(holds(['./c.md'], context(pages), context(pages, { drafts: ['docs/c.md'] }))).toBe(false);
    expect(holds(['/files/x.pdf'], context(pages), context(pages, { staticRoots: ['img', 'files'] }))).toBe(false);
    expect(holds(['/img/a.png'], context(pages), context(pages, { staticRoots: ['img', 'files'] }))).toBe(true);
    expect(holds(['../../zh-Hans/docs/a.md'], context(pages), context(pages, { otherLocales: { 'zh-Hans': { permalinks: { 'docs/a.md': '/docs/a2' } } } }))).toBe(false);
    expect(holds(['../../zh-Hans/docs/a.md'], context(pages), context(pages, { otherLocales: { 'zh-Hans': null } }))).toBe(false);
    expect(holds(['./a.md'], context(pages), context(pages, { otherLocales: { 'zh-Hans': null } }))).toBe(true);
  });
});
