import { TOOLCHAIN } from '../cache/diskCache.js';
import { rewriteUrls, withoutHashLinks } from '../content/excerpt.js';
import { hasScheme } from '../content/links.js';
import { sortPosts } from '../routes/blogRoutes.js';
import { urlPathOf } from '../routes/planEntries.js';
import { asciiUrl } from '../asciiUrl.js';
import type { Entry, LocaleConfig, OutputFile, SiteConfig } from '../types.js';
import { sha1 } from '../hash.js';

/** One locale's feeds before they are written: where they go, what they hold, and a hash of that. */
export interface FeedPlan {
  paths: string[];
  /** Hash of everything the feeds are made of: equal tags, equal files (the feed writer need not load). */
  tag: string;
  /** Writes the three feeds (loads the feed writer). */
  make(): Promise<OutputFile[]>;
}

/**
 * RSS 2.0, Atom and JSON Feed of one locale's newest posts, with absolute links in the content.
 * Written even with no posts yet (every page's head links them): an empty feed is valid and fills later.
 */
export function planFeeds(config: SiteConfig, locale: LocaleConfig, entries: Entry[]): FeedPlan {
  const posts = sortPosts(entries.filter((e) => e.locale === locale.code && e.section === 'blog' && !e.noindex)).slice(0, config.blog.feedCount);
  const absolute = (path: string) => config.url + asciiUrl(path);
  const blog = absolute(urlPathOf(config, locale, '/blog'));
  const title = config.title[locale.code];
  const options = {
    title,
    description: config.blog.description?.[locale.code] || config.tagline[locale.code],
    id: blog,
    link: blog,
    language: locale.htmlLang,
    favicon: config.favicon ? absolute(config.baseUrl + config.favicon.replace(/^\//, '')) : undefined,
    copyright: config.footer.copyright[locale.code] || title,
    updated: posts[0]?.date ?? newestUpdate(entries, locale) ?? 0,
    generator: 'sitegen',
    feedLinks: { rss: `${blog}/rss.xml`, atom: `${blog}/atom.xml`, json: `${blog}/feed.json` },
  };
  const items = posts.map((post) => {
    const link = absolute(post.permalink);
    return {
      title: post.title,
      id: link,
      link,
      description: post.description,
      // The headings' own `#` links are for the page: a feed reader shows them as stray characters.
      content: absoluteUrls(withoutHashLinks(post.rendered.html), link),
      date: post.date!,
      category: post.tags.map((tag) => ({ name: config.blog.tags[tag]?.[locale.code] ?? tag })),
      // feed's JSON writer reads author[0] whenever the list is present: omit it when empty.
      ...(post.authors.length ? { author: post.authors.map((key) => ({ name: config.blog.authors[key]?.name[locale.code] ?? key, link: authorLink(config.blog.authors[key]?.url, link) })) } : {}),
    };
  });
  const dir = urlPathOf(config, locale, '/blog').slice(config.baseUrl.length);
  const paths = [`${dir}/rss.xml`, `${dir}/atom.xml`, `${dir}/feed.json`];
  const tag = `feeds:${sha1(JSON.stringify([TOOLCHAIN, options, items]), 'base64url')}`;
  return {
    paths,
    tag,
    async make() {
      const { Feed } = await import('feed');
      const feed = new Feed({ ...options, updated: new Date(options.updated) });
      // RSS 2.0's <author> is an email address; authors here have names, which RSS gives as <dc:creator>
      // (an extension's objects are written as xml-js's compact form, where a list is one element each).
      const rss = new Feed({ ...options, updated: new Date(options.updated) });
      for (const item of items) {
        const { author, ...rest } = item;
        feed.addItem({ ...item, date: new Date(item.date) });
        rss.addItem({ ...rest, date: new Date(item.date), ...(author ? { extensions: [{ name: 'dc:creator', objects: author.map((a) => ({ _text: a.name })) as unknown as Record<string, unknown> }] } : {}) });
      }
      return [rss.rss2(), feed.atom1(), feed.json1()].map((contents, i) => ({ path: paths[i]!, contents, tag }));
    },
  };
}

/**
 * Feed readers resolve relative URLs poorly (and from the feed's address, not the post's): every link,
 * image and poster is made absolute from the post's URL, site paths, in-page anchors and relative paths
 * (`../11/01/x`, `?page=2`) alike.
 */
function absoluteUrls(html: string, page: string): string {
  return rewriteUrls(html, (url) => {
    if (hasScheme(url) || url.startsWith('//')) return url;
    try {
      // Entities in the attribute (`&amp;`) are kept as written: `&` and `;` mean the same in a URL.
      return new URL(url, page).href;
    } catch {
      return url;
    }
  });
}

/** An author's page as an absolute URL (the config may give a site path, `/docs/team`). */
function authorLink(url: string | undefined, page: string): string | undefined {
  if (url === undefined || hasScheme(url)) return url;
  try {
    return new URL(url, page).href;
  } catch {
    return url;
  }
}

/** The last time anything in the locale changed: the date of an empty feed (stable from build to build). */
function newestUpdate(entries: Entry[], locale: LocaleConfig): string | undefined {
  return entries.filter((e) => e.locale === locale.code).map((e) => e.lastUpdated ?? e.date ?? '').sort().pop() || undefined;
}
