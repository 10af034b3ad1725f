// The English texts as the browser loads them (loaders.ts): for a page written right to left, which shows them where
// the theme has no texts for its locale, each in a left-to-right isolate, as the server draws them (server.tsx).
import { rtlPageTexts } from '../lib/bidi.js';
import en from './en.js';

export default typeof document !== 'undefined' && document.dir === 'rtl' ? rtlPageTexts(en) : en;
