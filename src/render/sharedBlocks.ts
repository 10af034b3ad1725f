// Shared blocks: markup a theme repeats on many pages (every post of the blog in the blog sidebar),
// rendered once per locale instead of once per page. The page renders a marker where the block goes;
// the generator scans the page without it, then puts the block in and adds the block's links, which
// were scanned once.
import { scanHtml, type FoundLink } from '../links/scanHtml.js';
import { SHARED_MARKER_RE } from './sharedMarker.js';

/** A block's markup for the page at `path` (the theme marks that page's own link in it). */
export type SharedBlock = (path: string) => string;

/** A locale's blocks, with the ids and links of each found once. */
export interface SharedBlockSet {
  render: Record<string, SharedBlock>;
  scans: Map<string, { ids: string[]; links: FoundLink[] }>;
}

export function sharedBlockSet(render: Record<string, SharedBlock>): SharedBlockSet {
  return { render, scans: new Map() };
}

/**
 * Puts the blocks into a page rendered with markers, and returns the ids they add and their links:
 * one list per place a block appears, the same list object wherever the block is (the link check
 * judges a list once for every page that has it). An unknown marker is left as the comment it is.
 */
export function fillSharedBlocks(html: string, set: SharedBlockSet, path: string): { html: string; ids: string[]; shared: FoundLink[][]; names: string[] } {
  const ids: string[] = [];
  const shared: FoundLink[][] = [];
  const names: string[] = [];
  const made = new Map<string, string>();
  const filled = html.replace(SHARED_MARKER_RE, (marker, name: string) => {
    const block = set.render[name];
    if (!block) return marker;
    const scan = sharedBlockScan(set, name)!;
    ids.push(...scan.ids);
    shared.push(scan.links);
    names.push(name);
    let markup = made.get(name);
    if (markup === undefined) made.set(name, (markup = block(path)));
    return markup;
  });
  return { html: filled, ids, shared, names };
}

/** The ids and links of a block, scanned once per set; undefined for a block the theme does not have. */
export function sharedBlockScan(set: SharedBlockSet, name: string): { ids: string[]; links: FoundLink[] } | undefined {
  const block = set.render[name];
  if (!block) return undefined;
  let scan = set.scans.get(name);
  if (!scan) {
    const found = scanHtml(block(''));
    set.scans.set(name, (scan = { ids: [...found.ids], links: found.links }));
  }
  return scan;
}
