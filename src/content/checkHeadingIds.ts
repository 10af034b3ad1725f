import type { Diagnostic, Entry } from '../types.js';

/**
 * Headings whose id (`{#__main}`, or made from the text) is one the site puts on every page: the page
 * would hold the id twice, and the skip link or the script that looks it up would find the heading.
 * A warning at the heading's line, as a `{#id}` given twice is (the page still builds).
 * `pageIds`: id → what it is, the theme's and the generator's.
 */
export function checkHeadingIds(entries: Entry[], pageIds: Record<string, string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const taken = Object.keys(pageIds);
  for (const entry of entries) {
    // A fallback shows its source's headings: told once, for the source locale.
    if (entry.untranslated) continue;
    entry.rendered.headings.forEach((heading, i) => {
      if (!Object.hasOwn(pageIds, heading.id)) return;
      out.push({
        severity: 'warning',
        code: 'markdown',
        file: entry.file,
        line: entry.rendered.headingLines?.[i] ?? 1,
        message: `heading id #${heading.id} is ${pageIds[heading.id]}, which every page has, so the page would hold the id twice`,
        hint: `give the heading an id of its own with {#…} (the ids of every page: ${taken.join(', ')})`,
      });
    });
  }
  return out;
}
