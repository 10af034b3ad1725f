// Math in markdown (`markdown.math` in the config): `$…$` in a line, `$$…$$` for display (on lines of its own,
// or in a line), and ```math blocks as GitHub shows them, rendered at build time to MathML, which browsers
// draw themselves: a page with math loads no script, stylesheet or font for it. temml writes the MathML; it is
// loaded by the first formula a thread renders, so a site or a page without math never loads it.
import type { MarkedExtension, Token, Tokens, TokenizerAndRendererExtension } from 'marked';
import { lazyRequire } from '../lazyRequire.js';
import { escapeHtml } from './escapeHtml.js';
import type { Diagnostic } from '../types.js';

/** A formula of the text: `$…$`, or `$$…$$` in a line or on lines of its own. */
export interface MathToken {
  type: 'math';
  raw: string;
  /** The TeX, as written between the delimiters. */
  text: string;
  /** Display math (`$$`): a block of its own, centred; else a part of its line. */
  display: boolean;
  /** Where `text` starts in `raw`, for the column of a problem. */
  texStart: number;
  /** Its MathML, once rendered (`renderFormulas`). */
  html?: string;
}

/** A ```math block: its TeX is display math, rendered into `mathHtml`. */
type MathFence = Tokens.Code & { mathHtml?: string };

const loadTemml = lazyRequire<typeof import('temml')>('temml');

// A ```math (or ~~~math) fence anywhere in a body: erring on yes only reads the page with the math syntax.
const MATH_FENCE_RE = /(?:`{3,}|~{3,})[ \t]*math\b/i;
const MATH_LANG_RE = /^[ \t]*math(?:\s|$)/i;

/**
 * Whether a body may hold math, so that its page is read with the math syntax (and cached under the math
 * renderer's version): a page with no `$` and no ```math block renders as it does with math off.
 */
export function mayHaveMath(body: string): boolean {
  return body.includes('$') || MATH_FENCE_RE.test(body);
}

const temmlPackage = lazyRequire<{ version: string }>('temml/package.json');

/** The math renderer and its version, part of the cache key of a page with math (a new temml renders them again). */
export function mathRendererKey(): string {
  return `math:temml@${temmlPackage().version}`;
}

const WHITESPACE_RE = /\s/;
const DIGIT_RE = /[0-9]/;

/**
 * The formula that starts at `from` in a paragraph's text (`text[from]` is `$`), by pandoc's rules, so that
 * prices stay text: `$…$` opens on a `$` not followed by whitespace and closes on the next `$` (a `\$`
 * inside is the TeX of a dollar) if that one is not preceded by whitespace nor followed by a digit: `$5 and
 * $10` is no formula. `$$…$$` is display math, closed by the next `$$`. Null when there is none before `to`
 * (where the paragraph ends, when `text` runs on past it).
 */
export function formulaAt(text: string, from: number, to = text.length): { end: number; tex: string; display: boolean } | null {
  const display = text[from + 1] === '$';
  const open = from + (display ? 2 : 1);
  if (open >= to || (!display && WHITESPACE_RE.test(text[open]!))) return null;
  for (let i = open; i < to; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '$' && display) {
      if (text[i + 1] !== '$') continue;
      const tex = text.slice(open, i);
      return tex.trim() ? { end: i + 2, tex, display } : null;
    } else if (c === '$') {
      if (WHITESPACE_RE.test(text[i - 1]!) || DIGIT_RE.test(text[i + 1] ?? '')) return null;
      return { end: i + 1, tex: text.slice(open, i), display };
    }
  }
  return null;
}

const DISPLAY_OPEN_RE = /^ {0,3}\$\$/;
const DISPLAY_CLOSE_RE = /^ {0,3}\$\$[ \t]*$/;

/**
 * Display math that starts a block: `$$` on a line of its own, the formula's lines (no blank one, as in TeX),
 * then `$$` on a line of its own; or `$$ formula $$` alone on its line.
 */
function displayBlockAt(src: string): MathToken | null {
  const open = DISPLAY_OPEN_RE.exec(src);
  if (!open) return null;
  const lineEnd = lineEndAt(src, 0);
  const rest = src.slice(open[0].length, lineEnd).trimEnd();
  const raw = (end: number) => src.slice(0, end < src.length ? end + 1 : end);
  if (rest !== '') {
    const tex = rest.slice(0, -2);
    if (!rest.endsWith('$$') || !tex.trim() || tex.includes('$$')) return null;
    return { type: 'math', raw: raw(lineEnd), text: tex, display: true, texStart: open[0].length };
  }
  for (let start = lineEnd + 1; start < src.length; ) {
    const end = lineEndAt(src, start);
    const line = src.slice(start, end);
    if (!line.trim()) return null;
    if (DISPLAY_CLOSE_RE.test(line)) return start === lineEnd + 1 ? null : { type: 'math', raw: raw(end), text: src.slice(lineEnd + 1, start - 1), display: true, texStart: lineEnd + 1 };
    start = end + 1;
  }
  return null;
}

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

// Where the paragraph that starts here may end (a blank line, a heading, a quote), or a `$$` line in it.
const PARAGRAPH_END_RE = /\n(?:( {0,3}\$\$)|[ \t]*(?:\n|$)| {0,3}(?:#{1,6}(?:[ \t\n]|$)|>))/;

const displayBlock: TokenizerAndRendererExtension = {
  name: 'math',
  level: 'block',
  // A `$$` line ends the paragraph before it, as a code fence does. Looked for only up to where the
  // paragraph ends anyway: a search of the whole rest of the file from every paragraph is quadratic.
  start(src) {
    const end = PARAGRAPH_END_RE.exec(src);
    return end?.[1] && displayBlockAt(src.slice(end.index + 1)) ? end.index + 1 : undefined;
  },
  tokenizer: (src) => displayBlockAt(src) ?? undefined,
  // Inline formulas (named alike) are rendered here too; a block ends its line.
  renderer: (token) => formulaHtml(token as unknown as MathToken) + (token.raw.endsWith('\n') ? '\n' : ''),
};

const inlineFormula: TokenizerAndRendererExtension = {
  name: 'math',
  level: 'inline',
  start(src) {
    const at = src.indexOf('$');
    return at === -1 ? undefined : at;
  },
  tokenizer(src) {
    const formula = src[0] === '$' ? formulaAt(src, 0) : null;
    if (!formula) return undefined;
    const token: MathToken = { type: 'math', raw: src.slice(0, formula.end), text: formula.tex, display: formula.display, texStart: formula.display ? 2 : 1 };
    return token;
  },
};

/**
 * Formulas hide their `*`, `_` and `~` from emphasis: `*see $a^*$*` is emphasis around a formula, not
 * emphasis that ends inside one. `masked` is the text marked looks for emphasis in, escapes already hidden.
 */
function maskFormulas(masked: string): string {
  if (!masked.includes('$')) return masked;
  let out = '';
  let copied = 0;
  for (let at = masked.indexOf('$'); at !== -1; at = masked.indexOf('$', at + 1)) {
    const formula = formulaAt(masked, at);
    if (!formula) continue;
    const inner = at + (formula.display ? 2 : 1);
    const close = formula.end - (formula.display ? 2 : 1);
    out += masked.slice(copied, inner) + 'a'.repeat(close - inner);
    copied = close;
    at = formula.end - 1;
  }
  return out + masked.slice(copied);
}

/** The math syntax for marked: formulas, ```math blocks as display math, and emphasis kept out of formulas. */
export const mathSyntax: MarkedExtension = {
  extensions: [displayBlock, inlineFormula],
  renderer: {
    code(token) {
      return isMathFence(token) ? `${(token as MathFence).mathHtml ?? renderFormula(token.text, true).html}\n` : false;
    },
  },
  hooks: { emStrongMask: maskFormulas },
};

/** A fenced block whose language is `math` (a GitHub-style formula block). */
export function isMathFence(token: Token): boolean {
  return token.type === 'code' && (token as Tokens.Code).codeBlockStyle !== 'indented' && MATH_LANG_RE.test((token as Tokens.Code).lang ?? '');
}

/** A formula token's MathML, rendered now if `renderFormulas` did not reach it. */
function formulaHtml(token: MathToken): string {
  return (token.html ??= renderFormula(token.text, token.display).html);
}

/**
 * A formula's MathML, or, when temml cannot read it, its TeX shown as code and temml's message (the
 * first line, without the excerpt temml adds) with where in the TeX it stopped (at its end: after its
 * last character, not on the line that closes it). temml breaks on some TeX rather than reading it
 * (`x_`, `y^^2`: a TypeError of its own code): that is said, as its message tells a writer nothing.
 */
function renderFormula(tex: string, display: boolean): { html: string; problem?: { message: string; at: number } } {
  try {
    return { html: loadTemml().renderToString(tex, { displayMode: display, throwOnError: true, wrap: 'tex' }) };
  } catch (error) {
    const { name, message, position } = error as { name?: unknown; message?: unknown; position?: unknown };
    const first = String(message ?? error).trim().replace(/ at (?:position \d+|end of input):[^]*$/, '').split('\n')[0]!;
    const said = name === 'ParseError' ? first : `temml failed on it (${typeof name === 'string' ? `${name}: ` : ''}${first})`;
    return { html: `<code class="math-error">${escapeHtml(tex)}</code>`, problem: { message: said, at: typeof position === 'number' ? Math.min(position, tex.trimEnd().length) : 0 } };
  }
}

/** A page's lexed text and where it is, for the line and column of a formula's problem. */
export interface FormulaSource {
  file: string;
  /** The body the tokens were lexed from, and its first line in the file. */
  body: string;
  bodyLine: number;
  /** A token's children, as the page's other walks see them (a box's title, a table's cells, a list's items). */
  childTokens: (token: Token) => Token[];
}

/**
 * Renders every formula of a page (inline and display math, ```math blocks) into its token, in the page's
 * order, and tells each that temml cannot read as an error at its line and column, and a `$$` line that opens
 * no formula as a warning. Each token is found in its top-level block's text after the one before it: a formula
 * written twice is told at each place.
 */
export function renderFormulas(tokens: Token[], source: FormulaSource): Diagnostic[] {
  const problems: Diagnostic[] = [];
  let topOffset = 0;
  for (const top of tokens) {
    let cursor = 0;
    const visit = (token: Token, inline: boolean) => {
      const first = token.raw.split('\n', 1)[0]!;
      const at = first ? top.raw.indexOf(first, cursor) : -1;
      if (at !== -1) cursor = at;
      const formula = formulaOf(token);
      if (formula) {
        const { html, problem } = renderFormula(formula.tex, formula.display);
        if (token.type === 'math') (token as unknown as MathToken).html = html;
        else (token as MathFence).mathHtml = html;
        if (problem) problems.push(formulaProblem(source, { raw: token.raw, start: topOffset + Math.max(at, 0), point: formula.texStart + problem.at }, problem.message, token.type === 'math' ? token.raw : '```math'));
      } else {
        const text = !inline && (token.type === 'paragraph' || token.type === 'text');
        const open = text ? unclosedDisplayAt(token.raw) : -1;
        if (open !== -1) problems.push(unclosedDisplay(source, { raw: token.raw, start: topOffset + Math.max(at, 0), point: open }));
        for (const child of source.childTokens(token)) visit(child, inline || text);
      }
      if (at !== -1) cursor = top.raw.startsWith(token.raw, at) ? at + token.raw.length : Math.max(cursor, at + first.length);
    };
    visit(top, false);
    topOffset += top.raw.length;
  }
  return problems;
}

function formulaOf(token: Token): { tex: string; display: boolean; texStart: number } | null {
  if (token.type === 'math') return { tex: (token as unknown as MathToken).text, display: (token as unknown as MathToken).display, texStart: (token as unknown as MathToken).texStart };
  return isMathFence(token) ? { tex: (token as Tokens.Code).text, display: true, texStart: token.raw.indexOf('\n') + 1 } : null;
}

/**
 * A formula temml cannot read, told where it stopped: `start` is where the formula's raw text starts in the
 * body, `point` where in that raw text the problem is (on a later line of a block in a quote or a list, whose
 * raw text has lost its `> ` or indentation, the column is found in the file's line).
 */
function formulaProblem(source: FormulaSource, at: RawPoint, message: string, shown: string): Diagnostic {
  const excerpt = shown.replace(/\s+/g, ' ').trim();
  return {
    severity: 'error',
    code: 'math',
    file: source.file,
    ...placeOf(source, at),
    message: `${message}, in the formula ${excerpt.length > 60 ? `${excerpt.slice(0, 59)}…` : excerpt}`,
    hint: 'write TeX that temml reads (temml.org lists what it supports); a dollar sign that starts no formula is written \\$',
  };
}

const DISPLAY_LINE_RE = /^[ \t]*\$\$[ \t]*$/;

/**
 * Where in a paragraph's raw text a line of `$$` opens a display formula that a blank line or the end of its block
 * cut off (a line of `$$` that ends the paragraph opens nothing); -1 when none does.
 */
function unclosedDisplayAt(raw: string): number {
  const lines = raw.trimEnd().split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length - 1; offset += lines[i]!.length + 1, i++) {
    if (DISPLAY_LINE_RE.test(lines[i]!)) return offset + lines[i]!.indexOf('$');
  }
  return -1;
}

/** A `$$` line that opens no formula, its TeX shown as text: most often a blank line in the formula, which TeX takes none of. */
function unclosedDisplay(source: FormulaSource, at: RawPoint): Diagnostic {
  return {
    severity: 'warning',
    code: 'math',
    file: source.file,
    ...placeOf(source, at),
    message: 'this $$ opens a display formula that is not closed before a blank line or the end of its block, so its TeX is shown as text',
    hint: 'TeX takes no blank line in a formula: take the blank line out, or close the formula with a line of $$',
  };
}

/** A point in a token's raw text: where the raw text starts in the body, and where in it the point is. */
interface RawPoint {
  raw: string;
  start: number;
  point: number;
}

/** The file line and column of a point in a token's raw text. */
function placeOf(source: FormulaSource, at: RawPoint): { line: number; column?: number } {
  const { body } = source;
  const lineStart = body.lastIndexOf('\n', at.start - 1) + 1;
  const startLine = countNewlines(body, 0, at.start);
  const rawLines = at.raw.slice(0, at.point).split('\n');
  const down = rawLines.length - 1;
  const within = rawLines[down]!.length;
  let column: number | undefined = at.start - lineStart + within + 1;
  if (down > 0) {
    const fileLine = body.split('\n')[startLine + down] ?? '';
    const shift = fileLine.indexOf(at.raw.split('\n')[down]!);
    column = shift === -1 ? undefined : shift + within + 1;
  }
  return { line: source.bodyLine + startLine + down, ...(column === undefined ? {} : { column }) };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
