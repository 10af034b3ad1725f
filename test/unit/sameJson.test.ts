import { describe, expect, it } from 'vitest';
import { sameJson } from '../../src/sameJson';

/** A random value of the kinds routes hold, from a small pool so that equal values come up often. */
function randomValue(rand: () => number, depth = 0): unknown {
  const r = rand();
  if (depth > 3 || r < 0.35) return [null, true, false, 0, 1, 'a', 'b', '', '划词', undefined][Math.floor(rand() * 10)];
  if (r < 0.6) return Array.from({ length: Math.floor(rand() * 3) }, () => randomValue(rand, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of ['x', 'y', 'z'].filter(() => rand() < 0.6)) out[key] = randomValue(rand, depth + 1);
  return out;
}

describe('sameJson', () => {
  it('says "same" only of values whose JSON is the same, on random route-like data', () => {
    let state = 7;
    const rand = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    let same = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = randomValue(rand);
      // Half the time a copy of it (made apart, as the next build makes its routes): always the same.
      const copy = rand() < 0.5;
      const b = copy ? structuredClone(a) : randomValue(rand);
      const equalJson = JSON.stringify(a) === JSON.stringify(b);
      if (copy) expect(sameJson(a, b), JSON.stringify(a)).toBe(true);
      if (sameJson(a, b)) {
        expect(equalJson, `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(true);
        if (!copy) same++;
      }
    }
    // Enough pairs made apart came out equal for the test to mean something.
    expect(same).toBeGreaterThan(200);
  });

  it('finds equal data made apart equal, and any change in it different', () => {
    const make = () => ({ path: '/en/docs/a/', meta: { title: 'A', alternates: [{ hreflang: 'en', href: 'https://x/en/docs/a/' }] }, html: { content: '<p>' + 'x'.repeat(3) + '</p>' } });
    expect(sameJson(make(), make())).toBe(true);
    const changed = make();
    changed.meta.alternates[0]!.href += '?';
    expect(sameJson(make(), changed)).toBe(false);
    expect(sameJson([1, [2, 3]], [1, [2, 3, 4]])).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
  });

  it('counts keys in another order as different: their JSON differs', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });

  it('never calls values it cannot compare the same (their JSON is not their fields)', () => {
    expect(sameJson(new Date(0), new Date(1000))).toBe(false);
    expect(sameJson({ d: new Date(0) }, { d: new Date(0) })).toBe(false);
    const f = () => 1;
    expect(sameJson({ f }, { f })).toBe(false);
    expect(sameJson({ toJSON: f }, { toJSON: f })).toBe(false);
    expect(sameJson(NaN, Infinity)).toBe(false);
    expect(sameJson(new Map([[1, 2]]), new Map())).toBe(false);
  });

  it('walks an object even when it is the one compared with (it may have changed since it was hashed)', () => {
    const shared = { title: 'A' };
    expect(sameJson({ shared }, { shared })).toBe(true);
    const holds = { inner: new Date(0) };
    expect(sameJson(holds, holds)).toBe(false);
  });

  it('walks an array once per run when given the pairs found so far (a sidebar every route holds)', () => {
    let reads = 0;
    const item = (label: string) => ({ get label() { reads++; return label; } });
    const [prev, next] = [Array.from({ length: 10 }, (_, i) => item(`p${i}`)), Array.from({ length: 10 }, (_, i) => item(`p${i}`))];
    const known = new Map<object, unknown>();
    expect(sameJson({ sidebar: prev, title: 'a' }, { sidebar: next, title: 'a' }, known)).toBe(true);
    expect(reads).toBe(20);
    expect(sameJson({ sidebar: prev, title: 'b' }, { sidebar: next, title: 'b' }, known)).toBe(true);
    expect(reads).toBe(20);
    // Without the pairs, or for an array of one item, it is walked each time.
    expect(sameJson(prev, next)).toBe(true);
    expect(reads).toBe(40);
    expect(sameJson(prev.slice(0, 1), next.slice(0, 1), known)).toBe(true);
    expect(sameJson(prev.slice(0, 1), next.slice(0, 1), known)).toBe(true);
    expect(reads).toBe(44);
    // An array found different is not remembered.
    const other = [...next.slice(0, 9), item('x')];
    expect(sameJson(prev, other, known)).toBe(false);
    expect(sameJson(prev, other, known)).toBe(false);
  });
});
