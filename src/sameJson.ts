/** Arrays at least this long are remembered once found the same (`known`): a sidebar's categories hold short ones. */
const KNOWN_FROM = 2;

/**
 * Whether two values give the same `JSON.stringify`, for the plain data of routes: the same keys in the same order,
 * and equal strings, numbers, booleans and nulls. Anything else (a Date, a class, a function) counts as different:
 * a wrong "different" costs a hash; a wrong "same" would serve a stale page. An object is walked even when it is the
 * very one compared with: the last build's may have been changed in place since its key was made. `known` is for
 * a run of comparisons with nothing changed in between.
 */
export function sameJson(a: unknown, b: unknown, known?: Map<object, unknown>): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b && typeof a !== 'function' && (typeof a !== 'number' || Number.isFinite(a));
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // An array found the same as this one already (`known`, the pairs found so far in one comparison's run:
    // a docs sidebar, which every route of its pages holds) is not walked again.
    const remember = known && a.length >= KNOWN_FROM;
    if (remember && known.get(b) === a) return true;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], known)) return false;
    if (remember) known.set(b, a);
    return true;
  }
  const proto = Object.getPrototypeOf(a);
  if ((proto !== Object.prototype && proto !== null) || Object.getPrototypeOf(b) !== proto) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!;
    if (key !== keysB[i] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], known)) return false;
  }
  return true;
}
