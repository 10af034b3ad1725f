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

/** Scrolls to the element of a hash (respecting its `scroll-margin-top`); returns whether it exists. */
export function scrollToHash(hash: string, smooth: boolean): boolean {
  const el = hashTarget(hash);
  if (!el) return false;
  const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
  const top = el.getBoundingClientRect().top + window.scrollY - margin;
  if (smooth) smoothScrollTo(top);
  else {
    cancelRunning?.();
    window.scrollTo(0, top);
  }
  return true;
}
