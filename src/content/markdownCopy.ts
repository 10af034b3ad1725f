// A page's markdown as a reader outside the site needs it (`/docs/x.md`, llms.txt): the body after its
// partials, variables and MDX (which the markdown stage has already made `:::` markdown), with sitegen's
// own syntax made plain markdown: boxes are quotes that name their kind, tabs labelled sections, heading
// ids and the excerpt marker gone, and every link and image an absolute address. Line by line, as the
// body is written: the copy keeps the author's markdown (lists, tables, code) as it is.
import { asciiUrl } from '../asciiUrl.js';
import { admonitionTitle } from './admonitions.js';
import { rewriteUrls } from './excerpt.js';
import { nestedFenceAfter } from './fences.js';
import { hasScheme, resolveHref, type LinkContext } from './links.js';
import { pageHref } from '../routes/pageHref.js';

/** The copy, and whether it has a `#` heading of its own (else the title is put on top). */
export interface MarkdownCopy {
  text: string;
  h1: boolean;
}

/** Resolves a link or image of the body (its 0-based line, for partials' own bases) to the address the copy shows. */
export type CopyLinkResolver = (href: string, line: number) => string;

type Frame = { kind: 'box' | 'tabs' | 'code-group'; indent: string };

const OPEN_RE = /^([ \t]*)(:{3,})[ \t]*([A-Za-z]+(?:-[A-Za-z]+)*)(?:\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\])?(?:[ \t]+(.*?))?[ \t]*$/;
const CLOSE_RE = /^[ \t]*:{3,}[ \t]*$/;
const TAB_LABEL_RE = /^([ \t]*)==[ \t]+(.+?)[ \t]*$/;
const HEADING_ID_RE = /^([ \t]*(?:>[ \t]?)*[ \t]*#{1,6}[ \t].*?)[ \t]*(?<!\\)\{#[^\s{}]+\}[ \t]*$/;
const H1_RE = /^[ \t]{0,3}#[ \t]/;
const TRUNCATE_RE = /^\s*<!--\s*(?:truncate|more)\s*-->\s*$/;
// An inline link or image's destination (`](./a.md "title")`, `](<a b.md>)`), and a reference definition's.
const INLINE_URL_RE = /(\]\()(<[^>\n]*>|[^\s)]+)/g;
const DEFINITION_RE = /^([ \t]*\[[^\]]+\]:[ \t]*)(<[^>\n]*>|\S+)/;
// A raw HTML attribute that may hold an address (the tag itself is read by `rewriteUrls`).
const HTML_URL_ATTRIBUTE_RE = /\s(?:href|xlink:href|src|poster|srcset|imagesrcset|data|action|formaction|cite|style)\s*=/i;
const CODE_SPAN_RE = /(`+)[^`]*?\1/g;
const BOX_KINDS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'details']);

/** The copy of a body written in sitegen's markdown (after MDX); `locale` names the boxes' kinds. */
export function markdownCopyOf(body: string, locale: string, resolve: CopyLinkResolver): MarkdownCopy {
  const out: string[] = [];
  const frames: Frame[] = [];
  let fence: string | null = null;
  let h1 = false;
  body.split('\n').forEach((line, i) => {
    const fenced = nestedFenceAfter(line, fence);
    if (fence !== null) {
      if (fenced === null) fence = null;
      out.push(quoted(frames, line));
      return;
    }
    if (fenced) {
      fence = fenced;
      const label = frames.at(-1)?.kind === 'code-group' ? /\[([^\]]+)\]/.exec(line)?.[1] : undefined;
      if (label) out.push(quoted(frames, `**${label}**`), quoted(frames, ''));
      out.push(quoted(frames, label ? line.replace(/[ \t]*\[[^\]]+\]/, '') : line));
      return;
    }
    const open = OPEN_RE.exec(line);
    if (open && (BOX_KINDS.has(open[3]!.toLowerCase()) || open[3] === 'tabs' || open[3] === 'code-group')) {
      const kind = open[3]!.toLowerCase();
      if (kind === 'tabs' || kind === 'code-group') return void frames.push({ kind, indent: open[1]! });
      const title = open[4] ?? open[5];
      const name = admonitionTitle(kind, locale);
      const label = kind === 'details' ? title || name : title ? `${name}: ${title}` : name;
      frames.push({ kind: 'box', indent: open[1]! });
      out.push(quoted(frames, `**${label}**`), quoted(frames, ''));
      return;
    }
    if (CLOSE_RE.test(line) && frames.length) {
      frames.pop();
      if (!frames.some((f) => f.kind === 'box')) out.push('');
      return;
    }
    if (TRUNCATE_RE.test(line)) return;
    const tab = frames.at(-1)?.kind === 'tabs' ? TAB_LABEL_RE.exec(line) : null;
    if (tab) return void out.push(quoted(frames, `${tab[1]}**${tab[2]}**`), quoted(frames, ''));
    const text = withAbsoluteUrls(line.replace(HEADING_ID_RE, '$1'), (href) => resolve(href, i));
    if (H1_RE.test(text) && !frames.length) h1 = true;
    out.push(quoted(frames, text));
  });
  return { text: out.join('\n').replace(/\n{3,}/g, '\n\n').trim() + '\n', h1 };
}

/** A line inside boxes, behind one `>` per box, after the outermost box's indent (a box in a list item). */
function quoted(frames: Frame[], line: string): string {
  const boxes = frames.filter((f) => f.kind === 'box');
  if (!boxes.length) return line;
  const indent = boxes[0]!.indent;
  const rest = line.startsWith(indent) ? line.slice(indent.length) : line.trimStart();
  return `${indent}${'>'.repeat(boxes.length)}${rest ? ` ${rest}` : ''}`;
}

/** A line with its links' and images' destinations resolved, outside code spans. */
function withAbsoluteUrls(line: string, resolve: (href: string) => string): string {
  if (!line.includes('](') && !line.includes(']:') && !HTML_URL_ATTRIBUTE_RE.test(line)) return line;
  const definition = DEFINITION_RE.exec(line);
  if (definition) return definition[1] + destination(definition[2]!, resolve) + line.slice(definition[0].length);
  let result = '';
  let last = 0;
  // Raw HTML's tags as the page reads them: any quotes or none, a poster, each srcset candidate.
  const rewrite = (text: string) => rewriteUrls(text.replace(INLINE_URL_RE, (_, open: string, href: string) => open + destination(href, resolve)), resolve);
  for (const span of line.matchAll(CODE_SPAN_RE)) {
    result += rewrite(line.slice(last, span.index)) + span[0];
    last = span.index! + span[0].length;
  }
  return result + rewrite(line.slice(last));
}

/** A destination as written (`<a b.md>` keeps its brackets) with its address resolved. */
function destination(written: string, resolve: (href: string) => string): string {
  const angled = written.startsWith('<') && written.endsWith('>');
  const href = angled ? written.slice(1, -1) : written;
  const url = resolve(href);
  return angled || /\s/.test(url) ? `<${url}>` : url;
}

/** Where a page's copy is published: `/docs/x` → `/docs/x.md`, a folder's `/docs/faqs/` → `/docs/faqs/index.md`. */
export function markdownCopyPath(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}

/**
 * The resolver of a page's copy: a link to a page's markdown file (`./b.md#a`) leads to that page's copy, any
 * other site path (a page, an image, a file beside the page) to its absolute address, and so does a relative one
 * (`../faqs/`, `?page=2`), from the page's address as its page resolves it: read from the copy's address, or from
 * llms-full.txt's, it led elsewhere. Anchors, other sites and links that do not resolve stay as written.
 * `linkBase` gives a partial's own base at a file line.
 */
export function copyLinkResolver(job: { contentPath: string; sourceFolder?: string; bodyLine: number }, context: LinkContext, linkBase?: ((line: number) => { contentPath: string; sourceFolder: string } | null) | false): CopyLinkResolver {
  // A page's file is named by its address without the slash `trailingSlash` adds (`/docs/x.md`, a folder's `/docs/faqs/index.md`).
  const unslashed = context.trailingSlash ? { ...context, trailingSlash: undefined } : context;
  return (href, line) => {
    const base = linkBase ? linkBase(job.bodyLine + line) : null;
    const page = /\.mdx?$/i.test(href.split(/[?#]/)[0]!);
    const resolving = page ? unslashed : context;
    const resolved = base ? resolveHref(href, base.contentPath, resolving, base.sourceFolder) : resolveHref(href, job.contentPath, resolving, job.sourceFolder);
    const url = resolved.url;
    if (resolved.problem || !context.origin || url === '' || url.startsWith('#') || hasScheme(url)) return url;
    if (!url.startsWith('/')) return fromPage(url, job.contentPath, context);
    if (url.startsWith('//')) return url;
    const [path = '', hash = ''] = url.split(/(?=#)/);
    return context.origin + asciiUrl(page ? markdownCopyPath(path.split('?')[0]!) : path) + hash;
  };
}

/** A relative link (`../faqs/`, `?page=2`) made absolute from the address of the page it is written in (`trailingSlash`'s form). */
function fromPage(url: string, contentPath: string, context: LinkContext): string {
  const page = context.permalinks[contentPath];
  if (page === undefined) return url;
  try {
    return new URL(url, context.origin + asciiUrl(pageHref(context, page))).href;
  } catch {
    return url;
  }
}
