// Every locale's texts, for the server, which draws every page. A locale sitegen's theme has no texts for gets them by
// a file beside en.ts (a translated copy of it) named here and in loaders.ts: `sitegen theme eject i18n` copies this
// folder into the project's theme/, where the copies replace sitegen's.
import en from './en.js';
import type { Strings } from './types.js';
import zhHans from './zh-Hans.js';

export const TEXTS: Record<string, Strings> = { 'zh-Hans': zhHans, en };
