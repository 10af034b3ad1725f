// The dev server's builds keep what they read and made in memory (`createBuildMemo`) and are told which
// files changed: after random edits, such a build must write what a cold build writes and report the
// same problems. The memo build is run as `sitegen serve` runs it (one long-lived memo and worker pool,
// the changed files named, the search files written a moment after the pages), except that it leaves
// drafts out, as `sitegen build` does, so that the two folders can be compared byte for byte.
import { cpSync, existsSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, createBuildMemo } from '../../src/build';
import { loadConfig } from '../../src/config/loadConfig';
import { createPool } from '../../src/workers/pool';
import { buildIn } from '../helpers/build';
import { randomEditor, randomEditSite, tree } from '../helpers/randomEdits';
import { md, writeSite } from '../helpers/site';

/** Each file under the site's content folder with its size and time: what a watcher would report changed between two looks. */
function stamps(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), `${statSync(p).mtimeMs}:${statSync(p).size}`);
    }
  };
  walk(join(dir, 'content'));
  out.set('site.config.ts', String(statSync(join(dir, 'site.config.ts')).mtimeMs));
  return out;
}

/** A search index names its revision (the cache tag of its page texts); the dev server's is always `dev`. */
function comparable(path: string, bytes: string): string {
  return /(^|\/)search-index[^/]*\.json$/.test(path) ? bytes.replace(/"r":"[^"]*"/, '"r":""') : bytes;
}

const pool = createPool({ shareHighlighter: false, prepareSearch: false });
afterAll(() => pool.close());

describe('a dev-server build after random edits', () => {
  for (const [seed, defaultTheme] of [[4, false], [5, false], [6, true]] as const) {
    it(`gives what a cold build gives (seed ${seed}${defaultTheme ? ", sitegen's own theme" : ''})`, async () => {
      const dir = randomEditSite({ defaultTheme });
      // As the dev server loads it: again when it changes, and the build that follows walks every folder.
      const load = async () => ({ ...(await loadConfig({ configFile: join(dir, 'site.config.ts') })), outDir: join(dir, 'dev') });
      let config = await load();
      const memo = createBuildMemo();
      const memoBuild = async (changed?: string[]) => {
        if (changed?.includes('site.config.ts')) config = await load();
        const result = await buildSite({ config, pool, memo, changed: changed?.includes('site.config.ts') ? undefined : changed, deferSearch: true });
        await result.searchWritten;
        return { code: result.ok ? 0 : 1, errors: result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
      };
      expect((await memoBuild()).code).toBe(0);
      const saved = join(dir, 'saved');
      const save = () => (rmSync(saved, { recursive: true, force: true }), cpSync(join(dir, 'content'), saved, { recursive: true }));
      const restore = () => (rmSync(join(dir, 'content'), { recursive: true }), cpSync(saved, join(dir, 'content'), { recursive: true }));
      save();
      const edit = randomEditor(dir, seed);
      let before = stamps(dir);
      let compared = 0;
      for (let step = 0; step < 10; step++) {
        const done = edit();
        const after = stamps(dir);
        const changed = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
        // What the next build is told: every change since this one saw the folder (a restore below included).
        before = after;
        const warm = await memoBuild(changed);
        const coldOut = join(dir, `cold-${step}`);
        const cold = await buildIn(dir, ['--no-cache', '--quiet', '--out', coldOut]);
        const where = `seed ${seed}, step ${step}: ${done}`;
        expect(warm.code, `${where}\n${cold.output}`).toBe(cold.code);
        if (cold.code === 0) {
          const [a, b] = [tree(config.outDir), tree(coldOut)];
          expect([...a.keys()].sort(), where).toEqual([...b.keys()].sort());
          for (const [path, bytes] of a) expect(comparable(path, bytes) === comparable(path, b.get(path)!), `${where}: ${path}`).toBe(true);
          compared++;
          save();
        } else {
          // The memo build names the errors the cold one prints.
          expect(warm.errors.length, where).toBeGreaterThan(0);
          for (const message of warm.errors) expect(cold.output, where).toContain(message);
          if (existsSync(saved)) restore();
        }
        rmSync(coldOut, { recursive: true, force: true });
      }
      expect(compared).toBeGreaterThanOrEqual(5);
    }, 180_000);
  }
});

describe('a dev-server build told that a page\'s name changed', () => {
  it('warns of a link put where a page was, as a cold build does, and stops once the link is gone', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'A.\n') });
    const config = { ...(await loadConfig({ configFile: join(dir, 'site.config.ts') })), outDir: join(dir, 'dev') };
    const memo = createBuildMemo();
    const warnings = async (changed?: string[]) => {
      const result = await buildSite({ config, pool, memo, changed, deferSearch: true });
      await result.searchWritten;
      return result.diagnostics.filter((d) => d.message.startsWith('not read as a page')).map((d) => `${d.file} ${d.message}`);
    };
    expect(await warnings()).toEqual([]);
    // Before: the walk's warnings were kept as they were, so the new link went untold and, once removed, stayed told.
    symlinkSync(join(dir, 'content/zh-Hans/docs/a.md'), join(dir, 'content/zh-Hans/docs/link.md'));
    expect(await warnings(['content/zh-Hans/docs/link.md'])).toEqual(['content/zh-Hans/docs/link.md not read as a page: it is a symbolic link, and pages are read from files']);
    unlinkSync(join(dir, 'content/zh-Hans/docs/link.md'));
    expect(await warnings(['content/zh-Hans/docs/link.md'])).toEqual([]);
  }, 30_000);
});
