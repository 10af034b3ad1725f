// Every locale's texts, for the browser: each a chunk of its own, loaded by the pages of its locale only. The same
// locales as texts.ts, which the server reads.
import type { Strings } from './types.js';

export const TEXT_LOADERS: Record<string, () => Promise<{ default: Strings }>> = {
  'zh-Hans': () => import('./zh-Hans.js'),
  en: () => import('./en.js'),
};
