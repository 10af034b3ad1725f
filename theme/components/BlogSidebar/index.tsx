import { useContext } from 'react';
import type { SiteData } from 'sitegen/theme';
import { SharedBlocksContext, useTheme } from '../../context.js';
import { samePath } from '../../lib/paths.js';
import { MenuItem } from '../MenuItem/index.js';
import { useColumnFollows } from '../../lib/scroll.js';

/** Name of the every-post list as a shared block: the generator renders it once per locale (server.tsx). */
export const BLOG_POSTS_BLOCK = 'blog-posts';

/** Every post of the locale grouped by year, newest first; the post at `activePath` is marked. */
export function PostGroups({ groups, activePath }: { groups: SiteData['blogSidebar']; activePath: string | null }) {
  return (
    <>
      {groups.map((group) => (
        <div key={group.year} className="blog-sidebar-year">
          <p className="blog-sidebar-heading">{group.year}</p>
          <ul className="menu">
            {group.posts.map((post) => (
              <MenuItem key={post.href} link={post} active={activePath !== null && samePath(post.href, activePath)} />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The posts of the blog sidebar (the newest `blog.sidebarCount`; by default every one), the current one
 * marked. On a site with a thousand posts this list is most of a blog page, so the generator renders it
 * once per locale and fills it in.
 */
export function BlogPostLinks() {
  const { site, route } = useTheme();
  const shared = useContext(SharedBlocksContext);
  if (shared) return <div className="blog-posts" dangerouslySetInnerHTML={{ __html: shared(BLOG_POSTS_BLOCK) }} />;
  return (
    <div className="blog-posts">
      <PostGroups groups={site.blogSidebar} activePath={route.path} />
    </div>
  );
}

/** The list's name: "All posts", or "Recent posts" when `blog.sidebarCount` leaves older ones out. */
export function postListLabel(site: SiteData, strings: ReturnType<typeof useTheme>['strings']): string {
  return site.blogSidebarRecent ? strings.blog.recent : strings.blog.sidebar;
}

/** The blog sidebar column (desktop; the mobile panel shows the same links). */
export function BlogSidebar() {
  const { site, strings, route } = useTheme();
  // The current post's link in the column's own view (an older post's is far below the fold).
  const navRef = useColumnFollows('.menu-link.active', route.path);
  if (site.blogSidebar.length === 0) return null;
  return (
    <div className="blog-sidebar">
      <nav className="blog-sidebar-nav" aria-label={postListLabel(site, strings)} ref={navRef}>
        <p className="blog-sidebar-title" lang={strings.lang}>{postListLabel(site, strings)}</p>
        <BlogPostLinks />
      </nav>
    </div>
  );
}
