import type { SiteData } from 'sitegen/theme';
import type { PageText, SearchEngine, SearchResult } from '../../lib/search.js';
import { Icon } from '../Icon/index.js';

type Segment = { text: string; match: boolean };

/** Text with its matched parts in `<mark>`. */
export function Segments({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

/**
 * One result: a page (title and excerpt) or a section (heading, excerpt, and its page's title, shown when
 * it is not listed under its page, else to screen readers only). Sections under their page are drawn as a tree. Everything but
 * the excerpt comes from the index; the excerpt is cut from the page's text once it has arrived
 * (`text`), into a box that keeps its size meanwhile, so no result moves when it does.
 */
export function SearchResultItem({ site, engine, result, text, excerptLength }: { site: SiteData; engine: SearchEngine; result: SearchResult; text: PageText | undefined; excerptLength?: number }) {
  const section = result.type === 1;
  const nested = result.isIntermediate || result.isLast;
  const title = section ? (result.document as { h: string }).h : result.page.h;
  const excerpt = engine.resultExcerpt(result, text, excerptLength ?? site.search.searchResultContextMaxLength);
  const classes = ['search-result', section ? 'is-section' : 'is-page', nested ? 'is-nested' : '', result.isLast ? 'is-last' : ''].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <Icon name={section ? 'hash' : 'page'} size={18} className="search-result-icon" />
      <span className="search-result-text">
        <span className="search-result-title">
          <Segments segments={engine.markMatches(title, result.tokens)} />
        </span>
        {result.hasExcerpt && (
          <span className={text ? 'search-result-excerpt' : 'search-result-excerpt is-loading'}>
            <Segments segments={excerpt} />
          </span>
        )}
        {/* A section drawn under its page still names it, to a screen reader, which hears each result alone. */}
        {section && <span className={nested ? 'search-result-page sr-only' : 'search-result-page'}>{result.page.h}</span>}
      </span>
    </span>
  );
}
