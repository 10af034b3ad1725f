/** Text to match as it is inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One or more class names, as a sidebar item's `className` takes them (letters, digits, `-` and `_`, spaces between). */
export const CLASS_NAMES_RE = /^[\w-]+(?: +[\w-]+)*$/;
