import { createContext, createElement, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react';
import type { ClientRoute, SharedMarker, SiteData } from 'sitegen/theme';
import type { Strings } from './i18n/types.js';
import type { Router } from './lib/router.js';

/** What every component may read: the locale's site data and strings, the route shown, the router. */
export interface ThemeContextValue {
  site: SiteData;
  strings: Strings;
  route: ClientRoute;
  /** Path + query + hash shown; on the server, the route path. */
  href: string;
  /** Null on the server and before hydration. */
  router: Router | null;
  /** Has screen readers read out a short confirmation or count (lib/announce.ts); does nothing on the server. */
  announce: (text: string, lang?: string) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * The generator's marker function while it renders a page whose shared blocks (`sharedBlocks` in
 * server.tsx) it fills in afterwards: the components that own such a block render its marker instead.
 */
export const SharedBlocksContext = createContext<SharedMarker | null>(null);

/**
 * The language of a page's own text when it is the default locale's copy, shown where no translation
 * exists yet (`lang` on its title, contents and headings list, so that screen readers and translation
 * tools read it as what it is); undefined for a translated page.
 */
export function useContentLang(untranslated: boolean | undefined): string | undefined {
  const { site } = useTheme();
  return untranslated ? site.locales.find((l) => l.code === site.defaultLocale)?.htmlLang : undefined;
}

/**
 * The writing direction of text in another locale's language (`lang`, from `useContentLang`) where the page's own runs
 * the other way: Chinese shown untranslated on a right-to-left locale's page is laid out left to right, as on its own
 * pages, not right-aligned with its full stops at the left; undefined where the two agree.
 */
export function useLangDir(lang: string | undefined): 'ltr' | 'rtl' | undefined {
  const { site } = useTheme();
  const direction = lang === undefined ? undefined : site.locales.find((l) => l.htmlLang === lang)?.direction;
  return direction === site.locale.direction ? undefined : direction;
}

/** A layout effect in the browser (no warning from the server renderer, which runs no effects). */
export const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('theme components must be rendered inside <Root>');
  return value;
}

// A phrase of a Chinese heading: up to and with its punctuation, from an opening mark if it has one.
const PHRASE_RE = /[“「『（]?[^，、。：；！？“「『（]+[，、。：；！？”」』）]*/g;

/**
 * A Chinese heading's text as its phrases, each kept on one line where it fits (`.phrase`, an inline block): a title
 * breaks after its comma (读到的一切，/ 都能变成你的语言), not wherever the line happens to end (…都 / 能变成…).
 * Text of one phrase, English included, is returned as it is. Here because every chunk of the theme reads this module.
 */
export function phrased(text: string): ReactNode {
  const parts = text.match(PHRASE_RE);
  return parts && parts.length > 1 && parts.join('') === text ? parts.map((part, i) => createElement('span', { key: i, className: 'phrase' }, part)) : text;
}
