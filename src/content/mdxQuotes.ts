// Block quotes in the MDX rewrite (mdx.ts): MDX reads what a quote holds as it reads a page (`> <Tabs>`,
// `> <Admonition type="tip">`, `> {/* a note */}`), so the rewrite reads a quote's text, its `>` markers taken
// off, as a page of its own, and writes each line it makes behind the marker of the line it comes from.
// Its problems keep their places in the file; an element in a quote ends with it, as in MDX. A quote may start
// on a list item's marker line (`1. > <Admonition>`): the marker is then the item's and the quote's.
import { columns, emit, strip, top, type State } from './mdxState.js';
import { lineAt, pageText, type PageText } from './mdxText.js';

const QUOTE_RE = /^[ \t]*>/;
const MARKER_RE = /^[ \t]*> ?/;
const ITEMS = String.raw`^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*`;
const FIRST_RE = new RegExp(`${ITEMS}>`);
const FIRST_MARKER_RE = new RegExp(`${ITEMS}> ?`);
const ITEMS_RE = new RegExp(ITEMS);

/**
 * The lines of a quote: the first, each one's marker as written (`> `, `  >`, `1. > ` on the first), the marker of
 * the further lines the first one's text is written as (the first's, its list item's marker as spaces: `   > `),
 * where each one's text starts in the page, and the text.
 */
export interface QuoteRun {
  first: number;
  markers: string[];
  again: string;
  offsets: number[];
  text: PageText;
}

/** Whether a line (without the indentation its element takes off) starts a block quote, or a list item with one. */
export function startsQuote(line: string): boolean {
  return FIRST_RE.test(line);
}

/** The quote that starts at line `i`: its lines up to the first without a `>`. */
export function quoteAt(s: State, i: number): QuoteRun {
  const { dedent } = top(s);
  const markers: string[] = [];
  const offsets: number[] = [];
  const texts: string[] = [];
  for (let k = i; k < s.lines.length; k++) {
    const line = strip(s.lines[k]!, dedent);
    if (k > i && !QUOTE_RE.test(line)) break;
    const marker = (k > i ? MARKER_RE : FIRST_MARKER_RE).exec(line)![0];
    markers.push(marker);
    offsets.push(s.starts[k]! + s.lines[k]!.length - line.length + marker.length);
    texts.push(line.slice(marker.length));
  }
  const items = ITEMS_RE.exec(markers[0]!)![0];
  const again = ' '.repeat(columns(items)) + markers[0]!.slice(items.length);
  return { first: i, markers, again, offsets, text: pageText(texts.join('\n')) };
}

/**
 * Writes a quote's lines behind their markers: as the rewrite of its text made them (`inner`), or as written when
 * its text holds no MDX (null). The inner rewrite's groups of tabs and problems are moved to their places in the
 * page. Returns the line after the quote.
 */
export function writeQuote(s: State, run: QuoteRun, inner: State | null): number {
  const written = s.out.length;
  const lines = inner?.out ?? run.text.lines;
  lines.forEach((text, j) => {
    const k = inner ? inner.origin[j]! : j;
    emit(s, (k === 0 && j > 0 ? run.again : run.markers[k]!) + text, run.first + k);
  });
  for (const line of inner?.tabsLines ?? []) s.tabsLines.add(written + line);
  for (const found of inner?.problems ?? []) {
    const k = lineAt(run.text.starts, found.at);
    s.problems.push({ ...found, at: run.offsets[k]! + found.at - run.text.starts[k]! });
  }
  return run.first + run.markers.length;
}
