/** Text to match as it is inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One or more class names, as a sidebar item's `className` takes them (letters, digits, `-` and `_`, spaces between). */
export const CLASS_NAMES_RE = /^[\w-]+(?: +[\w-]+)*$/;

/**
 * A share image (`image:` of a page or the config): a site path, a file beside the page or an http(s) address with its
 * host; not another scheme's (`data:`, `ftp:`), which no share card loads, nor an address without a host (`https://`).
 */
export const SHARE_IMAGE_RE = /^(?!(?!https?:\/\/[^\s/?#])[a-z][a-z\d+.-]*:)(?!\/\/(?:[\s/?#]|$))/i;

/** A line break, a tab or a terminal escape: none belongs in a title (`sitegen init --title`, `new post`, `new doc --title`). */
export const CONTROL_CHAR_RE = /[\u0000-\u001f\u007f]/;
