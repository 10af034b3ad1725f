// MDX as Docusaurus docs are written (its common subset), read as sitegen's own markdown before marked
// lexes the page: `import … from '@theme/Tabs'` lines are dropped, <Tabs groupId> / <TabItem label> become
// `:::tabs key:` / `== label` lines, <Admonition type title> a `:::type title` box, <Details> a <details>,
// and `{/* comments */}` go (`{/* truncate */}` is `<!-- truncate -->`). Anything else that needs JavaScript
// (another import, an export, any other component) is an error at its place. Outside fenced code, inline
// code, HTML comments and, where the site renders math, formulas only; in block quotes and list items too, as
// MDX reads them. The page's other lines keep their text, and each line written says which line it comes from,
// so every later diagnostic, heading and link keeps its place in the file.
import type { Diagnostic } from '../types.js';
import { fenceAfter } from './fences.js';
import { isHtmlInCapitals, readJsxTag } from './jsxTag.js';
import { moduleHint, THEME_MODULES, type ComponentKind } from './mdxComponents.js';
import { closeFrame, unknownComponent, writeTag, writeText } from './mdxElements.js';
import { columns, emit, listItemColumn, problem, strip, textColumn, top, type Cursor, type Frame, type State } from './mdxState.js';
import { quoteAt, startsQuote, writeQuote } from './mdxQuotes.js';
import { readStatements } from './mdxStatements.js';
import { codeSpanEnd, endsParagraph, lineAt, pageText, type PageText } from './mdxText.js';
import { formulaAt } from './math.js';

/** The body with MDX made markdown, its lines' origins and its problems. */
export interface MdxRewrite {
  body: string;
  /** The original body's line (0-based) of each line of `body`; absent when each line is its own. */
  lines?: number[];
  /** Problems of the MDX, at their file lines and columns. */
  diagnostics: Diagnostic[];
  /** Lines of `body` (0-based) that open a group of tabs written as <Tabs>. */
  tabsLines: Set<number>;
}

// What MDX needs: a capitalised tag, an MDX comment, an import or export line. A page with none costs these
// tests (3 µs a page of the bundled site; one regular expression of the three was 60 % slower).
const TAG_RE = /<\/?[A-Z]/;
const ESM_RE = /^(?:import|export)\b/m;

/** Whether a body may hold MDX (a cheap test: the rewrite is for those that do); an `.mdx` file's braces are MDX's too. */
export function mayBeMdx(body: string, file = ''): boolean {
  return mayHoldElements(body) || ESM_RE.test(body) || (MDX_FILE_RE.test(file) && body.includes('{'));
}

const MDX_FILE_RE = /\.mdx$/i;

/** Whether a text may hold a tag or an MDX comment (a quote's: it holds no imports). */
function mayHoldElements(text: string): boolean {
  return TAG_RE.test(text) || text.includes('{/*');
}

/**
 * Reads the MDX of a body (`bodyLine`: its first line's in the file; `math`: the page is read for formulas, whose
 * `<` and `{` are TeX); null when it holds none.
 */
export function rewriteMdx(body: string, file: string, bodyLine: number, math = false): MdxRewrite | null {
  const text = pageText(body);
  const { lines, starts } = text;
  const names = new Map<string, ComponentKind>(Object.values(THEME_MODULES).map((kind) => [kind, kind]));
  const s = readText(text, { names, modules: new Map(), strict: MDX_FILE_RE.test(file), quoted: false, math });
  const written = s.out.join('\n');
  if (written === body && s.problems.length === 0) return null;
  const diagnostics = s.problems.map(({ at, ...rest }): Diagnostic => {
    const line = lineAt(starts, at);
    return { ...rest, code: 'mdx', file, line: bodyLine + line, column: at - starts[line]! + 1 };
  });
  const same = s.out.length === lines.length && s.origin.every((line, i) => line === i);
  return { body: written, ...(same ? {} : { lines: s.origin }), diagnostics, tabsLines: s.tabsLines };
}

const FENCE_LINE_RE = /^[ \t]*(?:`{3,}|~{3,})/;

/** What the rewrite of a text shares with the page's: the components' names, the imports', and the file's kind. */
type Shared = Pick<State, 'names' | 'modules' | 'strict' | 'quoted' | 'math'>;

/** Reads a text (a page's body, or what a quote in it holds): every line written, each element left open closed at its end. */
function readText(text: PageText, shared: Shared): State {
  const root: Frame = { kind: 'root', name: '', base: 0, dedent: 0, at: 0, out: 0, close: '' };
  const s: State = { ...text, ...shared, out: [], origin: [], levels: [], stack: [root], fence: null, fenceIndent: 0, htmlComment: false, indentedCode: false, esm: false, tabsLines: new Set(), problems: [], formulaEnd: 0 };
  for (let i = 0; i < text.lines.length; ) i = rewriteLine(s, i);
  while (s.stack.length > 1) {
    const frame = s.stack.pop()!;
    if (s.quoted) problem(s, frame.at, `<${frame.name}> is not closed before the end of its quote`, `close it with </${frame.name}> on a line of the quote, which starts with >`);
    else problem(s, frame.at, `<${frame.name}> is never closed`, `close it with </${frame.name}>`);
    closeFrame(s, frame, text.lines.length - 1);
  }
  return s;
}

/** Writes line `i` (and those a tag, a statement or a quote on it runs over); returns the next line to read. */
function rewriteLine(s: State, i: number): number {
  const frame = top(s);
  const line = strip(s.lines[i]!, frame.dedent);
  const esm = s.esm;
  s.esm = false;
  if (s.htmlComment) {
    s.htmlComment = !line.includes('-->');
    return emit(s, line, i), i + 1;
  }
  // A line that a formula runs on to is TeX up to the formula's end, whatever it starts with (`> 0`, `- x`).
  if (s.starts[i]! < s.formulaEnd) return scan(s, i, line);
  const fence = fenceOf(s, line);
  if (fence !== undefined || s.fence !== null) {
    if (fence !== undefined) s.fence = fence;
    return emit(s, line, i), i + 1;
  }
  if (frame.kind === 'root') {
    if (isIndentedCode(s, line)) return emit(s, line, i), i + 1;
    const previous = s.lines[i - 1];
    const next = !s.quoted && (previous === undefined || esm || previous.trim() === '' || /^#{1,6}\s/.test(previous)) ? useStatements(s, i) : null;
    if (next !== null) return next;
  }
  // A quote's lines are its own text (text directly in a Tabs is told as such by the scan).
  if (startsQuote(line) && !(frame.kind === 'Tabs' && !frame.orphan)) return rewriteQuote(s, i);
  return scan(s, i, line);
}

/** Writes the quote that starts at line `i`: its text read as a page of its own when it may hold MDX, else as it is. Returns the line after it. */
function rewriteQuote(s: State, i: number): number {
  const quote = quoteAt(s, i);
  const inner = mayHoldElements(quote.text.body) ? readText(quote.text, { names: s.names, modules: s.modules, strict: s.strict, quoted: true, math: s.math }) : null;
  return writeQuote(s, quote, inner);
}

/**
 * The fence a line opens or closes (see `fenceAfter`), read past the text column of the list item that holds the
 * fence: in an item, fenced code may be indented 4 or more (`1. Step`, then `    ```jsx`), and its JSX is code.
 */
function fenceOf(s: State, line: string): string | null | undefined {
  if (s.fence === null) {
    const indent = FENCE_LINE_RE.test(line) ? columns(/^[ \t]*/.exec(line)![0]) : 0;
    s.fenceIndent = indent >= 4 ? (listItemColumn(s, indent) ?? 0) : 0;
  }
  return fenceAfter(strip(line, s.fenceIndent), s.fence);
}

/** A line of indented code at the top level (after a blank line, or more of it): code, not read. */
function isIndentedCode(s: State, line: string): boolean {
  if (line.trim() === '') return false;
  const last = s.out[s.out.length - 1];
  if (!/^(?: {4}|\t)/.test(line)) return (s.indentedCode = false);
  if (s.indentedCode || last === undefined || last.trim() !== '') return s.indentedCode;
  // In a list item, code is indented 4 past where the item's text starts: less is the item's text.
  const indent = columns(/^[ \t]*/.exec(line)![0]);
  const item = listItemColumn(s, indent);
  // MDX has no indented code: a component's tag (or an MDX comment) that starts the line is read however indented.
  return (s.indentedCode = (item === null || indent >= item + 4) && !startsElement(s, line));
}

/** Whether a line starts with the tag of a component the rewrite reads (`<Tabs>`, `</Admonition>`) or with an MDX comment. */
function startsElement(s: State, line: string): boolean {
  const text = line.trimStart();
  const name = /^<\/?([A-Z][\w$]*(?:\.[\w$]+)*)/.exec(text)?.[1];
  return text.startsWith('{/*') || (name !== undefined && s.names.has(name));
}

/**
 * The import and export statements that start at line `i` (MDX's ESM, at the top level): those of the
 * theme's components are dropped, any other is an error at its line. Returns the line after them, or null
 * when the line is none.
 */
function useStatements(s: State, i: number): number | null {
  const statements = readStatements(s, i);
  if (!statements) return null;
  if (statements.kind === 'export') problem(s, statements.at, 'export: sitegen renders markdown and runs no JavaScript, so nothing can use what this exports', 'delete it, and write its values where the page shows them');
  for (const { module, name, bound, at } of statements.kind === 'import' ? statements.imports : []) {
    const kind = THEME_MODULES[module];
    if (kind && name) s.names.set(name, kind);
    if (kind) continue;
    problem(s, at, `import of "${module}": sitegen renders markdown and does not run JavaScript modules`, moduleHint(module));
    for (const local of bound) s.modules.set(local, module);
  }
  s.esm = statements.kind === 'import';
  return blank(s, i, statements.last);
}

/** Writes lines `i` to `j` as blank ones; returns the line after them. */
function blank(s: State, i: number, j: number): number {
  for (let k = i; k <= j; k++) emit(s, '', k);
  return j + 1;
}

const SPECIAL_RE = /[`\\<{]/g;
const SPECIAL_MATH_RE = /[`\\<{$]/g;
const UPPER_RE = /[A-Z]/;

/**
 * Reads line `i`, whose text is `line` once its element's indentation is off: its tags written as markdown, its MDX
 * comments dropped, the rest as it is. The indentation left is the cursor's first text (a tab cut across is spaces).
 */
function scan(s: State, i: number, line: string): number {
  let indent = 0;
  while (line[indent] === ' ' || line[indent] === '\t') indent++;
  const end = s.starts[i]! + s.lines[i]!.length;
  let pos = end - (line.length - indent);
  const c: Cursor = { line: i, end, text: line.slice(0, indent), from: pos - indent, wrote: false, afterTag: false };
  if (pos < s.formulaEnd) {
    c.text += s.body.slice(pos, Math.min(s.formulaEnd, end));
    pos = Math.min(s.formulaEnd, end);
  }
  const specials = s.math ? SPECIAL_MATH_RE : SPECIAL_RE;
  while (pos < c.end) {
    specials.lastIndex = pos;
    const special = specials.exec(s.body);
    const at = special && special.index < c.end ? special.index : c.end;
    c.text += s.body.slice(pos, at);
    pos = at;
    if (pos >= c.end) break;
    const next = nextPosition(s, c, pos);
    if (next !== null) {
      pos = next;
      continue;
    }
    const tag = readJsxTag(s.body, pos);
    if (tag === null || 'problem' in tag || isHtmlInCapitals(tag.name)) {
      if (tag && 'problem' in tag && s.strict) problem(s, tag.at, tag.problem, 'write it as JSX writes a tag, <Name attribute="value">, or as text: in `code`, or \\<');
      c.text += '<';
      pos++;
      continue;
    }
    const kind = s.names.get(tag.name);
    if (!kind) unknownComponent(s, tag);
    else writeTag(s, c, tag, kind);
    pos = moveTo(s, c, tag.end);
  }
  if (c.text.trim() !== '' || !c.wrote) writeText(s, c);
  return c.line + 1;
}

/** Past what is not a tag at `pos` (an escape, code, an HTML or MDX comment), its text kept in the cursor or dropped; null for a `<` that may start a tag. */
function nextPosition(s: State, c: Cursor, pos: number): number | null {
  const { body } = s;
  const char = body[pos]!;
  let end: number;
  if (char === '\\') end = Math.min(pos + 2, c.end);
  else if (char === '`') end = codeSpanEnd(body, pos, c.end);
  else if (char === '$') end = formulaEnd(s, c, pos);
  else if (char === '{') {
    if (!body.startsWith('{/*', pos)) {
      const kept = s.strict ? keptBraces(s, c, pos) : pos + 1;
      if (kept === null) {
        const read = expression(s, pos, c.end);
        c.text += read.text;
        return read.end;
      }
      end = kept;
    } else {
      const close = body.indexOf('*/}', pos + 3);
      if (close === -1) problem(s, pos, 'this {/* comment is never closed', 'end it with */}');
      // Docusaurus's excerpt marker in MDX: the one markdown has.
      if (close !== -1 && body.slice(pos + 3, close).trim() === 'truncate') c.text += '<!-- truncate -->';
      return moveTo(s, c, close === -1 ? body.length : close + 3);
    }
  } else if (body.startsWith('<!--', pos)) {
    const close = body.indexOf('-->', pos + 4);
    s.htmlComment = close === -1 || close + 3 > c.end;
    end = s.htmlComment ? c.end : close + 3;
  } else if (UPPER_RE.test(body[pos + 1] ?? '') || (body[pos + 1] === '/' && UPPER_RE.test(body[pos + 2] ?? ''))) return null;
  else end = pos + 1;
  c.text += body.slice(pos, end);
  return end;
}

/**
 * Past braces at `pos` that MDX reads no expression in, or that sitegen gives a meaning: `{{variable}}`, a heading's
 * `{#id}`, a box's `:::tip{title="…"}`, a link's address, a tag's attributes (`<img alt="{x}">`, an autolink). Null
 * for an expression.
 */
function keptBraces(s: State, c: Cursor, pos: number): number | null {
  const { body } = s;
  if (body[pos + 1] === '{') {
    const close = body.indexOf('}}', pos + 2);
    return close !== -1 && close < c.end ? close + 2 : pos + 2;
  }
  if (HEADING_ID_END_RE.test(body.slice(pos, c.end))) return c.end;
  const before = body.slice(s.starts[c.line]!, pos);
  if (BOX_OPENING_RE.test(before)) {
    const close = closingBrace(body, pos, c.end);
    return close === -1 ? c.end : close + 1;
  }
  return LINK_ADDRESS_RE.test(before) || IN_TAG_RE.test(before) ? pos + 1 : null;
}

const HEADING_ID_END_RE = /^\{#[^\s{}]+\}[ \t]*$/;
const BOX_OPENING_RE = /^[ \t]*(?:>[ \t]?)*:{3,}[A-Za-z][\w-]*$/;
const LINK_ADDRESS_RE = /\]\([^)\s]*$/;
const IN_TAG_RE = /<[A-Za-z][^<>]*$/;

/**
 * The expression at `pos` in an `.mdx` file, which sitegen does not run, and what is written for it: a string
 * (`{'{'}`, MDX's way to write a brace or a `<`) as its text; anything else as written, an error.
 */
function expression(s: State, pos: number, limit: number): { end: number; text: string } {
  const close = closingBrace(s.body, pos, limit);
  if (close === -1) {
    problem(s, pos, 'this { starts a JavaScript expression in MDX, and nothing closes it on its line', 'write a brace shown as is as \\{');
    return { end: pos + 1, text: '{' };
  }
  const source = s.body.slice(pos + 1, close);
  const literal = stringLiteral(source.trim());
  if (literal !== null) return { end: close + 1, text: literal.replace(MARKDOWN_PUNCTUATION_RE, '\\$&') };
  problem(s, pos, `{${source}} is a JavaScript expression, which sitegen does not run: it would be shown as written`, 'write what it stands for as text; a brace shown as is is written \\{');
  return { end: close + 1, text: s.body.slice(pos, close + 1) };
}

const MARKDOWN_PUNCTUATION_RE = /[!-/:-@[-`{-~]/g;
// A JavaScript string: in single or double quotes, or a template with no `${}`.
const STRING_RES = [/^'((?:[^'\\\n]|\\.)*)'$/, /^"((?:[^"\\\n]|\\.)*)"$/, /^`((?:[^`\\$]|\\.|\$(?!\{))*)`$/s];

/** A JavaScript string literal's text, or null for any other expression. */
function stringLiteral(source: string): string | null {
  for (const re of STRING_RES) {
    const m = re.exec(source);
    if (m) return m[1]!.replace(/\\(.)/g, '$1');
  }
  return null;
}

/** The `}` that closes the brace at `pos` (nested braces and strings passed over), before `limit`; -1 for none. */
function closingBrace(body: string, pos: number, limit: number): number {
  let depth = 0;
  for (let i = pos; i < limit; i++) {
    const char = body[i];
    if (char === '"' || char === "'" || char === '`') {
      for (i++; i < limit && body[i] !== char; i++) if (body[i] === '\\') i++;
      if (i >= limit) return -1;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

// Lines that end display math: a blank line (TeX has none in a formula). An inline one ends with its paragraph (`endsParagraph`).
const BLANK_RE = /^[ \t]*$/;

/**
 * Past the formula that starts at `pos` (its TeX, kept as written), or past the `$` when none starts there. As
 * marked reads it, a formula may go on over the lines of its paragraph: the lines it runs on to are then kept as
 * written up to its end (`formulaEnd`), and the cursor stops at its line's end.
 */
function formulaEnd(s: State, c: Cursor, pos: number): number {
  const display = s.body[pos + 1] === '$';
  const close = display ? '$$' : '$';
  // Not closed on its line: closed on a later one, unless a closing mark on its line refused it (`$5 and $10`).
  const next = s.body.indexOf(close, pos + close.length);
  const formula = formulaAt(s.body, pos, c.end) ?? (next === -1 || next >= c.end ? formulaAt(s.body, pos, formulaLimit(s, c.line, display)) : null);
  if (!formula) return pos + 1;
  if (formula.end <= c.end) return formula.end;
  s.formulaEnd = formula.end;
  return c.end;
}

/**
 * Where a formula that starts on line `i` must end: its paragraph's end, as marked finds it in the paragraph's
 * list item, or for display math the next blank line.
 */
function formulaLimit(s: State, i: number, display: boolean): number {
  const run = s.run;
  if (!run || run.display !== display || i < run.first || i > run.last) {
    const { dedent } = top(s);
    const column = textColumn(s, strip(s.lines[i]!, dedent));
    const ends = (line: string) => (display ? BLANK_RE.test(line) : endsParagraph(strip(line, dedent), column));
    let last = i;
    while (last + 1 < s.lines.length && !ends(s.lines[last + 1]!)) last++;
    s.run = { first: i, last, display };
  }
  const last = s.run!.last;
  return s.starts[last]! + s.lines[last]!.length;
}

/** Moves the cursor to `to`, writing its line so far and the lines passed as blank ones; returns `to`. */
function moveTo(s: State, c: Cursor, to: number): number {
  while (c.line + 1 < s.lines.length && s.starts[c.line + 1]! <= to) {
    if (c.text.trim() !== '' || !c.wrote) writeText(s, c);
    c.line++;
    c.wrote = false;
    c.text = '';
    c.afterTag = false;
  }
  c.end = s.starts[c.line]! + s.lines[c.line]!.length;
  if (c.text === '') c.from = to;
  return to;
}

