// Fenced code as a walk over a block's lines sees it (admonitions, tabs): lines inside it are not markup.

/** A fenced code block's opening or closing line: its fence. */
export const FENCE_OPEN_RE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Walking a block's lines: the fence open after `line` (null: none) when the line opens or closes fenced
 * code (`fence` being the one open before it), undefined when it does neither.
 */
export function fenceAfter(line: string, fence: string | null): string | null | undefined {
  const open = FENCE_OPEN_RE.exec(line);
  const f = open?.[1];
  if (!f) return undefined;
  // A run of backticks with a backtick after it on its line opens no code (CommonMark): ```npm i``` is a code span.
  if (!fence) return f[0] === '`' && line.includes('`', open![0].length) ? undefined : f;
  // Only a fence of the same character, at least as long and alone on its line, closes one.
  return f[0] === fence[0] && f.length >= fence.length && line.trim() === f ? null : undefined;
}

// A line's indent and block quote markers, before a fence in a list item or a quote.
const NESTING_RE = /^[ \t>]*/;

/**
 * `fenceAfter` for a line of a list item or a block quote: read past any indent and `>` markers before its fence.
 * (Line walks that do not follow containers' widths, every line of every page: most have no fence character.)
 */
export function nestedFenceAfter(line: string, fence: string | null): string | null | undefined {
  if (!line.includes('`') && !line.includes('~')) return undefined;
  return fenceAfter(line.replace(NESTING_RE, ''), fence);
}

/**
 * The lines of `text` from `from` on that are outside fenced code (a fence's own lines are left out too),
 * each with where it starts and where the next line starts.
 */
export function* linesOutsideCode(text: string, from = 0): Generator<{ line: string; start: number; next: number }> {
  let fence: string | null = null;
  for (let pos = from; pos < text.length; ) {
    const newline = text.indexOf('\n', pos);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(pos, end);
    const fenced = fenceAfter(line, fence);
    if (fenced !== undefined) fence = fenced;
    else if (!fence) yield { line, start: pos, next: newline === -1 ? text.length : newline + 1 };
    pos = end + 1;
  }
}
