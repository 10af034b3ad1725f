import type { Plural, Strings } from '../i18n/types.js';

const PLACEHOLDER_RE = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; unknown names are left as written. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER_RE, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The `one` or `other` form for a count, with `{count}` filled. */
export function plural(forms: Plural, count: number, values: Record<string, string | number> = {}): string {
  return format(count === 1 ? forms.one : forms.other, { ...values, count });
}

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * An ISO date in the locale's words. Formatted by hand rather than with Intl so that Node and the
 * browser produce the same text (a mismatch would throw away the server markup on hydration).
 */
export function formatDate(iso: string, strings: Strings): string {
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return iso;
  return format(strings.dateFormat, { y: m[1], m: strings.months[Number(m[2]) - 1] ?? m[2], d: String(Number(m[3])) });
}
