import { describe, expect, it } from 'vitest';
import { mayLeaveFolder } from '../../../src/content/renderEntries.js';

// Which pages' markdown is keyed by the other locales' pages too: a wrong "no" would reuse a page
// rendered before the other locale's page it links to changed; a wrong "yes" is only a cache miss.
describe('mayLeaveFolder', () => {
  it('says no for bodies whose links stay in the locale folder', () => {
    expect(mayLeaveFolder('No links here... and an ellipsis.', 'docs/a.md')).toBe(false);
    expect(mayLeaveFolder('See [b](../faqs/b.md) and [c](../../intro.md).', 'docs/guides/a.md')).toBe(false);
    expect(mayLeaveFolder('[x](./b.md), [y](/docs/x), ![i](/img/a.png)', 'docs/a.md')).toBe(false);
  });

  it('says yes for every way a link can climb out of it', () => {
    const out = (body: string, path = 'docs/a.md') => mayLeaveFolder(body, path);
    expect(out('[en](../../en/docs/b.md)')).toBe(true);
    expect(out('[en](../en/b.md)', 'a.md')).toBe(true);
    expect(out('[en]: ../../en/docs/b.md')).toBe(true);
    expect(out('<a href="../../en/docs/b.md">x</a>')).toBe(true);
    expect(out('<a href=../../en/docs/b.md>x</a>')).toBe(true);
    expect(out('[x](<../../en/docs/b.md>)')).toBe(true);
    expect(out('[up](../..)')).toBe(true);
    expect(out('[x](docs/../../../en/b.md)')).toBe(true);
    expect(out('[x](./../../en/b.md)')).toBe(true);
    expect(out('[x](/../en/docs/b.md)')).toBe(true);
    expect(out('[x](%2e%2e/%2e%2e/en/docs/b.md)')).toBe(true);
    expect(out('[x](..%2F..%2Fen/docs/b.md)')).toBe(true);
  });
});
