import { useMemo } from 'react';
import { AnnouncementBar } from './components/AnnouncementBar/index.js';
import { ErrorBoundary } from './components/ErrorBoundary/index.js';
import { Footer } from './components/Footer/index.js';
import { Navbar } from './components/Navbar/index.js';
import { SkipLink } from './components/SkipLink/index.js';
import { ThemeContext, useTheme, type ThemeContextValue } from './context.js';
import { announce, ANNOUNCER_ID } from './lib/announce.js';
import type { PageResolver } from './pages.js';

export { ANNOUNCER_ID };

/** The page body of a route, by kind. */
function Page({ pages }: { pages: PageResolver }) {
  const { route } = useTheme();
  const kind = route.data.kind;
  const Component = pages(kind);
  if (!Component) throw new Error(`Unknown page kind "${String(kind)}"`);
  return <Component />;
}

function Layout({ pages }: { pages: PageResolver }) {
  const { route, strings } = useTheme();
  return (
    <>
      <SkipLink />
      <AnnouncementBar />
      <Navbar />
      <ErrorBoundary key={route.path} strings={strings}>
        <Page pages={pages} />
      </ErrorBoundary>
      <Footer />
      <div id={ANNOUNCER_ID} className="sr-only" aria-live="polite" aria-atomic="true" />
    </>
  );
}

/** Everything inside `<div id="__sg">`, on the server and in the browser alike. */
export function Root({ site, strings, route, href, router, pages }: Omit<ThemeContextValue, 'announce'> & { pages: PageResolver }) {
  // Handed down rather than imported by the lazily loaded components that use it: a module they shared with the
  // entry would be a chunk of its own, one more request on every page.
  const value = useMemo(() => ({ site, strings, route, href, router, announce }), [site, strings, route, href, router]);
  return (
    <ThemeContext.Provider value={value}>
      <Layout pages={pages} />
    </ThemeContext.Provider>
  );
}
