import { describe, expect, it } from 'vitest';
import { v8FlagsFor } from '../../src/build.js';

describe('V8 flags by the size of the site', () => {
  it('raise the optimizing budget for a one-shot build of a small site only', () => {
    expect(v8FlagsFor(320, true)).toEqual(['--interrupt-budget=540672']);
    // The dev server runs the same code edit after edit: it keeps V8's budget.
    expect(v8FlagsFor(320, false)).toEqual([]);
    expect(v8FlagsFor(1500, true)).toEqual([]);
  });

  it('hold back the heap growth of a big site, in a build and in the dev server', () => {
    expect(v8FlagsFor(16000, true)).toEqual(['--heap-growing-percent=50']);
    expect(v8FlagsFor(2000, false)).toEqual(['--heap-growing-percent=50']);
    expect(v8FlagsFor(1999, false)).toEqual([]);
  });
});
