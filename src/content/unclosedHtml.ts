/** HTML comments, non-greedy: a page's body made only of them renders nothing. */
export const COMMENT_RE = /<!--[\s\S]*?-->/g;

/** Elements whose content the browser takes as text up to their end tag (script data, raw text, escapable raw text). */
const RAW_TEXT_RE = /<(script|style|textarea|title|xmp|iframe|noembed|noframes|plaintext)(?=[\s/>])/gi;

/**
 * What a page's rendered markdown leaves open that would swallow the rest of the page, theme and scripts included:
 * `'comment'` for an HTML comment no `-->` closes, else the name of a raw-text element it never closes, else null.
 * Raw HTML only counts: code shows `&lt;`. Found where the markdown is rendered and kept with it, so a build that takes
 * the result from the cache does not scan every page's HTML again.
 */
export function unclosedHtml(html: string): string | null {
  const open = html.lastIndexOf('<!--');
  if (open !== -1 && html.indexOf('-->', open + 4) === -1) return 'comment';
  return unclosedRawText(html);
}

function unclosedRawText(html: string): string | null {
  if (!html.includes('<')) return null;
  const text = html.replace(COMMENT_RE, '');
  let lower: string | null = null;
  RAW_TEXT_RE.lastIndex = 0;
  for (let m = RAW_TEXT_RE.exec(text); m; m = RAW_TEXT_RE.exec(text)) {
    const name = m[1]!.toLowerCase();
    const close = name === 'plaintext' ? -1 : (lower ??= text.toLowerCase()).indexOf(`</${name}`, m.index + m[0].length);
    if (close === -1) return name;
    RAW_TEXT_RE.lastIndex = close;
  }
  return null;
}
