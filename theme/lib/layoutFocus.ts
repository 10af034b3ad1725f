import { TOP_ID } from '../components/SkipLink/index.js';

/** Where a link's twin may be: the page's chrome (a link to the same place in the content or the footer is another place). */
const CHROME = '.navbar,.navbar-links,.doc-sidebar,.blog-sidebar,.toc,.toc-collapsible';

/**
 * Where the focus goes from a control the window's new width hid, by where that control was: the first shown of
 * these (after a shown link of the chrome to the same place). Each layout has what the other shows its own way.
 */
const TWINS: [where: string, ...to: string[]][] = [
  // Their links are in the phone's menu.
  ['.navbar-links,.doc-sidebar,.blog-sidebar', '.navbar-toggle'],
  // Not in the menu: the control before it in the bar.
  ['.navbar-github', '.color-toggle', '.navbar-toggle'],
  ['.navbar-toggle', '.navbar-links a'],
  // The button that opens the box on a phone, and the box.
  ['.search', '.search-input', '.search-toggle'],
  ['.toc', '.toc-collapsible-summary'],
  ['.toc-collapsible', '.toc-link.active', '.toc-link'],
  // The menu panel a wider window closed: no twin, the page's top (the next Tab reaches the skip link).
  ['.navbar-sidebar', `#${TOP_ID}`],
];

const shown = (el: Element) => el.getClientRects().length > 0;

/** Focuses the equivalent of `from`, if it is hidden now; what the browser does otherwise (Tab goes on from its place) for a control the table does not know. */
function refocus(from: Element | null): void {
  if (!from?.isConnected || shown(from)) return;
  const href = from.getAttribute('href');
  const to = [...(href ? [`:is(${CHROME}) a[href="${CSS.escape(href)}"]`] : []), ...(TWINS.find(([where]) => from.closest(where))?.slice(1) ?? [])];
  for (const selector of to) {
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!shown(el)) continue;
      // No scroll: the navbar is sticky, the columns too, and a scroll to the folded table of contents would lose the place read.
      el.focus({ preventScroll: true });
      if (document.activeElement === el) return;
    }
  }
}

/**
 * Keeps the keyboard's place when the window crosses a breakpoint (996 px: the phone's layout; 1200 px: the
 * table of contents' column): a focused control the new layout hides (a navbar link, the search box, the menu
 * button) had left the focus on nothing, the page's body. Nothing focused, nothing is.
 */
export function keepFocusAcrossLayouts(): void {
  let last: Element | null = null;
  let frame = 0;
  document.addEventListener('focusin', (event) => (last = event.target as Element));
  // A click or tap, even on nothing focusable, is the reader's own move: the focus it left is not put back.
  document.addEventListener('pointerdown', () => (last = null), true);
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    // A frame on, after the media queries' listeners (the menu panel closes at desktop widths, freeing the page).
    // The browser may have let the focus go to the body already: then what had it last.
    frame = requestAnimationFrame(() => refocus(document.activeElement === document.body ? last : document.activeElement));
  });
}
