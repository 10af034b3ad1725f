import { readFileSync } from 'node:fs';
import { escapeRegExp } from '../regexp.js';
import type { Diagnostic } from '../types.js';
// Where a key of the config is written, for its diagnostics: the config is read as a value (it is
// code), so the place of a key is found again in its text. Object keys are written `key:`, `'key':`
// or `"key":` (or `get key()`); each is looked for inside the value of the one above it. An index is
// the element of an array literal written there; a path stops at the array's key when the text does
// not tell which element it is (no literal there, or a spread `...list` before it).

/** The 1-based line of `path` (`['blog', 'postsPerPage']`, `['navbar', 3, 'to']`) in a config's source, or undefined when not found. */
export function keyLine(source: string, path: readonly (string | number)[]): number | undefined {
  let from = 0;
  let until = source.length;
  let at: number | undefined;
  for (const segment of path) {
    if (typeof segment === 'number') {
      const element = arrayElement(source, from, until, segment);
      if (!element) break;
      [at, from, until] = [element.start, element.start, element.end];
      continue;
    }
    const name = escapeRegExp(segment);
    const key = new RegExp(`(^|[\\s{,])(?:(['"]?)${name}\\2\\s*:(?!:)|get\\s+(['"]?)${name}\\3\\s*\\()`, 'g');
    key.lastIndex = from;
    let found = key.exec(source);
    // Not in a line comment (`// postsPerPage: 5`); a URL's `//` follows a colon, not a space.
    while (found && /(^|\s)\/\//.test(source.slice(source.lastIndexOf('\n', found.index) + 1, found.index + found[1]!.length))) found = key.exec(source);
    if (!found || found.index >= until) {
      // A shorthand key (`navbar,`): at its line, and the path goes on in the value of the constant it names.
      const short = shorthandKey(source, name, from, until);
      if (short === undefined) break;
      at = short;
      const declared = declaredValue(source, name);
      if (!declared) break;
      [from, until] = declared;
      continue;
    }
    at = found.index + found[1]!.length;
    from = key.lastIndex;
    // The next key is looked for in this one's value only (a getter's: up to its `)`).
    const end = valueEnd(source, from, until);
    if (end !== -1) until = end;
  }
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}

/** Where a shorthand property `name` (`{ navbar, footer }`) is written between `from` and `until`. */
function shorthandKey(source: string, name: string, from: number, until: number): number | undefined {
  const re = new RegExp(`(^|[\\s{,])${name}\\s*[,}]`, 'g');
  re.lastIndex = from;
  const found = re.exec(source);
  return found && found.index < until ? found.index + found[1]!.length : undefined;
}

/** The literal a `const`/`let`/`var` declaration of `name` gives (`const navbar: Item[] = [...]`): where it starts and ends. */
function declaredValue(source: string, name: string): [number, number] | undefined {
  const found = new RegExp(`\\b(?:const|let|var)\\s+${name}\\s*(?::[^=;]*)?=(?![=>])`).exec(source);
  if (!found) return undefined;
  const from = found.index + found[0].length;
  const start = skipBlank(source, from);
  // A value the text does not spell out (`makeNav()`): the path stops at the shorthand.
  if (source[start] !== '[' && source[start] !== '{') return undefined;
  // A literal ends at its closing bracket: past each of its `,`.
  let end = valueEnd(source, start + 1, source.length);
  while (end !== -1 && source[end] === ',') end = valueEnd(source, end + 1, source.length);
  return end === -1 ? [from, source.length] : [from, end + 1];
}

/** Element `index` of the array literal at `from` (after spaces): where it starts, and its `,` or `]`. */
function arrayElement(source: string, from: number, until: number, index: number): { start: number; end: number } | undefined {
  let pos = skipBlank(source, from);
  if (source[pos] !== '[') return undefined;
  for (let i = 0; ; i++) {
    pos = skipBlank(source, pos + 1);
    if (pos >= until || source[pos] === ']' || source.startsWith('...', pos)) return undefined;
    const end = valueEnd(source, pos, until);
    if (end === -1) return undefined;
    if (i === index) return { start: pos, end };
    if (source[end] !== ',') return undefined;
    pos = end;
  }
}

/** Past spaces and comments. */
function skipBlank(source: string, from: number): number {
  let pos = from;
  for (;;) {
    while (/\s/.test(source[pos] ?? '')) pos++;
    if (source.startsWith('//', pos)) pos = source.indexOf('\n', pos) === -1 ? source.length : source.indexOf('\n', pos);
    else if (source.startsWith('/*', pos)) pos = source.indexOf('*/', pos) === -1 ? source.length : source.indexOf('*/', pos) + 2;
    else return pos;
  }
}

/**
 * The end of the expression at `from`: the index of the `,` or closing bracket that ends it outside
 * brackets, strings and comments; -1 when there is none before `until`.
 */
function valueEnd(source: string, from: number, until: number): number {
  let depth = 0;
  for (let pos = from; pos < until; pos++) {
    const c = source[pos];
    if (c === '"' || c === "'" || c === '`') pos = stringEnd(source, pos);
    else if (c === '/' && (source[pos + 1] === '/' || source[pos + 1] === '*')) pos = skipBlank(source, pos) - 1;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}' || (c === ',' && depth === 0)) {
      if (depth === 0) return pos;
      depth--;
    }
    if (pos === -1) return -1;
  }
  return -1;
}

/** The index of the quote that ends the string at `at` (a template's `${…}` skipped), or -1. */
function stringEnd(source: string, at: number): number {
  const quote = source[at];
  for (let pos = at + 1; pos < source.length; pos++) {
    const c = source[pos];
    if (c === '\\') pos++;
    else if (c === quote) return pos;
    else if (quote === '`' && c === '$' && source[pos + 1] === '{') {
      pos = valueEnd(source, pos + 2, source.length);
      while (pos !== -1 && source[pos] === ',') pos = valueEnd(source, pos + 1, source.length);
      if (pos === -1 || source[pos] !== '}') return -1;
    } else if (c === '\n' && quote !== '`') return -1;
  }
  return -1;
}

/** `a.b[1].c` → `['a', 'b', 1, 'c']`: the key path at the start of a config problem's message. */
export function parseKeyPath(text: string): (string | number)[] {
  const path: (string | number)[] = [];
  // A key that is no name (`"en us"`) is written as a JSON string.
  for (const m of text.matchAll(/("(?:[^"\\]|\\.)*")|([^.[\]"]+)|\[(\d+)\]/g)) path.push(m[1] !== undefined ? (JSON.parse(m[1]) as string) : m[3] !== undefined ? Number(m[3]) : m[2]!);
  return path;
}

/** The config file's text, read when a problem needs a place (never on a build's way); '' when unreadable. */
export function configText(configFile: string): string {
  try {
    return readFileSync(configFile, 'utf8');
  } catch {
    return '';
  }
}

/** `keyLine` in the config file itself. */
export function configKeyLine(configFile: string, path: readonly (string | number)[]): number | undefined {
  return keyLine(configText(configFile), path);
}

/** Puts the config's problems without a line, which start with their key path (`search.synonyms[1][0]: …`), at that key's line. */
export function placeAtKeys(diagnostics: Diagnostic[], configFile: string, shown: string): void {
  const text = configText(configFile);
  for (const d of diagnostics) {
    const path = /^((?:[\w.[\]-]|"(?:[^"\\]|\\.)*")+): /.exec(d.message)?.[1];
    if (d.file === shown && d.line === undefined && path) d.line = keyLine(text, parseKeyPath(path));
  }
}
