// 首页的简体中文文字：单独一个模块，只有首页加载。键与 home.en.ts 保持一致。
import type { HomeStrings } from './types.js';

const home: HomeStrings = {
  badge: '{version} 版本已发布',
  lead: '选中一句话，译文就出现在它旁边，不用离开当前页面；多个服务的结果并排显示，方便对比。免费的机器翻译、你自己的 API 密钥或内置 AI 大模型，在同一个面板里任你选择。',
  install: '安装{title}',
  manual: '阅读用户手册',
  browsers: '支持 Chrome、Microsoft Edge、Firefox 以及其他 Chromium 内核浏览器',
  demo: {
    sourceLang: 'en',
    before: 'Good documentation means that ',
    selected: 'users can find an answer in minutes',
    after: ', not hours.',
    resultA: '用户几分钟就能找到答案',
    resultB: '读者在几分钟内就能找到答案',
    serviceA: 'DeepL',
    serviceB: 'ChatGPT',
    caption: '选中文字，翻译卡片就在旁边弹出，多个翻译服务的结果并排对照。',
  },
  featuresTitle: '读到的一切，都能变成你的语言',
  featuresLead: '四种翻译方式，一个扩展，一套设置。',
  features: [
    { icon: 'select', title: '划词翻译', text: '选中单词或段落，旁边出现一个小按钮，或者选中即译。多个翻译服务的结果并排显示。', link: '/docs/guides/panel', more: '翻译面板' },
    { icon: 'screenshot', title: '截图翻译', text: '框选图片、游戏画面或扫描件中的文字即可翻译，无法选中的文字也不例外。', link: '/docs/guides/screenshot', more: '截图翻译' },
    { icon: 'page', title: '网页翻译', text: '一键翻译整个网页，双语对照或只看译文，保留网站原有排版。', link: '/docs/guides/page', more: '网页翻译' },
    { icon: 'video', title: '音视频翻译', text: 'YouTube 等视频网站的双语字幕，以及麦克风语音的实时翻译。', link: '/docs/guides/video', more: '视频字幕' },
  ],
  moreTitle: '还有这些好用的工具',
  more: [
    { title: 'PDF 阅读器', text: '在内置阅读器中打开 PDF，像网页一样翻译。', link: '/docs/guides/pdf' },
    { title: '生词本', text: '随手收藏生词，随时复习。', link: '/docs/guides/fav' },
    { title: '独立翻译窗口', text: '一个快捷键打开的独立翻译器。', link: '/docs/guides/standalone' },
    { title: '对话模式', text: '双方轮流说话，各自看到自己语言的译文。', link: '/docs/guides/talk' },
  ],
  servicesTitle: '支持你常用的翻译服务',
  servicesLead: '先用内置的免费服务，也可以填入下列任意服务的 API 密钥，或者使用以积分计费的内置 AI 大模型。',
  servicesAll: '全部服务及申请方法',
  services: [
    ['google', 'Google 翻译'], ['microsoft', '微软翻译'], ['deepl', 'DeepL'], ['chatgpt', 'ChatGPT'], ['claude', 'Claude'], ['gemini', 'Gemini'],
    ['deepseek', 'DeepSeek'], ['doubao', '豆包'], ['tongyi', '通义千问'], ['wenxin', '文心'], ['zhipu', '智谱 AI'], ['moonshot', 'Kimi'],
    ['groq', 'Groq'], ['baidu', '百度翻译'], ['youdao', '有道智云'], ['tencent', '腾讯云'], ['ali', '阿里云'], ['caiyun', '彩云小译'],
    ['volcengine', '火山引擎'], ['niutrans', '小牛翻译'], ['azure-openai', 'Azure OpenAI'], ['openrouter', 'OpenRouter'], ['ollama', 'Ollama'], ['custom-api', '自定义 API'],
  ],
  pricingTitle: '免费起步，需要更多时再用积分',
  pricingText: '免费服务和你自己的 API 密钥不额外收费。内置 AI 大模型按积分计费，积分随 VIP 会员发放，也可以购买积分套餐。',
  pricingLink: '查看价格',
  historyTitle: '{years} 年，一直在翻译',
  historyText: '{year} 年首次发布，持续更新至今。最新版本为 {version}。',
  historyLink: '了解发展历史',
  changelogLink: '更新日志',
  ctaTitle: '现在就开始',
  ctaText: '一分钟内从浏览器商店安装，也可以下载安装包离线安装。',
  faqLink: '常见问题',
};

export default home;
