// Random edits of many kinds, each followed by a warm build (cache and output folder kept) and a
// cold one (`--no-cache`, a new folder): the two must agree on the exit code, every problem reported
// and every byte written. A deterministic generator, so a failure names the seed and step to replay.
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { randomEditor, randomEditSite, tree } from '../helpers/randomEdits';

async function build(dir: string, args: string[]) {
  let out = '';
  const code = await main(['node', 'sitegen', 'build', '--quiet', '--config', join(dir, 'site.config.ts'), ...args], { out: (t) => void (out += t), err: (t) => void (out += t), interactive: false });
  // Problems only: the summary line has the build's time in it.
  return { code, problems: out.split('\n').filter((l) => /(error|warning)\[|^\s+hint:/.test(l)).sort() };
}

describe('a warm build after random edits', () => {
  for (const seed of [1, 2, 3]) {
    it(`gives what a cold build gives (seed ${seed})`, async () => {
      const dir = randomEditSite();
      const saved = join(dir, 'saved');
      const save = () => (rmSync(saved, { recursive: true, force: true }), cpSync(join(dir, 'content'), saved, { recursive: true }));
      const restore = () => (rmSync(join(dir, 'content'), { recursive: true }), cpSync(saved, join(dir, 'content'), { recursive: true }));
      expect((await build(dir, [])).code).toBe(0);
      save();
      const edit = randomEditor(dir, seed);
      let compared = 0;
      for (let step = 0; step < 8; step++) {
        const done = edit();
        const warm = await build(dir, []);
        const coldOut = join(dir, `cold-${step}`);
        const cold = await build(dir, ['--no-cache', '--out', coldOut]);
        const where = `seed ${seed}, step ${step}: ${done}`;
        expect(warm.code, where).toBe(cold.code);
        expect(warm.problems, where).toEqual(cold.problems);
        if (cold.code === 0) {
          const [a, b] = [tree(join(dir, 'dist')), tree(coldOut)];
          expect([...a.keys()].sort(), where).toEqual([...b.keys()].sort());
          for (const [path, bytes] of a) expect(bytes === b.get(path), `${where}: ${path}`).toBe(true);
          compared++;
          save();
        } else if (existsSync(saved) && statSync(saved).isDirectory()) {
          // Back to the last site that built, so that later steps have pages to compare.
          restore();
        }
        rmSync(coldOut, { recursive: true, force: true });
      }
      expect(compared).toBeGreaterThanOrEqual(4);
    }, 120_000);
  }
});
