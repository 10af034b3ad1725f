// Front matter dates and the block's bounds, apart from the YAML parser: the stages that only check a
// date, and a build whose files' front matter is all in the cache, do not load it.

export const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when Y-M-D names a day that exists (2024-02-30 does not). */
export function isRealDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return false;
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60);
}

/**
 * The front matter block at the start of a file, both `---` lines included: what its parse depends on
 * (the cache key). For a file without one, its first lines (a block that starts late is told from
 * them); the whole file when it is not closed.
 */
export function frontMatterHead(text: string): string {
  if (!/^---[ \t]*\n/.test(text)) return `none\n${text.slice(0, 512)}`;
  const close = /\n---[ \t]*(\n|$)/.exec(text.slice(3));
  return close ? text.slice(0, 3 + close.index + close[0].length) : text;
}
