import type { Pagination, PostSummary, RouteData } from 'sitegen/theme';
import { phrased, useContentLang, useLangDir, useTheme } from '../../context.js';
import { format, formatDate, plural } from '../../lib/format.js';
import { BlogLayout } from '../BlogPost/BlogLayout.js';
import { PostMeta, PostTags } from '../BlogPost/PostMeta.js';
import { AuthorAvatar, AuthorSocials, PostAuthors } from '../BlogAuthors/index.js';
import { HtmlBlock } from '../HtmlBlock/index.js';
import { Icon } from '../Icon/index.js';
import { pageUnder } from '../../lib/paths.js';

function PostCard({ post }: { post: PostSummary }) {
  const { strings } = useTheme();
  const lang = useContentLang(post.untranslated);
  const dir = useLangDir(lang);
  return (
    <article className="post-card">
      <h2 className="post-card-title" lang={lang} dir={dir}>
        <a href={post.href}>{post.title}</a>
      </h2>
      <PostMeta post={post} />
      <PostAuthors authors={post.authors} />
      {post.excerptKey && <HtmlBlock htmlKey={post.excerptKey} className="markdown post-excerpt" lang={lang} />}
      {/* A post listed whole has no rest to read: its title is the link to its page. */}
      {(post.truncated || post.tags.length > 0) && (
        <footer className="post-card-footer">
          <PostTags post={post} />
          {post.truncated && (
            <a className="read-more" lang={strings.lang} href={post.href} aria-label={format(strings.blog.readMoreAbout, { title: post.title })}>
              {strings.blog.readMore}
              <Icon name="arrowRight" size={16} />
            </a>
          )}
        </footer>
      )}
    </article>
  );
}

/** Older / newer links and the page numbers of a paginated list. */
function ListPagination({ pagination, base }: { pagination: Pagination; base: string }) {
  const { site, strings } = useTheme();
  if (pagination.totalPages <= 1) return null;
  const pathOf = (page: number) => (page === 1 ? base : pageUnder(site, base, `page/${page}`));
  return (
    <nav className="list-pagination" aria-label={strings.blog.listNav} lang={strings.lang}>
      {pagination.prev ? (
        <a className="button button-secondary" href={pagination.prev} rel="prev">
          <Icon name="arrowLeft" size={16} />
          {strings.blog.newer}
        </a>
      ) : (
        <span />
      )}
      <ol className="list-pagination-pages">
        {Array.from({ length: pagination.totalPages }, (_, i) => i + 1).map((page) => (
          <li key={page}>
            <a
              className={page === pagination.page ? 'page-number current' : 'page-number'}
              href={pathOf(page)}
              aria-current={page === pagination.page ? 'page' : undefined}
              aria-label={format(strings.blog.pageOf, { page, total: pagination.totalPages })}
            >
              {page}
            </a>
          </li>
        ))}
      </ol>
      {pagination.next ? (
        <a className="button button-secondary" href={pagination.next} rel="next">
          {strings.blog.older}
          <Icon name="arrowRight" size={16} />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The head of an author's list of posts: their face, name, title, addresses and number of posts. */
function AuthorHeader({ author, pagination }: { author: NonNullable<Extract<RouteData, { kind: 'blogList' }>['author']>; pagination: Pagination }) {
  const { site, strings } = useTheme();
  return (
    <header className="blog-header author-header">
      <AuthorAvatar author={author} size={96} />
      <div className="author-header-text">
        <h1 className="page-title">
          {author.name}
          {pagination.page > 1 && (
            <>
              {' '}
              <span className="page-title-page" lang={strings.lang}>{format(strings.blog.pageOf, { page: pagination.page, total: pagination.totalPages })}</span>
            </>
          )}
        </h1>
        {author.title && <p className="author-header-title">{author.title}</p>}
        <AuthorSocials author={author} site />
        <p className="author-header-count" lang={strings.lang}>
          {plural(strings.blog.tagCount, author.count)}
          {' · '}
          <a href={pageUnder(site, site.blogPath, 'authors')}>{strings.blog.viewAllAuthors}</a>
        </p>
      </div>
    </header>
  );
}

/** A page of the post list, or of one tag's or one author's posts. */
export function BlogListPage() {
  const { site, strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'blogList' }>;
  if (data.author) {
    return (
      <BlogLayout>
        <AuthorHeader author={data.author} pagination={data.pagination} />
        <div className="post-list">
          {data.posts.map((post) => (
            <PostCard key={post.href} post={post} />
          ))}
        </div>
        <ListPagination pagination={data.pagination} base={data.author.page} />
      </BlogLayout>
    );
  }
  return (
    <BlogLayout>
      <header className="blog-header">
        {/* Past the first page, the page number is a line of its own under the list's title: in the title,
            "Announcements · Page 3" broke at 390 px into "Announcements ·" and "Page 3". */}
        {/* The heading and the description are the config's or the theme's texts, a tag's label among them: each
            runs in its own direction (<bdi>), the English of a locale without theme texts too on a page written right to left. */}
        <h1 className="page-title">
          <bdi>{data.heading}</bdi>
          {data.pagination.page > 1 && (
            <>
              {' '}
              <span className="page-title-page" lang={strings.lang}>{format(strings.blog.pageOf, { page: data.pagination.page, total: data.pagination.totalPages })}</span>
            </>
          )}
        </h1>
        {data.tag ? (
          <>
            {data.description && (
              <p className="blog-header-lead">
                <bdi>{data.description}</bdi>
              </p>
            )}
            <a className="blog-header-link" lang={strings.lang} href={pageUnder(site, site.blogPath, 'tags')}>
              <Icon name="tag" size={16} />
              {strings.blog.viewAllTags}
            </a>
          </>
        ) : (
          <p className="blog-header-lead">
            {/* No space after full-width punctuation (「…优惠活动。历史文章」); the two links wrap together, the dot between them never left at a line's end. */}
            {data.description && <bdi>{data.description}</bdi>}
            {!data.description || /[\u3000-\u303f\uff01-\uff60]$/.test(data.description) ? '' : ' '}
            <span className="blog-header-links" lang={strings.lang}>
              <a href={pageUnder(site, site.blogPath, 'archive')}>{strings.blog.archiveLink}</a>
              {' · '}
              <a href={pageUnder(site, site.blogPath, 'tags')}>{strings.routeTitles.tags}</a>
            </span>
          </p>
        )}
      </header>
      {/* Every post of the locale unlisted: the list is built (the posts' pages are), and says it has none. */}
      {data.posts.length === 0 ? (
        <p className="blog-empty" lang={strings.lang}>{strings.blog.noPosts}</p>
      ) : (
        <div className="post-list">
          {data.posts.map((post) => (
            <PostCard key={post.href} post={post} />
          ))}
        </div>
      )}
      <ListPagination pagination={data.pagination} base={data.tag ? data.tag.href : site.blogPath} />
    </BlogLayout>
  );
}

/** Every tag with its number of posts. */
export function TagsPage() {
  const { strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'tags' }>;
  return (
    <BlogLayout>
      <header className="blog-header" lang={strings.lang}>
        <h1 className="page-title">{phrased(route.title)}</h1>
        <p className="blog-header-lead">{strings.blog.tagsDescription}</p>
      </header>
      {data.tags.length === 0 ? (
        <p className="blog-empty" lang={strings.lang}>{strings.blog.noTags}</p>
      ) : (
        <ul className="tag-cloud">
          {data.tags.map((tag) => (
            <li key={tag.href}>
              <a className="tag tag-large" href={tag.href}>
                <span>{tag.label}</span>
                <span className="tag-count" lang={strings.lang}>{plural(strings.blog.tagCount, tag.count)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </BlogLayout>
  );
}

/** The blog's authors who have a page of their own, each with their number of posts. */
export function AuthorsPage() {
  const { strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'authors' }>;
  return (
    <BlogLayout>
      <header className="blog-header" lang={strings.lang}>
        <h1 className="page-title">{phrased(route.title)}</h1>
        <p className="blog-header-lead">{strings.blog.authorsDescription}</p>
      </header>
      <ul className="author-list">
        {data.authors.map((author) => (
          <li key={author.page} className="author-card">
            <AuthorAvatar author={author} size={64} />
            <span className="author-card-text">
              <a className="author-card-name" href={author.page}>
                {author.name}
              </a>
              {author.title && <span className="author-card-title">{author.title}</span>}
              <span className="author-card-count" lang={strings.lang}>{plural(strings.blog.tagCount, author.count)}</span>
            </span>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}

/** Every post by year, newest first. */
export function ArchivePage() {
  const { strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'archive' }>;
  // A post shown untranslated is titled in the default locale's words.
  const originalLang = useContentLang(true);
  return (
    <BlogLayout>
      <header className="blog-header" lang={strings.lang}>
        <h1 className="page-title">{phrased(route.title)}</h1>
        <p className="blog-header-lead">{strings.blog.archiveDescription}</p>
      </header>
      {data.years.length === 0 && <p className="blog-empty" lang={strings.lang}>{strings.blog.noPosts}</p>}
      {data.years.map((group) => (
        <section key={group.year} className="archive-year" aria-labelledby={`archive-${group.year}`}>
          <h2 id={`archive-${group.year}`}>{group.year}</h2>
          <ul className="archive-list">
            {group.posts.map((post) => (
              <li key={post.href}>
                <time dateTime={post.dateTime ?? post.date} lang={strings.lang}>{formatDate(post.date, strings)}</time>
                <a href={post.href} lang={post.untranslated ? originalLang : undefined}>
                  {post.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}
