/** Unicode's left-to-right isolate and pop directional isolate: `<bdi dir="ltr">` and `</bdi>` in plain text. */
const LRI = '\u2066';
const PDI = '\u2069';

/** A page's language and writing direction, as its `<html lang dir>` gives them. */
export interface PageLanguage {
  lang: string;
  dir: string;
}

/**
 * Every text under `value` (objects and lists) in a left-to-right isolate, but those under the keys of `keep`: text that
 * is not shown (a link, an icon's name, a language tag), or shown in a direction of its own.
 */
export function ltrIsolated<T>(value: T, keep?: ReadonlySet<string>): T {
  if (typeof value === 'string') return (value && LRI + value + PDI) as T;
  if (Array.isArray(value)) return value.map((item) => ltrIsolated(item, keep)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keep?.has(key) ? inner : ltrIsolated(inner, keep)])) as T;
}

/** A language tag's language, in lower case: `en` of `en-GB`. */
const languageOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The theme's English texts as a page shows them: on a page in another language (a locale the theme has no texts for),
 * with `lang: 'en'`, which the components put on the elements that show them, so that screen readers, hyphenation and
 * fonts take them for English rather than the page's language; and on such a page written right to left, each in a
 * left-to-right isolate, so that "12 years of translating." keeps its number at the start and its full stop at the end
 * rather than the bidirectional algorithm moving them to the line's other end. The home page's texts, which hold links
 * and its demo's sample sentence, stay as they are: `isolate` is for the home page to isolate those it shows.
 * The server (server.tsx) and the browser (i18n/en.client.ts) both use it, so hydration finds the same markup.
 */
export function englishForPage<T extends object & { home?: unknown }>(texts: T, page: PageLanguage): T & { lang?: string; isolate?: typeof ltrIsolated } {
  if (languageOf(page.lang) === 'en') return texts;
  if (page.dir !== 'rtl') return { ...texts, lang: 'en' };
  const { home, ...own } = texts;
  return { ...ltrIsolated(own), ...(home === undefined ? {} : { home }), lang: 'en', isolate: ltrIsolated } as T & { lang: string; isolate: typeof ltrIsolated };
}
