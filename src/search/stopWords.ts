// English stop words, the list lunr (and so the reference site's search) filters with. Kept
// identical so that "how to" style queries behave as users of the reference site expect, but for
// `own`: "my own API key" tells a key of one's own from the built-in services; it is a SOFT_WORD instead.
/**
 * Chinese words that carry the question, not its subject ("how", "please", particles): left out of a
 * query that has other terms, so that 「PDF怎么翻译」 finds the page on PDF translation, which never
 * says 怎么. Words that change the meaning (不, 没有, 哪里) are not among them; pages keep them all indexed.
 * The words are taken out of the query's text, longest first; the characters only where they stand
 * alone (的 is part of 目的, 了 of 了解).
 */
export const CHINESE_QUESTION_WORDS: readonly string[] = ['怎么办', '怎么样', '为什么', '怎么', '怎样', '如何', '为何', '什么', '请问', '一下'];
export const CHINESE_PARTICLES: ReadonlySet<string> = new Set([...'的地得了吗呢吧啊呀么嘛请是我你您']);

/**
 * Words that say how a thing went or where, not what it is: 「DeepL翻译不了」 is about DeepL, 「key填在哪里」
 * about the key. In a query with other words they are optional: a page that has them scores a little
 * more, a page without them is not ranked below pages missing the subject (parseQuery.ts). Terms as
 * the index has them (English ones stemmed as it stems them).
 */
export const SOFT_WORDS: ReadonlySet<string> = new Set([
  ...['不了', '用不了', '没', '没有', '反应', '不行', '无法', '失灵', '无效', '失效', '在', '哪里', '哪儿', '哪', '可以', '能', '会', '要', '想', '需要', '一直', '总是', '还是', '用', '使用', '好', '怎', '问题'],
  // 「截图翻译不工作」 is about 截图翻译, 「怎么设置 API key」 about the key (设置 alone is searched for); with
  // 不, 没 or 无 before it, a word here is one too (不起作用, 不生效).
  ...['不', '工作', '起作用', '生效', '管用', '好使', '好用', '正常', '设置', '能用'],
  // 「PDF 打不开」 is about PDF: the pages say 无法打开, or nothing of opening at all.
  ...['打不开', '开不了', '出不来', '不出来', '加载不出来', '显示不出来'],
  ...['set', 'setup', 'up', 'need', 'work', 'working', 'use', 'using', 'get', 'want', 'make', 'problem', 'issue', 'help', 'way', 'much', 'own'],
  // The frame of a question typed whole: when, how often, who, greetings and thanks. 「我在使用截图翻译的时候…谢谢」
  // is about 截图翻译: no page says 时候, 应该 and 谢谢 for answering it.
  ...(
    '时候 有时候 应该 才能 一些 一点 有 还 都 也 就 又 再 很 太 更 对 把 让 给 和 跟 或者 但是 然后 因为 所以 如果 已经 之前 以后 之后 ' +
    '最近 现在 每次 经常 老是 是不是 能不能 会不会 你们 我们 自己 这个 那个 这样 里 里面 上 一个 知道 觉得 发现 弄 谢谢 感谢 麻烦 你好 您好 问 想问 ' +
    'hi hello hey thank thx please anyone someone somebody know question always sometime still even really anymore'
  ).split(' '),
]);
const NEGATION_RE = /^[不没无]/;

/**
 * Ways of saying that a thing does not work, which find each other as a synonym group does (the index
 * carries it, buildIndex.ts): a reader complains 「不工作」 where the page says 失效 or 不起作用. All
 * are SOFT_WORDS: beside a subject they only add to the pages that have one.
 */
export const NOT_WORKING_WORDS: readonly string[] = ['不工作', '失效', '无效', '失灵', '不起作用', '不生效', '不管用', '不好使'];

/** Whether a term is one of SOFT_WORDS, or one of them with 不, 没 or 无 before it. */
export function isSoftWord(term: string): boolean {
  return SOFT_WORDS.has(term) || (NEGATION_RE.test(term) && SOFT_WORDS.has(term.slice(1)));
}

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a able about across after all almost also am among an and any are as at be because been but by ' +
    'can cannot could dear did do does either else ever every for from get got had has have he her ' +
    'hers him his how however i if in into is it its just least let like likely may me might most ' +
    'must my neither no nor not of off often on only or other our rather said say says she ' +
    'should since so some than that the their them then there these they this tis to too twas us ' +
    'wants was we were what when where which while who whom why will with would yet you your'
  ).split(' '),
);
