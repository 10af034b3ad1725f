// The bundle records: a site's own, and the ones sitegen's installation holds for its own theme (the seed),
// taken only while their toolchain, key and every input file are as they were made.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBundle, type Bundled } from '../../../src/cache/bundleCache.js';
import { TOOLCHAIN } from '../../../src/cache/diskCache.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitegen-bundles-'));
  folders.push(dir);
  return dir;
};
const isString = (v: unknown): v is string => typeof v === 'string';

/** A bundler that says each time it runs, bundling the file `input` into its text, upper-cased. */
function bundler(input: string) {
  const runs: string[] = [];
  const make = async (): Promise<Bundled<string>> => {
    const { readFileSync } = await import('node:fs');
    const value = readFileSync(input, 'utf8').toUpperCase();
    runs.push(value);
    return { value, inputs: [input] };
  };
  return { runs, make };
}

describe('bundle records seeded by the installation', () => {
  it('takes the seed\'s bundle when the site has none, and bundles anew once an input changed', async () => {
    const theme = folder();
    const input = join(theme, 'server.tsx');
    writeFileSync(input, 'export const a = 1;');
    const seed = folder();
    const made = bundler(input);
    // The installation's record, made as compiling sitegen makes it.
    expect((await cachedBundle(seed, 'theme-server', 'key', isString, made.make, { seed: null })).value).toBe('EXPORT CONST A = 1;');
    expect(made.runs).toHaveLength(1);

    const site = folder();
    const first = bundler(input);
    expect(await cachedBundle(site, 'theme-server', 'key', isString, first.make, { seed })).toEqual({ value: 'EXPORT CONST A = 1;', inputs: [input] });
    expect(first.runs).toEqual([]);
    // Without a cache of the site's own (--no-cache), the seed is taken all the same.
    expect((await cachedBundle(null, 'theme-server', 'key', isString, first.make, { seed })).value).toBe('EXPORT CONST A = 1;');
    expect(first.runs).toEqual([]);

    writeFileSync(input, 'export const a = 2;');
    const edited = bundler(input);
    expect((await cachedBundle(site, 'theme-server', 'key', isString, edited.make, { seed })).value).toBe('EXPORT CONST A = 2;');
    expect(edited.runs).toHaveLength(1);
    // The new bundle is the site's now; the seed is left as the installation made it.
    const again = bundler(input);
    expect((await cachedBundle(site, 'theme-server', 'key', isString, again.make, { seed })).value).toBe('EXPORT CONST A = 2;');
    expect(again.runs).toEqual([]);
  });

  it('bundles anew for another key (overrides, another theme folder) or a corrupt or missing seed record', async () => {
    const theme = folder();
    const input = join(theme, 'server.tsx');
    writeFileSync(input, 'x');
    const seed = folder();
    await cachedBundle(seed, 'client', 'key', isString, bundler(input).make, { seed: null });

    const other = bundler(input);
    await cachedBundle(folder(), 'client', 'key+overrides', isString, other.make, { seed });
    expect(other.runs).toHaveLength(1);

    writeFileSync(join(seed, 'bundles', 'client.json'), '{"salt": ');
    const corrupt = bundler(input);
    await cachedBundle(folder(), 'client', 'key', isString, corrupt.make, { seed });
    expect(corrupt.runs).toHaveLength(1);

    // A record whose value is not what the bundle gives (another shape, from another sitegen) is not taken.
    writeFileSync(join(seed, 'bundles', 'client.json'), JSON.stringify({ salt: `${TOOLCHAIN}\0key`, inputs: [], value: 42 }));
    const shape = bundler(input);
    await cachedBundle(folder(), 'client', 'key', isString, shape.make, { seed });
    expect(shape.runs).toHaveLength(1);
  });
});

describe('checking a bundle record\'s inputs', () => {
  /** A record made for `input`, then changed as `edit` says (its hashes, or when they were taken), as the next build reads it. */
  async function recorded(input: string, edit: (record: { inputs: [string, string, string?][]; checked?: number }) => void) {
    const { readFileSync } = await import('node:fs');
    const { parseCacheFile, writeCacheFile } = await import('../../../src/cache/diskCache.js');
    const dir = folder();
    await cachedBundle(dir, 'client', 'key', isString, bundler(input).make, { seed: null });
    const file = join(dir, 'bundles', 'client.json');
    const record = parseCacheFile(readFileSync(file, 'utf8')) as Parameters<typeof edit>[0];
    edit(record);
    await writeCacheFile(file, record);
    return dir;
  }

  it('takes an input whose size, times and inode are as they were long enough before its hash was taken, without reading it', async () => {
    const input = join(folder(), 'client.tsx');
    writeFileSync(input, 'export const a = 1;');
    // The hash no longer matches the file: only a check that does not read the file takes the record.
    const dir = await recorded(input, (record) => {
      record.inputs[0]![1] = '0'.repeat(40);
      record.checked = Date.now() + 60_000;
    });
    const again = bundler(input);
    expect((await cachedBundle(dir, 'client', 'key', isString, again.make, { seed: null })).value).toBe('EXPORT CONST A = 1;');
    expect(again.runs).toEqual([]);
  });

  it('reads and hashes an input changed just before its hashing, a record without stamps, and one rewritten to the same size and times', async () => {
    const { statSync, utimesSync } = await import('node:fs');
    const input = join(folder(), 'client.tsx');
    writeFileSync(input, 'export const a = 1;');
    // Hashed 50 ms after the file's last change: its stamp could hide a write in the same tick of a coarse clock.
    const racy = await recorded(input, (record) => {
      record.inputs[0]![1] = '0'.repeat(40);
      record.checked = statSync(input).ctimeMs + 50;
    });
    const first = bundler(input);
    await cachedBundle(racy, 'client', 'key', isString, first.make, { seed: null });
    expect(first.runs).toHaveLength(1);
    // A record from before stamps were kept: the hash decides, and it matches.
    const old = await recorded(input, (record) => {
      record.inputs = record.inputs.map(([path, hash]) => [path, hash]);
      delete record.checked;
    });
    const second = bundler(input);
    expect((await cachedBundle(old, 'client', 'key', isString, second.make, { seed: null })).value).toBe('EXPORT CONST A = 1;');
    expect(second.runs).toEqual([]);
    // Rewritten to the same length with its modification time put back (as `cp -p` or an editor's restore may do):
    // its change time moved, so it is hashed, and the new content bundled.
    const dir = await recorded(input, (record) => (record.checked = Date.now() + 60_000));
    const before = statSync(input);
    writeFileSync(input, 'export const a = 2;');
    utimesSync(input, before.atime, before.mtime);
    const edited = bundler(input);
    expect((await cachedBundle(dir, 'client', 'key', isString, edited.make, { seed: null })).value).toBe('EXPORT CONST A = 2;');
    expect(edited.runs).toHaveLength(1);
  });
});

describe("a render error in the installation's theme bundle", () => {
  it("is placed in the theme's file, as one in a site's own bundle is", async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { seedDir } = await import('../../../src/cache/bundleCache.js');
    const { themeErrorPlace } = await import('../../../src/render/loadTheme.js');
    const { REPO } = await import('../../helpers/site.js');
    const name = readdirSync(seedDir()).find((n) => /^theme-server-[0-9a-f]{12}\.mjs$/.test(n))!;
    const file = join(seedDir(), name);
    // The line of the installation's bundle where the footer's component starts, as a stack names it.
    const lines = readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.startsWith('function Footer(')) + 1;
    expect(line).toBeGreaterThan(0);
    const error = new Error('boom');
    error.stack = `Error: boom\n    at Footer (file://${file}:${line}:3)`;
    // A site elsewhere, on sitegen's theme: the bundle was made from sitegen's folder, not the site's.
    const site = folder();
    const config = { root: site, themeDir: join(REPO, 'theme'), baseUrl: '/', outDir: join(site, 'dist') } as import('../../../src/types.js').SiteConfig;
    const place = await themeErrorPlace(config, file, error);
    expect(place).toMatchObject({ file: join(REPO, 'theme/components/Footer/index.tsx') });
    expect(place!.line).toBeGreaterThan(0);
  });
});

describe('a theme bundle made again to place an error', () => {
  it('is the same code when only its "use strict" lines differ (esbuild writes them in some builds), and maps each line', async () => {
    const { sameCodeLines } = await import('../../../src/render/loadTheme.js');
    const bundled = ['var a = __esm({', '  "x.ts"() {', '    init();', '  }', '});', 'function Footer() {}'].join('\n');
    const again = ['var a = __esm({', '  "x.ts"() {', '    "use strict";', '    init();', '  }', '});', 'function Footer() {}'].join('\n');
    expect(sameCodeLines(bundled, again)).toEqual([0, 1, 3, 4, 5, 6]);
    expect(sameCodeLines(again, bundled)).toEqual([0, 1, 2, 2, 3, 4, 5]);
    expect(sameCodeLines(bundled, bundled)).toEqual([0, 1, 2, 3, 4, 5]);
    // Any other difference: not the same code, so its source map would place the error wrongly.
    expect(sameCodeLines(bundled, again.replace('init();', 'start();'))).toBeNull();
    expect(sameCodeLines(bundled, `${again}\nextra();`)).toBeNull();
  });
});
