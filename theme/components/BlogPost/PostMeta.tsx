import type { PostSummary } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { format, formatDate, plural, untranslatedLanguages } from '../../lib/format.js';

/** Date · reading time of a post (its authors are a list of their own: BlogAuthors). */
export function PostMeta({ post }: { post: PostSummary }) {
  const { site, strings } = useTheme();
  return (
    <p className="post-meta" lang={strings.lang}>
      <time dateTime={post.dateTime ?? post.date}>{formatDate(post.date, strings)}</time>
      <span aria-hidden="true"> · </span>
      <span>{plural(strings.blog.minutes, Math.max(1, Math.round(post.readingMinutes)))}</span>
      {post.untranslated && (
        <>
          <span aria-hidden="true"> · </span>
          <span className="post-untranslated">{format(strings.blog.untranslated, untranslatedLanguages(site, strings))}</span>
        </>
      )}
    </p>
  );
}

/** The tag chips of a post. */
export function PostTags({ post }: { post: PostSummary }) {
  const { strings } = useTheme();
  if (post.tags.length === 0) return null;
  return (
    <div className="post-tags">
      <span className="post-tags-label" lang={strings.lang}>{strings.blog.tags}</span>
      <ul>
        {post.tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href} rel="tag">
              {tag.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
