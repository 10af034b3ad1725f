// Code shown from a file of the site, VitePress's `<<< path` on a line of its own outside code (includes.ts finds
// the line and the file): the file's lines, or a region's, become a fenced code block in the line's place, before
// markdown runs, so that the block is any other code block (highlighting, its title, marked lines, search).
//   <<< @/docs/_snippets/config.ts#auth{2,4-6 ts:line-numbers} [config.ts]
// As in VitePress, the braces hold lines to highlight and a language: they are no line range.
import type { Region } from './regions.js';
import { literalText } from './variables.js';

// The line: its indentation and block quote markers, a list item's marker when the block is the item's, then `<<<`.
export const SNIPPET_LINE_RE = /^((?:[ \t]*>)*[ \t]*)((?:[-*+]|\d{1,9}[.)])[ \t]+)?<<<[ \t]*(.*?)[ \t]*$/;
const TITLE_RE = /[ \t]*\[([^\]]+)\]$/;
const BRACES_RE = /[ \t]?\{([^{}]*)\}$/;
const REGION_RE = /#([^\s#{}/]+)$/;
const LINES_RE = /^\d/;

/** A `<<<` line read: the file, its region, and the block's options. */
export interface SnippetSpec {
  path: string;
  region: string | null;
  /** Lines to highlight as written (`2,4-6`), checked with the block's other options (codeMeta.ts). */
  lines?: string;
  /** The block's language as written in the braces (`c#`, `ts:line-numbers`), in place of the file's. */
  lang?: string;
  title?: string;
}

/** Reads what follows `<<<`: `path#region{lines lang} [title]`, each part after the path optional. */
export function parseSnippet(spec: string): SnippetSpec | { problem: string; hint: string } {
  let path = spec;
  const title = TITLE_RE.exec(path);
  if (title) path = path.slice(0, title.index);
  const braces = BRACES_RE.exec(path);
  if (braces) path = path.slice(0, braces.index);
  const region = REGION_RE.exec(path);
  if (region) path = path.slice(0, region.index);
  if (!path) return { problem: 'this code snippet names no file', hint: 'write <<< ./file.ts (from this file) or <<< @/docs/_snippets/file.ts (from the locale folder)' };
  const words = braces?.[1]!.trim().split(/\s+/).filter(Boolean) ?? [];
  const lines = words[0] !== undefined && LINES_RE.test(words[0]) ? words.shift() : undefined;
  if (words.length > 1) return { problem: `{${braces![1]}}: the braces hold the lines to highlight, then the language`, hint: 'write {2,4-6}, {ts}, or both: {2,4-6 ts} (ts:line-numbers to number the lines)' };
  return { path, region: region?.[1] ?? null, ...(lines ? { lines } : {}), ...(words[0] ? { lang: words[0] } : {}), ...(title ? { title: title[1]!.trim() } : {}) };
}

/** The languages of the common file extensions (and of the files known by their name), as fence words. */
const LANGUAGES: Record<string, string> = {
  ts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx', json: 'json', jsonc: 'jsonc', yaml: 'yaml', yml: 'yaml', toml: 'toml',
  sh: 'sh', bash: 'bash', zsh: 'zsh', ps1: 'powershell', py: 'python', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', swift: 'swift',
  c: 'c', h: 'c', cpp: 'cpp', cs: 'csharp', css: 'css', scss: 'scss', html: 'html', vue: 'vue', svelte: 'svelte', md: 'md', mdx: 'mdx',
  sql: 'sql', xml: 'xml', ini: 'ini', dockerfile: 'dockerfile', makefile: 'makefile',
};

/** The language of a file by its extension (`Dockerfile` and `Makefile` by their name); '' for one not known, a plain block. */
export function languageOfFile(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return LANGUAGES[dot === -1 ? name : name.slice(dot + 1)] ?? '';
}

/** A region's code as VitePress shows it: without its markers (and those of regions nested in it), less the indentation its lines share. */
export function regionCode(lines: string[], region: Region): string[] {
  const { start, end } = region.marker;
  const code = lines.slice(region.start, region.end).filter((line) => !start.test(line.trim()) && !end.test(line.trim()));
  const indents = code.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length);
  const shared = indents.length ? Math.min(...indents) : 0;
  return shared ? code.map((line) => line.slice(shared)) : code;
}

/**
 * The lines of a fenced block of `code` from the file at `path`: its language the braces' or the file's, its fence
 * longer than any run of the fence's character in the code. The code's `{{name}}` stays as written: it is not the
 * page's variable.
 */
export function snippetBlock(code: string[], spec: SnippetSpec, path: string): string[] {
  const fileLang = languageOfFile(path);
  const lang = spec.lang === undefined ? fileLang : spec.lang.startsWith(':') ? fileLang + spec.lang : spec.lang;
  const info = [lang, spec.lines && `{${spec.lines}}`, spec.title && `[${spec.title}]`].filter(Boolean).join(' ');
  // A backtick fence's info string cannot hold a backtick.
  const char = info.includes('`') ? '~' : '`';
  let longest = 0;
  for (const line of code) for (const run of line.match(char === '`' ? /`+/g : /~+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = char.repeat(Math.max(3, longest + 1));
  return [fence + info, ...code.map(literalText), fence];
}
