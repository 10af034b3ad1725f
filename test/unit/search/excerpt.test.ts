import { describe, expect, it } from 'vitest';
import { excerpt, markMatches, resultExcerpt, searchIndex, type TextSegment } from '../../../src/search/query.js';
import { indexOf, page, textsOf } from './fixtures.js';

const joined = (segments: TextSegment[]) => segments.map((s) => s.text).join('');
const marked = (segments: TextSegment[]) => segments.filter((s) => s.match).map((s) => s.text);
const body = (segments: TextSegment[]) => joined(segments).replace(/^…|…$/g, '');

const LONG =
  'Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november ' +
  'oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu and so on.';

describe('excerpt', () => {
  it('keeps at most 50 characters by default, centred on the first match', () => {
    const segments = excerpt(LONG, ['november']);
    expect(body(segments).length).toBeLessThanOrEqual(50);
    expect(marked(segments)).toEqual(['november']);
    const text = body(segments);
    const at = text.indexOf('november');
    // Roughly as much context before the match as after it.
    expect(Math.abs(at - (text.length - at - 'november'.length))).toBeLessThan(16);
  });

  it('shows the place where the most of the query\'s words meet, not only where the first of them is', () => {
    const text = `DeepL is mentioned here in passing. ${'Other settings fill this paragraph at length. '.repeat(3)}To use DeepL, paste your key in the options.`;
    const segments = excerpt(text, ['deepl', 'key']);
    expect(marked(segments)).toEqual(['DeepL', 'key']);
    expect(body(segments).length).toBeLessThanOrEqual(50);
    // Where no part holds more of the words than another, the first still decides.
    expect(marked(excerpt(text, ['deepl']))[0]).toBe('DeepL');
    expect(body(excerpt(text, ['deepl']))).toContain('mentioned here');
    // Chinese: 额度 alone first, then 额度 with 密钥.
    const zh = `这里提到额度。${'其他设置的说明文字很长。'.repeat(4)}密钥的额度用完以后请等待。`;
    expect(marked(excerpt(zh, ['额度', '密钥'], 20))).toEqual(['密钥', '额度']);
  });

  it('puts as much context before the match as after it', () => {
    const text = '甲'.repeat(40) + '额度' + '乙'.repeat(40);
    expect(body(excerpt(text, ['额度'], 20))).toBe('甲'.repeat(9) + '额度' + '乙'.repeat(9));
  });

  it('marks cut edges with an ellipsis and leaves uncut edges alone', () => {
    expect(joined(excerpt(LONG, ['november']))).toMatch(/^….*…$/);
    expect(joined(excerpt(LONG, ['alpha'])).startsWith('Alpha')).toBe(true);
    expect(joined(excerpt('Short text about DeepL.', ['deepl']))).toBe('Short text about DeepL.');
  });

  it('respects a custom length', () => {
    expect(body(excerpt(LONG, ['tango'], 20)).length).toBeLessThanOrEqual(20);
    expect(marked(excerpt(LONG, ['tango'], 20))).toEqual(['tango']);
  });

  it('marks words by their index term: plurals, case and full-width forms', () => {
    expect(marked(markMatches('Copy both API Keys from ＤｅｅｐＬ.', ['key', 'deepl']))).toEqual(['Keys', 'ＤｅｅｐＬ']);
  });

  it('marks a word as the text writes it, accents and all, for a query typed without them (and the other way round)', () => {
    const text = 'Le café naïve de Herr Müller, or a plain cafe.';
    const index = indexOf([page('/cafe', { title: 'Cafés', intro: text })]);
    for (const [q, words] of [['cafe', ['café', 'cafe']], ['café', ['café', 'cafe']], ['naive', ['naïve']], ['Muller', ['Müller']], ['müller', ['Müller']]] as const) {
      const [result] = searchIndex(index, q, { group: false });
      expect(marked(excerpt(text, result!.tokens)), q).toEqual(words);
    }
  });

  it('marks e-mail whole, found as e + mail or as email, and no other word before a hyphen', () => {
    const index = indexOf([page('/contact', { title: 'Contact', intro: 'Send an E-mail, or use home-mail.' })]);
    for (const q of ['e-mail', 'email']) {
      const [result] = searchIndex(index, q, { group: false });
      expect(marked(markMatches('Send an E-mail, or use home-mail.', result!.tokens)), q).toEqual(['E-mail', 'mail']);
    }
  });

  it('marks Chinese terms inside running text', () => {
    const segments = excerpt('本计费周期的字符额度已经用光，在额度重置之前请求都会失败。', ['额度']);
    expect(marked(segments)).toEqual(['额度', '额度']);
    expect(joined(segments)).toContain('字符额度已经用光');
  });

  it('never cuts a marked word in half at the edge', () => {
    const text = 'key '.repeat(30);
    for (const segment of excerpt(text, ['key'], 21)) if (segment.match) expect(segment.text).toBe('key');
  });

  it('returns the beginning of the text when nothing matches', () => {
    const segments = excerpt(LONG, ['nothing']);
    expect(marked(segments)).toEqual([]);
    expect(joined(segments).startsWith('Alpha bravo')).toBe(true);
    expect(body(segments).length).toBeLessThanOrEqual(50);
  });

  it('returns text, never markup: HTML in the text stays literal', () => {
    const segments = markMatches('<b>DeepL</b> & <script>', ['deepl']);
    expect(joined(segments)).toBe('<b>DeepL</b> & <script>');
    expect(marked(segments)).toEqual(['DeepL']);
  });

  it('treats regular-expression characters in tokens as plain text', () => {
    expect(() => excerpt('a (b) [c] *d*', ['(', '[c]', '.*', '\\'])).not.toThrow();
    expect(joined(excerpt('a (b) [c]', ['.*']))).toBe('a (b) [c]');
  });

  it('returns nothing for empty text', () => {
    expect(excerpt('', ['deepl'])).toEqual([]);
  });
});

describe('resultExcerpt', () => {
  const pages = [
    page('/a', {
      title: 'Panel',
      description: 'What the translation panel shows.',
      intro: 'Results from several services appear side by side, DeepL among them.',
      sections: [
        ['Pinning', 'Pin the panel so that it stays open while you read.'],
        ['Empty', ''],
        ['Closing', 'Close the panel with Escape.'],
      ],
    }),
  ];
  const index = indexOf(pages);
  const text = textsOf(pages)[0];
  const resultFor = (q: string, url: string) => searchIndex(index, q, { group: false }).find((r) => r.url === url)!;
  const excerptFor = (q: string, url: string) => resultExcerpt(resultFor(q, url), text, 50);

  it('cuts a page excerpt from the intro when the match is there, not from the description', () => {
    expect(marked(excerptFor('deepl', '/a'))).toEqual(['DeepL']);
  });

  it('prefers the description when it holds a match', () => {
    expect(joined(excerptFor('panel', '/a'))).toBe('What the translation panel shows.');
  });

  it("cuts a section excerpt from that section's text, found by the section's position", () => {
    expect(marked(excerptFor('pin', '/a#s1'))).toEqual(['Pin']);
    expect(joined(excerptFor('escape', '/a#s3'))).toBe('Close the panel with Escape.');
  });

  it('has nothing to show while the text is not loaded, or for a section without text', () => {
    expect(resultExcerpt(resultFor('pin', '/a#s1'), undefined)).toEqual([]);
    const empty = resultFor('empty', '/a#s2');
    expect(empty.hasExcerpt).toBe(false);
    expect(resultExcerpt(empty, text)).toEqual([]);
    expect(resultFor('pin', '/a#s1').hasExcerpt).toBe(true);
  });
});

describe('marks of a Chinese query', () => {
  const pages = [
    page('/fav', { title: '生词本', intro: '把单词收藏到生词本，复习生词。' }),
    page('/v6', { title: '6.x 版本', intro: '这个版本新增生词本。同样的道理，账户要有余额。' }),
    page('/page', { title: '网页翻译', intro: '把整个网页翻译成双语对照。' }),
    page('/youdao', { title: '有道智云', intro: '有道的翻译接口。' }),
  ];
  const index = indexOf(pages);
  const texts = textsOf(pages);
  const excerptOf = (q: string, url: string) => {
    const result = searchIndex(index, q, { group: false }).find((r) => r.url === url)!;
    return marked(resultExcerpt(result, texts[result.page.i], 50));
  };

  it('marks a character cut from a longer word only with its neighbour as typed, never alone', () => {
    // 生词本 is searched as 生词 + 本: 本 of 版本 is no match to mark.
    expect(excerptOf('生词本', '/v6')).toEqual(['生词本']);
    expect(excerptOf('生词本', '/fav')).toEqual(['生词本', '生词']);
    expect(searchIndex(index, '生词本', { group: false })[0]!.tokens).not.toContain('本');
    // 有道 is 有 + 道 (a prefix of 道理) to this index: 有 of 要有余额 and 道 of 道理 stay unmarked.
    expect(excerptOf('有道', '/youdao')).toEqual(['有道']);
    expect(excerptOf('有道', '/v6')).toEqual([]);
  });

  it('marks the word typed, not the longer word it was completed to', () => {
    const result = searchIndex(index, '翻译', { group: false }).find((r) => r.url === '/page')!;
    expect(result.tokens).toEqual(['翻译']);
    expect(markMatches('把整个网页翻译成双语对照。', result.tokens).filter((s) => s.match).map((s) => s.text)).toEqual(['翻译']);
  });
});
