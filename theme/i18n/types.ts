import type en from './en.js';

/** The UI strings of one locale: the shape of en.ts, which every locale file must match. */
export type Strings = typeof en;

/** A count-dependent string. */
export interface Plural {
  one: string;
  other: string;
}
