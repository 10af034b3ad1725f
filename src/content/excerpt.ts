/**
 * A post's HTML as a blog list shows it, among other posts: its heading ids and their `#` links left
 * out (they are the post page's, and two posts with a `## Setup` would give the list one id twice),
 * and its in-page links (`#setup`) led to the post's page, where their targets are.
 */
export function listedHtml(html: string, permalink: string): string {
  return stripHeadingIds(html).replace(/(<a\s[^>]*?\bhref=")#/g, `$1${permalink}#`);
}

/** Heading ids and the headings' own `#` links taken out of rendered markdown. */
export function stripHeadingIds(html: string): string {
  return withoutHashLinks(html.replace(/<(h[1-6]) id="[^"]*">/g, '<$1>'));
}

/** The headings' own `#` links taken out (a feed reader shows them as stray characters). */
export function withoutHashLinks(html: string): string {
  return html.replace(/<a class="hash-link"[^>]*>#<\/a>/g, '');
}
