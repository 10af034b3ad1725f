// The home page's English texts: a module of their own, which only the home page loads. Keep the keys in step with
// home.zh-Hans.ts.

const home = {
  badge: 'Version {version} is out',
  lead: 'Select a sentence and its translation opens right beside it, without leaving the page, with several services side by side to compare. Free machine translation, your own API keys or built-in AI models: you choose, in one panel.',
  install: 'Install {title}',
  manual: 'Read the user manual',
  browsers: 'For Chrome, Microsoft Edge, Firefox and other Chromium-based browsers',
  demo: {
    sourceLang: 'zh-CN',
    before: '浏览器扩展的文档写得清楚，',
    selected: '用户才能在几分钟内找到答案',
    after: '。',
    resultA: 'users can find their answer in a few minutes',
    resultB: 'readers get to the answer within minutes',
    serviceA: 'DeepL',
    serviceB: 'ChatGPT',
    caption: 'Select text and the translation card opens beside it, with several services side by side.',
  },
  featuresTitle: 'Everything you read, in your language',
  featuresLead: 'Four ways to translate, all from one extension and one set of settings.',
  features: [
    { icon: 'select', title: 'Selected text', text: 'Select a word or a paragraph: a small button appears beside it, or translate straight away. Results from several services side by side.', link: '/docs/guides/panel', more: 'Translation panel' },
    { icon: 'screenshot', title: 'Screenshots', text: 'Draw a box around text in an image, a game or a scanned page and read it translated, even where you cannot select it.', link: '/docs/guides/screenshot', more: 'Screenshot translation' },
    { icon: 'page', title: 'Whole pages', text: 'Translate the page you are on in one click, bilingual or translation-only, and keep the layout of the site.', link: '/docs/guides/page', more: 'Page translation' },
    { icon: 'video', title: 'Audio and video', text: 'Bilingual subtitles on YouTube and other video sites, and live translation of what your microphone hears.', link: '/docs/guides/video', more: 'Video subtitles' },
  ],
  moreTitle: 'And the tools around it',
  more: [
    { title: 'PDF reader', text: 'Open a PDF in the built-in reader and translate it like a web page.', link: '/docs/guides/pdf' },
    { title: 'Word book', text: 'Save words as you meet them and review them later.', link: '/docs/guides/fav' },
    { title: 'Standalone window', text: 'A translator of its own, one shortcut away.', link: '/docs/guides/standalone' },
    { title: 'Conversation mode', text: 'Speak in turns; each side reads the other in their own language.', link: '/docs/guides/talk' },
  ],
  servicesTitle: 'Works with the services you already use',
  servicesLead: 'Start with the free built-in services, connect your own API key for any provider below, or use the built-in AI models paid with points.',
  servicesAll: 'All services and how to set them up',
  services: [
    ['google', 'Google'], ['microsoft', 'Microsoft'], ['deepl', 'DeepL'], ['chatgpt', 'ChatGPT'], ['claude', 'Claude'], ['gemini', 'Gemini'],
    ['deepseek', 'DeepSeek'], ['doubao', 'Doubao'], ['tongyi', 'Tongyi Qianwen'], ['wenxin', 'ERNIE'], ['zhipu', 'Zhipu AI'], ['moonshot', 'Kimi'],
    ['groq', 'Groq'], ['baidu', 'Baidu'], ['youdao', 'Youdao'], ['tencent', 'Tencent Cloud'], ['ali', 'Alibaba Cloud'], ['caiyun', 'Caiyun'],
    ['volcengine', 'Volcano Engine'], ['niutrans', 'NiuTrans'], ['azure-openai', 'Azure OpenAI'], ['openrouter', 'OpenRouter'], ['ollama', 'Ollama'], ['custom-api', 'Custom API'],
  ] as [string, string][],
  pricingTitle: 'Free to start, points when you want more',
  pricingText: 'The free services and your own API keys cost nothing extra. Built-in AI models use points, which come with a VIP membership or in packages.',
  pricingLink: 'See pricing',
  historyTitle: '{years} years of translating',
  historyText: 'First released in {year} and updated ever since. The latest version is {version}.',
  historyLink: 'Read the history',
  changelogLink: 'What’s new',
  ctaTitle: 'Ready when you are',
  ctaText: 'Install from your browser’s store in a minute, or offline from a package.',
  faqLink: 'Read the FAQ',
};

export default home;
