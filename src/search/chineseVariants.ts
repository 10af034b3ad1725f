// Traditional Chinese typed into a Simplified Chinese index (翻譯 → 翻译, 影片 → 视频). Browser-safe.
//
// The index carries the conversions its own text needs (traditionalForms.ts picks them from OpenCC's
// tables at build time): one pair of characters for each traditional character whose simplified form
// the index holds, and Taiwan and Hong Kong words whose mainland word it holds (軟體 → 软件). A query's
// characters are converted before it is segmented; the regional words are words of the segmentation
// (loadIndex.ts gives them to it), and a segment that is one is replaced by the mainland word
// (`mainlandWord`). Replacing them in the text instead would cut across words: 运行程序 holds 行程.
// A regional word the index also holds itself (设定, 程序) is the site's word: it stays, and only a
// query typed in traditional characters (`typedTraditional`) also matches the mainland word.

/** The conversions of one index, as `loadSearchIndex` keeps them. */
export interface ChineseVariants {
  /** Traditional character → simplified character. */
  chars: Map<string, string>;
  /** Regional word (its characters already converted) → the index's word. */
  words: Map<string, string>;
}

export const NO_VARIANTS: ChineseVariants = { chars: new Map(), words: new Map() };

/** Reads the index's `z` (pairs of characters, one after the other) and `zw` (word, then its replacement). */
export function readVariants(pairs: unknown, words: unknown): ChineseVariants {
  if (typeof pairs !== 'string' && !Array.isArray(words)) return NO_VARIANTS;
  const variants: ChineseVariants = { chars: new Map(), words: new Map() };
  if (typeof pairs === 'string') {
    const units = Array.from(pairs);
    for (let i = 0; i + 1 < units.length; i += 2) variants.chars.set(units[i]!, units[i + 1]!);
  }
  if (Array.isArray(words)) {
    for (let i = 0; i + 1 < words.length; i += 2) {
      const [from, to] = [words[i], words[i + 1]];
      if (typeof from === 'string' && typeof to === 'string' && from.length >= 2 && to !== '') variants.words.set(from, to);
    }
  }
  return variants;
}

const HAN_RE = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;

/** `text` with its traditional characters in the index's simplified forms. */
export function simplifyChars(text: string, variants: ChineseVariants): string {
  if (variants.chars.size === 0 || !HAN_RE.test(text)) return text;
  let out = '';
  for (const c of text) out += variants.chars.get(c) ?? c;
  return out;
}

/** Whether a query holds a traditional character this index converts: a reader of traditional script. */
export function typedTraditional(text: string, variants: ChineseVariants): boolean {
  if (variants.chars.size === 0 || !HAN_RE.test(text)) return false;
  for (const c of text) if (variants.chars.has(c)) return true;
  return false;
}

/** The index's word for a segment of a query that is a regional word (软体 → 软件), or undefined. */
export function mainlandWord(segment: string, variants: ChineseVariants): string | undefined {
  return variants.words.get(segment);
}
