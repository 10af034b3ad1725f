// search.language: the languages whose word rules the index applies, and queries with it.
import { describe, expect, it } from 'vitest';
import { searchIndex } from '../../../src/search/query.js';
import { matchRanges } from '../../../src/search/excerpt.js';
import { textOptionsFor } from '../../../src/search/text.js';
import { tokenize } from '../../../src/search/tokenize.js';
import { SEARCH_CONFIG, indexOf, page } from './fixtures.js';

const urls = (results: { url: string }[]) => results.map((r) => r.url);
const config = (language: string[]) => ({ ...SEARCH_CONFIG, language });

const pages = [
  page('/keys', { title: 'API keys', intro: 'Where the extension keeps the keys you enter.' }),
  page('/zh', { title: '机器翻译服务', intro: '申请密钥后填写到扩展里。' }),
  page('/ja', { title: '翻訳の設定', intro: 'ショートカットキーで翻訳します。' }),
];

describe('search.language', () => {
  it('tokenises with the rules of the languages listed, and the others character by character', () => {
    const both = textOptionsFor(['en', 'zh'], false);
    expect(tokenize('The keys 机器翻译', both)).toEqual(['key', '机器', '翻译', '机器翻译']);
    const chineseOnly = textOptionsFor(['zh'], false);
    // No English rules: no plural folding and no stop words.
    expect(tokenize('The keys 机器翻译', chineseOnly)).toEqual(['the', 'keys', '机器', '翻译', '机器翻译']);
    const englishOnly = textOptionsFor(['en'], false);
    expect(tokenize('The keys 机器翻译', englishOnly)).toEqual(['key', '机', '器', '翻', '译']);
    // Japanese is split into words only with ja listed.
    expect(tokenize('翻訳の設定', textOptionsFor(['en', 'zh', 'ja'], false))).toContain('翻訳');
    expect(tokenize('翻訳の設定', both)).toEqual(['翻', '訳', 'の', '設', '定']);
  });

  it('the default (en, zh) finds plurals and Chinese words', () => {
    const index = indexOf(pages);
    expect(urls(searchIndex(index, 'key', { group: false }))).toEqual(['/keys']);
    expect(urls(searchIndex(index, '翻译', { group: false }))).toEqual(['/zh']);
  });

  it('without en, words match as written: a plural is not its singular', () => {
    const index = indexOf(pages, config(['zh']));
    expect(urls(searchIndex(index, 'keys', { group: false }))).toEqual(['/keys']);
    expect(urls(searchIndex(index, 'key', { group: false }))).toEqual(['/keys']); // a prefix of the word typed last
    expect(urls(searchIndex(index, 'key extension', { group: false }))).toEqual([]);
    // `the` is a term now, not a stop word the query drops.
    expect(urls(searchIndex(index, 'the extension', { group: false }))).toEqual(['/keys']);
  });

  it('without zh, a Chinese query matches the characters in any order', () => {
    const index = indexOf(pages, config(['en']));
    expect(urls(searchIndex(index, '翻译', { group: false }))).toEqual(['/zh']);
    expect(urls(searchIndex(index, '译翻', { group: false }))).toEqual(['/zh']);
    expect(index.words).not.toContain('翻译');
  });

  it('with ja, Japanese words are terms; without it, characters', () => {
    const withJa = indexOf(pages, config(['en', 'zh', 'ja']));
    expect(withJa.words).toContain('翻訳');
    expect(urls(searchIndex(withJa, '翻訳', { group: false }))).toEqual(['/ja']);
    const without = indexOf(pages);
    expect(without.words).not.toContain('翻訳');
    expect(urls(searchIndex(without, '翻訳', { group: false }))).toEqual(['/ja']);
  });

  it('marks a matched word in an excerpt whether the index stemmed it or not', () => {
    expect(matchRanges('Your Keys here', ['key'])).toEqual([{ start: 5, end: 9 }]);
    expect(matchRanges('Your Keys here', ['keys'])).toEqual([{ start: 5, end: 9 }]);
  });
});
