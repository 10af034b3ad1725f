import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ONE_SHOT_START_FLAGS, v8FlagsFor } from '../../src/v8Flags.js';

describe('V8 flags by the size of the site', () => {
  it('raise the optimizing budget for a one-shot build of a small site only', () => {
    expect(v8FlagsFor(320, true)).toEqual(['--interrupt-budget=540672']);
    // The dev server runs the same code edit after edit: it keeps V8's budget.
    expect(v8FlagsFor(320, false)).toEqual([]);
    // A one-shot build raises it from its start: a big site goes back to V8's.
    expect(ONE_SHOT_START_FLAGS).toContain('--interrupt-budget=540672');
    expect(v8FlagsFor(1500, true)).toEqual(['--interrupt-budget=67584']);
  });

  it('hold back the heap growth of a big site, in a build and in the dev server', () => {
    expect(v8FlagsFor(16000, true)).toEqual(['--heap-growing-percent=50', '--interrupt-budget=67584']);
    expect(v8FlagsFor(2000, false)).toEqual(['--heap-growing-percent=50']);
    expect(v8FlagsFor(1999, false)).toEqual([]);
  });

  it('are flags known to this Node (setFlagsFromString ignores a misspelt one without a word)', () => {
    const known = new Set([...execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).matchAll(/^\s+--([\w-]+)/gm)].map((m) => m[1]));
    const used = [...ONE_SHOT_START_FLAGS, ...v8FlagsFor(16000, true), ...v8FlagsFor(320, true)].map((flag) => flag.replace(/^--/, '').split('=')[0]);
    expect(used).toContain('regexp-tier-up-ticks');
    expect(used.filter((name) => !known.has(name!))).toEqual([]);
  });
});
