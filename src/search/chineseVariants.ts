// Traditional Chinese typed into a Simplified Chinese index (翻譯 → 翻译, 影片 → 视频). Browser-safe.
//
// The index carries the conversions its own text needs (traditionalForms.ts picks them from OpenCC's
// tables at build time): one pair of characters for each traditional character whose simplified form
// the index holds, and Taiwan and Hong Kong words whose mainland word it holds (軟體 → 软件). A query
// is converted before it is segmented, character by character and then word by word, so it splits
// and ranks as its simplified text would. A regional word the index also holds as it is (设定 beside
// 设置) is kept, and matches the mainland word too (`alternativeWord`).

/** The conversions of one index, as `loadSearchIndex` keeps them. */
export interface ChineseVariants {
  /** Traditional character → simplified character. */
  chars: Map<string, string>;
  /** Regional word (its characters already simplified) → the index's word. */
  words: Map<string, string>;
  /** Length of the longest key of `words`, in UTF-16 units. */
  longestWord: number;
}

export const NO_VARIANTS: ChineseVariants = { chars: new Map(), words: new Map(), longestWord: 0 };

/** Reads the index's `z` (pairs of characters, one after the other) and `zw` (word, then its replacement). */
export function readVariants(pairs: unknown, words: unknown): ChineseVariants {
  if (typeof pairs !== 'string' && !Array.isArray(words)) return NO_VARIANTS;
  const variants: ChineseVariants = { chars: new Map(), words: new Map(), longestWord: 0 };
  if (typeof pairs === 'string') {
    const units = Array.from(pairs);
    for (let i = 0; i + 1 < units.length; i += 2) variants.chars.set(units[i]!, units[i + 1]!);
  }
  if (Array.isArray(words)) {
    for (let i = 0; i + 1 < words.length; i += 2) {
      const [from, to] = [words[i], words[i + 1]];
      if (typeof from !== 'string' || typeof to !== 'string' || from.length < 2) continue;
      variants.words.set(from, to);
      variants.longestWord = Math.max(variants.longestWord, from.length);
    }
  }
  return variants;
}

const HAN_RE = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;

/** The mainland word a query's term also matches, when the index holds the term itself too. */
export function alternativeWord(term: string, variants: ChineseVariants): string | undefined {
  return variants.words.get(term);
}

/**
 * `text` with its traditional characters and regional words in the index's simplified forms; a
 * regional word that is a term of the index itself (`isTerm`) is left for `alternativeWord`.
 */
export function simplifyQuery(text: string, variants: ChineseVariants, isTerm: (word: string) => boolean): string {
  if (variants.chars.size === 0 && variants.words.size === 0) return text;
  if (!HAN_RE.test(text)) return text;
  let chars = '';
  for (const c of text) chars += variants.chars.get(c) ?? c;
  if (variants.words.size === 0) return chars;
  let out = '';
  for (let i = 0; i < chars.length; ) {
    let matched = 0;
    for (let len = Math.min(variants.longestWord, chars.length - i); len >= 2 && !matched; len--) {
      const from = chars.slice(i, i + len);
      const to = variants.words.get(from);
      if (to !== undefined && !isTerm(from)) {
        out += to;
        matched = len;
      }
    }
    if (matched) i += matched;
    else out += chars[i++];
  }
  return out;
}
