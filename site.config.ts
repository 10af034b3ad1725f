import { defineConfig } from 'sitegen';

const GITHUB = 'https://github.com/glint-translate';
/** The extension's first release; its age and the copyright's last year follow the year the site is built in. */
const FIRST_RELEASE = 2013;
const THIS_YEAR = new Date().getFullYear();
const YEARS = THIS_YEAR - FIRST_RELEASE;

export default defineConfig({
  title: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' },
  tagline: {
    'zh-Hans': '划词、截图、整页与音视频翻译，一个扩展接入数十种翻译服务与 AI 模型',
    en: 'Translate selections, screenshots, whole pages and audio/video, with dozens of translation services and AI models in one extension',
  },
  url: 'https://glint-translate.example',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  image: '/img/share.jpg',
  i18n: {
    defaultLocale: 'zh-Hans',
    locales: {
      'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN', direction: 'ltr', path: '', ogLocale: 'zh_CN' },
      en: { label: 'English', htmlLang: 'en', direction: 'ltr', path: 'en', ogLocale: 'en_US' },
    },
  },
  variables: {
    product: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' },
    version: '11.6.1',
    firstRelease: String(FIRST_RELEASE),
    years: String(YEARS),
    github: GITHUB,
    chromeStore: 'https://chromewebstore.google.com/detail/glint-translate/kfbmhpkgjnopgjdlgnfiohiflcfnnhem',
    edgeStore: 'https://microsoftedge.microsoft.com/addons/detail/glint-translate/obgmkpjdnbeeknpkgmpbaifmoaboiocm',
    firefoxStore: 'https://addons.mozilla.org/firefox/addon/glint-translate/',
    email: 'support@glint-translate.example',
    website: 'https://glint-translate.example',
  },
  navbar: [
    { label: { 'zh-Hans': '安装/更新', en: 'Install / Update' }, to: '/docs/installv2/' },
    { label: { 'zh-Hans': '用户手册', en: 'User manual' }, to: '/docs/guides/summary' },
    { label: { 'zh-Hans': '常见问题', en: 'FAQ' }, to: '/docs/faqs/' },
    { label: { 'zh-Hans': '服务申请', en: 'Services' }, to: '/docs/services/' },
    { label: { 'zh-Hans': '价格', en: 'Pricing' }, to: '/docs/pricing/' },
    { label: { 'zh-Hans': '更新日志', en: 'Changelog' }, to: '/docs/log/' },
    { label: { 'zh-Hans': '反馈', en: 'Feedback' }, to: '/docs/issues' },
    { label: { 'zh-Hans': '公告', en: 'Announcements' }, to: '/blog' },
    { label: { 'zh-Hans': '商务合作', en: 'Business' }, to: '/docs/business' },
    { label: { 'zh-Hans': '历史', en: 'History' }, to: '/docs/histroy', hash: '2013' },
  ],
  footer: {
    columns: [
      {
        title: { 'zh-Hans': '文档', en: 'Docs' },
        items: [
          { label: { 'zh-Hans': '安装/更新', en: 'Install / Update' }, to: '/docs/installv2/' },
          { label: { 'zh-Hans': '用户手册', en: 'User manual' }, to: '/docs/guides/summary' },
          { label: { 'zh-Hans': '常见问题', en: 'FAQ' }, to: '/docs/faqs/' },
          { label: { 'zh-Hans': '隐私政策', en: 'Privacy policy' }, to: '/docs/privacy-policy' },
        ],
      },
      {
        title: { 'zh-Hans': '社区', en: 'Community' },
        items: [
          { label: { 'zh-Hans': '代码托管组织', en: 'Code hosting organisation' }, to: GITHUB },
          { label: { 'zh-Hans': '问题反馈', en: 'Report an issue' }, to: `${GITHUB}/glint-translate/issues` },
          { label: { 'zh-Hans': '公告', en: 'Announcements' }, to: '/blog' },
        ],
      },
      {
        title: { 'zh-Hans': '同作者的其他产品', en: 'More from the author' },
        items: [
          { label: { 'zh-Hans': '灵译阅读器', en: 'Glint Reader' }, to: `${GITHUB}/glint-reader` },
          { label: { 'zh-Hans': '灵译 OCR', en: 'Glint OCR' }, to: `${GITHUB}/glint-ocr` },
        ],
      },
    ],
    copyright: {
      // The first release, the years and the version are said once, beside the brand (product: the theme's facts).
      'zh-Hans': `© ${FIRST_RELEASE}–${THIS_YEAR} 灵译划词翻译`,
      en: `© ${FIRST_RELEASE}–${THIS_YEAR} Glint Translate`,
    },
  },
  product: { latestVersion: '11.6.1', firstRelease: FIRST_RELEASE, years: YEARS, github: GITHUB },
  announcement: {
    id: 'release-11-6-1',
    content: {
      'zh-Hans': '11.6.1 已发布：修复了 YouTube 双语字幕被遮挡、SRT 字幕乱码等问题。',
      en: 'Version 11.6.1 is out: fixes for YouTube subtitles, SRT exports and more.',
    },
    dismissible: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  docs: { tocMinLevel: 2, tocMaxLevel: 3, editUrl: `${GITHUB}/website/edit/main/content/`, showLastUpdateTime: true },
  blog: {
    title: { 'zh-Hans': '公告', en: 'Announcements' },
    description: { 'zh-Hans': '扩展的新版本、功能更新与优惠活动。', en: 'News, releases and offers of the extension.' },
    postsPerPage: 10,
    sidebarCount: 'ALL',
    feedCount: 20,
    tags: {
      announcements: { 'zh-Hans': '公告', en: 'Announcements' },
      promotions: { 'zh-Hans': '优惠活动', en: 'Promotions' },
      bundles: { 'zh-Hans': '套餐', en: 'Package bundles' },
      events: { 'zh-Hans': '活动', en: 'Events' },
    },
    authors: {
      team: { name: { 'zh-Hans': '灵译团队', en: 'The Glint team' }, url: GITHUB },
    },
  },
  // llms.txt and a markdown copy of every page, for AI assistants that read the docs (the same pages search leaves out).
  llms: { enabled: true, ignoreFiles: ['docs/faq', 'docs/_ph', 'docs/vc', 'docs/before-buy'] },
  search: {
    language: ['en', 'zh'],
    ignoreFiles: ['docs/faq', 'docs/_ph', 'docs/vc', 'docs/before-buy'],
    searchResultLimits: 8,
    searchResultContextMaxLength: 50,
    hideSearchBarOnSearchPage: false,
    highlightSearchTermsOnTargetPage: true,
    closeOnNavigate: true,
    searchBarPosition: 'right',
    removeDefaultStopWordFilter: false,
    // Words readers type for what the docs call otherwise: each finds the others.
    synonyms: [
      ['插件', '扩展', 'plugin', 'addon', 'extension'],
      ['谷歌', 'Google'],
      ['油管', 'YouTube'],
      ['火狐', 'Firefox'],
      ['热键', '快捷键', 'hotkey', 'shortcut'],
      ['秘钥', '密钥', 'key'],
      ['梯子', '翻墙', '代理', 'proxy', 'VPN'],
      ['收费', '多少钱', '价格', '费用', 'price', 'pricing', 'cost'],
      // Services by the names readers type on an English keyboard, for pages that write them in Chinese.
      ['彩云', 'caiyun'],
      ['百度', 'baidu'],
      ['腾讯', 'tencent'],
      ['小牛', 'niutrans'],
      ['豆包', 'doubao'],
      ['有道', 'youdao'],
      ['智谱', 'zhipu'],
      ['通义', '千问', 'tongyi', 'qianwen', 'qwen'],
      ['文心', 'wenxin', 'ernie'],
      ['火山', 'volcengine', 'huoshan', 'volcano'],
      ['截图', '截屏', 'screenshot'],
      ['深色', '暗色', '夜间', 'dark'],
      ['不完整', '漏翻'],
      ['buy', 'purchase'],
    ],
    b: 0.75,
    k1: 1.2,
  },
  analytics: { trackingId: '', adClientId: '' },
  scripts: ['/invite.js'],
});
