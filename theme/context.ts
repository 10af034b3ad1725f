import { createContext, useContext } from 'react';
import type { ClientRoute, SharedMarker, SiteData } from '../src/types.js';
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
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * The generator's marker function while it renders a page whose shared blocks (`sharedBlocks` in
 * server.tsx) it fills in afterwards: the components that own such a block render its marker instead.
 */
export const SharedBlocksContext = createContext<SharedMarker | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('theme components must be rendered inside <Root>');
  return value;
}
