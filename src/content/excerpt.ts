import { nestedFenceAfter } from './fences.js';
import { hasScheme } from './links.js';
import { STYLE_URL_RE, styleUrlAddress } from '../links/scanHtml.js';
import { COMMENT_RE } from './unclosedHtml.js';
import type { Diagnostic } from '../types.js';

/**
 * A post's HTML as a blog list shows it, among other posts: its heading ids and their `#` links left
 * out (they are the post page's, and two posts with a `## Setup` would give the list one id twice),
 * and its in-page and relative links (`#setup`, `../04/x`) led to where they lead from the post's page.
 * A post shown whole leaves its footnotes out, as an excerpt does: their heading, an `<h2>`, would be
 * one level too high under the post's title in the list, and their links back would leave the list;
 * each reference is a link to its note on the post's page. Its headings go a level down (`##` an `<h3>`), under
 * the post's title, an `<h2>` of the list.
 */
export function listedHtml(html: string, permalink: string): string {
  // Footnotes' ids too (`user-content-fnref-1`): every post with notes has them.
  const withoutIds = headingsDown(stripHeadingIds(withoutFootnotes(html)).replace(/ id="user-content-fn(?:ref)?-[^"]*"/g, ''));
  return rewriteUrls(withoutIds, (url) => {
    if (url.startsWith('/') || hasScheme(url)) return url;
    if (url.startsWith('#')) return permalink + url;
    try {
      const resolved = new URL(url, `http://site.invalid${permalink}`);
      return resolved.pathname + resolved.search + resolved.hash;
    } catch {
      return url;
    }
  });
}

// The line that ends a post's excerpt: `<!-- truncate -->`, Hugo's `<!--more-->`, or MDX's comment of the word.
const EXCERPT_MARKER_RE = /^[ \t]*(<!--\s*(?:truncate|more)\s*-->|\{\/\*\s*truncate\s*\*\/\})[ \t]*$/m;

/**
 * A post whose excerpt marker has nothing above it (the lists would show its title alone, with an empty excerpt): a
 * warning at the marker's line in the file's own body (`bodyLine` its first line).
 */
export function emptyExcerptProblem(post: { file: string; body: string; bodyLine: number; excerptHtml: string | null }): Diagnostic | null {
  if (post.excerptHtml === null || post.excerptHtml.replace(COMMENT_RE, '').trim()) return null;
  const marker = EXCERPT_MARKER_RE.exec(post.body);
  const line = marker ? post.bodyLine + (post.body.slice(0, marker.index).match(/\n/g)?.length ?? 0) : post.bodyLine;
  const written = marker?.[1]!.replace(/\s+/g, ' ') ?? '<!-- truncate -->';
  return { severity: 'warning', code: 'blog', file: post.file, line, message: `${written} has nothing above it, so the blog lists show this post's title alone`, hint: 'write the summary the lists show above it, or delete it to list the post whole' };
}

/** The marker as raw HTML leaves it in a page, where it ended no excerpt (in a box, a list, a quote, a tab or a paragraph). */
const MARKER_COMMENT_RE = /<!--\s*(?:truncate|more)\s*-->/;

/**
 * A post whose excerpt marker is not on a line of the post's own but inside a box, a list, a quote or a tab: it ends
 * no excerpt, and the lists show the post whole. A warning at the marker's line (outside code, where it is text).
 */
export function nestedExcerptProblem(post: { file: string; body: string; bodyLine: number; html: string; excerptHtml: string | null }): Diagnostic | null {
  if (post.excerptHtml !== null || !MARKER_COMMENT_RE.test(post.html)) return null;
  let fence: string | null = null;
  let found: { line: number; written: string } | null = null;
  for (const [i, text] of post.body.split('\n').entries()) {
    const fenced = nestedFenceAfter(text, fence);
    if (fenced !== undefined) fence = fenced;
    // Outside code spans, which show it as text.
    const marker = fence === null ? MARKER_COMMENT_RE.exec(text.replace(/(`+)[^`]*?\1/g, '')) : null;
    if (marker) {
      found = { line: post.bodyLine + i, written: marker[0].replace(/\s+/g, ' ') };
      break;
    }
  }
  return {
    severity: 'warning',
    code: 'blog',
    file: post.file,
    line: found?.line ?? post.bodyLine,
    message: `${found?.written ?? '<!-- truncate -->'} ends the excerpt only on a line of its own, outside boxes, lists, quotes and tabs, so the blog lists show this post whole`,
    hint: 'move it to a line of its own between two paragraphs of the post',
  };
}

// The notes gathered at the end of a page (`footnoteSection`): nothing follows them.
const FOOTNOTES_RE = /<section class="footnotes"><h2 class="sr-only">[^<]*<\/h2><ol>/g;

/** Rendered markdown without the footnotes at its end. */
function withoutFootnotes(html: string): string {
  const at = [...html.matchAll(FOOTNOTES_RE)].at(-1)?.index;
  return at === undefined || !html.endsWith('</ol></section>\n') ? html : html.slice(0, at);
}

/** Every heading a level down, `<h2>` an `<h3>` (an `<h6>` stays one). */
function headingsDown(html: string): string {
  return html.replace(/<(\/?)h([1-5])(?=[\s>])/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}

/** Heading ids and the headings' own `#` links taken out of rendered markdown. */
export function stripHeadingIds(html: string): string {
  return withoutHashLinks(html.replace(/<(h[1-6]) id="[^"]*">/g, '<$1>'));
}

/** The headings' own `#` links taken out (a feed reader shows them as stray characters). */
export function withoutHashLinks(html: string): string {
  return html.replace(/<a class="hash-link"[^>]*>#<\/a>/g, '');
}

/** The attributes that hold an address (`srcset` and `imagesrcset` a list of them), as the page's link pass reads them. */
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'poster', 'srcset', 'imagesrcset', 'data', 'action', 'formaction', 'cite']);
/** The tag an attribute holds an address on, where it is one on a single tag (an object's `data`, a form's `action`). */
const TAG_OF_ATTRIBUTE: Record<string, string> = { data: 'object', action: 'form' };
const TAG_NAME_RE = /^<([A-Za-z][^\s/<>]*)/;
/**
 * A start tag with its attributes, each after white space or a quoted value's closing quote (so that no two
 * alternatives can take the same characters), never past a `<` outside quotes: raw HTML's text that is no tag
 * (`<a b<a b…`, which an HTML block keeps as written) costs linear time.
 */
const START_TAG_RE = /<[A-Za-z][^\s/<>]*(?:(?:\s+|(?<=["']))[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
/** One attribute of a start tag: its name, and its value in double quotes, single quotes or none. */
const ATTRIBUTE_RE = /(\s*)([^\s"'<>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** A code block: its text may show markup (`<img src="logo.png">`) that is not the page's. */
const PRE_RE = /<pre[\s>][\s\S]*?<\/pre>/g;

/**
 * Every link, image, poster, srcset candidate, object, form target, cited source and style url() of rendered markdown through `resolve`, outside code
 * blocks (whose text is not markup). A replacer function, so that a `$` in an address stays a `$`.
 * Raw HTML's attributes are read as a browser reads them: quoted with `'` or not at all, in capitals
 * (`<a href='../x'>`, `<a HREF=../x>`), each then written in double quotes.
 */
export function rewriteUrls(html: string, resolve: (url: string) => string): string {
  const value = (name: string, url: string) =>
    name === 'srcset' || name === 'imagesrcset'
      ? url.split(',').map((candidate) => candidate.replace(/^(\s*)(\S+)/, (__, space: string, one: string) => space + resolve(one))).join(',')
      : name === 'style'
        ? // Its url()s that name files, as the link pass reads them (`styleUrlAddress`).
          url.replace(STYLE_URL_RE, (...match: string[]) => {
            const address = styleUrlAddress(match);
            if (!address) return match[0]!;
            const quote = match[2] !== undefined ? '"' : match[3] !== undefined ? "'" : '';
            return `${match[1]}${quote}${resolve(address)}${quote}${match[5]}`;
          })
        : url === '' || (name === 'cite' && /\s/.test(url.trim()))
          ? url
          : resolve(url);
  const rewrite = (part: string) =>
    part.replace(START_TAG_RE, (tag) =>
      tag.replace(ATTRIBUTE_RE, (whole, space: string, name: string, equals: string | undefined, double?: string, single?: string, bare?: string) => {
        const url = double ?? single ?? bare;
        const lower = name.toLowerCase();
        if (url === undefined || !(URL_ATTRIBUTES.has(lower) || (lower === 'style' && /url\(/i.test(url)))) return whole;
        const only = TAG_OF_ATTRIBUTE[lower];
        if (only && TAG_NAME_RE.exec(tag)?.[1]?.toLowerCase() !== only) return whole;
        // The value is kept as written (its entities too) but for the quotes it now sits in.
        return `${space}${name}${equals}"${value(lower, url).replace(/"/g, '&quot;')}"`;
      }),
    );
  let out = '';
  let last = 0;
  for (const match of html.matchAll(PRE_RE)) {
    out += rewrite(html.slice(last, match.index)) + match[0];
    last = match.index! + match[0].length;
  }
  return out + rewrite(html.slice(last));
}
