import { useTheme } from '../../context.js';
import { samePath } from '../../lib/paths.js';

/** Every post of the locale grouped by year (count ALL), newest first; the current post is marked. */
export function BlogPostLinks() {
  const { site, route } = useTheme();
  return (
    <>
      {site.blogSidebar.map((group) => (
        <div key={group.year} className="blog-sidebar-year">
          <p className="blog-sidebar-heading">{group.year}</p>
          <ul className="menu">
            {group.posts.map((post) => {
              const active = samePath(post.href, route.path);
              return (
                <li key={post.href} className="menu-item">
                  <a className={active ? 'menu-link active' : 'menu-link'} href={post.href} aria-current={active ? 'page' : undefined}>
                    {post.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}

/** The blog sidebar column (desktop; the mobile panel shows the same links). */
export function BlogSidebar() {
  const { site, strings } = useTheme();
  if (site.blogSidebar.length === 0) return null;
  return (
    <div className="blog-sidebar">
      <nav className="blog-sidebar-nav" aria-label={strings.blog.sidebar}>
        <p className="blog-sidebar-title">{strings.blog.recent}</p>
        <BlogPostLinks />
      </nav>
    </div>
  );
}
