// One markdown renderer (with a ts + bash highlighter) and link contexts for both locales.
import { createMarkdownRenderer, type MarkdownResult } from '../../../src/content/markdown.js';
import { createCodeHighlighter } from '../../../src/content/highlight.js';
import type { LinkContext } from '../../../src/content/links.js';

const highlighter = createCodeHighlighter();
await highlighter.prepare(['typescript', 'bash']);
const renderMarkdown = createMarkdownRenderer(highlighter);

const DOCS = ['docs/guides/summary.md', 'docs/guides/card.md', 'docs/faqs/index.md', 'docs/services/deepl.md'];

function context(localePath: string, baseUrl = '/'): LinkContext {
  const prefix = `${baseUrl}${localePath ? `${localePath}/` : ''}`;
  const permalinks = Object.fromEntries(DOCS.map((p) => [p, prefix + p.replace(/index\.md$/, '').replace(/\.md$/, '')]));
  return { baseUrl, localePath, permalinks, staticRoots: ['img'], localePaths: ['en'], origin: 'https://glint-translate.example' };
}

const CONTEXTS: Record<string, LinkContext> = { 'zh-Hans': context(''), en: context('en') };

export interface RenderOptions {
  locale?: 'zh-Hans' | 'en';
  /** File line of the body's first line (after the front matter). */
  bodyLine?: number;
  contentPath?: string;
  /** The site's `baseUrl` (`/`). */
  baseUrl?: string;
}

/** Renders a body as the page `docs/guides/summary.md` of a locale (zh-Hans unless told). */
export function render(body: string, options: RenderOptions = {}): MarkdownResult {
  const locale = options.locale ?? 'zh-Hans';
  const contentPath = options.contentPath ?? 'docs/guides/summary.md';
  const linkContext = options.baseUrl ? context(locale === 'en' ? 'en' : '', options.baseUrl) : CONTEXTS[locale];
  return renderMarkdown({ file: `content/${locale}/${contentPath}`, contentPath, body, bodyLine: options.bodyLine ?? 1, locale }, linkContext);
}

/** Diagnostics as `line:column message` (column omitted when absent). */
export function problems(result: MarkdownResult): string[] {
  return result.diagnostics.map((d) => `${d.line}${d.column ? `:${d.column}` : ''} ${d.message}`);
}
