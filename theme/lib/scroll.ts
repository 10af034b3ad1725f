import { useEffect, useRef, type RefObject } from 'react';

/** Each animation frame keeps this share of the distance still to scroll (SPEC section 9). */
export const SCROLL_EASING = 0.85;

let cancelRunning: (() => void) | null = null;

/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the window to `top`, each frame covering 15 % of the remaining distance; stops when
 * the target is reached or the page cannot scroll further. Jumps under reduced motion.
 */
export function smoothScrollTo(top: number): void {
  cancelRunning?.();
  const max = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(Math.round(top), max));
  if (prefersReducedMotion()) {
    window.scrollTo(0, target);
    return;
  }
  let frame = 0;
  let last = -1;
  const step = () => {
    const current = window.scrollY;
    const distance = current - target;
    if (Math.abs(distance) < 1 || current === last) {
      window.scrollTo(0, target);
      cancelRunning = null;
      return;
    }
    last = current;
    const next = target + Math.trunc(distance * SCROLL_EASING);
    window.scrollTo(0, next === current ? target : next);
    frame = requestAnimationFrame(step);
  };
  cancelRunning = () => cancelAnimationFrame(frame);
  // A wheel or touch by the visitor wins over the animation.
  const stop = () => cancelRunning?.();
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  frame = requestAnimationFrame(step);
}

/**
 * Stops a smooth scroll under way: the router places a page it shows itself, and the scroll that an anchor
 * clicked just before started would otherwise go on in that page, carrying it down to where the anchor was.
 */
export function stopSmoothScroll(): void {
  cancelRunning?.();
  cancelRunning = null;
}

/** The element a URL hash points at (`#id`, percent-decoded), if any. */
export function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  const id = hash.slice(1);
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    // Keep the raw id.
  }
  return document.getElementById(decoded) ?? document.getElementById(id);
}

/**
 * Scrolls to the element of a hash (below its `scroll-margin-top`, and the window's `scroll-padding-top` if a theme sets one) and gives it the focus; returns whether it exists.
 * The element is first sent `sg-reveal`, which opens a tab that hides it (theme/components/HtmlBlock/tabs.ts).
 */
export function scrollToHash(hash: string, smooth: boolean): boolean {
  const el = hashTarget(hash);
  if (!el) return false;
  el.dispatchEvent(new Event('sg-reveal', { bubbles: true }));
  // The window's scroll padding (below the sticky navbar) and the element's own margin, as a native jump adds them.
  const margin = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) + (parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
  const top = el.getBoundingClientRect().top + window.scrollY - margin;
  if (smooth) smoothScrollTo(top);
  else {
    cancelRunning?.();
    window.scrollTo(0, top);
  }
  focusTarget(el);
  return true;
}

/**
 * Moves the keyboard focus to an anchor's target, without scrolling, as following a link to it does in
 * a page the browser loads itself: the next Tab goes on from there, not from the link that was followed.
 * An element that takes no focus of its own (a heading) is made to take it from script (`tabindex="-1"`, no ring:
 * global.css), never from Tab.
 */
function focusTarget(el: HTMLElement): void {
  // Already there: the heading, or something in it a reader can land on (not its hidden # link, which was just clicked).
  const focused = document.activeElement;
  if (focused && el.contains(focused) && !focused.closest('[aria-hidden="true"]')) return;
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** Scroll distance past which the fallback below stops updating: more than any header row's height. */
const FIT_SCROLL_MAX = 320;

/**
 * The sticky sidebars and the table of contents grow into the space the header rows leave as they
 * scroll away, by a scroll-driven animation (`sg-fit-under-navbar`). A browser without them (Firefox)
 * is told how far the page has scrolled instead: `--sg-scroll-y` on `<html>`, up to `FIT_SCROLL_MAX`,
 * which the same elements' CSS adds back to their height (`.sg-no-scroll-timeline`). Elsewhere nothing runs.
 */
export function fitUnderNavbarFallback(): void {
  if (typeof CSS === 'undefined' || CSS.supports('animation-timeline: scroll()')) return;
  const root = document.documentElement;
  root.classList.add('sg-no-scroll-timeline');
  let shown = -1;
  let frame = 0;
  const update = () => {
    frame = 0;
    const scrolled = Math.min(Math.max(0, Math.round(window.scrollY)), FIT_SCROLL_MAX);
    if (scrolled === shown) return;
    shown = scrolled;
    root.style.setProperty('--sg-scroll-y', `${scrolled}px`);
  };
  window.addEventListener('scroll', () => void (frame ||= requestAnimationFrame(update)), { passive: true });
  update();
}

/** How far the fades along a scrolling column's edges reach (`sg-more-below`, `sg-more-above` in global.css), and a little more. */
const FADE_PX = 48;

/**
 * A ref for a sticky column (a sidebar, the table of contents) that keeps its item matching `selector` (the
 * current page's link, the heading being read) in view whenever `current` changes: the column scrolls, not the
 * window, so that the item shows whole between the fades along its edges, a third of the way down when it moves.
 */
export function useColumnFollows(selector: string, current: unknown): RefObject<HTMLElement> {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const column = ref.current;
    const item = column?.querySelector<HTMLElement>(selector);
    if (!column || !item) return;
    const box = item.getBoundingClientRect();
    const top = box.top - column.getBoundingClientRect().top;
    const bottom = top + box.height;
    // The top edge fades only once the column is scrolled, by as much as lies above.
    if (top < Math.min(column.scrollTop, FADE_PX) || bottom > column.clientHeight - FADE_PX) column.scrollTop += top - column.clientHeight / 3;
  }, [current]);
  return ref;
}
