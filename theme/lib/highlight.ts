// Loaded only by pages opened from a search result (it brings the engine's word matching along).
import { matchRanges } from 'sitegen/theme/excerpt';
import { HIGHLIGHT_PARAM } from './search.js';

export { HIGHLIGHT_PARAM };

const MARK_CLASS = 'search-highlight';
const CLEAR_CLASS = 'search-highlight-clear';

/**
 * Wraps the terms in `<mark>` inside `root` (text nodes only, so the markup stays intact; code,
 * formulas (MathML holds no `<mark>`), existing marks and heading anchors are left alone). Terms
 * are the matched index terms of a search result and are found as the search engine finds them:
 * whole words after the same normalisation and plural folding (`key` marks "Keys", never the "key"
 * inside "monkey"; a one-letter term marks no letter inside words), Chinese as substrings. Returns
 * the marks added.
 */
export function highlightTerms(root: HTMLElement, terms: string[]): number {
  const wanted = terms.map((t) => t.trim().toLowerCase()).filter((t) => t.length > 0);
  if (wanted.length === 0) return 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(`pre, code, mark, math, script, style, button, .hash-link`) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let count = 0;
  for (const node of nodes) {
    const text = node.data;
    const ranges = matchRanges(text, wanted);
    if (ranges.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const { start, end } of ranges) {
      if (start > last) fragment.append(text.slice(last, start));
      const mark = document.createElement('mark');
      mark.className = MARK_CLASS;
      mark.textContent = text.slice(start, end);
      fragment.append(mark);
      last = end;
      count++;
    }
    if (last < text.length) fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
  return count;
}

/** Removes the marks `highlightTerms` added (and the clear control), leaving the text as it was. */
export function clearHighlights(root: HTMLElement): void {
  root.querySelector(`.${CLEAR_CLASS}`)?.remove();
  for (const mark of root.querySelectorAll(`mark.${MARK_CLASS}`)) {
    const parent = mark.parentNode;
    mark.replaceWith(mark.textContent ?? '');
    parent?.normalize();
  }
}

/** The URL without the highlight parameters, hash kept. */
export function urlWithoutHighlight(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(HIGHLIGHT_PARAM);
  return url.pathname + url.search + url.hash;
}

/**
 * Puts a button at the top of `root` that clears the marks and drops the terms from the address (by `replaceUrl`:
 * the router's, so that the result opened again is a change of address that marks it again), so that a reload
 * or a shared link shows the page plain. Text only: `label` is never parsed as HTML.
 */
export function addClearControl(root: HTMLElement, label: string, replaceUrl = (href: string) => history.replaceState(history.state, '', href)): void {
  if (root.querySelector(`.${CLEAR_CLASS}`)) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = CLEAR_CLASS;
  button.textContent = label;
  button.addEventListener('click', () => {
    clearHighlights(root);
    replaceUrl(urlWithoutHighlight(location.href));
  });
  root.prepend(button);
}

/**
 * Runs `change` (marks, the clear button) keeping the page's #anchor where the reader sees it: the
 * page was scrolled to it before the marks came, and marked words and the button reflow the text above.
 */
export function keepingAnchorInView(change: () => void): void {
  const target = location.hash.length > 1 ? document.getElementById(decodeHash(location.hash.slice(1))) : null;
  const before = target?.getBoundingClientRect().top;
  change();
  if (target && before !== undefined) window.scrollBy(0, target.getBoundingClientRect().top - before);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}
