// A question typed whole (twenty words and more): the page that answers it is found, however many of
// its words are filler (我, 时候, 应该, 谢谢; hi, thanks) or spread over the page's title, headings and
// paragraphs; a question about nothing the site covers still finds nothing.
import { describe, expect, it } from 'vitest';
import { searchIndex } from '../../../src/search/query.js';
import { MAX_TERMS, parseQuery } from '../../../src/search/parseQuery.js';
import { indexOf, page } from './fixtures.js';

/** The pages listed, in order, as the dropdown shows them. */
const pagesOf = (results: { page: { u: string } }[]) => [...new Set(results.map((r) => r.page.u))];

const zh = indexOf([
  page('/docs/faqs/ocr-accuracy', {
    title: '截图翻译识别的文字不准确怎么办？',
    description: '分析截图翻译（OCR）识别出错的常见原因，包括字太小、背景复杂、语言设置不对，并给出提高识别准确率的技巧。',
    keywords: ['截图翻译', 'OCR', '文字识别', '识别错误', '准确率'],
    intro: '截图翻译要先把图片中的文字识别出来，再进行翻译。识别错了，译文自然也会错。',
    sections: [
      ['文字太小或太模糊', '字号很小、图片本身被压缩过时，一个字只占几个像素，很容易被认错。'],
      ['框选范围过大', '一次框进多栏排版、表格和按钮，识别程序要猜测阅读顺序。'],
      ['提高准确率的方法', '先放大再截图，框得紧一些，在选项页指定识别语言，或者换一个识别引擎。'],
    ],
  }),
  page('/docs/guides/screenshot', {
    title: '截图翻译',
    description: '框选屏幕上的任意区域，识别其中的文字并翻译。',
    sections: [
      ['框选区域', '按 Alt+S 后拖动鼠标框选要翻译的区域。'],
      ['识别引擎', '默认的内置识别在本地运行；在线识别对小字更好。'],
    ],
  }),
  page('/docs/guides/microphone', { title: '麦克风翻译', intro: '说话的声音先被识别成文字再翻译，安静的环境能提高识别的准确率。' }),
  page('/docs/faqs/sync-settings', { title: '如何同步设置？', intro: '登录账号以后，设置会自动同步到其他电脑。' }),
  page('/docs/faqs/pdf', { title: 'PDF 中无法划词翻译', intro: '浏览器自带的 PDF 阅读器不允许扩展读取文字，请使用内置阅读器。' }),
  page('/docs/faqs/deepl-limit', { title: 'DeepL 提示额度用尽怎么办？', intro: '免费额度每个月重置，用完以后可以换一个服务。' }),
  page('/docs/guides/page', { title: '网页翻译', intro: '一键把整个网页翻译成中文，有时候需要刷新页面。' }),
  page('/docs/log/v7', { title: 'v7 更新日志', sections: [['改进', '提高了截图翻译的速度，修复了一些问题，谢谢大家的反馈。']] }),
]);

const en = indexOf([
  page('/en/docs/faqs/ocr-accuracy', {
    title: 'Screenshot translation recognises the text wrongly. What can I do?',
    description: 'Why screenshot translation (OCR) misreads text: small type, busy backgrounds, the wrong language; and how to improve accuracy.',
    keywords: ['screenshot translation', 'OCR', 'text recognition', 'accuracy'],
    intro: 'Screenshot translation first reads the text in the picture, then translates it. Wrongly read text is wrongly translated.',
    sections: [
      ['Text too small or blurry', 'A letter only a few pixels high is easily mistaken for another.'],
      ['How to improve accuracy', 'Zoom in before taking the screenshot, mark a tighter region, and set the recognition language in the options.'],
    ],
  }),
  page('/en/docs/guides/screenshot', {
    title: 'Screenshot translation',
    description: 'Mark any region of the screen; the text in it is recognised and translated.',
    sections: [['Choosing the recognition engine', 'The built-in engine runs locally; the online one reads small text better.']],
  }),
  page('/en/docs/guides/microphone', { title: 'Microphone translation', intro: 'Speech is recognised as text, then translated. A quiet room makes recognition more accurate.' }),
  page('/en/docs/faqs/sync-settings', { title: 'How do I sync my settings?', intro: 'Sign in and your settings follow you to every computer.' }),
  page('/en/docs/faqs/pdf', { title: 'Cannot select text in a PDF', intro: "The browser's own PDF viewer does not let extensions read the text; use the built-in reader." }),
  page('/en/docs/guides/page', { title: 'Whole page translation', intro: 'Translate a whole web page in one click; sometimes the page needs a reload.' }),
  page('/en/docs/log/v7', { title: 'v7 changelog', sections: [['Improved', 'Screenshot translation is faster; thanks to everyone for the feedback.']] }),
  // Three words of the job seeker's question below, none of what it is about.
  page('/en/blog/quota', { title: 'DeepL quota errors', intro: 'At the end of the week many readers come to us with the same error.' }),
]);

describe('a question typed whole', () => {
  it('finds the page on OCR accuracy for a long Chinese question, with or without greetings and thanks around it', () => {
    const questions = [
      '我在使用截图翻译功能的时候，识别出来的文字总是不准确，有时候还会漏掉一些字，请问应该怎么设置才能提高识别的准确率，谢谢',
      '我在使用截图翻译功能的时候识别出来的文字总是不准确有时候还会漏掉一些字请问应该怎么设置才能提高识别的准确率谢谢你们的帮助祝你们生意兴隆',
      '你好，我最近在用你们的截图翻译，每次框选图片里的文字以后，识别出来的结果经常错字或者少字，想问一下是不是我哪里设置得不对，要怎么弄才能让识别更准一点呢，麻烦了',
    ];
    for (const q of questions) expect(pagesOf(searchIndex(zh, q)).slice(0, 3), q).toContain('/docs/faqs/ocr-accuracy');
  });

  it('finds the page on OCR accuracy for a long English question', () => {
    const questions = [
      'when I use the screenshot translation the recognized text is often wrong and misses words, how can I make the recognition more accurate?',
      'hi, every time I take a screenshot to translate a picture, the text it reads out has typos and missing letters, is there some setting I should change so it gets the words right? thanks',
    ];
    for (const q of questions) expect(pagesOf(searchIndex(en, q)).slice(0, 3), q).toContain('/en/docs/faqs/ocr-accuracy');
  });

  it('does not count the filler of a question (时候, 应该, 谢谢; hi, thanks) among the words a page must have', () => {
    const required = (index: typeof zh, q: string) => parseQuery(index, q).filter((t) => !t.optional).map((t) => t.text);
    expect(required(zh, '我在使用截图翻译的时候应该怎么设置识别语言，谢谢')).toEqual(['截图', '翻译', '识别', '语言']);
    expect(required(en, 'hi, please tell me how to set the recognition language, thanks')).toEqual(['tell', 'recognition', 'language']);
    // Alone, such a word is still searched for.
    expect(pagesOf(searchIndex(zh, '谢谢'))).toEqual(['/docs/log/v7']);
  });

  it('reads the last word of a question cut at MAX_TERMS as a word, not as the start of one being typed', () => {
    const words = Array.from({ length: 31 }, (_, n) => `zz${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${Math.floor(n / 26)}`);
    const terms = parseQuery(en, [...words, 'screen', 'region', 'text'].join(' '));
    expect(terms).toHaveLength(MAX_TERMS);
    expect(terms.at(-1)!.candidates.map((c) => en.words[c.id])).toEqual(['screen']);
    // Typed last, it is the start of screenshot too.
    expect(parseQuery(en, [...words, 'screen'].join(' ')).at(-1)!.candidates.map((c) => en.words[c.id])).toContain('screenshot');
  });

  it('finds nothing for a long question on nothing the site covers, though it shares a word or two with some pages', () => {
    const unrelated: [typeof zh, string][] = [
      [zh, '我想问一下你们公司的老板是谁，办公室在哪个城市，周末有没有人上班，可以去你们那里面试吗，工资大概多少'],
      [zh, '今天天气很好，我和朋友一起在电脑上看了一部很长的电影，然后去外面吃了一顿火锅，晚上回家以后觉得很开心'],
      [en, 'who is the owner of your company and in which city is the office, is anyone working at the weekend and can I come for a job interview?'],
      [en, 'yesterday my friend and I watched a long movie on the computer, then walked in the park and ate a big dinner before going home happy'],
    ];
    for (const [index, q] of unrelated) expect(pagesOf(searchIndex(index, q)), q).toEqual([]);
  });

  it("finds a page that has a long question's words across its parts when no part has half of them, not one with a word of them", () => {
    // Of the ten words the pages have, /ocr has every one across its parts (its title counting for each
    // section) but no part more than four; /speech has one.
    const index = indexOf([
      page('/ocr', {
        title: 'Recognition',
        description: 'Why a screenshot is misread.',
        sections: [
          ['Blurry letters', 'Zoom in first.'],
          ['Wrong language', 'Set the language of the picture.'],
          ['Busy background', 'Pick a plain area.'],
        ],
      }),
      page('/speech', { title: 'Speech recognition', intro: 'Speak clearly.' }),
      page('/other', { title: 'Pricing', intro: 'Points and plans.' }),
    ]);
    const q = 'my screenshot recognition gives blurry letters, the wrong language and a busy background when i zoom the picture';
    expect(pagesOf(searchIndex(index, q))).toEqual(['/ocr']);
  });
});
