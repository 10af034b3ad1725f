import { Feed } from 'feed';
import { sortPosts } from '../routes/blogRoutes.js';
import { urlPathOf } from '../routes/planEntries.js';
import type { Entry, LocaleConfig, OutputFile, SiteConfig } from '../types.js';

/**
 * RSS 2.0, Atom and JSON Feed of one locale's newest posts, with absolute links in the content.
 * Written even with no posts yet (every page's head links them): an empty feed is valid and fills later.
 */
export function buildFeeds(config: SiteConfig, locale: LocaleConfig, entries: Entry[]): OutputFile[] {
  const posts = sortPosts(entries.filter((e) => e.locale === locale.code && e.section === 'blog' && !e.noindex)).slice(0, config.blog.feedCount);
  const absolute = (path: string) => config.url + path;
  const blog = absolute(urlPathOf(config, locale, '/blog'));
  const title = config.title[locale.code];
  const feed = new Feed({
    title,
    description: config.tagline[locale.code],
    id: blog,
    link: blog,
    language: locale.htmlLang,
    favicon: config.favicon ? absolute(config.baseUrl + config.favicon.replace(/^\//, '')) : undefined,
    copyright: config.footer.copyright[locale.code] || title,
    updated: new Date(posts[0]?.date ?? newestUpdate(entries, locale) ?? 0),
    generator: 'sitegen',
    feedLinks: { rss: `${blog}/rss.xml`, atom: `${blog}/atom.xml`, json: `${blog}/feed.json` },
  });
  for (const post of posts) {
    const link = absolute(post.permalink);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.description,
      content: absoluteUrls(post.rendered.html, config.url, link),
      date: new Date(post.date!),
      category: post.tags.map((tag) => ({ name: config.blog.tags[tag]?.[locale.code] ?? tag })),
      // feed's JSON writer reads author[0] whenever the list is present: omit it when empty.
      ...(post.authors.length ? { author: post.authors.map((key) => ({ name: config.blog.authors[key]?.name[locale.code] ?? key, link: config.blog.authors[key]?.url })) } : {}),
    });
  }
  const dir = urlPathOf(config, locale, '/blog').slice(config.baseUrl.length);
  return [
    { path: `${dir}/rss.xml`, contents: feed.rss2() },
    { path: `${dir}/atom.xml`, contents: feed.atom1() },
    { path: `${dir}/feed.json`, contents: feed.json1() },
  ];
}

/** Feed readers resolve relative URLs poorly: make site paths and in-page anchors absolute. */
function absoluteUrls(html: string, origin: string, page: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`).replace(/(\shref=")#/g, `$1${page}#`);
}

/** The last time anything in the locale changed: the date of an empty feed (stable from build to build). */
function newestUpdate(entries: Entry[], locale: LocaleConfig): string | undefined {
  return entries.filter((e) => e.locale === locale.code).map((e) => e.lastUpdated ?? e.date ?? '').sort().pop() || undefined;
}
