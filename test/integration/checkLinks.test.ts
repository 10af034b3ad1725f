import { createServer, type Server } from 'node:http';
import { chmodSync, cpSync, existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { configSource, md, MINIMAL_THEME, REPO, writeSite } from '../helpers/site';
import { CONTENT_FAULTS, faultySite } from './linkFixture';
import { builtSite } from '../e2e/helpers/site';

async function run(args: string[]) {
  let out = '';
  let err = '';
  const code = await main(['node', 'sitegen', ...args], { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false });
  return { code, out, err };
}

/** A small site built with link problems off (its Chinese intro's body given), then an HTML page put into its output at dist/api/ (API docs CI copies in). */
async function builtWithApiPage(introBody: string, apiHtml: string): Promise<string> {
  const site = writeSite({
    'site.config.ts': configSource("links: { onBrokenLinks: 'off' },"),
    'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍' }, introBody),
    'content/en/docs/intro.md': md({ title: 'Intro', description: 'intro' }, 'Text.\n'),
  });
  const built = await run(['build', '--config', join(site, 'site.config.ts')]);
  expect(built.code, built.err).toBe(0);
  mkdirSync(join(site, 'dist/api'));
  writeFileSync(join(site, 'dist/api/index.html'), apiHtml);
  return site;
}

let dir: string;
beforeAll(async () => {
  // Link problems are off in the build so that a faulty site gets built, then check-links finds them.
  dir = writeSite({
    'site.config.ts': configSource("links: { onBrokenLinks: 'off', onBrokenImages: 'off', onBrokenAnchors: 'off' },"),
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md#setup), [gone](/docs/gone), [bad anchor](./b.md#nope) and ![img](/img/none.png).\n'),
    'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## Setup {#setup}\n\nBack to [a](./a.md).\n'),
    'content/zh-Hans/docs/lonely.md': md({ title: 'Lonely', description: 'nobody links here' }, 'Alone.\n'),
    'content/zh-Hans/docs/孤页.md': md({ title: '孤页', description: '没有页面链接到这里' }, '孤单。\n'),
    'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md#setup).\n'),
  });
  const built = await run(['build', '--config', join(dir, 'site.config.ts')]);
  expect(built.code, built.err).toBe(0);
}, 60_000);

describe('sitegen check-links', () => {
  it('passes the bundled site, and exits as soon as it has printed its report', async () => {
    const { spawn } = await import('node:child_process');
    // The crawler's last keep-alive connections had held the process open for seconds more (2.6 s), until they
    // timed out: how long depended on when each had last been used, and a wait timed alone caught it only at
    // times. The cause is looked at in the process itself: the threads its crawl ran in (the server's and the
    // crawler's, whose connections end with them) still running as the report is printed (none: they end before
    // it, however busy the machine), and the connections a server of this thread still has open (none).
    const child = spawn(process.execPath, ['--import', pathToFileURL(join(REPO, 'test/helpers/openConnections.mjs')).href, join(REPO, 'bin/sitegen.js'), 'check-links', '--dir', builtSite()], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = 0;
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (/checked \d+ pages/.test(out) && !printed) printed = performance.now();
    });
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toMatch(/^checked \d{3} pages and \d+ links in [\d.]+ s · 0 errors · 0 warnings\n$/);
    expect(code, err).toBe(0);
    const [, running, started] = /^crawl threads running: (\d+) of (\d+)$/m.exec(err) ?? [];
    expect(Number(started), err).toBe(2);
    expect(Number(running), 'threads of the crawl still running when the report is printed').toBe(0);
    expect(/^open connections: (\d+) of \d+$/m.exec(err)?.[1], err).toBe('0');
    // Anything else left behind (a timer, a watcher) would hold it for seconds: far more than the
    // fraction of a second a busy machine takes to end a process.
    expect(performance.now() - printed).toBeLessThan(5000);
  }, 240_000);

  it('tells a crawl thread that fails, the server mid-crawl too, as one error[crawl] line, and exits 1', async () => {
    const { spawnSync } = await import('node:child_process');
    for (const [thread, what] of [['crawlServer', 'serving the build for the crawl'], ['crawlClient', 'crawling the build']]) {
      // The thread fails with an uncaught error (test/helpers/brokenCrawlThread.mjs): the server's at its first request,
      // its port told. That server had been taken as up: every URL the crawler asked for after it was "refused the connection".
      const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(REPO, 'test/helpers/brokenCrawlThread.mjs')).href, join(REPO, 'bin/sitegen.js'), 'check-links', '--config', join(dir, 'site.config.ts')], { cwd: dir, encoding: 'utf8', env: { ...process.env, SITEGEN_BREAK_THREAD: thread }, timeout: 60_000 });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout + r.stderr).toBe(`dist error[crawl] ${what} failed: the disk went away\n  hint: run check-links again; if it fails the same way, report it with this line\n`);
    }
  }, 120_000);

  it('tells a folder or a page of the build this user cannot read at its path, in one line, and exits 2', async () => {
    const { execFileSync, spawnSync } = await import('node:child_process');
    // In /tmp, which nobody may enter (the tests' own temporary folder is not).
    const site = mkdtempSync(join('/tmp', 'sitegen-unreadable-'));
    cpSync(writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'), 'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'See [a](./a.md).\n') }), site, { recursive: true });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
    execFileSync('chmod', ['-R', 'a+rwX', site]);
    // Root reads whatever the mode says: the command runs as nobody then.
    const asRoot = process.getuid?.() === 0;
    const check = () => spawnSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'check-links'], { cwd: site, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
    // Before: `Error: EACCES: permission denied, scandir '/tmp/…/dist/docs/a'`, and the same for a page's file (`open`).
    try {
      for (const [unread, mode] of [['dist/docs/a', 0o777], ['dist/docs/b/index.html', 0o666]] as const) {
        chmodSync(join(site, unread), 0o000);
        const r = check();
        chmodSync(join(site, unread), mode);
        expect(r.status, r.stdout + r.stderr).toBe(2);
        expect(r.stdout + r.stderr).toBe(`${unread} error[usage] cannot read this part of the built site: permission denied\n  hint: give this user read access to the whole output folder, or build it again as this user\n`);
      }
      // Readable again: checked as any build.
      const r = check();
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\nchecked \d+ pages and \d+ links in [\d.]+ s · 0 errors · \d+ warnings\n$/);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  }, 120_000);

  it('finds broken links, images and anchors in an existing build, at their source lines, and exits 1', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/gone does not exist');
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 error[broken-image] image /img/none.png does not exist');
    expect(r.out).toContain('content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /docs/b');
    expect(r.out).toMatch(/checked \d+ pages and \d+ links in [\d.]+ s · \d+ errors · \d+ warnings\n$/);
  }, 60_000);

  it('reports untranslated fallbacks and orphan pages', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts')]);
    expect(r.out).toMatch(/warning\[untranslated\] \/en\/docs\/b has no translation and shows the zh-Hans page/);
    expect(r.out).toMatch(/content\/zh-Hans\/docs\/lonely\.md warning\[orphan-page\] no page links to \/docs\/lonely/);
    // An address in Chinese: its canonical link is percent-encoded, the page's path is not.
    expect(r.out).toContain('content/zh-Hans/docs/孤页.md warning[orphan-page] no page links to /docs/孤页');
    expect(r.out).not.toMatch(/orphan-page\] no page links to \/home/);
  }, 60_000);

  it('calls untranslated only the fallback pages themselves, not the English lists that show a fallback post', async () => {
    const site = writeSite({
      'content/zh-Hans/blog/2024-05-01-launch.md': md({ title: '发布', description: '新版发布', tags: ['news'] }, '新版本发布了。\n'),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--format', 'json']);
    const untranslated = (JSON.parse(r.out) as { diagnostics: { code: string; message: string }[] }).diagnostics.filter((d) => d.code === 'untranslated').map((d) => d.message);
    expect(untranslated).toEqual(['/en/blog/2024/05/01/launch has no translation and shows the zh-Hans page']);
  }, 60_000);

  it('prints a stable JSON report with --format json', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'json']);
    const report = JSON.parse(r.out);
    expect(report.version).toBe(1);
    expect(report.summary.errors).toBeGreaterThanOrEqual(2);
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'broken-link', file: 'content/zh-Hans/docs/a.md', line: 6 }));
  }, 60_000);

  it('prints GitHub annotations with --format github', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'github']);
    expect(r.out).toContain('::error file=content/zh-Hans/docs/a.md,line=6,title=broken-link::link /docs/gone does not exist');
  }, 60_000);

  it('does not follow folder links in the built site: two links that loop end, with the same pages checked', async () => {
    const copy = join(dir, 'dist-with-loops');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    symlinkSync('.', join(copy, 'docs/l1'));
    symlinkSync('..', join(copy, 'docs/l2'));
    const plain = await run(['check-links', '--config', join(dir, 'site.config.ts')]);
    const looped = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    const pagesOf = (out: string) => /checked (\d+) pages/.exec(out)?.[1];
    expect(pagesOf(looped.out)).toBe(pagesOf(plain.out));
    expect(looped.code).toBe(plain.code);
  }, 60_000);

  it('finds what a hand-edited page links in other ways: a poster, an object, a style attribute\'s url(), a refresh, a stylesheet url(), a hreflang', async () => {
    const copy = join(dir, 'dist-edited');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    const page = join(copy, 'docs/b/index.html');
    const extra = [
      '<video src="/img/none.png" poster="/img/no-poster.png"></video>',
      '<object data="/img/no-object.svg"></object>',
      '<div style="background: url(/img/no-background.png)"></div>',
      '<link rel="alternate" hreflang="fr" href="/fr/docs/b">',
    ].join('');
    writeFileSync(page, readFileSync(page, 'utf8').replace('</body>', `${extra}</body>`));
    writeFileSync(join(copy, 'moved.html'), '<!DOCTYPE html><html><head><title>Moved</title><meta name="description" content="moved"><meta http-equiv="refresh" content="0; url=/docs/never-was"></head><body><a href="/docs/b">b</a></body></html>');
    // A hand-written page whose stylesheet, outside its folder, has a url() to nothing: read however the crawl reaches it first.
    mkdirSync(join(copy, 'landing'));
    mkdirSync(join(copy, 'css'));
    writeFileSync(join(copy, 'landing/index.html'), '<!DOCTYPE html><html><head><title>Landing</title><meta name="description" content="l"><link rel="stylesheet" href="/css/landing.css"></head><body><a href="/">home</a></body></html>');
    writeFileSync(join(copy, 'css/landing.css'), '.hero { background: url(/landing/hero-missing.jpg) }\n');
    writeFileSync(join(copy, 'docs/a/index.html'), readFileSync(join(copy, 'docs/a/index.html'), 'utf8').replace('</body>', '<a href="/moved.html">moved</a><a href="/landing/index.html">landing</a></body>'));
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    for (const url of ['/img/no-poster.png', '/img/no-object.svg', '/img/no-background.png']) expect(r.out).toContain(`content/zh-Hans/docs/b.md error[broken-image] image ${url} does not exist (on /docs/b)`);
    expect(r.out).toContain('dist-edited/moved.html:1 error[broken-link] link /docs/never-was does not exist\n');
    // What our pass does not read, the crawl finds, at the page that links it.
    expect(r.out).not.toContain('error[crawl] /img/no-background.png');
    expect(r.out).toContain('content/zh-Hans/docs/b.md error[crawl] /fr/docs/b answered 404');
    // At the stylesheet's file and line (before: at "/css/landing.css", "(linked from /css/landing.css)").
    expect(r.out).toContain('dist-edited/css/landing.css:1 error[crawl] /landing/hero-missing.jpg answered 404\n');
  }, 60_000);

  it('fails a build whose home page was deleted, whose pages were emptied, cut off or overwritten, or whose search index was damaged, after the build', async () => {
    const copy = join(dir, 'dist-damaged');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    rmSync(join(copy, 'index.html'));
    writeFileSync(join(copy, 'docs/b/index.html'), '');
    const a = readFileSync(join(copy, 'docs/a/index.html'), 'utf8');
    writeFileSync(join(copy, 'docs/a/index.html'), a.slice(0, a.length / 2));
    writeFileSync(join(copy, 'en/docs/a/index.html'), 'hello world\n');
    writeFileSync(join(copy, 'search-index.json'), '');
    rmSync(join(copy, 'en/search-index.json'));
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    // The locale still counts as built: its home is missing, not left out; said once, not by the crawl again.
    expect(r.out).toMatch(/dist-damaged\/index\.html error\[missing-page\] \/ is not in the output folder, though the site makes it/);
    expect(r.out).not.toContain('error[crawl] / answered 404');
    expect(r.out).toContain('content/zh-Hans/docs/b.md error[broken-page] /docs/b is empty: a file emptied after the build?');
    expect(r.out).toContain('content/zh-Hans/docs/a.md error[broken-page] /docs/a ends before its </html>: a file cut off after the build?');
    expect(r.out).toMatch(/^content\/\S+\/docs\/a\.md error\[broken-page\] \/en\/docs\/a is not an HTML page: a file overwritten after the build\?$/m);
    expect(r.out).toMatch(/dist-damaged\/search-index\.json error\[search-index\] the zh-Hans search index is not a search index this version can read: the site's search finds nothing/);
    expect(r.out).toMatch(/dist-damaged\/en\/search-index\.json error\[search-index\] the en search index is missing: the site's search finds nothing/);
  }, 60_000);

  it("fails a build whose pages' page data was deleted, cut off or swapped, or one of whose pages was copied over another, after the build", async () => {
    const copy = join(dir, 'dist-page-data');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    rmSync(join(copy, 'docs/a/page-data.json'));
    rmSync(join(copy, 'docs/lonely/page-data.json'));
    writeFileSync(join(copy, 'docs/b/page-data.json'), '{');
    cpSync(join(copy, 'en/docs/a/page-data.json'), join(copy, 'en/docs/b/page-data.json'));
    cpSync(join(copy, 'docs/lonely/index.html'), join(copy, 'docs/孤页/index.html'));
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    // One line per cause: the two deleted files are one, and the copied page is not told again by its page data.
    expect(r.out.split('\n').filter((l) => / error\[(page-data|broken-page)\]/.test(l))).toEqual([
      "content/zh-Hans/docs/孤页.md error[broken-page] /docs/孤页 holds the page /docs/lonely (its route data names it): a file copied over after the build?",
      "dist-page-data/docs/a/page-data.json error[page-data] /docs/a (and 1 other page: /docs/lonely) has no page-data.json: the site's router cannot fetch it, so a link to the page loads it whole",
      "dist-page-data/docs/b/page-data.json error[page-data] the page data of /docs/b is not data the site's router can read (cut off or overwritten after the build?): a link to it loads the whole page",
      'dist-page-data/en/docs/b/page-data.json error[page-data] the page data of /en/docs/b is that of /en/docs/a: a link to /en/docs/b within the site shows the /en/docs/a page',
    ]);
  }, 60_000);

  it('fails a build whose sitemap, robots file or a feed was deleted, once each, not by the crawl at a page that links it', async () => {
    const copy = join(dir, 'dist-files');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    for (const file of ['sitemap.xml', 'robots.txt', 'en/blog/rss.xml']) rmSync(join(copy, file));
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[(missing-file|crawl)\]/.test(l))).toEqual([
      "dist-files/en/blog/rss.xml error[missing-file] /en/blog/rss.xml is not in the output folder, though every build writes it: every en page's head links it, and readers subscribed to it get 404",
      'dist-files/robots.txt error[missing-file] /robots.txt is not in the output folder, though every build writes it: crawlers find no robots file, nor the sitemap it names',
      'dist-files/sitemap.xml error[missing-file] /sitemap.xml is not in the output folder, though every build writes it: search engines are sent to a sitemap that is not there',
    ]);
  }, 60_000);

  it("fails a build whose theme stylesheet or client script was deleted at its output file, not at the theme as a layout's broken link", async () => {
    const copy = join(dir, 'dist-bundles');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    const names = readdirSync(join(copy, 'assets'));
    const css = names.find((f) => /^client\..*\.css$/.test(f))!;
    const js = names.find((f) => /^client\..*\.js$/.test(f))!;
    for (const name of [css, js]) rmSync(join(copy, 'assets', name));
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    // Before: "<theme folder> error[broken-link] link /assets/client.….css does not exist (on 14 pages, e.g. /404.html: from the layout?)".
    expect(r.out).not.toMatch(/from the layout\?/);
    // Every page the theme draws loads them; the docs roots' pages, which only lead on, load nothing.
    const pages = (readdirSync(copy, { recursive: true }) as string[]).filter((f) => f.endsWith('.html') && readFileSync(join(copy, f), 'utf8').includes(css)).length;
    expect(pages).toBeGreaterThan(10);
    // Named in the order of their paths, which their content hashes decide.
    const [first, second] = [css, js].sort();
    expect(r.out.split('\n').filter((l) => / error\[(missing-file|crawl)\]|\/assets\//.test(l))).toEqual([
      `dist-bundles/assets/${first} error[missing-file] /assets/${first} and 1 more (/assets/${second}) are not in the output folder, though the build wrote them and ${pages} pages load them: those pages show without the theme's styles, or fail in the browser`,
    ]);
    expect(r.out).toContain('  hint: build the site again, and deploy the assets folder whole\n');
  }, 60_000);

  it('fails a build whose scripts import files it lacks, by import() too, which the crawl does not follow: one error for all', async () => {
    const site = writeSite({
      'site.config.ts': configSource().replace(JSON.stringify(MINIMAL_THEME), "'./theme'"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
    });
    cpSync(MINIMAL_THEME, join(site, 'theme'), { recursive: true });
    writeFileSync(join(site, 'theme/client.tsx'), `${readFileSync(join(MINIMAL_THEME, 'client.tsx'), 'utf8')}void import('./lazy').then((m) => m.run());\nvoid import('./later').then((m) => m.run());\n`);
    for (const name of ['lazy', 'later']) writeFileSync(join(site, `theme/${name}.ts`), `export function run(): void {\n  document.body.dataset.${name} = '1';\n}\n`);
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const good = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(good.out).toContain(' · 0 errors');
    const assets = join(site, 'dist/assets');
    // The client's first-visit chunk (the entry is a line importing it) loads the two lazily.
    const importsOf = (file: string) => [...new Set([...readFileSync(join(assets, file), 'utf8').matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]!))].sort();
    const client = readdirSync(assets).find((f) => f.endsWith('.js') && importsOf(f).length > 0)!;
    const loaded = importsOf(client);
    expect(loaded).toHaveLength(2);
    for (const chunk of loaded) rmSync(join(assets, chunk));
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual([
      `dist/assets/${loaded[0]} error[missing-file] /assets/${loaded[0]} and 1 more script (/assets/${loaded[1]}) are not in the output folder, though /assets/${client} imports them by import(), which no page links: what loads them fails in the browser`,
    ]);
  }, 60_000);

  it("fails a build whose search index is another locale's, or whose index's page texts were deleted, after the build", async () => {
    const copy = join(dir, 'dist-search');
    cpSync(join(dir, 'dist'), copy, { recursive: true });
    cpSync(join(copy, 'en/search-index.json'), join(copy, 'search-index.json'));
    const texts = readdirSync(join(copy, 'en/search-text'));
    expect(texts.length).toBeGreaterThan(0);
    rmSync(join(copy, 'en/search-text'), { recursive: true });
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', copy]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[search-index\]/.test(l))).toEqual([
      `dist-search/en/search-text/0.json error[search-index] all ${texts.length} of the en search index's page texts are missing (${['/en/search-text/0.json', '/en/search-text/1.json', '/en/search-text/2.json'].slice(0, texts.length).join(', ')}${texts.length > 3 ? ', …' : ''}): its results show no text from ${texts.length === 1 ? 'that page' : 'those pages'}`,
      expect.stringMatching(/^dist-search\/search-index\.json error\[search-index\] the zh-Hans search index lists only pages of the en locale \(\/en\/docs\/a\b.*\): a search on the zh-Hans pages finds en ones$/),
    ]);
  }, 60_000);

  it('fails a build whose search index is from an earlier build, listing a page the output folder no longer has', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/zh-Hans/docs/old.md': md({ title: '旧页', description: 'old' }, 'Old.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
    });
    const config = join(site, 'site.config.ts');
    expect((await run(['build', '--config', config])).code).toBe(0);
    cpSync(join(site, 'dist'), join(site, 'dist-before'), { recursive: true });
    rmSync(join(site, 'content/zh-Hans/docs/old.md'));
    expect((await run(['build', '--config', config])).code).toBe(0);
    expect((await run(['check-links', '--config', config])).out).toContain(' · 0 errors');
    rmSync(join(site, 'dist/search-text'), { recursive: true });
    for (const file of ['search-index.json', 'search-text']) cpSync(join(site, 'dist-before', file), join(site, 'dist', file), { recursive: true });
    const r = await run(['check-links', '--config', config]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual([
      'dist/search-index.json error[search-index] the zh-Hans search index lists /docs/old, which the output folder does not have: that result leads to a page that is not there (an index from another build?)',
    ]);
  }, 60_000);

  it('says once, at the flag, that a --timeout too short for the local files left them unanswered', async () => {
    const r = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--timeout', '1', '--retry', '0', '--format', 'json']);
    expect(r.code).toBe(1);
    const crawl = (JSON.parse(r.out) as { diagnostics: { code: string; file: string; message: string }[] }).diagnostics.filter((d) => d.code === 'crawl');
    expect(crawl).toHaveLength(1);
    expect(crawl[0]!.file).toBe('--timeout 1');
    expect(crawl[0]!.message).toMatch(/^\d+ of the build's own URLs gave no answer within 1 ms \(\//);
  }, 60_000);

  it('exits 2 on a bad format or a missing build', async () => {
    expect((await run(['check-links', '--config', join(dir, 'site.config.ts'), '--format', 'xml'])).code).toBe(2);
    const badNumber = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--concurrency', 'lots']);
    expect(badNumber.code).toBe(2);
    expect(badNumber.err).toMatch(/^--concurrency lots error\[usage\] --concurrency must be a whole number from 1 to 1000$/m);
    // Past Node's longest timer (2^31-1 ms), which fires at once: before, every request "gave no answer" and
    // stderr filled with TimeoutOverflowWarning lines.
    const tooLong = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--timeout', '2147483648']);
    expect(tooLong.code).toBe(2);
    expect(tooLong.err).toMatch(/^--timeout 2147483648 error\[usage\] --timeout must be a whole number from 1 to 2147483647\n  hint: for example --timeout 10000\n/);
    expect(tooLong.err).not.toMatch(/Warning/);
    expect((await run(['check-links', '--config', join(dir, 'site.config.ts'), '--retry', '1e2'])).err).toMatch(/^--retry 1e2 error\[usage\] --retry must be a whole number from 0 to 100$/m);
    const missing = await run(['check-links', '--config', join(dir, 'site.config.ts'), '--dir', join(dir, 'nothing')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^--dir \S+nothing error\[usage\] no built site in .*\n  hint: run `sitegen build` first/m);
    // Without --dir, the config's output folder is named, not a flag nobody typed.
    const unbuilt = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n') });
    const none = await run(['check-links', '--config', join(unbuilt, 'site.config.ts')]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^\S*dist error\[usage\] no built site in /m);
    expect(none.err).not.toMatch(/^--dir/m);
  }, 60_000);
});

describe('sitegen check-links --external', () => {
  let site: string;
  let server: Server;
  let origin: string;
  const hits: string[] = [];
  beforeAll(async () => {
    // A stand-in for the outside world: another origin, on loopback (CI has no network).
    const status: Record<string, number> = { '/ok': 200, '/forbidden': 403, '/limited': 429, '/gone': 404, '/api-gone': 404 };
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(status[req.url ?? ''] ?? 500, { 'content-type': 'text/html' });
      res.end('<html><body>external</body></html>');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    site = writeSite({
      'site.config.ts': configSource("navbar: [{ label: 'Out', to: '/docs/out' }],"),
      // The site's own address by either scheme is the build's page, never fetched from the network.
      'content/zh-Hans/docs/out.md': md({ title: 'Out', description: 'links out' }, [...['ok', 'forbidden', 'limited', 'gone'].map((p) => `- [${p}](${origin}/${p})`), '- [own](http://test.example/docs/bare)', '- [own too](https://test.example/docs/bare)'].join('\n') + '\n'),
      'content/zh-Hans/docs/bare.md': md({ title: 'Bare' }, 'No description, and [out](./out.md).\n'),
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
  }, 60_000);
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('skips external links by default', async () => {
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--format', 'json']);
    const report = JSON.parse(r.out);
    expect(report.diagnostics.filter((d: { code: string }) => d.code === 'external-link')).toEqual([]);
    expect(hits).toEqual([]);
  }, 60_000);

  it('checks them with --external: 404 is an error, 403 and 429 are warnings', async () => {
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--external', '--concurrency', '2', '--timeout', '5000', '--retry', '0', '--format', 'json']);
    const report = JSON.parse(r.out);
    const external = report.diagnostics
      .filter((d: { code: string }) => d.code === 'external-link')
      .map((d: { severity: string; message: string }) => [d.severity, d.message.replace(origin, '')])
      .sort();
    expect(external).toEqual([
      ['error', '/gone answered 404'],
      ['warning', '/forbidden answered 403 (the host may block crawlers or rate-limit)'],
      ['warning', '/limited answered 429 (the host may block crawlers or rate-limit)'],
    ]);
    expect(r.code).toBe(1);
    expect(hits).toContain('/ok');
  }, 60_000);

  it('says why an external link could not be fetched: a refused connection is not a timeout', async () => {
    // A port nothing listens on: the connection is refused at once, long before any time limit.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    // One slow answer, past the limit: that one did time out.
    const slow = createServer((_req, res) => void setTimeout(() => res.end('late'), 3000));
    await new Promise<void>((done) => slow.listen(0, '127.0.0.1', done));
    const slowOrigin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const page = join(site, 'content/zh-Hans/docs/down.md');
    writeFileSync(page, md({ title: 'Down', description: 'links to hosts that fail', image: `http://127.0.0.1:${port}/card.png` }, `- [refused](http://127.0.0.1:${port}/x)\n- [slow](${slowOrigin}/y)\n`));
    try {
      expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
      const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--external', '--timeout', '1000', '--retry', '0']);
      expect(r.out).toContain(`content/zh-Hans/docs/down.md:7 error[external-link] http://127.0.0.1:${port}/x refused the connection\n  hint: nothing answers at that address and port: the server may be down, or the address wrong\n`);
      expect(r.out).toContain(`content/zh-Hans/docs/down.md:8 error[external-link] ${slowOrigin}/y gave no answer within 1000 ms\n  hint: the host may be down or unreachable from here; --timeout sets the limit per request\n`);
      // The share image is told at its front matter line, where it was told at the file with no line.
      expect(r.out).toMatch(new RegExp(`^content/zh-Hans/docs/down\\.md:4 error\\[external-link\\] http://127\\.0\\.0\\.1:${port}/card\\.png refused the connection`, 'm'));
    } finally {
      slow.closeAllConnections();
      slow.close();
      rmSync(page);
      expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    }
  }, 60_000);

  it('tells the broken links of one line in the order they are written there, whichever host answers first', async () => {
    // The last link written answers first, the first one last: the report still reads left to right, run after run.
    const delays: Record<string, number> = { '/first': 600, '/second': 300, '/third': 0 };
    const late = createServer((req, res) => void setTimeout(() => res.writeHead(404).end('gone'), delays[req.url ?? ''] ?? 0));
    await new Promise<void>((done) => late.listen(0, '127.0.0.1', done));
    const lateOrigin = `http://127.0.0.1:${(late.address() as AddressInfo).port}`;
    const page = join(site, 'content/zh-Hans/docs/moved.md');
    writeFileSync(page, md({ title: 'Moved', description: 'three services that moved their pages' }, `See [DeepL](${lateOrigin}/first), [百度翻译](${lateOrigin}/second) and [OpenAI](${lateOrigin}/third).\n`));
    try {
      expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
      for (let round = 0; round < 2; round++) {
        const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--external', '--concurrency', '3', '--retry', '0']);
        expect(r.out.split('\n').filter((line) => line.startsWith('content/zh-Hans/docs/moved.md:'))).toEqual(
          ['first', 'second', 'third'].map((name) => `content/zh-Hans/docs/moved.md:6 error[external-link] ${lateOrigin}/${name} answered 404`),
        );
      }
    } finally {
      late.close();
      rmSync(page);
      expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    }
  }, 60_000);

  it('checks the links of a page whose <base href> is another origin at that origin, with --external only', async () => {
    const api = join(site, 'dist/api/index.html');
    mkdirSync(join(site, 'dist/api'));
    writeFileSync(api, `<!DOCTYPE html>\n<html>\n<head><base href="${origin}/"><title>API</title><meta name="description" content="api"></head>\n<body>\n<a href="ok">relative</a>\n<a href="/api-gone">root-relative</a>\n</body>\n</html>\n`);
    try {
      const before = hits.length;
      const skipped = await run(['check-links', '--config', join(site, 'site.config.ts')]);
      const orphan = 'dist/api/index.html warning[orphan-page] no page links to /api';
      expect(skipped.out.split('\n').filter((l) => l.startsWith('dist/api/'))).toEqual([orphan]);
      expect(hits.slice(before)).toEqual([]);
      const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--external', '--retry', '0']);
      // Before: /api-gone was told a broken link of the site, though the host its page sends it to was asked.
      expect(r.out.split('\n').filter((l) => l.startsWith('dist/api/'))).toEqual([orphan, `dist/api/index.html:6 error[external-link] ${origin}/api-gone answered 404`]);
      expect(hits.slice(before)).toEqual(expect.arrayContaining(['/ok', '/api-gone']));
    } finally {
      rmSync(join(site, 'dist/api'), { recursive: true, force: true });
    }
  }, 60_000);

  it('reports a page missing its description', async () => {
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.out).toContain('content/zh-Hans/docs/bare.md warning[missing-meta] /docs/bare has no description');
    expect(r.out).not.toMatch(/missing-meta\] \/(en\/)?docs\/out /);
  }, 60_000);
});

describe('sitegen check-links on the fixture with one fault of each kind', () => {
  it('finds exactly the faults the build finds, once each (the crawl adds no duplicates), and no false alarm', async () => {
    const site = faultySite("links: { onBrokenLinks: 'off', onBrokenImages: 'off', onBrokenAnchors: 'off' },");
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--format', 'json']);
    expect(r.code).toBe(1);
    const linkCodes = new Set(['broken-link', 'broken-image', 'broken-anchor', 'crawl', 'external-link']);
    const found = JSON.parse(r.out)
      .diagnostics.filter((d: { code: string }) => linkCodes.has(d.code))
      .map((d: { file: string; line?: number; severity: string; code: string; message: string }) => `${d.file.replace(/^.*test\/fixtures\/themes\/minimal$/, 'THEME')}:${d.line ?? ''} ${d.severity}[${d.code}] ${d.message.replace(/ \(on .*$/, '')}`);
    expect(found).toEqual([
      ...CONTENT_FAULTS,
      // A navbar entry of the config: reported at the config, with its key.
      'site.config.ts:8 error[broken-link] navbar[0].to: link /docs/missing-nav does not exist',
      'site.config.ts:8 error[broken-link] navbar[0].to: link /en/docs/missing-nav does not exist',
    ]);
  }, 60_000);
});

describe('sitegen check-links on a build of one locale', () => {
  it('checks what that build holds and leaves links into the other locales, and their orphans, unjudged', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍页' }, '正文。\n'),
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'The intro' }, 'Also [in Chinese](/docs/intro), and [setup](#setup).\n\n## Other\n'),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    const out = join(site, 'dist-en');
    const built = await run(['build', '--config', join(site, 'site.config.ts'), '--locale', 'en', '--out', out]);
    expect(built.code, built.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--dir', out]);
    // The link into zh-Hans is left alone; the anchor missing from the English page is still found.
    expect(r.out).not.toMatch(/\/docs\/intro does not exist/);
    expect(r.out).not.toMatch(/orphan-page/);
    expect(r.out).toContain('content/en/docs/intro.md:6 warning[broken-anchor] anchor #setup does not exist on /en/docs/intro');
    expect(r.code, r.out).toBe(0);
    // The static files are every build's: an image missing there is judged as a build of every locale judges it
    // (before: left alone as the default locale's, whose paths at the root they share).
    writeFileSync(join(site, 'content/en/docs/img.md'), md({ title: 'Images', description: 'images' }, '![bad](/img/none.svg) ![good](/img/a.svg)\n\n[bad file](/files/none.pdf)\n\nThe default locale\'s own files, which only a build of it has: [feed](pathname:///blog/rss.xml), [index](pathname:///search-index.json).\n'));
    const errors = (r: { out: string; err: string }) => (r.out + r.err).split('\n').filter((line) => /error\[/.test(line));
    const whole = await run(['build', '--config', join(site, 'site.config.ts'), '--out', join(site, 'dist-all')]);
    const one = await run(['build', '--config', join(site, 'site.config.ts'), '--locale', 'en', '--out', out]);
    expect(errors(whole)).toContain('content/en/docs/img.md:6 error[broken-image] image /img/none.svg does not exist');
    expect(errors(one)).toEqual(errors(whole));
    expect(one.code).toBe(1);
  }, 60_000);
});

describe('sitegen check-links on a site under a baseUrl', () => {
  it('crawls it where its host will serve it, finding the one broken link and no false alarm', async () => {
    const site = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/', navbar: [{ label: 'A', to: '/docs/a' }], links: { onBrokenLinks: 'off' },"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md), the [image](/img/a.svg) and [gone](/docs/gone).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Back to [a](./a.md#top).\n'),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts'), '--format', 'json']);
    const problems = JSON.parse(r.out).diagnostics.filter((d: { severity: string }) => d.severity === 'error').map((d: { file: string; line?: number; code: string; message: string }) => `${d.file}:${d.line} ${d.code} ${d.message}`);
    expect(problems).toEqual(['content/zh-Hans/docs/a.md:6 broken-link link /repo/docs/gone does not exist']);
    expect(r.code).toBe(1);
  }, 60_000);
});

describe('a link on a site under a baseUrl to its host outside the baseUrl', () => {
  it('is another site on that host (the owner’s home, another project of GitHub Pages): not judged, by the build or check-links', async () => {
    const site = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/',"),
      'content/zh-Hans/docs/a.md': md(
        { title: 'A', description: 'a' },
        'Also by us: [home](https://test.example/), [another project](https://test.example/other-project/docs/) and [its twin](//test.example/other-project). Ours: [b](https://test.example/repo/docs/b) and [gone](https://test.example/repo/docs/gone).\n',
      ),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Back to [a](./a.md).\n'),
    });
    // Before: "link https://test.example/ points to /, which does not exist" and the like, failing the build.
    const errors = (out: string) => out.split('\n').filter((l) => / error\[/.test(l)).map((l) => l.replace(/ \(on .*$/, ''));
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(errors(built.err + built.out)).toEqual(['content/zh-Hans/docs/a.md:6 error[broken-link] link https://test.example/repo/docs/gone points to /repo/docs/gone, which does not exist']);
    writeFileSync(join(site, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, 'Also by us: [home](https://test.example/) and [another project](https://test.example/other-project/docs/). Ours: [b](https://test.example/repo/docs/b).\n'));
    const fixed = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(fixed.code, fixed.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(errors(r.out)).toEqual([]);
    expect(r.code).toBe(0);
  }, 60_000);
});

describe('static HTML files', () => {
  it('can be linked to, as can /.well-known/: the build and check-links find them, whatever their name or canonical', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'The [demo](/demo.html), its [part](/demo.html#part), the [old app](/legacy/appindex.html), the [landing page](/landing/) ([also](/landing), [and](/landing/index.html)) and our [security contact](/.well-known/security.txt).\n'),
      // A search engine's verification file: HTML by name, no page.
      'content/static/google1234abcd.html': 'google-site-verification: google1234abcd.html\n',
      // A folder's index.html is served at the folder's address, with or without its slash.
      'content/static/landing/index.html': '<!DOCTYPE html><html><head><title>Landing</title><meta name="description" content="l"></head><body><a href="/docs/a">a</a></body></html>',
      'content/static/.well-known/security.txt': 'Contact: mailto:security@test.example\n',
      'content/zh-Hans/docs/b,c.md': md({ title: 'BC', description: 'bc' }, 'Back to [a](./a.md) and [gone](/docs/gone).\n'),
      'content/static/demo.html': '<!DOCTYPE html><html><head><title>Demo</title><meta name="description" content="d"></head><body><h2 id="part">Part</h2><a href="/docs/a">a</a></body></html>',
      // A relative canonical, and a name that only ends in index.html.
      'content/static/legacy/appindex.html': '<!DOCTYPE html><HTML><HEAD><TITLE>App</TITLE><META content="the old app" NAME="description"><link rel="canonical" href="/legacy/appindex.html"></HEAD><body><a href="/docs/a">a</a></body></HTML>',
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.err).toMatch(/error\[broken-link\] link \/docs\/gone does not exist/);
    expect(built.err).not.toMatch(/demo\.html|appindex|landing/);
    writeFileSync(join(site, 'site.config.ts'), configSource("links: { onBrokenLinks: 'off' },"));
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual(['content/zh-Hans/docs/b,c.md:6 error[broken-link] link /docs/gone does not exist']);
    expect(r.out).not.toMatch(/\n\s+at /);
    // Its title and description are found in capitals and in any attribute order.
    expect(r.out).not.toMatch(/missing-meta\] \/legacy/);
    expect(r.out).not.toContain('google1234abcd');
    // A GitHub annotation's file may hold a comma: escaped, or the annotation lands on another file.
    const github = await run(['check-links', '--config', join(site, 'site.config.ts'), '--format', 'github']);
    expect(github.out).toContain('::error file=content/zh-Hans/docs/b%2Cc.md,line=6,title=broken-link::link /docs/gone does not exist');
  }, 60_000);

  it('are copied as they are by the build, and check-links tells their broken links at the static file\'s line', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍' }, '见 [落地页](/landing/)。\n'),
      'content/static/landing/index.html': '<!DOCTYPE html>\n<html>\n<head><title>Landing</title><meta name="description" content="l"></head>\n<body>\n<h1 id="top">Landing: see /docs/static-missing below, and img/none.png</h1>\n<a href="/docs/static-missing">missing</a>\n<a href="../docs/intro#nope-static">anchor</a> <a href="/docs/static-missing">again</a>\n<img src="img/none.png" alt="">\n<a href="/docs/intro">ok</a>\n</body>\n</html>\n',
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    // Before: at dist/landing/index.html, with no line, "(on /landing/)".
    expect(r.out.split('\n').filter((l) => /(error|warning)\[broken/.test(l))).toEqual([
      'content/static/landing/index.html:6 error[broken-link] link /docs/static-missing does not exist',
      'content/static/landing/index.html:7 error[broken-link] link /docs/static-missing does not exist',
      'content/static/landing/index.html:7 warning[broken-anchor] anchor #nope-static does not exist on /docs/intro',
      'content/static/landing/index.html:8 error[broken-image] image img/none.png points to /landing/img/none.png, which does not exist',
    ]);
  }, 60_000);
  it('tells the broken links of an HTML file put in the output folder after the build (API docs copied in by CI) at its lines', async () => {
    // The build cannot know the folder CI copies in later.
    const site = await builtWithApiPage('见 [API](/api/)。\n', '<!DOCTYPE html>\n<html>\n<head><title>API</title><meta name="description" content="api"></head>\n<body>\n<a href="/docs/intro">ok</a>\n<a href="/docs/api-missing">missing</a>\n<a href="/docs/intro#nope-api">anchor</a>\n<img src="/img/api-none.png" alt="">\n</body>\n</html>\n');
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    // Before: no line, and "(on /api/)".
    expect(r.out.split('\n').filter((l) => /(error|warning)\[broken/.test(l))).toEqual([
      'dist/api/index.html:6 error[broken-link] link /docs/api-missing does not exist',
      'dist/api/index.html:7 warning[broken-anchor] anchor #nope-api does not exist on /docs/intro',
      'dist/api/index.html:8 error[broken-image] image /img/api-none.png does not exist',
    ]);
  }, 60_000);
  it('tells a URL that is none (http://[bad) once, as malformed at its line, without a crash or a host said not to answer', async () => {
    const site = await builtWithApiPage('见 [API](/api/)。\n', '<!DOCTYPE html>\n<html>\n<head><title>API</title><meta name="description" content="api">\n<style>.logo { background: url(http://[css-bad) }</style>\n</head>\n<body>\n<a href="http://[bad">bad</a>\n<a href="/docs/intro">ok</a>\n</body>\n</html>\n');
    // Before: a TypeError's stack for the <style>'s (its line looked for), and the link's told twice, the second time as
    // "error[external-link] http://[bad gave no answer within 10000 ms", without --external.
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual(['dist/api/index.html:4 error[crawl] http://[css-bad is not a valid URL', 'dist/api/index.html:7 error[broken-link] malformed URL http://[bad']);
  }, 60_000);
  it('resolves the relative links of a page with a <base href> (API docs copied in) from the base, as browsers do', async () => {
    const site = await builtWithApiPage('## 安装\n\n见 [API](/api/)。\n', '<!DOCTYPE html>\n<html>\n<head><base href="/docs/"><title>API</title><meta name="description" content="api"></head>\n<body>\n<a href="intro">ok</a> <a href="intro#%E5%AE%89%E8%A3%85">ok too</a>\n<a href="api-missing">missing</a>\n<img src="api-none.png" alt="">\n<a href="#local">a fragment leads to the base too</a>\n</body>\n</html>\n');
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    // Before: `intro` was /api/intro, which does not exist (a false error), and `api-missing` was told twice: by the crawl, which reads the base, too.
    expect(r.out.split('\n').filter((l) => /(error|warning)\[(broken|crawl)/.test(l))).toEqual([
      'dist/api/index.html:6 error[broken-link] link api-missing points to /docs/api-missing, which does not exist',
      'dist/api/index.html:7 error[broken-image] image api-none.png points to /docs/api-none.png, which does not exist',
      // The base, /docs/, is the docs root, which leads to the first doc: the fragment is looked for there.
      'dist/api/index.html:8 warning[broken-anchor] anchor #local does not exist on /docs/',
    ]);
  }, 60_000);
  it('takes the links of a page whose <base href> is another origin as links out to it: none told broken, unless written with the site\'s own address', async () => {
    const api = [
      '<!DOCTYPE html>',
      '<html>',
      '<head><base href="https://cdn.example.com/"><title>API</title><meta name="description" content="api"><link rel="stylesheet" href="api.css"></head>',
      '<body>',
      '<a href="reference">relative</a> <a href="/docs/nope">root-relative</a> <a href="#top">a fragment</a> <a href="//cdn.example.com/x">scheme-relative</a>',
      '<img src="logo.png" srcset="logo@2x.png 2x" alt=""> <img src="/img/none.png" alt="">',
      '<a href="https://test.example/docs/gone">the site\'s own, written whole</a>',
      '</body>',
      '</html>',
      '',
    ].join('\n');
    const site = await builtWithApiPage('见 [API](/api/)。\n', api);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    // Before: /docs/nope and /img/none.png were told broken links of the site, though a browser asks cdn.example.com for them.
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual(['dist/api/index.html:7 error[broken-link] link https://test.example/docs/gone points to /docs/gone, which does not exist']);
    expect(r.code).toBe(1);
    rmSync(site, { recursive: true, force: true });
  }, 60_000);
  it("tells a stylesheet's broken url() at the stylesheet's file and line, and a static page's <style> at its line", async () => {
    const site = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍' }, '见 [落地页](/landing/)。\n'),
      'content/static/img/ok.png': 'png',
      'content/static/css/landing.css': '.a { background: url(../img/ok.png) }\n.b { background: url("../img/css-none.png") }\n',
      'content/static/landing/index.html': '<!DOCTYPE html>\n<html>\n<head><title>Landing</title><meta name="description" content="l"><link rel="stylesheet" href="/css/landing.css">\n<style>\n.c { background: url(/img/style-none.png) }\n</style>\n</head>\n<body><a href="/docs/intro">ok</a></body>\n</html>\n',
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    // Before: at "/css/landing.css", a site path, with no line and "(linked from /css/landing.css)"; the <style>'s with no line.
    expect(r.out.split('\n').filter((l) => /error\[crawl\]/.test(l))).toEqual([
      'content/static/css/landing.css:2 error[crawl] /img/css-none.png answered 404',
      'content/static/landing/index.html:5 error[crawl] /img/style-none.png answered 404',
    ]);
  }, 60_000);
  it("tells a broken image that is not a srcset's first candidate at its line too", async () => {
    const site = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍' }, '见 [落地页](/landing/)。\n'),
      'content/static/img/ok.png': 'png',
      'content/static/landing/index.html': '<!DOCTYPE html>\n<html>\n<head><title>Landing</title><meta name="description" content="l"></head>\n<body>\n<img srcset="/img/ok.png 1x, /img/none-2x.png 2x" alt="">\n<picture>\n<source srcset="/img/ok.png 480w,\n        /img/none-wide.png 960w">\n</picture>\n</body>\n</html>\n',
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => /(error|warning)\[broken/.test(l))).toEqual([
      'content/static/landing/index.html:5 error[broken-image] image /img/none-2x.png does not exist',
      'content/static/landing/index.html:8 error[broken-image] image /img/none-wide.png does not exist',
    ]);
  }, 60_000);
  it('does not call a static HTML file that leaves out its </html> (as HTML allows) cut off, while it is as written', async () => {
    const landing = '<!DOCTYPE html>\n<html lang="en">\n<head><title>Landing</title><meta name="description" content="l"></head>\n<body>\n<a href="/docs/intro">ok</a>\n';
    const site = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍' }, '见 [落地页](/landing/)。\n'),
      'content/static/landing/index.html': landing,
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.err).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.out).not.toMatch(/broken-page/);
    expect(r.code, r.out).toBe(0);
    // Its copy in the output folder cut off after the build still is.
    writeFileSync(join(site, 'dist/landing/index.html'), landing.slice(0, 60));
    const cut = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(cut.code).toBe(1);
    expect(cut.out).toContain('content/static/landing/index.html error[broken-page] /landing ends before its </html>: a file cut off after the build?');
  }, 60_000);
});

describe('a file name followed by a slash', () => {
  it('is a broken link in the build and in check-links, as nginx and the dev server answer it 404', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'The [sitemap](/sitemap.xml/), [b](/docs/b/index.html/), the [demo](/demo.html/) and [b again](/docs/b/).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Back to [a](./a.md).\n'),
      'content/static/demo.html': '<!DOCTYPE html><html><head><title>Demo</title><meta name="description" content="d"></head><body><a href="/docs/a">a</a></body></html>',
    });
    const strict = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(strict.code).toBe(1);
    for (const link of ['/sitemap.xml/', '/docs/b/index.html/', '/demo.html/']) expect(strict.err).toContain(`error[broken-link] link ${link} does not exist`);
    // The hint names the file the slash was put after.
    expect(strict.err).toContain('error[broken-link] link /demo.html/ does not exist\n  hint: did you mean /demo.html?');
    expect(strict.err).not.toContain('link /docs/b/ does not exist');
    writeFileSync(join(site, 'site.config.ts'), configSource("links: { onBrokenLinks: 'off' },"));
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual([
      'content/zh-Hans/docs/a.md:6 error[broken-link] link /sitemap.xml/ does not exist',
      'content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/b/index.html/ does not exist',
      'content/zh-Hans/docs/a.md:6 error[broken-link] link /demo.html/ does not exist',
    ]);
  }, 60_000);
});

describe('share images', () => {
  it('that are not in the build are reported once each, at the config for the default one', async () => {
    const site = writeSite({
      'site.config.ts': configSource("image: '/img/share.png', links: { onBrokenImages: 'off' },"),
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\nimage: /img/a-card.png\n---\nSee [b](./b.md).\n',
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Back to [a](./a.md).\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    const shares = r.out.split('\n').filter((l) => l.includes('share image'));
    expect(shares).toHaveLength(2);
    expect(shares).toContainEqual(expect.stringMatching(/^site\.config\.ts:8 error\[broken-image\] share image \/img\/share\.png does not exist \(the og:image of \d+ pages\)$/));
    expect(shares).toContainEqual(expect.stringMatching(/^content\/zh-Hans\/docs\/a\.md:4 error\[broken-image\] share image \/img\/a-card\.png does not exist \(the og:image of 2 pages\)$/));
  }, 60_000);

  it("given as the site's own absolute address: the build's error at the image: line, and check-links' once, at that line", async () => {
    const page = '---\ntitle: A\ndescription: a\nimage: https://test.example/img/gone.png\n---\nText.\n';
    const failing = writeSite({ 'content/zh-Hans/docs/a.md': page });
    const build = await run(['build', '--config', join(failing, 'site.config.ts')]);
    expect(build.code).toBe(1);
    expect(build.out + build.err).toContain('content/zh-Hans/docs/a.md:4 error[broken-image] image: https://test.example/img/gone.png does not exist (the page\'s share card)');
    const site = writeSite({ 'site.config.ts': configSource("links: { onBrokenImages: 'off' },"), 'content/zh-Hans/docs/a.md': page });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => l.includes('gone.png'))).toEqual(['content/zh-Hans/docs/a.md:4 error[broken-image] share image /img/gone.png does not exist (the og:image of 2 pages)']);
  }, 60_000);
});

describe('a share image written relative to its page', () => {
  it('is the file beside the page, published with it, in the page\'s og:image and judged as the body\'s images are', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const site = writeSite({
      'content/zh-Hans/blog/2025-03-21-folder-post/index.md': '---\ntitle: P\ndescription: p\nimage: ./img/card.png\n---\n\nText.\n',
      'content/zh-Hans/blog/2025-03-21-folder-post/img/card.png': png,
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\nimage: img/a.png\n---\nText.\n',
      'content/zh-Hans/docs/img/a.png': png,
      // A name with a space: before, `image: /docs/pic%201.png does not exist`, though the file was published.
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: b\nimage: ./pic 1.png\n---\nText.\n',
      'content/zh-Hans/docs/pic 1.png': png,
      // And one whose name holds a "#", written encoded.
      'content/zh-Hans/docs/c.md': '---\ntitle: C\ndescription: c\nimage: ./c%231.png\n---\nText.\n',
      'content/zh-Hans/docs/c#1.png': png,
    });
    // Before: `error[broken-image] image: ./img/card.png does not exist`, though a body's ![](./img/card.png) worked.
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.out + built.err).toBe(0);
    const og = (path: string) => /<meta property="og:image" content="([^"]+)">/.exec(readFileSync(join(site, 'dist', path, 'index.html'), 'utf8'))?.[1];
    expect(og('blog/2025/03/21/folder-post')).toBe('https://test.example/blog/2025-03-21-folder-post/img/card.png');
    expect(existsSync(join(site, 'dist/blog/2025-03-21-folder-post/img/card.png'))).toBe(true);
    expect(og('docs/a')).toBe('https://test.example/docs/img/a.png');
    expect(og('docs/b')).toBe('https://test.example/docs/pic%201.png');
    expect(existsSync(join(site, 'dist/docs/pic 1.png'))).toBe(true);
    expect((await run(['check-links', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    // One that is not there is the build's error at its line.
    writeFileSync(join(site, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndescription: a\nimage: img/gone.png\n---\nText.\n');
    const failed = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(failed.code).toBe(1);
    expect(failed.out + failed.err).toContain('content/zh-Hans/docs/a.md:4 error[broken-image] image: /docs/img/gone.png does not exist');
  }, 60_000);
});

describe('relative links of a page', () => {
  it('resolve from the URL the page is served at (/docs/x, its canonical), not from its folder', async () => {
    const site = writeSite({
      'site.config.ts': configSource("links: { onBrokenLinks: 'off' },"),
      // Written as a browser follows them from /docs/a and /docs/探针: siblings, and a folder one up.
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](b), [the guide](guide/) and [探针](探针).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Back to [a](a) and [missing](c).\n'),
      'content/zh-Hans/docs/探针.md': md({ title: '探针', description: 't' }, 'Back to [a](a).\n'),
      'content/zh-Hans/docs/guide/index.md': md({ title: 'Guide', description: 'g' }, 'Up to [a](../a).\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual(["content/zh-Hans/docs/b.md:6 error[broken-link] link c points to /docs/c, which does not exist"]);
  }, 60_000);
});

describe('a .md link into another locale\'s folder', () => {
  it('passes while that page is built, and the page is reported missing once it is gone from the build', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Read [the English page](../../en/docs/b.md#setup).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'Read [b](./b.md).\n'),
      'content/en/docs/b.md': md({ title: 'B', description: 'b', slug: 'bee' }, '## Setup {#setup}\n\nBack to [a](../../zh-Hans/docs/a.md).\n'),
    });
    const built = await run(['build', '--config', join(site, 'site.config.ts')]);
    expect(built.code, built.out + built.err).toBe(0);
    const errors = (out: string) => out.split('\n').filter((l) => / (error|warning)\[broken/.test(l));
    const passing = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(errors(passing.out)).toEqual([]);
    rmSync(join(site, 'dist/en/docs/bee'), { recursive: true });
    const broken = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/^dist\/en\/docs\/bee\/index\.html error\[missing-page\] \/en\/docs\/bee is not in the output folder, though content\/en\/docs\/b\.md makes it/m);
  }, 60_000);
});

describe("a link to a page's alias", () => {
  it('is judged, anchor and all, against the page the alias leads to', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/history.md': md({ title: 'History', description: 'h', aliases: ['/docs/old-history'] }, '## 2013 {#2013}\n\nText.\n'),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [2013](/docs/old-history#2013) and [nope](/docs/old-history#nope).\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    const anchors = r.out.split('\n').filter((l) => l.includes('broken-anchor'));
    expect(anchors).toEqual([expect.stringMatching(/anchor #nope does not exist on \/docs\/old-history/)]);
  }, 60_000);
});

describe("the aliases' lines of _redirects on a site under a baseUrl", () => {
  it('carry the baseUrl, and send a link on to the page, anchor and all, where the host answers by them alone', async () => {
    const site = writeSite({
      'site.config.ts': configSource("baseUrl: '/docs-site/',"),
      'content/zh-Hans/docs/history.md': md({ title: 'History', description: 'h', aliases: ['/docs/old-history', '/旧'] }, '## 2013 {#2013}\n\nText.\n'),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [2013](/docs/old-history#2013), [旧](/旧#2013) and [nope](/旧#nope).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a' }, 'Text.\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    expect(readFileSync(join(site, 'dist/_redirects'), 'utf8').split('\n').slice(1)).toEqual([
      '/docs-site/docs/old-history /docs-site/docs/history 301',
      '/docs-site/%E6%97%A7 /docs-site/docs/history 301',
      '/docs-site/en/docs/old-history /docs-site/en/docs/history 301',
      '/docs-site/en/%E6%97%A7 /docs-site/en/docs/history 301',
      "# The docs' roots, which no page has: to the first page of their sidebar.",
      '/docs-site/docs/ /docs-site/docs/a 302',
      '/docs-site/en/docs/ /docs-site/en/docs/a 302',
      '',
    ]);
    const anchors = (out: string) => out.split('\n').filter((l) => /(error|warning)\[broken/.test(l));
    const withPages = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(anchors(withPages.out)).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /docs-site/旧']);
    // A host that answers the aliases by the rules alone (no page of their own): each line sends the link to the page.
    // Before, the Chinese alias's line, written with percent-escapes, matched nothing: "link /docs-site/旧#2013 points to /docs-site/旧, which does not exist".
    for (const alias of ['docs/old-history', '旧', 'en/docs/old-history', 'en/旧']) rmSync(join(site, 'dist', alias), { recursive: true });
    const byRules = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(anchors(byRules.out)).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-anchor] link /docs-site/旧#nope is redirected by dist/_redirects:3 to /docs-site/docs/history#nope, but anchor #nope does not exist on /docs-site/docs/history']);
    expect(byRules.code, byRules.out).toBe(0);
  }, 60_000);
});

describe('a page of the content missing from the build', () => {
  it('is one error at its output file, and the links to it are not reported one by one (nor by the crawl)', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [b](./b.md), [b again](./b.md#part) and [c](./c.md).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '## Part\n\nBack to [a](./a.md).\n'),
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, 'Back to [a](./a.md).\n'),
    });
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    rmSync(join(site, 'dist/docs/b'), { recursive: true });
    // A page added to the content since the build is missing too.
    writeFileSync(join(site, 'content/zh-Hans/docs/new.md'), md({ title: 'New', description: 'n' }, 'New.\n'));
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n').filter((l) => / error\[/.test(l))).toEqual([
      'dist/docs/b/index.html error[missing-page] /docs/b is not in the output folder, though content/zh-Hans/docs/b.md makes it (links to it are not reported one by one)',
      // With its English fallback copy, in one line.
      'dist/docs/new/index.html error[missing-page] /docs/new (and /en/docs/new) is not in the output folder, though content/zh-Hans/docs/new.md makes it (links to it are not reported one by one)',
    ]);
    expect(r.out).toContain('hint: build the site again: the folder was changed after the build, or the content since');
  }, 60_000);
});

describe('orphan pages on the bundled site', () => {
  it('are found though their translations link to them from the language menu; a noindex page is not one', async () => {
    const site = writeSite({
      'site.config.ts': readFileSync(join(REPO, 'site.config.ts'), 'utf8').replace("scripts: ['/invite.js'],", `scripts: ['/invite.js'],\n  themeDir: ${JSON.stringify(join(REPO, 'theme'))},`),
    });
    cpSync(join(REPO, 'content'), join(site, 'content'), { recursive: true });
    for (const locale of ['zh-Hans', 'en']) writeFileSync(join(site, `content/${locale}/docs/lonely.md`), md({ title: 'Lonely', description: 'linked from nowhere' }, 'Alone.\n'));
    expect((await run(['build', '--config', join(site, 'site.config.ts')])).code).toBe(0);
    const r = await run(['check-links', '--config', join(site, 'site.config.ts')]);
    expect(r.code).toBe(0);
    // The old install page is kept for old links, noindex: not an orphan to fix.
    expect(r.out.split('\n').filter((l) => l.includes('orphan-page'))).toEqual([
      'content/en/docs/lonely.md warning[orphan-page] no page links to /en/docs/lonely',
      'content/zh-Hans/docs/lonely.md warning[orphan-page] no page links to /docs/lonely',
    ]);
  }, 60_000);
});
