import type { LocaleStrings, Plural } from '../i18n/types.js';

/** A placeholder with the space before and after it, if any. */
const PLACEHOLDER_RE = /( ?)\{(\w+)\}( ?)/g;
/** Chinese, Japanese and Korean characters and their punctuation, which take no space between them. */
export const CJK_RE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/**
 * Fills `{name}` placeholders; unknown names are left as written. A space between a placeholder and a Chinese
 * character is dropped when the value also starts (or ends) with one, as Chinese is set: `最后由 {author} 更新于`
 * is 最后由张三更新于, and 最后由 Jane 更新于.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER_RE, (whole, before: string, name: string, after: string, at: number) => {
    if (!(name in values)) return whole;
    const value = String(values[name]);
    const keep = (space: string, outside: string | undefined, edge: string | undefined) => (space && !(outside && edge && CJK_RE.test(outside) && CJK_RE.test(edge)) ? space : '');
    return `${keep(before, template[at - 1], value[0])}${value}${keep(after, template[at + whole.length], value.at(-1))}`;
  });
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
export function formatDate(iso: string, strings: Pick<LocaleStrings, 'months' | 'dateFormat'>): string {
  const m = ISO_DATE_RE.exec(iso);
  if (!m) return iso;
  return format(strings.dateFormat, { y: m[1], m: strings.months[Number(m[2]) - 1] ?? m[2], d: String(Number(m[3])) });
}

/**
 * The words a page's untranslated note fills in: `{language}`, the page's own locale, and `{original}`, the default
 * locale's, whose page a fallback copy shows. Each is named in the texts' language where they name it (`languages`),
 * else by the locale's label, so that a third locale or another default locale is never called English or Chinese.
 */
export function untranslatedLanguages(
  site: { locale: { code: string; label: string }; locales: { code: string; label: string }[]; defaultLocale: string },
  strings: { languages?: Record<string, string> },
): { language: string; original: string } {
  const name = (code: string) => strings.languages?.[code] ?? site.locales.find((l) => l.code === code)?.label ?? code;
  return { language: name(site.locale.code), original: name(site.defaultLocale) };
}
