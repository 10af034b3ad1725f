import { describe, expect, it } from 'vitest';
import { outputFileOf, planEntries, urlPathOf } from '../../../src/routes/planEntries.js';
import type { ContentFile } from '../../../src/types.js';
import { contentFile, siteConfig } from './fixtures.js';

const config = siteConfig();
const zhOnly = config.locales.filter((l) => l.code === 'zh-Hans');
const fm = (lines: string) => `---\ntitle: 标题\n${lines}---\n\n正文\n`;

/** Plans for the default locale only: `contentPath → urlPath`. */
function urls(files: ContentFile[]): Record<string, string> {
  const { plans, diagnostics } = planEntries(config, files, zhOnly);
  expect(diagnostics).toEqual([]);
  return Object.fromEntries(plans.map((p) => [p.contentPath, p.urlPath]));
}

describe('planEntries: docs', () => {
  it('places a doc at /docs/<path without .md>, and its id is that path', () => {
    const { plans } = planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/card.md')], zhOnly);
    expect(plans).toMatchObject([{ locale: 'zh-Hans', section: 'docs', contentPath: 'docs/guides/card.md', id: 'guides/card', permalink: '/docs/guides/card', urlPath: '/docs/guides/card', untranslated: false }]);
  });

  it('places a folder index at the folder with a trailing slash', () => {
    expect(urls([contentFile('zh-Hans', 'docs', 'faqs/index.md'), contentFile('zh-Hans', 'docs', 'index.md')])).toEqual({
      'docs/faqs/index.md': '/docs/faqs/',
      'docs/index.md': '/docs/',
    });
    expect(planEntries(config, [contentFile('zh-Hans', 'docs', 'faqs/index.md')], zhOnly).plans[0].id).toBe('faqs/index');
  });

  it("places Docusaurus's other folder indexes at their folder too: README.md in any case, and a doc named as its folder", () => {
    // A doc at the top is named after no folder of its own (docs.md); one named otherwise than its folder is a doc like any.
    const expected = { 'guides/README.md': '/docs/guides/', '02-concepts/01-Concepts.md': '/docs/concepts/', 'readme.md': '/docs/', 'docs.md': '/docs/docs', 'guides/guide.md': '/docs/guides/guide' };
    const placed = urls(Object.keys(expected).map((path) => contentFile('zh-Hans', 'docs', path)));
    expect(Object.fromEntries(Object.entries(placed).map(([path, url]) => [path.replace(/^docs\//, ''), url]))).toEqual(expected);
    expect(planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/README.md')], zhOnly).plans[0].id).toBe('guides/README');
  });

  it('lets a slug replace the last segment, or the whole path under /docs when it starts with /', () => {
    expect(
      urls([
        contentFile('zh-Hans', 'docs', 'faqs/safe.md', fm('slug: safe-mode\n')),
        contentFile('zh-Hans', 'docs', 'guides/card.md', fm('slug: /card\n')),
        contentFile('zh-Hans', 'docs', 'top.md', fm('slug: overview\n')),
      ]),
    ).toEqual({ 'docs/faqs/safe.md': '/docs/faqs/safe-mode', 'docs/guides/card.md': '/docs/card', 'docs/top.md': '/docs/overview' });
  });

  it('warns at the slug when it gives one translation of a file another address than the others (they would not be paired)', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'business.md', fm('slug: biz\n')), contentFile('en', 'docs', 'business.md')]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`)).toEqual([
      'content/zh-Hans/docs/business.md:3 warning slug: gives this page the address /docs/biz, but its translation content/en/docs/business.md (/docs/business) has another, so the two are not paired as translations',
    ]);
    const same = planEntries(config, [contentFile('zh-Hans', 'docs', 'business.md', fm('slug: biz\n')), contentFile('en', 'docs', 'business.md', fm('slug: biz\n'))]);
    expect(same.diagnostics).toEqual([]);
  });

  it("leaves a number prefix of the file and its folders out of a doc's id and address, a relative slug included", () => {
    const { plans } = planEntries(config, [contentFile('zh-Hans', 'docs', '02-guides/01-intro.md'), contentFile('zh-Hans', 'docs', '02-guides/index.md'), contentFile('zh-Hans', 'docs', '3 - tips.md'), contentFile('zh-Hans', 'docs', '02-guides/2-start.md', fm('slug: begin\n')), contentFile('zh-Hans', 'docs', '1-top.md', fm('slug: /top-page\n'))], zhOnly);
    expect(plans.map((p) => `${p.contentPath} ${p.id} ${p.urlPath}`)).toEqual([
      'docs/02-guides/01-intro.md guides/intro /docs/guides/intro',
      'docs/02-guides/2-start.md guides/start /docs/guides/begin',
      'docs/02-guides/index.md guides/index /docs/guides/',
      'docs/1-top.md top /docs/top-page',
      'docs/3 - tips.md tips /docs/tips',
    ]);
  });

  it("takes a relative slug as relative to the page's folder, a folder's index's own folder included (as Docusaurus does)", () => {
    const { plans } = planEntries(config, [contentFile('zh-Hans', 'docs', '02-guides/index.md', fm('slug: overview\n')), contentFile('zh-Hans', 'docs', 'index.md', fm('slug: start\n')), contentFile('zh-Hans', 'docs', 'faqs/a.md', fm('slug: b/c\n')), contentFile('zh-Hans', 'pages', 'about/index.md', fm('slug: us\n'))], zhOnly);
    expect(plans.map((p) => `${p.contentPath} ${p.urlPath}`)).toEqual([
      'docs/02-guides/index.md /docs/guides/overview',
      'docs/faqs/a.md /docs/faqs/b/c',
      'docs/index.md /docs/start',
      'pages/about/index.md /about/us',
    ]);
  });

  it('keeps a name that is only a number, or starts like a date or a version, and blog posts and pages as they are', () => {
    expect(urls([contentFile('zh-Hans', 'docs', '2024.md'), contentFile('zh-Hans', 'docs', '2024-01-01-release.md'), contentFile('zh-Hans', 'docs', '1.5_faq.md'), contentFile('zh-Hans', 'pages', '01-about.md'), contentFile('zh-Hans', 'blog', '2024-06-18-1-first.md')])).toEqual({
      'docs/2024.md': '/docs/2024',
      'docs/2024-01-01-release.md': '/docs/2024-01-01-release',
      'docs/1.5_faq.md': '/docs/1.5_faq',
      'pages/01-about.md': '/01-about',
      'blog/2024-06-18-1-first.md': '/blog/2024/06/18/1-first',
    });
  });

  it('is an error naming both files when two docs differ only by number prefixes, at one address or at two (a slug)', () => {
    const lines = (files: ContentFile[]) => planEntries(config, files, zhOnly).diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`);
    expect(lines([contentFile('zh-Hans', 'docs', '1-a.md'), contentFile('zh-Hans', 'docs', '2-a.md')])).toEqual([
      "content/zh-Hans/docs/2-a.md:1 error permalink collision: /docs/a is also produced by content/zh-Hans/docs/1-a.md (a number prefix is left out of a doc's id and address)",
    ]);
    expect(lines([contentFile('zh-Hans', 'docs', '1-a.md', fm('slug: first\n')), contentFile('zh-Hans', 'docs', '2-a.md')])).toEqual([
      "content/zh-Hans/docs/2-a.md:1 error doc id collision: \"a\" is also the id of content/zh-Hans/docs/1-a.md (a number prefix is left out of a doc's id and address)",
    ]);
  });

  it('pairs translations by their file, number prefix and all', () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', '01-intro.md'), contentFile('en', 'docs', '01-intro.md')]);
    expect(diagnostics).toEqual([]);
    expect(plans.map((p) => `${p.locale} ${p.urlPath} ${p.untranslated}`)).toEqual(['zh-Hans /docs/intro false', 'en /en/docs/intro false']);
  });

  it('tells a translation named with other number prefixes than its original (renamed in one folder only) at the translation, with the name to give it', () => {
    const lines = (files: ContentFile[], locales = config.locales) => planEntries(config, files, locales).diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`);
    const told = [
      'content/en/docs/02-guides/01-setup.md:1 translation of no file: the default locale has no docs/02-guides/01-setup.md; the doc "guides/setup" is content/zh-Hans/docs/02-guides/05-setup.md, whose name has other number prefixes, so the two are not paired | rename this file content/en/docs/02-guides/05-setup.md: a translation is paired with its original by its file name, number prefixes and all',
    ];
    const renamed = [contentFile('zh-Hans', 'docs', '02-guides/05-setup.md'), contentFile('en', 'docs', '02-guides/01-setup.md')];
    expect(lines(renamed)).toEqual(told);
    // In a build of English alone too, and where the translation has a slug of its own (one id, two addresses).
    expect(lines(renamed, config.locales.filter((l) => l.code === 'en'))).toEqual(told);
    expect(lines([renamed[0]!, contentFile('en', 'docs', '02-guides/01-setup.md', fm('slug: install\n'))])).toEqual(told);
    // Written without the prefixes, the same.
    expect(lines([renamed[0]!, contentFile('en', 'docs', 'guides/setup.md')])[0]).toMatch(/^content\/en\/docs\/guides\/setup\.md:1 translation of no file: .* \| rename this file content\/en\/docs\/02-guides\/05-setup\.md: /);
  });

  it('names an .mdx translation by its own name, and keeps its extension in the name to give it', () => {
    const lines = (files: ContentFile[]) => planEntries(config, files).diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`);
    // As loadContent gives it: an .mdx file's relPath is its .md name (pagePath).
    const mdx = (locale: string, relPath: string): ContentFile => ({ ...contentFile(locale, 'docs', relPath), relPath: relPath.replace(/\.mdx$/, '.md') });
    expect(lines([contentFile('zh-Hans', 'docs', '02-guides/05-setup.md'), mdx('en', '02-guides/01-setup.mdx')])).toEqual([
      'content/en/docs/02-guides/01-setup.mdx:1 translation of no file: the default locale has no docs/02-guides/01-setup.mdx; the doc "guides/setup" is content/zh-Hans/docs/02-guides/05-setup.md, whose name has other number prefixes, so the two are not paired | rename this file content/en/docs/02-guides/05-setup.mdx: a translation is paired with its original by its file name, number prefixes and all',
    ]);
    expect(lines([mdx('zh-Hans', '02-guides/05-setup.mdx'), contentFile('en', 'docs', '02-guides/01-setup.md')])[0]).toMatch(/ is content\/zh-Hans\/docs\/02-guides\/05-setup\.mdx, .* \| rename this file content\/en\/docs\/02-guides\/05-setup\.md: /);
  });

  it('keeps the file id of a doc with a slug (sidebars use ids)', () => {
    expect(planEntries(config, [contentFile('zh-Hans', 'docs', 'faqs/safe.md', fm('slug: safe-mode\n'))], zhOnly).plans[0].id).toBe('faqs/safe');
  });
});

describe("planEntries: a doc's id: (Docusaurus's)", () => {
  it("puts the id in place of the file's name, in the doc's id and its address; a slug still gives the address, and an index keeps its folder's", () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/01-foo.md', fm('id: bar\n')), contentFile('zh-Hans', 'docs', '02-guides/03-x.md', fm('id: 01-y\nslug: z\n')), contentFile('zh-Hans', 'docs', 'faqs/index.md', fm('id: overview\n')), contentFile('zh-Hans', 'docs', 'top.md', fm('id: start\n'))], zhOnly);
    expect(diagnostics).toEqual([]);
    expect(plans.map((p) => `${p.contentPath} ${p.id} ${p.urlPath}`)).toEqual([
      'docs/02-guides/03-x.md guides/01-y /docs/guides/z',
      'docs/faqs/index.md faqs/overview /docs/faqs/',
      'docs/guides/01-foo.md guides/bar /docs/guides/bar',
      'docs/top.md start /docs/start',
    ]);
  });

  it("gives a translation, and the untranslated copy of a doc, its original's id and address", () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/01-foo.md', fm('id: bar\n')), contentFile('en', 'docs', 'guides/01-foo.md'), contentFile('zh-Hans', 'docs', 'guides/02-baz.md', fm('id: qux\n'))]);
    expect(diagnostics).toEqual([]);
    expect(plans.map((p) => `${p.locale} ${p.id} ${p.urlPath} ${p.untranslated}`)).toEqual([
      'zh-Hans guides/bar /docs/guides/bar false',
      'zh-Hans guides/qux /docs/guides/qux false',
      'en guides/bar /en/docs/guides/bar false',
      'en guides/qux /en/docs/guides/qux true',
    ]);
  });

  it("tells a translation whose id: is not its original's at its line, and places it at its original's address", () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/01-foo.md', fm('id: bar\n')), contentFile('en', 'docs', 'guides/01-foo.md', fm('id: baz\n'))]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`)).toEqual([
      'content/en/docs/guides/01-foo.md:3 error id: baz is not the id of the original, content/zh-Hans/docs/guides/01-foo.md, whose id is "guides/bar" (from its id: bar); a translation has its original\'s id',
    ]);
    expect(plans.map((p) => p.urlPath)).toEqual(['/docs/guides/bar', '/en/docs/guides/bar']);
  });

  it('is an error at the id: when it gives a doc the id of another, by its file name or by its id:, naming the other file', () => {
    const lines = (files: ContentFile[], locales = zhOnly) => planEntries(config, files, locales).diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`);
    const told = 'content/zh-Hans/docs/guides/b.md:3 doc id collision: "guides/a" is also the id of content/zh-Hans/docs/guides/a.md | change the id: here, or rename the other file: sidebars.yaml and pagination_prev / pagination_next name a doc by its id';
    // At one address, and at two (a slug): the id collision either way, at the id: whichever file comes first.
    expect(lines([contentFile('zh-Hans', 'docs', 'guides/a.md'), contentFile('zh-Hans', 'docs', 'guides/b.md', fm('id: a\n'))])).toEqual([told]);
    expect(lines([contentFile('zh-Hans', 'docs', 'guides/a.md', fm('slug: first\n')), contentFile('zh-Hans', 'docs', 'guides/b.md', fm('id: a\n'))])).toEqual([told]);
    expect(lines([contentFile('zh-Hans', 'docs', 'guides/0-z.md', fm('id: c\n')), contentFile('zh-Hans', 'docs', 'guides/c.md')])).toEqual([
      'content/zh-Hans/docs/guides/0-z.md:3 doc id collision: "guides/c" is also the id of content/zh-Hans/docs/guides/c.md | change the id: here, or rename the other file: sidebars.yaml and pagination_prev / pagination_next name a doc by its id',
    ]);
    expect(lines([contentFile('zh-Hans', 'docs', 'x.md', fm('id: same\n')), contentFile('zh-Hans', 'docs', 'y.md', fm('id: same\n'))])).toEqual([
      'content/zh-Hans/docs/y.md:3 doc id collision: "same" is also the id of content/zh-Hans/docs/x.md | change the id: here, or rename the other file: sidebars.yaml and pagination_prev / pagination_next name a doc by its id',
    ]);
    // A doc only English has, given the id of a default locale's doc shown untranslated in English: two docs, not a renamed translation.
    expect(lines([contentFile('zh-Hans', 'docs', 'a.md'), contentFile('en', 'docs', 'b.md', fm('id: a\n'))], config.locales)).toEqual([
      'content/en/docs/b.md:3 doc id collision: "a" is also the id of content/zh-Hans/docs/a.md | change the id: here, or rename the other file: sidebars.yaml and pagination_prev / pagination_next name a doc by its id',
    ]);
  });

  it("tells a collision its translations repeat once, at the original's id:, in a build of every locale or of English alone", () => {
    const files = [contentFile('zh-Hans', 'docs', 'guides/01-foo.md', fm('id: bar\n')), contentFile('zh-Hans', 'docs', 'guides/bar.md'), contentFile('en', 'docs', 'guides/01-foo.md'), contentFile('en', 'docs', 'guides/bar.md')];
    const told = ['content/zh-Hans/docs/guides/01-foo.md:3 doc id collision: "guides/bar" is also the id of content/zh-Hans/docs/guides/bar.md'];
    for (const locales of [config.locales, config.locales.filter((l) => l.code === 'en')]) {
      expect(planEntries(config, files, locales).diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(told);
      expect(planEntries(config, [...files.slice(0, 3)], locales).diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(told);
    }
  });

  it('tells an address its id: makes unusable at the id', () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'guides/a.md', fm('id: "a b"\n')), contentFile('zh-Hans', 'docs', 'guides/c.md', fm('id: ..\n'))], zhOnly);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`)).toEqual([
      'content/zh-Hans/docs/guides/a.md:3 the page\'s address /docs/guides/a b would hold a space, which a URL path cannot hold as written | change the id (letters, digits, - and _), or set slug: in the front matter',
      'content/zh-Hans/docs/guides/c.md:3 the page\'s address "/docs/guides/.." would hold a ".." segment | change the id (letters, digits, - and _), or set slug: in the front matter',
    ]);
    expect(plans).toEqual([]);
  });
});

describe('planEntries: blog posts', () => {
  it('takes the date and slug from the file name', () => {
    const { plans } = planEntries(config, [contentFile('zh-Hans', 'blog', '2024-06-18-version-11.md')], zhOnly);
    expect(plans).toMatchObject([{ id: '2024/06/18/version-11', permalink: '/blog/2024/06/18/version-11', date: '2024-06-18' }]);
  });

  it('accepts a post folder with index.md', () => {
    expect(urls([contentFile('zh-Hans', 'blog', '2023-05-16-ten-years/index.md')])).toEqual({ 'blog/2023-05-16-ten-years/index.md': '/blog/2023/05/16/ten-years' });
  });

  it('lets the front matter date and slug win over the file name', () => {
    const { plans } = planEntries(config, [contentFile('zh-Hans', 'blog', '2024-06-18-version-11.md', fm('date: 2024-06-20 10:00\nslug: /v11/\n'))], zhOnly);
    expect(plans).toMatchObject([{ id: '2024/06/20/v11', permalink: '/blog/2024/06/20/v11', date: '2024-06-20' }]);
  });

  it("keeps the time of day date: gives, as an instant with its offset (UTC when none is written), and the day in the address", () => {
    const cases = { 'date: 2025-03-25T23:30:00+0800\n': '2025-03-25T23:30:00+08:00', 'date: 2025-03-07 10:30\n': '2025-03-07T10:30:00Z', 'date: 2025-03-24 23:30:00 +08:00\n': '2025-03-24T23:30:00+08:00', 'date: 2025-03-24\n': undefined };
    for (const [line, dateTime] of Object.entries(cases)) {
      const { plans } = planEntries(config, [contentFile('zh-Hans', 'blog', 'timed.md', fm(line))], zhOnly);
      expect(plans[0]?.dateTime, line).toBe(dateTime);
      expect(plans[0]?.urlPath, line).toBe(`/blog/${line.slice(6, 16).replace(/-/g, '/')}/timed`);
    }
  });

  it('warns at date: when it dates one translation of a post another day than the others (their addresses part them)', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'blog', '2025-03-05-tz-post.md', fm('date: 2025-03-06T01:00+08:00\n')), contentFile('en', 'blog', '2025-03-05-tz-post.md')]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message}`)).toEqual([
      'content/zh-Hans/blog/2025-03-05-tz-post.md:3 warning date: 2025-03-06 is not the date in the file name (2025-03-05); the post is dated 2025-03-06',
      'content/zh-Hans/blog/2025-03-05-tz-post.md:3 warning date: dates this post 2025-03-06, but its translation content/en/blog/2025-03-05-tz-post.md (2025-03-05) is dated another day, so their addresses differ and the two are not paired as translations',
    ]);
    const same = planEntries(config, [contentFile('zh-Hans', 'blog', 'tz-post.md', fm('date: 2025-03-06\n')), contentFile('en', 'blog', 'tz-post.md', fm('date: 2025-03-06T09:00\n'))]);
    expect(same.diagnostics).toEqual([]);
  });

  it('dates a post without a date in its name from the front matter', () => {
    expect(urls([contentFile('zh-Hans', 'blog', 'welcome.md', fm('date: 2024-01-02\n'))])).toEqual({ 'blog/welcome.md': '/blog/2024/01/02/welcome' });
  });

  it('reports a post with no date at line 1 and leaves it out', () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'blog', 'welcome.md')], zhOnly);
    expect(plans).toEqual([]);
    expect(diagnostics).toEqual([
      { severity: 'error', code: 'blog', file: 'content/zh-Hans/blog/welcome.md', line: 1, message: 'a post needs a date', hint: 'name the file YYYY-MM-DD-slug.md or set date: in the front matter' },
    ]);
  });

  it("says why the date a file name starts with is not read: no slug after it, or a file in a folder of blog/", () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'blog', '2024-05-01.md'), contentFile('zh-Hans', 'blog', '2024/05/2024-05-04-nested.md'), contentFile('zh-Hans', 'blog', 'news/2024-05-05-x/index.md')], zhOnly);
    expect(plans).toEqual([]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`)).toEqual([
      'content/zh-Hans/blog/2024-05-01.md:1 a post needs a date: the file name has no slug after its date, 2024-05-01, so it is not read as one | name the file 2024-05-01-<slug>.md, or set date: in the front matter',
      'content/zh-Hans/blog/2024/05/2024-05-04-nested.md:1 a post needs a date: the file is in a folder of blog/ (2024/05/), where the date its name starts with is not read | move it to blog/2024-05-04-nested.md, or set date: in the front matter',
      'content/zh-Hans/blog/news/2024-05-05-x/index.md:1 a post needs a date: the file is in a folder of blog/ (news/), where the date its name starts with is not read | move it to blog/2024-05-05-x/index.md, or set date: in the front matter',
    ]);
  });

  it('says a date in a file name needs two-digit months and days, with the name it would read', () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'blog', '2026-11-5-x.md'), contentFile('zh-Hans', 'blog', '2026-1-05-launch/index.md')], zhOnly);
    expect(plans).toEqual([]);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message} | ${d.hint}`)).toEqual([
      'content/zh-Hans/blog/2026-1-05-launch/index.md:1 a post needs a date: the file name starts with 2026-1-05, which is not a date written YYYY-MM-DD | write the month and day with two digits each, blog/2026-01-05-launch/index.md, or set date: in the front matter',
      'content/zh-Hans/blog/2026-11-5-x.md:1 a post needs a date: the file name starts with 2026-11-5, which is not a date written YYYY-MM-DD | write the month and day with two digits each, blog/2026-11-05-x.md, or set date: in the front matter',
    ]);
  });

  it('reports a file name date that is not a real day', () => {
    const { plans, diagnostics } = planEntries(config, [contentFile('zh-Hans', 'blog', '2023-02-29-leap.md')], zhOnly);
    expect(plans).toEqual([]);
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual(['1 the date 2023-02-29 in the file name is not a real calendar date']);
  });

  it('adds nothing to the front matter error of a bad date and falls back to the file name date', () => {
    for (const bad of ['date: 2024-02-30\n', 'date: 20240105\n', 'date: June 5\n']) {
      const file = contentFile('zh-Hans', 'blog', '2024-02-01-a.md', fm(bad));
      const { plans, diagnostics } = planEntries(config, [file], zhOnly);
      expect(diagnostics).toEqual([]);
      expect(plans.map((p) => p.urlPath)).toEqual(['/blog/2024/02/01/a']);
    }
  });
});

describe('planEntries: pages', () => {
  it('places pages at the root of the locale', () => {
    expect(
      urls([
        contentFile('zh-Hans', 'pages', 'download.md'),
        contentFile('zh-Hans', 'pages', 'index.md'),
        contentFile('zh-Hans', 'pages', 'legal/index.md'),
        contentFile('zh-Hans', 'pages', 'legal/privacy.md'),
        contentFile('zh-Hans', 'pages', 'legal/terms.md', fm('slug: 用户协议\n')),
      ]),
    ).toEqual({ 'pages/download.md': '/download', 'pages/index.md': '/', 'pages/legal/index.md': '/legal/', 'pages/legal/privacy.md': '/legal/privacy', 'pages/legal/terms.md': '/legal/用户协议' });
  });
});

describe('planEntries: locales and fallbacks', () => {
  const files = [
    contentFile('zh-Hans', 'docs', 'guides/card.md'),
    contentFile('zh-Hans', 'docs', 'guides/panel.md'),
    contentFile('en', 'docs', 'guides/card.md', '---\ntitle: Card\n---\n\nBody\n'),
  ];

  it('places every page in every locale, English under /en/', () => {
    const { plans } = planEntries(config, files);
    expect(plans.map((p) => `${p.locale} ${p.urlPath} ${p.untranslated ? 'untranslated' : 'own'}`)).toEqual([
      'zh-Hans /docs/guides/card own',
      'zh-Hans /docs/guides/panel own',
      'en /en/docs/guides/card own',
      'en /en/docs/guides/panel untranslated',
    ]);
  });

  it('uses the default locale file for an untranslated page', () => {
    const fallback = planEntries(config, files).plans.find((p) => p.locale === 'en' && p.id === 'guides/panel')!;
    expect(fallback.source.file).toBe('content/zh-Hans/docs/guides/panel.md');
    expect(fallback.source.locale).toBe('zh-Hans');
  });

  it('places a page only in a non-default locale only there', () => {
    const { plans } = planEntries(config, [contentFile('en', 'pages', 'english-only.md')]);
    expect(plans.map((p) => `${p.locale} ${p.urlPath}`)).toEqual(['en /en/english-only']);
  });

  it('puts every URL under the baseUrl', () => {
    const { plans } = planEntries(siteConfig({ baseUrl: '/glint/' }), files);
    expect(plans.map((p) => p.urlPath)).toEqual(['/glint/docs/guides/card', '/glint/docs/guides/panel', '/glint/en/docs/guides/card', '/glint/en/docs/guides/panel']);
    expect(plans[0].permalink).toBe('/docs/guides/card');
  });
});

describe('planEntries: collisions', () => {
  it('reports two files with one permalink, naming both', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'a.md'), contentFile('zh-Hans', 'docs', 'A.md')], zhOnly);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        code: 'duplicate-route',
        file: 'content/zh-Hans/docs/a.md',
        line: 1,
        message: 'case-only permalink collision: /docs/a is also produced by content/zh-Hans/docs/A.md (/docs/A)',
        hint: 'rename one of the files or set a different slug',
      },
    ]);
  });

  it("reports a slug that puts a page on the address of a page that comes after it at the slug, not at the other page", () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'a.md', fm('slug: b\n')), contentFile('zh-Hans', 'docs', 'b.md')], zhOnly);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(['content/zh-Hans/docs/a.md:3 permalink collision: /docs/b is also produced by content/zh-Hans/docs/b.md']);
  });

  it("tells a slug's collision once, not again for the untranslated copy of its page in another locale", () => {
    const files = [contentFile('zh-Hans', 'docs', 'a.md', fm('slug: b\n')), contentFile('zh-Hans', 'docs', 'b.md'), contentFile('en', 'docs', 'b.md')];
    const { diagnostics } = planEntries(config, files);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(['content/zh-Hans/docs/a.md:3 permalink collision: /docs/b is also produced by content/zh-Hans/docs/b.md']);
    // A translation that has the slug too collides in its own locale: told there.
    const both = planEntries(config, [...files, contentFile('en', 'docs', 'a.md', fm('slug: b\n'))]).diagnostics;
    expect(both.map((d) => `${d.file}:${d.line}`)).toEqual(['content/zh-Hans/docs/a.md:3', 'content/en/docs/a.md:3']);
  });

  it('reports a page that its slug puts on another page\'s address at its slug line', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'a.md'), contentFile('zh-Hans', 'docs', 'b.md', fm('description: d\nslug: a\n'))], zhOnly);
    expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(['content/zh-Hans/docs/b.md:4 permalink collision: /docs/a is also produced by content/zh-Hans/docs/a.md']);
  });

  it('reports permalinks that differ only in case (they clash on case-insensitive disks)', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'Guide.md'), contentFile('zh-Hans', 'docs', 'guide.md')], zhOnly);
    expect(diagnostics.map((d) => `${d.file}: ${d.message}`)).toEqual([
      'content/zh-Hans/docs/guide.md: case-only permalink collision: /docs/guide is also produced by content/zh-Hans/docs/Guide.md (/docs/Guide)',
    ]);
  });

  it('reports a folder index clashing with a page of the same name', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'pages', 'legal.md'), contentFile('zh-Hans', 'pages', 'legal/index.md')], zhOnly);
    expect(diagnostics.map((d) => d.message)).toEqual(['permalink collision: /legal/ is also produced by content/zh-Hans/pages/legal.md']);
  });

  it('reports a collision of default locale files once, not again for their English fallbacks', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'a.md', fm('slug: b\n')), contentFile('zh-Hans', 'docs', 'b.md')]);
    expect(diagnostics).toHaveLength(1);
  });

  it('does not mix up the same path in two locales', () => {
    const { diagnostics } = planEntries(config, [contentFile('zh-Hans', 'docs', 'a.md'), contentFile('en', 'docs', 'a.md')]);
    expect(diagnostics).toEqual([]);
  });
});

describe('urlPathOf and outputFileOf', () => {
  const [zh, en] = config.locales;
  const based = siteConfig({ baseUrl: '/glint/' });

  it('prefixes the locale path and the baseUrl', () => {
    expect(urlPathOf(config, zh, '/docs/faqs/')).toBe('/docs/faqs/');
    expect(urlPathOf(config, en, '/docs/faqs/')).toBe('/en/docs/faqs/');
    expect(urlPathOf(config, en, '/')).toBe('/en/');
    expect(urlPathOf(based, en, '/blog')).toBe('/glint/en/blog');
  });

  it('writes each page as an index.html in its folder', () => {
    expect(outputFileOf(config, '/en/docs/faqs/safe-mode')).toBe('en/docs/faqs/safe-mode/index.html');
    expect(outputFileOf(config, '/docs/faqs/')).toBe('docs/faqs/index.html');
    expect(outputFileOf(config, '/')).toBe('index.html');
    expect(outputFileOf(config, '/en/')).toBe('en/index.html');
  });

  it('writes .html paths as they are', () => {
    expect(outputFileOf(config, '/en/404.html')).toBe('en/404.html');
    expect(outputFileOf(config, '/404.html')).toBe('404.html');
  });

  it('strips the baseUrl', () => {
    expect(outputFileOf(based, '/glint/en/blog/page/2')).toBe('en/blog/page/2/index.html');
    expect(outputFileOf(based, '/glint/')).toBe('index.html');
  });
});
