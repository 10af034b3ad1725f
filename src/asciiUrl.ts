/**
 * A URL with its spaces and non-ASCII characters percent-encoded (UTF-8), and nothing else touched:
 * what sitemaps, feeds and share cards must carry (`/blog/你好` → `/blog/%E4%BD%A0%E5%A5%BD`), where
 * a page's own links may stay readable. A `%` already there is left alone, so it never encodes twice.
 */
export function asciiUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
}
