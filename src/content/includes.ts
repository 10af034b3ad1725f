// Partials included in a page before markdown runs: VitePress's `<!--@include: ./_part.md-->` (a line range
// `{3,10}` or a region `#name` after the path) and Docusaurus's `import Part from './_part.md'` shown as
// `<Part />`, each on a line of its own outside code. The partial's text takes the line's place, indented as
// the line is, its front matter left out and its own includes expanded in turn; each line written says where
// it comes from (includeMap.ts). VitePress's `<<< path` shows a file as a code block (snippets.ts). Loaded only for a
// page that may include something (`mayInclude`).
import { realpathSync, statSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import type { Diagnostic } from '../types.js';
import { codeLines, isIndentedCode, withoutCodeSpans } from './includeLines.js';
import { mayInclude, type IncludedFile, type IncludeMap, type LineRun } from './includeMap.js';
import { readStatements } from './mdxStatements.js';
import { lineAt, pageText } from './mdxText.js';
import { versionedFromDocs } from './links.js';
import { readSource, unreadProblem } from './readSource.js';
import { findRegion, regionNames, type Region } from './regions.js';
import { parseSnippet, regionCode, snippetBlock, SNIPPET_LINE_RE } from './snippets.js';

/** A partial as read: its text, or why it cannot be included. */
export type PartialRead = { text: string } | { missing: true } | { outside: true } | { folder: true } | { problem: Diagnostic };

/** Reads a file of a locale folder. */
export type ReadPartial = (file: IncludedFile) => PartialRead;

export interface ExpandInput {
  body: string;
  /** The page's line of the body's first line. */
  bodyLine: number;
  /** The page's file, in the locale folder that holds it (a fallback copy's is the default locale's). */
  page: IncludedFile;
  /** The default locale's folder: a partial the page's folder lacks is taken from there, as an untranslated page is. */
  defaultFolder: string;
  /** Every locale's folder: a path may name another's (`../../en/docs/_part.md`). */
  locales: string[];
  /** The content folder, relative to the project root (`content`; '' when it is the project folder). */
  contentRoot: string;
  read: ReadPartial;
}

export interface Expansion {
  body: string;
  /** Where each line of `body` comes from; absent when every line is the page's own, at its place. */
  map?: IncludeMap;
  /** The files shown as code blocks (`<<<`), by their path from the project root: not published unless linked to. */
  snippets: Set<string>;
  diagnostics: Diagnostic[];
}

/** A page past this many lines stops including: a few partials that each include another twice grow it exponentially. */
const MAX_LINES = 100_000;

// An include's line: its indentation and block quote markers (`> `, `  > -   `: a list in a quote) before it, then a
// list item's marker when the partial is the item's text (`1. <!--@include: …-->`).
const DIRECTIVE_RE = /^((?:[ \t]*>)*[ \t]*)((?:[-*+]|\d{1,9}[.)])[ \t]+)?<!--\s*@include:\s*(.*?)\s*-->[ \t]*$/;
const LOOSE_DIRECTIVE_RE = /<!--\s*@include:/;
const RANGE_RE = /\{(\d*),(\d*)\}$/;
const BRACES_RE = /\{[^{}]*\}$/;
const REGION_RE = /#([^\s#{}]+)$/;
const TAG_LINE_RE = /^((?:[ \t]*>)*[ \t]*)((?:[-*+]|\d{1,9}[.)])[ \t]+)?<([A-Z][\w$]*)\s*\/>[ \t]*$/;
const PARTIAL_MODULE_RE = /\.mdx?$/;
const IMPORT_LINE_RE = /^import\b/m;
const FRONT_MATTER_OPEN_RE = /^---[ \t]*$/;
const FRONT_MATTER_CLOSE_RE = /^(?:---|\.\.\.)[ \t]*$/;
const PATH_HINT = 'write the path from this file (./_part.md, ../_shared/part.md) or from the locale folder (@/docs/_shared/part.md)';

/** The expansion of one page: the lines written and where they come from, the files read, what went wrong. */
interface Expander extends Omit<ExpandInput, 'body' | 'bodyLine' | 'page'> {
  out: string[];
  runs: LineRun[];
  files: IncludedFile[];
  diagnostics: Diagnostic[];
  snippets: Set<string>;
  /** The page's locale folder, then the default locale's: where a path is looked for. */
  folders: string[];
  tooLong: boolean;
  /** The lines of partials' imports of other modules (the theme's components), for the page's top; by `file:line`, each once. */
  hoisted: Map<string, { text: string; file: number; line: number; at: number }>;
  /** List item markers a partial is included after, put (at their column) before the next line written that is not blank. */
  leads: { at: number; marker: string }[];
}

/** A file's lines being written into the page. */
interface Part {
  /** Its index in `files`. */
  index: number;
  lines: string[];
  /** The file's line of `lines[0]`. */
  first: number;
  /** Put before each line (the include's own indentation and quote markers, and its includer's); before a blank one, its markers only. */
  indent: string;
  /** The page's line that included it (null: the page itself). */
  at: number | null;
  /** The files that include it, the page first, itself last. */
  chain: string[];
}

/** A partial imported by a Docusaurus import statement, by the name it is given. */
interface PartialImport {
  module: string;
  line: number;
  column: number;
  target: Included | null;
  used: boolean;
}

/** A partial found and read, with the file it is. */
type Included = { file: IncludedFile; text: string };

/** Expands the partials a page's body includes (nested ones too); the body as it was when it includes none. */
export function expandIncludes(input: ExpandInput): Expansion {
  const { body, bodyLine, page, ...rest } = input;
  const s: Expander = { ...rest, out: [], runs: [], files: [page], diagnostics: [], snippets: new Set(), folders: [...new Set([page.folder, input.defaultFolder])], tooLong: false, hoisted: new Map(), leads: [] };
  writePart(s, { index: 0, lines: body.split('\n'), first: bodyLine, indent: '', at: null, chain: [page.file] });
  if (s.hoisted.size) writeHoisted(s);
  const own = s.runs.length === 1 && s.runs[0]!.file === 0;
  return { body: s.out.join('\n'), ...(own ? {} : { map: { files: s.files, runs: s.runs } }), snippets: s.snippets, diagnostics: s.diagnostics };
}

/** Writes a file's lines, each include among them replaced by its partial's lines. */
function writePart(s: Expander, part: Part): void {
  const { lines } = part;
  const text = lines.join('\n');
  if (!mayInclude(text) && (part.at === null || !IMPORT_LINE_RE.test(text))) {
    lines.forEach((line, i) => emit(s, part, i, line));
    return;
  }
  const code = codeLines(lines);
  const { imports, statementLines, hoisted } = readImports(s, part, code);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (statementLines.has(i)) emit(s, part, i, '');
    else if (hoisted.has(i)) hoist(s, part, i);
    // An include, a tag or a directive in text starts with `<`: most lines are passed by that test alone.
    else if (code[i] || !line.includes('<') || !includeLine(s, part, i, imports)) emit(s, part, i, line);
  }
  for (const [name, { module, line, column, used, target }] of imports) {
    if (!used && target) problem(s, part, line, column, 'warning', `${name} is imported from ${module} and never shown, so the partial is not included`, `show it with <${name} /> on a line of its own, or delete the import`);
  }
}

/**
 * Handles line `i` when it includes a partial, or names one where it cannot be included: the partial's lines
 * (or, when it cannot be read, the line as written) are emitted. False when the line is for the caller to write.
 */
function includeLine(s: Expander, part: Part, i: number, imports: Map<string, PartialImport>): boolean {
  const line = part.lines[i]!;
  const snippet = SNIPPET_LINE_RE.exec(line);
  if (snippet) {
    const [, indent = '', marker = '', spec = ''] = snippet;
    if (isIndentedCode(part.lines, i, indent)) return false;
    writeSnippet(s, part, i, { indent, marker }, spec);
    return true;
  }
  const directive = DIRECTIVE_RE.exec(line);
  if (directive) {
    const [, indent = '', marker = '', spec = ''] = directive;
    if (isIndentedCode(part.lines, i, indent)) return false;
    const included = includeDirective(s, part, i, spec, indent.length + marker.length + 1);
    if (included) writeIncluded(s, part, i, { indent, marker }, included);
    else emit(s, part, i, line);
    return true;
  }
  const tag = TAG_LINE_RE.exec(line);
  const imported = tag ? imports.get(tag[3]!) : undefined;
  // MDX has no indented code: a tag is read however indented (mdx.ts), and so is the partial.
  if (tag && imported) {
    const [, indent = '', marker = ''] = tag;
    imported.used = true;
    const target = imported.target && selectLines(s, part, i, indent.length + marker.length + 1, imported.target, null, null);
    if (target) writeIncluded(s, part, i, { indent, marker }, { ...imported.target!, ...target });
    else emit(s, part, i, marker.trimEnd() ? indent + marker.trimEnd() : '');
    return true;
  }
  const prose = withoutCodeSpans(line);
  if (LOOSE_DIRECTIVE_RE.test(prose)) {
    problem(s, part, i, prose.search(LOOSE_DIRECTIVE_RE) + 1, 'warning', 'this include shares its line with other text, so it is not read (it stays an HTML comment)', 'put <!--@include: …--> on a line of its own');
    return false;
  }
  for (const [name, imported] of imports) {
    const at = new RegExp(`<${name}(?=[\\s/>])`).exec(prose);
    if (!at) continue;
    imported.used = true;
    const props = !/^<\w+\s*\/?>/.test(prose.slice(at.index));
    problem(s, part, i, at.index + 1, 'error', `<${name}> includes the partial ${imported.module} only as <${name} /> alone on its line`, props ? 'a partial takes no props: its text is included as written' : `put <${name} /> on a line of its own`);
    emit(s, part, i, '');
    return true;
  }
  return false;
}

/** The partial a `<!--@include: …-->` line names, its lines selected, or null when it cannot be included (told). */
function includeDirective(s: Expander, part: Part, i: number, spec: string, column: number): (Included & { lines: string[]; first: number }) | null {
  let path = spec;
  const range = RANGE_RE.exec(path);
  if (range) path = path.slice(0, range.index);
  else if (BRACES_RE.test(path)) return problem(s, part, i, column, 'error', `${spec}: a line range is written {start,end}, either side left out for the file's first or last line`, 'write {3,10}, {3,} or {,10}');
  const region = REGION_RE.exec(path);
  if (region) path = path.slice(0, region.index);
  if (!path) return problem(s, part, i, column, 'error', 'this include names no file', `write <!--@include: ./_part.md--> (${PATH_HINT.replace(/^write /, '')})`);
  const target = findPartial(s, part, i, column, path, false);
  if (!target) return null;
  const lines = selectLines(s, part, i, column, target, region?.[1] ?? null, range ? [range[1]!, range[2]!] : null);
  return lines && { ...target, ...lines };
}

/**
 * Writes a partial's lines in place of line `i`, indented as the line is, unless it includes itself (told, with the
 * chain of includes); after a list item's `marker`, the partial is the item's text: its first line that is not blank
 * is written behind the marker, the others indented under it.
 */
function writeIncluded(s: Expander, part: Part, i: number, { indent, marker }: { indent: string; marker: string }, included: Included & { lines: string[]; first: number }): void {
  const { file } = included;
  const column = indent.length + marker.length + 1;
  if (part.chain.includes(file.file)) {
    problem(s, part, i, column, 'error', `this include makes a cycle: ${[...part.chain, file.file].join(' → ')}`, 'a partial cannot include a file that includes it');
    emit(s, part, i, part.lines[i]!);
    return;
  }
  if (s.out.length > MAX_LINES) {
    if (!s.tooLong) problem(s, part, i, column, 'error', `the page's includes make it longer than ${MAX_LINES.toLocaleString('en')} lines, so the rest are not included`, 'include each partial fewer times');
    s.tooLong = true;
    emit(s, part, i, part.lines[i]!);
    return;
  }
  let index = s.files.findIndex((f) => f.file === file.file);
  if (index === -1) index = s.files.push(file) - 1;
  const lead = marker ? { at: part.indent.length + indent.length, marker } : null;
  if (lead) s.leads.push(lead);
  writePart(s, { index, lines: included.lines, first: included.first, indent: part.indent + indent + ' '.repeat(marker.length), at: part.at ?? part.first + i, chain: [...part.chain, file.file] });
  // A partial of blank lines only: the item is written, empty.
  if (lead && s.leads.includes(lead)) {
    s.leads.splice(s.leads.indexOf(lead), 1);
    emit(s, part, i, indent + marker.trimEnd());
  }
}

/**
 * Writes a code block of a file's lines (`<<< path`, snippets.ts) in place of line `i`, indented as the line is (after a
 * list item's marker, the item's), each of its lines told at line `i`: a problem of the block (a line to highlight past its
 * end) is the directive's. The file's text is code, never read for includes. When the file cannot be shown (told), the
 * line is written as it is.
 */
function writeSnippet(s: Expander, part: Part, i: number, { indent, marker }: { indent: string; marker: string }, spec: string): void {
  const block = snippetLines(s, part, i, indent.length + marker.length + 1, spec);
  if (!block) return emit(s, part, i, part.lines[i]!);
  if (marker) s.leads.push({ at: part.indent.length + indent.length, marker });
  const at = { ...part, indent: part.indent + indent + ' '.repeat(marker.length) };
  for (const text of block) emit(s, at, i, text);
}

/** The lines of the code block a `<<<` line shows, or null when its file or region cannot be read (told). */
function snippetLines(s: Expander, part: Part, i: number, column: number, written: string): string[] | null {
  const spec = parseSnippet(written);
  if ('problem' in spec) return problem(s, part, i, column, 'error', spec.problem, spec.hint);
  const target = findPartial(s, part, i, column, spec.path, false);
  if (!target) return null;
  s.snippets.add(target.file.file);
  let lines = target.text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (spec.region !== null) {
    const region = regionIn(s, part, i, column, target.file, lines, spec.region);
    if (!region) return null;
    lines = regionCode(lines, region);
  }
  return snippetBlock(lines, spec, target.file.contentPath);
}

/**
 * The file a path names, read, or null when there is none to read (told at line `i`). A path is from the
 * including file's folder, or from the locale folder after `@/`; it is looked for in the page's locale folder,
 * then in the default locale's, unless it names a locale folder itself (`../../en/docs/_part.md`).
 */
function findPartial(s: Expander, part: Part, i: number, column: number, written: string, imported: boolean): Included | null {
  const from = s.files[part.index]!;
  const relative = /^\.\.?\//.test(written);
  if (written.startsWith('/') || (written.startsWith('@') && !written.startsWith('@/')) || (imported && !relative && !written.startsWith('@/'))) {
    return problem(s, part, i, column, 'error', `${written}: a partial's path starts with ./, ../ or @/ (the locale folder)`, PATH_HINT);
  }
  const asWritten = written.startsWith('@/') ? posix.normalize(written.slice(2)) : posix.normalize(posix.join(posix.dirname(from.contentPath), written));
  // A versioned doc's path out of its version's folder was written in docs/ (`sitegen docs version` copied it one
  // folder deeper): it leads where it led from there.
  const path = (relative && versionedFromDocs(from.contentPath, written, asWritten)) || asWritten;
  let places = s.folders.map((folder) => ({ folder, contentPath: path }));
  if (path.startsWith('../') || path === '..') {
    const [, folder, rest] = /^\.\.\/([^/]+)\/(.+)$/.exec(path) ?? [];
    if (folder === undefined || !s.locales.includes(folder) || rest!.startsWith('../')) {
      const root = s.contentRoot ? `${s.contentRoot}/` : '';
      return problem(s, part, i, column, 'error', `${written} leads out of the locale folders, where partials are kept`, `keep the partial in ${root}<locale>/, as ${root}${from.folder}/docs/_shared/part.md`);
    }
    places = [{ folder, contentPath: rest! }];
  }
  const candidates = places.map(({ folder, contentPath }): IncludedFile => ({ file: [s.contentRoot, folder, contentPath].filter(Boolean).join('/'), contentPath, folder }));
  for (const file of candidates) {
    const read = s.read(file);
    if ('text' in read) return { file, text: read.text };
    if ('outside' in read) return problem(s, part, i, column, 'error', `${written} leads out of the content folder (${file.file} is a symbolic link)`, 'put the partial itself in the locale folder');
    if ('folder' in read) return problem(s, part, i, column, 'error', `${written} is a folder (${file.file}), not a file`, `name a file in it: ${written.replace(/\/+$/, '')}/part.md`);
    if ('problem' in read) {
      s.diagnostics.push(read.problem);
      return null;
    }
  }
  return problem(s, part, i, column, 'error', `${written} does not exist (looked for ${candidates.map((f) => f.file).join(' and ')})`, `create it, or correct the path: ${PATH_HINT}`);
}

/**
 * The lines of a partial to include, and the file's line of the first: the whole file less its front matter,
 * else the lines of its region `region` (between its markers), else its lines `range` ({start,end}, 1-based,
 * either side empty), counted in the region when there is one. Null when there are none (told).
 */
function selectLines(s: Expander, part: Part, i: number, column: number, target: Included, region: string | null, range: [string, string] | null): { lines: string[]; first: number } | null {
  let lines = target.text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let first = 1;
  if (region === null && range === null) {
    const close = FRONT_MATTER_OPEN_RE.test(lines[0] ?? '') ? lines.findIndex((line, k) => k > 0 && FRONT_MATTER_CLOSE_RE.test(line)) : -1;
    return close === -1 ? { lines, first } : { lines: lines.slice(close + 1), first: close + 2 };
  }
  if (region !== null) {
    const found = regionIn(s, part, i, column, target.file, lines, region);
    if (!found) return null;
    lines = lines.slice(found.start, found.end);
    first = found.start + 1;
  }
  if (range === null) return { lines, first };
  const what = region === null ? target.file.file : `region "${region}"`;
  const start = range[0] === '' ? 1 : Number(range[0]);
  const end = range[1] === '' ? lines.length : Math.min(Number(range[1]), lines.length);
  if (start < 1) return problem(s, part, i, column, 'error', `{${range.join(',')}}: lines are counted from 1`, `write {1,${range[1]}}`);
  if (range[1] !== '' && Number(range[1]) < start) return problem(s, part, i, column, 'error', `{${range.join(',')}}: the range ends before it starts`, 'write the first line, then the last');
  if (start > lines.length) return problem(s, part, i, column, 'error', `{${range.join(',')}}: ${what} has ${lines.length} line${lines.length === 1 ? '' : 's'}`, 'include lines it has');
  return { lines: lines.slice(start - 1, end), first: first + start - 1 };
}

/** The region `name` of a file's lines, or null when it has none or it is never ended (told). */
function regionIn(s: Expander, part: Part, i: number, column: number, file: IncludedFile, lines: string[], name: string): Region | null {
  const found = findRegion(lines, name);
  if (found === null) {
    const names = regionNames(lines);
    return problem(s, part, i, column, 'error', `there is no region "${name}" in ${file.file}`, names.length ? `its regions: ${names.map((n) => `#${n}`).join(', ')}` : `mark one with <!-- #region ${name} --> and <!-- #endregion ${name} --> (// #region ${name} in code)`);
  }
  if ('unended' in found) {
    s.diagnostics.push({ severity: 'error', code: 'include', file: file.file, line: found.unended + 1, message: `region "${name}" is never ended, so it cannot be included`, hint: `end it with <!-- #endregion ${name} --> (// #endregion ${name} in code)` });
    return null;
  }
  return found;
}

/**
 * The Docusaurus imports of partials at the top level of a file (`import Part from './_part.md'`, outside
 * code), by name, each found and read; the lines of their statements, which are written blank; and, in a
 * partial, the lines of its imports of other modules, which go to the page's top (`hoist`).
 */
function readImports(s: Expander, part: Part, code: boolean[]): { imports: Map<string, PartialImport>; statementLines: Set<number>; hoisted: Set<number> } {
  const imports = new Map<string, PartialImport>();
  const statementLines = new Set<number>();
  const hoisted = new Set<number>();
  const { lines } = part;
  let text: ReturnType<typeof pageText> | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (code[i] || !lines[i]!.startsWith('import')) continue;
    text ??= pageText(lines.join('\n'));
    const statements = readStatements(text, i);
    if (statements?.kind !== 'import') continue;
    if (!statements.imports.some((imp) => PARTIAL_MODULE_RE.test(imp.module))) {
      if (part.at !== null) for (let k = i; k <= statements.last; k++) hoisted.add(k);
      i = statements.last;
      continue;
    }
    const mixed = statements.imports.some((imp) => !PARTIAL_MODULE_RE.test(imp.module));
    for (const imp of statements.imports.filter((imp) => PARTIAL_MODULE_RE.test(imp.module))) {
      const line = lineAt(text.starts, imp.at);
      const column = imp.at - text.starts[line]! + 1;
      if (mixed) problem(s, part, line, column, 'error', `this statement imports the partial ${imp.module} with other modules`, `import the partial in a statement of its own: import Part from '${imp.module}';`);
      else if (!imp.name || imp.bound.length > 1) problem(s, part, line, column, 'error', `a partial is imported by one name of its own, not as ${imp.bound.length ? `{ ${imp.bound.filter((b) => b !== imp.name).join(', ')} }` : 'a module run for its effects'}`, `write import Part from '${imp.module}'; and show it with <Part />`);
      else imports.set(imp.name, { module: imp.module, line, column, target: findPartial(s, part, line, column, imp.module, true), used: false });
    }
    for (let k = i; k <= statements.last; k++) statementLines.add(k);
    i = statements.last;
  }
  return { imports, statementLines, hoisted };
}

/**
 * Keeps line `i` of a partial's import of other modules (`import Tabs from '@theme/Tabs'`) for the page's top,
 * where MDX reads imports (at the include, indented in a list item or a tab, it would be text), once whatever the
 * times the partial is included; the line is blank in its place.
 */
function hoist(s: Expander, part: Part, i: number): void {
  const line = part.first + i;
  const key = `${part.index}:${line}`;
  if (!s.hoisted.has(key)) s.hoisted.set(key, { text: part.lines[i]!, file: part.index, line, at: part.at! });
  emit(s, part, i, '');
}

/** Writes the partials' imports before the page's first line, each told where it comes from. */
function writeHoisted(s: Expander): void {
  const lines = [...s.hoisted.values()];
  for (const run of s.runs) run.start += lines.length;
  s.runs.unshift(...lines.map(({ file, line, at }, k) => ({ start: k, count: 1, file, line, indent: 0, at })));
  s.out.unshift(...lines.map((l) => l.text));
}

/** Writes line `i` of a part as `text`, indented as the part is, and notes where it comes from. */
function emit(s: Expander, part: Part, i: number, text: string): void {
  // A partial written after a list item's marker: blank lines before its first text would end the item.
  if (s.leads.length && text.trim() === '') return;
  const line = part.first + i;
  const at = part.at ?? line;
  const last = s.runs[s.runs.length - 1];
  if (last && last.file === part.index && last.line + last.count === line && last.indent === part.indent.length && (part.at === null || last.at === at)) last.count++;
  else s.runs.push({ start: s.out.length, count: 1, file: part.index, line, indent: part.indent.length, at });
  // A blank line keeps the include's quote markers (`>`): the quote would end there.
  let written = part.indent && text.trim() === '' ? part.indent.trimEnd() : part.indent + text;
  for (const { at, marker } of s.leads) written = written.slice(0, at) + marker + written.slice(at + marker.length);
  s.leads = [];
  s.out.push(written);
}

/** Tells a problem at line `i` of a part's file; returns null, for the caller to return. */
function problem(s: Expander, part: Part, i: number, column: number, severity: Diagnostic['severity'], message: string, hint: string): null {
  s.diagnostics.push({ severity, code: 'include', file: s.files[part.index]!.file, line: part.first + i, column, message, hint });
  return null;
}

/**
 * Reads partials from the content folder (`memo`: each file once per build, whatever the number of pages
 * that include it). A file that is a symbolic link out of the content folder is not read.
 */
export function createPartialReader(contentDir: string, memo = new Map<string, PartialRead>()): ReadPartial {
  let root: string | null = null;
  return (target) => {
    const known = memo.get(target.file);
    if (known) return known;
    let read: PartialRead;
    let real: string | null = null;
    try {
      real = realpathSync(join(contentDir, target.folder, target.contentPath));
    } catch {
      // not there (or a link to nothing)
    }
    if (real === null) read = { missing: true };
    else if (!real.startsWith((root ??= realpathSync(contentDir)) + sep)) read = { outside: true };
    // Told at the include that names it: reading it would be told at the folder, with no line.
    else if (statSync(real).isDirectory()) read = { folder: true };
    else {
      const source = readSource(real);
      read = source.ok ? { text: source.text } : { problem: unreadProblem(source, target.file, 'include', 'give the build read access to it') };
    }
    memo.set(target.file, read);
    return read;
  };
}
