import { TOOLCHAIN } from '../cache/diskCache.js';
import { rewriteUrls, withoutHashLinks } from '../content/excerpt.js';
import { faviconHref, hasScheme } from '../content/links.js';
import { sortPosts } from '../routes/blogRoutes.js';
import { localeUrlPath, urlPathOf } from '../routes/planEntries.js';
import { configBlogMeta } from '../content/blogMeta.js';
import { authorHref, avatarSrc, postAuthors, postTags } from '../content/blogMetaPosts.js';
import { asciiUrl } from '../asciiUrl.js';
import type { Entry, LocaleBlogMeta, LocaleConfig, OutputFile, SiteConfig } from '../types.js';
import { sha1 } from '../hash.js';
import { escapeHtml } from '../content/escapeHtml.js';

/** One locale's feeds before they are written: where they go, what they hold, and a hash of that. */
export interface FeedPlan {
  paths: string[];
  /** Hash of everything the feeds are made of: equal tags, equal files (the feed writer need not load). */
  tag: string;
  /** Writes the three feeds (loads the feed writer). */
  make(): Promise<OutputFile[]>;
}

/**
 * RSS 2.0, Atom and JSON Feed of one locale's newest posts, with absolute links in the content, and their tags and
 * authors in the locale's words (`meta`: its declared ones; the config's alone by default).
 * Written even with no posts yet (every page's head links them): an empty feed is valid and fills later.
 */
export function planFeeds(config: SiteConfig, locale: LocaleConfig, entries: Entry[], meta: LocaleBlogMeta = configBlogMeta(config, locale.code)): FeedPlan {
  // The locale's own posts: a copy of one it has no translation of is in the feeds of the language it is written in.
  const posts = sortPosts(entries.filter((e) => e.locale === locale.code && e.section === 'blog' && !e.noindex && !e.untranslated)).slice(0, config.blog.feedCount);
  const absolute = (path: string) => config.url + asciiUrl(path);
  const blog = absolute(urlPathOf(config, locale, '/blog'));
  // A locale without a post has no blog pages: its empty feed's link, which a reader shows as the feed's site, is its home.
  const hasBlog = entries.some((e) => e.locale === locale.code && e.section === 'blog');
  // The feeds' folder: they keep their names whatever form the pages' addresses take (`trailingSlash`).
  const folder = localeUrlPath(config, locale, '/blog');
  const feedsAt = absolute(folder);
  const title = config.title[locale.code];
  const options = {
    title,
    description: config.blog.description?.[locale.code] || config.tagline[locale.code],
    id: blog,
    link: hasBlog ? blog : absolute(urlPathOf(config, locale, '/')),
    language: locale.htmlLang,
    favicon: config.favicon ? siteOrOwnUrl(faviconHref(config), absolute) : undefined,
    copyright: config.footer.copyright[locale.code] || title,
    // The latest instant among the posts: a day alone (00:00 UTC) may be later than the first post listed, one of its day at 07:00+08:00.
    updated: posts.length ? posts.map((post) => post.dateTime ?? post.date!).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : (newestUpdate(entries, locale) ?? 0),
    generator: 'sitegen',
    feedLinks: { rss: `${feedsAt}/rss.xml`, atom: `${feedsAt}/atom.xml`, json: `${feedsAt}/feed.json` },
  };
  const made = posts.map((post) => {
    const link = absolute(post.permalink);
    return {
      title: post.title,
      id: link,
      link,
      description: post.description,
      // The post's HTML: a function of it and the link (`feedContent`) is the entry's content, made only when the feeds are.
      html: post.rendered.html,
      date: post.dateTime ?? post.date!,
      // Atom's category needs a `term`; the label is what readers show.
      category: postTags(post, meta).map((tag) => ({ name: tag.label, term: tag.label })),
      // feed's JSON writer reads author[0] whenever the list is present: omit it when empty.
      ...(post.authors.length ? { author: feedAuthors(config, locale, post, meta, link) } : {}),
    };
  });
  const dir = folder.slice(config.baseUrl.length);
  const paths = [`${dir}/rss.xml`, `${dir}/atom.xml`, `${dir}/feed.json`];
  // Of what the feeds are made from: a build whose feeds the output folder holds as they are makes no entry's content.
  const tag = `feeds:${sha1(JSON.stringify([TOOLCHAIN, options, made]), 'base64url')}`;
  return {
    paths,
    tag,
    async make() {
      const { Feed } = await import('feed');
      // The headings' own `#` links are for the page: a feed reader shows them as stray characters.
      const items = made.map(({ html, ...item }) => ({ ...item, content: feedContent(html, item.link) }));
      // Atom needs an author for the feed when an entry has none (RFC 4287 4.1.1): the site's. Its title and
      // summary are `type="html"`, so they are written escaped (a title about `<Tabs>`); the JSON feed's are put
      // back as text (jsonFeed).
      const feed = new Feed({ ...options, updated: new Date(options.updated), author: { name: title, link: config.url + asciiUrl(config.baseUrl) } });
      // RSS 2.0's <description> is HTML to every reader (a description about `<Tabs>` lost the word): escaped, as
      // Atom's summary is; its <title> is read as text.
      // RSS 2.0's <author> is an email address (with the name after it): only an author with one is there; every
      // author's name is a <dc:creator> (an extension's objects are written as xml-js's compact form, where a list
      // is one element each).
      const rss = new Feed({ ...options, updated: new Date(options.updated) });
      for (const item of items) {
        const { author, ...rest } = item;
        const mailed = author?.filter((a) => a.email);
        // xml-js writes an attribute's value as given but for `"`: a tag named "Tips & Tricks" had made the Atom feed no XML.
        const category = item.category.map((c) => ({ name: escapeHtml(c.name), term: escapeHtml(c.term) }));
        feed.addItem({ ...item, title: escapeHtml(item.title), description: item.description === undefined ? undefined : escapeHtml(item.description), content: cdataText(item.content), category, date: new Date(item.date), published: new Date(item.date) });
        rss.addItem({ ...rest, title: cdataText(rest.title), description: rest.description === undefined ? undefined : cdataText(escapeHtml(rest.description)), content: cdataText(rest.content), date: new Date(item.date), ...(mailed?.length ? { author: mailed } : {}), ...(author ? { extensions: [{ name: 'dc:creator', objects: author.map((a) => ({ _text: a.name })) as unknown as Record<string, unknown> }] } : {}) });
      }
      const atom = feed.atom1().replace('<feed xmlns="http://www.w3.org/2005/Atom">', `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(locale.htmlLang)}">`);
      return [xmlChars(splitCdata(rss.rss2())), xmlChars(splitCdata(atom)), jsonFeed(feed.json1(), items, locale.htmlLang)].map((contents, i) => ({ path: paths[i]!, contents, tag }));
    },
  };
}

/** A post's authors as a feed names them: name, email, their address (absolute; else their page on the blog) and avatar. */
function feedAuthors(config: SiteConfig, locale: LocaleConfig, post: Entry, meta: LocaleBlogMeta, link: string): { name: string; email?: string; link?: string; avatar?: string }[] {
  return postAuthors(post, meta).map((author) => {
    const site = author.url !== undefined ? authorHref(config, locale, author) : author.page !== undefined ? urlPathOf(config, locale, `/blog/authors/${author.page}`) : undefined;
    const address = authorLink(site, link);
    const avatar = author.imageUrl === undefined ? undefined : /^https?:/i.test(author.imageUrl) ? author.imageUrl : config.url + asciiUrl(avatarSrc(config, author.imageUrl));
    return { name: author.name, ...(author.email !== undefined ? { email: author.email } : {}), ...(address !== undefined ? { link: address } : {}), ...(avatar !== undefined ? { avatar } : {}) };
  });
}

/**
 * The JSON feed as version 1.1, which lists a post's every author (`authors`): feed's writer gives version 1's one
 * `author`, kept for the readers of 1.0 as 1.1 allows. Titles, summaries and tags are put back as text (the Atom
 * feed's, which it is written from, are escaped).
 */
function jsonFeed(json: string, items: { title: string; description?: string; category: { name: string }[]; author?: { name: string; link?: string; avatar?: string }[] }[], language: string): string {
  const { items: written, ...head } = JSON.parse(json) as { version: string; items: Record<string, unknown>[] };
  written.forEach((item, i) => {
    item.title = items[i]!.title;
    if (item.summary !== undefined) item.summary = items[i]!.description;
    // The Atom feed's tags are escaped for its attributes: the JSON feed's are the labels as written.
    if (item.tags !== undefined) item.tags = items[i]!.category.map((c) => c.name);
    if (typeof item.content_html === 'string') item.content_html = item.content_html.replace(CDATA_MARK_RE, ']]>');
    const authors = items[i]?.author;
    if (authors) item.authors = authors.map((a) => ({ name: a.name, ...(a.link ? { url: a.link } : {}), ...(a.avatar ? { avatar: a.avatar } : {}) }));
  });
  return JSON.stringify({ ...head, version: 'https://jsonfeed.org/version/1.1', language, items: written }, null, 4);
}

/**
 * A post's HTML as its feed item holds it, kept by that HTML (the very string from build to build while the post is
 * unchanged) and its link: the dev server plans the feeds at every edit, and rewriting each post's links again had
 * cost more than the rest of the plan. At most `FEED_CONTENTS` are kept, the oldest dropped first.
 */
function feedContent(html: string, link: string): string {
  const known = feedContents.get(html);
  if (known?.link === link) return known.content;
  // Comments (the `<!-- truncate -->` marker) are the page's, as its `#` links are.
  const content = absoluteUrls(withoutHashLinks(html), link).replace(/<!--[\s\S]*?-->\n?/g, '');
  feedContents.delete(html);
  feedContents.set(html, { link, content });
  if (feedContents.size > FEED_CONTENTS) feedContents.delete(feedContents.keys().next().value!);
  return content;
}
const FEED_CONTENTS = 2000;
const feedContents = new Map<string, { link: string; content: string }>();

/**
 * A title, description or content is written by xml-js as one CDATA section, in which it splits the first `]]>` only
 * (`]]]]><![CDATA[>`): a second one (a post about CDATA, an attribute of its raw HTML) ended the section early and the
 * feed was no XML. Each is marked before the feed is written (xml-js leaves the mark alone) and split after.
 */
const CDATA_MARK = ']]\uFDD0>';
const CDATA_MARK_RE = /\]\]\uFDD0>/g;
function cdataText(text: string): string {
  return text.replace(/\]\]>/g, CDATA_MARK);
}
function splitCdata(xml: string): string {
  return xml.replace(CDATA_MARK_RE, ']]]]><![CDATA[>');
}

/**
 * XML 1.0 allows no C0 control character but tab, line feed and carriage return, no lone surrogate and not
 * U+FFFE/U+FFFF: one pasted into a post (terminal output's escape codes, a vertical tab) made a feed no reader
 * would parse. The HTML pages keep them (a browser shows them); the feeds drop them.
 */
function xmlChars(xml: string): string {
  return xml.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
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

/** A site path made absolute; an address (`https://cdn…`, `//cdn…`, taken as https) as written. */
function siteOrOwnUrl(url: string, absolute: (path: string) => string): string {
  if (url.startsWith('//')) return `https:${url}`;
  return hasScheme(url) ? url : absolute(url);
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
