import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { BIN, configSource, md, MINIMAL_THEME, REPO, writeSite } from '../helpers/site';
import type { Pool } from '../../src/workers/pool';

async function build(dir: string, args: string[] = []) {
  let out = '';
  const code = await main(['node', 'sitegen', 'build', '--config', join(dir, 'site.config.ts'), ...args], {
    out: (t) => void (out += t),
    err: (t) => void (out += t),
    interactive: false,
  });
  return { code, out };
}

const ok = md({ title: 'OK', description: 'fine' }, 'Fine.\n');

/** Builds a site with one extra file and returns the build's exit code and output. */
async function buildWith(files: Record<string, string | Uint8Array>) {
  const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, ...files });
  return build(dir);
}

function expectCleanFailure(result: { code: number; out: string }, line: RegExp) {
  expect(result.code, result.out).toBe(1);
  expect(result.out).toMatch(line);
  expect(result.out).not.toMatch(/\n\s+at .*\(/); // no stack trace
  expect(result.out).toMatch(/build failed: nothing was written/);
}

describe('bad content gives one file:line error and exit 1', () => {
  it('malformed YAML', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: ok\nkeywords: [a, b\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3:11 error\[front-matter\] invalid YAML: the \[ … \] list that starts here is never closed/m);
    // Only that: the keys of a front matter that could not be read (its title, its description) are not reported as missing.
    expect(r.out.match(/^content\/zh-Hans\/docs\/a\.md\S* (error|warning)/gm)).toHaveLength(1);
  });

  it('a content error does not hide the broken links of other pages: one run tells them all, each once, and the last output stays', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'content/zh-Hans/docs/a.md': ok, 'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'See [a](./a.md).\n') });
    expect((await build(dir)).code).toBe(0);
    const before = readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8');
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: [A\n---\nBody\n');
    // Two broken links on one line: the one to a markdown file is told by the markdown stage, the
    // site path only by the check of the rendered page; a link to the page whose front matter failed is not broken.
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'See [a](./a.md).\n\nSee [x](./nope.md) and [y](/docs/missing/).\n'));
    const r = await build(dir);
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:2:8 error\[front-matter\] invalid YAML/m);
    expect(r.out.split('\n').filter((l) => /error\[broken-link\]/.test(l))).toEqual([
      'content/zh-Hans/docs/b.md:8 error[broken-link] ./nope.md points to docs/nope.md, which does not exist',
      'content/zh-Hans/docs/b.md:8 error[broken-link] link /docs/missing/ does not exist',
    ]);
    expect(r.out).toMatch(/· 3 errors/);
    expect(readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'dist/docs/b/index.html'))).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('sitegen-tmp'))).toEqual([]);
    // A page that could not be placed at all (not UTF-8) is not a broken link target, and a malformed URL is told once.
    writeFileSync(join(dir, 'content/zh-Hans/docs/latin.md'), Buffer.from([0xff, 0xfe, 0x41]));
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'See [l](/docs/latin), [n](./latin.md) and [m](/docs/%zz/).\n'));
    const again = await build(dir);
    expect(again.out.split('\n').filter((l) => /error\[/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:2:8 error[front-matter] invalid YAML: the [ … ] list that starts here is never closed',
      'content/zh-Hans/docs/b.md:6 error[broken-link] malformed URL /docs/%zz/',
      'content/zh-Hans/docs/latin.md:1:1 error[encoding] invalid UTF-8 at byte 0',
    ]);
  }, 60_000);

  it('a title that is not a string: one error at the title, none saying it is missing', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ndescription: D\ntitle: [A, B]\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3:8 error\[front-matter\] title: expected a string, got a list/m);
    expect(r.out.match(/^content\/zh-Hans\/docs\/a\.md\S* error/gm)).toHaveLength(1);
  });

  it('a front matter that is a list or a scalar: that one error, not also a missing title and description', async () => {
    for (const [yaml, got] of [['- a\n- b', 'a list'], ['hello', 'the string "hello"']]) {
      const r = await buildWith({ 'content/zh-Hans/docs/a.md': `---\n${yaml}\n---\nBody\n` });
      expectCleanFailure(r, new RegExp(`^content/zh-Hans/docs/a\\.md:2:1 error\\[front-matter\\] front matter: expected a mapping, got ${got}$`, 'm'));
      expect(r.out.match(/^content\/zh-Hans\/docs\/a\.md\S* (error|warning)/gm)).toHaveLength(1);
    }
  });

  it('a description that is not a string: its error, not also the warning that there is none', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: 5\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3:14 error\[front-matter\] description: expected a string, got number 5/m);
    expect(r.out.match(/^content\/zh-Hans\/docs\/a\.md\S* (error|warning)/gm)).toHaveLength(1);
  });

  it('a missing or empty title, at its line', async () => {
    expectCleanFailure(await buildWith({ 'content/zh-Hans/docs/a.md': '---\ndescription: D\n---\nBody\n' }), /^content\/zh-Hans\/docs\/a\.md:1 error\[front-matter\] title is required\n  hint: add title: to the front matter/m);
    expectCleanFailure(await buildWith({ 'content/zh-Hans/docs/a.md': '---\ndescription: D\ntitle: ""\n---\nBody\n' }), /^content\/zh-Hans\/docs\/a\.md:3 error\[front-matter\] title is required\n  hint: give the title a value/m);
  });

  it('an unknown front matter key, with a suggestion', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\ntitel: B\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3:1 error\[front-matter\] titel: unknown key\n  hint: did you mean "title"\?/m);
  });

  it('a misspelt title or description: its one error, not also the title or description said to be missing; an empty description is told at its line', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': '---\ntitel: A\ndescripton: a\n---\nBody\n',
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: ""\n---\nBody\n',
    });
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/a\.md:2:1 error\[front-matter\] titel: unknown key\n  hint: did you mean "title"\?/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/a\.md:3:1 error\[front-matter\] descripton: unknown key\n  hint: did you mean "description"\?/m);
    expect(r.out).not.toMatch(/docs\/a\.md:\d+ (error\[front-matter\] title is required|warning\[meta\] no description)/);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/b\.md:3 warning\[meta\] no description: search engines and share cards will show the site tagline\n  hint: give the description a value$/m);
  });

  it('a wrong type', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\ndraft: "yes"\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3:8 error\[front-matter\] draft: expected true or false, got the string "yes"/m);
  });

  it('an invalid date such as 2024-02-30', async () => {
    const r = await buildWith({ 'content/zh-Hans/blog/2024-02-01-a.md': '---\ntitle: A\ndate: 2024-02-30\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/blog\/2024-02-01-a\.md:3:7 error\[front-matter\] date: 2024-02-30 is not a real calendar date/m);
  });

  it('an invalid date in a post file name', async () => {
    const r = await buildWith({ 'content/zh-Hans/blog/2023-02-29-leap.md': md({ title: 'A' }) });
    expectCleanFailure(r, /^content\/zh-Hans\/blog\/2023-02-29-leap\.md:1 error\[blog\] the date 2023-02-29 in the file name is not a real calendar date/m);
  });

  it('a post whose date: disagrees with its file name, or whose file name starts with a date not written YYYY-MM-DD: a warning each', async () => {
    const r = await buildWith({
      'content/zh-Hans/blog/2025-12-01-moved.md': md({ title: 'Moved', description: 'm', date: '2026-11-26' }, 'Moved.\n'),
      'content/zh-Hans/blog/2026-11-5-loose.md': md({ title: 'Loose', description: 'l', date: '2026-11-05' }, 'Loose.\n'),
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2025-12-01-moved\.md:4 warning\[blog\] date: 2026-11-26 is not the date in the file name \(2025-12-01\); the post is dated 2026-11-26$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2026-11-5-loose\.md:1 warning\[blog\] the file name starts with 2026-11-5, which is not a date written YYYY-MM-DD, so it is not the post's date \(date: 2026-11-05 is\)$/m);
    expect(r.out).toMatch(/ · 0 errors · 2 warnings · /);
  });

  it('unclosed front matter', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\n\nBody without the closing line\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:1:1 error\[front-matter\] front matter is not closed/m);
    expect(r.out.match(/^content\/zh-Hans\/docs\/a\.md\S* (error|warning)/gm)).toHaveLength(1);
  });

  it('invalid UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('---\ntitle: A\n---\nline four\nbad: '), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]);
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': bytes });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:5:6 error\[encoding\] invalid UTF-8/m);
  });

  it('a file saved as UTF-16 (no byte order mark): told as such, not as a page without a title', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': Buffer.from('---\ntitle: A\n---\nBody\n', 'utf16le') });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:1:2 error\[encoding\] a NUL byte at byte 1: the file looks saved as UTF-16, or is not text\n  hint: save the file as UTF-8$/m);
    expect(r.out).not.toMatch(/title is required/);
  });

  it('a share image that does not exist, in the config or in a page, at its line', async () => {
    const r = await buildWith({
      'site.config.ts': configSource("image: '/img/share.png',"),
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\nimage: /img/a-card.png\n---\nBody\n',
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: b\nimage: /img/b.svg\n---\nBody\n',
      'content/static/img/b.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expectCleanFailure(r, /^site\.config\.ts:8 error\[broken-image\] image: \/img\/share\.png does not exist \(the share card of every page without its own image\)\n  hint: put the file in content\/static\//m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/a\.md:4 error\[broken-image\] image: \/img\/a-card\.png does not exist \(the page's share card\)/m);
    expect(r.out.match(/broken-image/g)).toHaveLength(2); // once for a.md, not again for its English fallback; b's exists
  });

  it('a theme component that throws on a page: one line naming the theme and the page, on the main thread and in the workers', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'site.config.ts': configSource().replace(JSON.stringify(MINIMAL_THEME), JSON.stringify('./theme')) });
    cpSync(MINIMAL_THEME, join(dir, 'theme'), { recursive: true });
    const server = join(dir, 'theme/server.tsx');
    writeFileSync(server, readFileSync(server, 'utf8').replace('const d = route.data;', "const d = route.data;\n  if (d.kind === 'notFound') throw new TypeError('no page data for the 404 page');").replace("'../../../../src/types'", JSON.stringify(join(REPO, 'src/types'))));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/index.html'), 'the last good build');
    const r = await build(dir);
    expect(r.code).toBe(1);
    // At the line of the theme's file that threw (its bundle mapped back, on the error only).
    expect(r.out).toMatch(/^theme\/server\.tsx:\d+:\d+ error\[theme\] rendering \/404\.html threw TypeError: no page data for the 404 page\n  hint: a component of the theme failed/m);
    const thrownAt = readFileSync(server, 'utf8').split('\n').findIndex((line) => line.includes('no page data for the 404 page')) + 1;
    expect(r.out).toContain(`theme/server.tsx:${thrownAt}:`);
    expect(r.out).not.toMatch(/\n\s+at .*\(/);
    expect(readdirSync(join(dir, 'dist'))).toEqual(['index.html']);
    const { buildSite } = await import('../../src/build');
    const { loadConfig } = await import('../../src/config/loadConfig');
    const config = await loadConfig({ configFile: join(dir, 'site.config.ts') });
    const failed = await buildSite({ config, write: false, cache: false, renderOn: 'workers' }).then(() => null, (error: unknown) => error);
    expect((failed as { diagnostics?: { message: string }[] }).diagnostics?.map((d) => d.message)).toEqual(['rendering /404.html threw TypeError: no page data for the 404 page']);
  }, 60_000);

  it('a file name a URL path cannot hold (#, ?, %, a space): once, not once per locale', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/c#sharp.md': ok, 'content/zh-Hans/docs/my page.md': ok, 'content/zh-Hans/docs/100%.md': ok });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/c#sharp\.md:1 error\[content\] the page's address \/docs\/c#sharp would hold #, which ends a URL path\n  hint: rename the file \(letters, digits, - and _\), or set slug: in the front matter$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/my page\.md:1 error\[content\] the page's address \/docs\/my page would hold a space/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/100%\.md:1 error\[content\] the page's address \/docs\/100% would hold %/m);
    expect(r.out.match(/error\[/g)).toHaveLength(3);
  });

  it('a slug with a ".." segment: an error at the slug, and nothing written outside the site (or at all)', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/ok.md': ok,
      'content/zh-Hans/docs/a.md': md({ title: 'A', slug: '../../../../../../escaped-by-slug' }, 'Body.'),
      'content/zh-Hans/blog/2024-01-02-b.md': md({ title: 'B', slug: '../..' }, 'Body.'),
      'content/zh-Hans/docs/c.md': md({ title: 'C', slug: 'x//y' }, 'Body.'),
    });
    const r = await build(dir);
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:3 error\[content\] the page's address "\/docs\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/escaped-by-slug" would hold a "\.\." segment\n  hint: a slug names a page inside its section/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2024-01-02-b\.md:3 error\[content\] the page's address "\/blog\/2024\/01\/02\/\.\.\/\.\." would hold a "\.\." segment/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/c\.md:3 error\[content\] the page's address "\/docs\/x\/\/y" would hold an empty segment/m);
    expect(existsSync(join(dir, '../escaped-by-slug'))).toBe(false);
    expect(existsSync(join(dir, 'escaped-by-slug'))).toBe(false);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  });

  it('a free page at the address of a page the site makes: an error at the page, for another locale\'s home too', async () => {
    const r = await buildWith({ 'content/en/pages/search.md': md({ title: 'S' }, 'Body.'), 'content/zh-Hans/pages/en.md': md({ title: 'E' }, 'Body.') });
    expectCleanFailure(r, /^content\/en\/pages\/search\.md:1 error\[duplicate-route\] permalink collision: \/en\/search is the search page\n  hint: rename the file or set a different slug$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/pages\/en\.md:1 error\[duplicate-route\] permalink collision: \/en is the home page$/m);
  });

  it('a free page whose address differs only in case from a page the site makes: an error at the page (one file on macOS and Windows)', async () => {
    const r = await buildWith({ 'content/zh-Hans/blog/2024-01-01-a.md': md({ title: 'A', description: 'a' }, 'Body.'), 'content/zh-Hans/pages/Blog.md': md({ title: 'B', description: 'b' }, 'Body.'), 'content/en/pages/SEARCH.md': md({ title: 'S', description: 's' }, 'Body.') });
    expectCleanFailure(r, /^content\/zh-Hans\/pages\/Blog\.md:1 error\[duplicate-route\] case-only permalink collision: \/Blog differs only in case from \/blog, a blog list page: a case-insensitive disk \(macOS, Windows\) holds the two as one file$/m);
    expect(r.out).toMatch(/^content\/en\/pages\/SEARCH\.md:1 error\[duplicate-route\] case-only permalink collision: \/en\/SEARCH differs only in case from \/en\/search, the search page/m);
  });

  it('static files whose paths differ only in case from another file or a folder of the output: an error at each, the last build kept', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'content/static/img/logo.png': 'a', 'content/static/Img/Logo.png': 'b', 'content/static/Robots.txt': 'c', 'content/static/Docs': 'd', 'content/static/img/other.png': 'e', 'content/static/IMG/third.png': 'f', 'content/static/caf\u00e9.txt': 'g', 'content/static/cafe\u0301.txt': 'h' });
    const r = await build(dir);
    expectCleanFailure(r, /^content\/static\/(img\/logo|Img\/Logo)\.png error\[output\] this static file's path differs only in case from content\/static\/(Img\/Logo|img\/logo)\.png: a case-insensitive disk \(macOS, Windows\) holds the two as one, so one would be lost\n  hint: rename one of them$/m);
    expect(r.out).toMatch(/^content\/static\/Robots\.txt error\[output\] this static file's path differs only in case from the site's robots\.txt:/m);
    expect(r.out).toMatch(/^content\/static\/Docs error\[output\] this static file's path differs only in case from the folder docs\/ of the site:/m);
    // One name with its accent composed or not is one file on macOS too.
    expect(r.out.normalize('NFC')).toMatch(/^content\/static\/café\.txt error\[output\] this static file's path differs only in how its accents are composed from content\/static\/café\.txt:/m);
    // Their folders too: IMG/, Img/ and img/ are one folder there (the first by path, IMG/, is the one the others are told against).
    expect(r.out).toMatch(/^content\/static\/Img error\[output\] this static folder's path differs only in case from content\/static\/IMG\/:/m);
    expect(r.out).toMatch(/^content\/static\/img error\[output\] this static folder's path differs only in case from content\/static\/IMG\/:/m);
    expect(r.out).toMatch(/ · 6 errors · /);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  });

  it('a static folder whose path differs only in case from a folder of the site or another static folder: an error at the folder, once, the last build kept', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'content/static/img/a.png': 'a' });
    expect((await build(dir)).code).toBe(0);
    // Beside the docs pages' docs/, two files in it, told once; and files beside the pages, in folders Pics/ and pics/.
    for (const [path, text] of Object.entries({ 'content/static/Docs/x.png': 'x', 'content/static/Docs/sub/y.png': 'y', 'content/zh-Hans/docs/Pics/a.png': 'a', 'content/zh-Hans/docs/pics/b.png': 'b' })) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const r = await build(dir);
    expectCleanFailure(r, /^content\/static\/Docs error\[output\] this static folder's path differs only in case from the folder docs\/ of the site: a case-insensitive disk \(macOS, Windows\) holds the two as one folder, under one of the two names, so the files of the other would not be at their addresses\n  hint: rename one of them$/m);
    // (A file beside the pages is named from the working folder, here the repository's.)
    expect(r.out).toMatch(/^\S*\/content\/zh-Hans\/docs\/pics error\[output\] this static folder's path differs only in case from \S*\/content\/zh-Hans\/docs\/Pics\/:/m);
    expect(r.out).toMatch(/ · 2 errors · /);
    expect(readFileSync(join(dir, 'dist/img/a.png'), 'utf8')).toBe('a');
    expect(existsSync(join(dir, 'dist/Docs'))).toBe(false);
  });

  it('a file and a folder at one path (a static file where the docs are, a page inside robots.txt): an error, no stack trace, the last build kept', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'content/static/docs': 'a file where the docs folder goes' });
    const first = await build(dir);
    expectCleanFailure(first, /^content\/static\/docs error\[output\] this static file has the path of a folder of the site \(docs\/ok\/index\.html\)/m);
    rmSync(join(dir, 'content/static/docs'));
    expect((await build(dir)).code).toBe(0);
    const before = readFileSync(join(dir, 'dist/index.html'), 'utf8');
    mkdirSync(join(dir, 'content/zh-Hans/pages'), { recursive: true });
    writeFileSync(join(dir, 'content/zh-Hans/pages/robots.txt.md'), md({ title: 'R' }, 'Body.'));
    mkdirSync(join(dir, 'content/static/sitemap.xml'), { recursive: true });
    writeFileSync(join(dir, 'content/static/sitemap.xml/x.txt'), 'inside a generated file');
    const second = await build(dir);
    expectCleanFailure(second, /^content\/zh-Hans\/pages\/robots\.txt\.md:1 error\[output\] the page's address \/robots\.txt would put it inside robots\.txt, a file the site makes itself, so it cannot be written$/m);
    expect(second.out).toMatch(/^content\/static\/sitemap\.xml\/x\.txt error\[output\] this static file would be inside sitemap\.xml, a file the site writes/m);
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'dist/robots.txt/index.html'))).toBe(false);
  }, 60_000);

  it('pages at the addresses of files the site makes: each told at its source file (at the slug when it has one), all at once, in a first build too', async () => {
    const r = await buildWith({
      'content/zh-Hans/pages/sitemap.xml.md': md({ title: 'S', description: 's' }, 'Body.'),
      'content/zh-Hans/pages/robots.md': md({ title: 'R', description: 'r', slug: 'robots.txt' }, 'Body.'),
      'content/en/pages/search-index.json.md': md({ title: 'I', description: 'i' }, 'Body.'),
    });
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => /error\[|^  hint/.test(l))).toEqual([
      "content/en/pages/search-index.json.md:1 error[output] the page's address /en/search-index.json would put it inside en/search-index.json, a file the site makes itself, so it cannot be written",
      "  hint: rename the file or set a different slug (robots.txt, sitemap.xml, page-data.json, search-index.json and the feeds are the site's own files)",
      "content/zh-Hans/pages/robots.md:4 error[output] the page's address /robots.txt would put it inside robots.txt, a file the site makes itself, so it cannot be written",
      "  hint: set a different slug (robots.txt, sitemap.xml, page-data.json, search-index.json and the feeds are the site's own files)",
      "content/zh-Hans/pages/sitemap.xml.md:1 error[output] the page's address /sitemap.xml would put it inside sitemap.xml, a file the site makes itself, so it cannot be written",
      "  hint: rename the file or set a different slug (robots.txt, sitemap.xml, page-data.json, search-index.json and the feeds are the site's own files)",
    ]);
    expect(r.out).toMatch(/build failed: nothing was written .* · 3 errors/);
  }, 60_000);

  it('a heading with an id the site puts on every page (the skip link\'s target, the theme\'s, the generator\'s): a warning at its line, once for a page and its fallback', async () => {
    const r = await buildWith({
      'site.config.ts': configSource().replace(/themeDir: .*\n/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},\n`),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Intro.\n\n## Main {#__main}\n\n:::tip\n\n### SG top\n\n:::\n\n## Root {#__sg}\n\n## Fine {#main}\n'),
    });
    const lines = r.out.split('\n');
    expect(lines.filter((l, i) => l.startsWith('content/zh-Hans/docs/a.md') || lines[i - 1]?.startsWith('content/zh-Hans/docs/a.md'))).toEqual([
      "content/zh-Hans/docs/a.md:8 warning[markdown] heading id #__main is the skip link's target, which every page has, so the page would hold the id twice",
      '  hint: give the heading an id of its own with {#…} (the ids of every page: __sg, __SG_DATA__, __main, sg-top, sg-announcer)',
      'content/zh-Hans/docs/a.md:12 warning[markdown] heading id #sg-top is the focus target at the top of the page, which every page has, so the page would hold the id twice',
      '  hint: give the heading an id of its own with {#…} (the ids of every page: __sg, __SG_DATA__, __main, sg-top, sg-announcer)',
      'content/zh-Hans/docs/a.md:16 warning[markdown] heading id #__sg is the element the page is mounted in, which every page has, so the page would hold the id twice',
      '  hint: give the heading an id of its own with {#…} (the ids of every page: __sg, __SG_DATA__, __main, sg-top, sg-announcer)',
    ]);
  }, 60_000);

  it('a tab group\'s bad sync key: one error at its line and column, with a hint; a word that is no key, a warning', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Intro.\n\n:::tabs key:my os\n== A\nx\n:::\n\n::: code-group pm\n```sh [npm]\nnpm ci\n```\n:::\n') });
    const lines = r.out.split('\n');
    expect(lines.filter((l, i) => l.startsWith('content/zh-Hans/docs/a.md') || lines[i - 1]?.startsWith('content/zh-Hans/docs/a.md'))).toEqual([
      'content/zh-Hans/docs/a.md:8:9 error[markdown] "key:my os" is not a key: a key is one word of letters, digits, ".", "-" and "_"',
      '  hint: write key:my-os',
      'content/zh-Hans/docs/a.md:13:16 warning[markdown] "pm" after ::: code-group does nothing',
      '  hint: to make groups choose together, give them the same sync key, such as ::: code-group key:pm',
    ]);
    expect(r.code).toBe(1);
  }, 60_000);

  it('a config file that is a folder', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    let out = '';
    const code = await main(['node', 'sitegen', 'build', '--config', join(dir, 'content')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
    expect(code).toBe(2);
    expect(out).toMatch(/content error\[config\] the config file is a folder\n  hint: pass --config <file>, such as site\.config\.ts\n/);
  });

  it('a config that throws later, from a callback, mid-build: one line naming the config, exit 2, no stack trace, the last output kept and no temporary folder left', () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    expect(spawnSync(process.execPath, [BIN, 'build'], { cwd: dir }).status).toBe(0);
    // Thrown from a watcher's callback the moment the build makes its temporary folder: nothing awaits it.
    const late = "import { watch } from 'node:fs';\nconst w = watch('.', (_, name) => {\n  if (String(name).includes('sitegen-tmp')) {\n    w.close();\n    throw new Error('late boom');\n  }\n});\n";
    writeFileSync(join(dir, 'site.config.ts'), late + configSource());
    const r = spawnSync(process.execPath, [BIN, 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^site\.config\.ts error\[config\] the config threw after it was loaded \(from a timer or callback\): late boom\n  hint: /m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toMatch(/^built /m);
    expect(readdirSync(dir).filter((name) => name.includes('sitegen-tmp'))).toEqual([]);
    expect(readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8')).toContain('Fine.');
  });

  it('a config that rejects a promise with a string later: the config\'s error too, with the reason', () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    writeFileSync(join(dir, 'site.config.ts'), "setTimeout(() => { Promise.reject('not ready'); }, 0);\n" + configSource());
    const r = spawnSync(process.execPath, [BIN, 'build'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^site\.config\.ts error\[config\] the config threw after it was loaded \(from a timer or callback\): not ready$/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a build cache folder that is a file: an error naming it, not the config', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, '.sitegen-cache': 'not a folder' });
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^\.sitegen-cache error\[cache\] the build cache folder cannot be used \(a file has its name\)\n  hint: make \.sitegen-cache a folder this user can write, or delete it$/m);
    expect(r.out).not.toMatch(/\n\s+at .*\(/);
  });

  it('a static file that links outside the project: an error, and nothing published; a link inside it is copied as its file', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'sitegen-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'a file of the machine');
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'notes/inside.txt': 'a file of the project', 'content/static/keep.txt': 'kept' });
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'content/static/leak.txt'));
    symlinkSync(join(dir, 'notes/inside.txt'), join(dir, 'content/static/inside.txt'));
    const r = await build(dir);
    expectCleanFailure(r, /^content\/static\/leak\.txt error\[static\] links to \S+secret\.txt, outside the project, so the site would publish that file of the machine that builds it\n  hint: copy the file into content\/static\/, or link to one inside the project$/m);
    expect(r.out).not.toMatch(/inside\.txt error/);
    expect(existsSync(join(dir, 'dist/leak.txt'))).toBe(false);
    rmSync(join(dir, 'content/static/leak.txt'));
    expect((await build(dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'dist/inside.txt'), 'utf8')).toBe('a file of the project');
  });

  it('a file name in NFD (as macOS writes it) is the page its NFC spelling names', async () => {
    const nfd = 'cafe\u0301';
    const dir = writeSite({
      [`content/zh-Hans/docs/${nfd}.md`]: md({ title: 'Café', description: 'c' }, 'Body.\n'),
      'content/zh-Hans/docs/ok.md': md({ title: 'OK', description: 'fine' }, `See [café](/docs/caf\u00e9) and [again](./${nfd}.md).\n`),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).not.toMatch(/(error|warning)\[/);
    expect(existsSync(join(dir, 'dist/docs/caf\u00e9/index.html'))).toBe(true);
  });

  it('files that look like pages but are not read as pages, and a misspelt section folder: a warning each', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/ok.md': ok,
      'content/zh-Hans/docs/x.MDX': md({ title: 'X' }, 'MDX.\n'),
      'content/zh-Hans/docs/z.MD': md({ title: 'Z' }, 'Upper.\n'),
      'content/zh-Hans/docs/notes.txt': 'not a page, and not like one',
      'content/zh-Hans/doc/lost.md': md({ title: 'Lost' }, 'Lost.\n'),
    });
    symlinkSync(join(dir, 'content/zh-Hans/docs/ok.md'), join(dir, 'content/zh-Hans/docs/alias.md'));
    execFileSync('mkfifo', [join(dir, 'content/zh-Hans/docs/pipe.md')]);
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/pipe\.md warning\[content\] not read as a page: it is not a regular file \(a named pipe, a socket or a device\)$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/x\.MDX warning\[content\] not read as a page: pages are files ending in \.md or \.mdx \(lower case\)\n  hint: rename it to x\.mdx$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/z\.MD warning\[content\] not read as a page: pages are files ending in \.md or \.mdx \(lower case\)\n  hint: rename it to z\.md$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/alias\.md warning\[content\] not read as a page: it is a symbolic link/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/doc warning\[content\] folder "doc" is not a section \(docs, blog, pages\), so its pages are not read\n  hint: did you mean docs\/\?$/m);
    expect(r.out).not.toMatch(/notes\.txt/);
  });

  it('an output folder that is a link: built where the link leads, the link kept', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    const target = mkdtempSync(join(tmpdir(), 'sitegen-www-'));
    symlinkSync(target, join(dir, 'dist'));
    expect((await build(dir)).code).toBe(0);
    expect(existsSync(join(target, 'docs/ok/index.html'))).toBe(true);
    writeFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), md({ title: 'OK again', description: 'fine' }, 'Fine.\n'));
    expect((await build(dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8')).toContain('OK again');
    expect(readFileSync(join(target, 'docs/ok/index.html'), 'utf8')).toContain('OK again');
  });

  it('an output folder that is a link to the content folder: refused, and the content kept', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    symlinkSync(join(dir, 'content'), join(dir, 'dist'));
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/site\.config\.ts error\[config\] outDir: the output folder is the content folder, which a build would replace \(it is a link to \S+content\)/);
    expect(readFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), 'utf8')).toBe(ok);
    const flag = await build(dir, ['--out', join(dir, 'dist')]);
    expect(flag.code).toBe(2);
    expect(flag.out).toMatch(/--out \S+dist error\[usage\] the output folder is the content folder/);
    expect(existsSync(join(dir, 'content/zh-Hans/docs/ok.md'))).toBe(true);
  });

  it('a contentDir that does not exist: that one error, not also every link of the theme\'s to a page', async () => {
    const r = await buildWith({ 'site.config.ts': configSource("contentDir: 'nope', navbar: [{ label: 'Docs', to: '/docs/ok' }],") });
    expectCleanFailure(r, /^nope error\[content\] the content folder does not exist\n  hint: create it, or set contentDir in site\.config\.ts to the folder that holds zh-Hans\/ and en\/$/m);
    expect(r.out).toMatch(/ · 1 error · 0 warnings · /);
  });

  it('a contentDir that is a file', async () => {
    const r = await buildWith({ 'site.config.ts': configSource("contentDir: 'notes.txt',"), 'notes.txt': 'not a folder' });
    expectCleanFailure(r, /^notes\.txt error\[content\] the content folder is a file\n  hint: contentDir names a folder$/m);
  });

  it('an unclosed HTML comment, which would hide the rest of the page; a body that is only a comment is an empty page', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': md({ title: 'A' }, 'Intro.\n\n<!-- a closed one -->\n\nMore.\n\n<!-- start of a note\n\n## Lost heading\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B' }, '<!-- nothing yet -->\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C' }, 'Write `<!--` to open a comment.\n\n```html\n<!-- an example\n```\n'),
    });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:11 error\[html\] this HTML comment is never closed, so it would hide the rest of the page\n  hint: end it with -->$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/b\.md:4 error\[empty-page\]/m);
    expect(r.out).not.toMatch(/docs\/c\.md:\d+ error/);
  });

  it('a <textarea> or <script> written in prose, which would turn the rest of the page into its text', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': md({ title: 'A' }, 'Intro with `<textarea>` in code.\n\n```html\n<textarea>\n```\n\n输入框翻译支持 <textarea> 和 <input> 元素。\n\n## 下一节\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B' }, 'A closed one: <textarea rows="2">text</textarea>, and a script:\n\n<script>\nconsole.log("<b>")\n</script>\n\nEnd.\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C' }, 'Load it with <SCRIPT src="/x.js">\n'),
    });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:11 error\[html\] this <textarea> is never closed, so the rest of the page would show as its text\n  hint: write it as `<textarea>` in code, or close it with <\/textarea>$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/c\.md:5 error\[html\] this <script> is never closed/m);
    expect(r.out).not.toMatch(/docs\/b\.md:\d+ error/);
  });

  it('an unclosed code fence', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': md({ title: 'A' }, 'Intro.\n\n```js\nconst a = 1;\n\n## Lost heading\n') });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:7:1 error\[markdown\] code fence is not closed/m);
  });

  it('an unknown variable, with a suggestion', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("variables: { product: 'Glint' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A' }, 'Use {{ prodcut }} today.\n'),
    });
    expectCleanFailure(await build(dir), /^content\/zh-Hans\/docs\/a\.md:5:5 error\[variable\] unknown variable \{\{prodcut\}\}\n  hint: did you mean \{\{product\}\}/m);
  });

  it('variables in the sidebar label and the keywords: filled in, and an unknown one an error at its key', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("variables: { product: 'Glint' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', sidebar_label: '{{product}} 概览', keywords: ['{{ product }}', 'plain'] }, 'Body.\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', sidebar_label: '{{prodcut}}' }, 'Body.\n'),
      'content/sidebars.yaml': 'docs: [a, b]\n',
    });
    const r = await build(dir);
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/b\.md:4:\d+ error\[variable\] unknown variable \{\{prodcut\}\}/m);
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'Body.\n'));
    expect((await build(dir)).code).toBe(0);
    const page = readFileSync(join(dir, 'dist/docs/b/index.html'), 'utf8');
    expect(page).toMatch(/>Glint 概览</);
    expect(page).not.toContain('{{');
    expect(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8')).toContain('<meta name="keywords" content="Glint, plain">');
  });

  it("an anchor missing only from a page's copy in a locale without its translation names that copy", async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/only.md': md({ title: '只有中文', description: 'o' }, '见[标题栏](./b.md#标题栏)。\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## 标题栏\n\n内容。\n'),
      'content/en/docs/b.md': md({ title: 'B', description: 'b' }, '## Title bar\n\nText.\n'),
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/only\.md:6 warning\[broken-anchor\] anchor #标题栏 does not exist on \/en\/docs\/b \(on \/en\/docs\/only, this page's copy where it has no translation\)$/m);
  });

  it('a table of contents whose levels are the wrong way round: at the line of the key', async () => {
    const dir = writeSite({ 'site.config.ts': configSource("docs: {\n    tocMinLevel: 4,\n    tocMaxLevel: 3,\n  },"), 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/site\.config\.ts:9 error\[config\] docs\.tocMinLevel: 4 is greater than docs\.tocMaxLevel \(3\)$/m);
  });

  it('a favicon that is not there: one error at its key in the config, not one per page at the theme', async () => {
    const dir = writeSite({ 'site.config.ts': configSource("favicon: '/img/nope.svg',"), 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir);
    expectCleanFailure(r, /^site\.config\.ts:8 error\[broken-link\] favicon: link \/img\/nope\.svg does not exist \(on \d+ pages, e\.g\. \/\S*\)$/m);
    expect(r.out).not.toMatch(/theme error/);
  });

  it('a link to a draft: an error that says the page is a draft, not that it does not exist', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [the card](./card.md).\n'),
      'content/zh-Hans/docs/card.md': md({ title: 'Card', description: 'c', draft: true }, 'Soon.\n'),
    });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:6 error\[broken-link\] \.\/card\.md points to docs\/card\.md, a draft \(draft: true\), which this build leaves out\n  hint: publish it \(remove draft: true\), or link to it once it is$/m);
  });

  it('an image path with a typo, with the nearest image of the site as a suggestion', async () => {
    const r = await buildWith({
      'content/static/img/share.jpg': 'not really a JPEG',
      'content/zh-Hans/docs/pic.md': md({ title: 'Pic', description: 'p' }, '![a](/img/shar.jpg)\n\n![b](/img/nothing-like-it.png)\n'),
    });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/pic\.md:\d+ error\[broken-image\] image \/img\/shar\.jpg does not exist\n  hint: did you mean \/img\/share\.jpg\?$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/docs\/pic\.md:\d+ error\[broken-image\] image \/img\/nothing-like-it\.png does not exist$/m);
  });

  it('a relative link to a missing page, with a suggestion', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': md({ title: 'A' }, 'See [ok](./okk.md#x).\n') });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:5 error\[broken-link\] \.\/okk\.md#x points to docs\/okk\.md, which does not exist\n  hint: did you mean \.\/ok\.md\?/m);
  });

  it('a page that renders nothing', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': '---\ntitle: A\n---\n\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:4 error\[empty-page\] the page renders nothing/m);
  });

  it('a pathological file (2,000 nested list levels) fails with its name instead of hanging', async () => {
    const nested = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    const started = Date.now();
    const r = await buildWith({ 'content/zh-Hans/docs/deep.md': md({ title: 'Deep' }, `${nested}\n`) });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/deep\.md:\d+ error\[render-timeout\] markdown could not be rendered/m);
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 40_000);

  it('two files producing one permalink, naming both', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': md({ title: 'A', slug: 'b' }),
      'content/zh-Hans/docs/b.md': md({ title: 'B' }),
    });
    expectCleanFailure(r, /error\[duplicate-route\] permalink collision: \/docs\/b is also produced by content\/zh-Hans\/docs\/(a|b)\.md/);
  });

  it('two files producing one permalink: the anchors of links to either are not judged against the page that took the address', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', slug: 'same' }, '## Alpha\n\nx\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', slug: 'same' }, '## Beta\n\ny\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, 'See [a](./a.md#alpha) and [b](./b.md#beta).\n'),
    });
    expectCleanFailure(r, /error\[duplicate-route\] permalink collision: \/docs\/same is also produced by/);
    expect(r.out).not.toMatch(/broken-anchor/);
    expect(r.out).toMatch(/ · 1 error · 0 warnings · /);
  });

  it('a case-only collision', async () => {
    const r = await buildWith({
      'content/zh-Hans/docs/Guide.md': md({ title: 'A' }),
      'content/zh-Hans/docs/guide.md': md({ title: 'B' }),
    });
    expectCleanFailure(r, /error\[duplicate-route\] case-only permalink collision/);
  });

  it('a tag or author listed twice: a warning at its key, and shown once', async () => {
    const dir = writeSite({ 'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: A\ndescription: a\ntags: [news, news]\nauthors: [team, team]\n---\nBody\n' });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2024-01-01-a\.md:4 warning\[front-matter\] tags: "news" is listed twice\n  hint: list it once$/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2024-01-01-a\.md:5 warning\[front-matter\] authors: "team" is listed twice/m);
    const post = readdirSync(join(dir, 'dist/blog'), { recursive: true }).map(String).find((f) => f.endsWith('page-data.json') && readFileSync(join(dir, 'dist/blog', f), 'utf8').includes('"kind":"post"'));
    const data = JSON.parse(readFileSync(join(dir, 'dist/blog', post!), 'utf8'));
    expect(JSON.stringify(data.data)).not.toMatch(/news[^\]]*news/);
    expect(JSON.stringify(data.data)).toContain('news');
  });

  it('a tag that is not declared', async () => {
    const r = await buildWith({ 'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: A\ntags: [newz]\n---\nBody\n' });
    expectCleanFailure(r, /^content\/zh-Hans\/blog\/2024-01-01-a\.md:3 error\[front-matter\] tags: "newz" is not declared in site\.config\.ts \(blog\.tags\)\n  hint: did you mean "news"\?/m);
  });

  it('a slug too long for a file name: an error at the slug, not a stack trace', async () => {
    const r = await buildWith({ 'content/zh-Hans/docs/a.md': `---\ntitle: A\ndescription: a\nslug: ${'x'.repeat(300)}\n---\nBody\n` });
    expectCleanFailure(r, /^content\/zh-Hans\/docs\/a\.md:4 error\[content\] the page's address has a part of 300 bytes \(x{24}…\), too long for a file name$/m);
  });

  it('a locale the theme has no texts for: one warning at the theme, and the build goes on', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' }, ja: { label: '日本語', htmlLang: 'ja', path: 'ja' } } },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n'),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('has no texts for the locale'))).toEqual([expect.stringMatching(/^\S*minimal warning\[theme\] the theme has no texts for the locale ja, so its pages show the theme's English menus, buttons and titles$/)]);
  });

  it('a post dated in the future: a warning at its date, once for both locales, and the post is published', async () => {
    const dir = writeSite({
      'content/zh-Hans/blog/2999-01-01-later.md': md({ title: 'Later', description: 'l' }, 'Soon.\n'),
      'content/zh-Hans/blog/2000-01-01-x.md': '---\ntitle: X\ndescription: x\ndate: 2998-05-06\n---\nBody\n',
      'content/zh-Hans/blog/2020-01-01-past.md': md({ title: 'Past', description: 'p' }, 'Done.\n'),
      // Today somewhere: where the day comes first (UTC+14), ahead of UTC, where CI builds, from 10:00 UTC on.
      [`content/zh-Hans/blog/${new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10)}-today.md`]: md({ title: 'Today', description: 't' }, 'Now.\n'),
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('a day still to come'))).toEqual([
      'content/zh-Hans/blog/2000-01-01-x.md:4 warning[blog] the post is dated 2998-05-06, a day still to come, and is published now',
      'content/zh-Hans/blog/2999-01-01-later.md:1 warning[blog] the post is dated 2999-01-01, a day still to come, and is published now',
    ]);
    expect(existsSync(join(dir, 'dist/blog/2999/01/01/later/index.html'))).toBe(true);
  });

  it("authors or a date on a doc, tags, authors or a date on a page: a warning each at its line, since only posts (and docs, for tags) read them", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\ndate: 2024-01-01\ntags: [news]\n---\nBody\n',
      'content/zh-Hans/pages/about.md': '---\ntitle: About\ndescription: b\nauthors: team\ntags: [news]\n---\nBody\n',
    });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('use it;'))).toEqual([
      'content/zh-Hans/docs/a.md:4 warning[front-matter] date: only blog posts use it; on a doc it is ignored',
      'content/zh-Hans/pages/about.md:4 warning[front-matter] authors: only blog posts use it; on a page it is ignored',
      'content/zh-Hans/pages/about.md:5 warning[front-matter] tags: only docs and blog posts use it; on a page it is ignored',
    ]);
  });

  it('an undeclared tag of a `- item` list is reported at its own line, by either front matter reader', async () => {
    // The second file needs the full YAML parser (a block scalar): both readers give the item's line.
    const r = await buildWith({
      'content/zh-Hans/blog/2024-01-01-a.md': '---\ntitle: A\ntags:\n  - news\n  # 注释\n  - newz\n---\nBody\n',
      'content/zh-Hans/blog/2024-01-02-b.md': '---\ntitle: B\ndescription: >\n  多行\ntags:\n  - news\n  - evnts\n---\nBody\n',
    });
    expectCleanFailure(r, /^content\/zh-Hans\/blog\/2024-01-01-a\.md:6 error\[front-matter\] tags: "newz" is not declared/m);
    expect(r.out).toMatch(/^content\/zh-Hans\/blog\/2024-01-02-b\.md:7 error\[front-matter\] tags: "evnts" is not declared/m);
  });
});

describe('config and usage errors exit 2', () => {
  it('an unknown config key names the key path', async () => {
    const dir = writeSite({ 'site.config.ts': configSource("docs: { tocMaxLevl: 3 },"), 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir);
    expect(r.code).toBe(2);
    // At the key's line (the config's text is read again for it).
    expect(r.out).toMatch(/site\.config\.ts:8 error\[config\] docs\.tocMaxLevl: unknown key\n  hint: did you mean "tocMaxLevel"\?/m);
  });

  it('a wrong config type names the key path', async () => {
    const dir = writeSite({ 'site.config.ts': configSource("navbar: [{ label: 'A', to: 42 }],"), 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir);
    expect(r.code).toBe(2);
    // In an array, at the array's key: which element holds it the text does not tell reliably.
    expect(r.out).toMatch(/site\.config\.ts:8 error\[config\] navbar\[0\]\.to: expected a string, got number 42/);
  });

  it('a syntax error in the config file gives its line', async () => {
    const dir = writeSite({ 'site.config.ts': 'export default {\n  title: "x",,\n};\n' });
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/site\.config\.ts:2:\d+ error\[config\]/m);
  });

  it('an unknown flag', async () => {
    const r = await build(writeSite({}), ['--nope']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^--nope error\[usage\] unknown option\n  hint: sitegen build --help lists its arguments and options$/m);
    // A near miss is named, as commander suggests it.
    const near = await build(writeSite({}), ['--verbos']);
    expect(near.code).toBe(2);
    expect(near.out).toMatch(/^--verbos error\[usage\] unknown option\n  hint: did you mean --verbose\?$/m);
  });

  it('an argument too many or missing: at the command as typed, which commander does not name', async () => {
    const run = async (...args: string[]) => {
      let out = '';
      const code = await main(['node', 'sitegen', ...args], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
      return { code, out };
    };
    expect(await run('build', 'dist')).toEqual({ code: 2, out: "sitegen build error[usage] takes no arguments, got 1\n  hint: sitegen build --help lists its arguments and options; a flag's value goes right after the flag (--out dist)\n" });
    expect(await run('search', 'api', 'key')).toEqual({ code: 2, out: 'sitegen search error[usage] takes 1 argument, got 2\n  hint: quote a query of several words: sitegen search "api key"\n' });
    expect(await run('new', 'post')).toEqual({ code: 2, out: 'sitegen new post error[usage] needs the argument <title>\n  hint: sitegen new post --help lists its arguments and options\n' });
  });

  it('a flag at the end of the line without its value', async () => {
    const r = await build(writeSite({}), ['--out']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^--out error\[usage\] --out needs a value\n  hint: write the value right after it: --out <dir>$/m);
  });

  it('no command at all: the help on stderr and a usage exit, not a build that passed having built nothing', async () => {
    let out = '';
    let err = '';
    const code = await main(['node', 'sitegen'], { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false });
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^Usage: sitegen \[options\] \[command\]/);
    expect(err).toMatch(/^  build \[options\]/m);
    // Asked for, the help is an answer, not an error: `--help`, `help`, `help build`.
    for (const args of [['--help'], ['help'], ['help', 'build']]) {
      let help = '';
      expect(await main(['node', 'sitegen', ...args], { out: (t) => void (help += t), err: () => {}, interactive: false }), args.join(' ')).toBe(0);
      expect(help).toMatch(/^Usage: sitegen/);
    }
    // The help of a subcommand, asked for as `help new post`.
    let sub = '';
    expect(await main(['node', 'sitegen', 'help', 'new', 'post'], { out: (t) => void (sub += t), err: (t) => void (sub += t), interactive: false })).toBe(0);
    expect(sub).toMatch(/^Usage: sitegen new post \[options\] <title>/);
    // Help about a command there is not: say so, not the whole help.
    let unknown = '';
    expect(await main(['node', 'sitegen', 'help', 'biuld'], { out: (t) => void (unknown += t), err: (t) => void (unknown += t), interactive: false })).toBe(2);
    expect(unknown).toBe('help biuld error[usage] unknown command\n  hint: did you mean sitegen help build?\n');
  });

  it('a search limit that is not a whole number, named as typed', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    let out = '';
    const code = await main(['node', 'sitegen', 'search', 'ok', '--limit', 'abc', '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
    expect(code).toBe(2);
    expect(out).toMatch(/^--limit abc error\[usage\] the limit must be a whole number from 1 up\n  hint: for example --limit 5$/m);
  });

  it('an empty search query and an empty --out, named as typed', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    let out = '';
    const code = await main(['node', 'sitegen', 'search', '  ', '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
    expect(code).toBe(2);
    expect(out).toMatch(/^search "  " error\[usage\] the query is empty\n  hint: sitegen search "api key"$/m);
    const r = await build(dir, ['--out', '']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^--out "" error\[usage\] the output folder is empty/m);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  });

  it('a flag where a value should be (--out --quiet), as typed, and nothing built into a folder named after the flag', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir, ['--out', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^--out --quiet error\[usage\] --out needs a value, and the next word is the flag --quiet\n  hint: write the value right after it: --out <dir>$/m);
    expect(existsSync(join(dir, '--quiet'))).toBe(false);
    let out = '';
    const code = await main(['node', 'sitegen', 'check-links', '--dir', '--external', '--config', join(dir, 'site.config.ts')], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
    expect(code).toBe(2);
    expect(out).toMatch(/^--dir --external error\[usage\] --dir needs a value/m);
  });

  it('a config whose top-level await never settles: an error once the time limit passes, not a silent wait', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    const config = join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^(import .*\n)/, '$1await new Promise(() => {});\n'));
    process.env.SITEGEN_CONFIG_LOAD_MS = '500';
    try {
      const r = await build(dir);
      expect(r.code).toBe(2);
      expect(r.out).toMatch(/^\S*site\.config\.ts error\[config\] the config file did not finish loading in 0\.5 s\n  hint: a top-level await in it \(or in a file it imports\) never settles$/m);
    } finally {
      delete process.env.SITEGEN_CONFIG_LOAD_MS;
    }
  });

  it('an unknown locale', async () => {
    const r = await build(writeSite({ 'content/zh-Hans/docs/ok.md': ok }), ['--locale', 'fr']);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^--locale fr error\[usage\] unknown locale "fr"/m);
    const typo = await build(writeSite({ 'content/zh-Hans/docs/ok.md': ok }), ['--locale', 'zh-Hant']);
    expect(typo.out).toMatch(/^--locale zh-Hant error\[usage\] unknown locale "zh-Hant"\n  hint: did you mean zh-Hans\? \(locales: zh-Hans, en\)$/m);
  });

  it('a typed value with a line break or a terminal escape: one line a problem, the characters written as escapes', async () => {
    const r = await build(writeSite({ 'content/zh-Hans/docs/ok.md': ok }), ['--locale', 'e\nn\u001b[31m']);
    expect(r.code).toBe(2);
    expect(r.out).not.toContain('\u001b');
    const lines = r.out.split('\n').filter((line) => line.includes('error[usage]'));
    expect(lines).toEqual(['"--locale e\\nn\\u001b[31m" error[usage] unknown locale "e\\nn\\u001b[31m"']);
  });

  it('a locale in other capitals is that locale (language tags ignore case)', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    const r = await build(dir, ['--locale', 'EN']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/built \d+ pages \(en \d+\)/);
  });
});

describe('an output folder a build must not replace', () => {
  // A build replaces its whole output folder and deletes the old one: pointed at the content, the project
  // or a folder of the writer's own, it stops before it reads anything, and every file stays.
  it('is never the project, its content, its theme or its cache, nor inside the content', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    const cases: [string, RegExp][] = [
      ['content', /^--out content error\[usage\] the output folder is the content folder, which a build would replace\n  hint: give the site a folder of its own, such as dist$/m],
      ['.', /^--out \. error\[usage\] the output folder is the project folder \(where the config file is\), which a build would replace$/m],
      ['..', /^--out \.\. error\[usage\] the output folder holds the project folder/m],
      ['.sitegen-cache', /^--out \.sitegen-cache error\[usage\] the output folder is the build cache/m],
      ['content/static', /^--out content\/static error\[usage\] the output folder is inside the content folder$/m],
    ];
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      for (const [out, message] of cases) {
        const r = await build(dir, ['--out', out]);
        expect(r.code, r.out).toBe(2);
        expect(r.out).toMatch(message);
        expect(r.out).not.toMatch(/\n\s+at .*\(/);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(readFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), 'utf8')).toBe(ok);
    expect(existsSync(join(dir, 'site.config.ts'))).toBe(true);
    // The same in the config file, named by its key.
    writeFileSync(join(dir, 'site.config.ts'), configSource("outDir: 'content/zh-Hans/out',"));
    const r = await build(dir);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/site\.config\.ts:8 error\[config\] outDir: the output folder is inside the content folder/);
  });

  it('with the content in the project folder itself (contentDir: "."), may sit beside the locales, not in static/', async () => {
    const dir = writeSite({ 'site.config.ts': configSource("contentDir: '.',"), 'zh-Hans/docs/ok.md': ok, 'static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    const first = await build(dir);
    expect(first.code, first.out).toBe(0);
    // The output folder beside the locales is not taken for a folder of content.
    const again = await build(dir);
    expect(again.code, again.out).toBe(0);
    expect(again.out).not.toMatch(/warning\[content\]/);
    const inStatic = await build(dir, ['--out', join(dir, 'static/site')]);
    expect(inStatic.code).toBe(2);
    expect(inStatic.out).toMatch(/error\[usage\] the output folder is inside the static files folder/);
  }, 60_000);

  it('is not a folder of other files: it stays as it was, and an empty or built folder is fine', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok, 'notes/todo.txt': 'mine\n' });
    const r = await build(dir, ['--out', join(dir, 'notes')]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^\S*notes error\[output\] the output folder holds files but no index\.html, so it is not a built site, and a build replaces the whole folder\n  hint: remove or empty it, or choose another folder with --out or outDir$/m);
    expect(readdirSync(join(dir, 'notes'))).toEqual(['todo.txt']);
    expect(readdirSync(dir).filter((f) => f.includes('sitegen-tmp') || f.includes('sitegen-old'))).toEqual([]);
    writeFileSync(join(dir, 'a-file'), 'x');
    expect((await build(dir, ['--out', join(dir, 'a-file')])).out).toMatch(/error\[output\] the output folder is a file/);
    expect(readFileSync(join(dir, 'a-file'), 'utf8')).toBe('x');
    mkdirSync(join(dir, 'empty'));
    expect((await build(dir, ['--out', join(dir, 'empty')])).code).toBe(0);
    expect(existsSync(join(dir, 'empty/index.html'))).toBe(true);
    // Built once, the folder is a site: the next build replaces it.
    expect((await build(dir, ['--out', join(dir, 'empty')])).code).toBe(0);
  }, 60_000);
});

describe('atomic output', () => {
  it('a failing build leaves the previous dist/ exactly as it was, and no temporary folders', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/ok.md': ok });
    expect((await build(dir)).code).toBe(0);
    const snapshot = () => listTree(join(dir, 'dist')).map((p) => `${p} ${readFileSync(join(dir, 'dist', p)).length}`);
    const before = snapshot();
    const okHtml = readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8');
    writeFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), md({ title: 'Changed' }, 'Broken [x](./missing.md).\n'));
    expect((await build(dir)).code).toBe(1);
    expect(snapshot()).toEqual(before);
    expect(readFileSync(join(dir, 'dist/docs/ok/index.html'), 'utf8')).toBe(okHtml);
    expect(readdirSync(dir).filter((f) => f.includes('sitegen-tmp') || f.includes('sitegen-old'))).toEqual([]);
    // A link broken only in the final HTML is found after every page was already written to the new
    // output folder: that folder is thrown away too.
    writeFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), md({ title: 'Raw' }, '<a href="/docs/nowhere">raw link</a>\n'));
    const late = await build(dir);
    expect(late.code, late.out).toBe(1);
    expect(late.out).toMatch(/error\[broken-link\].*\/docs\/nowhere/);
    expect(snapshot()).toEqual(before);
    expect(readdirSync(dir).filter((f) => f.includes('sitegen-tmp') || f.includes('sitegen-old'))).toEqual([]);
    // A stale temporary folder from a killed build is removed by the next build.
    rmSync(join(dir, 'content/zh-Hans/docs/ok.md'));
    writeFileSync(join(dir, 'content/zh-Hans/docs/ok.md'), ok);
    const stale = join(dir, '.dist.sitegen-tmp-999999-1');
    writeFileSync(join(dir, 'marker'), '');
    require('node:fs').mkdirSync(stale);
    expect((await build(dir)).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
  }, 60_000);
});

describe('atomic output when a stage fails', () => {
  // Enough pages for several render batches, so that some are still being written when one fails.
  const bigSite = () => writeSite({ 'content/zh-Hans/docs/ok.md': ok, ...Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`content/zh-Hans/docs/p${i}.md`, md({ title: `P${i}`, description: 'd' }, `Page ${i}.\n`)])) });

  async function failingBuild(dir: string, fault: (real: Pool) => Partial<Pool>, renderOn: 'main' | 'workers') {
    const { buildSite } = await import('../../src/build');
    const { loadConfig } = await import('../../src/config/loadConfig');
    const { createPool } = await import('../../src/workers/pool');
    const config = await loadConfig({ configFile: join(dir, 'site.config.ts') });
    const real = createPool({});
    try {
      await expect(buildSite({ config, pool: { ...real, ...fault(real) }, cache: false, renderOn })).rejects.toThrow('worker died');
    } finally {
      await real.close();
    }
    // Nothing goes on writing after the build has failed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const written = (dir: string) => readdirSync(dir).some((f) => f.includes('sitegen-tmp') && existsSync(join(dir, f, 'docs')));
  const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.includes('sitegen-tmp') || f.includes('sitegen-old'));

  it('a search stage that fails after pages were written leaves dist/ as it was and no temporary folder', async () => {
    const dir = bigSite();
    expect((await build(dir)).code).toBe(0);
    const before = listTree(join(dir, 'dist'));
    let sawWritten = false;
    // The search indexes fail once pages are in the new output folder.
    const searchIndexes = () =>
      new Promise<never>((_, reject) => {
        const timer = setInterval(() => {
          if (!written(dir)) return;
          clearInterval(timer);
          sawWritten = true;
          reject(new Error('search worker died'));
        }, 5);
      });
    await failingBuild(dir, () => ({ searchIndexes }), 'main');
    expect(sawWritten).toBe(true);
    expect(listTree(join(dir, 'dist'))).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  }, 60_000);
});

function listTree(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTree(root, join(prefix, e.name)) : [join(prefix, e.name)],
  ).sort();
}

describe('content that cannot be read', () => {
  it('is one error naming the file or folder, not a stack trace or pages silently missing', () => {
    // As root every file can be read: the build then runs as nobody, on a site it may read and write.
    const dir = mkdtempSync(join('/tmp', 'sitegen-unreadable-'));
    const files: Record<string, string> = {
      'site.config.ts': configSource(),
      'content/zh-Hans/docs/ok.md': ok,
      'content/zh-Hans/docs/secret.md': md({ title: 'Secret', description: 's' }, 'Hidden.\n'),
      'content/en/docs/ok.md': ok,
      'content/en/docs/faqs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    execFileSync('chmod', ['-R', 'a+rwX', dir]);
    chmodSync(join(dir, 'content/zh-Hans/docs/secret.md'), 0o000);
    chmodSync(join(dir, 'content/en/docs/faqs'), 0o000);
    chmodSync(join(dir, 'content/static/img'), 0o000);
    const asRoot = process.getuid?.() === 0;
    const build = () => {
      const r = spawnSync(process.execPath, [BIN, 'build', '--config', join(dir, 'site.config.ts')], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
      return { code: r.status, out: r.stdout + r.stderr };
    };
    const first = build();
    expect(first.code, first.out).toBe(1);
    expect(first.out).toMatch(/^content\/zh-Hans\/docs\/secret\.md error\[content\] the file cannot be read: permission denied$/m);
    expect(first.out).toMatch(/^content\/en\/docs\/faqs error\[content\] the folder cannot be read: permission denied$/m);
    expect(first.out).not.toMatch(/\n\s+at .*\(/);
    // The content readable again, the static folder is what is left.
    chmodSync(join(dir, 'content/zh-Hans/docs/secret.md'), 0o666);
    chmodSync(join(dir, 'content/en/docs/faqs'), 0o777);
    const second = build();
    expect(second.code, second.out).toBe(1);
    expect(second.out).toMatch(/^content\/static\/img error\[static\] the folder cannot be read: permission denied, so its files are not copied$/m);
    // The config itself: said in words, as a content file is, with exit 2.
    chmodSync(join(dir, 'content/static/img'), 0o777);
    chmodSync(join(dir, 'site.config.ts'), 0o000);
    const third = build();
    expect(third.code, third.out).toBe(2);
    expect(third.out.trim()).toBe('site.config.ts error[config] the file cannot be read: permission denied\n  hint: give this user read access to the config file');
    execFileSync('chmod', ['-R', 'a+rwX', dir]);
  }, 60_000);
});
