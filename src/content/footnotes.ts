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
  /** A label with a space or a tab, which GitHub does not take for a footnote either: shown as written, and told. */
  spaced?: true;
  /** The note's number (set before rendering); undefined for a reference shown as written (no such note). */
  number?: number;
  /** The reference's own id (the second and later references to a note have ids of their own). */
  id?: string;
  /** The id of its note. */
  noteId?: string;
  /** Shown as a number without its link, in a link whose text is nothing else (an `<a>` holds no other). */
  unlinked?: true;
}

/** A note shown at the end of the page. */
export interface Footnote {
  definition: FootnoteDefinition;
  /** The id of the note's item. */
  id: string;
  /** The ids of the references to it, in the page's order: its links back. */
  refIds: string[];
}

/** A page's notes, numbered, and its problems with them. */
export interface Footnotes {
  /** The notes referred to, in the order of their first reference. */
  notes: Footnote[];
  /** Every definition, in the page's order (where each is written: the problems are told at them). */
  definitions: FootnoteDefinition[];
  /** References to a label no definition has: shown as written. */
  undefinedRefs: FootnoteReference[];
  /** References whose label has a space: no footnote, shown as written. */
  spacedRefs: FootnoteReference[];
  /** Definitions no reference leads to: not shown. */
  unused: FootnoteDefinition[];
  /** Definitions of a label an earlier one has: not shown, as GitHub keeps the first. */
  duplicates: { definition: FootnoteDefinition; first: FootnoteDefinition }[];
  /** Every id the notes and their references put on the page, and the label of the note it belongs to. */
  ids: Map<string, string>;
}

// GitHub's ids (its sanitizer prefixes cmark-gfm's `fn-1` with `user-content-`): a link copied from
// a README that GitHub shows finds the note here too, and a page's other ids are unlikely to be the same.
const NOTE_ID = 'user-content-fn-';
const REFERENCE_ID = 'user-content-fnref-';
// A label is anything but `]` and ASCII whitespace, as cmark-gfm scans it (`[^注　释]`, with an
// ideographic space, is one); an id holds no ASCII whitespace either.
const LABEL = String.raw`[^\] \t\n\r\f\v]+`;

/**
 * `[^label]: text`; then its paragraph's further lines, indented or not (a line that starts another block
 * or another note ends it); then paragraphs indented by four spaces or a tab, blank lines between them.
 */
const DEFINITION_RE = new RegExp(String.raw`^ {0,3}\[\^(${LABEL})\]:[ \t]*([^\n]*(?:\n(?![ \t]*\n)(?! {0,3}(?:\[\^${LABEL}\]:|#{1,6}[ \t]|>|[-*+][ \t]|\d{1,9}[.)][ \t]|${'`'}{3,}[^${'`'}\n]*(?:\n|$)|~~~|\|))[^\n]+)*(?:\n(?:[ \t]*\n)*(?: {4}|\t)[^\n]*)*)(?:\n|$)`);
const DEFINITION_START_RE = new RegExp(String.raw`(?:^|\n) {0,3}\[\^${LABEL}\]:`);
// A `[` ends a reference's label: `[^a[b]` is no reference on GitHub (its `[b]` is a bracket of its own).
const REFERENCE_RE = /^\[\^([^\][ \t\n\r\f\v]+)\]/;
// A label with spaces between its words (`[^my note]`), not a character class of a regex (`[^ \t]`, `[^a-z ]`).
const SPACED_REFERENCE_RE = /^\[\^([^\][ \t\n\r\f\v](?:[^\][\n]*[^\][ \t\n\r\f\v])?)\]/;

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
    if (match) return src[match[0].length] === ':' ? undefined : ({ type: 'footnoteReference', raw: match[0], label: match[1]! } satisfies FootnoteReference);
    // A label with spaces is no footnote (GitHub's neither), but likely meant as one: a token of its own,
    // so that it is told. Not when it is a link's text (`[^a b](/x)`, or a link definition's label).
    const spaced = SPACED_REFERENCE_RE.exec(src);
    const next = spaced ? src[spaced[0].length] : undefined;
    if (!spaced || next === '(' || next === '[' || this.lexer.tokens.links[`^${spaced[1]}`.replace(/\s+/g, ' ').toLowerCase()]) return undefined;
    return { type: 'footnoteReference', raw: spaced[0], label: spaced[1]!, spaced: true } satisfies FootnoteReference;
  },
  renderer(token) {
    const ref = token as unknown as FootnoteReference;
    if (ref.number === undefined) return escapeHtml(ref.raw);
    if (ref.unlinked) return `<sup class="footnote-ref" id="${escapeHtml(ref.id!)}">${ref.number}</sup>`;
    return `<sup class="footnote-ref"><a id="${escapeHtml(ref.id!)}" href="${hrefOf(ref.noteId!)}">${ref.number}</a></sup>`;
  },
};

/**
 * Numbers the notes of a page by their first reference, marks each reference with its number and ids,
 * and returns the notes referred to, in that order, with the page's problems. A reference in an image's
 * text is not one (the text is an attribute, `alt`, where a link cannot be): it shows as written.
 */
export function numberFootnotes(all: Token[], walk: (tokens: Token[], visit: (token: Token) => void) => void): Footnotes {
  const definitions: FootnoteDefinition[] = [];
  const byKey = new Map<string, FootnoteDefinition>();
  const duplicates: Footnotes['duplicates'] = [];
  const references: FootnoteReference[] = [];
  const inImages = new Set<Token>();
  walk(all, (token) => {
    if (token.type === 'image') walk((token as { tokens?: Token[] }).tokens ?? [], (t) => inImages.add(t));
    else if (token.type === 'footnoteDefinition') {
      const definition = token as unknown as FootnoteDefinition;
      const first = byKey.get(keyOf(definition.label));
      if (first) duplicates.push({ definition, first });
      else byKey.set(keyOf(definition.label), definition);
      definitions.push(definition);
    } else if (token.type === 'footnoteReference' && !inImages.has(token)) references.push(token as unknown as FootnoteReference);
  });
  const notes = new Map<string, Footnote & { number: number; refs: FootnoteReference[] }>();
  const undefinedRefs: FootnoteReference[] = [];
  const spacedRefs: FootnoteReference[] = [];
  for (const ref of references) {
    const definition = ref.spaced ? undefined : byKey.get(keyOf(ref.label));
    if (!definition) {
      (ref.spaced ? spacedRefs : undefinedRefs).push(ref);
      continue;
    }
    const key = keyOf(ref.label);
    let note = notes.get(key);
    if (!note) notes.set(key, (note = { definition, id: NOTE_ID + idLabel(definition.label), refIds: [], number: notes.size + 1, refs: [] }));
    ref.number = note.number;
    ref.label = definition.label;
    note.refs.push(ref);
  }
  const ids = assignIds([...notes.values()]);
  const unused = definitions.filter((definition) => byKey.get(keyOf(definition.label)) === definition && !notes.has(keyOf(definition.label)));
  return { notes: [...notes.values()].map(({ definition, id, refIds }) => ({ definition, id, refIds })), definitions, undefinedRefs, spacedRefs, unused, duplicates, ids };
}

/**
 * Gives each note and each reference its id: `user-content-fnref-a`, then `-2`, `-3` for the next
 * references to it, as GitHub does, but never an id of another (the second reference to `a` and the
 * first to `a-2` are both `…fnref-a-2` on GitHub): such a reference gets one more number.
 */
function assignIds(notes: (Footnote & { refs: FootnoteReference[] })[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const note of notes) {
    ids.set(note.id, note.definition.label);
    ids.set(REFERENCE_ID + idLabel(note.definition.label), note.definition.label);
  }
  for (const note of notes) {
    const first = REFERENCE_ID + idLabel(note.definition.label);
    note.refs.forEach((ref, i) => {
      let id = i === 0 ? first : `${first}-${i + 1}`;
      for (let more = 1; i > 0 && ids.has(id); more++) id = `${first}-${i + 1}-${more}`;
      ids.set(id, note.definition.label);
      note.refIds.push(id);
      ref.id = id;
      ref.noteId = note.id;
    });
  }
  return ids;
}

/**
 * A link's text without the references to notes in it, and those references, to follow the link: an
 * `<a>` holds no other (GitHub's nested one is taken apart by the browser). A link whose text is
 * nothing but references keeps them as numbers without their links, so that it still has a text.
 */
export function liftFootnoteReferences(tokens: Token[]): { text: Token[]; after: Token[] } {
  const after: Token[] = [];
  const lift = (list: Token[]): Token[] =>
    list.flatMap((token) => {
      if (token.type === 'footnoteReference' && (token as unknown as FootnoteReference).number !== undefined) return (after.push(token), []);
      const children = (token as { tokens?: Token[] }).tokens;
      return token.type !== 'image' && Array.isArray(children) ? [{ ...token, tokens: lift(children) } as Token] : [token];
    });
  const text = lift(tokens);
  if (after.length === 0) return { text: tokens, after };
  if (!hasText(text)) return { text: unlinkReferences(tokens), after: [] };
  return { text, after };
}

function hasText(tokens: Token[]): boolean {
  return tokens.some((token) => {
    const children = (token as { tokens?: Token[] }).tokens;
    if (token.type === 'image') return true;
    if (Array.isArray(children) && children.length) return hasText(children);
    return token.type !== 'html' && 'text' in token && typeof token.text === 'string' && token.text.trim() !== '';
  });
}

function unlinkReferences(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (token.type === 'footnoteReference') return { ...token, unlinked: true } as Token;
    const children = (token as { tokens?: Token[] }).tokens;
    return Array.isArray(children) ? ({ ...token, tokens: unlinkReferences(children) } as Token) : token;
  });
}

/** The notes gathered at the end of the page, each with its links back (to each reference), in the page's language. */
export function footnoteSection(notes: Footnote[], render: (tokens: Token[]) => string, locale: string): string {
  if (notes.length === 0) return '';
  const labels = footnoteLabels(locale);
  const items = notes.map(({ definition, id, refIds }, i) => {
    const backs = refIds.map((refId, n) => `<a class="footnote-backref" href="${hrefOf(refId)}" aria-label="${escapeHtml(labels.backTo(String(i + 1)))}">↩${n > 0 ? `<sup>${n + 1}</sup>` : ''}</a>`).join(' ');
    const body = render(definition.tokens).trimEnd();
    // The links back at the end of the note's last paragraph, as GitHub puts them.
    const html = body.endsWith('</p>') ? `${body.slice(0, -'</p>'.length)} ${backs}</p>` : `${body} ${backs}`;
    return `<li id="${escapeHtml(id)}">${html}</li>`;
  });
  return `<section class="footnotes"><h2 class="sr-only">${escapeHtml(labels.heading)}</h2><ol>${items.join('')}</ol></section>\n`;
}

/** Labels match whatever their case (`[^Note]` and `[^note]:`), as GitHub matches them, and however their accents are encoded. */
function keyOf(label: string): string {
  return label.normalize('NFC').toLowerCase();
}

/** A label in an id: as written (NFC, as the link check reads a fragment), not percent-encoded as cmark-gfm's. */
function idLabel(label: string): string {
  return label.normalize('NFC');
}

/** A link to an id: percent-encoded (`#user-content-fn-%C3%BC`), which a browser and the link check decode. */
function hrefOf(id: string): string {
  return `#${escapeHtml(encodeURIComponent(id))}`;
}
