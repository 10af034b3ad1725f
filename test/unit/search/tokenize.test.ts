import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/search/tokenize.js';

const filtered = { stopWords: true };

describe('tokenize', () => {
  it('segments Chinese into words and their dictionary sub-words', () => {
    const terms = tokenize('机器翻译服务的额度已经用完', filtered);
    expect(terms).toEqual(expect.arrayContaining(['机器翻译', '机器', '翻译', '服务', '额度', '已经']));
    // No run-on "words": every term is short, as dictionary words are.
    expect(terms.every((t) => t.length <= 4)).toBe(true);
  });

  it('splits mixed Chinese and English text at the script boundary', () => {
    expect(tokenize('在DeepL控制台复制API Key', filtered)).toEqual(
      expect.arrayContaining(['deepl', '控制台', '复制', 'api', 'key']),
    );
  });

  it('keeps version numbers whole and also indexes v-prefixed versions bare', () => {
    const terms = tokenize('Version 11.6.1 replaces v11.5.0.', filtered);
    expect(terms).toEqual(expect.arrayContaining(['11.6.1', 'v11.5.0', '11.5.0']));
    expect(terms).not.toContain('6');
  });

  it('keeps short codes such as v3, mv3 and 404 as terms', () => {
    expect(tokenize('Manifest V3 (MV3) returned 404', filtered)).toEqual(['manifest', 'v3', 'mv3', 'returned', '404']);
  });

  it('splits on hyphens, underscores and dots between words', () => {
    expect(tokenize('gpt-4o-mini', filtered)).toEqual(['gpt', '4o', 'mini']);
    expect(tokenize('custom_api', filtered)).toEqual(['custom', 'api']);
    expect(tokenize('www.aliyun.com', filtered)).toEqual(['www', 'aliyun', 'com']);
  });

  it('drops English stop words unless the filter is removed', () => {
    expect(tokenize('How to use the API', filtered)).toEqual(['use', 'api']);
    expect(tokenize('How to use the API', { stopWords: false })).toEqual(['how', 'to', 'use', 'the', 'api']);
  });

  it('folds plurals and possessives so that "keys" finds "key"', () => {
    expect(tokenize("DeepL's keys, policies and services", filtered)).toEqual(['deepl', 'key', 'policy', 'service']);
  });

  it('folds full-width letters and digits', () => {
    expect(tokenize('ＤｅｅｐＬ ４２９', filtered)).toEqual(['deepl', '429']);
  });

  it('segments Japanese and Thai with their own word breakers', () => {
    expect(tokenize('翻訳ボタンをクリック', filtered)).toEqual(expect.arrayContaining(['翻訳', 'ボタン', 'クリック']));
    expect(tokenize('สวัสดีครับ', filtered)).toEqual(['สวัสดี', 'ครับ']);
  });

  it('ignores punctuation-only and empty text', () => {
    expect(tokenize('  —— !!! ？？ ', filtered)).toEqual([]);
    expect(tokenize('', filtered)).toEqual([]);
  });
});
