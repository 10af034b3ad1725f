import { isolated } from '../bidi.js';
import type { LocaleConfig, RouteTitles } from '../types.js';

/** Every text under `value` in a left-to-right isolate (a `<title>` holds no markup). */
function ltrIsolated<T>(value: T): T {
  if (typeof value === 'string') return isolated(value, 'ltr') as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, ltrIsolated(inner)])) as T;
}

/**
 * The theme's titles (and descriptions) of the pages the generator makes, for a locale: its own, else English's (the
 * theme has none for it), else its first locale's. English's on a locale written right to left are each in a
 * left-to-right isolate, as the theme shows its English texts there: a browser tab lays out `Posts tagged “أخبار” · موقع`
 * by its first letter, left to right, and the tag's closing quote went with the Arabic after it, to the far end.
 */
export function routeTitlesFor(titles: Record<string, RouteTitles>, locale: LocaleConfig): RouteTitles {
  const own = titles[locale.code];
  if (own) return own;
  if (titles.en) return locale.direction === 'rtl' ? ltrIsolated(titles.en) : titles.en;
  return Object.values(titles)[0]!;
}
