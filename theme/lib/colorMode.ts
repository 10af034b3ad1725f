import type { SiteData } from 'sitegen/theme';
import { COLOR_MODE_KEY, type SafeStorage } from './storage.js';

/** What the visitor chose; `system` follows `prefers-color-scheme`. */
export type ColorChoice = 'light' | 'dark' | 'system';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The choices the toggle cycles through, in order. */
export function choicesOf(options: SiteData['colorMode']): ColorChoice[] {
  return options.respectPrefersColorScheme ? ['light', 'dark', 'system'] : ['light', 'dark'];
}

/** The stored choice if valid, else the default (system when the system preference is respected). */
export function readChoice(storage: SafeStorage, options: SiteData['colorMode']): ColorChoice {
  const stored = storage.get(COLOR_MODE_KEY) as ColorChoice | null;
  if (!options.disableSwitch && stored && choicesOf(options).includes(stored)) return stored;
  return options.respectPrefersColorScheme ? 'system' : options.defaultMode;
}

/**
 * The next choice of the toggle. With the system preference respected the cycle is system →
 * the opposite of what the system shows → the same as the system → system, so the first click
 * always changes the page; otherwise light ↔ dark.
 */
export function nextChoice(choice: ColorChoice, options: SiteData['colorMode'], systemDark: boolean): ColorChoice {
  const list: ColorChoice[] = options.respectPrefersColorScheme ? (systemDark ? ['system', 'light', 'dark'] : ['system', 'dark', 'light']) : ['light', 'dark'];
  const at = list.indexOf(choice);
  return list[(at + 1) % list.length];
}

/** Whether the system asks for dark colours. */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Sets `<html data-theme>` (the mode in effect) and `data-theme-choice` (what the toggle shows). */
export function applyChoice(choice: ColorChoice): void {
  const root = document.documentElement;
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.setAttribute('data-theme-choice', choice);
}

/** Keeps the page in step with the system preference and with other tabs; returns the unsubscribe. */
export function watchColorMode(storage: SafeStorage, options: SiteData['colorMode'], onChange: (choice: ColorChoice) => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  const onMedia = () => {
    const choice = document.documentElement.getAttribute('data-theme-choice') as ColorChoice | null;
    if (choice === 'system') applyChoice('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COLOR_MODE_KEY && event.key !== null) return;
    const choice = readChoice(storage, options);
    applyChoice(choice);
    onChange(choice);
  };
  media?.addEventListener?.('change', onMedia);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener?.('change', onMedia);
    window.removeEventListener('storage', onStorage);
  };
}
