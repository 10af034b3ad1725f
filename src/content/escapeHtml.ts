import { lazyRequire } from '../lazyRequire.js';

/** Text for HTML: element content and double- or single-quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The entities pages write most, decoded without the `entities` package (whose tables take about 10 ms to load). */
const COMMON_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: ' ' };
/**
 * An entity as marked keeps it in the page, its semicolon written (`&copy;`, `&#169;`, `&#xA9;`): one without
 * (`?a=1&timestamp=2`, `&copy2024`) is text, which marked escapes and a reader sees as written.
 */
const ENTITY_RE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;
const entities = lazyRequire<typeof import('entities')>('entities');

/**
 * Text as the page shows it, each entity decoded: in element text and in an attribute's value alike (a heading's
 * text, an id, a URL of raw HTML). `&nbsp;` is a space, as in the text a heading's id and the search are made from;
 * a no-break space typed as one stays what it is.
 */
export function decodeHtml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY_RE, (whole, name: string) => COMMON_ENTITIES[name] ?? entities().decodeHTMLStrict(whole));
}
