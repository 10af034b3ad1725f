// GitHub's footnotes: `text[^1]` refers to `[^1]: the note`, a definition anywhere in the page (its
// further lines indented by four spaces). The notes are gathered at the end of the page, numbered in
// the order they are first referred to, each with a link back to where it was. Written for this
// pipeline, which lexes a page once and renders it twice (the page and a post's excerpt) and needs each
// link of a note at its line: a note's text is block markdown whose links are checked like any other.
import type { Token, TokenizerAndRendererExtension } from 'marked';
import { footnoteLabels } from './admonitions.js';
import { escapeHtml } from './escapeHtml.js';

export interface FootnoteDefinition {
  type: 'footnoteDefinition';
  raw: string;
  label: string;
  tokens: Token[];
}

export interface FootnoteReference {
  type: 'footnoteReference';
  raw: string;
  label: string;
  /** The note's number (set before rendering); undefined for a label no definition has: shown as written. */
  number?: number;
  /** Which reference to the note this is (1 for the first): the second and later have ids of their own. */
  occurrence?: number;
}

/**
 * `[^label]: text`; then its paragraph's further lines, indented or not (a line that starts another block
 * or another note ends it); then paragraphs indented by four spaces or a tab, blank lines between them.
 */
const DEFINITION_RE = /^ {0,3}\[\^([^\]\s]+)\]:[ \t]*([^\n]*(?:\n(?![ \t]*\n)(?! {0,3}(?:\[\^[^\]\s]+\]:|#{1,6}[ \t]|>|[-*+][ \t]|\d{1,9}[.)][ \t]|```|~~~|\|))[^\n]+)*(?:\n(?:[ \t]*\n)*(?: {4}|\t)[^\n]*)*)(?:\n|$)/;
const DEFINITION_START_RE = /(?:^|\n) {0,3}\[\^[^\]\s]+\]:/;
const REFERENCE_RE = /^\[\^([^\]\s]+)\]/;

export const footnoteDefinition: TokenizerAndRendererExtension = {
  name: 'footnoteDefinition',
  level: 'block',
  // A definition ends the paragraph above it; looked for only up to where that paragraph ends anyway.
  start(src) {
    const end = src.search(/\n[ \t]*\n/);
    const found = DEFINITION_START_RE.exec(end === -1 ? src : src.slice(0, end));
    if (!found) return undefined;
    return found[0].startsWith('\n') ? found.index + 1 : found.index;
  },
  tokenizer(src) {
    const match = DEFINITION_RE.exec(src);
    if (!match) return undefined;
    const token: FootnoteDefinition = { type: 'footnoteDefinition', raw: match[0], label: match[1]!, tokens: [] };
    this.lexer.blockTokens(match[2]!.replace(/\n(?: {1,4}|\t)/g, '\n'), token.tokens);
    return token;
  },
  // Rendered where the notes are gathered (`footnoteSection`), not where it is written.
  renderer: () => '',
};

export const footnoteReference: TokenizerAndRendererExtension = {
  name: 'footnoteReference',
  level: 'inline',
  start(src) {
    const at = src.indexOf('[^');
    return at === -1 ? undefined : at;
  },
  tokenizer(src) {
    const match = REFERENCE_RE.exec(src);
    if (!match || src[match[0].length] === ':') return undefined;
    return { type: 'footnoteReference', raw: match[0], label: match[1]! } satisfies FootnoteReference;
  },
  renderer(token) {
    const ref = token as unknown as FootnoteReference;
    if (ref.number === undefined) return escapeHtml(ref.raw);
    const id = idOf(ref.label);
    return `<sup class="footnote-ref"><a id="fnref-${id}${ref.occurrence! > 1 ? `-${ref.occurrence}` : ''}" href="#fn-${id}">${ref.number}</a></sup>`;
  },
};

/**
 * Numbers the notes of a page by their first reference, marks each reference with its number, and
 * returns the definitions referred to, in that order, with how often each is; and the labels referred to
 * that have no definition, and the definitions never referred to (the page's problems).
 */
export function numberFootnotes(all: Token[], walk: (tokens: Token[], visit: (token: Token) => void) => void): { notes: { definition: FootnoteDefinition; references: number }[]; undefinedRefs: FootnoteReference[]; unused: FootnoteDefinition[] } {
  const definitions = new Map<string, FootnoteDefinition>();
  const references: FootnoteReference[] = [];
  walk(all, (token) => {
    if (token.type === 'footnoteDefinition') {
      const definition = token as unknown as FootnoteDefinition;
      if (!definitions.has(keyOf(definition.label))) definitions.set(keyOf(definition.label), definition);
    } else if (token.type === 'footnoteReference') references.push(token as unknown as FootnoteReference);
  });
  const notes = new Map<string, { definition: FootnoteDefinition; references: number }>();
  const undefinedRefs: FootnoteReference[] = [];
  for (const ref of references) {
    const key = keyOf(ref.label);
    const definition = definitions.get(key);
    if (!definition) {
      undefinedRefs.push(ref);
      continue;
    }
    let note = notes.get(key);
    if (!note) notes.set(key, (note = { definition, references: 0 }));
    ref.number = [...notes.keys()].indexOf(key) + 1;
    ref.label = definition.label;
    ref.occurrence = ++note.references;
  }
  const unused = [...definitions.entries()].filter(([key]) => !notes.has(key)).map(([, definition]) => definition);
  return { notes: [...notes.values()], undefinedRefs, unused };
}

/** The notes gathered at the end of the page, each with its link back (to each reference), in the page's language. */
export function footnoteSection(notes: { definition: FootnoteDefinition; references: number }[], render: (tokens: Token[]) => string, locale: string): string {
  if (notes.length === 0) return '';
  const labels = footnoteLabels(locale);
  const items = notes.map(({ definition, references }, i) => {
    const id = idOf(definition.label);
    const backs = Array.from({ length: references }, (_, n) => `<a class="footnote-backref" href="#fnref-${id}${n > 0 ? `-${n + 1}` : ''}" aria-label="${escapeHtml(labels.backTo(String(i + 1)))}">↩${n > 0 ? `<sup>${n + 1}</sup>` : ''}</a>`).join(' ');
    const body = render(definition.tokens).trimEnd();
    // The links back at the end of the note's last paragraph, as GitHub puts them.
    const html = body.endsWith('</p>') ? `${body.slice(0, -'</p>'.length)} ${backs}</p>` : `${body} ${backs}`;
    return `<li id="fn-${id}">${html}</li>`;
  });
  return `<section class="footnotes"><h2 class="sr-only">${escapeHtml(labels.heading)}</h2><ol>${items.join('')}</ol></section>\n`;
}

/** Labels match whatever their case (`[^Note]` and `[^note]:`), as GitHub matches them. */
function keyOf(label: string): string {
  return label.toLowerCase();
}

function idOf(label: string): string {
  return encodeURIComponent(label).replace(/%/g, '');
}
