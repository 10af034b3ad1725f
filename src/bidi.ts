// Unicode's directional isolates: `<bdi dir="ltr">` … `</bdi>` in plain text, for the texts the generator sets in a
// direction other than the page's (a `<title>` and an attribute hold no markup).

const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';

/** `text` in an isolate of `direction` (left-to-right U+2066, right-to-left U+2067, ended by U+2069); an empty text as it is. */
export function isolated(text: string, direction: 'ltr' | 'rtl'): string {
  return text && (direction === 'rtl' ? RLI : LRI) + text + PDI;
}
