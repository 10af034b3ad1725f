import type { RouteData } from 'sitegen/theme';
import { phrased, useContentLang, useLangDir, useTheme } from '../../context.js';
import { BlogLayout } from './BlogLayout.js';
import { DraftNotice, UnlistedNotice } from '../DocPage/index.js';
import { HtmlBlock } from '../HtmlBlock/index.js';
import { Paginator } from '../Paginator/index.js';
import { TOC, TOCCollapsible, useActiveHeading } from '../TOC/index.js';
import { PostMeta, PostTags } from './PostMeta.js';
import { PostAuthors } from '../BlogAuthors/index.js';

/** A blog post: title, date, reading time, authors, content, tags, newer / older posts. */
export function BlogPostPage() {
  const { strings, route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'post' }>;
  const active = useActiveHeading(data.toc);
  const lang = useContentLang(data.post.untranslated);
  const dir = useLangDir(lang);
  return (
    <BlogLayout aside={<TOC headings={data.toc} active={active} lang={lang} />}>
      <article className="post">
        {route.draft && <DraftNotice />}
        {route.unlisted && <UnlistedNotice />}
        <header className="post-header">
          <h1 className="page-title" lang={lang} dir={dir}>
            {phrased(route.title)}
          </h1>
          <PostMeta post={data.post} />
          <PostAuthors authors={data.post.authors} socials />
        </header>
        <TOCCollapsible headings={data.toc} active={active} lang={lang} />
        <HtmlBlock htmlKey="content" enhance lang={lang} />
        <footer className="post-footer">
          <PostTags post={data.post} />
        </footer>
      </article>
      <Paginator label={strings.blog.postNav} prev={data.prev} next={data.next} prevLabel={strings.blog.newerPost} nextLabel={strings.blog.olderPost} />
    </BlogLayout>
  );
}
