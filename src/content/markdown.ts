import { Marked, Renderer, Tokenizer, type MarkedExtension, type Token, type Tokens, type TokenizerExtension, type TokenizerThis, type RendererExtension } from 'marked';
import { stripHeadingIds } from './excerpt.js';
import { slug } from 'github-slugger';
import cjkFriendly from 'marked-cjk-friendly';
import type { DeferredBlocks } from './deferredCode.js';
import { knownLanguages, languageOf, type CodeHighlighter } from './highlight.js';
import { joinMarks, lineNotations, markLines, parseCodeOptions, type CodeOptions } from './codeMeta.js';
import { isOwnOrigin, resolveHref, type LinkContext } from './links.js';
import type { LinkDep } from './linkDeps.js';
import { parseSrcset } from '../links/scanHtml.js';
import { admonitionTitle, headingLinkLabel } from './admonitions.js';
import { decodeHtml, escapeHtml } from './escapeHtml.js';
import { FENCE_OPEN_RE, linesOutsideCode } from './fences.js';
import { codeTabLabel, MAX_TABS, parseGroupOptions, splitTabs, TAB_KINDS, tabsHtml, type GroupOptions } from './tabs.js';
import { footnoteDefinition, footnoteReference, footnoteSection, liftFootnoteReferences, numberFootnotes, type FootnoteReference, type Footnotes } from './footnotes.js';
import type { Diagnostic, Heading, RenderedMarkdown, SourceRef } from '../types.js';
import { closestMatch } from '../diagnostics.js';
import { mayBeMdx, rewriteMdx, type MdxRewrite } from './mdx.js';
import { ADMONITION_ALIASES } from './mdxComponents.js';
import { isMathFence, mathSyntax, renderFormulas, type MathToken } from './math.js';
import { lineSourceAt, linkBaseAt, withIncludedLines, type IncludeMap } from './includeMap.js';
import { copyLinkResolver, markdownCopyOf } from './markdownCopy.js';
import { unclosedHtml } from './unclosedHtml.js';

/** One markdown file to render. */
export interface MarkdownJob {
  /** Project-relative path, for diagnostics. */
  file: string;
  /** Path relative to the locale folder (`docs/faqs/safe.md`), base of relative links. */
  contentPath: string;
  /** Markdown with variables substituted. */
  body: string;
  /** File line on which `body` starts. */
  bodyLine: number;
  locale: string;
  /** The locale folder that holds the file, when not the page's own (a fallback copy): where the files beside it are. */
  sourceFolder?: string;
  /**
   * The page's title, description and keywords: not rendered, but tokenised for the search index
   * beside the body (a thread that renders a few pages loads jieba for both, see worker.ts).
   */
  meta?: string;
  /** The page hides its title (front matter `hide_title`): a `#` heading that starts the body stands in for it, and is no second one. */
  titleInBody?: boolean;
  /** The site renders math (`markdown.math`) and the body may hold some (math.ts): it is read with the math syntax. */
  math?: true;
  /** The body has partials included (includes.ts): where each of its lines comes from. */
  includes?: IncludeMap;
  /** The site publishes markdown copies of its pages (`llms`): the page's is made beside its HTML (markdownCopy.ts). */
  copy?: true;
}

/**
 * A job as rendered: after MDX, with the lines (of its body, 0-based) of the groups of tabs written as <Tabs>, which its
 * problems name so; and, for a body with partials, the base of a relative link at a line (null: the page's own) and the
 * file and line each line is written at.
 */
type RenderJob = MarkdownJob & { mdxTabs?: Set<number>; linkBase?: (line: number) => { contentPath: string; sourceFolder: string } | null; lineSource?: (line: number) => { file: string; line: number } };

export interface MarkdownResult {
  rendered: RenderedMarkdown;
  diagnostics: Diagnostic[];
  /** Code blocks a thread left to the highlighting one: the pool fills them in before anyone else sees the result. */
  deferred?: DeferredBlocks;
  /** What the render read of its link context, with the answers: the result holds while they are the same (`depsHold`). */
  deps?: LinkDep[];
  /** What the HTML leaves open that would swallow the rest of the page (`unclosedHtml`): told as an error at its line. */
  unclosed?: string;
  /**
   * The SHA-1 of `rendered.html`, made once when the result is cached: a page's cache key hashes its HTML, and a
   * result read back from the cache brings the hash with it instead of the page's HTML being hashed at every build.
   */
  htmlHash?: string;
  /** The SHA-1 of `rendered.intro` and `rendered.sections` as JSON, made with `htmlHash`: the search input's hash takes it (`searchTextHashes`). */
  textHash?: string;
}

type Admonition = { type: 'admonition'; raw: string; colons: string; kind: string; title: string | null; titleTokens: Token[]; closed: boolean; tokens: Token[]; tabs?: TabsOf; attributes?: DirectiveAttributes };
/** A box's `{…}` after its kind: its `title`, and what else it holds (`ignored`), or that it could not be read. */
type DirectiveAttributes = { written: string; title?: string; ignored: string[]; unread?: true };
/**
 * A group of tabs (`:::tabs`, `::: code-group`: src/content/tabs.ts), kept in an admonition token so that
 * every walk of the page (links, headings, search text, footnotes) goes through its tabs' tokens: each tab
 * is where its tokens start in `tokens`, and where its text starts in the block's inner text (its lines).
 * `key` is its sync key (`:::tabs key:os`), `keyProblem` what is wrong with the text after its kind.
 */
type TabsOf = { tabs: { label: string; start: number; offset: number }[]; group?: string; key?: string; keyProblem?: GroupOptions['problem']; before?: boolean; stray?: number };
type HeadingToken = Tokens.Heading & { id?: string };

// `:::tip Title`, and as Docusaurus also reads them `::: tip`, `:::TIP` and `:::tip[Title]`; any other
// word after `:::` is a kind that does not exist (told at its line, not printed as text). More colons
// (`::::warning`) open a block that holds others, closed by a line of at least as many.
// remark-directive's attribute form, `:::tip{title="Title"}`, is read too (its other attributes do nothing: told).
const ADMONITION_RE = /^(:{3,})[ \t]*([A-Za-z]+(?:-[A-Za-z]+)*)(?:\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\])?(?:\{([^{}\n]*)\})?(?:[ \t]+([^\n]*))?[ \t]*(?:\n|$)/;
// One attribute of remark-directive's braces: `key="value"`, `key='value'`, `key=value`, `key`, `.class` or `#id`.
const DIRECTIVE_ATTRIBUTE_RE = /[ \t]*(?:([A-Za-z_:][\w:.-]*)(?:[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|[.#][^\s.#"'=]+)[ \t]*/y;
// A line that ends a paragraph (as marked's own rule: a blank line, a heading, a quote), or an admonition's.
const PARAGRAPH_END_RE = /\n(?:(:::)|[ \t]*(?:\n|$)| {0,3}(?:#{1,6}(?:[ \t\n]|$)|>))/;
const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'details'];
// `> [!NOTE]` on the quote's first line: GitHub's five alerts, and the box each becomes.
const GITHUB_ALERT_RE = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;
const GITHUB_ALERTS: Record<string, { box: string; title: string }> = {
  NOTE: { box: 'note', title: 'note' },
  TIP: { box: 'tip', title: 'tip' },
  IMPORTANT: { box: 'info', title: 'important' },
  WARNING: { box: 'warning', title: 'warning' },
  CAUTION: { box: 'caution', title: 'caution' },
};
// Fence words for plain text, which is not highlighted on purpose.
const PLAIN_LANGS = new Set(['text', 'txt', 'plain', 'plaintext', 'none', 'output', 'ansi']);
const EXPLICIT_ID_RE = /\s*\{#([^\s{}]+)\}\s*$/;
// Docusaurus's excerpt marker, and Hugo's (`<!--more-->`), as sites moved from it write it.
const TRUNCATE_RE = /^\s*<!--\s*(?:truncate|more)\s*-->\s*$/;
// A URL attribute of raw HTML, its value quoted or not (`poster` of a video, `data` of an object: as the page scan reads them).
const HTML_URL_RE = /\s(xlink:href|href|src|srcset|imagesrcset|poster|data|action|formaction|cite)\s*=\s*(?:(["'])(.*?)\2|([^\s"'>]+))/gi;
// A style attribute of raw HTML, and a url() in its CSS (quoted or not).
const HTML_STYLE_RE = /\s(style)\s*=\s*(?:(["'])(.*?)\2|([^\s"'>]+))/gi;
const CSS_URL_RE = /(url\(\s*)(?:"([^"]*)"|'([^']*)'|([^"'()\s]*))\s*\)/gi;
// The tag an attribute is in: the last `<name` before it.
const OPEN_TAG_RE = /<([a-z][a-z0-9-]*)[^<]*$/i;
const TAG_OF_ATTRIBUTE: Record<string, string> = { poster: 'video', data: 'object', imagesrcset: 'link', action: 'form' };
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'action', 'formaction', 'cite']);
// An id of raw HTML, or an anchor's name (a fragment finds either).
const HTML_ID_RE = /\s(id|name)\s*=\s*(?:(["'])(.*?)\2|([^\s"'>]+))/gi;
// Words of every alphabet (Latin with accents, Cyrillic, Greek, Arabic, Hangul): `[A-Za-z0-9]` alone had read a
// Russian post as no words at all ("1 min read" whatever its length) and `café` as two. Chinese characters and
// Japanese kana are counted on their own (CJK_RE), taken out of the text first.
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const CJK_RE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/g;
// Thai, Lao, Khmer and Myanmar put no space between words (a space there ends a phrase), so a run of them was one
// word: a Thai post of 1,500 words read "1 min read". A run counts by its letters, about 3.5 to a word (as Intl.Segmenter
// splits sample sentences of each), at 800 a minute; marks (tone and vowel signs) and ฿ add none. The segmenter itself
// costs about 1 µs a character on every cold build; this a scan.
const SPACELESS_RE = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]+/gu;
const LETTER_RE = /\p{L}/gu;
// Inline tokens add no space of their own: `**DeepL**设置` reads "DeepL设置" (and its id is `deepl设置`, as on GitHub).
const INLINE_TYPES = new Set(['link', 'image', 'strong', 'em', 'del']);
const BR_TAG_RE = /^<br\b/i;
// Chinese and full-width punctuation, curly quotes, … and —: a bare web address ends before them
// (GFM's rule runs to the next space, which Chinese text may not have for a whole paragraph).
const URL_END_RE = /[\u3000-\u303f\uff00-\uff65\u2018\u2019\u201c\u201d\u2026\u2014]/;

/**
 * A box's body (an admonition's, a tab's) lexed as blocks of their own, as marked lexes a blockquote's: its
 * paragraphs are paragraphs even where the box sits in a list item, whose own lines marked lexes as bare text
 * (two paragraphs of a box in a numbered step had run together, without their `<p>`).
 */
function blockTokensOfBox(lexer: TokenizerThis['lexer'], body: string, into: Token[]): void {
  const top = lexer.state.top;
  lexer.state.top = true;
  lexer.blockTokens(body, into);
  lexer.state.top = top;
}

const HEAD_RE = /^\s*<head[\s>]/i;
/** Raw HTML that runs on to a blank line (`<details>`, `<div>`): not a comment, nor an element whose text is its own (`<pre>`). */
const HTML_TO_BLANK_RE = /^ {0,3}<(?!!--|\?|![A-Za-z]|!\[CDATA\[|(?:pre|script|style|textarea)[\s>])/i;
/** A line that opens fenced code or a box. */
const BLOCK_OPEN_RE = /^ {0,3}(?:`{3,}|~{3,}|:{3,}[ \t]*[A-Za-z])/;

const admonitionExtension: TokenizerExtension & RendererExtension = {
  name: 'admonition',
  level: 'block',
  // marked cuts the paragraph that starts here at the index given (its first character left off), so
  // a `:::` line ends it: looked for only up to where the paragraph ends anyway. Searching the whole
  // rest of the file from every paragraph was quadratic (a 5 MB page ran past the 10 s limit).
  start: (src) => {
    const end = PARAGRAPH_END_RE.exec(src);
    return end?.[1] ? end.index + 1 : undefined;
  },
  tokenizer(src) {
    const open = ADMONITION_RE.exec(src);
    if (!open) return undefined;
    const end = findAdmonitionEnd(src, open[0].length, open[1]!.length);
    const attributes = open[4] === undefined ? undefined : directiveAttributes(open[4]);
    const token: Admonition = {
      type: 'admonition',
      raw: src.slice(0, end.rawEnd),
      colons: open[1]!,
      // Docusaurus 3's other names for three kinds (`:::important` is its info box, title and all), as `<Admonition type>` takes them.
      kind: aliasedKind(open[2]!.toLowerCase()),
      title: (open[3] ?? attributes?.title ?? open[5])?.trim() || null,
      titleTokens: [],
      closed: end.closed,
      tokens: [],
      ...(attributes && (attributes.unread || attributes.ignored.length > 0) ? { attributes } : {}),
    };
    // The title is inline markdown, as Docusaurus reads it: a link in it is a link (rewritten and checked).
    if (token.title) this.lexer.inline(token.title, token.titleTokens);
    const inner = src.slice(open[0].length, end.innerEnd);
    if (TAB_KINDS.includes(token.kind)) {
      token.tabs = lexTabs(token.kind, inner, token.tokens, (body, into) => blockTokensOfBox(this.lexer, body, into));
      const options = parseGroupOptions(token.title, token.kind);
      token.tabs.key = options.key;
      token.tabs.keyProblem = options.problem;
      // The labels are the group's title: searched as words of their own (and shown by the renderer as tabs).
      const labels = token.tabs.tabs.map(({ label }) => label).join(' ');
      token.titleTokens = labels ? [{ type: 'text', raw: labels, text: labels }] : [];
      return token;
    }
    blockTokensOfBox(this.lexer, inner, token.tokens);
    return token;
  },
  renderer(token) {
    const t = token as unknown as Admonition & { locale: string };
    if (t.tabs) {
      const { tabs, group = 'tabs', key } = t.tabs;
      const panels = tabs.map((tab, i) => this.parser.parse(t.tokens.slice(tab.start, t.kind === 'code-group' ? tab.start + 1 : (tabs[i + 1]?.start ?? t.tokens.length))));
      return tabsHtml({ group, labels: tabs.map((tab) => tab.label), panels, kind: t.kind, key, locale: t.locale });
    }
    // Raw HTML in a title stays text, as it always has (`:::tip <b>` shows `<b>`).
    const title = t.title ? this.parser.parseInline(t.titleTokens.map((x) => (x.type === 'html' ? { type: 'text', raw: x.raw, text: x.raw } : x))) : escapeHtml(admonitionTitle(t.kind, t.locale));
    // `:::details Title` (as VitePress writes it): a box that opens on a click.
    if (t.kind === 'details') return `<details class="admonition admonition-details"><summary class="admonition-title">${title}</summary>${this.parser.parse(t.tokens)}</details>\n`;
    const kind = ADMONITION_KINDS.includes(t.kind) ? t.kind : 'note';
    return `<div class="admonition admonition-${kind}"><p class="admonition-title">${title}</p>${this.parser.parse(t.tokens)}</div>\n`;
  },
};

/** A box's `{…}` read as remark-directive reads its attributes: the title, and the others (which do nothing here). */
function directiveAttributes(written: string): DirectiveAttributes {
  const out: DirectiveAttributes = { written, ignored: [] };
  DIRECTIVE_ATTRIBUTE_RE.lastIndex = 0;
  while (DIRECTIVE_ATTRIBUTE_RE.lastIndex < written.length) {
    const from = DIRECTIVE_ATTRIBUTE_RE.lastIndex;
    const m = DIRECTIVE_ATTRIBUTE_RE.exec(written);
    if (!m || m[0] === '') return { written, ignored: [], unread: true };
    if (m[1] === 'title' && (m[2] ?? m[3] ?? m[4]) !== undefined) out.title = m[2] ?? m[3] ?? m[4];
    else out.ignored.push(written.slice(from, DIRECTIVE_ATTRIBUTE_RE.lastIndex).trim());
  }
  return out;
}

/** An admonition's kind as written, or the one a Docusaurus alias stands for (`important` → `info`). */
function aliasedKind(kind: string): string {
  return Object.hasOwn(ADMONITION_ALIASES, kind) ? ADMONITION_ALIASES[kind]! : kind;
}

/**
 * Finds the line closing an admonition opened with `colons` colons, skipping nested ones and fenced
 * code: a line of only colons closes the innermost open block when it has at least as many as that
 * block's opening line (a shorter one is text), as container directives are read.
 */
function findAdmonitionEnd(src: string, from: number, colons: number): { innerEnd: number; rawEnd: number; closed: boolean } {
  const open = [colons];
  for (const { line, start, next } of linesOutsideCode(src, from)) {
    if (/^:{3,}[ \t]*[A-Za-z]/.test(line)) open.push(/^:+/.exec(line)![0].length);
    else if (/^:{3,}\s*$/.test(line) && line.trim().length >= open[open.length - 1]! && (open.pop(), open.length === 0)) return { innerEnd: start, rawEnd: next, closed: true };
  }
  return { innerEnd: src.length, rawEnd: src.length, closed: false };
}

/**
 * The tabs of a `:::tabs` or `::: code-group` block's inner text, their tokens lexed into `tokens`:
 * a `:::tabs` tab per `== Label` line; a code-group's tabs are its code blocks (anything else in it is
 * `stray`, the offset of the first such token).
 */
function lexTabs(kind: string, inner: string, tokens: Token[], lex: (body: string, into: Token[]) => void): TabsOf {
  if (kind === 'tabs') {
    const split = splitTabs(inner);
    const tabs = split.tabs.map((tab) => {
      const start = tokens.length;
      // Lexed apart: the lexer joins a blank line or indented code that starts the text to the token before it, the last tab's.
      const own: Token[] = [];
      lex(tab.body, own);
      tokens.push(...own);
      return { label: tab.label, start, offset: inner.indexOf('\n', tab.offset) + 1 };
    });
    return { tabs, before: split.before.trim() !== '' };
  }
  lex(inner, tokens);
  const tabs: TabsOf['tabs'] = [];
  let stray: number | undefined;
  let offset = 0;
  tokens.forEach((token, start) => {
    if (token.type === 'code' && (token as Tokens.Code).codeBlockStyle !== 'indented') {
      (token as Tokens.Code & { inTab?: true }).inTab = true;
      tabs.push({ label: codeTabLabel(codeOptions((token as Tokens.Code).lang ?? '', 1)), start, offset });
    } else if (token.type !== 'space' && stray === undefined) stray = offset;
    offset += token.raw.length;
  });
  return { tabs, stray };
}

/** A fence's options, its title and tab label as text: their entities decoded once, as CommonMark decodes an info string. */
function codeOptions(info: string, lineCount: number): CodeOptions {
  const { options } = parseCodeOptions(info, lineCount);
  return { ...options, ...(options.title ? { title: decodeHtml(options.title) } : {}), ...(options.tab ? { tab: decodeHtml(options.tab) } : {}) };
}

/** Creates the renderer of one thread; `highlighter` must have prepared the languages a job uses. */
export function createMarkdownRenderer(highlighter: Pick<CodeHighlighter, 'highlight'>) {
  const marked = new Marked({ gfm: true });
  const markdownOptions: MarkedExtension = {
    extensions: [admonitionExtension, footnoteDefinition, footnoteReference],
    tokenizer: {
      url(src) {
        const token = Tokenizer.prototype.url.call(this, src);
        const cut = token && !token.href.startsWith('mailto:') ? URL_END_RE.exec(token.raw)?.index : undefined;
        if (!token || cut === undefined) return token;
        // What is left may end in punctuation GFM leaves out (`https://x.org/a.（…`): taken back as GFM does.
        let raw = token.raw.slice(0, cut);
        for (let last = ''; last !== raw; ) [last, raw] = [raw, this.rules.inline._backpedal.exec(raw)?.[0] ?? ''];
        const href = raw.startsWith('www.') ? `http://${raw}` : raw;
        return { ...token, raw, text: raw, href, tokens: [{ type: 'text', raw, text: raw }] };
      },
    },
    renderer: {
      // GitHub's alerts (`> [!NOTE]` … ), as README files and VitePress write them: a box like `:::note`'s.
      blockquote(token) {
        const kind = GITHUB_ALERT_RE.exec(token.text)?.[1]?.toUpperCase();
        // The marker alone is a quote, as GitHub shows it.
        if (!kind || !token.text.replace(GITHUB_ALERT_RE, '').trim()) return false;
        const { box, title } = GITHUB_ALERTS[kind]!;
        const inner = this.parser.parse(token.tokens).replace(/^<p>\[![A-Za-z]+\][ \t]*(?:\n|(?=<\/p>))/, '<p>').replace(/^<p><\/p>\n?/, '');
        const label = escapeHtml(admonitionTitle(title, (token as Tokens.Blockquote & { locale?: string }).locale ?? 'en'));
        return `<div class="admonition admonition-${box}"><p class="admonition-title">${label}</p>${inner}</div>\n`;
      },
      heading({ tokens, depth, ...rest }) {
        const { id, locale = 'en' } = rest as { id?: string; locale?: string };
        const inner = this.parser.parseInline(tokens);
        if (!id) return `<h${depth}>${inner}</h${depth}>\n`;
        const label = headingLinkLabel(inlineText(tokens).trim(), locale);
        // The `#` is for the mouse (its title a tooltip); hidden from screen readers and Tab, it leaves the
        // heading's name its text alone, not "Setup Direct link to Setup" (the table of contents links each one).
        return `<h${depth} id="${escapeHtml(id)}">${inner}<a class="hash-link" href="#${escapeHtml(encodeURI(id))}" title="${escapeHtml(label)}" aria-hidden="true" tabindex="-1">#</a></h${depth}>\n`;
      },
      code(token) {
        // Lines marked by comments (`// highlight-next-line`, `// [!code ++]`): the comments go, their marks stay.
        const { code: text, marks } = lineNotations(token.text, token.lang);
        const { lang } = token;
        const count = lineCount(text);
        const { lang: info, title: given, tab, lines: fenceLines, lineNumbers = 0 } = codeOptions(lang ?? '', count);
        const lines = joinMarks(fenceLines, marks);
        // In a code-group the tab is the block's label; elsewhere a `[label]` is its title.
        const title = (token as Tokens.Code & { inTab?: true }).inTab ? undefined : (given ?? tab);
        const highlighted = highlighter.highlight(text, languageOf(info), lines) ?? markLines(plainCodeBlock(text, !!(lines || lineNumbers)), lines);
        const head = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
        // Line numbers are CSS counters on the lines (not text: a copy or a selection leaves them out),
        // in a gutter of 3 digits unless the last one has more.
        const digits = String(lineNumbers + count - 1).length;
        const style = [lineNumbers > 1 ? `counter-reset:line ${lineNumbers - 1}` : '', lineNumbers && digits > 3 ? `--gutter:${digits}ch` : ''].filter(Boolean).join(';');
        const attributes = `class="code-block${lineNumbers ? ' line-numbers' : ''}"${style ? ` style="${style}"` : ''}${info ? ` data-lang="${escapeHtml(info)}"` : ''}`;
        return `<div ${attributes}>${head}${highlighted}</div>\n`;
      },
      link(token) {
        const { href, title, tokens } = token;
        const external = !(token as Tokens.Link & { ownSite?: true }).ownSite && /^(https?:)?\/\//i.test(href);
        const attrs = `${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' target="_blank" rel="noopener noreferrer"' : ''}`;
        // A reference to a note in the text (`[see[^1]](/x)`) follows the link: a link holds no other.
        const { text, after } = liftFootnoteReferences(tokens);
        return `<a href="${escapeHtml(href)}"${attrs}>${this.parser.parseInline(text)}</a>${this.parser.parseInline(after)}`;
      },
      image({ href, title, text, tokens }) {
        // The description as the text it shows (`**设置**` is 设置, `&amp;` is &), as CommonMark makes an alt.
        const alt = tokens ? inlineText(tokens) : text;
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" decoding="async">`;
      },
      table(token) {
        return `<div class="table-wrap">${breakLongWords(Renderer.prototype.table.call(this, token))}</div>\n`;
      },
    },
  };
  // CommonMark leaves `**注意：**请` unclosed (a run after punctuation closes only before a space or more
  // punctuation); CJK characters beside a delimiter count as punctuation, as the CJK-friendly amendment has it.
  const cjkEmphasis = cjkFriendly();
  marked.use(markdownOptions, cjkEmphasis);
  // A page with math is read by a renderer of its own, with the math syntax: the others never look for it.
  let mathMarked: Marked | undefined;
  const markedFor = (job: MarkdownJob) => (job.math ? (mathMarked ??= new Marked({ gfm: true }, markdownOptions, cjkEmphasis, mathSyntax)) : marked);

  // A page with MDX (Docusaurus's <Tabs>, imports…) is rendered as the markdown it stands for, each line
  // then told at the line it comes from. The test is cheap: most pages have none.
  // A body with partials is rendered whole, then each line told at the partial's file and line it comes from.
  return function renderMarkdown(job: MarkdownJob, context: LinkContext): MarkdownResult {
    const mdx = mayBeMdx(job.body, job.file) ? rewriteMdx(job.body, job.file, job.bodyLine, job.math) : null;
    const linkBase = job.includes && linkBaseAt(job.includes, job.bodyLine, mdx?.lines);
    const lineSource = job.includes && lineSourceAt(job.includes, job.bodyLine, mdx?.lines);
    const result = mdx ? withSourceLines(renderBody({ ...job, body: mdx.body, mdxTabs: mdx.tabsLines, linkBase, lineSource }, context), mdx, job) : renderBody({ ...job, linkBase, lineSource }, context);
    // The page's markdown copy (llms.txt): from the body the page renders, its MDX already made markdown.
    if (job.copy) result.rendered.copy = markdownCopyOf(mdx?.body ?? job.body, job.locale, copyLinkResolver(job, context, linkBase));
    const unclosed = unclosedHtml(result.rendered.html);
    if (unclosed) result.unclosed = unclosed;
    return job.includes ? withIncludedLines(result, job.includes, job.file, job.bodyLine) : result;
  };

  function renderBody(job: RenderJob, context: LinkContext): MarkdownResult {
    const marked = markedFor(job);
    const diagnostics: Diagnostic[] = [];
    const tokens = marked.lexer(job.body);
    const lineOf = lineIndex(job.body, job.bodyLine);
    const offsets = topLevelOffsets(tokens);
    // A heading's line: its top-level token's, past what comes before it there (in an admonition or a list), its
    // headings before it included (the same heading written twice in a box is told at the second).
    let headingAfter = { top: -1, at: 0 };
    const headingLine = (top: number, raw: string) => {
      const from = headingAfter.top === top ? headingAfter.at : 0;
      const found = tokens[top].raw.indexOf(raw, from);
      headingAfter = { top, at: found === -1 ? from : found + 1 };
      return lineOf(offsets[top] + (found === -1 ? Math.max(0, tokens[top].raw.indexOf(raw)) : found));
    };
    // Numbered first: a heading's id is never one of the notes' (`## user-content-fn-1` gets `…-1-1`).
    const footnotes = numberFootnotes(tokens, (list, visit) => void marked.walkTokens(list, visit));
    // A page that hides its title (hide_title) and starts with a `#` heading: that heading is its title.
    const first = tokens.find((t) => t.type !== 'space');
    const bodyTitle = !!job.titleInBody && first?.type === 'heading' && (first as Tokens.Heading).depth === 1;
    const { headings, headingLines, headingTokens } = assignHeadingIds(tokens, { noteIds: footnotes.ids, titleInBody: bodyTitle ? 1 : 0, lineAt: headingLine, elsewhere: (line, at) => partialLine(job, line, at), problem: (line, message, hint) => diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line, message, hint }) });
    const refs: SourceRef[] = [];
    const htmlIds: HtmlId[] = [];
    const htmlTags: HtmlTag[] = [];
    tokens.forEach((token, i) => {
      lintToken(token, lineOf(offsets[i]), job, diagnostics);
      collectRefs(token, offsets[i], job, context, { refs, diagnostics, lineOf, htmlIds, htmlTags });
    });
    checkHtmlTags(htmlTags, job, diagnostics);
    if (job.math) {
      diagnostics.push(...renderFormulas(tokens, { file: job.file, body: job.body, bodyLine: job.bodyLine, childTokens }));
      // A table of contents shows a heading's formulas as formulas, not as their TeX.
      headingTokens.forEach((token, k) => {
        const html = formulasHtml(token.tokens);
        if (html !== null) headings[k]!.html = html;
      });
    }
    checkHtmlIds(htmlIds, { headings, headingLines, footnoteIds: footnotes.ids }, job, diagnostics);
    // Tab groups are named apart on the page, and from another page's (a blog list shows several posts).
    let groups = 0;
    marked.walkTokens(tokens, (t) => {
      if (t.type === 'admonition' || t.type === 'heading' || t.type === 'blockquote') (t as unknown as { locale: string }).locale = job.locale;
      const tabs = (t as unknown as Admonition).tabs;
      if (t.type === 'admonition' && tabs) tabs.group = `tabs-${shortHash(job.contentPath)}-${groups++}`;
    });
    lintFootnotes(footnotes, job, lineOf, diagnostics);
    // A note that is not shown (never referred to, or a label's second) is not searched either.
    for (const definition of [...footnotes.unused, ...footnotes.duplicates.map((d) => d.definition)]) (definition as unknown as { unused: true }).unused = true;
    const truncateAt = tokens.findIndex((t) => t.type === 'html' && TRUNCATE_RE.test(t.raw));
    const html = keysTogether(marked.parser(tokens) + footnoteSection(footnotes.notes, (list) => marked.parser(list), job.locale));
    const excerptHtml = truncateAt === -1 ? null : keysTogether(stripHeadingIds(marked.parser(tokens.slice(0, truncateAt))));
    const { intro, sections, readingMinutes } = plainText(tokens);
    return { rendered: { html, headings, headingLines, excerptHtml, refs, intro, sections, readingMinutes, ...(bodyTitle ? { bodyTitle: true as const } : {}) }, diagnostics };
  }
}

/** A result rendered from a body MDX was rewritten into, its lines (diagnostics, headings, links) the file's again, the MDX's problems with them. */
function withSourceLines(result: MarkdownResult, mdx: MdxRewrite, { body, bodyLine }: Pick<MarkdownJob, 'body' | 'bodyLine'>): MarkdownResult {
  const { lines } = mdx;
  const map = (line: number) => (lines && line >= bodyLine && line - bodyLine < lines.length ? bodyLine + lines[line - bodyLine]! : line);
  const { rendered } = result;
  const place = columnsInSource(mdx, body, bodyLine);
  const diagnostics = [...mdx.diagnostics, ...result.diagnostics.map((d) => (d.line === undefined ? d : place({ ...d, line: map(d.line) }, d.line)))].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  if (!lines) return { ...result, diagnostics };
  return { ...result, rendered: { ...rendered, headingLines: rendered.headingLines.map(map), refs: rendered.refs.map((ref) => ({ ...ref, line: map(ref.line) })) }, diagnostics };
}

/**
 * Moves the column of a diagnostic told on a line the MDX rewrite changed (indented in a <TabItem>, or after a tag
 * on its line) to where the text it points at stands in the file's line: the same characters, as many times over
 * before them. A line the rewrite wrote for a tag (`:::tabs` for <Tabs>) keeps its column, the tag's line start.
 */
function columnsInSource(mdx: MdxRewrite, body: string, bodyLine: number): (d: Diagnostic, renderedLine: number) => Diagnostic {
  let written: string[] | undefined;
  let source: string[] | undefined;
  return (d, renderedLine) => {
    if (d.column === undefined || d.line === undefined) return d;
    written ??= mdx.body.split('\n');
    source ??= body.split('\n');
    const line = written[renderedLine - bodyLine];
    const from = source[d.line - bodyLine];
    if (line === undefined || from === undefined || line === from) return d;
    // The line without its indentation; else the characters from the column, 8 of them or down to 3 when the
    // rewrite took out what follows them (`{/* c */}`).
    if (line && from.endsWith(line)) return { ...d, column: d.column + from.length - line.length };
    for (let n = 8; n >= 3; n--) {
      const at = nthIn(from, line.slice(d.column - 1, d.column - 1 + n), line, d.column - 1);
      if (at !== -1) return { ...d, column: at + 1 };
    }
    return d;
  };
}

/** Where `text` stands in `source` as many times over as it does in `written` before `before`; -1 when it does not. */
function nthIn(source: string, text: string, written: string, before: number): number {
  if (!text) return -1;
  let at = source.indexOf(text);
  for (let k = written.indexOf(text); at !== -1 && k !== -1 && k < before; k = written.indexOf(text, k + 1)) at = source.indexOf(text, at + 1);
  return at;
}

/**
 * Gives every heading an id like GitHub does (CJK kept, duplicates -1, -2), or its `{#id}`; never one
 * of `noteIds` (the footnotes' ids → their labels), which are numbered on as a duplicate (`HeadingIds`). A
 * `{#id}` given twice or that is a note's, and a heading with no text (a table of contents entry of
 * nothing), are told to `problem` with the index of the top-level token they are in; a `{#id}` given
 * twice names its first heading when `elsewhere` names that one's line (in a partial).
 */
function assignHeadingIds(tokens: Token[], { noteIds, titleInBody, lineAt, elsewhere, problem }: { noteIds: Map<string, string>; titleInBody: number; lineAt: (top: number, raw: string) => number; elsewhere: (line: number, at: number) => string | null; problem: (line: number, message: string, hint: string) => void }): { headings: Heading[]; headingLines: number[]; headingTokens: HeadingToken[] } {
  const ids = new HeadingIds(noteIds);
  const headings: Heading[] = [];
  const headingTokens: HeadingToken[] = [];
  const headingLines: number[] = [];
  const visit = (list: Token[], top: number | null) => {
    list.forEach((token, i) => {
      const at = top ?? i;
      if (token.type === 'heading') {
        const heading = token as HeadingToken;
        const wanted = explicitIdOf(heading.text)?.normalize('NFC');
        if (wanted !== undefined) stripExplicitId(heading);
        const text = inlineText(heading.tokens).trim();
        heading.id = wanted !== undefined ? ids.explicit(wanted) : ids.automatic(text);
        const line = lineAt(at, heading.raw);
        const note = wanted === undefined ? undefined : noteIds.get(wanted);
        if (note !== undefined) problem(line, `heading id {#${wanted}} is the id of footnote [^${note}], so this one is #${heading.id}`, 'give the heading an id of its own');
        else if (wanted !== undefined && heading.id !== wanted) {
          const first = headings.findIndex((h) => h.id === wanted);
          const place = first === -1 ? null : elsewhere(headingLines[first]!, line);
          problem(line, `heading id {#${wanted}} is given twice on the page${place ? ` (first at ${place})` : ''}, so this one is #${heading.id}`, 'give each heading an id of its own');
        }
        if (!text) problem(line, 'heading with no text: readers see an empty line, and the table of contents leaves it out', 'write the heading, or delete the line');
        // The page's title is its <h1>: a `#` heading in the body is a second one (and left out of the table of
        // contents), unless the page hides its title, whose place the body's first one takes.
        if (heading.depth === 1 && top === null && titleInBody > 0) titleInBody--;
        else if (heading.depth === 1 && top === null) problem(line, `"# ${text}" is a second <h1>: the page's title (title: in the front matter) is its first`, 'make it a ## section, or delete it if it repeats the title');
        headings.push({ depth: heading.depth, text, id: heading.id });
        headingLines.push(line);
        headingTokens.push(heading);
      } else if ('tokens' in token && Array.isArray(token.tokens)) {
        visit(token.tokens, at);
      }
      if (token.type === 'list') for (const item of (token as Tokens.List).items) visit(item.tokens, at);
    });
  };
  ids.reserve(tokens);
  visit(tokens, null);
  return { headings, headingLines, headingTokens };
}

/**
 * A page's heading ids, numbered like GitHub's (`-1`, `-2` on the text's slug) but never one of the footnotes'
 * ids, and never, for a heading without `{#id}`, an id another heading asks for by `{#id}`, wherever on the page
 * it is: the heading whose id was written keeps it, as links to it expect. Ids are NFC, as the links to them are
 * made (`resolveHref`): a heading typed with decomposed accents (macOS file names, some editors) is still found
 * by a link typed composed.
 */
class HeadingIds {
  private readonly taken = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly wanted = new Set<string>();

  constructor(private readonly noteIds: Map<string, string>) {}

  /** Notes every `{#id}` of the page's headings, lists and admonitions included, before any id is given. */
  reserve(list: Token[]): void {
    for (const token of list) {
      if (token.type === 'heading') {
        const wanted = explicitIdOf((token as Tokens.Heading).text);
        if (wanted !== undefined) this.wanted.add(wanted.normalize('NFC'));
      } else if ('tokens' in token && Array.isArray(token.tokens)) this.reserve(token.tokens);
      if (token.type === 'list') for (const item of (token as Tokens.List).items) this.reserve(item.tokens);
    }
  }

  /** An id as written (`{#v1.2}` is `#v1.2`, as Docusaurus and VitePress keep it, and as links to it are written). */
  explicit(wanted: string): string {
    return this.take(wanted, false);
  }

  automatic(text: string): string {
    // A heading of emoji or punctuation only (`## 🚀`) has no letters to make an id of: GitHub's id is empty, and
    // its table-of-contents entry would lead to the page's top. Its own text is its id (`#🚀`), which no other
    // heading's id can be (a word of one would be GitHub's: `## Section` keeps `#section`).
    const id = slug(text.normalize('NFC'));
    return this.take(/[^-]/.test(id) ? id : text.trim().normalize('NFC').replace(/\s+/g, '-'), true);
  }

  private take(base: string, avoidWanted: boolean): string {
    let id = base;
    while (this.taken.has(id) || this.noteIds.has(id) || (avoidWanted && this.wanted.has(id))) {
      const n = (this.counts.get(base) ?? 0) + 1;
      this.counts.set(base, n);
      id = `${base}-${n}`;
    }
    this.taken.add(id);
    return id;
  }
}

/** A heading's `{#id}` at the end of its text, unless its brace is escaped (`\{#id}` shows as written). */
function explicitIdOf(text: string): string | undefined {
  const m = EXPLICIT_ID_RE.exec(text);
  if (!m) return undefined;
  let slashes = 0;
  for (let i = text.indexOf('{', m.index) - 1; i >= 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0 ? m[1] : undefined;
}

function stripExplicitId(heading: Tokens.Heading): void {
  heading.text = heading.text.replace(EXPLICIT_ID_RE, '');
  const last = heading.tokens[heading.tokens.length - 1] as Tokens.Text | undefined;
  if (last && (last.type === 'text' || last.type === 'escape')) {
    last.text = last.text.replace(EXPLICIT_ID_RE, '');
    last.raw = last.raw.replace(EXPLICIT_ID_RE, '');
    if ('tokens' in last && last.tokens) stripExplicitId({ ...heading, tokens: last.tokens } as Tokens.Heading);
  }
}

/**
 * A reference to a note no definition gives or with a space in its label, a note never referred to and
 * a second definition of a label: a warning each, at its line.
 */
function lintFootnotes(footnotes: Footnotes, job: RenderJob, lineOf: (offset: number) => number, diagnostics: Diagnostic[]): void {
  const warn = (line: number, message: string, hint: string) => diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line, message, hint });
  // Each found after the one before it: the same text twice is two lines.
  const locate = (texts: string[]) => {
    let cursor = 0;
    return texts.map((text) => {
      const found = job.body.indexOf(text, cursor);
      if (found !== -1) cursor = found + 1;
      return lineOf(Math.max(found, 0));
    });
  };
  const refLines = (refs: FootnoteReference[]) => locate(refs.map((ref) => ref.raw));
  refLines(footnotes.undefinedRefs).forEach((line, i) => {
    const { raw } = footnotes.undefinedRefs[i]!;
    warn(line, `${raw} refers to a footnote the page does not have, so it shows as written`, `add the note on a line of its own: ${raw}: …`);
  });
  refLines(footnotes.spacedRefs).forEach((line, i) => {
    const { raw, label } = footnotes.spacedRefs[i]!;
    warn(line, `${raw} is not a footnote: a footnote's label has no spaces (as on GitHub), so it shows as written`, `write the label without spaces, here and on the note's line: [^${label.replace(/\s+/g, '-')}]`);
  });
  const definitionLines = new Map(locate(footnotes.definitions.map((d) => `[^${d.label}]:`)).map((line, i) => [footnotes.definitions[i]!, line]));
  for (const definition of footnotes.unused) {
    const { label } = definition;
    warn(definitionLines.get(definition)!, `footnote [^${label}] is never referred to, so it is not shown`, `refer to it in the text with [^${label}], or delete it`);
  }
  for (const { definition, first } of footnotes.duplicates) {
    const [line, firstLine] = [definitionLines.get(definition)!, definitionLines.get(first)!];
    // A partial included twice defines its note twice, the same text: the one shown is that note.
    if (sameSource(job, line, firstLine)) continue;
    warn(line, `footnote [^${definition.label}] is defined already at ${otherLine(job, firstLine, line)}, so this note is not shown (the first one is, as on GitHub)`, 'give this note a label of its own and refer to it, or delete it');
  }
}

function lintToken(token: Token, line: number, job: RenderJob, diagnostics: Diagnostic[]): void {
  if (token.type === 'code' && (token as Tokens.Code).codeBlockStyle !== 'indented' && !isFenceClosed(token.raw)) {
    diagnostics.push({ severity: 'error', code: 'markdown', file: job.file, line, column: 1, message: 'code fence is not closed: the rest of the file would become code', hint: 'close it with a line of ``` (as long as the opening fence)' });
  }
  // A block's marking comments are read once: their problems, and the lines the fence's {1,4-6} counts without them.
  const notations = token.type === 'code' ? lineNotations((token as Tokens.Code).text, (token as Tokens.Code).lang) : null;
  for (const problem of notations?.problems ?? []) diagnostics.push({ ...problem, code: 'markdown', file: job.file, line, column: 1 });
  if (token.type === 'code' && (token as Tokens.Code).lang) {
    const code = token as Tokens.Code;
    const { options, problems } = parseCodeOptions(code.lang!, lineCount(notations!.code));
    for (const problem of problems) diagnostics.push({ ...problem, code: 'markdown', file: job.file, line, column: 1 });
    // A language the highlighter has no grammar for (a typo, most often) shows the block as plain text: say so.
    // A ```math block is a formula where the site renders math (markdown.math).
    if (options.lang && !PLAIN_LANGS.has(options.lang.toLowerCase()) && languageOf(options.lang) === null && !(job.math && isMathFence(code))) {
      const guess = closestMatch(options.lang.toLowerCase(), knownLanguages(), 2);
      diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line, column: 1, message: `\`\`\`${options.lang}: no highlighting for this language, so the block is plain text`, hint: isMathFence(code) ? 'set markdown: { math: true } in site.config.ts to show it as a formula' : guess ? `did you mean \`\`\`${guess}?` : 'write ```text for plain text, or a language the highlighter knows (shiki\'s names)' });
    }
  }
  // VitePress's [[toc]] line: the table of contents is beside the page here, and the line would show as written.
  if (token.type === 'paragraph' && (token as Tokens.Paragraph).text.trim().toLowerCase() === '[[toc]]') {
    diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line, column: 1, message: "[[toc]] is VitePress's table of contents in the page, which sitegen shows beside it: the line would be shown as written", hint: 'delete this line (hide_table_of_contents: true hides the one beside the page)' });
  }
  // Docusaurus's <head> in a page sets its title and meta tags; here its tags would be shown in the body, a second <title> in it.
  if (token.type === 'html' && HEAD_RE.test((token as Tokens.HTML).text)) {
    diagnostics.push({ severity: 'error', code: 'markdown', file: job.file, line, column: 1, message: "<head> in a page is Docusaurus's way to set its title and meta tags, which sitegen does not read: its tags would be shown in the page", hint: 'write title:, description:, keywords: and image: in the front matter, and delete the <head> block' });
  }
  // Fenced code or a box on a line of raw HTML (`<summary>…</summary>`, then ```ts with no blank line between, as MDX
  // lets Docusaurus pages write it) is the HTML's text: the code would show as one line of words.
  if (token.type === 'html' && (token as Tokens.HTML).block && !(token as Tokens.HTML).pre && HTML_TO_BLANK_RE.test(token.raw)) {
    const lines = token.raw.split('\n');
    const k = lines.findIndex((text, i) => i > 0 && BLOCK_OPEN_RE.test(text));
    if (k !== -1) diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line: line + k, column: 1, message: `${lines[k]!.trim()} is in a block of raw HTML, which runs on to a blank line, so it would be shown as text`, hint: 'leave a blank line before it (after the HTML tags above it) and one after the block, so that it is markdown' });
  }
  if (token.type === 'admonition' && !(token as unknown as Admonition).closed) {
    diagnostics.push({ severity: 'error', code: 'markdown', file: job.file, line, column: 1, message: `"${(token as unknown as Admonition).colons}${(token as unknown as Admonition).kind}" is not closed`, hint: `end the block with a line containing only ${(token as unknown as Admonition).colons}` });
  }
  const attributes = token.type === 'admonition' ? (token as unknown as Admonition).attributes : undefined;
  if (attributes) {
    const { colons, kind } = token as unknown as Admonition;
    diagnostics.push(
      attributes.unread
        ? { severity: 'warning', code: 'markdown', file: job.file, line, column: 1, message: `{${attributes.written}} after ${colons}${kind} could not be read as attributes, so the box has no title of its own`, hint: `write the title in brackets, ${colons}${kind}[Title], or as title="Title" (a quote in it as &quot;)` }
        : { severity: 'warning', code: 'markdown', file: job.file, line, column: 1, message: `${attributes.ignored.join(' ')} in {${attributes.written}} after ${colons}${kind} does nothing: a box reads only its title there`, hint: `delete it, keeping ${colons}${kind}{title="…"} or ${colons}${kind}[Title]` },
    );
  }
  if (token.type === 'admonition' && (token as unknown as Admonition).tabs) lintTabs(token as unknown as Admonition, line, job, diagnostics);
  if (token.type === 'admonition' && !ADMONITION_KINDS.includes((token as unknown as Admonition).kind) && !TAB_KINDS.includes((token as unknown as Admonition).kind)) {
    const kind = (token as unknown as Admonition).kind;
    const guess = closestMatch(kind, ADMONITION_KINDS, 3);
    diagnostics.push({ severity: 'error', code: 'markdown', file: job.file, line, column: 1, message: `":::${kind}" is not a kind of admonition (${ADMONITION_KINDS.join(', ')})`, hint: guess ? `did you mean :::${guess}?` : 'use one of those kinds, or write the ::: line in code' });
  }
  if (token.type === 'admonition') {
    const { tokens: inner, tabs } = token as unknown as Admonition;
    const innerStart = token.raw.indexOf('\n') + 1;
    // A tab's tokens were lexed from its own text (after its `== Label` line): offsets count from there.
    const offsets = tabs?.tabs.length && token.raw.length ? tabOffsets(tabs, inner) : topLevelOffsets(inner);
    offsets.forEach((offset, i) => lintToken(inner[i], line + countLines(token.raw.slice(0, innerStart + offset)), job, diagnostics));
  }
  // A fence, a box or tabs in a quote or a list item: their text has the markers and the indentation taken off, its lines kept.
  if (token.type === 'blockquote') lintInner((token as Tokens.Blockquote).tokens, (token as Tokens.Blockquote).text, line, job, diagnostics);
  if (token.type === 'list') {
    let at = 0;
    for (const item of (token as Tokens.List).items) {
      const start = token.raw.indexOf(item.raw, at);
      if (start === -1) break;
      at = start + item.raw.length;
      lintInner(item.tokens, item.text, line + countLines(token.raw.slice(0, start)), job, diagnostics);
    }
  }
}

/** Lints the block tokens made from `text`, whose first line is the file's line `line`. */
function lintInner(tokens: Token[], text: string, line: number, job: RenderJob, diagnostics: Diagnostic[]): void {
  let at = 0;
  for (const token of tokens) {
    const start = token.raw ? text.indexOf(token.raw, at) : -1;
    if (start !== -1) at = start + token.raw.length;
    if (token.type === 'code' || token.type === 'list' || token.type === 'blockquote' || token.type === 'admonition' || token.type === 'html') lintToken(token, line + countLines(text.slice(0, Math.max(start, 0))), job, diagnostics);
  }
}

function isFenceClosed(raw: string): boolean {
  const open = FENCE_OPEN_RE.exec(raw)?.[1];
  if (!open) return true;
  const lines = raw.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return false;
  const last = lines[lines.length - 1].trim();
  return last.length >= open.length && [...last].every((c) => c === open[0]);
}

interface RefSink {
  refs: SourceRef[];
  diagnostics: Diagnostic[];
  lineOf: (offset: number) => number;
  /** The ids (and anchors' names) of the raw HTML, in the order written. */
  htmlIds: HtmlId[];
  /** The raw HTML's tags, in the order written: whether each element is closed (`checkHtmlTags`). */
  htmlTags: HtmlTag[];
}

/** An attribute whose value is a JSX expression: `name={`. */
const JSX_VALUE_RE = /\s([A-Za-z][\w:-]*)\s*=\s*\{/;
/**
 * An opening tag in text with a JSX value (`<span style={{color: 'red'}}>`, `<a target={"_blank"}>`): its element's
 * name, the first such attribute, and a `/` when it closes itself. Braces and quoted values may hold `>`.
 */
const TEXT_JSX_TAG_RE = /<([a-z][\w-]*)\s(?:[^<>{"']|"[^"]*"|'[^']*')*?\s?([A-Za-z][\w:-]*)\s*=\s*\{(?:[^<>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

function jsxValueProblem(job: RenderJob, line: number, attribute: string, name: string): Diagnostic {
  return { severity: 'error', code: 'html', file: job.file, line, message: `${attribute}={…} on <${name}> is a JSX value, which HTML reads as text (sitegen runs no JavaScript)`, hint: attribute === 'style' ? 'write it as CSS in quotes: style="text-align: center"' : `write the value in quotes: ${attribute}="…"` };
}

/** `className=` and `htmlFor=` inside a tag. */
const JSX_NAMES_RE = /(<[A-Za-z][^<>]*?\s)(className|htmlFor)(?=\s*=)/g;

interface HtmlTag {
  name: string;
  closing: boolean;
  line: number;
}

/** A tag of raw HTML, past its attributes (quoted values may hold `>`); `/>` ends a self-closed one. */
const HTML_TAG_RE = /<(\/?)([a-zA-Z][\w-]*)(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?(\/?)>/g;
const HTML_COMMENT_RE = /<!--[\s\S]*?-->/g;
/** An element whose content is text, not tags, with that content (its opening tag's attributes included). */
const RAW_TEXT_RE = /<(script|style|textarea|title|xmp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Elements without an end tag, and those whose end tag HTML lets a writer leave out (`<p>`, `<li>`, `<td>`…): not followed. */
const UNTRACKED_TAGS = new Set('area base br col embed hr img input link meta source track wbr p li dt dd tr td th thead tbody tfoot option optgroup colgroup caption rt rp html head body script style textarea title xmp'.split(' '));

/**
 * Every element raw HTML opens is closed, and nothing closes what it did not open: a `<div>` never closed holds the rest
 * of the page, the theme's footer included, and a stray `</div>` closes the theme's own. An error at the tag's line.
 */
function checkHtmlTags(tags: HtmlTag[], job: RenderJob, diagnostics: Diagnostic[]): void {
  const open: HtmlTag[] = [];
  const unclosed = (tag: HtmlTag, by: string) =>
    diagnostics.push({ severity: 'error', code: 'html', file: job.file, line: tag.line, message: `this <${tag.name}> is never closed${by}, so it would hold the rest of the page, the site's footer included`, hint: `close it with </${tag.name}>` });
  for (const tag of tags) {
    if (!tag.closing) {
      open.push(tag);
      continue;
    }
    const at = open.map((t) => t.name).lastIndexOf(tag.name);
    if (at === -1) {
      diagnostics.push({ severity: 'error', code: 'html', file: job.file, line: tag.line, message: `this </${tag.name}> closes no <${tag.name}> of the page, so it would close one of the site's own and break its layout`, hint: 'delete it, or open the element it closes' });
      continue;
    }
    for (const inner of open.splice(at).slice(1)) unclosed(inner, ` before the </${tag.name}> at line ${tag.line}`);
  }
  for (const tag of open) unclosed(tag, '');
}

interface HtmlId {
  id: string;
  line: number;
}

/**
 * An id of raw HTML that a heading or a footnote of the page also has, or that raw HTML gives twice:
 * the page would hold it twice, and a link to it would land on the first. A warning at the raw HTML's line.
 */
function checkHtmlIds(htmlIds: HtmlId[], { headings, headingLines, footnoteIds }: { headings: Heading[]; headingLines: number[]; footnoteIds: Map<string, string> }, job: RenderJob, diagnostics: Diagnostic[]): void {
  if (htmlIds.length === 0) return;
  const { file } = job;
  const headingAt = new Map<string, number>();
  headings.forEach((heading, i) => headingAt.set(heading.id, i));
  const seen = new Map<string, number>();
  for (const { id, line } of htmlIds) {
    const heading = headingAt.get(id);
    const other = seen.get(id);
    const note = footnoteIds.get(id);
    if (note !== undefined) {
      diagnostics.push({ severity: 'warning', code: 'markdown', file, line, message: `id "${id}" of raw HTML is also an id of footnote [^${note}], so the page would hold it twice and a link to #${id} would go to the first`, hint: 'give the element another id' });
    } else if (heading !== undefined) {
      diagnostics.push({ severity: 'warning', code: 'markdown', file, line, message: `id "${id}" of raw HTML is also the id of the heading "${headings[heading]!.text}" (${otherLine(job, headingLines[heading]!, line)}), so the page would hold it twice and a link to #${id} would go to the first`, hint: 'give the element another id, or the heading one of its own with {#…}' });
    } else if (other !== undefined) {
      diagnostics.push({ severity: 'warning', code: 'markdown', file, line, message: `id "${id}" is given twice in raw HTML (first at ${otherLine(job, other, line)}), so a link to #${id} would go to the first`, hint: 'give each element an id of its own' });
    }
    if (other === undefined) seen.set(id, line);
  }
}

/**
 * Names body line `line` for a problem told at body line `at`, as the writer finds it: `line 12` of the same file,
 * `content/en/docs/_shared/key.md:3` of another (a partial's, or the page's from a partial), `at` itself (two on one
 * line), or `at` itself again when a page includes the partial that holds it twice.
 */
function otherLine(job: RenderJob, line: number, at: number): string {
  const there = job.lineSource?.(line) ?? { file: job.file, line };
  const here = job.lineSource?.(at) ?? { file: job.file, line: at };
  if (there.file !== here.file) return `${there.file}:${there.line}`;
  if (there.line !== here.line) return `line ${there.line}`;
  // Two on one line of the page, or one line of a partial the page includes twice.
  return line === at ? 'this line' : `this line, which ${job.file} includes twice`;
}

/** `otherLine` when either line is a partial's, else null (a page's own lines need no naming of files). */
function partialLine(job: RenderJob, line: number, at: number): string | null {
  if (!job.lineSource || (job.lineSource(line).file === job.file && job.lineSource(at).file === job.file)) return null;
  return otherLine(job, line, at);
}

/** Whether two body lines are one line of one file, written twice (a partial included twice). */
function sameSource(job: RenderJob, a: number, b: number): boolean {
  if (!job.lineSource) return false;
  const [x, y] = [job.lineSource(a), job.lineSource(b)];
  return x.file === y.file && x.line === y.line;
}

/** Rewrites link targets in place (relative `.md` → permalink, from the partial a line comes from) and records each with its line. */
function collectRefs(top: Token, topOffset: number, job: RenderJob, context: LinkContext, sink: RefSink): void {
  const resolve = (href: string, line: number) => {
    const base = job.linkBase?.(line);
    return base ? resolveHref(href, base.contentPath, context, base.sourceFolder) : resolveHref(href, job.contentPath, context, job.sourceFolder);
  };
  let cursor = 0;
  // Offset of the next occurrence of `raw`: identical links on different lines each get their own line.
  const locate = (raw: string) => {
    // A link spread over lines of a list item or a quote has lost its indent or `> `: find its first line.
    let found = top.raw.indexOf(raw, cursor);
    if (found === -1) found = top.raw.indexOf(raw.split('\n')[0], cursor);
    if (found !== -1) cursor = found + 1;
    return topOffset + Math.max(found, 0);
  };
  // `asText`: a box's title, whose raw HTML shows as text (no tag, id or address of the page).
  const visit = (token: Token, asText = false) => {
    if (token.type === 'codespan' || token.type === 'escape' || (token.type === 'text' && !('tokens' in token && token.tokens))) {
      // A tag with a JSX value that has spaces or quotes (`<span style={{color: 'red'}}>`) is no tag to CommonMark,
      // so it is text here: told as the JSX value it is, and taken as the element it opens (its closing tag is no stray).
      if (token.type === 'text' && token.raw.includes('={')) {
        for (const m of token.raw.matchAll(TEXT_JSX_TAG_RE)) {
          const line = sink.lineOf(locate(m[0]));
          const name = m[1]!.toLowerCase();
          if (!m[3] && !UNTRACKED_TAGS.has(name)) sink.htmlTags.push({ name, closing: false, line });
          sink.diagnostics.push(jsxValueProblem(job, line, m[2]!, name));
        }
      }
      // Text that shows a link without being one (`` `[a](b.md)` ``, `\[a](b.md)`) is passed over, so
      // that the real link after it is found on its own line. Only leaves: a block's text holds its links.
      if (token.raw.includes('](')) {
        const found = top.raw.indexOf(token.raw, cursor);
        if (found !== -1) cursor = found + token.raw.length;
      }
      return;
    }
    if (token.type === 'link' || token.type === 'image') {
      const t = token as Tokens.Link | Tokens.Image;
      const line = sink.lineOf(locate(t.raw));
      // marked keeps the entities of a destination and a title (`?a=1&amp;b=2`): they are text, escaped again when written.
      if (t.title) t.title = decodeHtml(t.title);
      const resolved = resolve(decodeHtml(t.href), line);
      if (resolved.problem) sink.diagnostics.push({ severity: resolved.severity ?? 'error', code: 'broken-link', file: job.file, line, message: resolved.problem, hint: resolved.hint, href: t.href });
      t.href = resolved.url;
      // A link to the site itself written absolute opens in the same tab, as the site's other links do.
      if (token.type === 'link' && isOwnOrigin(resolved.url, context.origin)) (t as Tokens.Link & { ownSite?: true }).ownSite = true;
      sink.refs.push({ url: resolved.url, line, kind: token.type });
    } else if (token.type === 'html' && !asText) {
      const html = token as Tokens.HTML | Tokens.Tag;
      const start = locate(html.raw);
      // Comments, and what raw-text elements hold (a script's `"<b>"` is no tag), are passed over.
      const uncommented = html.text.replace(HTML_COMMENT_RE, (c) => ' '.repeat(c.length)).replace(RAW_TEXT_RE, (all, name: string) => `<${name}>${' '.repeat(all.length - name.length * 2 - 5)}</${name}>`);
      for (const m of uncommented.matchAll(HTML_TAG_RE)) {
        const name = m[2]!.toLowerCase();
        const line = sink.lineOf(start + (m.index ?? 0));
        if (!m[3] && !UNTRACKED_TAGS.has(name)) sink.htmlTags.push({ name, closing: m[1] === '/', line });
        // JSX's `{…}` values, as MDX writes them on HTML (`style={{textAlign: 'center'}}`): HTML reads them as text.
        const jsx = JSX_VALUE_RE.exec(m[0]);
        if (jsx) sink.diagnostics.push(jsxValueProblem(job, line, jsx[1]!, name));
      }
      // JSX's names of two attributes, as MDX (and Docusaurus's .md files) take them: HTML's own.
      html.text = html.text.replace(JSX_NAMES_RE, (all, before: string, name: string) => `${before}${name === 'className' ? 'class' : 'for'}`);
      for (const m of html.text.matchAll(HTML_ID_RE)) {
        if (m[1].toLowerCase() === 'name' && tagBefore(html.text, m.index!) !== 'a') continue;
        const id = decodeHtml(m[3] ?? m[4]);
        if (id) sink.htmlIds.push({ id, line: sink.lineOf(start + (m.index ?? 0)) });
      }
      // The text rendered, its URLs resolved as a markdown link's are: written anew only where one changed.
      const edits: { start: number; end: number; text: string }[] = [];
      for (const m of html.text.matchAll(HTML_URL_RE)) {
        const attribute = m[1].toLowerCase();
        const only = TAG_OF_ATTRIBUTE[attribute];
        if (only && tagBefore(html.text, m.index!) !== only) continue;
        const line = sink.lineOf(start + (m.index ?? 0));
        const written = decodeHtml(m[3] ?? m[4]);
        // A browser strips the spaces around an address (`href=" /docs/a "`): so does the page, then the check.
        const value = written.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
        // A name where an address belongs (`cite="Albert Einstein"`): not a link (the page scan leaves it too).
        if (attribute === 'cite' && /\s/.test(value.trim())) continue;
        const kind = LINK_ATTRIBUTES.has(attribute) ? 'link' : 'image';
        let resolvedValue = '';
        let cut = 0;
        for (const url of attribute === 'srcset' || attribute === 'imagesrcset' ? parseSrcset(value) : [value]) {
          const resolved = resolve(url, line);
          if (resolved.problem) sink.diagnostics.push({ severity: resolved.severity ?? 'error', code: 'broken-link', file: job.file, line, message: resolved.problem, hint: resolved.hint, href: url });
          sink.refs.push({ url: resolved.url, line, kind });
          const at = value.indexOf(url, cut);
          resolvedValue += value.slice(cut, at) + resolved.url;
          cut = at + url.length;
        }
        resolvedValue += value.slice(cut);
        if (resolvedValue === written) continue;
        edits.push({ start: m.index! + m[0].length - (m[3] === undefined ? m[4].length : m[3].length + 2), end: m.index! + m[0].length, text: `"${escapeHtml(resolvedValue)}"` });
      }
      // A style attribute's url()s (`style="background: url(/img/paper.svg)"`) are images of the page, as its src's are: under
      // the baseUrl, and checked (a fragment, `url(#grad)` of an SVG, and a data: URL are no files).
      for (const m of html.text.matchAll(HTML_STYLE_RE)) {
        const written = decodeHtml(m[3] ?? m[4]);
        if (!/url\(/i.test(written)) continue;
        const line = sink.lineOf(start + (m.index ?? 0));
        const resolvedValue = written.replace(CSS_URL_RE, (all, open: string, double?: string, single?: string, bare?: string) => {
          const url = (double ?? single ?? bare ?? '').trim();
          if (!url || url.startsWith('#') || /^data:/i.test(url)) return all;
          const resolved = resolve(url, line);
          if (resolved.problem) sink.diagnostics.push({ severity: resolved.severity ?? 'error', code: 'broken-link', file: job.file, line, message: resolved.problem, hint: resolved.hint, href: url });
          sink.refs.push({ url: resolved.url, line, kind: 'image' });
          return `${open}${double !== undefined ? `"${resolved.url}"` : single !== undefined ? `'${resolved.url}'` : resolved.url})`;
        });
        if (resolvedValue === written) continue;
        edits.push({ start: m.index! + m[0].length - (m[3] === undefined ? m[4].length : m[3].length + 2), end: m.index! + m[0].length, text: `"${escapeHtml(resolvedValue)}"` });
      }
      if (edits.length) {
        let text = '';
        let copied = 0;
        for (const edit of edits.sort((a, b) => a.start - b.start)) {
          text += html.text.slice(copied, edit.start) + edit.text;
          copied = edit.end;
        }
        html.text = text + html.text.slice(copied);
      }
    }
    // An image's description is its alt text: what looks like a link or a tag there is neither.
    if (token.type === 'image') return;
    if (token.type === 'admonition') {
      const box = token as unknown as Admonition;
      for (const child of box.titleTokens) visit(child, true);
      for (const child of box.tokens) visit(child);
      return;
    }
    for (const child of childTokens(token)) visit(child, asText);
  };
  visit(top);
}

/** The name of the tag an attribute at `index` of raw HTML is in, in lower case. */
function tagBefore(html: string, index: number): string | undefined {
  return OPEN_TAG_RE.exec(html.slice(0, index))?.[1]?.toLowerCase();
}

function childTokens(token: Token): Token[] {
  if (token.type === 'list') return (token as Tokens.List).items;
  if (token.type === 'admonition') return [...(token as unknown as Admonition).titleTokens, ...(token as unknown as Admonition).tokens];
  if (token.type === 'table') {
    const t = token as Tokens.Table;
    return [...t.header, ...t.rows.flat()].flatMap((cell) => cell.tokens);
  }
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
}

/** Plain text of the page: intro, one entry per h2/h3 section, and reading time. */
function plainText(tokens: Token[]) {
  const introBlocks: string[] = [];
  const sections: RenderedMarkdown['sections'] = [];
  const sectionBlocks: string[][] = [];
  let words = 0;
  let cjk = 0;
  let letters = 0;
  const spaceless = (run: string) => ((letters += run.match(LETTER_RE)?.length ?? 0), ' ');
  for (const token of tokens) {
    if (token.type === 'heading' && (token.depth === 2 || token.depth === 3)) {
      const h = token as HeadingToken;
      sections.push({ id: h.id ?? '', heading: inlineText(h.tokens).trim(), depth: h.depth, text: '' });
      sectionBlocks.push([]);
      continue;
    }
    const text = blockText(token).replace(/\s+/g, ' ').replace(FULL_WIDTH_SPACE_RE, '').trim();
    if (!text) continue;
    const characters = text.match(CJK_RE)?.length ?? 0;
    cjk += characters;
    words += (characters ? text.replace(CJK_RE, ' ') : text).replace(SPACELESS_RE, spaceless).match(WORD_RE)?.length ?? 0;
    (sectionBlocks[sectionBlocks.length - 1] ?? introBlocks).push(text);
  }
  sections.forEach((section, i) => (section.text = joinBlocks(sectionBlocks[i]!)));
  return { intro: joinBlocks(introBlocks), sections, readingMinutes: Math.max(1, Math.round(words / 230 + cjk / 400 + letters / 800)) };
}

// A space the joining of blocks and list items puts beside full-width punctuation (「…图标； 在网页上…」):
// Chinese sets none there, and the punctuation already parts the words for the search index.
const FULL_WIDTH_SPACE_RE = /(?<=[\u3000-\u303f\uff01-\uff60]) | (?=[\u3000-\u303f\uff01-\uff60])/g;
const FULL_WIDTH_RE = /^[\u3000-\u303f\uff01-\uff60]$/;

/** Blocks' texts as one, a space between two unless full-width punctuation stands there. */
function joinBlocks(blocks: string[]): string {
  return blocks.map((text, i) => (i === 0 || FULL_WIDTH_RE.test(blocks[i - 1]!.slice(-1)) || FULL_WIDTH_RE.test(text[0]!) ? text : ` ${text}`)).join('');
}

// Where a list item or a cell ends in punctuation of its own, no dot is added after it.
const ENDS_IN_PUNCTUATION_RE = /[.!?;:,。；：！？，、]\s*$/;

/** What follows an item (a list item, a cell, a box's title) before the next: a middle dot, unless it ends a sentence or clause. */
function itemSeparator(item: string): string {
  return ENDS_IN_PUNCTUATION_RE.test(item) ? ' ' : ' · ';
}

/** List items or table cells as one text, a middle dot between two unless the first ends a sentence or clause. */
function joinItems(items: string[]): string {
  const parts = items.map((item) => item.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return parts.map((part, i) => (i === 0 ? part : `${itemSeparator(parts[i - 1]!)}${part}`)).join('');
}

function blockText(token: Token): string {
  switch (token.type) {
    case 'code':
      // The comments that mark lines are not shown, so not searched either.
      return lineNotations((token as Tokens.Code).text, (token as Tokens.Code).lang).code;
    case 'codespan':
      return (token as Tokens.Codespan).text;
    case 'math':
      // A formula is searched (and named in a heading's id) as its TeX, as a code block is as its code.
      return (token as unknown as MathToken).text.trim();
    case 'html':
      // Inline tags such as <kbd> sit inside words and CJK text: drop them without adding a space. A <br> parts
      // the words around it, as a line's end does.
      return token.raw.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, (tag) => ((token as Tokens.HTML).block || BR_TAG_RE.test(tag) ? ' ' : ''));
    case 'br':
      return ' ';
    case 'space':
    case 'hr':
      return '';
    case 'blockquote': {
      // A GitHub alert's marker (`[!NOTE]`) is not text of the page.
      const text = blocksText(childTokens(token));
      return `${GITHUB_ALERT_RE.test((token as Tokens.Blockquote).text) ? text.replace(/^\s*\[![A-Za-z]+\]\s*/, '') : text} `;
    }
    case 'footnoteReference':
      // A reference shown as written is text; a note's number is not.
      return (token as unknown as FootnoteReference).number === undefined ? token.raw : '';
    case 'footnoteDefinition':
      // A note no reference leads to is not shown: nor searched.
      return (token as unknown as { unused?: true }).unused ? '' : blocksText(childTokens(token));
    case 'admonition': {
      // A title of its own is a line of the box, parted from the text under it as a list item is from the next: an
      // excerpt read 「…is not the API A DeepL Pro subscription…」 where the box shows two lines.
      const box = token as unknown as Admonition;
      const title = inlineText(box.titleTokens).trim();
      const body = blocksText(box.tokens);
      return title ? `${title}${itemSeparator(title)}${body}` : body;
    }
    case 'list_item':
      return blocksText(childTokens(token));
    case 'text':
    case 'escape':
      return 'tokens' in token && token.tokens?.length ? childTokens(token).map(blockText).join('') : decodeHtml((token as Tokens.Text).text);
    case 'table': {
      // Cells apart, as the list items below: an excerpt reads 「Cost · Free, with a monthly cap · Monthly fee」.
      const t = token as Tokens.Table;
      return `${joinItems([...t.header, ...t.rows.flat()].map((cell) => cell.tokens.map(blockText).join('')))} `;
    }
    case 'list':
      return `${joinItems((token as Tokens.List).items.map(blockText))} `;
    default: {
      const children = childTokens(token);
      if (INLINE_TYPES.has(token.type)) return children.map(blockText).join('');
      return children.length ? `${children.map(blockText).join('')} ` : '';
    }
  }
}

/**
 * The text of the blocks of a box, a quote, a note or a list item, each a word apart from the next: a code block
 * or a display formula, whose text ends without a space, ran into the text after it (`codeNext`), and a tight
 * item's text into its nested list.
 */
function blocksText(tokens: Token[]): string {
  return tokens.map(blockText).join(' ');
}

/**
 * A heading's text as HTML with its formulas rendered (MathML), the rest as the table of contents shows it
 * (text, no links or emphasis); null when it holds no formula, so that a page's data keeps `text` alone.
 */
function formulasHtml(tokens: Token[]): string | null {
  let math = false;
  const html = (list: Token[]): string =>
    list
      .map((t) => {
        if (t.type === 'math') {
          math = true;
          return (t as unknown as MathToken).html ?? escapeHtml(blockText(t));
        }
        if (t.type === 'html') return '';
        return INLINE_TYPES.has(t.type) || ((t.type === 'text' || t.type === 'escape') && 'tokens' in t && t.tokens?.length) ? html(childTokens(t)) : escapeHtml(blockText(t));
      })
      .join('');
  const result = html(tokens).trim();
  return math ? result : null;
}

function inlineText(tokens: Token[]): string {
  return tokens.map((t) => (t.type === 'html' ? '' : blockText(t))).join('');
}

/** Each token's offset in a tab group's inner text: its tab's, plus the tokens before it in that tab. */
function tabOffsets(group: TabsOf, tokens: Token[]): number[] {
  const offsets: number[] = [];
  group.tabs.forEach((tab, i) => {
    const end = group.tabs[i + 1]?.start ?? tokens.length;
    let offset = tab.offset;
    for (let k = tab.start; k < end; k++) {
      offsets[k] = offset;
      offset += tokens[k]!.raw.length;
    }
  });
  // A code-group's tokens are one run of text: those that are not tabs keep their place too.
  return topLevelOffsets(tokens).map((offset, k) => offsets[k] ?? offset);
}

/** The problems of a group of tabs that its tokens do not show: a bad key, text in no tab, no tab, too many, a label twice. */
function lintTabs(token: Admonition, line: number, job: RenderJob, diagnostics: Diagnostic[]): void {
  const { tabs, before, stray, keyProblem: problem } = token.tabs!;
  const name = job.mdxTabs?.has(line - job.bodyLine) ? '<Tabs>' : `${token.colons}${token.kind === 'code-group' ? ' ' : ''}${token.kind}`;
  const innerStart = token.raw.indexOf('\n') + 1;
  const at = (offset: number) => line + countLines(token.raw.slice(0, innerStart + offset));
  const error = (where: number, message: string, hint: string) => diagnostics.push({ severity: 'error', code: 'markdown', file: job.file, line: where, column: 1, message, hint });
  const warn = (where: number, message: string, hint: string) => diagnostics.push({ severity: 'warning', code: 'markdown', file: job.file, line: where, message, hint });
  if (problem) {
    // The file's line, not the token's: in a list item or a quote the token's text has lost its indentation or "> ".
    const source = job.body.split('\n')[line - job.bodyLine] ?? token.raw;
    const after = source.toLowerCase().indexOf(token.kind) + token.kind.length;
    diagnostics.push({ ...problem, code: 'markdown', file: job.file, line, column: source.indexOf(token.title!, after) + 1 });
  }
  if (before && tabs.length) error(line + 1, 'text before the first "== label" line is in no tab, so it would not be shown', 'start the block with a line "== Label" for its first tab');
  if (stray !== undefined) error(at(stray), `"${name}" holds only code blocks (its tabs): text in it would not be shown`, 'move the text out of the group, or use :::tabs with "== Label" lines');
  if (tabs.length === 0) error(line, `"${name}" has ${token.kind === 'code-group' ? 'no code block' : 'no "== label" line'}, so it has no tabs`, token.kind === 'code-group' ? 'put fenced code blocks in it, each labelled: ```sh [npm]' : 'put a line "== Label" before each tab\'s content');
  if (tabs.length > MAX_TABS) error(line, `"${name}" has ${tabs.length} tabs; a group has at most ${MAX_TABS}`, 'split it into two groups, or make some tabs text of one');
  // A heading in a tab is no problem: its table of contents link opens its tab, as any link to an anchor in one does.
  const seen = new Set<string>();
  for (const tab of tabs) {
    if (seen.has(tab.label)) warn(at(token.kind === 'code-group' ? tab.offset : token.raw.slice(innerStart).lastIndexOf('\n', tab.offset - 2) + 1), `tab "${tab.label}" is in this group twice: choosing one shows the first`, 'give each tab of a group a label of its own');
    seen.add(tab.label);
  }
}

/** A short stable name for a text (FNV-1a, base 36): tab groups of different pages get different names. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function topLevelOffsets(tokens: Token[]): number[] {
  let offset = 0;
  return tokens.map((t) => {
    const here = offset;
    offset += t.raw.length;
    return here;
  });
}

/** Maps an offset in `text` to a file line. */
function lineIndex(text: string, firstLine: number): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return firstLine + lo;
  };
}

// Keys pressed together, `<kbd>Alt</kbd>+<kbd>Q</kbd>` (spaces around the + or not).
const KEY_COMBO_RE = /<kbd>[^<]*<\/kbd>(?:\s*\+\s*<kbd>[^<]*<\/kbd>)+/g;

/** A shortcut's keys kept on one line (`.keys`): a line may not end at its `+` (Alt + / Q). */
function keysTogether(html: string): string {
  return html.includes('<kbd>') ? html.replace(KEY_COMBO_RE, (keys) => `<span class="keys">${keys}</span>`) : html;
}

// A table cell's code span or a run of its text, and a word of that text of 20 characters or more.
const CELL_TEXT_RE = /<code\b[^>]*>[^]*?<\/code>|(?<=>)[^<]+/g;
const LONG_WORD_RE = /[^\s<>&]{20,}/g;
const BREAK_AFTER_RE = /([._/:]+)(?=.)/g;

/**
 * Long words of a table's text (`UnsupportedOperation.UnsupportedLanguage`, a web address) may break
 * after their dots, slashes, underscores and colons (`<wbr>`): unbroken, such a word sets its column's width and
 * squeezes the others into a word a line, or pushes the table past its box. Code of a cell is marked the
 * same way (`api-free.<wbr>deepl.<wbr>com`, `http://<wbr>localhost:<wbr>11434`): kept on one line by the theme, it
 * breaks only there (a host and its port unbroken had pushed Ollama's table 19 px past a phone's screen in Arial's widths).
 */
function breakLongWords(html: string): string {
  return html.replace(CELL_TEXT_RE, (text) => (text[0] === '<' ? breakCode(text) : text.replace(LONG_WORD_RE, (word) => word.replace(BREAK_AFTER_RE, '$1<wbr>'))));
}

const CODE_SPAN_RE = /^(<code\b[^>]*>)([^<]{12,})(<\/code>)$/;

function breakCode(span: string): string {
  const m = CODE_SPAN_RE.exec(span);
  return m ? m[1] + m[2]!.replace(BREAK_AFTER_RE, '$1<wbr>') + m[3] : span;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A block without highlighting; `lined`, each line in a `<span class="line">` as shiki writes them (to be marked or numbered). */
export function plainCodeBlock(code: string, lined = false): string {
  const inner = lined ? code.split(/\r?\n/).map((line) => `<span class="line">${escapeHtml(line)}</span>`).join('\n') : escapeHtml(code);
  return `<pre class="shiki"><code>${inner}</code></pre>`;
}

function lineCount(code: string): number {
  return code.split(/\r?\n/).length;
}
