// MDX's ESM: the import and export statements at the top level of a page, read (never run).
import type { PageText } from './mdxText.js';

/** One import: its module, the name its default export is given, every name it binds, and where it is. */
export interface MdxImport {
  module: string;
  name?: string;
  bound: string[];
  at: number;
}

/** The statements that start at a line, and the last line they take. */
export type MdxStatements = { kind: 'import'; imports: MdxImport[]; last: number } | { kind: 'export'; at: number; last: number };

// `import X from 'm'`, `import { a, b as c } from 'm'`, `import * as X from 'm'`, `import 'm'`; one after another.
const IMPORT_RE = /\s*import\s+(?:([\w$]+)\s*,?\s*)?(\{[^}]*\}\s*|\*\s*as\s+[\w$]+\s*)?(?:from\s*)?(["'])([^"'\n]+)\3[ \t]*;?/y;
const EXPORT_RE = /^export\s*(?:(?:default|const|let|var|function|class|async)\b|[{*])/;

/**
 * The import or export statements that start at line `i`, or null when the line is none (text that starts
 * with the word). An import may run over lines (`import {\n  a,\n} from 'm'`): lines are added until they
 * read as statements, up to a blank line. An export runs to the next blank line.
 */
export function readStatements({ body, lines, starts }: PageText, i: number): MdxStatements | null {
  const start = starts[i]!;
  if (EXPORT_RE.test(lines[i]!)) {
    let last = i;
    while (last + 1 < lines.length && lines[last + 1]!.trim() !== '') last++;
    return { kind: 'export', at: start, last };
  }
  if (!/^import\b/.test(lines[i]!)) return null;
  for (let j = i; j < lines.length && (j === i || lines[j]!.trim() !== ''); j++) {
    const text = body.slice(start, starts[j]! + lines[j]!.length);
    const found: RegExpExecArray[] = [];
    let read = 0;
    IMPORT_RE.lastIndex = 0;
    for (let m = IMPORT_RE.exec(text); m; m = IMPORT_RE.exec(text)) found.push(m), (read = IMPORT_RE.lastIndex);
    if (found.length && text.slice(read).trim() === '') return { kind: 'import', imports: found.map((m) => importOf(m, start)), last: j };
  }
  return null;
}

function importOf(m: RegExpExecArray, start: number): MdxImport {
  const [, name, braces, , module] = m as unknown as [string, string | undefined, string | undefined, string, string];
  const named = braces?.replace(/[{}*]/g, '').split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!) ?? [];
  return { module, ...(name ? { name } : {}), bound: [name ?? '', ...named].filter(Boolean), at: start + m.index + m[0].indexOf('import') };
}
