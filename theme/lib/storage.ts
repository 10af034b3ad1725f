/** A key/value store that never throws: browser storage, or an empty one when storage is blocked. */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const EMPTY: SafeStorage = { get: () => null, set: () => {}, remove: () => {} };
let warned = false;

/**
 * `localStorage` or `sessionStorage` wrapped so that a blocked store (private mode, sandboxed
 * iframes, strict privacy settings) logs one warning for the whole page and then acts as empty.
 */
export function openStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): SafeStorage {
  let store: Storage;
  try {
    store = window[kind];
    const probe = '__sg_probe__';
    store.setItem(probe, probe);
    store.removeItem(probe);
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn(`Browser storage is not available (${(error as Error)?.name ?? error}): settings such as the colour mode will not be remembered.`);
    }
    return EMPTY;
  }
  return {
    get: (key) => {
      try {
        return store.getItem(key);
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        store.setItem(key, value);
      } catch {
        // Quota exceeded or revoked: the setting simply is not remembered.
      }
    },
    remove: (key) => {
      try {
        store.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

/** Storage keys shared by the head script and the client. */
export const COLOR_MODE_KEY = 'sg-color-mode';
export const ANNOUNCEMENT_KEY = 'sg-announcement-dismissed';
export const SCROLL_KEY = 'sg-scroll';

/** Name of the CSS custom property that hides a dismissed announcement bar (`--sg-ann-<id>: none`). */
export function announcementVar(id: string): string {
  return `--sg-ann-${id.replace(/[^\w-]/g, '_')}`;
}

/** Global the client entry sets as soon as it runs; its absence at DOMContentLoaded means the bundle failed. */
export const BOOT_FLAG = '__sgBoot';
