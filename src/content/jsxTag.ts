// One JSX tag as MDX writes it (`<TabItem value="mac" label="macOS" default>`, `</Tabs>`, `<Foo />`),
// read from a page's text without running anything: the name, and each attribute with its literal value.
import { decodeHtml } from './escapeHtml.js';

/** An attribute's value: a string (`"x"`, `{'x'}`), a flag (`default`, `{true}`), or an expression sitegen cannot evaluate. */
export type JsxValue = { kind: 'string'; text: string } | { kind: 'boolean'; value: boolean } | { kind: 'expression'; text: string };

export interface JsxAttribute {
  name: string;
  value: JsxValue;
  /** Offset of the attribute's name in the text. */
  at: number;
}

export interface JsxTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: JsxAttribute[];
  /** Offsets of the `<` and past the `>`. */
  start: number;
  end: number;
}

// A component's name, as JSX takes it for one (capitalised; `Foo.Bar` too).
const NAME_RE = /[A-Z][\w$]*(?:\.[\w$]+)*/y;
const ATTRIBUTE_NAME_RE = /[A-Za-z_$][\w$:-]*/y;
const SPACE_RE = /\s*/y;

/**
 * The tag that starts at `start` (a `<` followed by a capital letter, or `</` and one), or null when the
 * text there is no tag (`<Name@example.com>`, `a <B` at the end of the text). `problem` says why a tag
 * could not be read to its end (an unclosed quote or brace, no `>`), with where.
 */
export function readJsxTag(text: string, start: number): JsxTag | { problem: string; at: number } | null {
  let pos = start + 1;
  const closing = text[pos] === '/';
  if (closing) pos++;
  NAME_RE.lastIndex = pos;
  const name = NAME_RE.exec(text)?.[0];
  if (!name) return null;
  pos += name.length;
  // `<Name` must end there: `<Name@x.org>` (an autolink) and `<Names…` written as text are no tags.
  if (pos < text.length && !/[\s/>]/.test(text[pos]!)) return null;
  const attributes: JsxAttribute[] = [];
  for (;;) {
    pos = skipSpace(text, pos);
    if (pos >= text.length) return { problem: `<${closing ? '/' : ''}${name}> is not closed with >`, at: start };
    const c = text[pos]!;
    if (c === '>') return { name, closing, selfClosing: false, attributes, start, end: pos + 1 };
    if (c === '/' && text[pos + 1] === '>') return { name, closing, selfClosing: true, attributes, start, end: pos + 2 };
    if (c === '{') {
      // `{...props}`: spread from a value sitegen does not have.
      const end = braceEnd(text, pos);
      if (end === -1) return { problem: 'this { is never closed', at: pos };
      attributes.push({ name: '...', value: { kind: 'expression', text: text.slice(pos, end) }, at: pos });
      pos = end;
      continue;
    }
    ATTRIBUTE_NAME_RE.lastIndex = pos;
    const attribute = ATTRIBUTE_NAME_RE.exec(text)?.[0];
    // Told at the tag: text after a `<Name` that is no tag may run lines on before a character stops it.
    if (!attribute) return { problem: `<${name} …> is no tag sitegen can read: ${JSON.stringify(c)} cannot start an attribute`, at: start };
    const at = pos;
    pos = skipSpace(text, pos + attribute.length);
    if (text[pos] !== '=') {
      attributes.push({ name: attribute, value: { kind: 'boolean', value: true }, at });
      continue;
    }
    pos = skipSpace(text, pos + 1);
    const quote = text[pos];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, pos + 1);
      if (end === -1) return { problem: `the value of ${attribute} is never closed with ${quote}`, at: pos };
      attributes.push({ name: attribute, value: { kind: 'string', text: decodeHtml(text.slice(pos + 1, end)) }, at });
      pos = end + 1;
    } else if (quote === '{') {
      const end = braceEnd(text, pos);
      if (end === -1) return { problem: `the value of ${attribute} is never closed with }`, at: pos };
      attributes.push({ name: attribute, value: literalOf(text.slice(pos + 1, end - 1).trim()), at });
      pos = end;
    } else return { problem: `${attribute}= has no value: write it in quotes, ${attribute}="…"`, at: pos };
  }
}

// HTML's elements (and a few old ones): written in capitals (`<SCRIPT>`, `<BR>`, `<H2>`), as old pages do, they are HTML, not components.
const HTML_ELEMENTS = new Set(
  'a abbr acronym address area article aside audio b base bdi bdo big blockquote body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee math menu meta meter nav noframes noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search section select slot small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp'.split(' '),
);

/** Whether a name is an HTML element's written in capitals (`SCRIPT`): HTML, as browsers read it whatever its case. */
export function isHtmlInCapitals(name: string): boolean {
  return !/[a-z]/.test(name) && HTML_ELEMENTS.has(name.toLowerCase());
}

function skipSpace(text: string, pos: number): number {
  SPACE_RE.lastIndex = pos;
  SPACE_RE.exec(text);
  return SPACE_RE.lastIndex;
}

/** Past the `}` that closes the `{` at `start`, strings and template literals skipped; -1 when there is none. */
function braceEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

// A literal in braces: a string (`{'x'}`, `` {`x`} `` without `${`) or `true` / `false`.
const STRING_LITERAL_RE = /^(["'`])((?:(?!\1)[^\\]|\\.)*)\1$/s;

function literalOf(expression: string): JsxValue {
  if (expression === 'true' || expression === 'false') return { kind: 'boolean', value: expression === 'true' };
  const m = STRING_LITERAL_RE.exec(expression);
  if (m && !(m[1] === '`' && m[2]!.includes('${'))) return { kind: 'string', text: m[2]!.replace(/\\(.)/gs, '$1') };
  return { kind: 'expression', text: `{${expression}}` };
}
