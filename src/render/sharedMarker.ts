// The marker a theme renders where a shared block goes (sharedBlocks.ts). Its own module: the
// theme's client bundle imports it, and must not pull in the generator's HTML scanner.

/** What stands in a page for the block `name` until the generator fills it in. */
export function sharedBlockMarker(name: string): string {
  return `<!--sg-shared:${name}-->`;
}

/** Every marker in a page; group 1 is the block's name. */
export const SHARED_MARKER_RE = /<!--sg-shared:([\w-]+)-->/g;
