/** What may scroll sideways in content: table wrappers, and display formulas (MathML) wider than the column. */
export const SCROLL_REGIONS = '.table-wrap, math[display="block"]';

/**
 * Makes each table wrapper and display formula under `root` that scrolls sideways reachable by keyboard
 * (WCAG 2.1.1: a scrolling region needs focus to be scrolled with the arrow keys); those that fit lose
 * the tab stop again. Re-run on resize. Code blocks get their `tabindex` from the generator.
 */
export function markScrollRegions(root: HTMLElement): void {
  for (const wrap of root.querySelectorAll(SCROLL_REGIONS)) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) wrap.setAttribute('tabindex', '0');
    else wrap.removeAttribute('tabindex');
  }
}
