// Where each line of a page's body comes from once its partials are included (includes.ts): the page's own
// lines and each partial's, so that diagnostics and links are told at the partial's file and line, a relative
// link in a partial resolves from the partial's own folder, and a heading of a partial is the page's at the
// line that includes it. Loaded by every build and by the worker threads: the expansion itself is not.
import type { Diagnostic } from '../types.js';
import type { MarkdownResult } from './markdown.js';

/** A file a page's body is made of: the page itself (the first), or a partial it includes. */
export interface IncludedFile {
  /** Path relative to the project root, for diagnostics (`content/en/docs/_shared/key.md`). */
  file: string;
  /** Path under its locale folder (`docs/_shared/key.md`): the base of its relative links. */
  contentPath: string;
  /** The locale folder that holds it (`en`). */
  folder: string;
}

/** Consecutive lines of the body taken from consecutive lines of one file. */
export interface LineRun {
  /** The body's line (0-based) where the run starts, and how many lines it has. */
  start: number;
  count: number;
  /** The file, by its index in `IncludeMap.files`. */
  file: number;
  /** The file's line (1-based) of the run's first line. */
  line: number;
  /** Columns of indentation put before each line (an include in a list item indents the partial's lines as itself). */
  indent: number;
  /** The page's own line that included the run (the outermost include); for the page's own lines, their line. */
  at: number;
}

/** The files of a page's body and where each of its lines comes from. */
export interface IncludeMap {
  files: IncludedFile[];
  runs: LineRun[];
}

/** Where a body line comes from: the file, its line there, the indentation the include added, the page's line that included it. */
export interface LineOrigin {
  file: IncludedFile;
  line: number;
  indent: number;
  at: number;
}

// VitePress's directives (a partial, a code snippet), and a Docusaurus import of a markdown file (its module ends in .md or .mdx).
const PARTIAL_MODULE_RE = /\.mdx?["']/;
const IMPORT_LINE_RE = /^import\b/m;

/** Whether a text may include a partial or a code snippet: string tests first, so that a page without one costs next to nothing. */
export function mayInclude(text: string): boolean {
  return text.includes('@include') || text.includes('<<<') || (PARTIAL_MODULE_RE.test(text) && IMPORT_LINE_RE.test(text));
}

/** The origin of the body's line `index` (0-based), or null past the body. */
export function lineOrigin(map: IncludeMap, index: number): LineOrigin | null {
  const { runs } = map;
  let lo = 0;
  let hi = runs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs[mid]!.start <= index) lo = mid;
    else hi = mid - 1;
  }
  const run = runs[lo];
  if (!run || index < run.start || index >= run.start + run.count) return null;
  const offset = index - run.start;
  return { file: map.files[run.file]!, line: run.line + offset, indent: run.indent, at: run.file === 0 ? run.line + offset : run.at };
}

/** A diagnostic told at a line of the body (`file`'s, which starts at `bodyLine`) moved to the file and line it comes from. */
export function placeDiagnostic(d: Diagnostic, map: IncludeMap, file: string, bodyLine: number): Diagnostic {
  if (d.file !== file || d.line === undefined) return d;
  const origin = lineOrigin(map, d.line - bodyLine);
  if (!origin) return d;
  return { ...d, file: origin.file.file, line: origin.line, ...(d.column !== undefined ? { column: Math.max(1, d.column - origin.indent) } : {}) };
}

/**
 * A result rendered from a body with partials, told at the partials' own lines: its diagnostics and links
 * (a link of a partial names its file), and each heading at the page's line that includes it.
 */
export function withIncludedLines(result: MarkdownResult, map: IncludeMap, file: string, bodyLine: number): MarkdownResult {
  const { rendered } = result;
  const refs = rendered.refs.map((ref) => {
    const origin = lineOrigin(map, ref.line - bodyLine);
    if (!origin) return ref;
    return origin.file.file === file ? { ...ref, line: origin.line } : { ...ref, file: origin.file.file, line: origin.line };
  });
  const headingLines = rendered.headingLines.map((line) => lineOrigin(map, line - bodyLine)?.at ?? line);
  return { ...result, rendered: { ...rendered, refs, headingLines }, diagnostics: result.diagnostics.map((d) => placeDiagnostic(d, map, file, bodyLine)) };
}

/**
 * The base of a relative link at a line of the rendered body (after the MDX rewrite, whose `mdxLines` give the
 * body line of each of its lines): the partial it comes from, or null for the page's own lines.
 */
export function linkBaseAt(map: IncludeMap, bodyLine: number, mdxLines?: number[]): (line: number) => { contentPath: string; sourceFolder: string } | null {
  const originOf = renderedOrigin(map, bodyLine, mdxLines);
  return (line) => {
    const origin = originOf(line);
    return origin && origin.file !== map.files[0] ? { contentPath: origin.file.contentPath, sourceFolder: origin.file.folder } : null;
  };
}

/**
 * The file and line a line of the rendered body is written at (the page's, or a partial's), for a message that
 * names a line other than the one it is told at (`defined already at content/en/docs/_shared/key.md:3`).
 */
export function lineSourceAt(map: IncludeMap, bodyLine: number, mdxLines?: number[]): (line: number) => { file: string; line: number } {
  const originOf = renderedOrigin(map, bodyLine, mdxLines);
  return (line) => {
    const origin = originOf(line);
    return origin ? { file: origin.file.file, line: origin.line } : { file: map.files[0]!.file, line };
  };
}

/** The origin of a line of the rendered body, through the MDX rewrite's lines when there is one. */
function renderedOrigin(map: IncludeMap, bodyLine: number, mdxLines?: number[]): (line: number) => LineOrigin | null {
  return (line) => {
    const index = line - bodyLine;
    return lineOrigin(map, mdxLines ? (mdxLines[index] ?? index) : index);
  };
}
