// When the search engine and the index start loading. On focus alone the first query waits for
// the index (the reference site's complaint); on every page load, every visitor would pay ~100 KB
// for a box most never use. So: when the pointer comes near the box, on touch, on Ctrl/Cmd+K, and
// on idle for visitors who have searched before (a flag in local storage), unless the connection
// is on data saver or 2g.
import { shouldSkipPrefetch } from '../../lib/router.js';
import { openStorage } from '../../lib/storage.js';

/** Local-storage flag: this visitor has searched on this site. */
export const SEARCH_USED_KEY = 'sg-search-used';
/** A pointer closer than this to the box (CSS pixels) is on its way to it. */
export const APPROACH_DISTANCE = 160;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };

/** Remembers that the visitor searched, so later pages preload on idle. */
export function rememberSearchUse(): void {
  openStorage().set(SEARCH_USED_KEY, '1');
}

/** Distance from a point to a rectangle (0 inside). */
export function distanceToRect(x: number, y: number, rect: { left: number; right: number; top: number; bottom: number }): number {
  const dx = Math.max(rect.left - x, 0, x - rect.right);
  const dy = Math.max(rect.top - y, 0, y - rect.bottom);
  return Math.hypot(dx, dy);
}

/**
 * Calls `preload` once: when the pointer approaches `root`, or on idle for a returning searcher.
 * Returns the cleanup. `preload` must be idempotent and swallow its own errors (it is a hint).
 */
export function schedulePreload(root: HTMLElement, preload: () => void): () => void {
  let done = false;
  let frame = 0;
  const cleanups: (() => void)[] = [];
  const fire = () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups) cleanup();
    preload();
  };
  const onMove = (event: PointerEvent) => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const rect = root.getBoundingClientRect();
      // A box hidden behind the mobile icon has no size: the icon's own touch loads it.
      if (rect.width > 0 && distanceToRect(event.clientX, event.clientY, rect) < APPROACH_DISTANCE) fire();
    });
  };
  document.addEventListener('pointermove', onMove, { passive: true });
  root.addEventListener('touchstart', fire, { passive: true });
  cleanups.push(() => {
    document.removeEventListener('pointermove', onMove);
    root.removeEventListener('touchstart', fire);
    if (frame) cancelAnimationFrame(frame);
  });
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (openStorage().get(SEARCH_USED_KEY) && !shouldSkipPrefetch(connection)) {
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(fire, { timeout: 3000 });
      cleanups.push(() => (window as Window & { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(id));
    } else {
      const id = setTimeout(fire, 1000);
      cleanups.push(() => clearTimeout(id));
    }
  }
  return () => {
    done = true;
    for (const cleanup of cleanups) cleanup();
  };
}
