import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { REPO, configSource, md, writeSite } from '../helpers/site';
import { CONTENT_FAULTS, TARGET, faultySite } from './linkFixture';

/** `sitegen <command>` on the site in `dir`: its exit code and everything it printed. */
async function run(dir: string, command: 'build' | 'check-links') {
  let out = '';
  const code = await main(['node', 'sitegen', command, '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
  return { code, out };
}

const build = (dir: string) => run(dir, 'build');

const lines = (out: string, file: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith(file))
    .map((l) => l.replace(/ \(on .*$/, ''));

describe('build-time link, anchor and image pass', () => {
  it('finds every fault, names the source file and line, and raises no false alarm', async () => {
    const r = await build(faultySite());
    expect(r.code).toBe(1);
    expect(lines(r.out, 'content/zh-Hans/docs/a.md')).toEqual(CONTENT_FAULTS);
    // The English fallback of a.md has the same faults: reported once, at the same source line.
    expect(r.out).not.toContain('/en/docs/nope');
    expect(r.out).not.toContain('link /en/docs/en-only does not exist');
    // Nothing else at all: the valid look-alikes raise no alarm, in either locale; the layout's link once per locale.
    const all = r.out.split('\n').filter((l) => /(error|warning)\[/.test(l));
    expect(all.filter((l) => !l.startsWith('content/zh-Hans/docs/a.md:')).map((l) => l.replace(/^\S+ /, ''))).toEqual([
      'error[broken-link] navbar[0].to: link /docs/missing-nav does not exist (on 6 pages, e.g. /docs/a)',
      'error[broken-link] navbar[0].to: link /en/docs/missing-nav does not exist (on 7 pages, e.g. /en/docs/a)',
    ]);
    expect(all).toHaveLength(9);
    expect(r.out).toMatch(/6 errors · 3 warnings/);
  }, 60_000);

  it('reports a broken navbar entry of the config once per locale, at the config with its key, with the count', async () => {
    const r = await build(faultySite());
    const layout = r.out.split('\n').filter((l) => l.includes('/docs/missing-nav'));
    expect(layout).toHaveLength(2); // one per locale: /docs/missing-nav and /en/docs/missing-nav
    expect(layout[0]).toMatch(/^site\.config\.ts:8 error\[broken-link\] navbar\[0\]\.to: link \/docs\/missing-nav does not exist \(on \d+ pages, e\.g\. \/docs\/a\)$/);
  }, 60_000);

  it("reports the config's navbar, footer and announcement links at the entry's own line and key: a hash: anchor, an own-site https:// address", async () => {
    const extra = `navbar: [
    { label: 'A', to: '/docs/a' },
    { label: 'Missing', to: '/docs/missing-nav' },
    { label: 'Anchor', to: '/docs/a', hash: 'no-such-id' },
    { label: 'Absolute', to: 'https://test.example/docs/missing-abs' },
  ],
  footer: { columns: [{ title: 'Docs', items: [
    { label: 'A', to: '/docs/a' },
    { label: 'Gone', to: '/docs/missing-foot' },
  ] }] },
  announcement: {
    id: 'x',
    content: { 'zh-Hans': '见 <a href="/docs/missing-ann">这里</a>。', en: 'Fine.' },
  },`;
    const dir = writeSite({
      'site.config.ts': configSource(extra).replace(/themeDir: .*\n/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n`),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /^site\.config\.ts.*(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''))).toEqual([
      'site.config.ts:10 error[broken-link] navbar[1].to: link /docs/missing-nav does not exist',
      'site.config.ts:10 error[broken-link] navbar[1].to: link /en/docs/missing-nav does not exist',
      'site.config.ts:11 warning[broken-anchor] navbar[2].hash: anchor #no-such-id does not exist on /docs/a',
      'site.config.ts:11 warning[broken-anchor] navbar[2].hash: anchor #no-such-id does not exist on /en/docs/a',
      'site.config.ts:12 error[broken-link] navbar[3].to: link https://test.example/docs/missing-abs points to /docs/missing-abs, which does not exist',
      'site.config.ts:16 error[broken-link] footer.columns[0].items[1].to: link /docs/missing-foot does not exist',
      'site.config.ts:16 error[broken-link] footer.columns[0].items[1].to: link /en/docs/missing-foot does not exist',
      'site.config.ts:20 error[broken-link] announcement.content.zh-Hans: link /docs/missing-ann does not exist',
    ]);
  }, 60_000);

  it('on a site under a baseUrl, hints the address under it at a link or image written without it (the announcement\'s HTML, a static page)', async () => {
    const extra = `baseUrl: '/repo/',
  announcement: { id: 'x', content: 'See <a href="/docs/a">A</a> <img src="/img/logo.svg" alt="">' },`;
    const dir = writeSite({
      'site.config.ts': configSource(extra).replace(/themeDir: .*\n/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n`),
      'content/static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'content/static/landing/index.html': '<!DOCTYPE html><html><head><title>Landing</title><meta name="description" content="l"></head><body><a href="/docs/a">a</a> <a href="/repo/">home</a></body></html>\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    const told = (out: string) => out.split('\n').filter((l) => /error\[|^  hint/.test(l)).map((l) => l.replace(/ \(on .*$/, ''));
    expect(told(r.out)).toEqual([
      'site.config.ts:9 error[broken-link] announcement.content: link /docs/a does not exist',
      '  hint: did you mean /repo/docs/a? (the site is under baseUrl /repo/)',
      'site.config.ts:9 error[broken-image] announcement.content: image /img/logo.svg does not exist',
      '  hint: did you mean /repo/img/logo.svg? (the site is under baseUrl /repo/)',
    ]);
    writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(dir, 'site.config.ts'), 'utf8').replace('href="/docs/a"', 'href="/repo/docs/a"').replace('src="/img/logo.svg"', 'src="/repo/img/logo.svg"'));
    expect((await build(dir)).code).toBe(0);
    const { code, out } = await run(dir, 'check-links');
    expect(code).toBe(1);
    expect(told(out)).toEqual(['content/static/landing/index.html:1 error[broken-link] link /docs/a does not exist', '  hint: did you mean /repo/docs/a? (the site is under baseUrl /repo/)']);
  }, 60_000);

  it("reports a sidebar's broken link at its line in sidebars.yaml, once for its pages in every locale, by the build and by check-links", async () => {
    const dir = writeSite({
      'content/sidebars.yaml': 'guide:\n  - a\n  - label: More\n    items:\n      - b\n      - { label: Old page, href: /docs/gone }\n      - { label: Release notes, href: /blog }\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Text.\n'),
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => l.includes('/docs/gone'))).toEqual([
      'content/sidebars.yaml:6 error[broken-link] sidebar link: link /docs/gone does not exist (on 2 pages, e.g. /docs/a)',
      'content/sidebars.yaml:6 error[broken-link] sidebar link: link /en/docs/gone does not exist (on 2 pages, e.g. /en/docs/a)',
    ]);
    // check-links on a build that let it through says the same.
    writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(dir, 'site.config.ts'), 'utf8').replace('defineConfig({', "defineConfig({ links: { onBrokenLinks: 'warn' },"));
    expect((await build(dir)).code).toBe(0);
    const { code, out } = await run(dir, 'check-links');
    expect(code).toBe(1);
    expect(out.split('\n').filter((l) => l.includes('/docs/gone'))).toEqual([
      expect.stringMatching(/^content\/sidebars\.yaml:6 error\[broken-link\] sidebar link: link \/docs\/gone does not exist/),
      expect.stringMatching(/^content\/sidebars\.yaml:6 error\[broken-link\] sidebar link: link \/en\/docs\/gone does not exist/),
    ]);
  }, 60_000);

  it('warns at its line of an image loaded by http:// on an https:// site (mixed content)', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n\n![shot](http://cdn.example/shot.png)\n\n[a page](http://other.example/page)\n'),
    });
    const r = await build(dir);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('mixed-content'))).toEqual([
      'content/zh-Hans/docs/a.md:8 warning[mixed-content] image http://cdn.example/shot.png is loaded by http:// on an https:// site: browsers ask for it by https:// instead, and show nothing if that fails (mixed content)',
    ]);
  }, 60_000);

  it('reports a missing script of the config once, at the config with its key and line', async () => {
    const r = await build(faultySite("scripts: ['/missing.js'],"));
    const scripts = r.out.split('\n').filter((l) => l.includes('/missing.js'));
    expect(scripts).toEqual([expect.stringMatching(/^site\.config\.ts:8 error\[broken-link\] scripts\[0\]: link \/missing\.js does not exist \(on \d+ pages, e\.g\. /)]);
  }, 60_000);

  it('suggests the closest page for a broken link', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](/docs/bb).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
    });
    const r = await build(dir);
    expect(r.out).toMatch(/content\/zh-Hans\/docs\/a\.md:6 error\[broken-link\] link \/docs\/bb does not exist\n  hint: did you mean \/docs\/b\?/);
  }, 60_000);

  it('suggests the page a link typed in the wrong case spells, not another one as many edits away', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](/Docs/B).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
    });
    const r = await build(dir);
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 error[broken-link] link /Docs/B does not exist\n  hint: did you mean /docs/b?\n');
  }, 60_000);

  it("tells an image or file in a folder named with _ that it is not published, not that it does not exist, until it is gone", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '![](./_img/a.png)\n\n[zip](./_files/a.zip) ![](./_b.png)\n\n![](./_img/none.png)\n'),
      'content/zh-Hans/docs/_img/a.png': 'png',
      'content/zh-Hans/docs/_files/a.zip': 'zip',
      'content/zh-Hans/docs/_b.png': 'png',
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, '![](./_img/a.png)\n'),
      'content/en/docs/_img/a.png': 'png',
    });
    const told = (out: string) => out.split('\n').filter((l) => /(error|warning)\[|^  hint/.test(l));
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(told(r.out)).toEqual([
      'content/en/docs/a.md:6 error[broken-image] image /en/docs/_img/a.png is not published: content/en/docs/_img/a.png is there, but in a folder named with _ (_img/): such folders hold partials, which are not published',
      '  hint: move the file out of _img/, or rename the folder without the _',
      'content/zh-Hans/docs/a.md:6 error[broken-image] image /docs/_img/a.png is not published: content/zh-Hans/docs/_img/a.png is there, but in a folder named with _ (_img/): such folders hold partials, which are not published',
      '  hint: move the file out of _img/, or rename the folder without the _',
      'content/zh-Hans/docs/a.md:8 error[broken-link] link /docs/_files/a.zip is not published: content/zh-Hans/docs/_files/a.zip is there, but in a folder named with _ (_files/): such folders hold partials, which are not published',
      '  hint: move the file out of _files/, or rename the folder without the _',
      'content/zh-Hans/docs/a.md:8 error[broken-image] image /docs/_b.png is not published: content/zh-Hans/docs/_b.png is there, but named with _: such files are partials, which are not published',
      '  hint: rename the file without the _',
      'content/zh-Hans/docs/a.md:10 error[broken-image] image /docs/_img/none.png does not exist',
    ]);
    // The verdicts the warm build keeps hold only while the file is there.
    rmSync(join(dir, 'content/zh-Hans/docs/_img/a.png'));
    const warm = await build(dir);
    expect(told(warm.out)).toContain('content/zh-Hans/docs/a.md:6 error[broken-image] image /docs/_img/a.png does not exist');
  }, 60_000);

  it('tells a link to a partial, by its file or by its address, that partials are included, not published', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [steps](./_shared/steps.md) and [the steps](/docs/_shared/steps).\n'),
      'content/zh-Hans/docs/_shared/steps.md': '1. Open the panel.\n',
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => /error\[|^  hint/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:6 error[broken-link] ./_shared/steps.md points to docs/_shared/steps.md, a partial (a name on its path starts with _): partials are included in pages, never published at an address of their own',
      '  hint: include it here with <!--@include: ./_shared/steps.md-->, or link to a page that includes it',
      'content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/_shared/steps is not published: content/zh-Hans/docs/_shared/steps.md is there, but it is a partial (a name on its path starts with _): partials are included in pages, never published at an address of their own',
      '  hint: link to a page that includes it',
    ]);
  }, 60_000);

  it('reports a missing video poster or object file of raw HTML at its line', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n\n<video controls\n  poster="/img/poster.png"></video>\n\n<object data="/files/g.pdf"></object>\n'),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => l.includes('error['))).toEqual([
      'content/zh-Hans/docs/a.md:9 error[broken-image] image /img/poster.png does not exist',
      'content/zh-Hans/docs/a.md:11 error[broken-image] image /files/g.pdf does not exist',
    ]);
  }, 60_000);

  it('checks the links of raw HTML in SVG, forms, cited sources and preloaded images, and no id inside a <template>', async () => {
    const body = [
      '<svg><use href="/img/missing-sprite.svg#icon"></use></svg>',
      '<svg><image href="/img/missing.png"></image></svg>',
      '<svg><a xlink:href="/docs/missing-xlink"><text>t</text></a></svg>',
      '<form action="/docs/missing-form"><button>Go</button></form>',
      '<link rel="preload" as="image" href="/img/a.svg" imagesrcset="/img/missing-preload.png 2x">',
      '<blockquote cite="/docs/missing-cite">Quoted.</blockquote> <blockquote cite="Albert Einstein">A name, not an address.</blockquote>',
      '<template><p id="in-template">Hidden.</p></template>',
      '[template](#in-template)',
      '<svg><use href="/img/a.svg#i"></use><a xlink:href="/docs/a"><text>ok</text></a></svg> <form action="/docs/a"></form>',
    ].join('\n\n');
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, `${body}\n`),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:6 error[broken-image] image /img/missing-sprite.svg#icon points to /img/missing-sprite.svg, which does not exist',
      'content/zh-Hans/docs/a.md:8 error[broken-image] image /img/missing.png does not exist',
      'content/zh-Hans/docs/a.md:10 error[broken-link] link /docs/missing-xlink does not exist',
      'content/zh-Hans/docs/a.md:12 error[broken-link] link /docs/missing-form does not exist',
      'content/zh-Hans/docs/a.md:14 error[broken-image] image /img/missing-preload.png does not exist',
      'content/zh-Hans/docs/a.md:16 error[broken-link] link /docs/missing-cite does not exist',
      'content/zh-Hans/docs/a.md:20 warning[broken-anchor] anchor #in-template does not exist on /docs/a',
    ]);
  }, 60_000);

  it("checks a link to the site's own address written absolute, http:// or https://, as the site path it is, at its line", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '[h](http://test.example/docs/missing) and\n[s](https://test.example/docs/missing-too) and [ok](http://test.example/docs/a).\n'),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:6 error[broken-link] link http://test.example/docs/missing points to /docs/missing, which does not exist',
      'content/zh-Hans/docs/a.md:7 error[broken-link] link https://test.example/docs/missing-too points to /docs/missing-too, which does not exist',
    ]);
  }, 60_000);

  it('checks a link in an admonition\'s title at its line, the [title] form with a link in it being an admonition still', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, ':::tip[See [b](/docs/nope)]\nBody.\n:::\n'),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => l.includes('error['))).toEqual(['content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/nope does not exist']);
    const ok = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, ':::tip[See [b](./b.md)]\nBody.\n:::\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
    });
    expect((await build(ok)).code).toBe(0);
    const html = parse(readFileSync(join(ok, 'dist/docs/a/index.html'), 'utf8'));
    expect(html.querySelector('.admonition-tip .admonition-title')?.innerHTML).toBe('See <a href="/docs/b">b</a>');
    expect(html.querySelector('main')?.textContent).not.toContain(':::');
  }, 60_000);

  it('prints a problem found twice at one place once, and counts it once', async () => {
    // The same missing anchor written as it is and percent-encoded, on one line.
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '见[安装](#安装)和[安装](#%E5%AE%89%E8%A3%85)。\n') });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #安装 does not exist on /docs/a']);
    expect(r.out).toMatch(/0 errors · 1 warning · /);
  }, 60_000);

  it('follows the configured severities: anchors as errors, links off', async () => {
    const r = await build(faultySite("links: { onBrokenAnchors: 'error', onBrokenLinks: 'off', onBrokenImages: 'warn' },"));
    expect(r.code).toBe(1);
    expect(r.out).toContain('error[broken-anchor] anchor #nope does not exist');
    expect(r.out).not.toContain('[broken-link]');
    expect(r.out).toContain('warning[broken-image]');
  }, 60_000);

  it('takes the files the build writes besides pages as link targets: the sitemap, the search index and its page texts', async () => {
    // The link check runs while a worker thread may still be building the search index: its files are
    // known by path beforehand, and a page text the index will not have is still a broken link.
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Raw data: [sitemap](/sitemap.xml), [index](/search-index.json), [text](/search-text/0.json), [en](/en/search-index.json), [none](/search-text/40.json).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'Raw data: [index](/en/search-index.json), [text](/en/search-text/0.json), [zh](/search-index.json), [sitemap](/sitemap.xml), [robots](/robots.txt).\n'),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual(['content/zh-Hans/docs/a.md:6 error[broken-link] link /search-text/40.json does not exist']);
    // The site's root files are the same for both locales: an English page links them where they are (it had linked /en/sitemap.xml).
    const valid = writeSite({ 'content/en/docs/a.md': md({ title: 'A', description: 'a' }, '[sitemap](/sitemap.xml), [robots](/robots.txt), [index](/search-index.json).\n') });
    expect((await build(valid)).code).toBe(0);
    const en = parse(readFileSync(join(valid, 'dist/en/docs/a/index.html'), 'utf8'));
    expect(en.querySelectorAll('[data-sg-html] a').map((a) => a.getAttribute('href'))).toEqual(['/sitemap.xml', '/robots.txt', '/en/search-index.json']);
  }, 60_000);

  it('finds a heading typed with decomposed accents from a link typed composed, and the other way round', async () => {
    const nfd = 'Cafe\u0301 cre\u0300me'; // "Café crème" as macOS file names and some editors write it
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, `See [1](./b.md#café-crème), [2](./b.md#${'café-crème'.normalize('NFD')}), [3](#${'Ré'.normalize('NFD').toLowerCase()}).\n\n## Ré\n`),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, `## ${nfd}\n\nText.\n`),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/0 errors · 0 warnings/);
    // What a browser compares: the id and the links' fragments are the same code points (NFC).
    const { readFileSync } = await import('node:fs');
    const a = readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8');
    expect(readFileSync(join(dir, 'dist/docs/b/index.html'), 'utf8')).toContain('id="café-crème"');
    expect(a.match(/href="\/docs\/b#[^"]*"/g)).toEqual(['href="/docs/b#café-crème"', 'href="/docs/b#café-crème"']);
    expect(a).toContain('href="#ré"');
    expect(a).toContain('id="ré"');
  }, 60_000);

  it('passes a site whose links are all valid', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md#setup), [home](/), [blog-less search](/search).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, TARGET),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/0 errors · 0 warnings/);
  }, 60_000);

  it('resolves the relative links of a page with a <base href> in its markdown from the base, as browsers and check-links do, in a warm build too', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn', onBrokenImages: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '<base href="/docs/ref/">\n\nUp [b](../b), [intro](intro) and [api](a).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
      'content/zh-Hans/docs/ref/intro.md': md({ title: 'Intro', description: 'i' }, 'Intro.\n'),
      // Another origin's base: its site paths are that origin's, links out.
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, '<base href="https://cdn.example.com/">\n\nSee [x](/docs/nothing).\n'),
    });
    const told = (out: string) => out.split('\n').filter((l) => /(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, '').replace(/ (?:error|warning)\[/, ' ['));
    // Before: ../b was told broken (it leads to /docs/b), a went unseen (it leads to /docs/ref/a, not to the page itself),
    // and c's /docs/nothing, which a browser asks of cdn.example.com, was told broken on this site.
    const broken = ['content/zh-Hans/docs/a.md:8 [broken-link] link a points to /docs/ref/a, which does not exist'];
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(told(r.out)).toEqual(broken);
    // The link as written looks right: the hint names the base that sent it there.
    expect(r.out).toContain('link a points to /docs/ref/a, which does not exist\n  hint: it is resolved from the page\'s <base href="/docs/ref/">');
    const { out: output } = await run(dir, 'check-links');
    expect(told(output).filter((l) => l.includes(' [broken-'))).toEqual(broken);
    // The API docs copied in: every page is judged again, a's links (its HTML as it was) read from the cache, from its base still.
    mkdirSync(join(dir, 'content/static/docs/ref/a'), { recursive: true });
    writeFileSync(join(dir, 'content/static/docs/ref/a/index.html'), '<!DOCTYPE html>\n<title>API</title>\n');
    const warm = await build(dir);
    expect(told(warm.out)).toEqual([]);
  }, 60_000);

  it("tells the #part links a page's <base href> sends to another page once: the page's own (table of contents, skip link) in one line, a body's at its line, each naming the base", async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn', onBrokenImages: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '<base href="/docs/b">\n\n## One\n\nSee [one](#one).\n\n## Two\n\nTwo.\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, '<base href="/docs/gone/">\n\n## Three\n\nThree.\n'),
    });
    const told = (out: string) => out.split('\n').filter((l) => /(error|warning)\[|^ {2}hint:/.test(l));
    const expected = [
      "content/zh-Hans/docs/a.md warning[broken-anchor] the page's <base href=\"/docs/b\"> sends its own links within the page (#one, #two) to /docs/b, which has none of those ids",
      "  hint: the theme's table of contents and skip link are such links: remove the <base>, or give it the page's own address",
      'content/zh-Hans/docs/a.md:10 warning[broken-anchor] anchor #one does not exist on /docs/b',
      '  hint: the page\'s <base href="/docs/b"> sends even its links within the page there (the theme\'s too: its table of contents, the skip link): remove the <base>',
      "content/zh-Hans/docs/c.md warning[broken-link] the page's <base href=\"/docs/gone/\"> sends its own links within the page (#three) to /docs/gone/, which does not exist",
      "  hint: the theme's table of contents and skip link are such links: remove the <base>, or give it the page's own address",
    ];
    // Before: each table of contents link was told twice (sitegen's theme has the phone's too), with no hint, and again for the English copy.
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(told(r.out)).toEqual(expected);
    // check-links tells them the same way (broken links are its errors whatever the build's setting).
    const broken = (lines: string[]) => lines.filter((l, i) => /\[broken-/.test(l) || /\[broken-/.test(lines[i - 1] ?? '')).map((l) => l.replace(/ (?:error|warning)\[/, ' ['));
    expect(broken(told((await run(dir, 'check-links')).out))).toEqual(broken(expected));
  }, 60_000);

  it('a relative .md link into another locale\'s folder becomes that page\'s address there (baseUrl, slug and fragment kept)', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/',"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Read [the English page](../../en/docs/b.md#setup).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'Read [the Chinese page](../../zh-Hans/docs/a.md).\n'),
      'content/en/docs/b.md': md({ title: 'B', description: 'b', slug: 'bee' }, TARGET),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/0 errors · 0 warnings/);
    const hrefs = (file: string) => parse(readFileSync(join(dir, 'dist', file), 'utf8')).querySelectorAll('main a').map((a) => a.getAttribute('href'));
    expect(hrefs('docs/a/index.html')).toContain('/repo/en/docs/bee#setup');
    expect(hrefs('en/docs/a/index.html')).toContain('/repo/docs/a');
  }, 60_000);

  it('puts the url()s of a raw HTML style attribute under the baseUrl, and checks them as images at their line', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/',"),
      'content/static/img/paper.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'content/zh-Hans/docs/a.md': md(
        { title: 'A', description: 'a' },
        'Text.\n\n<div style="background: url(/img/paper.svg) repeat">a</div>\n<div style=\'background-image: url("/img/paper.svg"), url(#grad), url(data:image/gif;base64,R0lGOD)\'>b</div>\n\n<div\n  style="background: url(/img/none.png)">c</div>\n',
      ),
    });
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => l.includes('error['))).toEqual(['content/zh-Hans/docs/a.md:12 error[broken-image] image /repo/img/none.png does not exist']);
    rmSync(join(dir, 'content/zh-Hans/docs/a.md'));
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, 'Text.\n\n<div style="background: url(/img/paper.svg) repeat">a</div>\n<div style=\'background-image: url("/img/paper.svg"), url(#grad), url(data:image/gif;base64,R0lGOD)\'>b</div>\n'));
    const ok = await build(dir);
    expect(ok.code, ok.out).toBe(0);
    const styles = parse(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8')).querySelectorAll('main div[style]').map((d) => d.getAttribute('style'));
    expect(styles).toEqual(['background: url(/repo/img/paper.svg) repeat', 'background-image: url("/repo/img/paper.svg"), url(#grad), url(data:image/gif;base64,R0lGOD)']);
  }, 60_000);

  it('a relative .md link to a file another locale\'s folder does not have (only a fallback there) or leaves out (a draft) is an error at its line', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [c](../../en/docs/c.md) and\n[d](../../en/docs/d.md).\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, 'Only in Chinese.\n'),
      'content/en/docs/d.md': md({ title: 'D', description: 'd', draft: true }, 'Not yet.\n'),
      'content/en/docs/cc.md': md({ title: 'CC', description: 'cc' }, 'English.\n'),
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[|^  hint/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:6 error[broken-link] ../../en/docs/c.md points to ../en/docs/c.md, which does not exist',
      '  hint: did you mean ../../en/docs/cc.md?',
      'content/zh-Hans/docs/a.md:7 error[broken-link] ../../en/docs/d.md points to ../en/docs/d.md, a draft (draft: true), which this build leaves out',
      '  hint: publish it (remove draft: true), or link to it once it is',
    ]);
  }, 60_000);

  it('a link by address to a draft (a post, the English copy of a doc) says it leads to a draft, in the build and in check-links', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [the post](/blog/2025/03/08/draft-post) and [d](/en/docs/d/).\n'),
      'content/zh-Hans/blog/2025-03-08-draft-post.md': md({ title: 'P', description: 'p', draft: true }, 'Not yet.\n'),
      'content/zh-Hans/docs/d.md': md({ title: 'D', description: 'd' }, 'Chinese.\n'),
      'content/en/docs/d.md': md({ title: 'D', description: 'd', draft: true }, 'Not yet.\n'),
    });
    // Before: "link /blog/2025/03/08/draft-post does not exist".
    const told = [
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog/2025/03/08/draft-post is a draft (content/zh-Hans/blog/2025-03-08-draft-post.md has draft: true), which this build leaves out',
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /en/docs/d/ is a draft (content/en/docs/d.md has draft: true), which this build leaves out',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual(told);
    const { out: output } = await run(dir, 'check-links');
    const checked = { output };
    expect(checked.output.split('\n').filter((l) => l.includes('[broken-link]'))).toEqual(told.map((l) => l.replace('warning[', 'error[')));
  }, 60_000);

  it('a link to the blog of a locale without a post says why it is not there: its posts are drafts, or it has none, in the build and in check-links', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [the blog](/blog), [its tags](/blog/tags/) and [the English one](/en/blog).\n'),
      'content/zh-Hans/blog/2025-03-08-first.md': md({ title: 'P', description: 'p', draft: true }, 'Not yet.\n'),
      'content/zh-Hans/blog/2025-03-09-second.md': md({ title: 'Q', description: 'q', draft: true }, 'Not yet.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'No link.\n'),
    });
    // Before: "link /blog does not exist", the posts right there in content/zh-Hans/blog/.
    const why = 'does not exist: the blog has no post to list (content/zh-Hans/blog/2025-03-08-first.md and 1 more are drafts)';
    const told = [
      `content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog ${why}`,
      '  hint: publish a post (remove draft: true), or link to the blog once it has one',
      `content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog/tags/ ${why}`,
      '  hint: publish a post (remove draft: true), or link to the blog once it has one',
      `content/zh-Hans/docs/a.md:6 warning[broken-link] link /en/blog ${why}`,
      '  hint: publish a post (remove draft: true), or link to the blog once it has one',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[broken|^  hint/.test(l))).toEqual(told);
    const { out: output } = await run(dir, 'check-links');
    expect(output.split('\n').filter((l) => l.includes('[broken-link]'))).toEqual(told.filter((l) => !l.startsWith('  ')).map((l) => l.replace('warning[', 'error[')));
    // No post at all: the folder that would hold them.
    rmSync(join(dir, 'content/zh-Hans/blog'), { recursive: true });
    const none = await build(dir);
    expect(none.out.split('\n').filter((l) => /warning\[broken|^  hint/.test(l)).slice(0, 2)).toEqual([
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog does not exist: the blog has no post to list (content/zh-Hans/blog/ has none)',
      '  hint: write a post (sitegen new post "Title"), or link to the blog once it has one',
    ]);
  }, 60_000);

  it("a link to a tag's or an author's page that only unlisted posts and drafts would have says why it is not there, in the build and in check-links", async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/blog/authors.yml': 'jane:\n  name: Jane\n  page: true\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [tips](/blog/tags/tips), [Jane](/blog/authors/jane) and [news](/blog/tags/news).\n'),
      'content/zh-Hans/blog/2025-03-07-open.md': md({ title: 'O', description: 'o', tags: ['news'] }, 'Listed.\n'),
      'content/zh-Hans/blog/2025-03-08-quiet.md': md({ title: 'Q', description: 'q', tags: ['tips'], authors: ['jane'], unlisted: true }, 'Unlisted.\n'),
      'content/zh-Hans/blog/2025-03-09-soon.md': md({ title: 'S', description: 's', tags: ['tips'], draft: true }, 'Not yet.\n'),
    });
    // Before: "link /blog/tags/tips does not exist", hint: did you mean /blog/tags/news? (a tag the config declares).
    const told = [
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog/tags/tips does not exist: no listed post has the tag “Tips” (content/zh-Hans/blog/2025-03-08-quiet.md and 1 more are unlisted or drafts)',
      '  hint: list one of them (remove unlisted: true or draft: true), or link to one of the posts instead',
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog/authors/jane does not exist: no listed post is by Jane (content/zh-Hans/blog/2025-03-08-quiet.md is unlisted)',
      '  hint: list it (remove unlisted: true), or link to the post instead',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[broken|^  hint/.test(l))).toEqual(told);
    const { out: output } = await run(dir, 'check-links');
    expect(output.split('\n').filter((l) => l.includes('[broken-link]'))).toEqual(told.filter((l) => !l.startsWith('  ')).map((l) => l.replace('warning[', 'error[')));
    // Only the draft has it: publish it.
    writeFileSync(join(dir, 'content/zh-Hans/blog/2025-03-08-quiet.md'), md({ title: 'Q', description: 'q', authors: ['jane'], unlisted: true }, 'Unlisted.\n'));
    const drafted = await build(dir);
    expect(drafted.out.split('\n').filter((l) => /warning\[broken|^  hint/.test(l)).slice(0, 2)).toEqual([
      'content/zh-Hans/docs/a.md:6 warning[broken-link] link /blog/tags/tips does not exist: no listed post has the tag “Tips” (content/zh-Hans/blog/2025-03-09-soon.md is a draft)',
      '  hint: publish it (remove draft: true), or link to the tag once it is',
    ]);
  }, 60_000);

  it("judges a link a rule of the site's own _redirects sends on by where it is sent, in the build and in check-links", async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md(
        { title: 'A', description: 'a' },
        [
          'Moved: [guide](/old-guide), [section](/manual/b#setup) and [post](/news/2024).',
          'Sent nowhere: [x](/moved-away), [anchor](/manual/b#nope), [loop](/ping).',
          'Gone and off-site: [gone](/retired/x), [api](/api/v1/users).',
          'A chain: [c](/chain-a).',
          '',
        ].join('\n'),
      ),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## Setup {#setup}\n\nBack to [a](./a.md).\n'),
      // Site paths in an English page are English ones (/en/old-guide), which these rules do not cover: a translation, not a fallback copy.
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'English.\n'),
      'content/static/_redirects': [
        '# Addresses of the old site',
        '/old-guide    /docs/b',
        '/manual/*     /docs/:splat  302',
        '/news/:year   /docs/b  301',
        '/moved-away   /docs/nowhere',
        '/ping /pong',
        '/pong /ping',
        '/retired/*    /404.html  404',
        '/api/*        https://api.example.com/:splat  200',
        '/half',
        '/chain-a /chain-b 301',
        '/chain-b /chain-c 301',
        '',
      ].join('\n'),
    });
    // Before: each of the six rescued links was "link /old-guide does not exist", and a rule that sent one nowhere went unseen.
    const told = [
      'content/static/_redirects:10 warning[static] the rule for /half says where to send the reader nowhere',
      'content/zh-Hans/docs/a.md:7 warning[broken-link] link /moved-away is redirected by content/static/_redirects:5 to /docs/nowhere, but /docs/nowhere does not exist',
      'content/zh-Hans/docs/a.md:7 warning[broken-anchor] link /manual/b#nope is redirected by content/static/_redirects:3 to /docs/b#nope, but anchor #nope does not exist on /docs/b',
      'content/zh-Hans/docs/a.md:7 warning[broken-link] link /ping is redirected 8 times without reaching a page (the last time by content/static/_redirects:6, to /pong)',
      'content/zh-Hans/docs/a.md:8 warning[broken-link] link /retired/x does not exist',
      // Named as the page writes it, with the last rule of the chain.
      'content/zh-Hans/docs/a.md:9 warning[broken-link] link /chain-a is redirected by content/static/_redirects:12 to /chain-c, but /chain-c does not exist',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told);
    const { code, out: output } = await run(dir, 'check-links');
    expect(code).toBe(1);
    // check-links reads the rules the build wrote (dist/_redirects), at their lines there.
    expect(output).toContain('dist/_redirects:10 warning[static] the rule for /half says where to send the reader nowhere');
    expect(output).toContain('content/zh-Hans/docs/a.md:7 error[broken-link] link /moved-away is redirected by dist/_redirects:5 to /docs/nowhere, but /docs/nowhere does not exist');
    expect(output).toContain('content/zh-Hans/docs/a.md:8 error[broken-link] link /retired/x does not exist');
    expect(output).not.toMatch(/\/old-guide|\/manual\/b#setup|\/news\/2024|\/api\/v1/);
    // Reached only by links the rules send on, B is no orphan page.
    expect(output).not.toContain('no page links to /docs/b');
    // The rules fixed, the next build (its link state kept from this one) judges again by them.
    const rules = join(dir, 'content/static/_redirects');
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('/moved-away   /docs/nowhere', '/moved-away   /docs/b'));
    const again = await build(dir);
    expect(again.out).not.toContain('/moved-away');
    expect(again.out).toContain('link /ping is redirected 8 times');
  }, 60_000);

  it('judges a link to a page a forced rule (301!) sends on where it is sent, the page there or not, in the build and in check-links', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [old](/docs/old#setup) and [kept](/docs/kept#setup).\n'),
      'content/zh-Hans/docs/old.md': md({ title: 'Old', description: 'o' }, '## Setup {#setup}\n\nText.\n'),
      'content/zh-Hans/docs/kept.md': md({ title: 'Kept', description: 'k' }, '## Setup {#setup}\n\nText.\n'),
      'content/zh-Hans/docs/new.md': md({ title: 'New', description: 'n' }, 'No setup here.\n'),
      'content/static/_redirects': '/docs/old /docs/new 301!\n/docs/kept /docs/new 301\n',
    });
    // Before: nothing told, though on the host every reader of /docs/old lands on /docs/new, which has no #setup.
    const told = ['content/zh-Hans/docs/a.md:6 warning[broken-anchor] link /docs/old#setup is redirected by content/static/_redirects:1 to /docs/new#setup, but anchor #setup does not exist on /docs/new'];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told);
    const { out: output } = await run(dir, 'check-links');
    expect(output.split('\n').filter((l) => l.includes('[broken-anchor]'))).toEqual([told[0]!.replace('content/static/_redirects', 'dist/_redirects')]);
  }, 60_000);

  it("judges a link a rule on the query sends on by the query's values, as the host and the dev server match it, in the build and in check-links", async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md(
        { title: 'A', description: 'a' },
        ['Sent on: [five](/shop?id=5) and [b](/store?id=b#setup).', '', 'Not sent on: [six](/shop?id=6).', '', 'Sent nowhere: [gone](/store?x=1&id=gone).', ''].join('\n'),
      ),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## Setup {#setup}\n\nBack to [a](./a.md).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'English.\n'),
      'content/static/_redirects': '/shop id=5 /docs/b 301\n/store id=:id /docs/:id 301\n',
    });
    // Before: /shop?id=6 passed (the rule asks for id=5; the host answers it 404) and /store?id=gone was trusted unjudged.
    const told = [
      'content/zh-Hans/docs/a.md:8 warning[broken-link] link /shop?id=6 points to /shop, which does not exist',
      'content/zh-Hans/docs/a.md:10 warning[broken-link] link /store?x=1&id=gone is redirected by content/static/_redirects:2 to /docs/gone, but /docs/gone does not exist',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told);
    const { code, out: output } = await run(dir, 'check-links');
    expect(code).toBe(1);
    expect(output.split('\n').filter((l) => l.includes('[broken-link]')).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told.map((l) => l.replace('warning', 'error').replace('content/static/_redirects', 'dist/_redirects')));
  }, 60_000);

  it('follows a chain of rules on the query with the query passed on, and stops at a rewrite, as the host and the dev server do, in the build and in check-links', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, ['Sent on twice: [c](/old?id=1).', '', 'Sent nowhere: [gone](/from?id=gone).', '', 'Its own query: [pin](/pin?id=1).', '', 'Rewritten: [c](/shown) and [mid](/rewritten).', ''].join('\n')),
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, 'Back to [a](./a.md).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'English.\n'),
      'content/static/_redirects': ['/old id=1 /mid 301', '/mid id=1 /docs/c 301', '/from id=:id /to 301', '/to id=:id /docs/:id 301', '/pin id=1 /mid?id=2 301', '/shown /docs/c 200', '/rewritten /moved 200', '/moved /docs/c 301', ''].join('\n'),
    });
    // Before: /old?id=1 was "redirected by content/static/_redirects:1 to /mid, but /mid does not exist" (the query left behind,
    // where the host sends the reader to /mid?id=1 and on to /docs/c), and /from?id=gone the same at /to.
    const told = [
      'content/zh-Hans/docs/a.md:8 warning[broken-link] link /from?id=gone is redirected by content/static/_redirects:4 to /docs/gone, but /docs/gone does not exist',
      // A rule that names its own query sends that one on, not the link's.
      'content/zh-Hans/docs/a.md:10 warning[broken-link] link /pin?id=1 is redirected by content/static/_redirects:5 to /mid?id=2, but /mid does not exist',
      // A rewrite (200) serves its address as it is: the host runs no rule again (before: passed, sent on by /moved's rule; the dev server answers it 404).
      'content/zh-Hans/docs/a.md:12 warning[broken-link] link /rewritten is redirected by content/static/_redirects:7 to /moved, but /moved does not exist',
    ];
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told);
    const { code, out: output } = await run(dir, 'check-links');
    expect(code).toBe(1);
    expect(output.split('\n').filter((l) => l.includes('[broken-link]')).map((l) => l.replace(/ \(on .*$/, ''))).toEqual(told.map((l) => l.replace('warning', 'error').replace('content/static/_redirects', 'dist/_redirects')));
    // Reached only through the chain, C is no orphan page (before: "no page links to /docs/c").
    expect(output).not.toContain('no page links to /docs/c');
  }, 60_000);

  it('rescues no link with a rule that catches every address of a site under a baseUrl (/repo/* /repo/index.html 200), as /* at the root', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/', links: { onBrokenLinks: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [gone](/docs/gone) and [moved](/old-guide).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'English.\n'),
      'content/static/_redirects': '/repo/old-guide /repo/docs/a\n/repo/* /repo/index.html 200\n',
    });
    // Before: the catch-all sent /repo/docs/gone to the home page, and the build and check-links told nothing.
    const r = await build(dir);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[/.test(l))).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-link] link /repo/docs/gone does not exist']);
    const { code, out: output } = await run(dir, 'check-links');
    expect(code).toBe(1);
    expect(output.split('\n').filter((l) => l.includes('[broken-link]'))).toEqual(['content/zh-Hans/docs/a.md:6 error[broken-link] link /repo/docs/gone does not exist']);
  }, 60_000);

  it('tells a broken link, image and anchor in a blog post once, at its line, by the build and by check-links: the lists that show the post repeat none of them at the theme', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'warn', onBrokenImages: 'warn', onBrokenAnchors: 'warn' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }),
      // Listed whole on the blog list and the tag's page, as an excerpt would be.
      'content/zh-Hans/blog/2024-05-01-p.md': md({ title: 'P', description: 'p', tags: ['news'] }, 'See [gone](/docs/gone), [nope](#nope) and ![img](./pic.png).\n'),
    });
    const problems = (out: string) => out.split('\n').filter((l) => /(error|warning)\[/.test(l));
    const told = [
      'content/zh-Hans/blog/2024-05-01-p.md:7 warning[broken-link] link /docs/gone does not exist',
      'content/zh-Hans/blog/2024-05-01-p.md:7 warning[broken-anchor] anchor #nope does not exist on /blog/2024/05/01/p',
      'content/zh-Hans/blog/2024-05-01-p.md:7 warning[broken-image] image /blog/pic.png does not exist',
    ];
    const built = await build(dir);
    expect(built.code).toBe(0);
    expect(problems(built.out).sort()).toEqual([...told].sort());
    const { out } = await run(dir, 'check-links');
    // check-links holds links and images to be errors (and tells of orphan pages and such besides).
    expect(problems(out).filter((l) => l.includes('[broken-')).sort()).toEqual(told.map((l) => l.replace(/warning(?=\[broken-(link|image))/, 'error')).sort());
  }, 60_000);

  it('a theme folder without server.tsx is an error that names themeDir, and nothing is written', async () => {
    const dir = writeSite({
      'site.config.ts': configSource().replace(/themeDir: .*\n/, "themeDir: 'en',\n"),
      'en/readme.txt': 'not a theme',
      'content/zh-Hans/docs/a.md': md({ title: 'A' }),
    });
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[|^  hint/.test(l))).toEqual([
      'en/server.tsx error[theme] the theme folder has no server.tsx, so no page can be rendered',
      '  hint: themeDir in the config names a folder holding server.tsx and client.tsx (it is "en"); without themeDir, sitegen\'s own theme is used, and a theme folder without server.tsx holds files that replace some of its own',
    ]);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  }, 60_000);

  it('a theme without its page component is an error (SPEC 5: no default export)', async () => {
    const dir = writeSite({
      'theme/server.tsx': "export const headScript = '';\nexport const routeTitles = {};\n",
      'theme/client.tsx': '',
      'site.config.ts': configSource().replace(/themeDir: .*\n/, ''),
      'content/zh-Hans/docs/a.md': md({ title: 'A' }),
    });
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^theme\/server\.tsx error\[theme\] the theme does not export App/m);
  }, 60_000);
});
