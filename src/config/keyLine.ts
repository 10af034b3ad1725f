import { readFileSync } from 'node:fs';
import { escapeRegExp } from '../regexp.js';
import type { Diagnostic } from '../types.js';
// Where a key of the config is written, for its diagnostics: the config is read as a value (it is
// code), so the place of a key is found again in its text. Object keys are written `key:`, `'key':`
// or `"key":` (or `get key()`); each is looked for after the one above it. A path through an array stops at the
// array's own key: which element holds a key is not told reliably by the text.

/** The 1-based line of `path` (`['blog', 'postsPerPage']`) in a config's source, or undefined when not found. */
export function keyLine(source: string, path: readonly (string | number)[]): number | undefined {
  let from = 0;
  let at: number | undefined;
  for (const segment of path) {
    if (typeof segment === 'number') break;
    const name = escapeRegExp(segment);
    const key = new RegExp(`(^|[\\s{,])(?:(['"]?)${name}\\2\\s*:(?!:)|get\\s+(['"]?)${name}\\3\\s*\\()`, 'g');
    key.lastIndex = from;
    let found = key.exec(source);
    // Not in a line comment (`// postsPerPage: 5`); a URL's `//` follows a colon, not a space.
    while (found && /(^|\s)\/\//.test(source.slice(source.lastIndexOf('\n', found.index) + 1, found.index + found[1]!.length))) found = key.exec(source);
    if (!found) break;
    at = found.index + found[1]!.length;
    from = key.lastIndex;
  }
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}

/** `a.b[1].c` → `['a', 'b', 1, 'c']`: the key path at the start of a config problem's message. */
export function parseKeyPath(text: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (const m of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
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
    const path = /^([\w.[\]-]+): /.exec(d.message)?.[1];
    if (d.file === shown && d.line === undefined && path) d.line = keyLine(text, parseKeyPath(path));
  }
}
