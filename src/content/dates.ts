// Front matter dates and the block's bounds, apart from the YAML parser: the stages that only check a
// date, and a build whose files' front matter is all in the cache, do not load it.

export const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)? ?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when Y-M-D names a day that exists (2024-02-30 does not), and its time of day and offset are real ones (+25:00 is not). */
export function isRealDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return false;
  const offset = m[7] === undefined || m[7] === 'Z' ? null : /^[+-](\d{2}):?(\d{2})$/.exec(m[7]);
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60 && (!offset || (Number(offset[1]) < 24 && Number(offset[2]) < 60)));
}

/**
 * The instant a front matter date with a time of day names, as ISO 8601 writes it (`2025-03-25T23:30:00+08:00`; `Z` for a
 * time written without an offset, so that every machine reads it alike), or undefined for a day alone.
 */
export function dateTimeOf(value: string): string | undefined {
  const m = DATE_RE.exec(value);
  if (!m || m[4] === undefined) return undefined;
  const zone = m[7] === undefined || m[7] === 'Z' ? 'Z' : m[7].includes(':') ? m[7] : `${m[7].slice(0, 3)}:${m[7].slice(3)}`;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${zone}`;
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
