import { compareText } from '../diagnostics.js';
import { paginate } from './paginate.js';
import { listedHtml } from '../content/excerpt.js';
import type { Entry, LabeledLink, PostSummary, RouteData, SiteConfig } from '../types.js';

/** A blog route before metadata: its path under the locale, title, data and HTML blocks. */
export interface BlogRoutePlan {
  localPath: string;
  title: string;
  data: RouteData;
  html: Record<string, string>;
  source: string;
  entry?: Entry;
  /** For search engines (the list of every post's pages). */
  description?: string;
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
}

/** Posts newest first; ties by id so the order is stable. */
export function sortPosts(posts: Entry[]): Entry[] {
  // Without a collator for dates (YYYY-MM-DD) and plain ids: building one cost 6-9 ms of the main
  // thread while the routes are built.
  return [...posts].sort((a, b) => compareText(b.date ?? '', a.date ?? '') || compareText(b.id, a.id));
}

/** List pages, tag pages, tags index, archive and post pages of one locale. */
export function blogRoutes(config: SiteConfig, locale: string, posts: Entry[], prefix: string, strings: BlogStrings): BlogRoutePlan[] {
  const sorted = sortPosts(posts);
  // An unlisted post has its page, and no place in the lists, the tags, the archive or its neighbours' links.
  const listed = sorted.filter((post) => !post.unlisted);
  // A tag has a page when a listed post has it: an unlisted post's other tags are not links to nowhere.
  const tagged = new Set(listed.flatMap((post) => post.tags));
  const tagLink = (tag: string): LabeledLink => ({ label: config.blog.tags[tag]?.[locale] ?? tag, href: `${prefix}/blog/tags/${tag}` });
  const summary = (post: Entry, excerptKey?: string): PostSummary => ({
    title: post.title,
    href: post.permalink,
    date: post.date!,
    tags: post.tags.filter((tag) => tagged.has(tag)).map(tagLink),
    readingMinutes: post.rendered.readingMinutes,
    authors: post.authors.map((a) => config.blog.authors[a]?.name[locale] ?? a),
    excerptKey,
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
  const lists = (items: Entry[], base: string, title: string, tag: LabeledLink | null, description?: string) => {
    for (const page of paginate(items, config.blog.postsPerPage, base)) {
      const html: Record<string, string> = {};
      const summaries = page.items.map((post, i) => {
        html[`excerpt-${i}`] = excerptOf(post);
        return summary(post, `excerpt-${i}`);
      });
      const pageTitle = page.pagination.page > 1 ? `${title} · ${strings.page.replace('{page}', String(page.pagination.page))}` : title;
      out.push({ localPath: page.path, title: pageTitle, data: { kind: 'blogList', heading: title, posts: summaries, pagination: prefixPagination(page.pagination, prefix), tag, ...(description ? { description } : {}) }, html, source: 'theme', ...(description ? { description } : {}) });
    }
  };
  lists(listed, '/blog', strings.blog, null, strings.description);
  const tags = [...tagged].sort();
  for (const tag of tags) {
    const link = tagLink(tag);
    lists(listed.filter((p) => p.tags.includes(tag)), `/blog/tags/${tag}`, strings.taggedWith.replace('{tag}', link.label), link);
  }
  out.push({
    localPath: '/blog/tags',
    title: strings.tags,
    data: { kind: 'tags', tags: tags.map((tag) => ({ ...tagLink(tag), count: listed.filter((p) => p.tags.includes(tag)).length })) },
    html: {},
    source: 'theme',
  });
  out.push({ localPath: '/blog/archive', title: strings.archive, data: { kind: 'archive', years: groupByYear(listed).map(({ year, posts: list }) => ({ year, posts: list.map((p) => summary(p)) })) }, html: {}, source: 'theme' });
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
        post: summary(post),
        toc: post.rendered.headings.filter((h) => h.depth >= config.docs.tocMinLevel && h.depth <= config.docs.tocMaxLevel),
        prev: newer ? { label: newer.title, href: newer.permalink } : null,
        next: older ? { label: older.title, href: older.permalink } : null,
      },
      html: { content: post.rendered.html },
      source: post.file,
      entry: post,
    });
  });
  return out;
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

function prefixPagination(p: RouteData & { kind: 'blogList' } extends { pagination: infer P } ? P : never, prefix: string) {
  return { ...p, prev: p.prev && prefix + p.prev, next: p.next && prefix + p.next };
}
