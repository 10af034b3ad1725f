import { prefersReducedMotion } from './scroll.js';

/** Animation length for content of a given height: longer for taller content, 1 ms under reduced motion. */
export function collapseDuration(height: number, reducedMotion = prefersReducedMotion()): number {
  if (reducedMotion) return 1;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const running = new WeakMap<HTMLElement, () => void>();

/** Whether `body` is animating now. */
export function isAnimating(body: HTMLElement): boolean {
  return running.has(body);
}

/**
 * Animates the height of `body` from its current height to 0 (closing) or to its content height
 * (opening), then clears the inline styles and calls `done`. A new call on the same element takes
 * over from the running one (its `done` is dropped), so a quick second click reverses smoothly. Closing, `body`
 * is inert until it is gone.
 */
export function animateCollapse(body: HTMLElement, open: boolean, done: () => void = () => {}): void {
  const wasRunning = running.get(body);
  const from = wasRunning || !open ? body.getBoundingClientRect().height : 0;
  wasRunning?.();
  const to = open ? body.scrollHeight : 0;
  const duration = collapseDuration(Math.max(from, to, open ? to : body.scrollHeight));
  body.style.overflow = 'hidden';
  body.style.transition = 'none';
  body.style.height = `${from}px`;
  // Read layout so the start height applies before the target does.
  void body.offsetHeight;
  body.style.transition = `height ${duration}ms ease-in-out`;
  body.style.height = `${to}px`;
  // Closing, its links are on their way out: a Tab pressed at once had landed on one, lost with it a moment later.
  body.inert = !open;
  let timer = 0;
  const cleanup = () => {
    window.clearTimeout(timer);
    body.removeEventListener('transitionend', onEnd);
    running.delete(body);
    body.inert = false;
    body.style.removeProperty('height');
    body.style.removeProperty('overflow');
    body.style.removeProperty('transition');
  };
  const finish = () => {
    cleanup();
    done();
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === body && event.propertyName === 'height') finish();
  };
  body.addEventListener('transitionend', onEnd);
  // transitionend does not fire when the height does not change or the tab is hidden.
  timer = window.setTimeout(finish, duration + 50);
  running.set(body, cleanup);
}
