import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createDiskCache, parseCacheFile, readCheckedFile, TOOLCHAIN, writeCacheFile, writeCheckedFile } from '../../../src/cache/diskCache';

const isText = (v: unknown): v is { text: string } => typeof v === 'object' && v !== null && typeof (v as { text: string }).text === 'string';
const open = (dir: string, keep?: 'used' | 'all') => createDiskCache(dir, 'things', isText, undefined, { keep });
const segments = (dir: string) => readdirSync(join(dir, 'things')).filter((f) => f.endsWith('.pack'));

describe('the disk cache', () => {
  it('gives back what an earlier cache object stored, from one segment file per object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const first = open(dir);
    const keys = Array.from({ length: 50 }, (_, i) => first.key('page', i));
    keys.forEach((key, i) => first.set(key, { text: `page ${i} 页面 ${'x'.repeat(i * 10)}` }));
    await first.flush();
    expect(segments(dir)).toHaveLength(1);
    const second = open(dir);
    expect(keys.map((key) => second.get(key)?.text)).toEqual(keys.map((_, i) => `page ${i} 页面 ${'x'.repeat(i * 10)}`));
    expect(second.get(first.key('page', 99))).toBeUndefined();
    expect(second.stats).toEqual({ hits: 50, misses: 1 });
  });

  it('reads a segment whole once many of its records are wanted, and still checks each record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const first = open(dir);
    const keys = Array.from({ length: 60 }, (_, i) => first.key('entry', i));
    keys.forEach((key, i) => first.set(key, { text: `entry ${i}` }));
    await first.flush();
    const pack = join(dir, 'things', segments(dir)[0]!);
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('"entry 45"', '"entry 4X"').replace(`${keys[50]}\n`, `${keys[51]}\n`));
    const reader = open(dir);
    const read = keys.map((key) => reader.get(key)?.text);
    expect(read.filter((text) => text === undefined)).toHaveLength(2);
    // A record changed in place that still parses is a miss too (its CRC-32 no longer matches): it had been read as it was.
    expect(read[45]).toBeUndefined();
    expect(read[50]).toBeUndefined();
    expect(read.filter((text, i) => text === `entry ${i}`)).toHaveLength(58);
    // What this object writes after reading the segment whole is read back from its own segment.
    reader.set(reader.key('late'), { text: 'written late' });
    expect(reader.get(reader.key('late'))?.text).toBe('written late');
  });

  it('never reads what a killed build wrote without its index, nor damaged bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const killed = open(dir);
    killed.set(killed.key('a'), { text: 'never indexed' });
    expect(open(dir).get(killed.key('a'))).toBeUndefined();

    const good = open(dir);
    good.set(good.key('b'), { text: 'bravo' });
    good.set(good.key('c'), { text: 'charlie' });
    await good.flush();
    const pack = join(dir, 'things', segments(dir).find((f) => readFileSync(join(dir, 'things', f), 'utf8').includes('bravo'))!);
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('"text":"bravo"', '"text":42.000').replace('charlie', 'charl'));
    const reader = open(dir);
    expect(reader.get(good.key('b'))).toBeUndefined();
    expect(reader.get(good.key('c'))).toBeUndefined();
  });

  it('keeps records in V8\'s format when binary: the same values back (through merges too), damaged bytes a miss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const binary = () => createDiskCache(dir, 'things', isText, undefined, { binary: true });
    const value = (i: number) => ({ text: `页面 ${i} <p class="x">"quoted" \\ ${'字'.repeat(i)}</p>`, list: [i, { nested: `é${i}` }] });
    for (let build = 0; build < 12; build++) {
      const cache = binary();
      for (let i = 0; i < 12; i++) cache.get(cache.key('page', i));
      cache.set(cache.key('page', build), value(build));
      await cache.flush();
    }
    // Twelve segments were merged into fewer on the way, and every record is read back as it was written.
    expect(segments(dir).length).toBeLessThanOrEqual(9);
    const reader = binary();
    for (let i = 0; i < 12; i++) expect(reader.get(reader.key('page', i))).toEqual(value(i));
    // Not JSON: the text is stored as it is, unescaped.
    const packs = segments(dir).map((f) => readFileSync(join(dir, 'things', f), 'latin1')).join('');
    expect(packs).not.toContain('"text"');
    const pack = join(dir, 'things', segments(dir)[0]!);
    const bytes = readFileSync(pack);
    bytes[bytes.length - 5] ^= 0xff;
    writeFileSync(pack, bytes);
    const damaged = binary();
    expect(Array.from({ length: 12 }, (_, i) => damaged.get(damaged.key('page', i))).filter((v) => v === undefined)).toHaveLength(1);
  });

  it('merges its small segments when there are too many, keeping what was used and leaving the biggest alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    for (let build = 0; build < 12; build++) {
      const cache = open(dir);
      cache.get(cache.key('kept'));
      if (build === 0) cache.set(cache.key('kept'), { text: 'kept'.repeat(100) });
      cache.set(cache.key('build', build), { text: `build ${build}` });
      await cache.flush();
      expect(segments(dir).length).toBeLessThanOrEqual(9);
    }
    const last = open(dir);
    expect(last.get(last.key('kept'))?.text).toBe('kept'.repeat(100));
    expect(last.get(last.key('build', 0))?.text).toBe('build 0'); // in the biggest segment, left alone
    expect(last.get(last.key('build', 5))).toBeUndefined(); // in a small one, unused by the build that merged
    expect(last.get(last.key('build', 11))?.text).toBe('build 11'); // written after the merge
  });

  it('merges everything into one segment when most of its bytes are entries the build did not use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const cold = open(dir);
    for (let i = 0; i < 40; i++) cold.set(cold.key('page', i), { text: String(i).repeat(50_000) });
    await cold.flush();
    const warm = open(dir);
    expect(warm.get(warm.key('page', 1))?.text).toBe('1'.repeat(50_000));
    warm.set(warm.key('page', 'new'), { text: 'new' });
    await warm.flush();
    expect(segments(dir)).toHaveLength(1);
    const next = open(dir);
    expect(next.get(next.key('page', 1))?.text).toBe('1'.repeat(50_000));
    expect(next.get(next.key('page', 'new'))?.text).toBe('new');
    expect(next.get(next.key('page', 2))).toBeUndefined();
  });

  it('keeps every entry when merging a cache that sees only part of a build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    for (let build = 0; build < 12; build++) {
      const cache = open(dir, 'all');
      cache.set(cache.key('block', build), { text: `block ${build}` });
      await cache.flush();
    }
    expect(segments(dir).length).toBeLessThanOrEqual(9);
    const last = open(dir, 'all');
    expect(Array.from({ length: 12 }, (_, i) => last.get(last.key('block', i))?.text)).toEqual(Array.from({ length: 12 }, (_, i) => `block ${i}`));
  });

  it("goes on with the last segment, when resuming (the dev server's build at each edit), while it is whole", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    const resuming = () => createDiskCache(dir, 'things', isText, new Map(), { resume: true });
    for (let build = 0; build < 20; build++) {
      const cache = resuming();
      cache.set(cache.key('page', build), { text: `build ${build}` });
      for (let old = 0; old < build; old++) cache.touch(cache.key('page', old));
      await cache.flush();
    }
    // Twenty builds, one segment: no files made at each edit, and no merges of small ones.
    expect(segments(dir)).toHaveLength(1);
    const reader = open(dir);
    expect(Array.from({ length: 20 }, (_, i) => reader.get(reader.key('page', i))?.text)).toEqual(Array.from({ length: 20 }, (_, i) => `build ${i}`));
    // A segment that changed since (another process's write, a damaged file) is left alone: a new one is started.
    const pack = join(dir, 'things', segments(dir)[0]!);
    writeFileSync(pack, `${readFileSync(pack, 'latin1')}junk`, 'latin1');
    const after = resuming();
    after.set(after.key('page', 'after'), { text: 'after' });
    await after.flush();
    expect(segments(dir)).toHaveLength(2);
    const last = open(dir);
    expect(last.get(last.key('page', 'after'))?.text).toBe('after');
    expect(last.get(last.key('page', 3))?.text).toBe('build 3');
  });

  it('keys every entry by the versions of the libraries that shape the output, as Node resolves them', () => {
    // Each package's version as found from the module Node loads for it (its package.json up from its entry).
    const require = createRequire(import.meta.url);
    const versionFromEntry = (name: string) => {
      for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
        try {
          const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
          if (pkg.name === name) return pkg.version;
        } catch {
          // keep walking up
        }
      }
      return undefined;
    };
    const names = { marked: 'marked', cjkEmphasis: 'marked-cjk-friendly', temml: 'temml', entities: 'entities', shiki: 'shiki', react: 'react-dom', slugger: 'github-slugger', esbuild: 'esbuild', yaml: 'yaml', jieba: '@node-rs/jieba', feed: 'feed' };
    const toolchain = JSON.parse(TOOLCHAIN) as Record<string, string>;
    for (const [key, name] of Object.entries(names)) {
      expect(toolchain[key], name).toMatch(/^\d+\.\d+\.\d+/);
      expect(toolchain[key], name).toBe(versionFromEntry(name));
    }
    // Node's own: after an upgrade, a search term cut by its ICU or a slug by its V8 is made again.
    expect(toolchain).toMatchObject({ node: process.version, icu: process.versions.icu, unicode: process.versions.unicode });
  });

  it('puts a folder of its own back where something else took its place, and a file where a folder took its place, instead of missing at every build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitegen-cache-'));
    writeFileSync(join(dir, 'things'), 'a file where the segments go');
    const first = open(dir);
    first.set(first.key('a'), { text: 'alpha' });
    await first.flush();
    expect(open(dir).get(first.key('a'))?.text).toBe('alpha');

    mkdirSync(join(dir, 'pack.json'));
    mkdirSync(join(dir, 'sums'));
    writeFileSync(join(dir, 'sums', 'checked.txt'), 'x');
    rmSync(join(dir, 'sums'), { recursive: true });
    writeFileSync(join(dir, 'sums'), 'a file where a folder goes');
    mkdirSync(join(dir, 'other'));
    mkdirSync(join(dir, 'other', 'checked.txt'));
    await writeCacheFile(join(dir, 'pack.json'), { a: 1 });
    expect(parseCacheFile(readFileSync(join(dir, 'pack.json'), 'utf8'))).toEqual({ a: 1 });
    expect(writeCheckedFile(join(dir, 'sums', 'checked.txt'), 'sum')).toBe(true);
    expect(readCheckedFile(join(dir, 'sums', 'checked.txt'))?.toString()).toBe('sum');
    expect(writeCheckedFile(join(dir, 'other', 'checked.txt'), 'other')).toBe(true);
    expect(readCheckedFile(join(dir, 'other', 'checked.txt'))?.toString()).toBe('other');
    // No temporary file left behind.
    expect(readdirSync(dir).sort()).toEqual(['other', 'pack.json', 'sums', 'things']);
  });

  it('takes keys only from key(): anything else is a bug, not a miss', () => {
    const cache = open(mkdtempSync(join(tmpdir(), 'sitegen-cache-')));
    expect(() => cache.set('page:abc', { text: 'x' })).toThrow(/keys come from key\(\)/);
  });
});
