// A page's title read from the `# heading` its body opens with, as Docusaurus and VitePress read a page that has
// no `title:` in its front matter (Docusaurus's "content title").

import { decodeHtml } from './escapeHtml.js';

/** The title a body's opening heading gives, and the body's line (0-based) that holds the heading. */
export interface BodyTitle {
  text: string;
  line: number;
}

// An ATX `#` heading, its closing #s and its `{#id}` left out.
const H1_RE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const IMPORT_START_RE = /^import\b/;
// An MDX export statement (`mdxStatements.ts` reads it so), which runs to the next blank line.
const EXPORT_START_RE = /^export\s*(?:(?:default|const|let|var|function|class|async)\b|[{*])/;
// The line that ends an import statement: its module's quote, maybe a semicolon.
const IMPORT_END_RE = /['"][ \t]*;?[ \t]*$/;
// An entity with its semicolon (`&lt;`, `&#169;`), unless a backslash makes it text.
const ENTITY_RE = /(?<!\\)&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/**
 * The title of a body that opens with a `#` heading, with nothing but blank lines and MDX imports (which sitegen
 * drops) and exports (each an error of its own) before it: the heading's text as plain text. Null for any other body, or a heading with no text.
 */
export function bodyTitle(body: string): BodyTitle | null {
  const lines = body.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '') i++;
    else if (IMPORT_START_RE.test(line)) {
      while (i < lines.length && lines[i]!.trim() !== '' && !IMPORT_END_RE.test(lines[i]!.replace(/\r$/, ''))) i++;
      i++;
    } else if (EXPORT_START_RE.test(line)) {
      while (i < lines.length && lines[i]!.trim() !== '') i++;
    } else break;
  }
  const m = H1_RE.exec((lines[i] ?? '').replace(/\r$/, ''));
  const text = m ? plainText(m[1]!) : '';
  return text ? { text, line: i } : null;
}

/** The body with its opening heading's line emptied (its other lines keep their numbers), for a post, whose title is shown apart. */
export function withoutBodyTitle(body: string, title: BodyTitle): string {
  const lines = body.split('\n');
  lines[title.line] = '';
  return lines.join('\n');
}

/** Inline markdown as the text a reader sees: code, emphasis, links and images by their text, entities decoded, tags and `{#id}` left out. */
function plainText(markdown: string): string {
  const codes: string[] = [];
  const text = markdown
    .replace(/[ \t]*(?<!\\)\{#[^}\s]*\}[ \t]*$/, '')
    .replace(/(`+)(.+?)\1/g, (_, __, code: string) => `\u0000${codes.push(code.trim()) - 1}\u0000`)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, '$1$2')
    .replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, '$1$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(ENTITY_RE, decodeHtml)
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\u0000(\d+)\u0000/g, (_, n: string) => codes[Number(n)]!);
  return text.replace(/\s+/g, ' ').trim();
}
