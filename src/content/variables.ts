import type { Diagnostic, SiteConfig } from '../types.js';
import { closestMatch } from '../diagnostics.js';
import { fenceAfter } from './fences.js';

const VARIABLE_RE = /(\\?)\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;
/** A name `{{name}}` can write, as VARIABLE_RE reads it: ASCII letters, digits, `_` and `.`, not first a digit or `.` (the config's keys are held to it). */
export const VARIABLE_NAME_RE = /^[A-Za-z_][\w.]*$/;

/** Each config's variables by locale: one Map per locale for as long as the config lives (the dev server keeps one until it changes). */
const perConfig = new WeakMap<SiteConfig, Map<string, Map<string, string>>>();

/** The variables of one locale, as plain strings. */
export function variablesFor(config: SiteConfig, locale: string): Map<string, string> {
  let locales = perConfig.get(config);
  if (!locales) perConfig.set(config, (locales = new Map()));
  let variables = locales.get(locale);
  if (!variables) locales.set(locale, (variables = new Map(Object.entries(config.variables).map(([name, value]) => [name, typeof value === 'string' ? value : value[locale] ?? '']))));
  return variables;
}

/**
 * Texts already substituted without a problem, by the variables they were substituted with: the dev
 * server substitutes every page's body on each edit, nearly all of them the very strings of the edit
 * before (a lookup of the same string is a pointer away). Emptied when it grows past `SUBSTITUTED_LIMIT`.
 */
const substituted = new WeakMap<Map<string, string>, Map<string, string>>();
const SUBSTITUTED_LIMIT = 5000;

/** Replaces `{{name}}` with its value; `\{{name}}` stays literal. Unknown names are errors at their line. */
export function substituteVariables(
  text: string,
  variables: Map<string, string>,
  place: { file: string; line: number },
): { text: string; diagnostics: Diagnostic[] } {
  if (!text.includes('{{')) return { text, diagnostics: [] };
  let known = substituted.get(variables);
  const done = known?.get(text);
  if (done !== undefined) return { text: done, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const lines = text.split('\n');
  let fenced: boolean[] | undefined;
  const out = lines.map((line, i) =>
    line.replace(VARIABLE_RE, (whole, escape: string, name: string, offset: number) => {
      if (escape) return whole.slice(1);
      const value = variables.get(name);
      if (value !== undefined) return value;
      // In code, braces that name no variable are the code's own (`${{ secrets.TOKEN }}` in a workflow, `{{ msg }}` in a
      // Vue template): left as written. A variable's name is still replaced there (`npm i app@{{version}}`).
      if ((fenced ??= fencedLines(lines))[i] || inCodeSpan(line, offset)) return whole;
      const guess = closestMatch(name, variables.keys());
      diagnostics.push({
        severity: 'error',
        code: 'variable',
        file: place.file,
        line: place.line + i,
        column: offset + 1,
        message: `unknown variable {{${name}}}`,
        hint: guess ? `did you mean {{${guess}}}? (variables are set in site.config.ts)` : 'define it under "variables" in site.config.ts, or write \\{{ for a literal {{',
      });
      return whole;
    }),
  );
  const result = out.join('\n');
  if (diagnostics.length === 0) {
    if (!known || known.size >= SUBSTITUTED_LIMIT) substituted.set(variables, (known = new Map()));
    known.set(text, result);
  }
  return { text: result, diagnostics };
}

/** Which lines are inside a fenced code block (its fence lines included), at any indent (a list item's). */
function fencedLines(lines: string[]): boolean[] {
  let open: string | null = null;
  return lines.map((line) => {
    const fence = fenceAfter(line.trimStart(), open);
    const inside = open !== null || Boolean(fence);
    if (fence !== undefined) open = fence;
    return inside;
  });
}

/** Whether `offset` of `line` is inside a code span: a run of backticks closed by the next run of the same length (CommonMark). */
function inCodeSpan(line: string, offset: number): boolean {
  const runEnd = (at: number) => {
    let end = at;
    while (line[end] === '`') end++;
    return end;
  };
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('`', i);
    if (open === -1 || open > offset) return false;
    const body = runEnd(open);
    let close = -1;
    for (let j = line.indexOf('`', body); j !== -1; j = line.indexOf('`', runEnd(j))) {
      if (runEnd(j) - j === body - open) {
        close = j;
        break;
      }
    }
    // A run that nothing closes is backticks as text.
    if (close === -1) i = body;
    else if (offset < close) return true;
    else i = close + (body - open);
  }
  return false;
}

/** Text that `substituteVariables` gives back as it is: code shown from a file (`{{ msg }}` in a Vue template is the code's). */
export function literalText(text: string): string {
  return text.includes('{{') ? text.replace(VARIABLE_RE, (whole) => `\\${whole}`) : text;
}
