// MDX as Docusaurus docs are written (its common subset), read as sitegen's own markdown before marked
// lexes the page: `import … from '@theme/Tabs'` lines are dropped, <Tabs groupId> / <TabItem label> become
// `:::tabs key:` / `== label` lines, <Admonition type title> a `:::type title` box, <Details> a <details>,
// and `{/* comments */}` go (`{/* truncate */}` is `<!-- truncate -->`). Anything else that needs JavaScript (another import, an export, any other
// component) is an error at its place. Outside fenced code, inline code and HTML comments only; the page's
// other lines keep their text, and each line written says which line it comes from, so every later
// diagnostic, heading and link keeps its place in the file.
import type { Diagnostic } from '../types.js';
import { fenceAfter } from './fences.js';
import { readJsxTag, type JsxTag } from './jsxTag.js';
import { componentHint, moduleHint, readAdmonition, readDetails, readTabItem, readTabs, THEME_MODULES, type AttributeProblem, type ComponentKind, type TabsOptions } from './mdxComponents.js';

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

/** Whether a body may hold MDX (a cheap test: the rewrite is for those that do). */
export function mayBeMdx(body: string): boolean {
  return TAG_RE.test(body) || body.includes('{/*') || ESM_RE.test(body);
}

/** An element open where the rewrite is: how its lines are written, and what it has held. */
interface Frame {
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

interface State {
  body: string;
  lines: string[];
  /** Offset of each line. */
  starts: number[];
  out: string[];
  origin: number[];
  stack: Frame[];
  fence: string | null;
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
}

/** Reads the MDX of a body (`bodyLine`: its first line's in the file); null when it holds none. */
export function rewriteMdx(body: string, file: string, bodyLine: number): MdxRewrite | null {
  const lines = body.split('\n');
  const starts: number[] = [];
  lines.reduce((offset, line) => (starts.push(offset), offset + line.length + 1), 0);
  const root: Frame = { kind: 'root', name: '', base: 0, dedent: 0, at: 0, out: 0, close: '' };
  const names = new Map<string, ComponentKind>(Object.values(THEME_MODULES).map((kind) => [kind, kind]));
  const s: State = { body, lines, starts, out: [], origin: [], stack: [root], fence: null, htmlComment: false, indentedCode: false, esm: false, names, modules: new Map(), tabsLines: new Set(), problems: [] };
  for (let i = 0; i < lines.length; ) i = rewriteLine(s, i);
  while (s.stack.length > 1) {
    const frame = s.stack.pop()!;
    problem(s, frame.at, `<${frame.name}> is never closed`, `close it with </${frame.name}>`);
    closeFrame(s, frame, lines.length - 1);
  }
  const text = s.out.join('\n');
  if (text === body && s.problems.length === 0) return null;
  const diagnostics = s.problems.map(({ at, ...rest }): Diagnostic => {
    const line = lineAt(starts, at);
    return { ...rest, code: 'mdx', file, line: bodyLine + line, column: at - starts[line]! + 1 };
  });
  const same = s.out.length === lines.length && s.origin.every((line, i) => line === i);
  return { body: text, ...(same ? {} : { lines: s.origin }), diagnostics, tabsLines: s.tabsLines };
}

/** Writes line `i` (and those a tag or a statement on it runs over); returns the next line to read. */
function rewriteLine(s: State, i: number): number {
  const frame = top(s);
  const line = strip(s.lines[i]!, frame.dedent);
  const esm = s.esm;
  s.esm = false;
  if (s.htmlComment) {
    s.htmlComment = !line.includes('-->');
    return emit(s, line, i), i + 1;
  }
  const fence = fenceAfter(line, s.fence);
  if (fence !== undefined || s.fence !== null) {
    if (fence !== undefined) s.fence = fence;
    return emit(s, line, i), i + 1;
  }
  if (frame.kind === 'root') {
    if (isIndentedCode(s, line)) return emit(s, line, i), i + 1;
    const previous = s.lines[i - 1];
    const next = previous === undefined || esm || previous.trim() === '' || /^#{1,6}\s/.test(previous) ? readStatements(s, i) : null;
    if (next !== null) return next;
  }
  return scan(s, i, s.starts[i]! + s.lines[i]!.length - line.length);
}

/** A line of indented code at the top level (after a blank line, or more of it): code, not read. */
function isIndentedCode(s: State, line: string): boolean {
  if (line.trim() === '') return false;
  const last = s.out[s.out.length - 1];
  s.indentedCode = /^(?: {4}|\t)/.test(line) && (s.indentedCode || last === undefined || last.trim() === '');
  return s.indentedCode;
}

// `import X from 'm'`, `import { a, b as c } from 'm'`, `import * as X from 'm'`, `import 'm'`; one after another.
const IMPORT_RE = /\s*import\s+(?:([\w$]+)\s*,?\s*)?(\{[^}]*\}\s*|\*\s*as\s+[\w$]+\s*)?(?:from\s*)?(["'])([^"'\n]+)\3[ \t]*;?/y;
const EXPORT_RE = /^export\s*(?:(?:default|const|let|var|function|class|async)\b|[{*])/;

/**
 * The import and export statements that start at line `i` (MDX's ESM, at the top level): those of the
 * theme's components are dropped, any other is an error at its line. Returns the line after them, or null
 * when the line is none (text that starts with the word).
 */
function readStatements(s: State, i: number): number | null {
  const start = s.starts[i]!;
  if (EXPORT_RE.test(s.lines[i]!)) {
    problem(s, start, 'export: sitegen renders markdown and runs no JavaScript, so nothing can use what this exports', 'delete it, and write its values where the page shows them');
    let j = i;
    while (j + 1 < s.lines.length && s.lines[j + 1]!.trim() !== '') j++;
    return blank(s, i, j);
  }
  if (!/^import\b/.test(s.lines[i]!)) return null;
  // A statement may run over lines (`import {\n  a,\n} from 'm'`): lines are added until they read as statements, up to a blank line.
  for (let j = i; j < s.lines.length && (j === i || s.lines[j]!.trim() !== ''); j++) {
    const text = s.body.slice(start, s.starts[j]! + s.lines[j]!.length);
    const statements: RegExpExecArray[] = [];
    let read = 0;
    IMPORT_RE.lastIndex = 0;
    for (let m = IMPORT_RE.exec(text); m; m = IMPORT_RE.exec(text)) statements.push(m), (read = IMPORT_RE.lastIndex);
    if (statements.length === 0 || text.slice(read).trim() !== '') continue;
    for (const m of statements) useImport(s, m, start + m.index + m[0].indexOf('import'));
    s.esm = true;
    return blank(s, i, j);
  }
  return null;
}

function useImport(s: State, m: RegExpExecArray, at: number): void {
  const [, name, braces, , module] = m as unknown as [string, string | undefined, string | undefined, string, string];
  const kind = THEME_MODULES[module];
  if (kind) {
    if (name) s.names.set(name, kind);
    return;
  }
  problem(s, at, `import of "${module}": sitegen renders markdown and does not run JavaScript modules`, moduleHint(module));
  const bound = [name, ...(braces?.replace(/[{}*]/g, '').split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!) ?? [])];
  for (const local of bound) if (local) s.modules.set(local, module);
}

/** Writes lines `i` to `j` as blank ones; returns the line after them. */
function blank(s: State, i: number, j: number): number {
  for (let k = i; k <= j; k++) emit(s, '', k);
  return j + 1;
}

const SPECIAL_RE = /[`\\<{]/g;
const UPPER_RE = /[A-Z]/;

/** The line being written: which, how far, its text not yet written, and whether it has a line out already. */
interface Cursor {
  line: number;
  end: number;
  text: string;
  /** Offset of `text`'s start. */
  from: number;
  wrote: boolean;
  /** The text follows a tag on its line: it is indented as the lines of the element it is in. */
  afterTag: boolean;
}

/** Reads line `i` from offset `pos`: its tags written as markdown, its MDX comments dropped, the rest as it is. */
function scan(s: State, i: number, pos: number): number {
  const c: Cursor = { line: i, end: s.starts[i]! + s.lines[i]!.length, text: '', from: pos, wrote: false, afterTag: false };
  while (pos < c.end) {
    SPECIAL_RE.lastIndex = pos;
    const special = SPECIAL_RE.exec(s.body);
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
      if (tag && 'problem' in tag) problem(s, tag.at, tag.problem, 'write it as JSX writes a tag, <Name attribute="value">, or as text: in `code`, or \\<');
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

// HTML's elements (and a few old ones): written in capitals (`<SCRIPT>`, `<BR>`, `<H2>`), as old pages do, they are HTML, not components.
const HTML_ELEMENTS = new Set(
  'a abbr acronym address area article aside audio b base bdi bdo big blockquote body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee math menu meta meter nav noframes noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search section select slot small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp'.split(' '),
);

/** Whether a name is an HTML element's written in capitals (`SCRIPT`): HTML, as browsers read it whatever its case. */
function isHtmlInCapitals(name: string): boolean {
  return !/[a-z]/.test(name) && HTML_ELEMENTS.has(name.toLowerCase());
}

/** Past what is not a tag at `pos` (an escape, code, an HTML or MDX comment), its text kept in the cursor or dropped; null for a `<` that may start a tag. */
function nextPosition(s: State, c: Cursor, pos: number): number | null {
  const { body } = s;
  const char = body[pos]!;
  let end: number;
  if (char === '\\') end = Math.min(pos + 2, c.end);
  else if (char === '`') end = codeSpanEnd(body, pos, c.end);
  else if (char === '{') {
    if (!body.startsWith('{/*', pos)) end = pos + 1;
    else {
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

/** Past the code span that starts at `pos` (its closing run of as many backticks on the line), or past the backticks when none closes it. */
function codeSpanEnd(body: string, pos: number, end: number): number {
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

/** Writes the cursor's text as a line of the element it is in (text directly in a Tabs is in no tab: an error). */
function writeText(s: State, c: Cursor): void {
  const frame = top(s);
  const text = c.afterTag && c.text.trim() ? ' '.repeat(frame.base) + c.text.trim() : c.text;
  if (frame.kind === 'Tabs' && text.trim() !== '') {
    problem(s, c.from + c.text.length - c.text.trimStart().length, `text in <${frame.name}> outside its TabItems is in no tab, so it would not be shown`, `put it in a <TabItem>, or after </${frame.name}>`);
    emit(s, '', c.line);
  } else emit(s, text, c.line);
  c.wrote = true;
}

/** A component sitegen does not run: an error at its opening tag (its closing tag goes with it). */
function unknownComponent(s: State, tag: JsxTag): void {
  if (tag.closing) return;
  const module = s.modules.get(tag.name.split('.')[0]!);
  problem(s, tag.start, `<${tag.name}> is a React component${module ? ` (from "${module}")` : ''}, which sitegen does not run`, componentHint(tag.name));
}

/** Writes a tag of a component sitegen reads: the text before it on its line is a line of its own. */
function writeTag(s: State, c: Cursor, tag: JsxTag, kind: ComponentKind): void {
  const first = c.text.trim() === '' && !c.afterTag;
  const indent = first ? c.text.length : null;
  if (!first && c.text.trim() !== '') writeText(s, c);
  c.text = '';
  c.afterTag = true;
  const written = s.out.length;
  if (tag.closing) closeTag(s, tag, kind, c.line);
  else {
    const frame = kind === 'TabItem' ? openTabItem(s, tag, c.line) : openBlock(s, tag, kind, c.line, indent);
    if (tag.selfClosing) closeFrame(s, s.stack.pop()!, c.line);
    else frame.dedent = bodyDedent(s, tag, frame);
  }
  // A closing tag of none writes nothing: its line is still written (blank).
  if (s.out.length > written) c.wrote = true;
}

function openTabItem(s: State, tag: JsxTag, line: number): Frame {
  const parent = top(s);
  // One in a Tabs that is itself in no tab is told with that Tabs: its text is shown as text.
  if (parent.kind !== 'Tabs' || parent.orphan) {
    if (!parent.orphan) problem(s, tag.start, `<${tag.name}> is not in a <Tabs>, so its tab would be in no group`, `put it between <Tabs> and </Tabs>`);
    return push(s, { kind: 'TabItem', name: tag.name, base: parent.base, dedent: parent.dedent, at: tag.start, out: emit(s, '', line), close: '', orphan: true });
  }
  const { defaultValue, labels } = parent.options!;
  const { value, label, isDefault, defaultAt } = readTabItem(tag, labels, s.problems);
  // sitegen's tabs start on their first (tabs.ts): a group that says another would start elsewhere in Docusaurus.
  const first = 'the first tab of a group is the one shown first here';
  if (isDefault && parent.tabs! > 0) s.problems.push({ at: defaultAt, severity: 'warning', message: `default: ${first}, so this one is not`, hint: 'move this TabItem first in its Tabs' });
  if (defaultValue && parent.tabs === 0 && value !== defaultValue.value) s.problems.push({ at: defaultValue.at, severity: 'warning', message: `defaultValue="${defaultValue.value}": ${first}, ${label ?? value ?? ''}`, hint: `move the TabItem of value "${defaultValue.value}" first` });
  parent.tabs!++;
  const head = `${' '.repeat(parent.base)}== ${label ?? `${parent.tabs}`}`;
  return push(s, { kind: 'TabItem', name: tag.name, base: parent.base, dedent: parent.dedent, at: tag.start, out: emit(s, head, line), close: '' });
}

/** Opens a Tabs, an Admonition or a Details; `indent`: its tag's, when it starts its line. */
function openBlock(s: State, tag: JsxTag, kind: ComponentKind, line: number, indent: number | null): Frame {
  const parent = top(s);
  const base = indent && inListItem(s, indent) ? indent : parent.base;
  const pad = ' '.repeat(base);
  const frame: Frame = { kind, name: tag.name, base, dedent: parent.dedent, at: tag.start, out: 0, close: '' };
  if (parent.kind === 'Tabs') {
    problem(s, tag.start, `<${tag.name}> in <${parent.name}> outside its TabItems is in no tab, so it would not be shown`, `put it in a <TabItem>, or after </${parent.name}>`);
    frame.orphan = true;
    frame.out = emit(s, '', line);
  } else if (kind === 'Tabs') {
    const options = readTabs(tag, s.problems);
    Object.assign(frame, { tabs: 0, options, close: `${pad}:::`, out: emit(s, `${pad}:::tabs${options.key ? ` key:${options.key}` : ''}`, line) });
    s.tabsLines.add(frame.out);
  } else if (kind === 'Admonition') {
    const head = readAdmonition(tag, s.problems);
    Object.assign(frame, { close: head ? `${pad}:::` : '', out: emit(s, head ? pad + head : '', line) });
  } else Object.assign(frame, { close: `${pad}</details>`, out: emit(s, pad + readDetails(tag, s.problems), line) });
  return push(s, frame);
}

/** Whether a line indented `indent` is in a list item (the item's text starts at or before it): the lines written for its element keep the indentation. */
function inListItem(s: State, indent: number): boolean {
  for (let k = s.out.length - 1; k >= Math.max(0, s.out.length - 200); k--) {
    const line = s.out[k]!;
    if (line.trim() === '' || line.length - line.trimStart().length >= indent) continue;
    const item = /^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+/.exec(line);
    return !!item && item[0].length <= indent;
  }
  return false;
}

/**
 * How much leading whitespace to take off the lines of an element: as much as puts its least indented
 * line (fenced code's own lines left out) at its base, so that `  <TabItem>` then `    text` is text.
 */
function bodyDedent(s: State, tag: JsxTag, frame: Frame): number {
  s.leastIndents ??= leastIndents(s);
  const least = s.leastIndents.get(tag.start) ?? Infinity;
  return least === Infinity ? frame.dedent : Math.max(0, least - frame.base);
}

/**
 * The least indentation of the lines of each element (by its opening tag's offset), in one pass over the page:
 * its lines between its opening tag and the closing tag that starts a line, blank lines and fenced code's
 * lines left out, an element's own being its parent's too. One walk for them all: a lookahead from each
 * tag took seconds on a page of thousands never closed.
 */
function leastIndents(s: State): Map<number, number> {
  const names = [...s.names.keys()].map((name) => name.replace(/\./g, '\\.')).join('|');
  const tags = new RegExp(`<(/?)(${names})(?=[\\s/>]|$)`, 'g');
  const least = new Map<number, number>();
  const open: { at: number; name: string; after: number; least: number }[] = [];
  const done = () => {
    const element = open.pop()!;
    least.set(element.at, element.least);
    const parent = open[open.length - 1];
    if (parent) parent.least = Math.min(parent.least, element.least);
  };
  let fence: string | null = null;
  s.lines.forEach((line, j) => {
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
      const at = s.starts[j]! + m.index!;
      if (m[1]) {
        let index = open.length - 1;
        while (index >= 0 && open[index]!.name !== m[2]) index--;
        while (index >= 0 && open.length > index) done();
        continue;
      }
      const tag = readJsxTag(s.body, at);
      if (tag && !('problem' in tag) && !tag.selfClosing) open.push({ at, name: m[2]!, after: lineAt(s.starts, tag.end), least: Infinity });
    }
  });
  while (open.length) done();
  return least;
}

function closeTag(s: State, tag: JsxTag, kind: ComponentKind, line: number): void {
  let index = s.stack.length - 1;
  while (index > 0 && !(s.stack[index]!.kind === kind && s.stack[index]!.name === tag.name)) index--;
  if (index === 0) return problem(s, tag.start, `</${tag.name}> closes no <${tag.name}>`, `delete it, or open a <${tag.name}> before it`);
  while (s.stack.length - 1 > index) {
    const open = s.stack.pop()!;
    problem(s, open.at, `<${open.name}> is not closed before </${tag.name}>`, `close it with </${open.name}>`);
    closeFrame(s, open, line);
  }
  closeFrame(s, s.stack.pop()!, line);
}

function closeFrame(s: State, frame: Frame, line: number): void {
  if (frame.kind === 'Tabs' && !frame.orphan && frame.tabs === 0) {
    problem(s, frame.at, `<${frame.name}> has no TabItem, so it has no tabs`, 'put a <TabItem value="…" label="…"> in it for each tab');
    s.out[frame.out] = '';
    s.tabsLines.delete(frame.out);
    emit(s, '', line);
    return;
  }
  emit(s, frame.orphan ? '' : frame.close, line);
}

function push(s: State, frame: Frame): Frame {
  s.stack.push(frame);
  return frame;
}

function top(s: State): Frame {
  return s.stack[s.stack.length - 1]!;
}

/** Writes a line that comes from the body's line `line`; returns its index in the output. */
function emit(s: State, text: string, line: number): number {
  s.out.push(text);
  s.origin.push(line);
  return s.out.length - 1;
}

function problem(s: State, at: number, message: string, hint: string): void {
  s.problems.push({ at, severity: 'error', message, hint });
}

/** A line without up to `count` characters of its leading whitespace. */
function strip(line: string, count: number): string {
  if (count === 0) return line;
  let n = 0;
  while (n < count && (line[n] === ' ' || line[n] === '\t')) n++;
  return line.slice(n);
}

/** The line (0-based) that holds `offset`. */
function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
