import { describe, expect, it } from 'vitest';
import { mainlandWord, readVariants, simplifyChars } from '../../../src/search/chineseVariants.js';
import { variantFields } from '../../../src/search/traditionalForms.js';
import { indexOf, page, SEARCH_CONFIG } from './fixtures.js';
import { buildSearchIndex } from '../../../src/search/buildIndex.js';
import { searchIndex } from '../../../src/search/query.js';

const urls = (results: { url: string }[]) => results.map((r) => r.url);

describe('variantFields: the conversions an index carries', () => {
  it('keeps a traditional character only where the index has its simplified form and not the character itself', () => {
    const { z } = variantFields(['翻译', '截图', '著作', 'deepl']);
    const pairs = new Map(Array.from(z!.matchAll(/(.)(.)/gu), (m) => [m[1]!, m[2]!]));
    expect(pairs.get('譯')).toBe('译');
    expect(pairs.get('圖')).toBe('图');
    // 著 is written in simplified text too, and this site writes it: a query's 著 stays 著.
    expect(pairs.has('著')).toBe(false);
    // 書 → 书: no page says 书, so nothing leads there.
    expect(pairs.has('書')).toBe(false);
    expect([...pairs.values()].every((c) => '翻译截图著作'.includes(c))).toBe(true);
  });

  it('keeps a regional word whose mainland word the index has; where the index has the regional word too, only a one-term mainland word', () => {
    expect(variantFields(['软件', '冲突', '体验']).zw).toEqual(['软体', '软件']);
    // 设定 is a term too: kept, for queries typed in traditional characters (parseQuery.ts).
    expect(variantFields(['设定', '设置']).zw).toEqual(['设定', '设置']);
    expect(variantFields(['设定', '设', '置']).zw).toBeUndefined();
    // The key is in the characters the query will have by then: 體 is converted only where 体 is in the index.
    expect(variantFields(['软件']).zw).toEqual(['软體', '软件']);
  });

  it("knows Taiwan's words for software that OpenCC leaves out, and writes 帳 as the index does (账)", () => {
    const { zw, z } = variantFields(['扩展', '账号', '功能']);
    const words = new Map(zw!.flatMap((w, i) => (i % 2 === 0 ? [[w, zw![i + 1]!]] : [])));
    expect(words.get('扩充功能')).toBe('扩展');
    expect(words.get('账号')).toBeUndefined(); // 帳號 is 账号 character by character already
    expect(z).toContain('帳账');
    expect(variantFields(['帐篷']).z).toContain('帳帐');
  });

  it('leads the misspellings readers type (帐户, 帐号, 登陆) to the standard word the index has', () => {
    const words = (zw: string[] | undefined) => new Map(zw!.flatMap((w, i) => (i % 2 === 0 ? [[w, zw![i + 1]!]] : [])));
    const found = words(variantFields(['账户', '账号', '登录']).zw);
    expect([found.get('帐户'), found.get('帐号'), found.get('登陆')]).toEqual(['账户', '账号', '登录']);
    // A site that writes 登陆 itself keeps finding it.
    expect(variantFields(['登陆', '登', '录']).zw ?? []).not.toContain('登陆');
    const index = indexOf([page('/account', { title: '账户与登录', intro: '登录账号后查看积分。' }), page('/other', { title: '其他' })]);
    for (const q of ['帐户', '帐号', '登陆', '帐号登陆不了']) expect(urls(searchIndex(index, q, { group: false })), q).toEqual(['/account']);
  });

  it('adds nothing to an index without Chinese', () => {
    expect(variantFields(['deepl', 'quota', '11.6.1'])).toEqual({});
  });
});

describe('simplifyChars and mainlandWord', () => {
  const variants = readVariants('譯译圖图體体', ['软体', '软件', '影片', '视频']);

  it('converts characters; regional words are looked up as whole segments, never inside the text', () => {
    expect(simplifyChars('截圖翻譯 DeepL', variants)).toBe('截图翻译 DeepL');
    expect(simplifyChars('DeepL quota', variants)).toBe('DeepL quota');
    expect(mainlandWord('软体', variants)).toBe('软件');
    expect(mainlandWord('软', variants)).toBeUndefined();
  });

  it('ignores what is not a pair', () => {
    const odd = readVariants('譯译圖', [1, 'x', 'ab', '']);
    expect(simplifyChars('譯圖', odd)).toBe('译圖');
    expect(odd.words.size).toBe(0);
    expect(readVariants(undefined, undefined).chars.size).toBe(0);
  });
});

describe('synonyms (search.synonyms)', () => {
  const index = indexOf(
    [
      page('/install', { title: '安装扩展', intro: '从应用商店安装扩展。' }),
      page('/plugin-faq', { title: '插件冲突', intro: '其他插件可能拦截划词。' }),
      page('/google', { title: 'Google 翻译', intro: 'Google 翻译免费可用。' }),
      page('/keys', { title: 'Shortcut keys', intro: 'Change a shortcut in the options.' }),
    ],
    { ...SEARCH_CONFIG, synonyms: [['插件', '扩展'], ['谷歌', 'Google'], ['hotkeys', 'shortcut'], ['必应', 'Bing']] },
  );

  it('finds the pages of every word of the group, those with the word typed first', () => {
    expect(urls(searchIndex(index, '插件', { group: false }))).toEqual(['/plugin-faq', '/install']);
    expect(urls(searchIndex(index, '扩展', { group: false }))).toEqual(['/install', '/plugin-faq']);
  });

  it('segments a Chinese synonym the pages never write as one word, inside a longer query', () => {
    expect(urls(searchIndex(index, '谷歌翻译', { group: false }))).toEqual(['/google']);
  });

  it('matches English synonyms as the index spells them (lower case, stemmed)', () => {
    expect(urls(searchIndex(index, 'Hotkey', { group: false }))).toEqual(['/keys']);
  });

  it('takes a synonym written in traditional characters as a query reaches it', () => {
    const index = indexOf([page('/install', { title: '安装扩展', intro: '从应用商店安装扩展。' })], { ...SEARCH_CONFIG, synonyms: [['擴充', '扩展']] });
    expect(urls(searchIndex(index, '擴充', { group: false }))).toEqual(['/install']);
    expect(urls(searchIndex(index, '扩充', { group: false }))).toEqual(['/install']);
  });

  it('carries in the index only the groups with a word the index has, as its terms', () => {
    const raw = JSON.parse(JSON.stringify(buildSearchIndex([page('/google', { title: 'Google 翻译' })], { ...SEARCH_CONFIG, synonyms: [['谷歌', 'Google'], ['必应', 'Bing']] })));
    expect(raw[0].index.y).toEqual([['谷歌', 'google']]);
    expect(JSON.parse(JSON.stringify(buildSearchIndex([page('/x', { title: 'x' })], SEARCH_CONFIG)))[0].index.y).toBeUndefined();
  });

  it('indexes a Chinese synonym jieba cuts into pieces whole too, so the group and the word typed find its pages', () => {
    const pages = [
      page('/youdao', { title: '有道智云', intro: '网易有道的翻译服务。' }),
      page('/other', { title: '其他服务', intro: '这里有一条道路。' }),
    ];
    const index = indexOf(pages, { ...SEARCH_CONFIG, synonyms: [['有道', 'youdao']] });
    expect(index.termIds.has('有道')).toBe(true);
    expect(urls(searchIndex(index, 'youdao', { group: false }))).toEqual(['/youdao']);
    expect(urls(searchIndex(index, '有道', { group: false }))).toEqual(['/youdao']);
    // The pieces stay terms: a query for one of them still finds the word.
    expect(index.termIds.has('道')).toBe(true);
  });
});

describe('traditional queries on a simplified index', () => {
  const index = indexOf([
    page('/screenshot', { title: '截图翻译', intro: '框选屏幕上的文字，识别后翻译。' }),
    page('/video', { title: '视频字幕', intro: '在视频网站上显示双语字幕。' }),
    page('/settings', { title: '设置', intro: '打开选项页修改设置。' }),
    page('/rules', { title: '网站规则', intro: '为每个网站设定翻译规则。' }),
  ]);

  it('finds what the simplified query finds', () => {
    expect(urls(searchIndex(index, '截圖翻譯', { group: false }))).toEqual(urls(searchIndex(index, '截图翻译', { group: false })));
    expect(searchIndex(index, '截圖翻譯', { group: false })[0]!.url).toBe('/screenshot');
    expect(searchIndex(index, '影片字幕', { group: false })[0]!.url).toBe('/video');
  });

  it("reads a site's own word as the site means it; typed in traditional characters, it finds the mainland word too, ranked below", () => {
    // 设定 is this site's word: typed as it is, it finds the page that writes it.
    expect(urls(searchIndex(index, '设定', { group: false }))).toEqual(['/rules']);
    // 設定 comes from a reader of traditional script, for whom it is 设置 as well.
    expect(urls(searchIndex(index, '設定', { group: false }))).toEqual(['/rules', '/settings']);
  });

  it('replaces a regional word only where the query has it as a word, not across two words', () => {
    const run = indexOf([
      page('/ollama', { title: 'Ollama', intro: '在本机运行程序，离线翻译。' }),
      page('/process', { title: '进程', intro: '后台进程占用内存。' }),
    ]);
    // 行程 is Taiwan's word for 进程, but 运行程序 is 运行 + 程序.
    expect(urls(searchIndex(run, '运行程序', { group: false }))).toEqual(['/ollama']);
    expect(urls(searchIndex(run, '運行程序', { group: false }))).toEqual(['/ollama']);
  });
});
