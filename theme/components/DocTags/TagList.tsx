// The tags row at the foot of a doc (Docusaurus's "Tags:"). On every docs page's main bundle: kept to the markup
// alone, its chips styled as a post's (.tag); the tag pages themselves are a chunk of their own (./index.tsx).
import type { LabeledLink } from 'sitegen/theme';
import { useTheme } from '../../context.js';

/** "Tags:" and a link to each tag's page. */
export function DocTagList({ tags }: { tags: LabeledLink[] }) {
  const { strings } = useTheme();
  return (
    <div className="post-tags doc-tags">
      {/* The blog's words (Tags: / 标签：): one text fewer on every docs page. */}
      <span className="post-tags-label" lang={strings.lang}>{strings.blog.tags}</span>
      <ul>
        {tags.map((tag) => (
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
