import type en from './en.js';
import type enHome from './home.en.js';

/** The UI strings of one locale's file: the shape of en.ts, which every locale file must match. */
export type LocaleStrings = typeof en;

/** The home page's texts of one locale: the shape of home.en.ts (a module of their own, which only the home page loads). */
export type HomeStrings = typeof enHome;

/**
 * Every text of one locale as the components read them, the home page's among them (in the browser, once that page has
 * loaded them). Where they are English on a page in another language (lib/bidi.ts), `lang` is theirs, for the elements
 * that show them; and where that page is written right to left, every text but the home page's is in a left-to-right
 * isolate, and `isolate` puts those of the home page's that it leaves out of `keep` in one.
 */
export type Strings = LocaleStrings & { home: HomeStrings; lang?: string; isolate?: <T>(texts: T, keep?: ReadonlySet<string>) => T };

/** A count-dependent string. */
export interface Plural {
  one: string;
  other: string;
}
