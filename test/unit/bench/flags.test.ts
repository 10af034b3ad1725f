import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BENCH = join(import.meta.dirname, '../../../bench');
const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [join(BENCH, script), ...args], { encoding: 'utf8', timeout: 20_000 });

// A mistyped flag used to be ignored, and the default benchmark (twenty minutes) ran.
describe('the benchmark scripts read their flags strictly', () => {
  it.each([
    ['build.mjs', ['--bogus'], /Unknown option '--bogus'/],
    ['build.mjs', ['--runs', 'x'], /--runs takes a positive number, not "x"/],
    ['build.mjs', ['--sizes', '1,0'], /--sizes takes a positive number/],
    ['ab.mjs', ['one'], /expected 2 argument\(s\), got 1/],
    ['floor.mjs', ['--scale'], /'--scale <value>' argument missing/],
    ['docusaurus.mjs', ['--fast'], /Unknown option '--fast'/],
  ])('%s %j stops with a one-line error and its usage', (script, args, message) => {
    const result = run(script, ...args);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toMatch(new RegExp(`^usage: node bench/${script.replace('.', '\\.')} `));
  });

  it('--help prints the usage and runs nothing', () => {
    const result = run('build.mjs', '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('usage: node bench/build.mjs [--sizes 1,10,50] [--runs 3]\n');
  });
});
