/** Name of the query parameter that carries terms to highlight on the page a search result opens. */
export const HIGHLIGHT_PARAM = '_highlight';

/**
 * Wraps the terms in `<mark>` inside `root` (text nodes only, so the markup stays intact; code,
 * existing marks and heading anchors are left alone). Returns the number of marks added.
 */
export function highlightTerms(root: HTMLElement, terms: string[]): number {
  const wanted = terms.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0);
  if (wanted.length === 0) return 0;
  const pattern = new RegExp(wanted.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest('pre, code, mark, script, style, .hash-link') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let count = 0;
  for (const node of nodes) {
    const text = node.data;
    const matches = [...text.matchAll(pattern)];
    if (matches.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of matches) {
      const at = match.index ?? 0;
      if (at > last) fragment.append(text.slice(last, at));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = match[0];
      fragment.append(mark);
      last = at + match[0].length;
      count++;
    }
    if (last < text.length) fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
  return count;
}
