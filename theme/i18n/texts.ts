// Every locale's texts, for the server, which draws every page. A locale sitegen's theme has no texts for gets them by
// two files beside en.ts and home.en.ts (translated copies of them) named here and in loaders.ts: `sitegen theme eject
// i18n` copies this folder into the project's theme/, where the copies replace sitegen's.
import en from './en.js';
import enHome from './home.en.js';
import zhHansHome from './home.zh-Hans.js';
import type { Strings } from './types.js';
import zhHans from './zh-Hans.js';

export const TEXTS: Record<string, Strings> = { 'zh-Hans': { ...zhHans, home: zhHansHome }, en: { ...en, home: enHome } };
