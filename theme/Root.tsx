import { useMemo } from 'react';
import { AnnouncementBar } from './components/AnnouncementBar/index.js';
import { ArchivePage, BlogListPage, TagsPage } from './components/BlogList/index.js';
import { BlogPostPage } from './components/BlogPost/index.js';
import { DocPage, FreePage } from './components/DocPage/index.js';
import { ErrorBoundary } from './components/ErrorBoundary/index.js';
import { Footer } from './components/Footer/index.js';
import { HomePage } from './components/Home/index.js';
import { Navbar } from './components/Navbar/index.js';
import { NotFoundPage } from './components/NotFound/index.js';
import { SearchPage } from './components/SearchPage/index.js';
import { SkipLink } from './components/SkipLink/index.js';
import { ThemeContext, useTheme, type ThemeContextValue } from './context.js';

/** Id of the live region that reads out the new page title after a client-side navigation. */
export const ANNOUNCER_ID = 'sg-announcer';

/** The page body of a route, by kind. */
function Page() {
  const { route } = useTheme();
  const kind = route.data.kind;
  switch (kind) {
    case 'home':
      return <HomePage />;
    case 'doc':
      return <DocPage />;
    case 'page':
      return <FreePage />;
    case 'post':
      return <BlogPostPage />;
    case 'blogList':
      return <BlogListPage />;
    case 'tags':
      return <TagsPage />;
    case 'archive':
      return <ArchivePage />;
    case 'search':
      return <SearchPage />;
    case 'notFound':
      return <NotFoundPage />;
    default:
      throw new Error(`Unknown page kind "${String(kind)}"`);
  }
}

function Layout() {
  const { route, strings } = useTheme();
  return (
    <>
      <SkipLink />
      <AnnouncementBar />
      <Navbar />
      <ErrorBoundary key={route.path} strings={strings}>
        <Page />
      </ErrorBoundary>
      <Footer />
      <div id={ANNOUNCER_ID} className="sr-only" aria-live="polite" aria-atomic="true" />
    </>
  );
}

/** Everything inside `<div id="__sg">`, on the server and in the browser alike. */
export function Root({ site, strings, route, href, router }: ThemeContextValue) {
  const value = useMemo(() => ({ site, strings, route, href, router }), [site, strings, route, href, router]);
  return (
    <ThemeContext.Provider value={value}>
      <Layout />
    </ThemeContext.Provider>
  );
}
