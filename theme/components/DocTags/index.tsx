// The docs' tag pages (Docusaurus's docs tags list and tag page): every tag of a docs version with its number of
// docs, and one tag's docs, each title with its description. A chunk of its own, loaded on these pages only; it
// imports what every chunk reaches alike (React, context, Icon, format, SkipLink), nothing of the docs page's.
import type { RouteData } from 'sitegen/theme';
import { phrased, useContentLang, useTheme } from '../../context.js';
import { plural } from '../../lib/format.js';
import { Icon } from '../Icon/index.js';
import { MAIN_ID } from '../SkipLink/index.js';
import type { ReactNode } from 'react';

type TagData = Extract<RouteData, { kind: 'docTag' }>;

/** The page's frame: one column, as a free page's. */
function TagLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page-columns">
      <main id={MAIN_ID} tabIndex={-1} className="main page-content">
        <div className="page-content-inner doc-tags-page">{children}</div>
      </main>
    </div>
  );
}

/** Every tag of the version's docs, with its number of docs (`/docs/tags`). */
export function DocTagsPage() {
  const { strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'docTags' }>;
  return (
    <TagLayout>
      <header className="blog-header" lang={strings.lang}>
        <h1 className="page-title">{phrased(route.title)}</h1>
        <p className="blog-header-lead">{strings.docs.tagsDescription}</p>
      </header>
      <ul className="tag-cloud">
        {data.tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag tag-large" href={tag.href}>
              <span>{tag.label}</span>
              <span className="tag-count" lang={strings.lang}>{plural(strings.docs.tagCount, tag.count)}</span>
            </a>
          </li>
        ))}
      </ul>
    </TagLayout>
  );
}

/** A doc on a tag's page: its title, leading to it, and its description. */
function TaggedDoc({ doc }: { doc: TagData['docs'][number] }) {
  const lang = useContentLang(doc.untranslated);
  return (
    <li className="index-card">
      <a className="index-card-link" href={doc.href} lang={lang}>
        <h2 className="index-card-title">
          <Icon name="page" size={18} />
          {doc.title}
        </h2>
        {doc.description && <p className="index-card-text">{doc.description}</p>}
      </a>
    </li>
  );
}

/** One tag's docs (`/docs/tags/<permalink>`): “3 docs tagged with …”, the tag's description, its docs, and the way to every tag. */
export function DocTagPage() {
  const { strings, route } = useTheme();
  const data = route.data as TagData;
  return (
    <TagLayout>
      <header className="blog-header">
        {/* "3 docs tagged with …", the tag's label in the theme's words: in its own direction (<bdi>), as the blog's tag pages. */}
        <h1 className="page-title">
          <bdi>{phrased(route.title)}</bdi>
        </h1>
        {data.description && (
          <p className="blog-header-lead">
            <bdi>{data.description}</bdi>
          </p>
        )}
        <a className="blog-header-link" href={data.allTagsPath} lang={strings.lang}>
          <Icon name="tag" size={16} />
          {strings.blog.viewAllTags}
        </a>
      </header>
      <ul className="index-cards">
        {data.docs.map((doc) => (
          <TaggedDoc key={doc.href} doc={doc} />
        ))}
      </ul>
    </TagLayout>
  );
}
