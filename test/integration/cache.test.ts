import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../../src/cli';
import { MARKDOWN_CACHE } from '../../src/cache/cacheDir';
import { canMakeImmutable, configSource, md, MINIMAL_THEME, REPO, runCli, writeSite } from '../helpers/site';

async function build(dir: string, args: string[] = []) {
  let out = '';
  const code = await main(['node', 'sitegen', 'build', '--verbose', '--config', join(dir, 'site.config.ts'), ...args], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
  return { code, out };
}

function tree(root: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(root, prefix))) {
    const path = join(prefix, entry);
    if (statSync(join(root, path)).isDirectory()) Object.assign(out, tree(root, path));
    else out[path] = readFileSync(join(root, path), 'utf8');
  }
  return out;
}

function files(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(join(d, e.name)) : found.push(join(d, e.name));
  };
  walk(dir);
  return found;
}

const site = () =>
  writeSite({
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, 'Alpha with `code`.\n\n```ts\nconst a = 1;\n```\n'),
    'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta.\n'),
  });

describe('the persistent build cache', () => {
  it('a broken image\'s hint follows the files: a warm build does not name an image that is gone', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("links: { onBrokenImages: 'warn' },"),
      'content/static/img/t/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, '![c](/img/t/b.svg)\n'),
      'content/zh-Hans/docs/z.md': md({ title: 'Z', description: 'z' }, 'Z.\n'),
    });
    expect((await build(dir)).out).toMatch(/image \/img\/t\/b\.svg does not exist\n  hint: did you mean \/img\/t\/a\.svg\?/);
    renameSync(join(dir, 'content/static/img/t/a.svg'), join(dir, 'content/static/img/t/zzz-other.svg'));
    writeFileSync(join(dir, 'content/zh-Hans/docs/z.md'), md({ title: 'Z', description: 'z' }, 'Z, edited.\n'));
    const warm = await build(dir);
    expect(warm.out).toMatch(/image \/img\/t\/b\.svg does not exist/);
    expect(warm.out).not.toContain('/img/t/a.svg');
  });

  it('takes an entry whose bytes were changed in place, though they still parse, for a miss: never wrong output', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const cold = tree(join(dir, 'dist'));
    const cache = join(dir, '.sitegen-cache');
    // A page's HTML and a markdown result, each one letter changed (as a disk's error or a hand's edit might).
    for (const kind of ['pages-v4', MARKDOWN_CACHE]) {
      for (const name of readdirSync(join(cache, kind)).filter((n) => n.endsWith('.pack'))) {
        const pack = join(cache, kind, name);
        writeFileSync(pack, readFileSync(pack, 'utf8').replaceAll('Alpha with', 'Alpha w1th'));
      }
    }
    // And a pack file of parsed front matter, still JSON.
    const frontMatter = join(cache, 'front-matter-v4.json');
    writeFileSync(frontMatter, readFileSync(frontMatter, 'utf8').replaceAll('"title":"B"', '"title":"X"'));
    // A CI run that restores only the cache: every page comes from it.
    rmSync(join(dir, 'dist'), { recursive: true });
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    // Before: "Alpha w1th" in the page and its page data.
    expect(tree(join(dir, 'dist'))).toEqual(cold);
  });

  /** A built site's theme bundle in the cache damaged by `damage`: the next build passes and writes it whole again. */
  async function themeBundleRemade(damage: (bundle: string, whole: string) => void): Promise<void> {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const cache = join(dir, '.sitegen-cache');
    const [name] = readdirSync(cache).filter((n) => /^theme-server-[0-9a-f]{12}\.mjs$/.test(n));
    const bundle = join(cache, name!);
    const whole = readFileSync(bundle, 'utf8');
    damage(bundle, whole);
    const r = await build(dir);
    expect(r.code, r.out).toBe(0);
    expect(readFileSync(bundle, 'utf8')).toBe(whole);
  }

  it('makes the theme bundle again when its file in the cache is cut short, and writes it whole', async () => {
    // Before: "the theme does not export App" at every later build, until the cache was deleted.
    await themeBundleRemade((bundle, whole) => writeFileSync(bundle, whole.slice(0, 1000)));
  });

  it('makes the theme bundle again when a folder has taken its file\'s place in the cache', async () => {
    // Before: EISDIR and a stack trace at every later build, until the cache was deleted.
    await themeBundleRemade((bundle) => {
      rmSync(bundle);
      mkdirSync(bundle);
    });
  });

  it('deletes theme bundles of earlier theme versions once an hour old, keeping newer ones and the one in use', async () => {
    const dir = site();
    const cache = join(dir, '.sitegen-cache');
    mkdirSync(cache, { recursive: true });
    const old = join(cache, 'theme-server-aaaaaaaaaaaa.mjs');
    const recent = join(cache, 'theme-server-bbbbbbbbbbbb.mjs');
    writeFileSync(old, 'export {};\n');
    writeFileSync(recent, 'export {};\n');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect((await build(dir)).code).toBe(0);
    const left = readdirSync(cache).filter((name) => name.startsWith('theme-server-'));
    expect(left).not.toContain('theme-server-aaaaaaaaaaaa.mjs');
    expect(left).toContain('theme-server-bbbbbbbbbbbb.mjs');
    expect(left).toHaveLength(2);
  });

  it('copies a static file or a file beside a page again when it is rewritten with its size and time kept', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
      'content/zh-Hans/docs/notes.txt': 'first version\n',
      'content/static/invite.js': 'console.log(1);\n',
    });
    expect((await build(dir)).code).toBe(0);
    // Same size, and the time it had (as tar --mtime, cp -p or rsync -a from another copy leave a file).
    const rewrite = (path: string, text: string) => {
      const file = join(dir, path);
      // touch -r: the time to the nanosecond (a Date would round it to the millisecond, a change of its own).
      const ref = join(dir, 'time-ref');
      writeFileSync(ref, '');
      execFileSync('touch', ['-r', file, ref]);
      writeFileSync(file, text);
      execFileSync('touch', ['-r', ref, file]);
      expect(statSync(file).mtimeMs).toBe(statSync(ref).mtimeMs);
    };
    rewrite('content/zh-Hans/docs/notes.txt', 'other version\n');
    rewrite('content/static/invite.js', 'console.log(2);\n');
    expect((await build(dir)).code).toBe(0);
    // Before: both kept as the last build copied them, for every later warm build.
    expect(readFileSync(join(dir, 'dist/docs/notes.txt'), 'utf8')).toBe('other version\n');
    expect(readFileSync(join(dir, 'dist/invite.js'), 'utf8')).toBe('console.log(2);\n');
  });

  it('reuses unchanged work and rebuilds what a change touches, with the same output as a cold build', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta, changed.\n'));
    const warm = await build(dir);
    expect(warm.code).toBe(0);
    // b renders again in zh-Hans and as its English fallback; everything else comes from the cache.
    expect(warm.out).toMatch(/markdown\s+4 pages, 2 cached/);
    expect(warm.out).toMatch(/render\s+12 pages, 10 cached/);
    // Only b's pages (and page data), the zh-Hans index and b's text change: the rest stays on disk as it was.
    const written = Number(/write\s+\d+ files, (\d+) written/.exec(warm.out)?.[1]);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(8);
    expect(readFileSync(join(dir, 'dist/docs/b/index.html'), 'utf8')).toContain('Beta, changed.');
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it('renders again, when a page is added, only the new page and the pages whose links read it', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, 'Alpha, see [b](./b.md).\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta, and the [English page](../../en/docs/e.md).\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, 'Alpha in English.\n'),
      'content/en/docs/b.md': md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta in English.\n'),
      'content/en/docs/e.md': md({ title: 'E', description: 'e', last_update: '2025-01-01' }, 'English only.\n'),
    });
    expect((await build(dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/b/index.html'), 'utf8')).toContain('href="/en/docs/e"');
    writeFileSync(join(dir, 'content/en/docs/new.md'), md({ title: 'New', description: 'n', last_update: '2025-01-01' }, 'A new English page.\n'));
    const warm = await build(dir);
    expect(warm.code).toBe(0);
    // Rendered again: the new page alone. No other page's link reads it: each result is kept with what its links
    // read of the locales' pages (the English pages and zh-Hans b, whose link goes into the English folder, had all been
    // rendered again when the whole list of pages was in their key).
    expect(warm.out).toMatch(/markdown\s+6 pages, 5 cached/);
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
    // zh-Hans b's link, broken until the page it names is added: rendered again, its link now to the page.
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta, and the [English page](../../en/docs/e.md), [later](../../en/docs/later.md).\n'));
    expect((await build(dir)).code).toBe(1);
    writeFileSync(join(dir, 'content/en/docs/later.md'), md({ title: 'Later', description: 'l', last_update: '2025-01-01' }, 'Written later.\n'));
    const fixed = await build(dir);
    expect(fixed.code, fixed.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/b/index.html'), 'utf8')).toContain('href="/en/docs/later"');
    expect(fixed.out).toMatch(/markdown\s+7 pages, 5 cached/);
  }, 60_000);

  it('indexes a Chinese edit (jieba loaded for it while the routes are built) as a cold build does', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    // The title's words are not in the body: the index must still have them as jieba cuts them.
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: '划词翻译', description: '截图识别', keywords: ['字幕'], last_update: '2025-01-01' }, '## 机器翻译服务\n\n选择文本后按快捷键，结果显示在面板里。\n'));
    const warm = await build(dir);
    expect(warm.code).toBe(0);
    expect(warm.out).toMatch(/markdown\s+4 pages, 2 cached/);
    const index = JSON.parse(readFileSync(join(dir, 'dist/search-index.json'), 'utf8'));
    expect(index[0].index.w).toEqual(expect.arrayContaining(['划', '词', '翻译', '截图', '识别', '字幕', '机器', '快捷键', '面板']));
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it("keeps the other locale's search files as they are, and updates the edited locale's index from its last one", async () => {
    const dir = site();
    mkdirSync(join(dir, 'content/en/docs'), { recursive: true });
    writeFileSync(join(dir, 'content/en/docs/c.md'), md({ title: 'C', description: 'c', last_update: '2025-01-01' }, 'Gamma in English.\n'));
    const cold = await build(dir);
    expect(cold.code).toBe(0);
    expect(cold.out).toMatch(/search\s+2 built, 0 kept/);
    const enFiles = ['dist/en/search-index.json', 'dist/en/search-text/0.json'].map((f) => join(dir, f));
    const stamp = (paths: string[]) => paths.map((f) => `${statSync(f).ino}:${statSync(f).mtimeMs}`);
    const before = stamp(enFiles);
    const zhBefore = readFileSync(join(dir, 'dist/search-index.json'), 'utf8');
    expect(readFileSync(join(dir, '.sitegen-cache/search-base-v2/search-index.json'), 'utf8')).toContain(zhBefore);

    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta 截图翻译.\n'));
    const warm = await build(dir);
    expect(warm.code).toBe(0);
    // English: neither built nor written again.
    expect(warm.out).toMatch(/search\s+1 built, 1 kept/);
    expect(stamp(enFiles)).toEqual(before);
    const zhAfter = readFileSync(join(dir, 'dist/search-index.json'), 'utf8');
    expect(zhAfter).not.toBe(zhBefore);
    expect(JSON.parse(zhAfter)[0].index.w).toContain('截图');
    expect(readFileSync(join(dir, '.sitegen-cache/search-base-v2/search-index.json'), 'utf8')).toContain(zhAfter);
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it('keeps the feeds a doc edit leaves as they were, and writes them again when a post changes', async () => {
    const dir = site();
    const post = (body: string) => writeFileSync(join(dir, 'content/zh-Hans/blog/2025-01-02-news.md'), md({ title: 'News', description: 'n', tags: [], authors: [] }, body));
    mkdirSync(join(dir, 'content/zh-Hans/blog'), { recursive: true });
    post('First news.\n');
    expect((await build(dir)).code).toBe(0);
    const feeds = ['dist/blog/rss.xml', 'dist/blog/atom.xml', 'dist/blog/feed.json', 'dist/en/blog/rss.xml'].map((f) => join(dir, f));
    const stamp = () => feeds.map((f) => `${statSync(f).ino}:${statSync(f).mtimeMs}`);
    const before = stamp();
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta, changed.\n'));
    const docEdit = await build(dir);
    expect(docEdit.code).toBe(0);
    // Both locales' three feeds are kept without being written again.
    expect(docEdit.out).toMatch(/publish\s+\d+ files, 6 feeds kept/);
    expect(stamp()).toEqual(before);
    post('Second news.\n');
    const postEdit = await build(dir);
    expect(postEdit.code).toBe(0);
    expect(postEdit.out).not.toMatch(/publish\s+\d+ files, 6 feeds kept/);
    expect(readFileSync(feeds[0]!, 'utf8')).toContain('Second news.');
    expect(readFileSync(feeds[2]!, 'utf8')).toContain('Second news.');
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it("renders again, when a post's title changes, only the pages that list it, and leaves the other locale's files as they were", async () => {
    const post = (locale: string, name: string, title: string) => [`content/${locale}/blog/${name}.md`, md({ title, description: 'd', tags: ['news'], authors: ['team'] }, 'Text.\n')];
    const dir = writeSite({
      // The default theme, whose every-post list is a shared block. Its home page links to the bundled site's docs.
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, 'Alpha.\n'),
      'content/en/docs/a.md': md({ title: 'A', description: 'a', last_update: '2025-01-01' }, 'Alpha.\n'),
      ...Object.fromEntries([post('zh-Hans', '2025-01-01-one', '一'), post('en', '2025-01-01-one', 'One'), post('en', '2025-01-02-two', 'Two'), post('en', '2025-01-03-three', 'Three')]),
    });
    const cold = await build(dir);
    expect(cold.code, cold.out).toBe(0);
    const pages = Number(/render\s+(\d+) pages/.exec(cold.out)![1]);
    const stamp = (prefix: string) => Object.fromEntries(files(join(dir, 'dist', prefix)).filter((f) => f.endsWith('.html') && (prefix || !f.includes('/dist/en/'))).map((f) => [f, `${statSync(f).ino}:${statSync(f).mtimeMs}`]));
    const zhBefore = stamp('');
    writeFileSync(join(dir, 'content/en/blog/2025-01-02-two.md'), post('en', '2025-01-02-two', 'Two, renamed')[1]!);
    const warm = await build(dir);
    expect(warm.code, warm.out).toBe(0);
    // The post, and the English blog list, tag, archive and neighbouring posts' pages that hold its title
    // in their own data; every other page (the other posts list it in the shared every-post block) is cached.
    const rendered = pages - Number(/render\s+\d+ pages, (\d+) cached/.exec(warm.out)![1]);
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(8);
    // The other English posts show the new title in their blog sidebar.
    expect(readFileSync(join(dir, 'dist/en/blog/2025/01/03/three/index.html'), 'utf8')).toContain('Two, renamed');
    // No Chinese page was written again.
    expect(stamp('')).toEqual(zhBefore);
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it('makes the same output folder from the page cache when the folder is gone (a CI run that restores only the cache)', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const first = tree(join(dir, 'dist'));
    rmSync(join(dir, 'dist'), { recursive: true });
    const again = await build(dir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/render\s+12 pages, 12 cached/);
    // The HTML comes back as it was stored and the page data is made again from the route: both as before.
    expect(tree(join(dir, 'dist'))).toEqual(first);
    expect(JSON.parse(first['docs/a/page-data.json']!).html.content).toContain('Alpha with');
  }, 60_000);

  it('takes the pages from the page cache when the build writes into another folder (`--out`)', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const first = tree(join(dir, 'dist'));
    // Before: the output folder was part of every page's key, so no page was taken.
    const elsewhere = await build(dir, ['--out', join(dir, 'public')]);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.out).toMatch(/render\s+12 pages, 12 cached/);
    expect(tree(join(dir, 'public'))).toEqual(first);
  }, 60_000);

  it('takes the pages from the page cache when the project, its cache with it, is checked out in another folder', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const moved = mkdtempSync(join(tmpdir(), 'sitegen-moved-'));
    onTestFinished(() => rmSync(moved, { recursive: true, force: true }));
    for (const part of ['site.config.ts', 'content', '.sitegen-cache']) cpSync(join(dir, part), join(moved, part), { recursive: true });
    // Before: the project's absolute folders were part of every page's key.
    const again = await build(moved);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/render\s+12 pages, 12 cached/);
    expect((await build(moved, ['--no-cache', '--out', join(moved, 'fresh')])).code).toBe(0);
    expect(tree(join(moved, 'dist'))).toEqual(tree(join(moved, 'fresh')));
  }, 60_000);

  it('leaves the cache entries of unchanged work as they are (a warm build writes only what it made)', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const stamps = () => Object.fromEntries(files(join(dir, '.sitegen-cache')).filter((f) => new RegExp(`${MARKDOWN_CACHE}|pages-v4|search-v3|code-v2`).test(f)).map((f) => [f, statSync(f).mtimeMs]));
    const before = stamps();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const warm = await build(dir);
    expect(warm.out).toMatch(/markdown\s+4 pages, 4 cached/);
    expect(stamps()).toEqual(before);
  }, 60_000);

  it('takes the pages the output folder already holds from it, without reading the page cache', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    rmSync(join(dir, '.sitegen-cache/pages-v4'), { recursive: true });
    writeFileSync(join(dir, 'content/zh-Hans/docs/b.md'), md({ title: 'B', description: 'b', last_update: '2025-01-01' }, 'Beta, changed again.\n'));
    const warm = await build(dir);
    // b and its English fallback render; the ten other pages are on disk as this build would write them.
    expect(warm.out).toMatch(/render\s+12 pages, 10 cached/);
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
    // A page edited by hand in dist/ is not trusted: the next build writes the folder whole.
    writeFileSync(join(dir, 'dist/docs/a/index.html'), 'edited');
    const again = await build(dir);
    expect(again.out).toMatch(/write\s+(\d+) files, \1 written/);
    expect(tree(join(dir, 'dist'))).toEqual(warmTree);
    // Untouched since, it is trusted again; a file put there by something else is not.
    expect((await build(dir)).out).toMatch(/write\s+\d+ files, 0 written/);
    writeFileSync(join(dir, 'dist/docs/stray.html'), 'not ours');
    expect((await build(dir)).out).toMatch(/write\s+(\d+) files, \1 written/);
    expect(tree(join(dir, 'dist'))).toEqual(warmTree);
  }, 60_000);

  it('keeps parsed front matter and sidebars, errors included, and parses again what changed', async () => {
    const dir = site();
    writeFileSync(join(dir, 'content/sidebars.yaml'), 'docs:\n  - a\n  - label: Group\n    colour: red\n    items: [b, missing]\n');
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndescription: a\nlast_update: 2025-02-30\n---\nAlpha.\n');
    const errors = (out: string) => out.split('\n').filter((line) => /error\[/.test(line)).sort();
    const first = await build(dir);
    expect(first.code).toBe(1);
    expect(errors(first.out)).toEqual([
      'content/sidebars.yaml:3 error[sidebars] unknown key "colour" in a category (label, collapsed, collapsible, items, link)',
      'content/sidebars.yaml:5 error[sidebars] doc "missing" does not exist',
      'content/zh-Hans/docs/a.md:4:14 error[front-matter] last_update: 2025-02-30 is not a real calendar date',
    ]);
    // A body edit keeps the front matter block: its errors come from the cache, at the same lines.
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndescription: a\nlast_update: 2025-02-30\n---\nAlpha, edited.\n');
    expect(errors((await build(dir)).out)).toEqual(errors(first.out));
    writeFileSync(join(dir, 'content/sidebars.yaml'), 'docs:\n  - a\n  - label: Group\n    items: [b]\n');
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), '---\ntitle: A\ndescription: a\nlast_update: 2025-02-28\n---\nAlpha, edited.\n');
    const fixed = await build(dir);
    expect(fixed.code, fixed.out).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8')).toContain('Alpha, edited.');
  }, 60_000);

  it('renders the pages of a sidebar again when only the sidebar changed', async () => {
    const dir = site();
    writeFileSync(join(dir, 'content/sidebars.yaml'), 'docs:\n  - a\n  - label: Getting started\n    items: [b]\n');
    expect((await build(dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8')).toContain('Getting started');
    writeFileSync(join(dir, 'content/sidebars.yaml'), 'docs:\n  - a\n  - label: First steps\n    items: [b]\n');
    const warm = await build(dir);
    expect(warm.code, warm.out).toBe(0);
    // No markdown changed; every page that shows the sidebar renders again with its new label.
    expect(warm.out).toMatch(/markdown\s+4 pages, 4 cached/);
    const page = readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8');
    expect(page).toContain('First steps');
    expect(page).not.toContain('Getting started');
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);

  it('removes the cache folders of earlier versions (one file per entry) when it builds', async () => {
    const dir = site();
    const legacy = join(dir, '.sitegen-cache/pages-v1/ab');
    mkdirSync(legacy, { recursive: true });
    writeFileSync(join(legacy, 'cdef.json'), '{}');
    writeFileSync(join(dir, '.sitegen-cache/front-matter-v1.json'), '{}');
    writeFileSync(join(dir, '.sitegen-cache/front-matter-v2.json'), '{}');
    expect((await build(dir)).code).toBe(0);
    // Each is removed in the background, on its own: all three are waited for, as long as a busy machine takes.
    const legacies = ['pages-v1', 'front-matter-v1.json', 'front-matter-v2.json'];
    const left = () => legacies.filter((name) => existsSync(join(dir, '.sitegen-cache', name)));
    const deadline = Date.now() + 20_000;
    while (left().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(left()).toEqual([]);
    expect(existsSync(join(dir, '.sitegen-cache/front-matter-v4.json'))).toBe(true);
  }, 60_000);

  it('removes the temporary files of killed builds from the cache, and leaves those of a running process', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const cache = join(dir, '.sitegen-cache');
    const planted = {
      dead: [`front-matter-v4.json.${dead}.tmp`, `bundles/config.json.${dead}.tmp`, `search-base-v2/search-index.json.${dead}-1.tmp`],
      live: [`front-matter-v4.json.${process.pid}.tmp`, `bundles/config.json.${process.pid}-3.tmp`],
    };
    for (const name of [...planted.dead, ...planted.live]) {
      mkdirSync(dirname(join(cache, name)), { recursive: true });
      writeFileSync(join(cache, name), 'half a file');
    }
    expect((await build(dir)).code).toBe(0);
    expect(planted.dead.filter((name) => existsSync(join(cache, name)))).toEqual([]);
    expect(planted.live.filter((name) => existsSync(join(cache, name)))).toEqual(planted.live);
  }, 60_000);

  it('checks the links of the pages it renders only, and reports what a cold build reports after every kind of edit', async () => {
    const doc = (title: string, body: string) => md({ title, description: title, last_update: '2025-01-01' }, body);
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': doc('A', 'See [beta](/docs/b#beta-part) and ![x](/img/x.png).\n'),
      'content/zh-Hans/docs/b.md': doc('B', '## Beta part\n\nText.\n'),
      'content/zh-Hans/docs/c.md': doc('C', 'Gamma.\n'),
      'content/static/img/x.png': 'png',
    });
    const problems = (out: string) => out.split('\n').filter((l) => /(error|warning)\[/.test(l)).sort();
    const cold = async () => problems((await build(dir, ['--no-cache', '--out', join(dir, `cold-${Date.now()}`)])).out);
    const edit = (name: string, title: string, body: string) => writeFileSync(join(dir, `content/zh-Hans/docs/${name}.md`), doc(title, body));
    expect((await build(dir)).code).toBe(0);

    // A body edit: c and its English fallback render again; the other 12 pages keep the verdicts stored for them.
    edit('c', 'C', 'Gamma, edited.\n');
    let warm = await build(dir);
    expect(warm.code).toBe(0);
    expect(warm.out).toMatch(/render\s+14 pages, 12 cached/);
    expect(warm.out).toMatch(/links\s+0 problems, 12 pages as checked before/);

    // b loses the heading a's link points to: a is unchanged, but its anchor is now broken.
    edit('b', 'B', 'No heading now.\n');
    warm = await build(dir);
    expect(warm.out).not.toMatch(/as checked before/);
    expect(problems(warm.out)).toEqual(await cold());
    // (Once, though the English fallback of a has the link too.)
    expect(problems(warm.out)).toEqual(['content/zh-Hans/docs/a.md:7 warning[broken-anchor] anchor #beta-part does not exist on /docs/b']);
    // Another edit elsewhere: a's stored warning comes back as it was, with its file and line.
    edit('c', 'C', 'Gamma, edited again.\n');
    warm = await build(dir);
    expect(warm.out).toMatch(/links\s+1 problems, 12 pages as checked before/);
    expect(problems(warm.out)).toEqual(await cold());

    // The image a shows is deleted: an error, though a did not change.
    rmSync(join(dir, 'content/static/img/x.png'));
    warm = await build(dir);
    expect(warm.code).toBe(1);
    expect(problems(warm.out)).toEqual(await cold());
    expect(problems(warm.out)).toContain('content/zh-Hans/docs/a.md:7 error[broken-image] image /img/x.png does not exist');

    // A stored state that is not whole is not used.
    writeFileSync(join(dir, 'content/static/img/x.png'), 'png');
    expect((await build(dir)).code).toBe(0);
    const stateFile = join(dir, '.sitegen-cache/link-state-v1.json');
    writeFileSync(stateFile, readFileSync(stateFile, 'utf8').replace(/"pages":\{.*$/, '"pages":{"/docs/a":["x",[],[99]]}}}'));
    edit('c', 'C', 'Gamma, once more.\n');
    warm = await build(dir);
    expect(warm.out).not.toMatch(/as checked before/);
    expect(problems(warm.out)).toEqual(await cold());

    // The pages' link entries are damaged when a fact changes and every page must be checked again:
    // the links of the pages the output folder holds are read from those pages.
    edit('c', 'C', 'Gamma, and again.\n');
    expect((await build(dir)).out).toMatch(/as checked before/);
    for (const pack of files(join(dir, '.sitegen-cache/page-links-v2')).filter((f) => f.endsWith('.pack'))) writeFileSync(pack, readFileSync(pack, 'utf8').replace(/"/g, "'"));
    edit('b', 'B', '## Beta part again\n\nText.\n');
    warm = await build(dir);
    expect(warm.out).not.toMatch(/as checked before/);
    expect(problems(warm.out)).toEqual(await cold());
    expect(problems(warm.out)).toEqual([expect.stringContaining('content/zh-Hans/docs/a.md:7 warning[broken-anchor] anchor #beta-part does not exist on /docs/b')]);
  }, 60_000);

  it('ignores a corrupt cache instead of producing wrong output', async () => {
    const dir = site();
    expect((await build(dir)).code).toBe(0);
    const good = tree(join(dir, 'dist'));
    const cached = files(join(dir, '.sitegen-cache')).filter((f) => f.endsWith('.pack') && new RegExp(`${MARKDOWN_CACHE}|pages-v4`).test(f));
    expect(cached.length).toBe(2);
    // One segment keeps its length but no longer holds valid entries, the other is cut short.
    const [markdown, pages] = cached.sort();
    writeFileSync(markdown!, readFileSync(markdown!, 'utf8').replace(/"html":"/g, '"html":42,"x":"').slice(0, statSync(markdown!).size));
    writeFileSync(pages!, readFileSync(pages!).subarray(0, statSync(pages!).size >> 1));
    const again = await build(dir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/markdown\s+\d+ pages, 0 cached/);
    expect(tree(join(dir, 'dist'))).toEqual(good);
  }, 60_000);

  it('builds what a build without the cache builds when any one of its files is damaged, with the last output or without it', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/guide.md': md({ title: '使用指南', description: '划词翻译' }, '选中网页上的文字即可翻译。[另一页](./other.md#设置)\n\n```ts\nconst key = "API 密钥";\n```\n'),
      'content/zh-Hans/docs/other.md': md({ title: '其他', description: '设置' }, '## 设置\n\n在设置页填写 DeepL 的 API 密钥。\n'),
      'content/en/docs/guide.md': md({ title: 'Guide', description: 'Selection' }, 'Select text on a page to translate it. [Other](./other.md#settings)\n'),
      'content/en/docs/other.md': md({ title: 'Other', description: 'Settings' }, '## Settings\n\nEnter your DeepL API key.\n'),
      'content/zh-Hans/blog/2025-01-02-hello.md': md({ title: '你好', description: '第一篇', tags: ['news'], authors: ['team'] }, '第一篇文章。\n'),
      'content/en/blog/2025-01-02-hello.md': md({ title: 'Hello', description: 'First post', tags: ['news'], authors: ['team'] }, 'The first post.\n'),
    });
    const out = (name: string) => join(dir, name);
    expect((await build(dir, ['--no-cache', '--out', out('reference')])).code).toBe(0);
    const reference = tree(out('reference'));
    expect((await build(dir, ['--out', out('warm')])).code).toBe(0);
    const cache = join(dir, '.sitegen-cache');
    const good = join(dir, 'good-cache');
    cpSync(cache, good, { recursive: true });
    const cacheFiles = files(good).map((file) => file.slice(good.length + 1));
    // Every kind the build keeps: pages, markdown, links, search, code, the theme's bundles, the output manifest…
    expect(cacheFiles.filter((f) => /^(pages-v4|markdown-v\d+|page-links-v\d+|search-terms-v\d+|code-v\d+)\//.test(f) && f.endsWith('.pack')).length).toBe(5);
    expect(cacheFiles.some((f) => f.startsWith('search-base-'))).toBe(true);
    expect(cacheFiles.some((f) => /^theme-server-[0-9a-f]{12}\.mjs$/.test(f))).toBe(true);
    expect(cacheFiles.some((f) => f.startsWith('output/'))).toBe(true);
    const damages: [string, (bytes: Buffer) => Buffer][] = [
      ['a bit flipped', (bytes) => Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length * 0.6) ? b ^ 1 : b)))],
      ['cut in half', (bytes) => bytes.subarray(0, bytes.length >> 1)],
      ['another format', () => Buffer.from('{"x":1}\n')],
    ];
    let run = 0;
    for (const file of cacheFiles) {
      for (const [damage, change] of damages) {
        rmSync(cache, { recursive: true, force: true });
        cpSync(good, cache, { recursive: true });
        writeFileSync(join(cache, file), change(readFileSync(join(cache, file))));
        // Every other build into the folder the cache was made with (the cache's output manifest describes its files, and a
        // build that is right leaves them as they are), the rest into a new one.
        const kept = run++ % 2 === 0;
        const target = kept ? out('warm') : out(`out-${run}`);
        const result = await build(dir, ['--out', target]);
        expect({ file, damage, code: result.code, problems: result.out.split('\n').filter((line) => /(error|warning)\[|^\s+at .*:\d+:\d+/.test(line)) }).toEqual({ file, damage, code: 0, problems: [] });
        expect(tree(target), `${file}, ${damage}`).toEqual(reference);
        if (!kept) rmSync(target, { recursive: true, force: true });
      }
    }
  }, 240_000);
});


describe('the bundle, front matter and code caches', () => {
  it('bundles the theme again when one of its files changes, and highlights a changed code block', async () => {
    const dir = site();
    cpSync(MINIMAL_THEME, join(dir, 'theme'), { recursive: true });
    writeFileSync(join(dir, 'site.config.ts'), configSource().replace(JSON.stringify(MINIMAL_THEME), "'theme'"));
    expect((await build(dir)).code).toBe(0);
    const server = join(dir, 'theme/server.tsx');
    writeFileSync(server, readFileSync(server, 'utf8').replace('<main>', '<main data-edited="yes">'));
    writeFileSync(join(dir, 'theme/style.css'), `${readFileSync(join(dir, 'theme/style.css'), 'utf8')}\n.edited { color: red }\n`);
    writeFileSync(join(dir, 'content/zh-Hans/docs/a.md'), md({ title: 'A2', description: 'a', last_update: '2025-01-01' }, '```ts\nconst changed = 2;\n```\n'));
    expect((await build(dir)).code).toBe(0);
    const page = readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8');
    expect(page).toContain('data-edited="yes"');
    expect(page).toContain('<h1>A2</h1>');
    expect(page).toMatch(/--shiki-light:#[0-9A-F]{6}[^>]*> changed</);
    const css = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.css'));
    expect(css.map((f) => readFileSync(join(dir, 'dist/assets', f), 'utf8')).join('')).toContain('.edited');
    const warmTree = tree(join(dir, 'dist'));
    expect((await build(dir, ['--no-cache', '--out', join(dir, 'cold')])).code).toBe(0);
    expect(tree(join(dir, 'cold'))).toEqual(warmTree);
  }, 60_000);
});

// A config that imports a package and a file of the project (bundled, and imported from where the package is found),
// with a theme of its own (its bundle is not sitegen's prebuilt one).
const withImports = () => {
  const dir = writeSite({
    'site.config.ts': `import { parse } from 'yaml';\nimport { tagline } from './tagline';\n${configSource("tagline: parse('t: ' + tagline).t,")}`,
    'tagline.ts': "export const tagline = 'Imported';\n",
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
  });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(REPO, 'node_modules/yaml'), join(dir, 'node_modules/yaml'));
  return dir;
};

describe('--no-cache', () => {
  /** Every entry under a folder, with its size and time: what a command that must not touch it would change. */
  const stamps = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true }).map((f) => String(f)).sort().map((f) => [f, `${lstatSync(join(dir, f)).size} ${lstatSync(join(dir, f)).mtimeMs}`]).concat([['.', String(lstatSync(dir).mtimeMs)]]));
  // And one that imports sitegen alone.
  const plain = () => writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n') });

  it('on a fresh project makes no .sitegen-cache/ (before: the compiled config\'s record and the theme\'s bundle were written there), and leaves nothing in the temporary folder', () => {
    for (const [what, dir] of [['a config importing sitegen alone', plain()], ['a config importing a package and a file', withImports()]] as const) {
      const temp = mkdtempSync(join(tmpdir(), 'sitegen-tmp-'));
      const r = runCli(['build', '--no-cache'], dir, { TMPDIR: temp });
      expect([r.code, r.stderr], what).toEqual([0, expect.stringMatching(/^built \d+ pages .* 0 errors/m)]);
      expect(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8'), what).toContain('<h1>A</h1>');
      expect(existsSync(join(dir, '.sitegen-cache')), what).toBe(false);
      // Nor anything else beside the config (the compiled config is imported from there only while it loads).
      expect(readdirSync(dir).filter((f) => f.startsWith('.')), what).toEqual([]);
      expect(readdirSync(temp), what).toEqual([]);
      rmSync(temp, { recursive: true, force: true });
    }
  }, 60_000);

  it("leaves a cache folder that is there exactly as it was (before: the config's record was written again)", () => {
    const dir = withImports();
    expect(runCli(['build'], dir).code).toBe(0);
    const cache = join(dir, '.sitegen-cache');
    const before = stamps(cache);
    expect(Object.keys(before)).toEqual(expect.arrayContaining([join('bundles', 'config.json'), expect.stringMatching(/^theme-server-[0-9a-f]{12}\.mjs$/)]));
    const r = runCli(['build', '--no-cache', '--out', 'cold'], dir);
    expect([r.code, r.stderr]).toEqual([0, expect.stringMatching(/^built \d+ pages .* 0 errors/m)]);
    expect(stamps(cache)).toEqual(before);
    expect(readFileSync(join(dir, 'cold/docs/a/index.html'), 'utf8')).toEqual(readFileSync(join(dir, 'dist/docs/a/index.html'), 'utf8'));
  }, 60_000);

  it.skipIf(!canMakeImmutable())('with the cache, a project folder that cannot be written (a read-only checkout): the cache folder cannot be made, and --no-cache is named', () => {
    const dir = plain();
    const out = mkdtempSync(join(tmpdir(), 'sitegen-out-'));
    execFileSync('chattr', ['+i', dir]);
    try {
      const r = runCli(['build', '--out', join(out, 'dist')], dir);
      // Before: "the build cache folder cannot be used (EPERM)", hint "make .sitegen-cache a folder this user can write, or delete it": there was none.
      expect([r.code, r.stderr]).toEqual([2, ".sitegen-cache error[cache] the build cache folder cannot be made beside the config (EPERM)\n  hint: give this user write access to the config's folder, or build with sitegen build --no-cache\n"]);
      expect(runCli(['build', '--no-cache', '--out', join(out, 'dist')], dir).code).toBe(0);
    } finally {
      execFileSync('chattr', ['-i', dir]);
    }
    expect(readdirSync(dir).sort()).toEqual(['content', 'site.config.ts']);
  }, 60_000);

  it.skipIf(!canMakeImmutable())('a config importing a package, in a folder that cannot be written: one line at the config, exit 2', () => {
    const dir = withImports();
    const out = mkdtempSync(join(tmpdir(), 'sitegen-out-'));
    execFileSync('chattr', ['+i', dir]);
    try {
      const r = runCli(['build', '--no-cache', '--out', join(out, 'dist')], dir);
      expect([r.code, r.stderr]).toEqual([2, "site.config.ts error[config] the compiled config could not be written beside it to be imported (EPERM): with --no-cache it is put there, where the packages it imports are found\n  hint: give this user write access to the config's folder\n"]);
    } finally {
      execFileSync('chattr', ['-i', dir]);
    }
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});

describe("the compiled config's copy, imported from a file", () => {
  /** A process that loads the config through sitegen's API and prints its tagline, or its error lines. */
  const LOADER = `import { loadConfig } from ${JSON.stringify(pathToFileURL(join(REPO, 'lib/index.js')).href)};
const [file, cache] = process.argv.slice(1);
try {
  console.log('loaded ' + (await loadConfig({ configFile: file, cache: cache === 'cache' })).tagline.en);
} catch (error) {
  console.log(error.diagnostics ? error.diagnostics.map((d) => d.file + ' ' + d.message).join('\\n') : String(error.stack));
}`;
  const loaderArgs = (dir: string, cache: boolean, hold?: string) => [...(hold ? ['--import', pathToFileURL(join(REPO, 'test/helpers/slowConfigRead.mjs')).href] : []), '--input-type=module', '-e', LOADER, join(dir, 'site.config.ts'), cache ? 'cache' : 'no-cache'];
  const load = (dir: string, cache: boolean) => spawnSync(process.execPath, loaderArgs(dir, cache), { encoding: 'utf8', timeout: 30_000 }).stdout;
  /** A load whose Node reads the compiled copy only once `<hold>.go` is made (as a busy machine may take its time). */
  const heldLoad = (dir: string, cache: boolean, hold: string) => {
    const child = spawn(process.execPath, loaderArgs(dir, cache, hold), { env: { ...process.env, SITEGEN_TEST_HOLD: hold }, stdio: ['ignore', 'pipe', 'inherit'] });
    // Not left waiting by a test that failed.
    onTestFinished(() => void child.kill('SIGKILL'));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => void (out += chunk));
    const ended = new Promise<string>((done) => child.on('close', () => done(out)));
    return { child, ended };
  };
  const waitFor = async (file: string) => {
    for (const start = Date.now(); !existsSync(file); ) {
      if (Date.now() - start > 20_000) throw new Error(`${file} never came`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return readFileSync(file, 'utf8');
  };
  /** The copies in the config's folder and its cache folder. */
  const copies = (dir: string) => [...readdirSync(dir).filter((f) => f.includes('config-')), ...(existsSync(join(dir, '.sitegen-cache')) ? readdirSync(join(dir, '.sitegen-cache')).filter((f) => f.includes('config-')).map((f) => join('.sitegen-cache', f)) : [])];

  it.each([
    ['with --no-cache (the copy beside the config)', false],
    ['with the cache (the copy in .sitegen-cache/)', true],
  ])("%s: another load of the same config meanwhile (a build beside a dev server) does not delete or rewrite a load's copy before it is read", async (_, cache) => {
    const dir = withImports();
    if (cache) expect(load(dir, true)).toBe('loaded Imported\n');
    const hold = join(mkdtempSync(join(tmpdir(), 'sitegen-hold-')), 'hold');
    const first = heldLoad(dir, cache, hold);
    const copy = await waitFor(`${hold}.waiting`);
    expect(existsSync(copy)).toBe(true);
    // Before: both wrote .sitegen-config-<hash>.mjs (or .sitegen-cache/config-<hash>.mjs), and the one that ended first deleted it:
    // "the config file threw while loading: Cannot find module …", or the file read as it was rewritten, "no default export".
    expect(load(dir, cache)).toBe('loaded Imported\n');
    writeFileSync(`${hold}.go`, '');
    expect(await first.ended).toBe('loaded Imported\n');
    expect(copies(dir)).toEqual([]);
  }, 60_000);

  it("a copy left by a load that was killed is removed by a later one, once its writer is gone; a running load's never is", async () => {
    const dir = withImports();
    const hold = join(mkdtempSync(join(tmpdir(), 'sitegen-hold-')), 'hold');
    // A load killed outright (kill -9, a cancelled CI job) while its config loaded: its copy stays where it was written.
    const killed = heldLoad(dir, false, `${hold}-killed`);
    const left = await waitFor(`${hold}-killed.waiting`);
    killed.child.kill('SIGKILL');
    await killed.ended;
    expect(existsSync(left)).toBe(true);
    // One load running meanwhile, its copy as old as the killed one's.
    const running = heldLoad(dir, false, hold);
    const live = await waitFor(`${hold}.waiting`);
    // A copy just written is left alone a few seconds, whoever wrote it (a process of another container looks gone from here).
    expect(load(dir, false)).toBe('loaded Imported\n');
    expect(existsSync(left)).toBe(true);
    const past = new Date(Date.now() - 15_000);
    for (const file of [left, live]) utimesSync(file, past, past);
    // sitegen before its copies named their writer: one an hour old is removed, one of a minute ago is not (it may be in use).
    const legacy = join(dir, '.sitegen-config-0123456789ab.mjs');
    const recentLegacy = join(dir, '.sitegen-config-ba9876543210.mjs');
    writeFileSync(legacy, 'export default {};\n');
    writeFileSync(recentLegacy, 'export default {};\n');
    utimesSync(legacy, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    expect(load(dir, true)).toBe('loaded Imported\n');
    expect([existsSync(left), existsSync(live), existsSync(legacy), existsSync(recentLegacy)]).toEqual([false, true, false, true]);
    writeFileSync(`${hold}.go`, '');
    expect(await running.ended).toBe('loaded Imported\n');
    rmSync(recentLegacy);
    expect(copies(dir)).toEqual([]);
  }, 60_000);

  it('Ctrl-C while the config loads leaves no copy beside it', async () => {
    const dir = withImports();
    writeFileSync(join(dir, 'site.config.ts'), readFileSync(join(dir, 'site.config.ts'), 'utf8').replace("import { tagline } from './tagline';", "import { tagline } from './tagline';\nawait new Promise((r) => setTimeout(r, 30_000));"));
    const child = spawn(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--no-cache'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    onTestFinished(() => void child.kill('SIGKILL'));
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk));
    const code = new Promise<number | null>((done) => child.on('close', done));
    for (const start = Date.now(); copies(dir).length === 0; ) {
      if (Date.now() - start > 20_000) throw new Error('the config was never loaded');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    expect([await code, err]).toEqual([130, 'build interrupted (SIGINT): nothing was written, the output folder is as it was\n']);
    expect(copies(dir)).toEqual([]);
  }, 60_000);
});

describe('rendering in worker threads', () => {
  it('gives the same pages as rendering on the main thread', async () => {
    const { buildSite } = await import('../../src/build');
    const { loadConfig } = await import('../../src/config/loadConfig');
    const dir = site();
    const config = await loadConfig({ configFile: join(dir, 'site.config.ts') });
    const html = async (renderOn: 'workers' | 'main') => {
      const result = await buildSite({ config, write: false, cache: false, renderOn });
      expect(result.ok).toBe(true);
      return Object.fromEntries(result.files.filter((f) => f.path.endsWith('.html') || f.path.endsWith('.json')).map((f) => [f.path, String(f.contents)]));
    };
    expect(await html('workers')).toEqual(await html('main'));
  }, 60_000);
});
