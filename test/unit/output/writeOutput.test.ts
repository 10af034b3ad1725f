// The output folder of a writing build: files go into a temporary sibling as they come, and only a
// commit swaps it in (static files beside them, the generated file winning a clash; the previous
// output deleted in the background); an abort leaves the previous output as it was, and files that
// still arrive afterwards are not written anywhere.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SitegenError } from '../../../src/diagnostics.js';
import { openOutput, writeChanged } from '../../../src/output/writeOutput.js';
import { canSetAttribute } from '../../helpers/site.js';

function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-out-'));
  const outDir = join(root, 'dist');
  mkdirSync(outDir);
  writeFileSync(join(outDir, 'old.html'), 'previous build');
  const staticDir = join(root, 'static');
  mkdirSync(join(staticDir, 'img'), { recursive: true });
  writeFileSync(join(staticDir, 'img/a.svg'), '<svg/>');
  writeFileSync(join(staticDir, 'robots.txt'), 'static robots');
  return { root, outDir, staticDir, siblings: () => readdirSync(root).sort() };
}

describe('openOutput', () => {
  it.skipIf(!canSetAttribute('T'))('writes the new output one folder down, in a folder marked as the top of a tree (ext4 then gives it a group of the disk of its own), named anew each build', async () => {
    const { root, outDir } = workspace();
    const inner: string[] = [];
    for (let i = 0; i < 2; i++) {
      const output = await openOutput(outDir);
      output.add([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
      const temp = join(root, readdirSync(root).find((name) => name.includes('.sitegen-tmp-'))!);
      expect(execFileSync('lsattr', ['-d', temp], { encoding: 'utf8' })).toMatch(/^\S*T\S* /);
      expect(readdirSync(temp)).toHaveLength(1);
      inner.push(readdirSync(temp)[0]!);
      await output.abort();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(inner[0]).not.toBe(inner[1]);
    expect(readdirSync(root).sort()).toEqual(['dist', 'static']);
  });

  it('refuses a file whose path leaves the output folder, writing nothing outside it', async () => {
    const { root, outDir, siblings } = workspace();
    const output = await openOutput(outDir);
    const before = siblings();
    expect(() => output.add([{ path: 'docs/../../escaped.html', contents: 'x' }])).toThrow(/leaves the output folder/);
    expect(() => output.add([{ path: '/tmp/escaped.html', contents: 'x' }])).toThrow(/leaves the output folder/);
    expect(existsSync(join(root, 'escaped.html'))).toBe(false);
    await output.abort();
    expect(siblings()).toEqual(before.filter((name) => !name.startsWith('.dist')));
    expect(readdirSync(outDir)).toEqual(['old.html']);
  });

  it('writes files as they are added and swaps the folder in on commit, generated files winning over static ones', async () => {
    const { outDir, staticDir, siblings } = workspace();
    const output = await openOutput(outDir);
    output.add([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
    // Not visible before the commit.
    expect(readdirSync(outDir)).toEqual(['old.html']);
    output.add([{ path: 'robots.txt', contents: 'generated robots' }]);
    expect(output.paths).toEqual(['docs/a/index.html', 'robots.txt']);
    await output.commit(staticDir);
    expect(readFileSync(join(outDir, 'docs/a/index.html'), 'utf8')).toBe('<p>a</p>');
    expect(readFileSync(join(outDir, 'robots.txt'), 'utf8')).toBe('generated robots');
    expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg/>');
    expect(readdirSync(outDir)).not.toContain('old.html');
    // The summary's count: the two files added and the one static file a generated file did not replace
    // (it had counted only the added ones, and the written count could be the larger).
    expect([output.total, output.written]).toEqual([3, 3]);
    // The previous output is deleted in the background, soon after.
    const deadline = Date.now() + 5_000;
    while (siblings().length > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(siblings()).toEqual(['dist', 'static']);
  });

  it('on abort leaves the previous output as it was, and writes nothing that arrives afterwards', async () => {
    const { outDir, siblings } = workspace();
    const output = await openOutput(outDir);
    output.add([{ path: 'docs/a/index.html', contents: '<p>a</p>' }]);
    expect(siblings().some((name) => name.includes('sitegen-tmp'))).toBe(true);
    await output.abort();
    output.add([{ path: 'docs/b/index.html', contents: '<p>late</p>' }]);
    expect(readdirSync(outDir)).toEqual(['old.html']);
    expect(siblings()).toEqual(['dist', 'static']);
  });

  describe('with a manifest (incremental)', () => {
    const build = async (outDir: string, manifest: string, staticDir: string, files: { path: string; contents: string; tag?: string }[]) => {
      const output = await openOutput(outDir, { manifest });
      output.add(files);
      await output.commit(staticDir);
      return output.written;
    };
    const site = [
      { path: 'index.html', contents: '<p>home</p>', tag: 'k-home' },
      { path: 'docs/a/index.html', contents: '<p>a</p>', tag: 'k-a' },
      { path: 'docs/old/index.html', contents: '<p>old</p>', tag: 'k-old' },
      { path: 'search-index.json', contents: '{"v":1}' },
    ];

    it('writes only new and changed files, deletes what is gone, and ends with the same folder a full build makes', async () => {
      const { root, outDir, staticDir } = workspace();
      const manifest = join(root, 'cache/output.json');
      expect(await build(outDir, manifest, staticDir, site)).toBe(6); // four generated, two static
      const inode = (path: string) => statSync(join(outDir, path)).ino;
      const before = { home: inode('index.html'), svg: inode('img/a.svg') };
      expect(await build(outDir, manifest, staticDir, site)).toBe(0);
      expect(inode('index.html')).toBe(before.home);

      writeFileSync(join(staticDir, 'img/a.svg'), '<svg id="new"/>');
      utimesSync(join(staticDir, 'img/a.svg'), new Date(), new Date(Date.now() + 5_000));
      const next = [site[0]!, { path: 'docs/a/index.html', contents: '<p>a, changed</p>', tag: 'k-a2' }, { path: 'search-index.json', contents: '{"v":2}' }, { path: 'docs/new/index.html', contents: '<p>new</p>', tag: 'k-new' }];
      expect(await build(outDir, manifest, staticDir, next)).toBe(4); // a, the index, new, and the static file
      expect(inode('index.html')).toBe(before.home);
      expect(readFileSync(join(outDir, 'docs/a/index.html'), 'utf8')).toBe('<p>a, changed</p>');
      expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg id="new"/>');
      expect(existsSync(join(outDir, 'docs/old'))).toBe(false);

      const fresh = join(root, 'fresh');
      await build(fresh, join(root, 'cache/fresh.json'), staticDir, next);
      const tree = (dir: string, prefix = ''): string[] => readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tree(dir, join(prefix, e.name)) : [`${join(prefix, e.name)}=${readFileSync(join(dir, prefix, e.name), 'utf8')}`])).sort();
      expect(tree(outDir)).toEqual(tree(fresh));
    });

    it('copies a static link to a file as that file, and again when the file it points to changes', async () => {
      const { root, outDir, staticDir } = workspace();
      const manifest = join(root, 'cache/output.json');
      writeFileSync(join(root, 'shared.css'), 'a{}');
      symlinkSync(join(root, 'shared.css'), join(staticDir, 'shared.css'));
      expect(await build(outDir, manifest, staticDir, site)).toBe(7);
      expect(lstatSync(join(outDir, 'shared.css')).isFile()).toBe(true);
      expect(await build(outDir, manifest, staticDir, site)).toBe(0);
      writeFileSync(join(root, 'shared.css'), 'a{color:red}');
      expect(await build(outDir, manifest, staticDir, site)).toBe(1);
      expect(readFileSync(join(outDir, 'shared.css'), 'utf8')).toBe('a{color:red}');
    });

    it('writes everything again when the folder was changed by something else', async () => {
      const { root, outDir, staticDir } = workspace();
      const manifest = join(root, 'cache/output.json');
      await build(outDir, manifest, staticDir, site);
      writeFileSync(join(outDir, 'stray.html'), 'not ours');
      expect(await build(outDir, manifest, staticDir, site)).toBe(6);
      expect(existsSync(join(outDir, 'stray.html'))).toBe(false);
      writeFileSync(join(outDir, 'index.html'), '<p>edited by hand</p>');
      expect(await build(outDir, manifest, staticDir, site)).toBe(6);
      expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('<p>home</p>');
      // Not a file: a link, an empty folder, a folder holding only a link, a named pipe. A build without the manifest leaves none of them.
      const added: [string, () => void][] = [
        ['link.html', () => symlinkSync(join(outDir, 'index.html'), join(outDir, 'link.html'))],
        ['empty', () => mkdirSync(join(outDir, 'empty'))],
        ['docs/a/empty', () => mkdirSync(join(outDir, 'docs/a/empty'))],
        ['linked', () => (mkdirSync(join(outDir, 'linked')), symlinkSync(root, join(outDir, 'linked/root')))],
        ['pipe', () => execFileSync('mkfifo', [join(outDir, 'pipe')])],
      ];
      for (const [path, add] of added) {
        add();
        expect([path, await build(outDir, manifest, staticDir, site)]).toEqual([path, 6]);
        expect([path, existsSync(join(outDir, path))]).toEqual([path, false]);
      }
    });

    it('finds a clash over the last build as in a first one: its paths, checked then, are not checked again, any other path is', async () => {
      const { root, outDir, staticDir } = workspace();
      const manifest = join(root, 'cache/output.json');
      await build(outDir, manifest, staticDir, site);
      expect(await build(outDir, manifest, staticDir, site)).toBe(0);
      // A page moved to where a static file is (the generated file wins), then a static file whose path differs only in case from a folder of the site.
      expect(await build(outDir, manifest, staticDir, [...site, { path: 'img/a.svg', contents: '<svg id="made"/>', tag: 'k-svg' }])).toBe(1);
      expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg id="made"/>');
      mkdirSync(join(staticDir, 'Docs'));
      writeFileSync(join(staticDir, 'Docs/x.txt'), 'x');
      const refused = await build(outDir, manifest, staticDir, site).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SitegenError);
      expect((refused as SitegenError).diagnostics.map((d) => d.message)).toEqual([expect.stringContaining("this static folder's path differs only in case from the folder docs/ of the site")]);
      expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg id="made"/>');
      rmSync(join(staticDir, 'Docs'), { recursive: true });
      expect(await build(outDir, manifest, staticDir, site)).toBe(1);
      expect(readFileSync(join(outDir, 'img/a.svg'), 'utf8')).toBe('<svg/>');
    });

    it('on abort leaves the folder and its manifest as they were', async () => {
      const { root, outDir, staticDir, siblings } = workspace();
      const manifest = join(root, 'cache/output.json');
      await build(outDir, manifest, staticDir, site);
      const output = await openOutput(outDir, { manifest });
      output.add([{ path: 'index.html', contents: '<p>half a build</p>', tag: 'k-home2' }]);
      await output.abort();
      expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('<p>home</p>');
      expect(siblings()).toEqual(['cache', 'dist', 'static']);
      expect(await build(outDir, manifest, staticDir, site)).toBe(0);
    });
  });
});

describe('writeChanged (the dev server)', () => {
  it('replaces a file it wrote before whole: a response already reading the old one gets all of the old one', async () => {
    const { outDir, staticDir } = workspace();
    const written = new Map<string, string | Buffer>();
    await writeChanged(outDir, [{ path: 'search-index.json', contents: '{"v":1}' }], staticDir, written);
    writeFileSync(join(staticDir, 'robots.txt'), 'static robots, first');
    await writeChanged(outDir, [{ path: 'search-index.json', contents: '{"v":1}' }], staticDir, written);
    // What the server does for a request that arrives during a rebuild: the file is opened, then read.
    const index = openSync(join(outDir, 'search-index.json'), 'r');
    const robots = openSync(join(outDir, 'robots.txt'), 'r');
    const longer = `{"v":2,"text":"${'x'.repeat(4000)}"}`;
    writeFileSync(join(staticDir, 'robots.txt'), 'static robots, second and longer');
    utimesSync(join(staticDir, 'robots.txt'), new Date(), new Date(Date.now() + 5_000));
    const changed = await writeChanged(outDir, [{ path: 'search-index.json', contents: longer }], staticDir, written);
    expect(changed.sort()).toEqual(['robots.txt', 'search-index.json']);
    const readAll = (fd: number) => {
      const buffer = Buffer.alloc(8192);
      const length = readSync(fd, buffer, 0, buffer.length, 0);
      closeSync(fd);
      return buffer.toString('utf8', 0, length);
    };
    expect(readAll(index)).toBe('{"v":1}');
    expect(readAll(robots)).toBe('static robots, first');
    // New requests get the new files, and no temporary file is left beside them.
    expect(readFileSync(join(outDir, 'search-index.json'), 'utf8')).toBe(longer);
    expect(readFileSync(join(outDir, 'robots.txt'), 'utf8')).toBe('static robots, second and longer');
    expect(readdirSync(outDir).filter((name) => name.includes('tmp'))).toEqual([]);
  });

  it('refuses, as a build does, a static file at a folder of the site and one differing only in case, writing nothing', async () => {
    const { outDir, staticDir } = workspace();
    const written = new Map<string, string | Buffer>();
    const pages = [{ path: 'blog/index.html', contents: '<p>blog</p>' }];
    await writeChanged(outDir, pages, staticDir, written);
    writeFileSync(join(staticDir, 'blog'), 'a file');
    writeFileSync(join(staticDir, 'img/A.svg'), '<svg/>');
    const refused = await writeChanged(outDir, pages, staticDir, written).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SitegenError);
    const told = (refused as SitegenError).diagnostics.map((d) => `${d.code} ${d.file?.split('/').slice(-2).join('/')} ${d.message}`);
    expect(told).toEqual([
      'output static/blog this static file has the path of a folder of the site (blog/index.html)',
      expect.stringMatching(/^output img\/(A|a)\.svg this static file's path differs only in case from .*img\/(a|A)\.svg/),
    ]);
    expect(readdirSync(outDir).sort()).toEqual(['blog', 'img', 'old.html', 'robots.txt']);
    // Refused again while they are there (the paths of the last write without clashes are what is remembered).
    expect((await writeChanged(outDir, pages, staticDir, written).catch((error: unknown) => error)) instanceof SitegenError).toBe(true);
    // Renamed, the next rebuild writes them.
    rmSync(join(staticDir, 'blog'));
    renameSync(join(staticDir, 'img/A.svg'), join(staticDir, 'img/b.svg'));
    expect((await writeChanged(outDir, pages, staticDir, written)).sort()).toEqual(['img/b.svg']);
  });

  it('refuses, as a build does, a static folder differing only in case from a folder of the site, told once at the folder, writing nothing', async () => {
    const { outDir, staticDir } = workspace();
    const written = new Map<string, string | Buffer>();
    const pages = [{ path: 'blog/index.html', contents: '<p>blog</p>' }];
    await writeChanged(outDir, pages, staticDir, written);
    mkdirSync(join(staticDir, 'Blog/2024'), { recursive: true });
    writeFileSync(join(staticDir, 'Blog/cover.png'), 'png');
    writeFileSync(join(staticDir, 'Blog/2024/x.png'), 'png');
    const refused = await writeChanged(outDir, pages, staticDir, written).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SitegenError);
    expect((refused as SitegenError).diagnostics.map((d) => `${d.code} ${d.file?.split('/').slice(-2).join('/')} ${d.message}`)).toEqual([
      "output static/Blog this static folder's path differs only in case from the folder blog/ of the site: a case-insensitive disk (macOS, Windows) holds the two as one folder, under one of the two names, so the files of the other would not be at their addresses",
    ]);
    expect(readdirSync(outDir).sort()).toEqual(['blog', 'img', 'old.html', 'robots.txt']);
    renameSync(join(staticDir, 'Blog'), join(staticDir, 'covers'));
    expect((await writeChanged(outDir, pages, staticDir, written)).sort()).toEqual(['covers/2024/x.png', 'covers/cover.png']);
  });

  it('once it has written the folder, puts even a file new to it in place whole (the search index follows the pages)', async () => {
    const { outDir, staticDir } = workspace();
    const written = new Map<string, string | Buffer>();
    await writeChanged(outDir, [{ path: 'index.html', contents: '<p>home</p>' }], staticDir, written);
    // A file there already that this server did not write, opened by a response as the index is written.
    writeFileSync(join(outDir, 'search-index.json'), '{"stale":true}');
    const reader = openSync(join(outDir, 'search-index.json'), 'r');
    const index = `{"v":1,"text":"${'y'.repeat(4000)}"}`;
    await writeChanged(outDir, [{ path: 'index.html', contents: '<p>home</p>' }, { path: 'search-index.json', contents: index }], staticDir, written, (path) => path === 'search-index.json');
    const buffer = Buffer.alloc(8192);
    const length = readSync(reader, buffer, 0, buffer.length, 0);
    closeSync(reader);
    expect(buffer.toString('utf8', 0, length)).toBe('{"stale":true}');
    expect(readFileSync(join(outDir, 'search-index.json'), 'utf8')).toBe(index);
    expect(readdirSync(outDir).filter((name) => name.includes('tmp'))).toEqual([]);
  });
});
