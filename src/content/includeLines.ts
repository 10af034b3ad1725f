// How an include's line is read among the lines of its file, before markdown runs: whether it is code (fenced, in
// a block quote too, or indented), and its text with code spans blanked (includes.ts).
import { fenceAfter } from './fences.js';
import { codeSpanEnd } from './mdxText.js';

const LIST_ITEM_RE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const QUOTE_MARKER_RE = /^[ \t]*>[ \t]?/;

/** Which lines are fenced code (their fences too), in a block quote as well: an include there is text. */
export function codeLines(lines: string[]): boolean[] {
  let fence: string | null = null;
  // The quote markers before the open fence's lines: code in a quote ends with it.
  let depth = 0;
  return lines.map((line) => {
    const inner = depth > 0 && fence !== null ? unquote(line, depth) : line;
    if (inner === null) fence = null;
    const text = fence === null ? unquote(line, (depth = quoteDepth(line)))! : inner!;
    const fenced = text.includes('`') || text.includes('~') ? fenceAfter(text.trimStart(), fence) : undefined;
    if (fenced === undefined) return fence !== null;
    fence = fenced;
    return true;
  });
}

/**
 * Whether line `i`, indented by `indent` (after the quote markers it starts with), is indented code (4 columns or
 * more, after a blank line or more code) rather than the text of a list item above it, whose text starts at most
 * 3 columns before it; in a block quote, as the quote's text.
 */
export function isIndentedCode(lines: string[], i: number, indent: string): boolean {
  const depth = quoteDepth(indent);
  if (depth > 0) {
    const quoted: string[] = [];
    for (let k = i; k >= Math.max(0, i - 200); k--) {
      const text = unquote(lines[k]!, depth);
      if (text === null) break;
      quoted.unshift(text);
    }
    return isIndentedCode(quoted, quoted.length - 1, unquote(indent, depth)!);
  }
  const width = indent.replace(/\t/g, '    ').length;
  if (width < 4) return false;
  let limit = width;
  for (let k = i - 1; k >= Math.max(0, i - 200); k--) {
    const line = lines[k]!;
    const own = line.length - line.trimStart().length;
    if (line.trim() === '' || own >= limit) continue;
    const item = LIST_ITEM_RE.exec(line);
    if (item) return !(item[0].length <= width && width < item[0].length + 4);
    if (own === 0) return true;
    limit = own;
  }
  return true;
}

/** How many block quote markers a line starts with. */
function quoteDepth(line: string): number {
  let depth = 0;
  for (let rest = line, m = QUOTE_MARKER_RE.exec(rest); m; rest = rest.slice(m[0].length), m = QUOTE_MARKER_RE.exec(rest)) depth++;
  return depth;
}

/** A line less its first `depth` block quote markers (each with the space after it), or null when it has fewer. */
function unquote(line: string, depth: number): string | null {
  let rest = line;
  for (let k = 0; k < depth; k++) {
    const m = QUOTE_MARKER_RE.exec(rest);
    if (!m) return null;
    rest = rest.slice(m[0].length);
  }
  return rest;
}

/** A line with its code spans blanked: a directive or a tag in `code` is text. */
export function withoutCodeSpans(line: string): string {
  if (!line.includes('`')) return line;
  let out = '';
  for (let pos = 0; pos < line.length; ) {
    if (line[pos] !== '`') {
      out += line[pos++];
      continue;
    }
    const end = codeSpanEnd(line, pos, line.length);
    out += ' '.repeat(end - pos);
    pos = end;
  }
  return out;
}
