import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchSite } from '../../../src/serve/watchSite.js';

/** A project folder whose content holds one file, `content/a.md`. */
function siteWithOnePage(): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'sitegen-watch-'));
  mkdirSync(join(root, 'content'));
  const file = join(root, 'content/a.md');
  writeFileSync(file, 'start\n');
  return { root, file };
}

describe('watchSite', () => {
  it('sees a change that comes right after the last one (chokidar alone drops it for 50 ms)', async () => {
    const { root, file } = siteWithOnePage();
    const seen: string[] = [];
    let wake: (() => void) | null = null;
    const watcher = await watchSite({
      root,
      paths: [join(root, 'content')],
      ignored: () => false,
      rebuild: async (files) => {
        expect(files).toEqual(['content/a.md']);
        seen.push(readFileSync(file, 'utf8'));
        wake?.();
      },
    });
    try {
      for (let i = 0; i < 8; i++) {
        const rebuilt = new Promise<string>((resolve) => {
          wake = () => resolve('rebuilt');
          setTimeout(() => resolve(`edit ${i} was missed`), 2000);
        });
        writeFileSync(file, `edit ${i}\n`);
        expect(await rebuilt).toBe('rebuilt');
        // The next save lands inside chokidar's 50 ms window after the change it reported.
        await new Promise((r) => setTimeout(r, 15));
      }
      writeFileSync(file, 'last\n');
      await expect.poll(() => seen[seen.length - 1], { timeout: 2000, interval: 20 }).toBe('last\n');
    } finally {
      await watcher.close();
    }
  });
});

describe('watchSite, how long a burst is gathered', () => {
  it('rebuilds a file written in place (an editor\'s usual save) sooner than a new file, whose burst may bring more', async () => {
    const { root, file } = siteWithOnePage();
    let wake: (() => void) | null = null;
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async () => wake?.() });
    const delay = async (write: () => void) => {
      const rebuilt = new Promise<number>((resolve) => (wake = () => resolve(performance.now())));
      const started = performance.now();
      write();
      const ms = (await rebuilt) - started;
      // Past chokidar's 50 ms window and the watcher's second look at the file.
      await new Promise((r) => setTimeout(r, 100));
      return ms;
    };
    try {
      const saves: number[] = [];
      const added: number[] = [];
      for (let i = 0; i < 9; i++) {
        saves.push(await delay(() => writeFileSync(file, `edit ${i}\n`)));
        added.push(await delay(() => writeFileSync(join(root, `content/new-${i}.md`), 'new\n')));
      }
      // 4 ms against 10 ms of waiting for more events, with the same time for the event to arrive. A
      // busy machine only adds time, so each kind's fastest rebuild is the one that shows its wait
      // (the medians crossed under the full suite's load).
      expect(Math.min(...saves), `${saves.map(Math.round)} / ${added.map(Math.round)}`).toBeLessThan(Math.min(...added) - 2);
    } finally {
      await watcher.close();
    }
  });
});

describe('watchSite, a renamed file', () => {
  it('rebuilds once, with the old name and the new (chokidar holds the old name\'s removal 100 ms: two rebuilds, the first with both pages)', async () => {
    const { root, file } = siteWithOnePage();
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      for (let i = 0; i < 3; i++) {
        const from = i === 0 ? file : join(root, `content/b${i - 1}.md`);
        renameSync(from, join(root, `content/b${i}.md`));
        await new Promise((r) => setTimeout(r, 300));
        await watcher.idle();
        expect(batches.map((batch) => [...batch].sort()), `rename ${i}`).toEqual([[relative(root, from), `content/b${i}.md`].sort()]);
        batches.length = 0;
      }
      // An editor's save by rename (a new file moved over the old one) is still one change of the file.
      writeFileSync(join(root, 'content/tmp-save'), 'saved\n');
      renameSync(join(root, 'content/tmp-save'), join(root, 'content/b2.md'));
      await new Promise((r) => setTimeout(r, 300));
      await watcher.idle();
      expect(batches.length).toBe(1);
      expect(batches[0]).toContain('content/b2.md');
    } finally {
      await watcher.close();
    }
  });

  it("leaves out a file made and gone within the burst (sed -i's sedXXXXXX renamed over the page), and keeps a page deleted beside it", async () => {
    const { root, file } = siteWithOnePage();
    writeFileSync(join(root, 'content/x.md'), 'x\n');
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      execFileSync('sed', ['-i', 's/start/edited/', file]);
      await new Promise((r) => setTimeout(r, 400));
      await watcher.idle();
      expect(batches).toEqual([['content/a.md']]);
      batches.length = 0;
      execFileSync('sed', ['-i', 's/edited/again/', file]);
      rmSync(join(root, 'content/x.md'));
      await new Promise((r) => setTimeout(r, 400));
      await watcher.idle();
      expect(batches.map((batch) => [...batch].sort())).toEqual([['content/a.md', 'content/x.md']]);
    } finally {
      await watcher.close();
    }
  });

  it('rebuilds once for a file changed and others deleted together (a branch switch): the deletions are in it, not 100 ms later', async () => {
    const { root, file } = siteWithOnePage();
    for (const name of ['x', 'y']) writeFileSync(join(root, `content/${name}.md`), `${name}\n`);
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      writeFileSync(file, 'changed\n');
      rmSync(join(root, 'content/x.md'));
      rmSync(join(root, 'content/y.md'));
      await new Promise((r) => setTimeout(r, 400));
      await watcher.idle();
      expect(batches.map((batch) => [...batch].sort())).toEqual([['content/a.md', 'content/x.md', 'content/y.md']]);
    } finally {
      await watcher.close();
    }
  });

  it('waits for a file deleted and written again 40 ms later (a generator, a checkout): one rebuild, when it is back', async () => {
    const { root, file } = siteWithOnePage();
    const seen: boolean[] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async () => void seen.push(existsSync(file)) });
    try {
      for (let i = 0; i < 3; i++) {
        rmSync(file);
        await new Promise((r) => setTimeout(r, 40));
        writeFileSync(file, `again ${i}\n`);
        await new Promise((r) => setTimeout(r, 300));
        await watcher.idle();
      }
      // Before: the system's removal was noted at once, so each cycle rebuilt twice, the first without the page (a 404).
      expect(seen).toEqual([true, true, true]);
    } finally {
      await watcher.close();
    }
  });
});

describe('watchSite, a folder of pages removed or made', () => {
  /** Waits until no rebuild has come for 400 ms. */
  const quiet = async (batches: string[][], watcher: { idle(): Promise<void> }) => {
    for (let seen = -1; seen !== batches.length; ) {
      seen = batches.length;
      await new Promise((r) => setTimeout(r, 400));
      await watcher.idle();
    }
  };
  const folderOfThree = (root: string) => {
    mkdirSync(join(root, 'content/guide'));
    for (const name of ['a', 'b', 'c']) writeFileSync(join(root, `content/guide/${name}.md`), `${name}\n`);
  };

  it('rebuilds once for a folder removed (chokidar reports its files 100 ms after the folder: a second rebuild, for nothing)', async () => {
    const { root } = siteWithOnePage();
    folderOfThree(root);
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      for (let i = 0; i < 3; i++) {
        rmSync(join(root, 'content/guide'), { recursive: true });
        await quiet(batches, watcher);
        expect(batches.length, `removal ${i}: ${JSON.stringify(batches)}`).toBe(1);
        expect(batches[0]).toContain('content/guide');
        folderOfThree(root);
        await quiet(batches, watcher);
        batches.length = 0;
      }
    } finally {
      await watcher.close();
    }
  });

  it('rebuilds once for a folder made and its files written just after (a copy, a checkout)', async () => {
    const { root } = siteWithOnePage();
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      for (let i = 0; i < 3; i++) {
        mkdirSync(join(root, `content/guide${i}`));
        await new Promise((r) => setTimeout(r, 20));
        writeFileSync(join(root, `content/guide${i}/a.md`), 'a\n');
        await quiet(batches, watcher);
        expect(batches.map((batch) => [...batch].sort()), `folder ${i}`).toEqual([[`content/guide${i}`, `content/guide${i}/a.md`]]);
        batches.length = 0;
      }
    } finally {
      await watcher.close();
    }
  });

  it('still sees a file of a removed folder made again, and removed again within the second', async () => {
    const { root } = siteWithOnePage();
    folderOfThree(root);
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      rmSync(join(root, 'content/guide'), { recursive: true });
      await new Promise((r) => setTimeout(r, 150));
      folderOfThree(root);
      await new Promise((r) => setTimeout(r, 150));
      await watcher.idle();
      batches.length = 0;
      rmSync(join(root, 'content/guide/b.md'));
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content/guide/b.md');
    } finally {
      await watcher.close();
    }
  });
});

describe('watchSite, when a watched folder is removed and made again', () => {
  it('keeps seeing the changes in it (chokidar stops watching a folder it was given once it is gone)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-watch-'));
    const content = join(root, 'content');
    mkdirSync(join(content, 'zh-Hans/docs'), { recursive: true });
    writeFileSync(join(content, 'zh-Hans/docs/a.md'), 'start\n');
    writeFileSync(join(root, 'README.md'), 'not watched\n');
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [content, join(root, 'site.config.ts')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      // A script that replaces the whole content folder.
      rmSync(content, { recursive: true });
      // Seen as the folder's removal (its files' removals, which chokidar reports 100 ms later, pass over).
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content');
      mkdirSync(join(content, 'zh-Hans/docs'), { recursive: true });
      writeFileSync(join(content, 'zh-Hans/docs/a.md'), 'back\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content/zh-Hans/docs/a.md');
      // chokidar reports the recreated folders a little after their files: wait until nothing more comes.
      for (let seen = -1; seen !== batches.length; ) {
        seen = batches.length;
        await new Promise((r) => setTimeout(r, 400));
        await watcher.idle();
      }
      batches.length = 0;
      // An edit made after that is seen; a file beside the watched paths is not.
      writeFileSync(join(root, 'README.md'), 'changed\n');
      writeFileSync(join(content, 'zh-Hans/docs/a.md'), 'edited\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toEqual(['content/zh-Hans/docs/a.md']);
      // So is the config file, which is watched too.
      writeFileSync(join(root, 'site.config.ts'), 'export default {};\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('site.config.ts');
      expect(batches.flat()).not.toContain('README.md');
    } finally {
      await watcher.close();
    }
  });
});

describe('watchSite, with a link to a folder elsewhere in a watched folder', () => {
  it('does not watch what the link points to (the build does not read it either)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-watch-'));
    const outside = mkdtempSync(join(tmpdir(), 'sitegen-outside-'));
    writeFileSync(join(outside, 'big.txt'), 'one\n');
    mkdirSync(join(root, 'content/static'), { recursive: true });
    symlinkSync(outside, join(root, 'content/static/elsewhere'));
    const batches: string[][] = [];
    const watcher = await watchSite({ root, paths: [join(root, 'content')], ignored: () => false, rebuild: async (files) => void batches.push(files) });
    try {
      writeFileSync(join(outside, 'big.txt'), 'two\n');
      writeFileSync(join(outside, 'new.txt'), 'new\n');
      writeFileSync(join(root, 'content/static/own.txt'), 'own\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content/static/own.txt');
      await new Promise((r) => setTimeout(r, 300));
      await watcher.idle();
      expect(batches.flat()).toEqual(['content/static/own.txt']);
    } finally {
      await watcher.close();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('watchSite, a watched folder that is itself a link', () => {
  it('sees the changes in the folder it leads to (the build reads the content through it), named by the link', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sitegen-watch-'));
    const shared = mkdtempSync(join(tmpdir(), 'sitegen-shared-'));
    mkdirSync(join(shared, 'docs'));
    writeFileSync(join(shared, 'docs/a.md'), 'one\n');
    // A content folder shared with another project: `content -> ../shared`.
    symlinkSync(shared, join(root, 'content'));
    const batches: string[][] = [];
    const ignored: string[] = [];
    const watcher = await watchSite({
      root,
      paths: [join(root, 'content')],
      ignored: (path) => (ignored.push(path), false),
      rebuild: async (files) => void batches.push(files),
    });
    try {
      writeFileSync(join(shared, 'docs/a.md'), 'two\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content/docs/a.md');
      writeFileSync(join(shared, 'docs/b.md'), 'new\n');
      await expect.poll(() => batches.flat(), { timeout: 2000, interval: 20 }).toContain('content/docs/b.md');
      // What the caller is asked about is named by the link too (its own rules are written for the content folder).
      expect(ignored.filter((path) => path.startsWith(shared))).toEqual([]);
    } finally {
      await watcher.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
