// Reads a page's text file (`search-text/<id>.json`, format: indexFormat.ts). Browser-safe.
import { INDEX_FORMAT } from './indexFormat.js';

/** The texts a page's excerpts are cut from. */
export interface PageText {
  /** Front-matter description ('' when none). */
  description: string;
  /** Text before the first heading ('' when none). */
  intro: string;
  /** Each section's text, in section order (`SearchResult.sectionIndex`). */
  sections: string[];
}

const isText = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** Reads a parsed page text file. Throws when it is not one this version can read. */
export function loadPageText(json: unknown): PageText {
  const file = json as { v?: unknown; d?: unknown; s?: unknown; x?: unknown } | null;
  const valid = typeof file === 'object' && file !== null && file.v === INDEX_FORMAT && isText(file.d) && isText(file.s) && Array.isArray(file.x) && file.x.every((t) => typeof t === 'string');
  if (!valid) throw new Error('Unsupported search text format: rebuild the site with `sitegen build`');
  return { description: (file.d as string | undefined) ?? '', intro: (file.s as string | undefined) ?? '', sections: file.x as string[] };
}
