import { lazyRequire } from '../lazyRequire.js';

/**
 * Entities in attribute values are rare in generated pages: the decoder (whose tables take about 10 ms
 * to load) loads the first time a value has one.
 */
const entities = lazyRequire<typeof import('entities')>('entities');

/** A URL found in a page. */
export interface FoundLink {
  url: string;
  kind: 'link' | 'image' | 'asset';
  /** True when it sits inside a `[data-sg-html]` block (page content, not the layout). */
  inContent: boolean;
  /** A page shown in the page (an `<iframe>`): a link, loaded as a file is. */
  frame?: true;
}

export interface ScannedPage {
  /** Every `id` and `<a name>` of the page, but those inside a `<template>` (inert: nothing to scroll to). */
  ids: Set<string>;
  links: FoundLink[];
  /** The first `<base href>` as written (API docs may set one): the page's relative links resolve from it, not from the page. */
  base?: string;
}

const LINK_RELS = new Set(['stylesheet', 'icon', 'modulepreload', 'preload', 'manifest']);
/** Elements that never have content or an end tag. */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose text is not markup: `<script>` holds no tags, whatever it contains. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
/** Attributes worth keeping: the others are skipped without building their strings. */
const WANTED = new Set(['id', 'name', 'href', 'src', 'srcset', 'rel', 'poster', 'data', 'content', 'http-equiv', 'data-sg-html', 'xlink:href', 'action', 'formaction', 'imagesrcset', 'cite', 'style']);
/**
 * The wanted names by length and first letter (`length * 128 + letter`): an attribute that is none of
 * them (`class`, `aria-label`, `aria-hidden`, `alt`) is ruled out without making a string of it.
 */
const WANTED_SLOTS = new Set([...WANTED].map((name) => name.length * 128 + name.charCodeAt(0)));
const UNQUOTED_RE = /[^\s>]*/y;

/**
 * Common tag names by length and first letter: a tag's name is looked up here instead of being cut out
 * of the page and lower-cased (most of the scanner's time went there, and on hashing each new string).
 */
const KNOWN_TAGS: Map<number, string[]> = new Map();
for (const name of ['a', 'abbr', 'area', 'article', 'aside', 'audio', 'b', 'blockquote', 'body', 'br', 'button', 'circle', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'form', 'g', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'i', 'iframe', 'image', 'img', 'input', 'ins', 'kbd', 'label', 'li', 'line', 'link', 'main', 'mark', 'meta', 'nav', 'noscript', 'ol', 'option', 'p', 'path', 'picture', 'polyline', 'pre', 'q', 'rect', 's', 'script', 'section', 'select', 'small', 'source', 'span', 'strong', 'style', 'sub', 'summary', 'sup', 'svg', 'symbol', 'table', 'tbody', 'td', 'template', 'text', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr', 'u', 'ul', 'use', 'video']) {
  const slot = name.length * 128 + name.charCodeAt(0);
  KNOWN_TAGS.set(slot, [...(KNOWN_TAGS.get(slot) ?? []), name]);
}

/** The attributes the scanner reads: one object of a fixed shape, emptied for each tag. */
interface Attributes {
  id: string | undefined;
  name: string | undefined;
  href: string | undefined;
  src: string | undefined;
  srcset: string | undefined;
  rel: string | undefined;
  poster: string | undefined;
  data: string | undefined;
  content: string | undefined;
  'http-equiv': string | undefined;
  'data-sg-html': string | undefined;
  'xlink:href': string | undefined;
  action: string | undefined;
  formaction: string | undefined;
  imagesrcset: string | undefined;
  cite: string | undefined;
  style: string | undefined;
}

type Region = { name: string; open: number };

/**
 * One pass over a page: its anchors and every URL it references. It tokenises by the rules of
 * htmlparser2 (comments, `<script>` and the other raw-text elements, quoted and unquoted attributes,
 * entities in values, the first of two equal attributes wins) but builds nothing for the tags and
 * attributes it does not need: about five times faster on the pages of a build, and a test holds it
 * to htmlparser2's answers on every page of the bundled site.
 */
export function scanHtml(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: FoundLink[] = [];
  /** Open `[data-sg-html]` elements: their name and how many of that name are open inside them. */
  const regions: Region[] = [];
  const add = (url: string | undefined, kind: FoundLink['kind'], frame?: true) => {
    if (url !== undefined) links.push(frame ? { url: url.trim(), kind, inContent: regions.length > 0, frame } : { url: url.trim(), kind, inContent: regions.length > 0 });
  };
  const length = html.length;
  const attrs: Attributes = { id: undefined, name: undefined, href: undefined, src: undefined, srcset: undefined, rel: undefined, poster: undefined, data: undefined, content: undefined, 'http-equiv': undefined, 'data-sg-html': undefined, 'xlink:href': undefined, action: undefined, formaction: undefined, imagesrcset: undefined, cite: undefined, style: undefined };
  // How many `<template>` elements are open: an id inside one is no anchor.
  let templates = 0;
  let base: string | undefined;
  let pos = 0;
  while (pos < length) {
    const lt = html.indexOf('<', pos);
    if (lt === -1) break;
    const next = html.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      pos = skipDeclaration(html, lt);
      continue;
    }
    if (next === 0x3f /* ? */) {
      pos = endOf(html, '>', lt + 2);
      continue;
    }
    if (next === 0x2f /* / */) {
      if (!isLetter(html.charCodeAt(lt + 2))) {
        pos = html.charCodeAt(lt + 2) === 0x3e ? lt + 3 : endOf(html, '>', lt + 2);
        continue;
      }
      const nameEnd = endOfName(html, lt + 2, false);
      pos = endOf(html, '>', nameEnd);
      if (regions.length || templates) {
        const name = tagName(html, lt + 2, nameEnd);
        closeRegions(regions, name);
        if (name === 'template' && templates) templates--;
      }
      continue;
    }
    if (!isLetter(next)) {
      pos = lt + 1;
      continue;
    }
    const nameEnd = endOfName(html, lt + 1, false);
    const name = tagName(html, lt + 1, nameEnd);
    pos = readAttributes(html, nameEnd, attrs);
    if (pos === -1) break; // a tag cut off by the end of the page: parsers drop it too
    const isVoid = VOID.has(name);
    if (!isVoid) for (const region of regions) if (region.name === name) region.open++;
    if (attrs['data-sg-html'] !== undefined && !isVoid) regions.push({ name, open: 1 });
    tagTargets(name, attrs, templates ? null : ids, add);
    // The document's base URL is the first `<base>` with an href, wherever it is (HTML's "frozen base URL").
    if (name === 'base' && base === undefined && attrs.href !== undefined && !templates) base = attrs.href.trim();
    if (name === 'template') templates++;
    if (RAW_TEXT.has(name)) pos = endOfRawText(html, name, pos);
  }
  return base === undefined ? { ids, links } : { ids, links, base };
}

/**
 * What one start tag adds: its anchor names to `ids` (null inside a `<template>`), and each URL it
 * references to `add`.
 */
export function tagTargets(name: string, attrs: Partial<Record<keyof Attributes, string>>, ids: Set<string> | null, add: (url: string | undefined, kind: FoundLink['kind'], frame?: true) => void): void {
  if (ids && attrs.id) ids.add(attrs.id);
  if (ids && name === 'a' && attrs.name) ids.add(attrs.name);
  // SVG's `<a>`, `<use>` and `<image>` may name their target the SVG 1.1 way, `xlink:href` (`href` wins).
  if (name === 'a' || name === 'area') add(attrs.href ?? attrs['xlink:href'], 'link');
  else if (name === 'img' || name === 'source') {
    add(attrs.src, 'image');
    for (const candidate of parseSrcset(attrs.srcset)) add(candidate, 'image');
  } else if (name === 'link' && attrs.rel && attrs.rel.split(/\s+/).some((r) => LINK_RELS.has(r))) {
    add(attrs.href, 'asset');
    // `<link rel="preload" as="image" imagesrcset="…">`: the candidates a browser preloads.
    for (const candidate of parseSrcset(attrs.imagesrcset)) add(candidate, 'image');
  } else if (name === 'script') add(attrs.src, 'asset');
  else if (name === 'iframe') add(attrs.src, 'link', true);
  else if (name === 'use' || name === 'image') add(attrs.href ?? attrs['xlink:href'], 'image');
  // Where a form is sent: a page of the site like a link's.
  else if (name === 'form') add(attrs.action, 'link');
  else if (name === 'button') add(attrs.formaction, 'link');
  // The source a quote or an edit cites: a reader's tools and crawlers follow it as they do a link.
  // A name written where an address belongs (`cite="Albert Einstein"`, as much migrated content has) is not one.
  else if ((name === 'blockquote' || name === 'q' || name === 'del' || name === 'ins') && !/\s/.test(attrs.cite?.trim() ?? '')) add(attrs.cite, 'link');
  // Media embedded like images: a missing video, poster, subtitle track or object is a broken image of the page.
  else if (name === 'video' || name === 'audio' || name === 'track' || name === 'embed' || name === 'input') {
    add(attrs.src, 'image');
    if (name === 'video') add(attrs.poster, 'image');
    else if (name === 'input') add(attrs.formaction, 'link');
  } else if (name === 'object') add(attrs.data, 'image');
  // `<meta http-equiv="refresh" content="0; url=/new/">`: a redirect page's one link.
  else if (name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'refresh') add(refreshTarget(attrs.content), 'link');
  // A style attribute's images (`style="background: url(/img/paper.svg)"`), on any element; not a fragment (`url(#grad)`, an
  // SVG paint server of the page) or a data: URL.
  if (attrs.style && attrs.style.includes('url(')) for (const url of styleUrls(attrs.style)) add(url, 'image');
}

/** A `url()` of a style attribute: its opening (`url(` and space), its address quoted with `"` or `'` or bare, its closing. */
export const STYLE_URL_RE = /(url\(\s*)(?:"([^"]*)"|'([^']*)'|([^"'()\s]*))(\s*\))/gi;

/** The address of a `STYLE_URL_RE` match that names a file, or null: not a fragment (`url(#grad)`, an SVG paint server of the page) nor a data: URL. */
export function styleUrlAddress(match: RegExpMatchArray | string[]): string | null {
  const url = (match[2] ?? match[3] ?? match[4] ?? '').trim();
  return url && !url.startsWith('#') && !/^data:/i.test(url) ? url : null;
}

/** The addresses of a style attribute's `url()`s that name files (`styleUrlAddress`). */
export function styleUrls(style: string): string[] {
  const urls: string[] = [];
  for (const m of style.matchAll(STYLE_URL_RE)) {
    const url = styleUrlAddress(m);
    if (url) urls.push(url);
  }
  return urls;
}

/** The URL of a refresh's `content` (`5; url=/x`, `0;URL='/x'`), as browsers read it; undefined for a plain reload. */
function refreshTarget(content: string | undefined): string | undefined {
  const rest = (content ?? '').replace(/^\s*[\d.]*\s*[;,]?\s*/, '').replace(/^url\s*=\s*/i, '');
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : null;
  const url = (quote ? rest.slice(1).split(quote)[0]! : rest).trim();
  return url || undefined;
}

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** The tag name at `start..end`, lower-cased: one of the known names when it is one (any case). */
function tagName(html: string, start: number, end: number): string {
  const first = html.charCodeAt(start) | 0x20;
  const known = KNOWN_TAGS.get((end - start) * 128 + first);
  if (known) {
    for (const name of known) if (html.startsWith(name, start)) return name;
  }
  return html.slice(start, end).toLowerCase();
}

/** Just past the next `needle` from `from`, or the end of the page. */
function endOf(html: string, needle: string, from: number): number {
  const at = html.indexOf(needle, from);
  return at === -1 ? html.length : at + needle.length;
}

/** Past a comment (`<!-- -->`; `<!-->` is already closed), a CDATA section or a declaration. */
function skipDeclaration(html: string, lt: number): number {
  if (html.startsWith('!--', lt + 1)) return endOf(html, '-->', lt + 2);
  if (html.startsWith('![CDATA[', lt + 1)) return endOf(html, ']]>', lt + 9);
  return endOf(html, '>', lt + 2);
}

/**
 * Fills `attrs` with the attributes this scanner uses (decoded, first occurrence wins); returns the
 * index past the tag's `>`, or -1 for a tag the page's end cuts off.
 */
function readAttributes(html: string, from: number, attrs: Attributes): number {
  attrs.id = attrs.name = attrs.href = attrs.src = attrs.srcset = attrs.rel = attrs.poster = attrs.data = attrs.content = attrs['http-equiv'] = attrs['data-sg-html'] = undefined;
  attrs['xlink:href'] = attrs.action = attrs.formaction = attrs.imagesrcset = attrs.cite = attrs.style = undefined;
  let pos = from;
  for (;;) {
    pos = skipSpace(html, pos);
    if (pos >= html.length) return -1;
    const c = html.charCodeAt(pos);
    if (c === 0x3e /* > */) return pos + 1;
    if (c === 0x2f /* / */) {
      pos++;
      continue;
    }
    // The first character belongs to the name whatever it is (`=x` is an attribute named "=x").
    const nameEnd = endOfName(html, pos + 1, true);
    const name = wantedName(html, pos, nameEnd);
    pos = skipSpace(html, nameEnd);
    const keep = name !== null && attrs[name] === undefined;
    if (html.charCodeAt(pos) !== 0x3d /* = */) {
      if (keep) attrs[name!] = '';
      continue;
    }
    pos = skipSpace(html, pos + 1);
    const quote = html.charCodeAt(pos);
    let start: number;
    let end: number;
    if (quote === 0x22 || quote === 0x27) {
      start = pos + 1;
      end = html.indexOf(quote === 0x22 ? '"' : "'", start);
      if (end === -1) return -1;
      pos = end + 1;
    } else {
      UNQUOTED_RE.lastIndex = pos;
      UNQUOTED_RE.exec(html);
      start = pos;
      end = pos = UNQUOTED_RE.lastIndex;
    }
    if (!keep) continue;
    const value = html.slice(start, end);
    attrs[name!] = value.includes('&') ? entities().decodeHTMLAttribute(value) : value;
  }
}

/** Past the spaces (HTML's: space, tab, line feed, form feed, carriage return) from `from`. */
function skipSpace(html: string, from: number): number {
  let pos = from;
  for (let c = html.charCodeAt(pos); c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d; c = html.charCodeAt(++pos));
  return pos;
}

/** The end of a tag name (at a space, `/` or `>`) or an attribute name (also at `=`). */
function endOfName(html: string, from: number, attribute: boolean): number {
  let pos = from;
  for (;;) {
    const c = html.charCodeAt(pos);
    if (Number.isNaN(c) || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d || c === 0x2f || c === 0x3e || (attribute && c === 0x3d)) return pos;
    pos++;
  }
}

/**
 * The attribute name at `start..end` in lower case if the scanner needs it, else null. Most names are
 * ruled out by their length and first letter alone (`class`, `title`, `aria-label`), without making a
 * string of them.
 */
function wantedName(html: string, start: number, end: number): keyof Attributes | null {
  if (!WANTED_SLOTS.has((end - start) * 128 + (html.charCodeAt(start) | 0x20))) return null;
  const raw = html.slice(start, end);
  if (WANTED.has(raw)) return raw as keyof Attributes;
  const lower = raw.toLowerCase();
  return lower !== raw && WANTED.has(lower) ? (lower as keyof Attributes) : null;
}

/** The index of the `</name` that ends a raw-text element (any case), or the end of the page. */
function endOfRawText(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 2)) {
    const after = html.charCodeAt(at + 2 + name.length);
    const ends = Number.isNaN(after) || after === 0x3e || after === 0x2f || after === 0x20 || (after >= 0x09 && after <= 0x0d);
    if (ends && html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
  }
  return html.length;
}

/** A close tag ends the `[data-sg-html]` regions of its name that it balances. */
function closeRegions(regions: Region[], name: string): void {
  if (regions.length === 0) return;
  for (const region of regions) if (region.name === name) region.open--;
  for (let i = regions.length - 1; i >= 0; i--) if (regions[i]!.open <= 0) regions.splice(i, 1);
}

/**
 * URLs of a `srcset` (`a.png 1x, b.png 2x`), as the HTML parser reads it: a URL runs to the next
 * whitespace (trailing commas end it), its descriptors to the next comma, so `a.png 1x,b.png 2x`
 * (minified, no space) has two candidates and a comma inside a URL stays in it.
 */
export function parseSrcset(srcset: string | undefined): string[] {
  if (!srcset) return [];
  const urls: string[] = [];
  let pos = 0;
  while (pos < srcset.length) {
    while (pos < srcset.length && /[\s,]/.test(srcset[pos]!)) pos++;
    const start = pos;
    while (pos < srcset.length && !/\s/.test(srcset[pos]!)) pos++;
    let url = srcset.slice(start, pos);
    const bare = url.replace(/,+$/, '');
    if (bare !== url) url = bare;
    else {
      // Descriptors (`1x`, `300w`) up to the comma that ends the candidate.
      let depth = 0;
      while (pos < srcset.length && (srcset[pos] !== ',' || depth > 0)) {
        if (srcset[pos] === '(') depth++;
        else if (srcset[pos] === ')') depth = Math.max(0, depth - 1);
        pos++;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}
