import { join } from 'node:path';
import { paginate } from './paginate.js';
import { pageHref } from './pageHref.js';
import { originalLang, tocOf } from './docRoutes.js';
import { listedHtml } from '../content/excerpt.js';
import { sharedTagAddresses } from '../content/tagRefs.js';
import { compareText, displayPath } from '../diagnostics.js';
import { configBlogMeta } from '../content/blogMeta.js';
import { authorHref, avatarSrc, declaredAuthorData, postAuthors, postTags, type PostAuthorData } from '../content/blogMetaPosts.js';
import type { BlogTag, Diagnostic, Entry, LabeledLink, LocaleBlogMeta, PostAuthor, PostSummary, RouteData, SiteConfig } from '../types.js';

/** A blog route before metadata: its path under the locale, title, data and HTML blocks. */
export interface BlogRoutePlan {
  localPath: string;
  title: string;
  data: RouteData;
  html: Record<string, string>;
  source: string;
  entry?: Entry;
  /** For search engines (the list of every post's pages, a tag's that has a description, an author's with a title). */
  description?: string;
  /** A list with nothing in it (every post unlisted, no tag on a listed post): no page for search engines. */
  noindex?: boolean;
}

export interface BlogStrings {
  blog: string;
  /** Under the title of the list of every post; empty for none. */
  description: string;
  tags: string;
  archive: string;
  /** `Posts tagged "{tag}"`. */
  taggedWith: string;
  /** `Page {page}`. */
  page: string;
  /** The authors page's title. */
  authors: string;
  /** For search engines: the tags index's, the archive's and the authors index's descriptions, and a tag's page's without one of its own. */
  tagsDescription?: string;
  archiveDescription?: string;
  authorsDescription?: string;
  postsTagged?: { one: string; other: string };
}

type ListedAuthor = PostAuthor & { page: string; count: number };

// A day alone is its start anywhere (UTC+14, as "today" is taken): at its UTC start, a post of the same day at 07:00+08:00
// (23:00 UTC the day before) was listed below it.
const instantOf = (post: Entry): number => (post.dateTime ? Date.parse(post.dateTime) : Date.parse(`${post.date ?? '1970-01-01'}T00:00:00+14:00`));

/** Posts newest first; ties by id so the order is stable. */
export function sortPosts(posts: Entry[]): Entry[] {
  // Without a collator for dates (YYYY-MM-DD) and plain ids: building one cost 6-9 ms of the main
  // thread while the routes are built.
  // A day's posts by their time of day when date: gives one (a day alone is its start).
  return [...posts].sort((a, b) => compareText(b.date ?? '', a.date ?? '') || instantOf(b) - instantOf(a) || compareText(b.id, a.id));
}

/**
 * Tags in other words that make one address among a locale's posts (`C++` and `C#`: one tag page, under the name
 * of the newest post's, and a post's second such tag left out of its row): a warning at each other one.
 */
export function blogTagProblems(config: SiteConfig, entries: Entry[], meta: Record<string, LocaleBlogMeta> | undefined): Diagnostic[] {
  const posts = entries.filter((post) => post.section === 'blog' && post.writtenTags && !post.untranslated);
  return sharedTagAddresses(
    // In the order of the lists, which name the tag's page by the first seen.
    sortPosts(posts).map((post) => {
      const own = meta?.[post.locale] ?? configBlogMeta(config, post.locale);
      const declareIn = own.declaredIn.tags[1] ?? displayPath(config.root, join(config.contentDir, post.locale, 'blog', 'tags.yml'));
      return { file: post.file, group: post.locale, written: post.writtenTags!, declared: own.tags, declareIn };
    }),
  );
}

/**
 * List pages, tag pages, tags index, archive, author pages and post pages of one locale. Tags and authors are
 * the locale's declared ones (`meta`; the config's alone by default) and those the posts write themselves.
 */
export function blogRoutes(config: SiteConfig, locale: string, posts: Entry[], prefix: string, strings: BlogStrings, meta: LocaleBlogMeta = configBlogMeta(config, locale)): BlogRoutePlan[] {
  const sorted = sortPosts(posts);
  // An unlisted post has its page, and no place in the lists, the tags, the authors, the archive or its neighbours' links.
  const listed = sorted.filter((post) => !post.unlisted);
  const tagsOf = new Map(sorted.map((post) => [post, postTags(post, meta)]));
  const authorsOf = new Map(sorted.map((post) => [post, postAuthors(post, meta)]));
  // A tag, or an author's page, is there when a listed post has it: an unlisted post's other tags are not links to nowhere.
  const tagged = new Map<string, BlogTag>();
  for (const tag of listed.flatMap((post) => tagsOf.get(post)!)) if (!tagged.has(tag.permalink)) tagged.set(tag.permalink, tag);
  const paged = new Set(listed.flatMap((post) => authorsOf.get(post)!.flatMap((author) => (author.page ? [author.page] : []))));
  const tagLink = (tag: BlogTag): LabeledLink => ({ label: tag.label, href: pageHref(config, `${prefix}/blog/tags/${tag.permalink}`) });
  const view = authorView(config, locale, prefix, paged);
  const summary = (post: Entry, options: { excerptKey?: string; socials?: boolean } = {}): PostSummary => ({
    title: post.title,
    href: post.permalink,
    date: post.date!,
    ...(post.dateTime ? { dateTime: post.dateTime } : {}),
    tags: tagsOf.get(post)!.filter((tag) => tagged.has(tag.permalink)).map(tagLink),
    readingMinutes: post.rendered.readingMinutes,
    // A list shows the authors' names and faces; their other addresses are on the post's own page.
    authors: authorsOf.get(post)!.map((author) => view(author, options.socials ?? false)),
    excerptKey: options.excerptKey,
    ...(options.excerptKey !== undefined && post.rendered.excerptHtml != null ? { truncated: true as const } : {}),
    untranslated: post.untranslated,
  });
  const out: BlogRoutePlan[] = [];
  // A post without `<!-- truncate -->` is listed whole. Made once per post, for all the lists it is on.
  const excerpts = new Map<Entry, string>();
  const excerptOf = (post: Entry) => {
    let html = excerpts.get(post);
    if (html === undefined) excerpts.set(post, (html = listedHtml(post.rendered.excerptHtml ?? post.rendered.html, post.permalink)));
    return html;
  };
  const lists = (items: Entry[], base: string, title: string, extra: { tag?: LabeledLink; description?: string; author?: ListedAuthor; metaDescription?: string } = {}) => {
    for (const page of paginate(items, config.blog.postsPerPage, base)) {
      const html: Record<string, string> = {};
      const summaries = page.items.map((post, i) => {
        html[`excerpt-${i}`] = excerptOf(post);
        return summary(post, { excerptKey: `excerpt-${i}` });
      });
      const pageTitle = page.pagination.page > 1 ? `${title} · ${strings.page.replace('{page}', String(page.pagination.page))}` : title;
      const { tag = null, description, author } = extra;
      const data: RouteData = { kind: 'blogList', heading: title, posts: summaries, pagination: prefixPagination(page.pagination, (path) => pageHref(config, prefix + path)), tag, ...(description ? { description } : {}), ...(author ? { author } : {}) };
      const meta = description || extra.metaDescription;
      out.push({ localPath: page.path, title: pageTitle, data, html, source: 'theme', ...(meta ? { description: meta } : {}), ...(items.length === 0 ? { noindex: true } : {}) });
    }
  };
  lists(listed, '/blog', strings.blog, { description: strings.description });
  const tags = [...tagged.values()].sort((a, b) => compareText(a.permalink, b.permalink));
  const taggedPosts = (tag: BlogTag) => listed.filter((p) => tagsOf.get(p)!.some((t) => t.permalink === tag.permalink));
  for (const tag of tags) {
    const link = tagLink(tag);
    const posts = taggedPosts(tag);
    const counted = strings.postsTagged && (posts.length === 1 ? strings.postsTagged.one : strings.postsTagged.other).replace('{count}', String(posts.length)).replace('{tag}', () => link.label);
    lists(posts, `/blog/tags/${tag.permalink}`, strings.taggedWith.replace('{tag}', () => link.label), { tag: link, ...(tag.description ? { description: tag.description } : {}), ...(counted ? { metaDescription: counted } : {}) });
  }
  out.push({
    localPath: '/blog/tags',
    title: strings.tags,
    data: { kind: 'tags', tags: tags.map((tag) => ({ ...tagLink(tag), count: taggedPosts(tag).length })) },
    html: {},
    source: 'theme',
    ...(strings.tagsDescription ? { description: strings.tagsDescription } : {}),
    ...(tags.length === 0 ? { noindex: true } : {}),
  });
  out.push(...authorPages({ listed, authorsOf, declared: meta.authors, view, title: strings.authors, lists, description: strings.authorsDescription }));
  out.push({ localPath: '/blog/archive', title: strings.archive, data: { kind: 'archive', years: groupByYear(listed).map(({ year, posts: list }) => ({ year, posts: list.map((p) => summary(p)) })) }, html: {}, source: 'theme', ...(strings.archiveDescription ? { description: strings.archiveDescription } : {}), ...(listed.length === 0 ? { noindex: true } : {}) });
  const place = new Map(listed.map((post, i) => [post, i]));
  sorted.forEach((post) => {
    const i = place.get(post) ?? -1;
    const newer = i === -1 ? undefined : listed[i - 1];
    const older = i === -1 ? undefined : listed[i + 1];
    out.push({
      localPath: post.localPath,
      title: post.title,
      data: {
        kind: 'post',
        post: summary(post, { socials: true }),
        // As a doc's: `hide_table_of_contents` and the front matter's heading levels, else the configured ones.
        toc: post.hideToc ? [] : tocOf(config, post.rendered.headings, post.tocLevels),
        prev: newer ? { label: newer.title, href: newer.permalink, ...originalLang(config, newer) } : null,
        next: older ? { label: older.title, href: older.permalink, ...originalLang(config, older) } : null,
      },
      html: { content: post.rendered.html },
      source: post.file,
      entry: post,
    });
  });
  return out;
}

/**
 * The authors page (`/blog/authors`, the authors who have a page, in the order declared) and each one's list of
 * posts, paginated as a tag's: none when no listed post has an author with a page.
 */
function authorPages(input: { listed: Entry[]; authorsOf: Map<Entry, PostAuthorData[]>; declared: LocaleBlogMeta['authors']; view: (author: PostAuthorData, socials: boolean) => PostAuthor; title: string; description?: string; lists: (items: Entry[], base: string, title: string, extra: { author: ListedAuthor; description?: string }) => void }): BlogRoutePlan[] {
  const byPage = new Map<string, Entry[]>();
  for (const post of input.listed) {
    for (const author of input.authorsOf.get(post)!) {
      if (!author.page) continue;
      const posts = byPage.get(author.page) ?? [];
      posts.push(post);
      byPage.set(author.page, posts);
    }
  }
  if (byPage.size === 0) return [];
  // Shown as declared: a post that changes an author's fields for itself (`{ key, title }`) changes them there alone.
  const order = input.declared.filter((author) => author.page && byPage.has(author.page));
  const authors = order.map((declared) => {
    const segment = declared.page as string;
    const posts = byPage.get(segment)!;
    const shown = input.view(declaredAuthorData(declared), true);
    const listedAuthor = { ...shown, page: shown.page!, count: posts.length };
    input.lists(posts, `/blog/authors/${segment}`, shown.name, { author: listedAuthor, ...(shown.title ? { description: shown.title } : {}) });
    return listedAuthor;
  });
  return [{ localPath: '/blog/authors', title: input.title, data: { kind: 'authors', authors }, html: {}, source: 'theme', ...(input.description ? { description: input.description } : {}) }];
}

/**
 * An author as a locale's pages show it: the name leads to the author's page when there is one (`paged`), its
 * addresses resolved in the locale; its socials only where asked (a post's own page, the author's).
 */
function authorView(config: SiteConfig, code: string, prefix: string, paged: Set<string>): (author: PostAuthorData, socials: boolean) => PostAuthor {
  const locale = config.locales.find((l) => l.code === code)!;
  return (author, socials) => {
    const url = authorHref(config, locale, author);
    return {
      name: author.name,
      ...(author.title ? { title: author.title } : {}),
      ...(url ? { url } : {}),
      ...(author.page && paged.has(author.page) ? { page: pageHref(config, `${prefix}/blog/authors/${author.page}`) } : {}),
      ...(author.imageUrl ? { image: avatarSrc(config, author.imageUrl) } : {}),
      ...(socials && author.socials.length > 0 ? { socials: author.socials } : {}),
    };
  };
}

/** Posts grouped by year, newest year first (blog sidebar and archive). */
export function groupByYear(sorted: Entry[]): { year: string; posts: Entry[] }[] {
  const years: { year: string; posts: Entry[] }[] = [];
  for (const post of sorted) {
    const year = post.date!.slice(0, 4);
    if (years[years.length - 1]?.year !== year) years.push({ year, posts: [] });
    years[years.length - 1].posts.push(post);
  }
  return years;
}

function prefixPagination(p: RouteData & { kind: 'blogList' } extends { pagination: infer P } ? P : never, href: (path: string) => string) {
  return { ...p, prev: p.prev && href(p.prev), next: p.next && href(p.next) };
}
