// The English texts as the browser loads them (loaders.ts): also what a page of a locale the theme has no texts for
// shows, each in a left-to-right isolate where it is written right to left. The server draws a page's English texts with
// this file's `forPage` (server.tsx), and only when loaders.ts loads them through this file, so hydration finds the
// same text either way.
import { englishForPage } from '../lib/bidi.js';
import en from './en.js';

/** The English texts (`texts`: en.ts's, with the home page's on the server) as a page in `page`'s language and direction shows them. */
export const forPage = englishForPage;

export default typeof document === 'undefined' ? en : forPage(en, { lang: document.documentElement.lang, dir: document.dir });
