// Every locale's texts, for the browser: each a chunk of its own, loaded by the pages of its locale only, and the home
// page's texts apart, which only the home page loads (they are a third of the rest). The same locales as texts.ts,
// which the server reads. English comes through en.client.ts: it is also what a locale with no texts of its own shows,
// which on a page written right to left needs each text isolated left to right.
import type { HomeStrings, LocaleStrings } from './types.js';

export const TEXT_LOADERS: Record<string, () => Promise<{ default: LocaleStrings }>> = {
  'zh-Hans': () => import('./zh-Hans.js'),
  en: () => import('./en.client.js'),
};

export const HOME_TEXT_LOADERS: Record<string, () => Promise<{ default: HomeStrings }>> = {
  'zh-Hans': () => import('./home.zh-Hans.js'),
  en: () => import('./home.en.js'),
};
