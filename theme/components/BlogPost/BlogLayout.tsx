// The frame of every blog page (posts, lists, tags, the archive), in a module of its own so that a
// post's chunk does not carry the lists' components.
import { BlogSidebar } from '../BlogSidebar/index.js';
import { MAIN_ID } from '../SkipLink/index.js';

/** Blog pages: the all-posts sidebar beside the main column. */
export function BlogLayout({ children, aside }: { children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <div className="page-columns blog-page">
      <BlogSidebar />
      <main id={MAIN_ID} tabIndex={-1} className="main page-content">
        <div className="page-content-inner">{children}</div>
      </main>
      {aside}
    </div>
  );
}
