// Build-time tokenizer for index text. Chinese goes through jieba; every other script follows the
// shared rules of text.ts, which the browser applies to queries.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { tokenizeWith, type TextOptions } from './text.js';

let jieba: Jieba | undefined;

// Loading the 5 MB dictionary takes ~200 ms: do it once, and only when there is Chinese to cut.
function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/**
 * Chinese words of one Han run.
 *
 * `cutForSearch` emits each dictionary word and also its dictionary sub-words (机器翻译 → 机器,
 * 翻译, 机器翻译), so a query for part of a long word still finds it. HMM is off: it invents
 * "words" such as 已用 that the dictionary does not know, which a partial query would then miss;
 * without it, text the dictionary does not cover (智谱, 千问) is indexed as single characters, and
 * the browser's vocabulary segmentation falls back to the same single characters.
 *
 * We do not add every single character or bigram of every word: that roughly doubles the Chinese
 * postings, and the remaining gap (a non-dictionary fragment inside a dictionary word) is covered
 * at query time by matching vocabulary terms that contain the fragment (see parseQuery.ts).
 */
export function segmentChinese(run: string): string[] {
  return getJieba().cutForSearch(run, false);
}

/** Index terms of a text, in order, repeated as often as they occur (for term frequencies). */
export function tokenize(text: string, options: TextOptions): string[] {
  return tokenizeWith(text, options, segmentChinese);
}
