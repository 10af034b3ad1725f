import type en from './en.js';
import type enHome from './home.en.js';

/** The UI strings of one locale's file: the shape of en.ts, which every locale file must match. */
export type LocaleStrings = typeof en;

/** The home page's texts of one locale: the shape of home.en.ts (a module of their own, which only the home page loads). */
export type HomeStrings = typeof enHome;

/**
 * Every text of one locale as the components read them, the home page's among them (in the browser, once that page has
 * loaded them). `isolate` is set where they are English on a page written right to left (lib/bidi.ts): every text but the
 * home page's is in a left-to-right isolate, and it puts those of the home page's that it leaves out of `keep` in one.
 */
export type Strings = LocaleStrings & { home: HomeStrings; isolate?: <T>(texts: T, keep?: ReadonlySet<string>) => T };

/** A count-dependent string. */
export interface Plural {
  one: string;
  other: string;
}
