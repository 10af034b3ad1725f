// sitegen serve while files change: what each kind of change rebuilds and announces, bursts, editors'
// save-by-rename, half-written files, broken files of every kind, and the search index.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/serve/runServe';
import { configSource, MINIMAL_THEME, md, writeSite } from '../helpers/site';
import { listenLiveReload } from '../helpers/liveReload';
import { poll } from '../e2e/helpers/site';

const run = promisify(execFile);
let dir: string;
let server: DevServer;
let terminal = '';
const io = { out: (t: string) => void (terminal += t), err: (t: string) => void (terminal += t), interactive: false };

/** Every live-reload message received on one connection, once the server has it: a change made after this is told on it. */
const listen = () => listenLiveReload(server.port);

const get = async (path: string) => {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`);
  return { status: res.status, body: await res.text() };
};
const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
const settle = () => new Promise((r) => setTimeout(r, 400));
/** Resolves once `ready` holds, polling; fails after 20 s. */
async function until(ready: () => Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await ready()) return;
  throw new Error('timed out');
}
/**
 * Resolves once every expectation of `check` holds, polling; fails after 20 s with the last one that did not.
 * Files written together can land in two rebuilds, the second after the first one's reload.
 */
const eventually = (check: () => Promise<void>, message: string) => poll(async () => (await check(), true), { timeout: 20_000, interval: 50, message });

beforeAll(async () => {
  dir = writeSite({
    'content/sidebars.yaml': 'faqs:\n  - a\n  - b\n',
    'content/zh-Hans/docs/a.md': md({ title: 'Alpha', description: 'a' }, 'Alpha links to [b](./b.md).\n'),
    'content/zh-Hans/docs/b.md': md({ title: 'Beta', description: 'b' }, 'Beta.\n'),
    'content/zh-Hans/docs/c.md': md({ title: 'Gamma', description: 'c' }, 'Gamma.\n'),
    'content/static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  cpSync(MINIMAL_THEME, join(dir, 'theme'), { recursive: true });
  write('site.config.ts', configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n"));
  // A static file that is a link (inside the project): published as the file it leads to.
  symlinkSync('logo.svg', join(dir, 'content/static/img/alias.svg'));
  // Files written in the 10 ms before the server starts its first build may have been saved while it ran (the system's
  // clock for file times lags): the server builds them again once it watches. These were written before it started.
  await new Promise((r) => setTimeout(r, 50));
  server = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(dir, 'site.config.ts') }, io);
}, 60_000);

afterAll(async () => server?.close());

describe('sitegen serve: what a change rebuilds and reloads', () => {
  it('starts with one build: a link among the static files is no change', async () => {
    await new Promise((r) => setTimeout(r, 600));
    // Before: chokidar reported the link as added once watching began, and the site was built a second time.
    expect(terminal.match(/^.*: built \d+ pages/gm), terminal).toEqual([expect.stringMatching(/^initial build: built \d+ pages/)]);
    expect((await get('/img/alias.svg')).status).toBe(200);
  });

  it('a body edit reloads only that page (and its untranslated English copy)', async () => {
    const events = await listen();
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, edited.\n'));
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths).toEqual(['/docs/c', '/en/docs/c']);
    expect((await get('/docs/c')).body).toContain('Gamma, edited.');
  }, 30_000);

  it('a title edit also reloads the pages that show the title (sidebar neighbours)', async () => {
    const events = await listen();
    write('content/zh-Hans/docs/b.md', md({ title: 'Beta Two', description: 'b' }, 'Beta.\n'));
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths).toEqual(expect.arrayContaining(['/docs/b', '/docs/a']));
    expect(message.paths).not.toContain('/docs/c');
    expect((await get('/docs/a')).body).toContain('Beta Two');
    // Back to the title it had: the neighbours' pages come back from the page cache as they were, and still reload.
    const back = await listen();
    write('content/zh-Hans/docs/b.md', md({ title: 'Beta', description: 'b' }, 'Beta.\n'));
    const again = await back.next((m) => m.type === 'reload');
    back.close();
    expect(again.paths).toEqual(expect.arrayContaining(['/docs/b', '/docs/a']));
    expect((await get('/docs/a')).body).not.toContain('Beta Two');
  }, 30_000);

  it('a static file change is served and reloads every page', async () => {
    const events = await listen();
    write('content/static/img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><title>new</title></svg>');
    write('content/static/added.txt', 'added');
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths).toEqual(['*']);
    await eventually(async () => {
      expect((await get('/img/logo.svg')).body).toContain('new');
      expect((await get('/added.txt')).body).toBe('added');
    }, 'both files served');
  }, 30_000);

  it("the site's _redirects as each build writes it: a rule added, changed or removed answers from the reload on", async () => {
    const answer = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      return [res.status, res.headers.get('location')];
    };
    // Served before any rule: the rules the server knows are those of this build.
    expect(await answer('/docs/c')).toEqual([200, null]);
    for (const [rules, asked, answered] of [
      ['/old /docs/a 301\n', '/old', [301, '/docs/a']],
      ['/old /docs/b 302\n', '/old', [302, '/docs/b']],
      // A forced rule passes over a page that is there (looked at for every page served).
      ['/old /docs/b 302\n/docs/c /docs/a 301!\n', '/docs/c', [301, '/docs/a']],
      [null, '/docs/c', [200, null]],
    ] as const) {
      const events = await listen();
      if (rules === null) rmSync(join(dir, 'content/static/_redirects'));
      else write('content/static/_redirects', rules);
      await events.next((m) => m.type === 'reload');
      events.close();
      expect(await answer(asked), rules ?? 'removed').toEqual(answered);
    }
    expect(await answer('/old')).toEqual([404, null]);
  }, 60_000);

  it('an image replaced by one of another size: the pages that show it carry its new size', async () => {
    const svg = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"/>`;
    const first = await listen();
    write('content/static/img/sized.svg', svg(10, 20));
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma.\n\n![A box](/img/sized.svg)\n'));
    await first.next((m) => m.type === 'reload');
    first.close();
    await until(async () => (await get('/docs/c')).body.includes('width="10" height="20"'));
    const events = await listen();
    write('content/static/img/sized.svg', svg(300, 40));
    await events.next((m) => m.type === 'reload');
    events.close();
    await until(async () => (await get('/docs/c')).body.includes('width="300" height="40"'));
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma.\n'));
    await settle();
  }, 30_000);

  it('a theme change rebuilds and reloads every page', async () => {
    const events = await listen();
    write('theme/style.css', '.sg-theme-edited { color: red; }\n');
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths).toEqual(['*']);
    const page = (await get('/docs/a')).body;
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(page)![1];
    expect((await get(css)).body).toContain('sg-theme-edited');
  }, 30_000);

  it("a file whose name holds a terminal's escape: the summary line shows it as JSON writes it, as the error line does", async () => {
    const events = await listen();
    const name = 'content/zh-Hans/docs/esc\u001b[31mred.md';
    write(name, '---\ntitle: [unclosed\n---\nBody.\n');
    await events.next((m) => m.type === 'error');
    events.close();
    const shown = JSON.stringify(name);
    // Before: the error line was escaped, and the summary line sent the escape to the terminal.
    await until(async () => terminal.includes(`${shown}: build failed: nothing was written`));
    expect(terminal).not.toContain('\u001b');
    rmSync(join(dir, name));
    await settle();
  }, 30_000);

  it('a config change is loaded again (and a broken config keeps the last good site)', async () => {
    const events = await listen();
    const config = configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n");
    write('site.config.ts', config.replace("'Test site'", "'Renamed site'"));
    await events.next((m) => m.type === 'reload');
    expect((await get('/en/docs/a')).body).toContain('Renamed site');
    write('site.config.ts', config.replace("url: 'https://test.example',", "url: 42,"));
    const broken = await events.next((m) => m.type === 'error');
    expect(broken.errors!.join('\n')).toMatch(/site\.config\.ts:4 error\[config\] url: /);
    expect((await get('/en/docs/a')).status).toBe(200);
    // The terminal ends the errors with a summary line, as for any failed build.
    await until(async () => /site\.config\.ts: build failed: the last good site is still served · 1 error · [\d.]+ s\n/.test(terminal));
    // An edit elsewhere while the config is broken: the config's error again, not a build with the last good config.
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, while the config is broken.\n'));
    const still = await events.next((m) => m !== broken && (m.type === 'error' || (m.type === 'reload' && m.revision > broken.revision)));
    expect(still.type).toBe('error');
    expect(still.errors!.join('\n')).toMatch(/site\.config\.ts:4 error\[config\] url: /);
    write('site.config.ts', config);
    await events.next((m) => m.type === 'reload' && m.revision > broken.revision);
    events.close();
    expect((await get('/en/docs/a')).body).toContain('Test site');
  }, 40_000);

  it('a file the config imports is watched with it, from the moment the config imports it', async () => {
    const events = await listen();
    const config = configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n");
    write('names.ts', "export const englishName = 'Imported name';\n");
    write('site.config.ts', `import { englishName } from './names';\n${config.replace("'Test site'", 'englishName')}`);
    const first = await events.next((m) => m.type === 'reload');
    expect((await get('/en/docs/a')).body).toContain('Imported name');
    // Only the imported file changes: the config is loaded again all the same.
    write('names.ts', "export const englishName = 'Edited import';\n");
    const second = await events.next((m) => m.type === 'reload' && m.revision > first.revision);
    expect((await get('/en/docs/a')).body).toContain('Edited import');
    // A new import that does not compile: its error names it, and fixing it alone is seen.
    write('broken.ts', "export const englishName = 'Broken' +;\n");
    write('site.config.ts', `import { englishName } from './broken';\n${config.replace("'Test site'", 'englishName')}`);
    const broken = await events.next((m) => m.type === 'error');
    expect(broken.errors!.join('\n')).toMatch(/broken\.ts:1:\d+ error\[config\]/);
    write('broken.ts', "export const englishName = 'Fixed import';\n");
    const fixed = await events.next((m) => m.type === 'reload' && m.revision > broken.revision);
    expect((await get('/en/docs/a')).body).toContain('Fixed import');
    write('site.config.ts', config);
    await events.next((m) => m.type === 'reload' && m.revision > fixed.revision);
    events.close();
    expect((await get('/en/docs/a')).body).toContain('Test site');
  }, 40_000);

  it('an import the config names before its file exists: creating the file is seen', async () => {
    const events = await listen();
    const config = configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n");
    write('site.config.ts', `import { englishName } from './later';\n${config.replace("'Test site'", 'englishName')}`);
    const missing = await events.next((m) => m.type === 'error');
    expect(missing.errors!.join('\n')).toMatch(/Could not resolve "\.\/later"/);
    write('later.ts', "export const englishName = 'Created later';\n");
    const created = await events.next((m) => m.type === 'reload' && m.revision > missing.revision);
    expect((await get('/en/docs/a')).body).toContain('Created later');
    write('site.config.ts', config);
    await events.next((m) => m.type === 'reload' && m.revision > created.revision);
    events.close();
    rmSync(join(dir, 'later.ts'));
  }, 40_000);

  it('a content or theme folder the config moves to is watched from then on', async () => {
    const events = await listen();
    const config = configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n");
    const before = (await get('/docs/c')).body;
    cpSync(join(dir, 'content'), join(dir, 'content-moved'), { recursive: true });
    cpSync(join(dir, 'theme'), join(dir, 'theme-moved'), { recursive: true });
    write('site.config.ts', config.replace("themeDir: 'theme',", "themeDir: 'theme-moved', contentDir: 'content-moved',"));
    const moved = await events.next((m) => m.type === 'reload');
    write('content-moved/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, edited in the moved folder.\n'));
    const edited = await events.next((m) => m.type === 'reload' && m.revision > moved.revision);
    expect((await get('/docs/c')).body).toContain('Gamma, edited in the moved folder.');
    const server = join(dir, 'theme-moved/server.tsx');
    const { readFileSync } = await import('node:fs');
    writeFileSync(server, `${readFileSync(server, 'utf8')}\n// edited in the moved theme\n`);
    const themed = await events.next((m) => m.type === 'reload' && m.revision > edited.revision);
    write('site.config.ts', config);
    await events.next((m) => m.type === 'reload' && m.revision > themed.revision);
    events.close();
    // The same page (but for the server's revision in its live-reload tag).
    const unrevised = (html: string) => html.replace(/ data-revision="\d+"/, '');
    expect(unrevised((await get('/docs/c')).body)).toBe(unrevised(before));
  }, 40_000);

  it('a new baseUrl builds (the client assets made again for it) and is served there, and back', async () => {
    const config = configSource().replace(/themeDir: .*\n/, "themeDir: 'theme',\n");
    for (const [base, next] of [['/repo/', "baseUrl: '/repo/',"], ['/', '']] as const) {
      const events = await listen();
      write('site.config.ts', config.replace("url: 'https://test.example',", `url: 'https://test.example', ${next}`));
      const message = await events.next((m) => m.type === 'reload' || m.type === 'error');
      events.close();
      expect(message.type, JSON.stringify(message.errors)).toBe('reload');
      // Every page open moved (a tab on /docs/a is now at /repo/docs/a): all reload, not only those at the new addresses.
      expect(message.paths).toEqual(['*']);
      const page = await get(`${base}docs/a`);
      expect(page.status).toBe(200);
      const assets = [...page.body.matchAll(/(?:href|src)="([^"]*\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) expect(asset.startsWith(`${base}assets/`), asset).toBe(true);
      for (const asset of assets) expect((await get(asset)).status, asset).toBe(200);
      // The terminal gives the new addresses.
      expect(terminal).toContain(`serving http://127.0.0.1:${server.port}${base}  http://127.0.0.1:${server.port}${base}en/\n`);
    }
  }, 40_000);

  it('prints a good build\'s warnings once: a rebuild counts those printed before without printing them again', async () => {
    const events = await listen();
    write('content/zh-Hans/docs/quiet.md', '---\ntitle: Quiet\n---\n\nNo description.\n');
    await events.next((m) => m.type === 'reload');
    await settle();
    const warning = /^content\/zh-Hans\/docs\/quiet\.md:1 warning\[meta\] no description/gm;
    expect(terminal.match(warning)).toHaveLength(1);
    const again = await listen();
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, once more.\n'));
    await again.next((m) => m.type === 'reload');
    again.close();
    events.close();
    await settle();
    expect(terminal.match(warning)).toHaveLength(1);
    expect(terminal.trimEnd().split('\n').pop()).toMatch(/c\.md: built .* · 0 errors · 1 warning · /);
    rmSync(join(dir, 'content/zh-Hans/docs/quiet.md'));
    await settle();
  }, 40_000);

  it("a failed rebuild prints its errors, not again the warnings the last good build printed", async () => {
    const events = await listen();
    write('content/zh-Hans/docs/hushed.md', '---\ntitle: Hushed\n---\n\nNo description.\n');
    await events.next((m) => m.type === 'reload');
    await settle();
    const warning = /^content\/zh-Hans\/docs\/hushed\.md:1 warning\[meta\] no description/gm;
    expect(terminal.match(warning)).toHaveLength(1);
    const before = terminal.length;
    write('content/zh-Hans/docs/c.md', '---\ntitle: Gamma\n'); // saved mid-edit: the front matter is not closed yet
    await events.next((m) => m.type === 'error');
    const printed = terminal.slice(before);
    expect(printed).toMatch(/^content\/zh-Hans\/docs\/c\.md:1:1 error\[front-matter\] front matter is not closed/m);
    // Before: the standing warning was printed again above the error, at each broken save.
    expect(printed).not.toMatch(warning);
    expect(printed.trimEnd().split('\n').pop()).toMatch(/c\.md: build failed: .* · 1 error · 1 warning · /);
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, fixed.\n'));
    await events.next((m) => m.type === 'reload');
    events.close();
    rmSync(join(dir, 'content/zh-Hans/docs/hushed.md'));
    await settle();
    expect(terminal.match(warning)).toHaveLength(1);
  }, 40_000);

  it('a deleted page reloads (into the 404 page); a static file never replaces a generated one', async () => {
    const made = await listen();
    write('content/zh-Hans/docs/gone.md', md({ title: 'Gone', description: 'g' }, 'Soon gone.\n'));
    await made.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/gone'));
    made.close();
    const events = await listen();
    rmSync(join(dir, 'content/zh-Hans/docs/gone.md'));
    const message = await events.next((m) => m.type === 'reload');
    events.close();
    expect(message.paths).toEqual(expect.arrayContaining(['/docs/gone', '/en/docs/gone']));
    expect((await get('/docs/gone')).status).toBe(404);
    // content/static/sitemap.xml against the generated one: the build keeps the generated file, and so does
    // serve; a robots.txt of the site's own is served in place of the generated one, which comes back when it goes.
    const generated = { sitemap: (await get('/sitemap.xml')).body, robots: (await get('/robots.txt')).body };
    const statics = await listen();
    write('content/static/sitemap.xml', '<urlset/>');
    write('content/static/robots.txt', 'User-agent: *\nDisallow: /drafts/\n');
    write('content/static/img/extra.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // An image beside a page, as a page may show it (./img/beside.svg from docs/a.md).
    mkdirSync(join(dir, 'content/zh-Hans/docs/img'));
    write('content/zh-Hans/docs/img/beside.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"/>');
    await statics.next((m) => m.type === 'reload');
    statics.close();
    await eventually(async () => {
      expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /drafts/\n');
      expect((await get('/img/extra.svg')).status).toBe(200);
      expect((await get('/docs/img/beside.svg')).status, 'the file beside the pages').toBe(200);
    }, 'the static files served');
    // The files written after it are served: the static sitemap.xml has been seen too, and the generated one kept.
    expect((await get('/sitemap.xml')).body).toBe(generated.sitemap);
    const back = await listen();
    rmSync(join(dir, 'content/static/robots.txt'));
    rmSync(join(dir, 'content/static/sitemap.xml'));
    rmSync(join(dir, 'content/static/img/extra.svg'));
    rmSync(join(dir, 'content/zh-Hans/docs/img'), { recursive: true });
    await back.next((m) => m.type === 'reload');
    back.close();
    await eventually(async () => {
      expect((await get('/robots.txt')).body, 'the generated robots.txt is back').toBe(generated.robots);
      expect((await get('/img/extra.svg')).status).toBe(404);
      expect((await get('/docs/img/beside.svg')).status, 'the file beside the pages is gone').toBe(404);
    }, 'the static files gone');
  }, 40_000);

  it('a deleted page, section or static folder leaves no output and no empty folder in the dev folder', async () => {
    const out = join(dir, '.sitegen-cache/dev');
    const made = await listen();
    mkdirSync(join(dir, 'content/zh-Hans/docs/section/deep'), { recursive: true });
    write('content/zh-Hans/docs/lone.md', md({ title: 'Lone', description: 'l' }, 'Alone.\n'));
    write('content/zh-Hans/docs/section/one.md', md({ title: 'One', description: 'o' }, 'One.\n'));
    write('content/zh-Hans/docs/section/deep/two.md', md({ title: 'Two', description: 't' }, 'Two.\n'));
    mkdirSync(join(dir, 'content/static/media/clips'), { recursive: true });
    write('content/static/media/clips/a.txt', 'clip\n');
    await made.next((m) => m.type === 'reload');
    made.close();
    await eventually(async () => {
      for (const path of ['/docs/lone', '/docs/section/one', '/docs/section/deep/two', '/en/docs/section/one', '/media/clips/a.txt']) expect((await get(path)).status, path).toBe(200);
      for (const folder of ['docs/lone', 'docs/section/deep/two', 'en/docs/section/one', 'media/clips']) expect(existsSync(join(out, folder)), folder).toBe(true);
    }, 'the new pages and files served');
    const events = await listen();
    rmSync(join(dir, 'content/zh-Hans/docs/lone.md'));
    rmSync(join(dir, 'content/zh-Hans/docs/section'), { recursive: true });
    rmSync(join(dir, 'content/static/media'), { recursive: true });
    await events.next((m) => m.type === 'reload');
    events.close();
    // However many rebuilds the deletions take: every one served 404, and no folder of theirs left, empty or not.
    await eventually(async () => {
      for (const path of ['/docs/lone', '/docs/section/one', '/docs/section/deep/two/', '/en/docs/section/one', '/media/clips/a.txt']) expect((await get(path)).status, path).toBe(404);
      expect(['docs/lone', 'docs/section', 'en/docs/section', 'en/docs/lone', 'media'].filter((folder) => existsSync(join(out, folder)))).toEqual([]);
    }, 'no output left of the deleted files');
    expect(existsSync(join(out, 'docs/a/index.html'))).toBe(true);
  }, 40_000);

  it('answers a HEAD of the live-reload channel at once', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/__sitegen/events`, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
  });
});

describe('sitegen serve: editors, bursts and half-written files', () => {
  it("an editor's save by rename (write a temporary file, rename it over the page) gives one rebuild", async () => {
    await settle();
    const events = await listen();
    write('content/zh-Hans/docs/c.md~', md({ title: 'Gamma', description: 'c' }, 'Gamma, saved by rename.\n'));
    renameSync(join(dir, 'content/zh-Hans/docs/c.md~'), join(dir, 'content/zh-Hans/docs/c.md'));
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/c'));
    await settle();
    events.close();
    expect(events.messages.filter((m) => m.type !== 'connected')).toHaveLength(1);
    expect((await get('/docs/c')).body).toContain('Gamma, saved by rename.');
  }, 30_000);

  it("an editor's temporary dotfile (written, then renamed over the page a moment later) brings no rebuild of its own", async () => {
    await settle();
    const before = terminal.length;
    const events = await listen();
    write('content/zh-Hans/docs/.c.md.tmp', md({ title: 'Gamma', description: 'c' }, 'Gamma, saved through a dotfile.\n'));
    await new Promise((r) => setTimeout(r, 150));
    renameSync(join(dir, 'content/zh-Hans/docs/.c.md.tmp'), join(dir, 'content/zh-Hans/docs/c.md'));
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/c'));
    await settle();
    events.close();
    const printed = terminal.slice(before);
    expect(printed).not.toContain('.c.md.tmp');
    expect(printed.match(/: built /g)).toHaveLength(1);
    expect((await get('/docs/c')).body).toContain('Gamma, saved through a dotfile.');
  }, 30_000);

  it("an edit by sed -i (a temporary sedXXXXXX written and renamed over the page) is announced by the page's name", async () => {
    await settle();
    const before = terminal.length;
    const events = await listen();
    execFileSync('sed', ['-i', 's/^Gamma.*$/Gamma, edited by sed./', join(dir, 'content/zh-Hans/docs/c.md')]);
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/c'));
    await settle();
    events.close();
    // Before: "2 files changed: built …", the temporary file that came and went within the burst counted as a change.
    expect(terminal.slice(before).match(/^.*: built /gm)).toEqual([`${join('content', 'zh-Hans', 'docs', 'c.md')}: built `]);
    expect((await get('/docs/c')).body).toContain('Gamma, edited by sed.');
  }, 30_000);

  it('a page edited by sed -i and renamed at once: the old address is gone, the new one serves the edit', async () => {
    await settle();
    write('content/zh-Hans/docs/r1.md', md({ title: 'Renamed', description: 'r' }, 'Renamed 0.\n'));
    await eventually(async () => expect((await get('/docs/r1')).status).toBe(200), 'r1 published');
    // A race with the watcher library, which lets go of the page sed renamed over while it reads the folder again: before,
    // one round in a few left the old name published (its removal taken for a temporary file's), so it is tried 16 times.
    for (let round = 1; round <= 16; round++) {
      const [from, to] = round % 2 ? ['r1', 'r2'] : ['r2', 'r1'];
      // Run by a shell, as a writer runs them: the server (in this process) sees sed's events while mv runs.
      await run('sh', ['-c', `sed -i 's/^Renamed .*$/Renamed ${round}./' ${from}.md && mv ${from}.md ${to}.md`], { cwd: join(dir, 'content/zh-Hans/docs') });
      await eventually(async () => expect((await get(`/docs/${to}`)).body).toContain(`Renamed ${round}.`), `round ${round}: /docs/${to} serves the edit`);
      await settle();
      expect((await get(`/docs/${from}`)).status, `round ${round}: /docs/${from} is gone`).toBe(404);
    }
    rmSync(join(dir, 'content/zh-Hans/docs/r1.md'));
    await eventually(async () => expect((await get('/docs/r1')).status).toBe(404), 'r1 removed');
  }, 60_000);

  it("shows a broken file's errors once the files have been quiet for a quarter of a second, however fast the rebuild", async () => {
    await settle();
    const events = await listen();
    const path = join(dir, 'content/zh-Hans/docs/c.md');
    const started = performance.now();
    writeFileSync(path, '---\ntitle: Gamma\n'); // the front matter is never closed
    const broken = await events.next((m) => m.type === 'error');
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(broken.errors!.join('\n')).toMatch(/c\.md:1:1 error\[front-matter\] front matter is not closed/);
    writeFileSync(path, md({ title: 'Gamma', description: 'c' }, 'Gamma, whole again.\n'));
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/c'));
    events.close();
  }, 30_000);

  it('a file written in pieces is announced once, with its final content and no error flash', async () => {
    await settle();
    const events = await listen();
    const full = md({ title: 'Gamma', description: 'c' }, 'Gamma, written slowly.\n');
    const path = join(dir, 'content/zh-Hans/docs/c.md');
    writeFileSync(path, full.slice(0, 12)); // the front matter is still open: alone, this is a broken file
    // The rest 30 ms later: well inside the quarter second a failed build's errors wait for, even on a machine
    // busy with the rest of the suite (90 ms had let a loaded machine's late event show the half file's error).
    await new Promise((r) => setTimeout(r, 30));
    writeFileSync(path, full);
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/c'));
    await settle();
    events.close();
    expect(events.messages.filter((m) => m.type === 'error'), JSON.stringify(events.messages)).toEqual([]);
    expect((await get('/docs/c')).body).toContain('Gamma, written slowly.');
  }, 30_000);

  it('a burst of 300 changed files (a branch switch) gives one reload with every change in it', async () => {
    await settle();
    const events = await listen();
    mkdirSync(join(dir, 'content/zh-Hans/docs/many'));
    for (let i = 0; i < 300; i++) write(`content/zh-Hans/docs/many/p${i}.md`, md({ title: `Page ${i}`, description: `p${i}` }, `Body ${i}.\n`));
    await events.next((m) => m.type === 'reload' && (m.paths ?? []).includes('/docs/many/p299'));
    await settle();
    events.close();
    expect(events.messages.filter((m) => m.type !== 'connected')).toHaveLength(1);
    for (const i of [0, 150, 299]) expect((await get(`/docs/many/p${i}`)).body).toContain(`Body ${i}.`);
    rmSync(join(dir, 'content/zh-Hans/docs/many'), { recursive: true });
    await server.nextBuild();
    expect((await get('/docs/many/p0')).status).toBe(404);
  }, 60_000);
});

describe('sitegen serve: broken files', () => {
  it('a broken link shows file:line in the overlay message and the terminal, keeps the last good page, and the fix clears it', async () => {
    await settle();
    const events = await listen();
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma.\n\nSee [nothing](/docs/nope).\n'));
    const broken = await events.next((m) => m.type === 'error');
    expect(broken.errors!.join('\n')).toMatch(/content\/zh-Hans\/docs\/c\.md:8 error\[broken-link\] .*\/docs\/nope/);
    expect(terminal).toMatch(/content\/zh-Hans\/docs\/c\.md:8 error\[broken-link\]/);
    expect((await get('/docs/c')).body).toContain('Gamma, written slowly.');
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, fixed.\n'));
    await events.next((m) => m.type === 'reload' && m.revision > broken.revision);
    events.close();
    expect((await get('/docs/c')).body).toContain('Gamma, fixed.');
  }, 30_000);

  it('survives files that are not text, folders named like pages, and deleted files', async () => {
    await settle();
    const events = await listen();
    write('content/zh-Hans/docs/binary.md', new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x81]) as unknown as string);
    const broken = await events.next((m) => m.type === 'error');
    expect(broken.errors!.join('\n')).toContain('content/zh-Hans/docs/binary.md');
    rmSync(join(dir, 'content/zh-Hans/docs/binary.md'));
    mkdirSync(join(dir, 'content/zh-Hans/docs/folder.md'));
    rmSync(join(dir, 'content/zh-Hans/docs/c.md'));
    await events.next((m) => m.type === 'reload' && m.revision > broken.revision);
    events.close();
    expect((await get('/docs/c')).status).toBe(404);
    expect((await get('/docs/a')).status).toBe(200);
    rmSync(join(dir, 'content/zh-Hans/docs/folder.md'), { recursive: true });
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma, back.\n'));
    await server.nextBuild();
  }, 30_000);
});

describe('sitegen serve: search', () => {
  it('rebuilds the search index after an edit', async () => {
    await settle();
    write('content/zh-Hans/docs/c.md', md({ title: 'Gamma', description: 'c' }, 'Gamma mentions zanzibarquokka.\n'));
    const deadline = Date.now() + 20_000;
    let index = '';
    while (Date.now() < deadline && !index.includes('zanzibarquokka')) {
      await new Promise((r) => setTimeout(r, 100));
      index = (await get('/search-index.json')).body;
    }
    expect(index).toContain('zanzibarquokka');
    // The page's text is served beside the index (the dev server's index URL has the version `dev`).
    const pages: { i: number; u: string }[] = JSON.parse(index)[0].documents;
    const c = pages.find((d) => d.u === '/docs/c')!;
    const text = await get(`/search-text/${c.i}.json?v=dev`);
    expect(text.status).toBe(200);
    expect(JSON.parse(text.body).s).toBe('Gamma mentions zanzibarquokka.');

    // A page removed: its text goes, and no text of a page id past the index's last is left.
    rmSync(join(dir, 'content/zh-Hans/docs/c.md'));
    while (Date.now() < deadline + 10_000 && index.includes('zanzibarquokka')) {
      await new Promise((r) => setTimeout(r, 100));
      index = (await get('/search-index.json')).body;
    }
    expect(index).not.toContain('zanzibarquokka');
    const left: { i: number }[] = JSON.parse(index)[0].documents;
    expect(left).toHaveLength(pages.length - 1);
    for (const { i } of left) expect((await get(`/search-text/${i}.json?v=dev`)).status).toBe(200);
    expect((await get(`/search-text/${pages.length - 1}.json?v=dev`)).status).toBe(404);
  }, 40_000);
});

describe('sitegen serve: its output folder deleted', () => {
  it('writes the whole site again at the next change, not only what the change touched', async () => {
    await settle();
    // `rm -rf .sitegen-cache` while serving: the dev output goes with it.
    rmSync(join(dir, '.sitegen-cache'), { recursive: true, force: true });
    write('content/zh-Hans/docs/b.md', md({ title: 'Beta', description: 'b' }, 'Beta, after the cache was deleted.\n'));
    await until(async () => (await get('/docs/b')).body.includes('after the cache was deleted'));
    // The pages, static files and search index the edit did not touch were only 404 before.
    for (const path of ['/docs/a', '/en/docs/a', '/img/logo.svg', '/']) expect((await get(path)).status, path).toBe(200);
    await until(async () => (await get('/search-index.json')).status === 200);
  }, 40_000);

  it('writes the whole site again when a request finds the folder gone, without waiting for a change', async () => {
    await settle();
    rmSync(join(dir, '.sitegen-cache'), { recursive: true, force: true });
    // The first request after it has the site written again, and is answered from it.
    const page = await get('/docs/a');
    expect(page.status).toBe(200);
    for (const path of ['/en/docs/a', '/img/logo.svg', '/']) expect((await get(path)).status, path).toBe(200);
    await until(async () => (await get('/search-index.json')).status === 200);
    // Again, and again: before, only the first deletion was written again, the next ones 404 until a file changed.
    for (let i = 0; i < 2; i++) {
      rmSync(join(dir, '.sitegen-cache'), { recursive: true, force: true });
      expect((await get('/en/docs/a')).status, `deletion ${i + 2}`).toBe(200);
    }
    // Deleted right after an edit, before the search files that follow it are written: they made the folder again with
    // themselves alone, and every page was 404 until a file changed.
    write('content/zh-Hans/docs/b.md', md({ title: 'Beta', description: 'b' }, 'Beta, edited before a deletion.\n'));
    await until(async () => (await get('/docs/b')).body.includes('edited before a deletion'));
    rmSync(join(dir, '.sitegen-cache'), { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await get('/en/docs/a')).status).toBe(200);
  }, 40_000);

  it('writes it again at the next request with --no-watch too', async () => {
    const site = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n') });
    const dev = await startDevServer({ port: '0', host: '127.0.0.1', watch: false, config: join(site, 'site.config.ts') }, io);
    try {
      rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
      // Before: 404 for good, as only the watcher's rebuild wrote the folder again.
      expect((await fetch(`http://127.0.0.1:${dev.port}/docs/a`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${dev.port}/en/docs/a`)).status).toBe(200);
    } finally {
      await dev.close();
    }
  }, 40_000);
});

describe('sitegen serve in a git repository', () => {
  it('shows a page\'s new last-commit date after a commit, at the next change', async () => {
    const site = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'B.\n'),
    });
    const git = (args: string[], date = '2024-01-02T03:04:05Z') =>
      execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd: site, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
    git(['init', '-q']);
    git(['add', 'content']);
    git(['commit', '-q', '-m', 'first']);
    const dev = await startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(site, 'site.config.ts') }, io);
    const page = async () => (await fetch(`http://127.0.0.1:${dev.port}/docs/a`)).text();
    try {
      expect(await page()).toContain('<time class="updated">2024-01-02T03:04:05.000Z</time>');
      writeFileSync(join(site, 'content/zh-Hans/docs/a.md'), md({ title: 'A', description: 'a' }, 'A, edited.\n'));
      await dev.nextBuild();
      git(['commit', '-q', '-am', 'second'], '2025-06-07T08:09:10Z');
      // A change to another page: the dates are read again for the new commit.
      writeFileSync(join(site, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b' }, 'B, edited.\n'));
      await until(async () => (await page()).includes('<time class="updated">2025-06-07T08:09:10.000Z</time>'));
    } finally {
      await dev.close();
    }
  }, 40_000);
});

describe('sitegen serve started with a config that does not load', () => {
  it('serves its errors until it is fixed, then the site on the same port', async () => {
    const site = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n') });
    const good = configSource();
    writeFileSync(join(site, 'site.config.ts'), good.replace("url: 'https://test.example',", "url: 'https://test.example',,"));
    let said = '';
    const starting = startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(site, 'site.config.ts') }, { out: (t) => void (said += t), err: (t) => void (said += t), interactive: false });
    await until(async () => /waiting for .*site\.config\.ts to load: http:\/\/127\.0\.0\.1:\d+\//.test(said));
    const port = Number(/127\.0\.0\.1:(\d+)\//.exec(said)![1]);
    expect(said).toMatch(/site\.config\.ts:4:\d+ error\[config\]/);
    const waiting = await fetch(`http://127.0.0.1:${port}/docs/a`);
    expect(waiting.status).toBe(503);
    expect(await waiting.text()).toContain('data-sitegen-unbuilt');
    // Still broken in another way: its new error is shown.
    writeFileSync(join(site, 'site.config.ts'), good.replace("url: 'https://test.example',", 'url: 42,'));
    await until(async () => /url: expected a string/.test(said));
    writeFileSync(join(site, 'site.config.ts'), good);
    const dev = await starting;
    try {
      expect(dev.port).toBe(port);
      const page = await fetch(`http://127.0.0.1:${port}/docs/a`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('A.');
    } finally {
      await dev.close();
    }
  }, 40_000);

  it('sees the fix of a file the config imports, started from another folder (its error names it from the project)', async () => {
    const site = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n') });
    const config = `import { tagline } from './words';\n${configSource().replace("url: 'https://test.example',", "url: 'https://test.example',\n  tagline,")}`;
    writeFileSync(join(site, 'site.config.ts'), config);
    writeFileSync(join(site, 'words.ts'), "export const tagline = 'Words\n");
    let said = '';
    // The test runs in another folder than the site's: the error's `words.ts` is the project's file, not one of that folder.
    const starting = startDevServer({ port: '0', host: '127.0.0.1', watch: true, config: join(site, 'site.config.ts') }, { out: (t) => void (said += t), err: (t) => void (said += t), interactive: false });
    await until(async () => /waiting for .*site\.config\.ts to load/.test(said));
    expect(said).toMatch(/^words\.ts:1:\d+ error\[config\]/m);
    writeFileSync(join(site, 'words.ts'), "export const tagline = 'Words';\n");
    const dev = await Promise.race([starting, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    // Else the config is made to load (it is watched itself), so that the server stops.
    if (!dev) writeFileSync(join(site, 'site.config.ts'), `${config}\n`);
    const started = dev ?? (await starting);
    try {
      expect(dev, 'the fixed import was not seen').not.toBeNull();
      expect(await (await fetch(`http://127.0.0.1:${started.port}/`)).text()).toContain('Words');
    } finally {
      await started.close();
    }
  }, 40_000);
});
