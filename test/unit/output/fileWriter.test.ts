// The thread that writes a cold build's files while the build renders: every file sent is on disk with
// its manifest stats once `finish` resolves; a write the disk refuses is reported, not thrown in the
// thread; nothing is begun once `stop` is called, and a removed folder is never made again.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileWriter } from '../../../src/output/fileWriter.js';

function folder() {
  const root = join(mkdtempSync(join(tmpdir(), 'sitegen-writer-')), 'out');
  mkdirSync(root);
  return root;
}

describe('FileWriter', () => {
  it('writes strings and bytes into nested folders and gives each file the stats it has on disk', async () => {
    const root = folder();
    const writer = new FileWriter(root);
    const bytes = new Uint8Array([0xe4, 0xbd, 0xa0, 0xe5, 0xa5, 0xbd]);
    expect(writer.take([{ path: 'docs/a/b/index.html', contents: '<p>翻译</p>' }, { path: 'index.html', contents: 'home' }])).toEqual([]);
    expect(writer.take([{ path: 'docs/a/page-data.json', contents: bytes }, { path: 'en/docs/a/index.html', contents: 'en' }])).toEqual([]);
    // The caller's bytes are copied, not taken: they stay usable here.
    expect(bytes.byteLength).toBe(6);
    const here: string[] = [];
    const { stats, failed } = await writer.finish((files) => here.push(...files.map((f) => f.path)));
    // All of it went to the thread, which kept up.
    expect(here).toEqual([]);
    expect(failed).toBeUndefined();
    expect(readFileSync(join(root, 'docs/a/b/index.html'), 'utf8')).toBe('<p>翻译</p>');
    expect(readFileSync(join(root, 'docs/a/page-data.json'), 'utf8')).toBe('你好');
    expect(stats.map(([path]) => path)).toEqual(['docs/a/b/index.html', 'index.html', 'docs/a/page-data.json', 'en/docs/a/index.html']);
    for (const [path, size, mtimeMs, ino] of stats) {
      const stat = lstatSync(join(root, path));
      expect([size, mtimeMs, ino]).toEqual([stat.size, stat.mtimeMs, stat.ino]);
    }
  });

  it('reports the first write the disk refuses and writes the other files', async () => {
    const root = folder();
    writeFileSync(join(root, 'robots.txt'), 'a file');
    const writer = new FileWriter(root);
    writer.take([{ path: 'robots.txt/index.html', contents: 'x' }, { path: 'a/index.html', contents: 'a' }, { path: 'robots.txt/b/index.html', contents: 'y' }]);
    const { stats, failed } = await writer.finish(() => {});
    expect(failed).toMatchObject({ path: 'robots.txt/index.html', code: 'ENOTDIR' });
    expect(stats.map(([path]) => path)).toEqual(['a/index.html']);
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toBe('a file');
  });

  it('begins no file once stop is called, even before its thread has ended', async () => {
    const root = folder();
    const writer = new FileWriter(root);
    const count = () => readdirSync(root).length;
    writer.take(Array.from({ length: 4000 }, (_, i) => ({ path: `f${i}.html`, contents: 'x' })));
    // Let the thread begin.
    while (count() < 20) await new Promise((r) => setTimeout(r, 1));
    const stopped = writer.stop();
    const atStop = count();
    await stopped;
    expect(count() - atStop).toBeLessThanOrEqual(1);
    expect(count()).toBeLessThan(4000);
  });

  it('never makes its folder again once it is removed', async () => {
    const root = folder();
    rmSync(root, { recursive: true });
    const late = new FileWriter(root);
    late.take([{ path: 'docs/deep/index.html', contents: 'late' }]);
    const result = await late.finish(() => {});
    expect(result.failed).toMatchObject({ path: 'docs/deep/index.html', code: 'ENOENT' });
    expect(existsSync(root)).toBe(false);
  });

  it('writes Buffers, small ones of Node\'s shared pool included, leaving the caller\'s as they were', async () => {
    const root = folder();
    const small = Buffer.from('small file');
    const big = Buffer.alloc(10_000, 'x');
    const writer = new FileWriter(root);
    writer.take([{ path: 'a.txt', contents: small }, { path: 'b.txt', contents: big }]);
    // Transferring a view of the pool had emptied every Buffer on it (and threw on Node 22).
    expect([small.toString(), big.byteLength]).toEqual(['small file', 10_000]);
    const { failed } = await writer.finish(() => {});
    expect(failed).toBeUndefined();
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('small file');
    expect(readFileSync(join(root, 'b.txt'))).toEqual(big);
  });

  it('fails, rather than waits forever, when its thread has ended before writing everything', async () => {
    const writer = new FileWriter(folder());
    await writer.stop();
    await expect(writer.finish(() => {})).rejects.toThrow(/ended before it had written it/);
  });

  it('keeps files while the thread is behind, hands them back past its limit, and shares what is kept at the end, each file written once', async () => {
    const root = folder();
    // Nothing may wait for the thread: every file is kept here.
    const writer = new FileWriter(root, { sendBelow: 0, keepLimit: 3 << 20 });
    const big = 'x'.repeat(2 << 20);
    expect(writer.take([{ path: 'big.html', contents: big }])).toEqual([]);
    expect(writer.take([{ path: 'a.html', contents: 'a' }])).toEqual([]);
    // Past 3 MB kept, the caller is given everything kept, to write at once.
    expect(writer.take([{ path: 'huge.html', contents: big + big }]).map((f) => f.path)).toEqual(['big.html', 'a.html', 'huge.html']);
    const rest = Array.from({ length: 40 }, (_, i) => ({ path: `docs/p${i}/index.html`, contents: `page ${i}` }));
    for (const file of rest) expect(writer.take([file])).toEqual([]);
    const here: string[] = [];
    const { stats } = await writer.finish((files) => {
      for (const file of files) writeFileSync(join(root, file.path.replace(/\//g, '_')), file.contents);
      here.push(...files.map((f) => f.path));
    });
    // The 40 kept files, in batches: each written by exactly one of the two threads.
    const byThread = stats.map(([path]) => path);
    expect([...byThread, ...here].sort()).toEqual(rest.map((f) => f.path).sort());
    for (const path of byThread) expect(readFileSync(join(root, path), 'utf8')).toBe(`page ${path.match(/\d+/)![0]}`);
  });
});
