import type { PostAuthor } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { format } from '../../lib/format.js';

/** An address of another site opens in a new tab, as links in the content do. */
const external = (href: string) => (/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {});

/**
 * An author's face: sized before it loads (nothing moves when it comes), loaded when near the view, named by
 * the author's name for those who do not see it.
 */
export function AuthorAvatar({ author, size }: { author: PostAuthor; size: number }) {
  if (!author.image) return null;
  return <img className="author-avatar" src={author.image} alt={author.name} width={size} height={size} loading="lazy" decoding="async" />;
}

/** An author's other addresses (`socials`, and their site when asked), as short named links. */
export function AuthorSocials({ author, site = false }: { author: PostAuthor; site?: boolean }) {
  const { strings } = useTheme();
  const links = [...(site && author.url ? [{ label: strings.blog.website, url: author.url }] : []), ...(author.socials ?? []).map((s) => ({ label: strings.blog.socials[s.platform] ?? s.platform, url: s.url }))];
  if (links.length === 0) return null;
  return (
    <ul className="author-socials" aria-label={format(strings.blog.elsewhere, { author: author.name })}>
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} {...external(link.url)}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The authors of a post, under its title in a list and on its page: each one's face, name (leading to their page
 * on the blog, else to their own address) and title; on the post's page (`socials`), their other addresses too.
 */
export function PostAuthors({ authors, socials = false }: { authors: PostAuthor[]; socials?: boolean }) {
  const { strings } = useTheme();
  if (authors.length === 0) return null;
  return (
    <ul className="post-authors" aria-label={strings.routeTitles.authors}>
      {authors.map((author, i) => {
        const href = author.page ?? author.url;
        return (
          <li key={`${i}-${author.name}`} className="post-author">
            <AuthorAvatar author={author} size={40} />
            <span className="post-author-text">
              {href ? (
                <a className="post-author-name" href={href} {...(author.page ? {} : external(href))}>
                  {author.name}
                </a>
              ) : (
                <span className="post-author-name">{author.name}</span>
              )}
              {author.title && <span className="post-author-title">{author.title}</span>}
              {socials && <AuthorSocials author={author} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
