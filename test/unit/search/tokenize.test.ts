import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tokenize } from '../../../src/search/tokenize.js';
import { inflections, wordSpans } from '../../../src/search/text.js';

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

  it('folds the accents of Latin letters, and ß, ø, æ, œ, so that a word is one term with or without them', () => {
    expect(tokenize('Café, NAÏVE, Müller, Straße, Søren, Æsir, œuvre, Crème Brûlée', filtered)).toEqual(['cafe', 'naive', 'muller', 'strasse', 'soren', 'aesir', 'oeuvre', 'creme', 'brulee']);
    // Accents written as a letter plus a combining mark fold the same way; a plural of an accented word is stemmed.
    expect(tokenize('Cafe\u0301s naı\u0308ve', filtered)).toEqual(['cafe', 'naive']);
  });

  it('leaves Chinese, and the marks of other scripts, as they are when folding accents', () => {
    expect(tokenize('咖啡馆 café', filtered)).toEqual(['咖啡', '咖啡馆', 'cafe']);
    // й is not и, and a Devanagari vowel sign is part of its word.
    expect(tokenize('Русский हिंदी', filtered)).toEqual(['русский', 'हिंदी']);
  });

  it('folds plurals and possessives so that "keys" finds "key"', () => {
    expect(tokenize("DeepL's keys, policies and services", filtered)).toEqual(['deepl', 'key', 'policy', 'service']);
  });

  it('lists the other -ing, -ed and -es forms of a word and its nouns in -al, -ion, -ation, -y (looked up at query time)', () => {
    const forms = (word: string) => new Set(inflections(word));
    for (const [word, other] of [
      ['syncing', 'sync'], ['sync', 'synced'], ['synced', 'syncing'], ['translating', 'translate'], ['translate', 'translated'],
      ['deducting', 'deducted'], ['deducting', 'deduction'], ['renewing', 'renew'], ['renewing', 'renewal'], ['renewal', 'renewed'],
      ['stopping', 'stop'], ['stop', 'stopped'], ['copied', 'copy'], ['pushe', 'push'], ['push', 'pushe'], ['installation', 'install'],
      ['expire', 'expiry'], ['expiry', 'expire'], ['expiry', 'expired'], ['recovery', 'recover'],
    ]) expect(forms(word), `${word} → ${other}`).toContain(other);
    // Short words keep to themselves; a noun's verb is not another noun's; no stop words or single letters.
    for (const [word, other] of [['setting', 'set'], ['billing', 'billion'], ['edit', 'edition'], ['general', 'generation'], ['need', 'ne'], ['bing', 'b']]) {
      expect(forms(word), `${word} ↛ ${other}`).not.toContain(other);
    }
    expect(inflections('set')).toEqual([]);
    expect(inflections('翻译')).toEqual([]);
    expect(forms('sync')).not.toContain('sync');
  });

  it('folds full-width letters and digits', () => {
    expect(tokenize('ＤｅｅｐＬ ４２９', filtered)).toEqual(['deepl', '429']);
  });

  it('segments Japanese and Thai with their own word breakers', () => {
    expect(tokenize('翻訳ボタンをクリック', filtered)).toEqual(expect.arrayContaining(['翻訳', 'ボタン', 'クリック']));
    expect(tokenize('สวัสดีครับ', filtered)).toEqual(['สวัสดี', 'ครับ']);
  });

  it('gives each word its offsets in the text, plain ASCII words and joined ones alike (excerpt highlighting)', () => {
    const text = "Open DeepL's Keys: gpt-4o v11.6";
    expect(wordSpans(text, { stopWords: false })).toEqual([
      { start: 0, end: 4, terms: ['open'] },
      { start: 5, end: 12, terms: ['deepl'] },
      { start: 13, end: 17, terms: ['key'] },
      { start: 19, end: 22, terms: ['gpt'] },
      { start: 23, end: 25, terms: ['4o'] },
      { start: 26, end: 31, terms: ['v11.6', '11.6'] },
    ]);
    expect(wordSpans('The Keys', filtered).map((s) => s.terms)).toEqual([['key']]);
  });

  it('ignores punctuation-only and empty text', () => {
    expect(tokenize('  —— !!! ？？ ', filtered)).toEqual([]);
    expect(tokenize('', filtered)).toEqual([]);
  });
});

describe('jieba with only the words of the characters a site uses', () => {
  it('cuts every Chinese run of this site into the same words as the whole dictionary does', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { createRequire } = await import('node:module');
    const { Jieba } = await import('@node-rs/jieba');
    const { dictionaryFor } = await import('../../../src/search/tokenize.js');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
    const text = files('content/zh-Hans').map((f) => readFileSync(f, 'utf8')).join('\n');
    const runs = [...new Set(text.match(/\p{Script=Han}+/gu))];
    expect(runs.length).toBeGreaterThan(500);
    const chars = new Uint8Array(0x110000);
    for (const [c] of text.matchAll(/\p{Script=Han}/gu)) chars[c.codePointAt(0)!] = 1;
    const whole = readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt'));
    const small = dictionaryFor(whole, chars);
    // A fraction of the dictionary, ending in the filler that keeps the total frequency.
    expect(small.length).toBeLessThan(whole.length / 2);
    const total = (dict: Buffer) => dict.toString('utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    expect(total(small)).toBe(total(whole));
    const full = Jieba.withDict(whole);
    const trimmed = Jieba.withDict(small);
    const differing = runs.filter((run) => trimmed.cutForSearch(run, false).join('/') !== full.cutForSearch(run, false).join('/'));
    expect(differing).toEqual([]);
  });

  it('keeps the lines whose words are all marked characters, and one filler line for the others', async () => {
    const { dictionaryFor } = await import('../../../src/search/tokenize.js');
    const chars = new Uint8Array(0x110000);
    for (const c of '机器翻译abc') chars[c.codePointAt(0)!] = 1;
    // A 4-byte character, an ASCII word, an empty line and a last line without its newline.
    const whole = Buffer.from('机器 10 n\n\u{20000}字 5 n\n翻译 20 v\n网页 8 n\n\nabc 3 eng\n机器翻译 7 n');
    expect(dictionaryFor(whole, chars).toString()).toBe('机器 10 n\n翻译 20 v\nabc 3 eng\n机器翻译 7 n\n\uE000 13 x\n');
    expect(dictionaryFor(Buffer.from('机器 10 n\n'), chars).toString()).toBe('机器 10 n\n');
    // A line without a frequency drops nothing of the next one.
    expect(dictionaryFor(Buffer.from('网页\n翻译 20 v\n'), chars).toString()).toBe('翻译 20 v\n');
  });

  it('switches to the whole dictionary for a run with a character it was not prepared for', async () => {
    vi.resetModules();
    const { prepareChinese, segmentChinese } = await import('../../../src/search/tokenize.js');
    prepareChinese(['机器翻译']);
    expect(segmentChinese('机器翻译')).toEqual(['机器', '翻译', '机器翻译']);
    // 网页 was not announced: the words are still the dictionary's.
    expect(segmentChinese('翻译整个网页')).toEqual(['翻译', '整个', '网页']);
  });
});

describe('cut dictionaries kept in the build cache', () => {
  const fresh = async (store: string | null) => {
    vi.resetModules();
    const module = await import('../../../src/search/tokenize.js');
    module.keepDictionaries(store);
    return module;
  };
  const storeOf = (cache: string) => join(cache, 'jieba-dictionaries-v1');
  const stored = (cache: string) => readdirSync(storeOf(cache)).filter((name) => name.endsWith('.txt'));
  const withHeader = (body: string) => `${createHash('sha1').update(body).digest('hex')}\n${body}`;

  it('stores the dictionary it cuts, and a later run with the same characters reads it instead of cutting one', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'sitegen-dict-'));
    const first = await fresh(cache);
    first.prepareChinese(['机器翻译']);
    expect(first.segmentChinese('机器翻译')).toEqual(['机器', '翻译', '机器翻译']);
    const [name] = stored(cache);
    expect(stored(cache)).toHaveLength(1);
    const file = join(storeOf(cache), name!);
    const body = readFileSync(file).subarray(41).toString('utf8');
    expect(body).toContain('机器翻译 ');
    expect(readFileSync(file, 'utf8').slice(0, 41)).toBe(`${createHash('sha1').update(body).digest('hex')}\n`);
    // A stored dictionary without the long word, correctly hashed: the next run must take it as it is.
    writeFileSync(file, withHeader(body.split('\n').filter((line) => !line.startsWith('机器翻译 ')).join('\n')));
    const second = await fresh(cache);
    second.prepareChinese(['翻译机器']);
    expect(second.segmentChinese('机器翻译')).toEqual(['机器', '翻译']);
  });

  it('ignores a stored dictionary whose bytes no longer match its hash, and stores it again', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'sitegen-dict-'));
    (await fresh(cache)).prepareChinese(['机器翻译']);
    const file = join(storeOf(cache), stored(cache)[0]!);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 200)); // cut short, as a full disk would
    const again = await fresh(cache);
    again.prepareChinese(['机器翻译']);
    expect(again.segmentChinese('机器翻译')).toEqual(['机器', '翻译', '机器翻译']);
    expect(readFileSync(file)).toEqual(bytes);
  });

  it('keeps the dictionaries used last, and none without a build cache', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'sitegen-dict-'));
    const sets = ['机器', '翻译', '网页', '整个', '字幕', '划词', '截图', '词典', '模型', '浏览'];
    let oldest = '';
    for (const [i, text] of sets.entries()) {
      (await fresh(cache)).prepareChinese([text]);
      if (i === 0) utimesSync(join(storeOf(cache), (oldest = stored(cache)[0]!)), new Date(0), new Date(0));
    }
    expect(stored(cache)).toHaveLength(8);
    expect(stored(cache)).not.toContain(oldest);
    // A temporary file a killed build left an hour ago goes at the next store; a fresh one (a build under way) stays.
    const [stale, current] = ['a.txt.1-0.tmp', 'b.txt.2-0.tmp'].map((name) => join(storeOf(cache), name));
    writeFileSync(stale!, 'cut short');
    writeFileSync(current!, 'being written');
    utimesSync(stale!, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    (await fresh(cache)).prepareChinese(['翻译整个网页']);
    const left = readdirSync(storeOf(cache));
    expect(left).not.toContain('a.txt.1-0.tmp');
    expect(left).toContain('b.txt.2-0.tmp');
    const none = await fresh(null);
    none.prepareChinese(['机器翻译']);
    expect(none.segmentChinese('机器翻译')).toEqual(['机器', '翻译', '机器翻译']);
  });
});
