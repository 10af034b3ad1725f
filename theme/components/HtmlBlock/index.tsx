import { useEffect, useRef } from 'react';
import { useLangDir, useTheme } from '../../context.js';
import { addCopyButtons } from './copyCode.js';
import { markScrollRegions, SCROLL_REGIONS } from './scrollRegions.js';

/**
 * A block of HTML built by the generator (markdown content, an excerpt). Rendered into
 * `[data-sg-html=key]`, which is where the client reads it back from before hydrating, so the
 * page never ships the HTML twice. After rendering: copy buttons, keyboard access to tables and
 * formulas that scroll sideways, tabs that remember their choice, and search-term highlights.
 */
export function HtmlBlock({ htmlKey, className = 'markdown', enhance = false, lang }: { htmlKey: string; className?: string; enhance?: boolean; lang?: string }) {
  const { route, strings, href, announce, router } = useTheme();
  const html = route.html[htmlKey] ?? '';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enhance) return;
    addCopyButtons(el, strings.code, announce, strings.lang);
  }, [html, enhance, strings.code, strings.lang, announce]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !el.querySelector(SCROLL_REGIONS)) return;
    const mark = () => markScrollRegions(el);
    mark();
    window.addEventListener('resize', mark, { passive: true });
    return () => window.removeEventListener('resize', mark);
  }, [html]);
  useEffect(() => {
    const el = ref.current;
    // Only pages with tabs load their script.
    if (!el || !el.querySelector('.tabs')) return;
    let cleanUp: (() => void) | null = null;
    let gone = false;
    void import('./tabs.js').then(({ setUpTabs }) => {
      if (!gone) cleanUp = setUpTabs(el);
    });
    return () => {
      gone = true;
      cleanUp?.();
    };
  }, [html]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enhance) return;
    // Only pages opened from a search result carry terms: the highlighter loads for those alone.
    if (!href.includes('_highlight=')) return;
    void import('../../lib/highlight.js').then(({ HIGHLIGHT_PARAM, highlightTerms, addClearControl, keepingAnchorInView }) => {
      keepingAnchorInView(() => {
        if (highlightTerms(el, new URL(href, location.href).searchParams.getAll(HIGHLIGHT_PARAM)) > 0) addClearControl(el, strings.search.clearHighlights, router?.replaceUrl);
      });
    });
  }, [html, href, enhance, strings.search.clearHighlights, router]);
  const dir = useLangDir(lang);
  return <div ref={ref} className={className} lang={lang} dir={dir} data-sg-html={htmlKey} dangerouslySetInnerHTML={{ __html: html }} />;
}
