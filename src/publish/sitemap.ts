import type { Entry, OutputFile, Route, SiteConfig } from '../types.js';
import { asciiUrl } from '../asciiUrl.js';

/** The files the site makes at its root for both locales: `/sitemap.xml` on an English page is this one, not `/en/sitemap.xml`. */
export const SITE_ROOT_FILES = ['sitemap.xml', 'robots.txt'] as const;

/**
 * One `sitemap.xml` for both locales, each URL with `xhtml:link` hreflang alternates (and x-default):
 * search engines then treat the zh-Hans and English pages as translations of each other instead of
 * duplicates, which per-locale sitemaps cannot say.
 */
export function buildSitemap(config: SiteConfig, routes: Route[], entries: Entry[], options: { ownRobots?: boolean } = {}): OutputFile[] {
  const lastmod = new Map(entries.map((e) => [e.permalink, e.lastUpdated ?? e.date ?? null]));
  const urls = routes
    .filter((r) => !r.meta.noindex && r.meta.canonical === config.url + r.path)
    .map((r) => {
      const date = r.data.kind === 'post' ? r.data.post.date : lastmod.get(r.path);
      const alternates = r.meta.alternates.map((a) => `\n    <xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(asciiUrl(a.href))}"/>`).join('');
      return `  <url>\n    <loc>${xml(asciiUrl(r.meta.canonical))}</loc>${date ? `\n    <lastmod>${date.slice(0, 10)}</lastmod>` : ''}${alternates}\n  </url>`;
    });
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
  const [sitemapFile, robotsFile] = SITE_ROOT_FILES;
  // A robots.txt of the site's own (`content/static/robots.txt`) is copied as it is, in place of this one.
  if (options.ownRobots) return [{ path: sitemapFile, contents: sitemap }];
  return [
    { path: sitemapFile, contents: sitemap },
    { path: robotsFile, contents: robotsText(config) },
  ];
}

/** The robots.txt the site makes: everything allowed, and where the sitemap is. */
function robotsText(config: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\n${sitemapLine(config)}\n`;
}

/** The line that tells crawlers where the sitemap is. */
export function sitemapLine(config: SiteConfig): string {
  return `Sitemap: ${config.url}${config.baseUrl}sitemap.xml`;
}

/** Text for XML: the sitemap protocol wants its URLs percent-encoded, then entity-escaped. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
