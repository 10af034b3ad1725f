// Deterministic synthetic corpus: N× the bundled site's shape (per locale: 130 docs in 5 sections,
// 28 posts, 1 free page), realistic Chinese and English text, code blocks, tables, admonitions,
// cross-links with anchors, tagged posts. Same seed, same files. A bigger site has more sections
// (and sidebars) of the same size, not 50× longer sidebars: N× means 5×N sections of 26 docs.
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = ['guides', 'faqs', 'services', 'log', 'pricing'];
const DOCS_PER_SECTION = 26;
const POSTS = 28;
const TAGS = ['announcements', 'promotions', 'bundles', 'events'];

const ZH_WORDS = ['翻译', '划词', '截图', '整页', '字幕', '服务', '密钥', '接口', '模型', '设置', '选项', '浏览器', '扩展', '快捷键', '语言', '结果', '面板', '网页', '视频', '音频', '识别', '积分', '会员', '套餐', '限额', '错误', '请求', '网络', '代理', '同步', '历史', '收藏', '文档', '阅读器', '发音', '词典', '对照', '双语', '自动', '手动'];
const ZH_GLUE = ['的', '在', '和', '可以', '需要', '如果', '然后', '通过', '使用', '打开', '选择', '点击', '保存', '显示', '支持'];
const EN_WORDS = ['translation', 'selection', 'screenshot', 'page', 'subtitle', 'service', 'key', 'endpoint', 'model', 'setting', 'option', 'browser', 'extension', 'shortcut', 'language', 'result', 'panel', 'video', 'audio', 'recognition', 'points', 'membership', 'bundle', 'limit', 'error', 'request', 'network', 'proxy', 'sync', 'history', 'word book', 'document', 'reader', 'pronunciation', 'dictionary', 'bilingual', 'automatic', 'manual'];
const EN_GLUE = ['the', 'a', 'with', 'when', 'then', 'for', 'your', 'open', 'choose', 'click', 'save', 'shows', 'supports', 'uses', 'needs'];

function rng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writer(random, zh) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = () => {
    const n = 6 + Math.floor(random() * 10);
    const words = Array.from({ length: n }, (_, i) => (i % 3 === 1 ? pick(zh ? ZH_GLUE : EN_GLUE) : pick(zh ? ZH_WORDS : EN_WORDS)));
    if (zh) return `${words.join('')}。`;
    const text = words.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 4) }, sentence).join(zh ? '' : ' ');
  return { pick, sentence, paragraph };
}

function docBody(random, zh, links) {
  const w = writer(random, zh);
  const parts = [w.paragraph()];
  const sections = 3 + Math.floor(random() * 4);
  for (let s = 1; s <= sections; s++) {
    parts.push(`## ${w.sentence().replace(/[。.]$/, '')} {#s${s}}`, w.paragraph());
    if (random() < 0.5) parts.push(`### ${w.pick(zh ? ZH_WORDS : EN_WORDS)} ${s}`, w.paragraph());
    const roll = random();
    if (roll < 0.25) parts.push('```ts', `export function translate${s}(text: string): Promise<string> {`, `  return fetch('/api/v${s}', { method: 'POST', body: text }).then((r) => r.text());`, '}', '```');
    else if (roll < 0.4) parts.push('```bash', `curl -s https://api.example.org/v${s}/translate -d 'text=hello'`, '```');
    else if (roll < 0.55) parts.push('| key | value |', '|---|---|', ...Array.from({ length: 4 }, (_, i) => `| ${w.pick(zh ? ZH_WORDS : EN_WORDS)} | ${i * s} |`));
    else if (roll < 0.65) parts.push(':::tip', w.sentence(), ':::');
    if (links.length) parts.push(`${zh ? '参见' : 'See'} [${w.pick(zh ? ZH_WORDS : EN_WORDS)}](${w.pick(links)}).`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** Writes a corpus of `scale`× the site into `dir`, with a config using `themeDir`. Returns the file count. */
export function generateCorpus(dir, scale, themeDir) {
  rmSync(dir, { recursive: true, force: true });
  const random = rng(20131122 + scale);
  let count = 0;
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    count++;
  };
  const docIds = [];
  const sections = Array.from({ length: scale }, (_, n) => SECTIONS.map((s) => (scale === 1 ? s : `${s}-${n}`))).flat();
  for (const section of sections) for (let i = 0; i < DOCS_PER_SECTION; i++) docIds.push(`${section}/page-${i}`);
  for (const locale of ['zh-Hans', 'en']) {
    const zh = locale === 'zh-Hans';
    for (const [n, id] of docIds.entries()) {
      const near = [docIds[(n + 1) % docIds.length], docIds[(n + 7) % docIds.length]].map((t) => `${relativeLink(id, t)}#s1`);
      const title = `${zh ? '文档' : 'Doc'} ${id}`;
      write(`content/${locale}/docs/${id}.md`, `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(`${title} ${zh ? '说明' : 'description'}`)}\nkeywords: [${id.split('/')[0]}]\n---\n\n${docBody(random, zh, near)}`);
    }
    for (let p = 0; p < POSTS * scale; p++) {
      const date = new Date(Date.UTC(2021, 0, 1) + p * 86400000 * (1800 / (POSTS * scale)));
      const stamp = date.toISOString().slice(0, 10);
      const tags = [TAGS[0], TAGS[1 + (p % 3)]];
      const w = writer(random, zh);
      write(`content/${locale}/blog/${stamp}-post-${p}.md`, `---\ntitle: ${JSON.stringify(`${zh ? '公告' : 'News'} ${p}`)}\ndescription: ${JSON.stringify(w.sentence())}\nkeywords: [news]\ntags: [${tags.join(', ')}]\nauthors: [team]\n---\n\n${w.paragraph()}\n\n<!-- truncate -->\n\n${docBody(random, zh, [`/docs/${docIds[p % docIds.length]}`])}`);
    }
    write(`content/${locale}/pages/about.md`, `---\ntitle: About\ndescription: About this corpus\n---\n\n${docBody(random, zh, [])}`);
  }
  const sidebars = sections.map((s) => `${s}:\n${docIds.filter((id) => id.startsWith(`${s}/`)).map((id) => `  - ${id}`).join('\n')}`).join('\n');
  write('content/sidebars.yaml', `${sidebars}\n`);
  write('site.config.ts', `import { defineConfig } from 'sitegen';
export default defineConfig({
  title: { 'zh-Hans': '基准站点', en: 'Benchmark site' },
  url: 'https://bench.example',
  i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' } } },
  themeDir: ${JSON.stringify(themeDir)},
  navbar: [{ label: 'Docs', to: '/docs/${sections[0]}/page-0' }, { label: 'Blog', to: '/blog' }],
  // The site's theme links its home page to the bundled site's docs, which a corpus does not have.
  links: { onBrokenLinks: 'warn', onBrokenImages: 'warn' },
  blog: { tags: { announcements: 'Announcements', promotions: 'Promotions', bundles: 'Bundles', events: 'Events' }, authors: { team: { name: 'Team' } } },
});
`);
  return count;
}

function relativeLink(from, to) {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up) || './'}${to}.md`;
}

/** The theme the benchmarks build with: the site's own when present. */
export function benchTheme() {
  return existsSync(join(REPO, 'theme/server.tsx')) ? join(REPO, 'theme') : join(REPO, 'test/fixtures/themes/minimal');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scale = Number(process.argv[2] ?? 1);
  const dir = resolve(process.argv[3] ?? `/tmp/sitegen-corpus-${scale}`);
  console.log(`${generateCorpus(dir, scale, benchTheme())} files written to ${dir}`);
}
