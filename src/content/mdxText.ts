// The text of a page as the MDX rewrite (mdx.ts) reads it: its lines with their offsets, and the least
// indentation of each element's lines.
import { fenceAfter } from './fences.js';
import { readJsxTag } from './jsxTag.js';

export interface PageText {
  body: string;
  lines: string[];
  /** Offset of each line. */
  starts: number[];
}

export function pageText(body: string): PageText {
  const lines = body.split('\n');
  const starts: number[] = [];
  lines.reduce((offset, line) => (starts.push(offset), offset + line.length + 1), 0);
  return { body, lines, starts };
}

/** The line (0-based) that holds `offset`. */
export function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The least indentation of the lines of each element of the components `names` (by its opening tag's
 * offset), in one pass over the page: its lines between its opening tag and the closing tag that starts a
 * line, blank lines and fenced code's lines left out, an element's own being its parent's too. One walk for
 * them all: a lookahead from each tag took seconds on a page of thousands never closed.
 */
export function leastIndents({ body, lines, starts }: PageText, names: string[]): Map<number, number> {
  const tags = new RegExp(`<(/?)(${names.map((name) => name.replace(/\./g, '\\.')).join('|')})(?=[\\s/>]|$)`, 'g');
  const least = new Map<number, number>();
  const open: { at: number; name: string; after: number; least: number }[] = [];
  const done = () => {
    const element = open.pop()!;
    least.set(element.at, element.least);
    const parent = open[open.length - 1];
    if (parent) parent.least = Math.min(parent.least, element.least);
  };
  let fence: string | null = null;
  lines.forEach((line, j) => {
    const text = line.trimStart();
    const fenced = fenceAfter(text, fence);
    if (fenced === undefined && fence !== null) return;
    if (fenced !== undefined) fence = fenced;
    // The line is the innermost element's whose opening tag ends before it, unless it starts with that element's closing tag.
    let owner = open.length - 1;
    while (owner >= 0 && open[owner]!.after >= j) owner--;
    if (owner >= 0 && text.startsWith(`</${open[owner]!.name}`)) owner--;
    if (owner >= 0 && text !== '') open[owner]!.least = Math.min(open[owner]!.least, line.length - text.length);
    if (fenced !== undefined) return;
    for (const m of line.matchAll(tags)) {
      const at = starts[j]! + m.index!;
      if (m[1]) {
        let index = open.length - 1;
        while (index >= 0 && open[index]!.name !== m[2]) index--;
        while (index >= 0 && open.length > index) done();
        continue;
      }
      const tag = readJsxTag(body, at);
      if (tag && !('problem' in tag) && !tag.selfClosing) open.push({ at, name: m[2]!, after: lineAt(starts, tag.end), least: Infinity });
    }
  });
  while (open.length) done();
  return least;
}
