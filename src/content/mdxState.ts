// The state of the MDX rewrite (mdx.ts) as it goes through a page: the elements open, the lines written.
import type { ComponentKind, AttributeProblem, TabsOptions } from './mdxComponents.js';
import type { PageText } from './mdxText.js';

/** An element open where the rewrite is: how its lines are written, and what it has held. */
export interface Frame {
  kind: ComponentKind | 'root';
  /** Its name as written (`Tabs`, or the name an import gave it). */
  name: string;
  /** Indentation of the lines written for it (`:::tabs`, `== label`, `:::`): a list item's in one, else its parent's. */
  base: number;
  /** Leading whitespace taken off its lines: MDX has no indented code, so text indented under a tag is text. */
  dedent: number;
  /** Offset of its opening tag. */
  at: number;
  /** Its opening line in the output; what its closing tag is written as. */
  out: number;
  close: string;
  /** Tabs: its TabItems so far, and what its attributes say. A TabItem in no Tabs is `orphan`. */
  tabs?: number;
  options?: TabsOptions;
  orphan?: boolean;
}

/** The rewrite of one page: its text, the lines written and where each comes from, the elements open, what it has found. */
export interface State extends PageText {
  out: string[];
  origin: number[];
  /**
   * The lines written as a walk back from the last one meets them, each less indented than the one after it: their
   * indentation, and where the text of the list item one starts begins (`listItemColumn`).
   */
  levels: { indent: number; item: number | null }[];
  stack: Frame[];
  fence: string | null;
  /** Indentation taken off the lines of the open fence before they are read: its list item's text column (a fence in an item may be indented 4 or more). */
  fenceIndent: number;
  htmlComment: boolean;
  indentedCode: boolean;
  /** The line before was an import: another may follow it at once. */
  esm: boolean;
  /** The components' names (`Tabs`, or an import's own name for one) and the names imports of other modules give. */
  names: Map<string, ComponentKind>;
  modules: Map<string, string>;
  tabsLines: Set<number>;
  problems: AttributeProblem[];
  /** The least indentation of each element's lines, by its opening tag (`leastIndents`), once one is open. */
  leastIndents?: Map<number, number>;
  /**
   * An `.mdx` file, which MDX reads whole: a `<` that starts no tag it can read (`n<M 则`, `a <Tab to…`) is an error
   * there, and text in a `.md` file, as CommonMark reads it (it rendered so before MDX was read).
   */
  strict: boolean;
  /** The text read is a block quote's (`mdxQuotes.ts`): no line is an import or an export, and an element ends with the quote. */
  quoted: boolean;
  /** The page is read for formulas (`markdown.math`): a formula's text is TeX, left as written, as code is. */
  math: boolean;
  /** Where the formula that the last line read ran on past ends (a formula may go on over the lines of its paragraph). */
  formulaEnd: number;
  /** The lines of the run a formula was last looked for in (`formulaLimit` in mdx.ts), and what ended it. */
  run?: { first: number; last: number; display: boolean };
}

/** The line being written: which, how far, its text not yet written, and whether it has a line out already. */
export interface Cursor {
  line: number;
  end: number;
  text: string;
  /** Offset of `text`'s start. */
  from: number;
  wrote: boolean;
  /** The text follows a tag on its line: it is indented as the lines of the element it is in. */
  afterTag: boolean;
}

export function push(s: State, frame: Frame): Frame {
  s.stack.push(frame);
  return frame;
}

export function top(s: State): Frame {
  return s.stack[s.stack.length - 1]!;
}

/** Writes a line that comes from the body's line `line`; returns its index in the output. */
export function emit(s: State, text: string, line: number): number {
  s.out.push(text);
  s.origin.push(line);
  if (text.trim() !== '') {
    const indent = indentOf(text);
    while (s.levels.length && s.levels[s.levels.length - 1]!.indent >= indent) s.levels.pop();
    const item = LIST_ITEM_RE.exec(text);
    s.levels.push({ indent, item: item ? columns(item[0]) : null });
  }
  return s.out.length - 1;
}

export function problem(s: State, at: number, message: string, hint: string): void {
  s.problems.push({ at, severity: 'error', message, hint });
}

/**
 * A line without up to `count` columns of its leading whitespace (see `columns`); of a tab cut across, the columns
 * past `count` stay, as spaces, and so do those of a tab after the cut when `count` moves it off its tab stop
 * (5 spaces and a tab, column 8, less 3 is column 5, where a tab after 2 spaces would be column 4).
 */
export function strip(line: string, count: number): string {
  if (count === 0) return line;
  let column = 0;
  let n = 0;
  for (; column < count && (line[n] === ' ' || line[n] === '\t'); n++) column = line[n] === '\t' ? column + 4 - (column % 4) : column + 1;
  const lead = count % 4 === 0 ? '' : /^[ \t]*/.exec(line.slice(n))![0];
  if (lead.includes('\t')) return ' '.repeat(columns(line.slice(0, n + lead.length)) - count) + line.slice(n + lead.length);
  return column > count ? ' '.repeat(column - count) + line.slice(n) : line.slice(n);
}

const LIST_ITEM_RE = /^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const LIST_MARKER_RE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+$/;

/** Whether text is a list item's marker and nothing else (`1. `, `  - `): what a tag after it on its line is the first thing of. */
export function isListMarker(text: string): boolean {
  return LIST_MARKER_RE.test(text);
}

/** The column that the text at a line's start (its indentation, a list item's marker) ends at, a tab going on to the next multiple of 4 (as CommonMark counts). */
export function columns(start: string): number {
  let column = 0;
  for (const char of start) column = char === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

/** The column that a line's leading whitespace ends at (as `columns` counts it). */
export function indentOf(line: string): number {
  let column = 0;
  for (let n = 0; line[n] === ' ' || line[n] === '\t'; n++) column = line[n] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

/** The column where the text of the paragraph that has `line` starts: that of the list item it starts or is in, else 0. */
export function textColumn(s: State, line: string): number {
  const item = LIST_ITEM_RE.exec(line);
  return item ? columns(item[0]) : (listItemColumn(s, indentOf(line)) ?? 0);
}

/**
 * The column where the text of the list item that holds a line indented `indent` starts, or null when none
 * holds it: the last item written before it whose text starts at or before it, past lines indented more
 * (an item's later paragraphs).
 */
export function listItemColumn(s: State, indent: number): number | null {
  // The lines a walk back would stop at, kept as they are written (`levels`): however long the item, one step each.
  for (let k = s.levels.length - 1; k >= 0; k--) {
    const { indent: own, item } = s.levels[k]!;
    if (own >= indent) continue;
    if (item !== null) return item <= indent ? item : null;
    if (own === 0) return null;
  }
  return null;
}
