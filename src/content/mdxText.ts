// The text of a page as the MDX rewrite (mdx.ts) reads it: its lines with their offsets, and the least
// indentation of each element's lines.
import { fenceAfter } from './fences.js';
import { readJsxTag } from './jsxTag.js';
import { indentOf, strip } from './mdxState.js';

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
 * offset, in columns: a tab to the next multiple of 4), in one pass over the page: its lines between its opening tag and the closing tag that starts a
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
  let comment: string | null = null;
  lines.forEach((line, j) => {
    const text = line.trimStart();
    const fenced = fenceAfter(text, fence);
    if (fenced === undefined && fence !== null) return;
    if (fenced !== undefined) fence = fenced;
    // The line is the innermost element's whose opening tag ends before it, unless it starts with that element's closing tag.
    let owner = open.length - 1;
    while (owner >= 0 && open[owner]!.after >= j) owner--;
    if (owner >= 0 && text.startsWith(`</${open[owner]!.name}`)) owner--;
    if (owner >= 0 && text !== '') open[owner]!.least = Math.min(open[owner]!.least, indentOf(line));
    if (fenced !== undefined) return;
    const read = readable(line, comment);
    comment = read.comment;
    for (const m of read.text.matchAll(tags)) {
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

// What ends a paragraph (and so an inline formula in it) as marked reads it: a block that may interrupt one, at
// most 3 columns into the paragraph's text (a heading's `#` has a space after it, an ordered list starts at 1; a
// fence is `fenceAfter`'s, so ```a`b is text), or sitegen's `$$` and `:::` blocks.
const BLOCK_START_RE = /^ {0,3}(?:>|#{1,6}(?:[ \t]|$)|\$\$|:::|(?:[-*+]|1[.)])(?:[ \t]|$)|(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$)/;
// Left of a list item's text: a block of the page or another item of a list around it (any number starts one).
const OUTER_BLOCK_START_RE = /^[ \t]*(?:>|#{1,6}(?:[ \t]|$)|\$\$|:::|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$))/;
// MDX's tags and comments, however indented (MDX has no indented code).
const MDX_START_RE = /^[ \t]*(?:<\/?[A-Z]|\{\/\*)/;

/**
 * Whether a line ends the paragraph before it, whose text starts at `column` (a list item's): a blank line, or
 * one that starts a block. Indented 4 or more past the paragraph's text, it is text (`    + b^{2}$`, a formula's).
 */
export function endsParagraph(line: string, column: number): boolean {
  if (line.trim() === '' || MDX_START_RE.test(line)) return true;
  if (indentOf(line) < column) return OUTER_BLOCK_START_RE.test(line) || fenceAfter(line.trimStart(), null) !== undefined;
  const text = strip(line, column);
  return BLOCK_START_RE.test(text) || fenceAfter(text, null) !== undefined;
}

/** Past the code span that starts at `pos` (its closing run of as many backticks on the line), or past the backticks when none closes it. */
export function codeSpanEnd(body: string, pos: number, end: number): number {
  let n = 0;
  while (body[pos + n] === '`') n++;
  const run = '`'.repeat(n);
  for (let at = body.indexOf(run, pos + n); at !== -1 && at < end; at = body.indexOf(run, at + n)) {
    let m = n;
    while (body[at + m] === '`') m++;
    if (m === n) return at + n;
    at += m - n;
  }
  return pos + n;
}

const SKIPPED_RE = /[`\\]|<!--|\{\/\*/;

/**
 * A line as the rewrite reads tags in it: its code spans and its HTML and MDX comments blanked (`comment`: the
 * end of one open at its start, `-->` or `*\/}`), and the end of the comment still open at its end.
 */
function readable(line: string, comment: string | null): { text: string; comment: string | null } {
  if (comment === null && !SKIPPED_RE.test(line)) return { text: line, comment };
  let text = '';
  for (let pos = 0; pos < line.length; ) {
    let end: number;
    if (comment) {
      const close = line.indexOf(comment, pos);
      end = close === -1 ? line.length : close + comment.length;
      if (close !== -1) comment = null;
    } else if (line[pos] === '`') end = codeSpanEnd(line, pos, line.length);
    else if (line.startsWith('<!--', pos) || line.startsWith('{/*', pos)) {
      comment = line[pos] === '<' ? '-->' : '*/}';
      end = pos + (comment === '-->' ? 4 : 3);
    } else {
      end = line[pos] === '\\' ? pos + 2 : pos + 1;
      text += line.slice(pos, end);
      pos = end;
      continue;
    }
    text += ' '.repeat(Math.min(end, line.length) - pos);
    pos = end;
  }
  return { text, comment };
}
