import { describe, expect, it } from 'vitest';
import { loadPageText, loadSearchIndex, pageTextPath, searchIndex } from '../../../src/search/query.js';
import { buildPageTexts, buildSearchIndex, buildSearchJson } from '../../../src/search/buildIndex.js';
import { SEARCH_CONFIG, indexOf, page } from './fixtures.js';
import { DEFAULT_SEARCH } from '../../../src/config/resolveConfig.js';
import { parseQuery } from '../../../src/search/parseQuery.js';

const urls = (results: { url: string }[]) => results.map((r) => r.url);

const corpus = indexOf([
  page('/docs/services/deepl', {
    title: 'DeepL',
    description: 'Connect DeepL with your own key.',
    keywords: ['DeepL', 'API key'],
    sections: [
      ['Getting a key', 'Create an API key in the DeepL account page and copy it.'],
      ['Quota', 'When the monthly quota is used up the service answers 456.'],
    ],
  }),
  page('/docs/guides/panel', {
    title: 'Translation panel',
    intro: 'The panel shows results side by side, for example from DeepL or DeepL Pro.',
  }),
  page('/docs/guides/page', { title: 'Whole page translation', intro: 'Translate a whole page in one click.' }),
  page('/docs/guides/pdf', { title: 'PDF translation', intro: 'Open a PDF document and translate it offline.' }),
  page('/docs/guides/video', { title: 'Video subtitles', intro: 'Bilingual subtitles for translation of videos.' }),
  page('/docs/services/chatgpt', { title: 'ChatGPT', intro: 'Use ChatGPT models such as gpt-4o for translation.' }),
]);

describe('searchIndex ranking (BM25)', () => {
  it('ranks a page titled with the term above a page that only mentions it', () => {
    const index = indexOf([
      page('/body', { title: 'Translation panel', intro: 'Results from DeepL, DeepL Pro and DeepL Write sit side by side.' }),
      page('/title', { title: 'DeepL' }),
    ]);
    expect(urls(searchIndex(index, 'deepl', { group: false }))).toEqual(['/title', '/body']);
  });

  it('ranks a document with the rarer query term above one with the common term', () => {
    const index = indexOf([
      ...[1, 2, 3, 4].map((n) => page(`/common-${n}`, { intro: `Translation note ${n}.` })),
      page('/common-and-shared', { intro: 'Translation with a shortcut.' }),
      page('/rare-and-shared', { intro: 'Offline with a shortcut.' }),
    ]);
    // Each matches all terms but one; only the rarity of the other term tells them apart.
    const results = searchIndex(index, 'translation offline shortcut', { group: false });
    expect(urls(results)).toEqual(['/rare-and-shared', '/common-and-shared']);
  });

  it('scores are sorted from best to worst', () => {
    const scores = searchIndex(corpus, 'translation', { group: false }).map((r) => r.score);
    expect(scores.length).toBeGreaterThan(2);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('returns at most `limit` results', () => {
    expect(searchIndex(corpus, 'translation', { limit: 2 })).toHaveLength(2);
  });

  it('reports the matched terms and their fields', () => {
    const top = searchIndex(corpus, 'deepl quota', { group: false })[0]!;
    expect(top.url).toBe('/docs/services/deepl#s2');
    expect(top.tokens).toEqual(expect.arrayContaining(['deepl', 'quota']));
    expect(top.metadata['quota']).toEqual(['h', 'c']);
    // "deepl" is only in the page title: the section inherits it.
    expect(top.metadata['deepl']).toEqual(['t']);
  });
});

describe('searchIndex query rules (SPEC 5)', () => {
  it('returns nothing for an empty query or one made only of stop words or punctuation', () => {
    for (const q of ['', '   ', 'the of and', '!!! ...']) expect(searchIndex(corpus, q)).toEqual([]);
  });

  it('reads a last word still being typed that is a stop word as the start of a word: "of" on the way to "offline"', () => {
    expect(urls(searchIndex(corpus, 'of', { group: false }))).toEqual(['/docs/guides/pdf']);
    expect(urls(searchIndex(corpus, 'how to of', { group: false }))).toEqual(['/docs/guides/pdf']);
    // Finished (a space after it), or beside a word of substance, it is the stop word it is.
    expect(searchIndex(corpus, 'of ')).toEqual([]);
    expect(urls(searchIndex(corpus, 'video of', { group: false }))).toEqual(['/docs/guides/video']);
  });

  it("reads a stop word's contraction as a finished word, not its last letters as the start of one", () => {
    // "doesn't" and "can't" matched as "t": every page with a word in t (translation, tp, Two-way) and none that says them.
    for (const q of ["doesn't", 'can’t', "how to doesn't", "it's"]) expect(searchIndex(corpus, q), q).toEqual([]);
    expect(urls(searchIndex(corpus, "video doesn't", { group: false }))).toEqual(['/docs/guides/video']);
  });

  it('matches the last word as a prefix, but not the others', () => {
    expect(urls(searchIndex(corpus, 'subt', { group: false }))).toEqual(['/docs/guides/video']);
    expect(urls(searchIndex(corpus, 'video subt', { group: false }))).toEqual(['/docs/guides/video']);
    expect(searchIndex(corpus, 'subt video')).toEqual([]);
  });

  it('ranks an exact word above completions of it', () => {
    const index = indexOf([
      page('/a', { title: 'Pointer settings', intro: 'pointer pointer' }),
      page('/b', { title: 'Points', intro: 'How points work.' }),
      page('/c', { intro: 'filler point text' }),
    ]);
    expect(searchIndex(index, 'points', { group: false })[0]!.url).toBe('/b');
  });

  it('reads a last word that longer words start with as their start, not first as a plural', () => {
    const index = indexOf([
      page('/ernie', { title: 'ERNIE', intro: 'Deep thinking mode, deep research, deep answers.' }),
      page('/deepseek', { title: 'DeepSeek', intro: 'Connect DeepSeek.' }),
      page('/keys', { title: 'API keys', intro: 'Several keys for one service.' }),
    ]);
    // Being typed: "deeps" is on its way to DeepSeek (stemmed, it would be "deep", which ERNIE has three times).
    expect(searchIndex(index, 'deeps', { group: false })[0]!.url).toBe('/deepseek');
    expect(searchIndex(index, 'deepseek', { group: false })[0]!.url).toBe('/deepseek');
    // A plural that no longer word starts with is still its singular; "deeps" not last is too.
    expect(searchIndex(index, 'keys', { group: false })[0]!.url).toBe('/keys');
    expect(urls(searchIndex(index, 'deeps thinking', { group: false }))).toEqual(['/ernie']);
  });

  it('takes a keyword in a long keyword list nearly as surely as in a short one (a list is not diluted by its length as prose is)', () => {
    const index = indexOf([
      page('/long', { title: 'Display modes', keywords: ['bilingual', 'display mode', 'translation only', 'original text', 'layout', 'font', 'colour', 'underline', 'side by side', 'hover'], intro: 'How a translated page looks.' }),
      page('/short', { title: 'Version 8', keywords: ['bilingual', 'v8'], intro: 'What version 8 changed.' }),
      page('/other', { title: 'Shortcuts', keywords: ['keyboard'], intro: 'Keys that open the panel.' }),
    ]);
    const [short, long] = searchIndex(index, 'bilingual', { group: false });
    expect([short!.url, long!.url]).toEqual(['/short', '/long']);
    // At the other fields' normalisation (b 0.75) the ten-word list scored 0.71 of the two-word one: enough for a
    // changelog's passing list to outrank the guide on the subject (the bundled site's `bilingual`). Now 0.89.
    expect(long!.score / short!.score).toBeGreaterThan(0.85);
  });

  it('tries variants with one term dropped for more than two terms, ranked below full matches that name a term outside their text', () => {
    const index = indexOf([
      page('/partial', { title: 'DeepL quota', keywords: ['DeepL', 'quota'], intro: 'DeepL quota DeepL quota.' }),
      page('/full', {
        description: 'The errors a service such as DeepL may report, the limits of each plan, and what to do when a request fails for any reason.',
        intro: 'A long text where DeepL reports a quota error 456 after many requests today.',
      }),
      page('/other', { intro: 'Nothing relevant here.' }),
    ]);
    const results = searchIndex(index, 'deepl quota 456', { group: false });
    expect(urls(results)).toEqual(['/full', '/partial']);
    expect(results.map((r) => r.partial)).toEqual([false, true]);
    expect(results[0]!.score).toBeLessThan(results[1]!.score);
  });

  it('ranks a mention of every term in passing (text only) with the variants: a page on the subject missing one word comes first', () => {
    const index = indexOf([
      page('/sync', {
        title: 'Settings not syncing between computers',
        keywords: ['sync', 'settings'],
        sections: [['Browser sync is off', 'Sign in to the same browser account on both computers.']],
      }),
      page('/history', { title: 'History', sections: [['Where it is kept', 'History is kept locally: it does not sync settings when you switch computers.']] }),
    ]);
    const results = searchIndex(index, 'switch computers sync settings', { group: false });
    expect(urls(results)).toEqual(['/sync', '/sync#s1', '/history#s1']);
    expect(results.map((r) => r.partial)).toEqual([true, true, true]);
  });

  it('weighs a variant with a term dropped that mentions the others only in passing below one that names them', () => {
    const index = indexOf([
      page('/proxy', { title: 'Proxy', sections: [['Local models', 'Fully offline translation.']] }),
      page('/skip', {
        title: 'Parts left untranslated',
        sections: [['Frames of a page', 'Whole-page translation can skip the frames of a page, which hold a page of their own, and content that loads late.']],
      }),
      page('/a', { title: 'Another page', intro: 'A page.' }),
      page('/b', { title: 'Translation', intro: 'Translation here.' }),
    ]);
    // Both miss one word; the section that names the page in its heading comes first, though its text scores less.
    expect(urls(searchIndex(index, 'page not fully translated', { group: false }))).toEqual(['/skip#s1', '/proxy#s1']);
  });

  it('makes generic verbs optional beside a subject (set up, need, working)', () => {
    const index = indexOf([
      page('/openai', { title: 'OpenAI', intro: 'Paste your OpenAI API key into the extension.' }),
      page('/setup', { title: 'Set up the extension', intro: 'Set up an API key for any service, then check the settings.' }),
      page('/work', { title: 'Screenshots', intro: 'When screenshots stop working, reload the page.' }),
    ]);
    const results = urls(searchIndex(index, 'how do i set up an openai api key', { group: false }));
    expect(results[0]).toBe('/openai');
    // Still being typed, `set` may be the start of `settings`: it counts. `working` starts no other word.
    expect(parseQuery(index, 'openai set').map((t) => !!t.optional)).toEqual([false, false]);
    expect(parseQuery(index, 'screenshot not working').map((t) => [t.text, !!t.optional])).toEqual([
      ['screenshot', false],
      ['working', true],
    ]);
    expect(parseQuery(index, 'openai set ').map((t) => !!t.optional)).toEqual([false, true]);
    // A query of such words only has nothing optional, typed to the end or not.
    expect(parseQuery(index, 'set up').map((t) => !!t.optional)).toEqual([false, false]);
    expect(parseQuery(index, 'set up ').map((t) => !!t.optional)).toEqual([false, false]);
  });

  it("reads a version anywhere in the query as naming its releases, and a stop word's contraction as the stop word", () => {
    const index = indexOf([
      page('/v11', { title: 'v11 changelog', sections: [['11.6.0', 'Faster page translation.'], ['11.6.1', 'Fixes.']] }),
      page('/new', { title: "What's new in 12", intro: 'The changelog of the next version.' }),
    ]);
    expect(urls(searchIndex(index, '11.6 changelog'))[0]).toMatch(/^\/v11/);
    expect(urls(searchIndex(index, 'v11.6 changelog'))[0]).toMatch(/^\/v11/);
    // Typed last, still a prefix, it finds its releases too (v11.6 found none of them).
    expect(urls(searchIndex(index, 'v11.6', { group: false }))).toEqual(['/v11#s1', '/v11#s2']);
    // "what's" is "what", a stop word: not a term that only the page saying "What's" has.
    expect(parseQuery(index, "what's new").map((t) => t.text)).toEqual(['new']);
    expect(parseQuery(index, "men's don't").map((t) => t.text)).toEqual(['men']);
  });

  it('finds a page that has every term only across its parts, once, after the pages that have them in one part', () => {
    const index = indexOf([
      page('/privacy', {
        title: 'Privacy policy',
        sections: [
          ['Data we process', 'The text you translate goes to the services you chose.'],
          ['Analytics', 'Visit statistics are collected on this website only.'],
        ],
      }),
      page('/collection', { title: 'What we collect', intro: 'No data leaves your browser unless you translate.' }),
      page('/data', { title: 'Data', intro: 'Where your data is kept.' }),
    ]);
    const results = searchIndex(index, 'data collect', { group: false });
    // No part of /privacy has both words (it had no result at all); /data has no collect anywhere.
    expect(results.map((r) => [r.url, r.partial])).toEqual([
      ['/collection', false],
      ['/privacy', true],
    ]);
    expect(Object.keys(results[1]!.metadata).sort()).toEqual(['collected', 'data']);
    // One word is never spread, and two words no page has both of still find nothing.
    expect(urls(searchIndex(index, 'collect', { group: false }))).toEqual(['/collection', '/privacy#s2']);
    expect(searchIndex(index, 'statistics kept', { group: false })).toEqual([]);
  });

  it('does not drop terms from queries of two terms', () => {
    expect(searchIndex(corpus, 'deepl zebra')).toEqual([]);
  });

  it('corrects one typo in a word of four letters or more', () => {
    expect(searchIndex(corpus, 'chatgtp', { group: false })[0]!.url).toBe('/docs/services/chatgpt');
    expect(searchIndex(corpus, 'deepl quotx', { group: false })[0]!.url).toBe('/docs/services/deepl#s2');
  });

  it('finds version strings and hyphenated model names', () => {
    expect(searchIndex(corpus, 'gpt-4o', { group: false })[0]!.url).toBe('/docs/services/chatgpt');
    expect(searchIndex(corpus, 'gpt', { group: false })[0]!.url).toBe('/docs/services/chatgpt');
    const versions = indexOf([page('/log', { intro: 'Version 11.6.1 fixes the v3 issue 404.' }), page('/x', { intro: 'v2 11.5' })]);
    for (const q of ['11.6.1', '11.6', 'v3', '404']) expect(urls(searchIndex(versions, q)), q).toEqual(['/log']);
  });

  it('treats regular-expression characters in a query as plain text', () => {
    const index = indexOf([page('/node', { title: 'Node.js (v20)', intro: 'Requires C++ tools? Use [brackets] and a*b.' })]);
    for (const q of ['(', ')', '[', '*', '+', '?', '\\', '.*', '[a-z]+', '(?<x>', 'a|b', '$^', 'v20)']) {
      expect(() => searchIndex(index, q), q).not.toThrow();
    }
    expect(urls(searchIndex(index, '(v20)'))).toEqual(['/node']);
    expect(urls(searchIndex(index, '[brackets]'))).toEqual(['/node']);
    expect(searchIndex(index, '.*')).toEqual([]);
  });
});

describe('searchIndex Chinese queries', () => {
  const zh = indexOf([
    page('/docs/services/tongyi', { title: '通义千问', intro: '通义千问是阿里云的大模型，中文能力扎实。' }),
    page('/docs/faqs/deepl-limit', {
      title: 'DeepL 提示额度用尽怎么办？',
      sections: [['额度已用完', '本计费周期的字符额度已经用光，请等待重置。']],
    }),
    page('/docs/guides/page', { title: '网页翻译', intro: '机器翻译服务可以把整个网页翻译成中文。' }),
  ]);

  it('segments a Chinese query with the index vocabulary, without spaces', () => {
    expect(searchIndex(zh, '字符额度用光', { group: false })[0]!.url).toBe('/docs/faqs/deepl-limit#s1');
    expect(searchIndex(zh, '网页翻译', { group: false })[0]!.url).toBe('/docs/guides/page');
  });

  it('leaves the words of the question (怎么, 了, 的, 请) out of a query that has others', () => {
    const index = indexOf([
      page('/pdf', { title: 'PDF 翻译', intro: '打开 PDF 文件即可翻译。' }),
      page('/shortcut', { title: '快捷键', intro: '怎么修改快捷键？请在设置里改。翻译 PDF 的快捷键也在这里。' }),
    ]);
    // Every term is required: without this, only the page that happens to say 怎么 would match fully.
    expect(searchIndex(index, 'PDF怎么翻译', { group: false })[0]!.url).toBe('/pdf');
    expect(urls(searchIndex(index, '请问 PDF 翻译了吗', { group: false }))).toContain('/pdf');
    // Alone, such a word is still searched for.
    expect(urls(searchIndex(index, '怎么', { group: false }))).toEqual(['/shortcut']);
  });

  it('makes words of how or where (不了, 没, 用, 在, 哪里) optional beside a subject: they add to a match, the subject decides it', () => {
    const index = indexOf([
      page('/deepl', { title: 'DeepL 额度用完怎么办', intro: 'DeepL 翻译提示额度不足时，等待下个周期或换一个 Key。' }),
      page('/region', { title: '地区限制', intro: '部分服务在某些地区用不了，翻译会失败。' }),
      page('/google', { title: 'Google 翻译用不了', intro: '网络原因导致 Google 翻译不了时，请检查代理。' }),
    ]);
    // Without the subject DeepL, 「翻译不了」 is no match, however rare 不了 is.
    expect(urls(searchIndex(index, 'DeepL翻译不了', { group: false }))).toEqual(['/deepl']);
    // With it, a page that also has 不了 comes first.
    expect(urls(searchIndex(index, 'Google翻译不了', { group: false }))[0]).toBe('/google');
    // Alone, such a word is searched for like any other.
    expect(urls(searchIndex(index, '用不了', { group: false })).sort()).toEqual(['/google', '/region']);
    expect(parseQuery(index, 'DeepL翻译不了').map((t) => [t.text, !!t.optional])).toEqual([
      ['deepl', false],
      ['翻译', false],
      ['不了', true],
    ]);
  });

  it('joins again a word of how a thing fails that the vocabulary cuts into words of its own (出不来: 出 不 来), so that its pieces are not required', () => {
    const index = indexOf([
      page('/video', { title: '视频字幕', intro: '打开视频，双语字幕显示在画面下方。' }),
      page('/export', { title: '导出字幕', intro: '把字幕导出来，保存为文件。' }),
      page('/card', { title: '翻译卡片', intro: '选中文字后弹出卡片，出现在选区下方。' }),
    ]);
    expect(parseQuery(index, '字幕出不来').map((t) => [t.text, !!t.optional])).toEqual([
      ['字幕', false],
      ['出不来', true],
    ]);
    // Before, 出 and 来 were required: only the page that happened to write both matched.
    expect(urls(searchIndex(index, '字幕出不来', { group: false })).sort()).toEqual(['/export', '/video']);
  });

  it('finds a fragment of a longer word', () => {
    expect(searchIndex(zh, '千问', { group: false })[0]!.url).toBe('/docs/services/tongyi');
    // 器翻 is no word: it is matched inside 机器翻译.
    expect(searchIndex(zh, '器翻', { group: false })[0]!.url).toBe('/docs/guides/page');
  });

  it('matches a half-typed last Chinese word as a prefix', () => {
    expect(urls(searchIndex(zh, '额', { group: false }))).toContain('/docs/faqs/deepl-limit');
  });

  it('handles mixed Chinese and English queries', () => {
    expect(searchIndex(zh, 'DeepL 额度', { group: false })[0]!.url).toBe('/docs/faqs/deepl-limit');
  });

  it('answers a 50+ character Chinese query in well under 20 ms', () => {
    const long = '本计费周期的字符额度已经用光请等待重置机器翻译服务可以把整个网页翻译成中文通义千问是阿里云的大模型中文能力扎实';
    expect(long.length).toBeGreaterThan(50);
    searchIndex(zh, long);
    // The fastest of several runs: a loaded machine's scheduler can stall any single run, but not
    // all of them, while a real hang (the reference's exponential query expansion) slows every run.
    const times = Array.from({ length: 7 }, () => {
      const start = performance.now();
      searchIndex(zh, long);
      searchIndex(zh, long.repeat(5)); // cut at 256 characters
      return performance.now() - start;
    });
    expect(Math.min(...times)).toBeLessThan(20);
  });
});

describe('result tree', () => {
  it('groups results under their page: page first, then its sections marked intermediate and last', () => {
    const results = searchIndex(corpus, 'deepl key', { limit: 8 });
    const deepl = results.filter((r) => r.page.u === '/docs/services/deepl');
    expect(deepl.map((r) => r.url)).toEqual(['/docs/services/deepl', '/docs/services/deepl#s1', '/docs/services/deepl#s2'].slice(0, deepl.length));
    expect(deepl.length).toBeGreaterThanOrEqual(2);
    // Contiguous, in tree order.
    const first = results.indexOf(deepl[0]!);
    expect(results.slice(first, first + deepl.length)).toEqual(deepl);
    expect(deepl[0]!.isIntermediate || deepl[0]!.isLast).toBe(false);
    expect(deepl.slice(1, -1).every((r) => r.isIntermediate && !r.isLast)).toBe(true);
    expect(deepl[deepl.length - 1]!.isLast).toBe(true);
  });

  it('puts the page before its sections even when a section scores higher', () => {
    const index = indexOf([
      page('/deepl', {
        title: 'DeepL',
        description: 'Set up the service, and what to do when the quota runs out or requests fail.',
        sections: [['Quota', 'The quota resets monthly; quota use is shown in the account.']],
      }),
    ]);
    const flat = searchIndex(index, 'quota', { group: false });
    expect(urls(flat)).toEqual(['/deepl#s1', '/deepl']);
    const tree = searchIndex(index, 'quota');
    expect(urls(tree)).toEqual(['/deepl', '/deepl#s1']);
    expect(tree.map((r) => [r.isIntermediate, r.isLast])).toEqual([[false, false], [false, true]]);
  });

  it('does not mark a page that is alone in its group', () => {
    const [only] = searchIndex(corpus, 'offline');
    expect(only!.url).toBe('/docs/guides/pdf');
    expect([only!.isIntermediate, only!.isLast]).toEqual([false, false]);
  });
});

describe('searchIndex accents', () => {
  const index = indexOf([
    page('/cafe', { title: 'Café mode', intro: 'A naïve reading by Müller, at the Straße.' }),
    page('/plain', { title: 'Resume', intro: 'Plain words: naive, Muller.' }),
    page('/other', { title: 'Other', intro: 'Nothing of the kind.' }),
  ]);
  const found = (q: string) => urls(searchIndex(index, q, { group: false })).sort();

  it('finds a word written with accents by the word typed without them', () => {
    expect(found('cafe')).toEqual(['/cafe']);
    expect(found('naive')).toEqual(['/cafe', '/plain']);
    expect(found('muller')).toEqual(['/cafe', '/plain']);
    expect(found('strasse')).toEqual(['/cafe']);
  });

  it('finds a word written without accents by the word typed with them, in any case', () => {
    expect(found('Naïve')).toEqual(['/cafe', '/plain']);
    expect(found('MÜLLER')).toEqual(['/cafe', '/plain']);
    expect(found('résumé')).toEqual(['/plain']);
    expect(found('straße')).toEqual(['/cafe']);
  });

  it('completes the last word typed with or without its accents', () => {
    expect(found('caf')).toEqual(['/cafe']);
    expect(found('naï')).toEqual(['/cafe', '/plain']);
  });
});

describe('search index file', () => {
  it('leaves out ignored pages by path segment, in every locale', () => {
    const pages = ['/docs/faq', '/en/docs/faq', '/docs/faqs/safe', '/en/docs/vc', '/docs/vcs'].map((url) =>
      page(url, { title: 'Shared title' }),
    );
    expect(urls(searchIndex(indexOf(pages), 'shared', { group: false })).sort()).toEqual(['/docs/faqs/safe', '/docs/vcs']);
  });

  it('leaves out nothing by default: the pages the bundled site leaves out are its config\'s, and another site\'s docs/faq is searched', () => {
    const pages = ['/docs/faq', '/docs/vc', '/a'].map((url) => page(url, { title: 'Shared title' }));
    expect(urls(searchIndex(indexOf(pages, DEFAULT_SEARCH), 'shared', { group: false })).sort()).toEqual(['/a', '/docs/faq', '/docs/vc']);
  });

  it('is a list of entries with documents and index, carrying ids, parent ids and types', () => {
    const file = buildSearchIndex([page('/a', { title: 'A', sections: [['H', 'text']] })], SEARCH_CONFIG);
    expect(file.map((e) => Object.keys(e).sort())).toEqual([['documents', 'index'], ['documents', 'index']]);
    expect(file[0].documents[0]).toEqual({ i: 0, t: 0, u: '/a', h: 'A' });
    expect(file[1].documents[0]).toEqual({ i: 1, t: 1, p: 0, a: 's1', h: 'H' });
  });

  it('holds no excerpt text: each page has a text file of its own, by page id', () => {
    const pages = [
      page('/docs/faq', { title: 'Ignored', description: 'left out with its page' }),
      page('/a', { title: 'A', description: 'Alpha  description', intro: 'Intro\n text', sections: [['H', 'one'], ['Empty', ''], ['H3', 'three']] }),
      page('/b', { title: 'B', sections: [['Only', 'words  here']] }),
    ];
    const { index, texts } = buildSearchJson(pages, SEARCH_CONFIG);
    // The vocabulary has the words (lower case), the documents no text.
    expect(index).not.toMatch(/Alpha|Intro|words here/);
    const [pageEntry, sectionEntry] = JSON.parse(index);
    expect([...pageEntry.documents, ...sectionEntry.documents].flatMap(Object.keys).filter((k: string) => !'itupah'.includes(k))).toEqual([]);
    // Page ids count the indexed pages only: the ignored page has neither a document nor a text.
    expect(JSON.parse(index)[0].documents.map((d: { i: number; u: string }) => [d.i, d.u])).toEqual([[0, '/a'], [1, '/b']]);
    expect(texts.map((t) => loadPageText(JSON.parse(t)))).toEqual([
      { description: 'Alpha description', intro: 'Intro text', sections: ['one', '', 'three'] },
      { description: '', intro: '', sections: ['words here'] },
    ]);
    expect(texts[1]).toBe('{"v":3,"x":["words here"]}');
    expect(buildPageTexts(pages, SEARCH_CONFIG)).toHaveLength(2);
  });

  it('puts page texts next to the index, with the same cache-busting query', () => {
    expect(pageTextPath('search-index.json', 0)).toBe('search-text/0.json');
    expect(pageTextPath('en/search-index.json', 12)).toBe('en/search-text/12.json');
    expect(pageTextPath('/docs-base/en/search-index.json?v=ab12', 3)).toBe('/docs-base/en/search-text/3.json?v=ab12');
    expect(() => pageTextPath('/en/other.json', 3)).toThrow(/not a search index/);
  });

  it('refuses files that are not an index or a text of this format', () => {
    expect(() => loadSearchIndex({})).toThrow(/sitegen build/);
    expect(() => loadSearchIndex([{ documents: [], index: { v: 99 } }, {}])).toThrow(/Unsupported/);
    // The previous format carried the text inside the index.
    expect(() => loadSearchIndex([{ documents: [], index: { v: 1 } }, { documents: [], index: {} }])).toThrow(/Unsupported/);
    for (const bad of [null, [], {}, { v: 2, x: [] }, { v: 3 }, { v: 3, x: [1] }, { v: 3, x: [], d: 5 }]) {
      expect(() => loadPageText(bad), JSON.stringify(bad)).toThrow(/Unsupported search text format.*sitegen build/);
    }
    expect(loadPageText({ v: 3, x: [] })).toEqual({ description: '', intro: '', sections: [] });
  });
});

describe('words of a complaint, word forms, compounds and synonyms', () => {
  it('makes 不, 工作, 设置 and the like optional beside a subject: the page on the subject is not lost for lacking them', () => {
    const index = indexOf([
      page('/screenshot', { title: '截图翻译', intro: '框选屏幕区域，识别图片中的文字并翻译。' }),
      page('/ocr', { title: '截图翻译识别出错', intro: '截图翻译识别不准的常见原因。' }),
      page('/credits', { title: '积分', intro: '截图翻译不消耗积分，扩展照常工作。' }),
      page('/keys', { title: '申请 API Key', intro: '注册账户并获取 API Key。' }),
      page('/backup', { title: '备份', intro: '把设置导出为文件。' }),
    ]);
    for (const q of ['截图翻译不工作', '截图翻译 不工作', '截图翻译不起作用']) {
      expect(['/screenshot', '/ocr'], q).toContain(searchIndex(index, q, { group: false })[0]!.url);
      expect(parseQuery(index, q).filter((t) => !t.optional).map((t) => t.text), q).toEqual(['截图', '翻译']);
    }
    // 设置 beside a subject is optional; alone it is searched for.
    expect(urls(searchIndex(index, '怎么设置 API key', { group: false }))).toEqual(['/keys']);
    expect(urls(searchIndex(index, '设置', { group: false }))).toEqual(['/backup']);
  });

  it('finds the pages that say a thing does not work in other words: 不工作 finds 失效 and 不起作用', () => {
    const index = indexOf([
      page('/keys', { title: '快捷键', intro: '快捷键失效时，检查是否与其他软件冲突。' }),
      page('/ocr', { title: '截图翻译', intro: '截图翻译不起作用时，重新授权屏幕录制。' }),
      page('/about', { title: '工作原理', intro: '扩展如何工作。' }),
    ]);
    expect(urls(searchIndex(index, '不工作', { group: false })).sort()).toEqual(['/keys', '/ocr']);
    expect(urls(searchIndex(index, '快捷键不工作', { group: false }))).toEqual(['/keys']);
    // The group is in the index as the site's synonym groups are, with the words its pages have.
    expect(index.synonyms.get('失效')).toContain('不起作用');
  });

  it('finds the other forms of an English word, the form typed first', () => {
    const index = indexOf([
      page('/sync', { title: 'Account', intro: 'Settings sync takes a minute.' }),
      page('/synced', { title: 'Backup', intro: 'Synced settings take a minute.' }),
      page('/syncing', { title: 'History', intro: 'Syncing settings takes a minute.' }),
      page('/points', { title: 'Points', intro: 'How points are deducted for each request.' }),
      page('/renewal', { title: 'Membership', sections: [['Renewal', 'Buy again before it ends.']] }),
      page('/guide', { title: 'Whole-page translation', intro: 'Translate a web page in one click.' }),
    ]);
    const found = urls(searchIndex(index, 'syncing settings', { group: false }));
    expect(found[0]).toBe('/syncing');
    expect(found.sort()).toEqual(['/sync', '/synced', '/syncing']);
    expect(urls(searchIndex(index, 'deducting', { group: false }))).toEqual(['/points']);
    expect(urls(searchIndex(index, 'renewing membership', { group: false }))).toContain('/renewal#s1');
    expect(urls(searchIndex(index, 'translating a web page', { group: false }))[0]).toBe('/guide');
    // Matched as written: the excerpt marks the word the page has.
    expect(searchIndex(index, 'deducting', { group: false })[0]!.tokens).toEqual(['deducted']);
  });

  it('indexes own, and weighs it as an optional word: my own api key finds the page on keys of one\'s own first', () => {
    const index = indexOf([
      page('/google', { title: 'Google', keywords: ['API key'], intro: 'Paste the API key you need into the options.' }),
      page('/why', { title: 'Should I get my own API key?', intro: 'Free services against a key of your own.' }),
      page('/deepl', { title: 'DeepL', keywords: ['API key'], intro: 'An API key is all you need.' }),
    ]);
    expect(urls(searchIndex(index, 'do i need my own api key', { group: false }))).toEqual(['/why', '/deepl', '/google']);
    // Beside a subject it is optional: a page without it is still found.
    expect(parseQuery(index, 'own api key').map((t) => [t.text, !!t.optional])).toEqual([['own', true], ['api', false], ['key', false]]);
  });

  it('reads a single Chinese character of a short query as the start of a word too: 填 finds 填写', () => {
    const index = indexOf([
      page('/safe', { title: '数据安全', sections: [['API Key 存在哪里', '在选项里填写的 Key 只保存在浏览器本地。']] }),
      page('/form', { title: '表格', intro: '把数字填在表格里，再填一次 Key。' }),
      page('/other', { title: '快捷键', intro: '在选项里修改快捷键。' }),
    ]);
    expect(parseQuery(index, 'key填在哪里').map((t) => t.text)).toContain('填');
    expect(urls(searchIndex(index, 'key填在哪里', { group: false }))).toEqual(['/safe#s1', '/form']);
    // A long question's single characters are words of their own.
    const long = parseQuery(index, '我想知道 key 应该填在表格还是快捷键选项里');
    expect(long.find((t) => t.text === '填')!.candidates.map((c) => index.words[c.id])).toEqual(['填']);
  });

  it('finds a noun in -y from its verb: do points expire finds the page on points expiry', () => {
    const index = indexOf([
      page('/credits', { title: 'Points', keywords: ['expiry'], sections: [['Expiry', 'Each batch lasts a year.']] }),
      page('/orders', { title: 'Orders', intro: 'Points are added after payment. Coupons expire.' }),
    ]);
    expect(urls(searchIndex(index, 'do points expire', { group: false }))).toEqual(['/credits', '/credits#s1', '/orders']);
  });

  it('reads a word the index lacks as the two words it is made of, and email as e-mail too', () => {
    const index = indexOf([
      page('/guide', { title: 'Whole-page translation', intro: 'Translate a web page in one click.' }),
      page('/web', { title: 'Web', intro: 'Open the website.' }),
      page('/contact', { title: 'Contact', intro: 'E-mail us at support.' }),
      page('/writing', { title: 'Writing', intro: 'Translate an email as you write it.' }),
    ]);
    expect(parseQuery(index, 'webpage').map((t) => t.text)).toEqual(['web', 'page']);
    expect(urls(searchIndex(index, 'webpages', { group: false }))).toEqual(['/guide']);
    expect(urls(searchIndex(index, 'email', { group: false }))).toEqual(['/writing', '/contact']);
    // Typed apart, the two words also find the one word they make, below the page that writes them apart.
    expect(urls(searchIndex(index, 'e-mail', { group: false }))).toEqual(['/contact', '/writing']);
    // A word the index has, or the start of one, is not split.
    expect(parseQuery(index, 'website').map((t) => t.text)).toEqual(['website']);
    expect(parseQuery(index, 'websi').map((t) => t.text)).toEqual(['websi']);
  });

  it('reads two words the site writes as one as that word too (open ai: OpenAI, sub titles: subtitles), but not two it mostly writes apart (api key)', () => {
    const index = indexOf([
      page('/openai', { title: 'OpenAI', intro: 'Connect your OpenAI account.' }),
      page('/chatgpt', { title: 'ChatGPT', intro: 'The OpenAI models behind ChatGPT.' }),
      page('/zhipu', { title: 'Zhipu AI', intro: 'An open platform for AI models.' }),
      // Words as common as they are on a real site.
      ...[1, 2, 3].map((n) => page(`/open-${n}`, { title: `Settings ${n}`, intro: `Open the panel of AI translation ${n}.` })),
      page('/niutrans', { title: 'NiuTrans', intro: 'Copy the API-KEY from the console.' }),
      page('/video', { title: 'Video subtitles', intro: 'Bilingual subtitles on any video.' }),
      ...[1, 2, 3, 4].map((n) => page(`/key-${n}`, { title: `Service ${n}`, intro: `Paste the API key of service ${n}.` })),
    ]);
    // Before, the page that writes both words apart came first, and ChatGPT's was not found.
    const openAi = urls(searchIndex(index, 'open ai', { group: false }));
    expect(openAi[0]).toBe('/openai');
    expect(openAi).toEqual(expect.arrayContaining(['/chatgpt', '/zhipu']));
    expect(urls(searchIndex(index, 'chat gpt', { group: false }))[0]).toBe('/chatgpt');
    // Joined in the index's form of each word: `titles` is `title`, and the index has `subtitle`.
    expect(parseQuery(index, 'sub titles').flatMap((t) => t.candidates.map((c) => index.words[c.id]))).toContain('subtitle');
    // `apikey` (written once, as API-KEY) does not take over the query of the two words every other page writes.
    expect(parseQuery(index, 'api key').flatMap((t) => t.candidates.map((c) => index.words[c.id]))).not.toContain('apikey');
  });

  it('weighs a synonym as the word typed: a page titled with it is not outranked by a passing mention of the word', () => {
    const pages = [
      page('/pricing', { title: 'Pricing', intro: 'Free use, membership and point packages.' }),
      page('/save', { title: 'Saving points', intro: 'Long pages cost more points than short ones.' }),
      ...[1, 2, 3, 4, 5, 6].map((n) => page(`/price-${n}`, { intro: `The price of plan ${n}, and its pricing.` })),
    ];
    const index = indexOf(pages, { ...SEARCH_CONFIG, synonyms: [['cost', 'price', 'pricing']] });
    const found = urls(searchIndex(index, 'cost', { group: false }));
    expect(found[0]).toBe('/pricing');
    expect(found).toContain('/save');
  });
});
