// A file beside the pages under a folder or name starting with `_` (`docs/_img/a.png`) is a partial's, and
// the build publishes none: a page that shows it gets a broken image though the file is right there. Told
// as that (checkLinks' `unpublished`), which "does not exist" would hide. A file beside a page is published
// at its path under the locale folder (`content/en/docs/a.png` at `/en/docs/a.png`; a docs version's under its docs
// path, `fileFolders`), so the path leads back.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { contentFilePath } from '../content/links.js';
import { displayPath } from '../diagnostics.js';
import { urlPathOf } from '../routes/planEntries.js';
import type { EntryPlan } from '../routes/planEntries.js';
import { normalisePath } from './checkLinks.js';
import { configBlogMeta } from '../content/blogMeta.js';
import { postAuthors, postTags } from '../content/blogMetaPosts.js';
import { resolveTags } from '../content/tagRefs.js';
import type { Entry, LocaleBlogMeta, LocaleConfig, SiteConfig } from '../types.js';

/** The content file (as shown) a site path with a `_` segment names, when it is there; `fileFolders`: the docs versions' (`versionFileFolders`). */
export function unpublishedFileOf(config: Pick<SiteConfig, 'root' | 'contentDir' | 'baseUrl' | 'locales'>, fileFolders?: Record<string, string | null>): (path: string) => string | null {
  return (path) => {
    if (!path.startsWith(config.baseUrl)) return null;
    const parts = path.slice(config.baseUrl.length).split('/');
    const locale = config.locales.find((l) => l.path !== '' && l.path === parts[0]) ?? config.locales.find((l) => l.path === '');
    const inLocale = locale?.path ? parts.slice(1) : parts;
    if (!locale || !inLocale.some((part) => part.startsWith('_')) || inLocale.some((part) => part === '..' || part === '')) return null;
    const file = join(config.contentDir, locale.code, ...contentFilePath(inLocale.join('/'), fileFolders).split('/'));
    // A partial's page address (`/docs/_shared/steps`) names its markdown file.
    const named = /\.[^/]*$/.test(file) ? [file] : [file, `${file}.md`, `${file}.mdx`, join(file, 'index.md')];
    const found = named.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
    return found ? displayPath(config.root, found) : null;
  };
}

/** Why a blog page this build does not make is not there, and what to do: the end of the link's message and its hint. */
export interface LeftOutBlogPage {
  why: string;
  hint: string;
}

/**
 * The blog pages a link may name that this build does not make though their posts are there, by address (normalised
 * as checkLinks keys pages) → why. A locale without a post has no list pages (as Docusaurus), and a tag's or an
 * author's page is there only while a listed post has them: a navbar's `/blog`, or a link to the tag of an unlisted
 * post, was told only that it "does not exist" (with a hint at the post). `plans` hold the drafts (`draft: true`),
 * `posts` what was built (unlisted ones among them); `meta` each locale's declared tags and authors.
 */
export function blogPagesLeftOutOf(input: { config: SiteConfig; locales: LocaleConfig[]; plans: EntryPlan[]; posts: Entry[]; draftsLeftOut: boolean; meta: Record<string, LocaleBlogMeta> }): Map<string, LeftOutBlogPage> {
  const { config } = input;
  const out = new Map<string, LeftOutBlogPage>();
  for (const locale of input.locales) {
    const posts = input.posts.filter((post) => post.locale === locale.code && post.section === 'blog');
    const drafts = input.draftsLeftOut ? input.plans.filter((p) => p.locale === locale.code && p.section === 'blog' && p.source.frontMatter.draft) : [];
    const at = (page: string) => normalisePath(urlPathOf(config, locale, page));
    if (posts.length === 0) {
      const why = `the blog has no post to list (${drafts.length ? leftOut(drafts.map((p) => ({ file: p.source.file, draft: true }))) : `${displayPath(config.root, join(config.contentDir, locale.code, 'blog'))}/ has none`})`;
      const hint = drafts.length ? 'publish a post (remove draft: true), or link to the blog once it has one' : 'write a post (sitegen new post "Title"), or link to the blog once it has one';
      for (const page of ['/blog', '/blog/tags', '/blog/archive']) out.set(at(page), { why, hint });
    }
    // A tag's or an author's page that only unlisted posts and drafts would have.
    const meta = input.meta[locale.code] ?? configBlogMeta(config, locale.code);
    const candidates = [
      ...posts.map((post) => ({ file: post.file, draft: false, listed: !post.unlisted, tags: postTags(post, meta), pages: postAuthors(post, meta).flatMap((a) => (a.page ? [a.page] : [])) })),
      // A draft's front matter as written: a value of the wrong type (an error of its own) names nothing.
      ...drafts.map((p) => ({ file: p.source.file, draft: true, listed: false, tags: resolveTags(listOf(p.source.frontMatter.tags), meta.tags, p.source.file), pages: postAuthors({ authors: listOf(p.source.frontMatter.authors) } as Entry, meta).flatMap((a) => (a.page ? [a.page] : [])) })),
    ];
    const shown = new Set(candidates.filter((c) => c.listed).flatMap((c) => [...c.tags.map((t) => `/blog/tags/${t.permalink}`), ...c.pages.map((page) => `/blog/authors/${page}`)]));
    const hidden = new Map<string, { label: string; what: 'tag' | 'author'; posts: { file: string; draft: boolean }[] }>();
    for (const c of candidates.filter((c) => !c.listed)) {
      const named = [...c.tags.map((t) => ({ page: `/blog/tags/${t.permalink}`, label: t.label, what: 'tag' as const })), ...c.pages.map((page) => ({ page: `/blog/authors/${page}`, label: meta.authors.find((a) => a.page === page)?.name ?? page, what: 'author' as const }))];
      for (const { page, label, what } of named.filter((n) => !shown.has(n.page))) {
        if (!hidden.has(page)) hidden.set(page, { label, what, posts: [] });
        hidden.get(page)!.posts.push(c);
      }
    }
    for (const [page, { label, what, posts: its }] of hidden) {
      const onlyDrafts = its.every((p) => p.draft);
      const why = `no listed post ${what === 'tag' ? `has the tag “${label}”` : `is by ${label}`} (${leftOut(its)})`;
      const one = its.length === 1;
      const hint = onlyDrafts
        ? `publish ${one ? 'it' : 'one'} (remove draft: true), or link to the ${what === 'tag' ? 'tag' : "author's page"} once ${one ? 'it is' : 'one is'}`
        : `list ${one ? 'it' : 'one of them'} (remove unlisted: true${its.some((p) => p.draft) ? ' or draft: true' : ''}), or link to ${one ? 'the post' : 'one of the posts'} instead`;
      if (!out.has(at(page))) out.set(at(page), { why, hint });
    }
  }
  return out;
}

/** Keys (strings) and entries written out (objects) of a front matter list; nothing of another type. */
function listOf<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string' || (typeof item === 'object' && item !== null)) : [];
}

/** `x.md is unlisted`, `x.md and 2 more are drafts`, `x.md and 1 more are unlisted or drafts`. */
function leftOut(posts: { file: string; draft: boolean }[]): string {
  const drafts = posts.filter((p) => p.draft).length;
  const kind = drafts === posts.length ? (posts.length > 1 ? 'are drafts' : 'is a draft') : drafts === 0 ? (posts.length > 1 ? 'are unlisted' : 'is unlisted') : 'are unlisted or drafts';
  return `${posts[0]!.file}${posts.length > 1 ? ` and ${posts.length - 1} more` : ''} ${kind}`;
}
