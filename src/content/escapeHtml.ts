import { lazyRequire } from '../lazyRequire.js';

/** Text for HTML: element content and double- or single-quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The entities pages write most, decoded without the `entities` package (whose tables take about 10 ms to load). */
const COMMON_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: ' ' };
const COMMON_ENTITY_RE = /&(amp|lt|gt|quot|apos|#39|#x27|nbsp);/g;
/** An entity of another name, or a character by number (`&copy;`, `&mdash;`, `&#169;`, `&#xA9;`). */
const OTHER_ENTITY_RE = /&(?!(?:amp|lt|gt|quot|apos|#39|#x27|nbsp);)#?\w/;
const entities = lazyRequire<typeof import('entities')>('entities');

/**
 * Text as HTML reads it, every entity decoded as a browser decodes it in element text or (`attribute`) in an
 * attribute's value; a no-break space is a space, as in the text a heading's id and the search are made from.
 */
export function decodeHtml(text: string, attribute = false): string {
  if (!text.includes('&')) return text;
  if (!OTHER_ENTITY_RE.test(text)) return text.replace(COMMON_ENTITY_RE, (_, name: string) => COMMON_ENTITIES[name]!);
  const decoded = attribute ? entities().decodeHTMLAttribute(text) : entities().decodeHTML(text);
  return decoded.replace(/\u00a0/g, ' ');
}
