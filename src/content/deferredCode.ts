// Code blocks one worker thread leaves to another (highlight.ts), and putting them in place: a module
// of its own so that the main thread, which only fills them in, does not load shiki's language list.

import { markLines } from './codeMeta.js';

/** Code blocks a thread left to another one: `marker` + index (+ `:` and its lines to highlight) + NUL stands for each in the HTML. */
export interface DeferredBlocks {
  marker: string;
  blocks: { code: string; lang: string }[];
}

/** Puts highlighted blocks (`html[i]` for block i) in place of a deferring thread's markers. */
export function fillDeferred(text: string, marker: string, html: string[]): string {
  if (!text.includes(marker)) return text;
  let out = '';
  let at = 0;
  for (let found = text.indexOf(marker); found !== -1; found = text.indexOf(marker, at)) {
    const end = text.indexOf('\u0000', found + marker.length);
    const [index, lines] = end === -1 ? [] : text.slice(found + marker.length, end).split(':');
    const block = index === undefined ? undefined : html[Number(index)];
    if (block === undefined) throw new Error('a highlighted code block is missing');
    out += text.slice(at, found) + markLines(block, lines);
    at = end + 1;
  }
  return out + text.slice(at);
}
