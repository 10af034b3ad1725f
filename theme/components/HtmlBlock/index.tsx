import { useEffect, useRef } from 'react';
import { useTheme } from '../../context.js';
import { addCopyButtons } from './copyCode.js';

/**
 * A block of HTML built by the generator (markdown content, an excerpt). Rendered into
 * `[data-sg-html=key]`, which is where the client reads it back from before hydrating, so the
 * page never ships the HTML twice. After rendering: copy buttons, and search-term highlights.
 */
export function HtmlBlock({ htmlKey, className = 'markdown', enhance = false }: { htmlKey: string; className?: string; enhance?: boolean }) {
  const { route, strings, href } = useTheme();
  const html = route.html[htmlKey] ?? '';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enhance) return;
    addCopyButtons(el, strings.code);
  }, [html, enhance, strings.code]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enhance) return;
    // Only pages opened from a search result carry terms: the highlighter loads for those alone.
    if (!href.includes('_highlight=')) return;
    void import('../../lib/highlight.js').then(({ HIGHLIGHT_PARAM, highlightTerms }) => {
      highlightTerms(el, new URL(href, location.href).searchParams.getAll(HIGHLIGHT_PARAM));
    });
  }, [html, href, enhance]);
  return <div ref={ref} className={className} data-sg-html={htmlKey} dangerouslySetInnerHTML={{ __html: html }} />;
}
