import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli';
import { builtOnce, configSource, md, newOutputHas, REPO, writeSite } from '../helpers/site';

const posts: Record<string, string> = {};
for (let i = 1; i <= 23; i++) {
  const day = String(i).padStart(2, '0');
  posts[`content/zh-Hans/blog/2024-03-${day}-post-${i}.md`] = md(
    { title: `文章 ${i}`, description: `第 ${i} 篇`, tags: i <= 21 ? ['news'] : ['tips'], authors: ['team'] },
    `开头段落 ${i}。\n\n<!-- truncate -->\n\n## 细节\n\n正文 ${i}。\n`,
  );
}

const SAFE_BODY = `Intro with a [link to intro](../intro.md) and [an anchor](./index.md#常见问题-faq).

## 你好 World

Text.

## 你好 World

Duplicate heading.

## Explicit {#custom-id}

:::tip 小提示
Inside **tip**.
:::

| a | b |
|---|---|
| 1 | 2 |

- [x] done
- [ ] open

\`\`\`ts
const x: number = 1;
\`\`\`

\`\`\`ts {1}
const first = 0;
const marked = 1; // [!code highlight]
const old = 2; // [!code --]
const now = 3; // [!code ++]
\`\`\`

![pic](/img/a.svg)
`;

async function build(dir: string, args: string[] = []) {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'sitegen', 'build', '--config', join(dir, 'site.config.ts'), ...args], {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    interactive: false,
  });
  return { code, stdout, stderr };
}

const read = (dir: string, path: string) => readFileSync(join(dir, 'dist', path), 'utf8');
const html = (dir: string, path: string) => parse(read(dir, path), { blockTextElements: { script: true, style: true } });

describe('sitegen build on a two-locale site', () => {
  let dir: string;
  let result: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    dir = writeSite({
      'content/sidebars.yaml': 'faqs:\n  - faqs/index\n  - label: { zh-Hans: 安全, en: Safety }\n    items: [faqs/safe]\n  - intro\n',
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍页', keywords: ['介绍', 429] }, '介绍正文。\n'),
      'content/zh-Hans/docs/faqs/index.md': md({ title: '常见问题', description: '问题' }, '## 常见问题 FAQ\n\n列表。\n'),
      'content/zh-Hans/docs/faqs/safe.md': md({ title: '安全 </script><img src=x onerror=alert(1)>', description: 'line\u2028sep "quoted"', image: '/img/a.svg' }, SAFE_BODY),
      'content/zh-Hans/docs/only-zh.md': md({ title: '仅中文', description: '未翻译' }, 'Only in Chinese.\n'),
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'The intro' }, 'Intro body with [FAQ](./faqs/index.md).\n'),
      'content/en/docs/faqs/index.md': md({ title: 'FAQ', description: 'Questions' }, '## Questions\n\nList.\n'),
      'content/en/docs/faqs/safe.md': md({ title: 'Safety', description: 'Is it safe' }, '## Hello World\n\nText.\n'),
      'content/zh-Hans/pages/about.md': md({ title: '关于', description: '关于我们' }, 'About.\n'),
      'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...posts,
    });
    result = await build(dir);
  }, 60_000);

  it('exits 0 with a summary line of pages per locale', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/built \d+ pages \(zh-Hans \d+, en \d+\)/);
    expect(result.stderr).toMatch(/0 errors/);
  });

  it('writes docs permalinks, folder indexes with a trailing slash, in both locales', () => {
    for (const path of ['docs/intro/index.html', 'docs/faqs/index.html', 'docs/faqs/safe/index.html', 'en/docs/faqs/safe/index.html', 'en/docs/only-zh/index.html']) {
      expect(existsSync(join(dir, 'dist', path)), path).toBe(true);
    }
    expect(html(dir, 'docs/intro/index.html').querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://test.example/docs/intro');
    expect(html(dir, 'en/docs/faqs/index.html').querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://test.example/en/docs/faqs/');
  });

  it('writes home, /home, search and a 404 page per locale', () => {
    for (const path of ['index.html', 'home/index.html', 'search/index.html', '404.html', 'en/index.html', 'en/home/index.html', 'en/search/index.html', 'en/404.html']) {
      expect(existsSync(join(dir, 'dist', path)), path).toBe(true);
    }
    expect(html(dir, 'en/404.html').querySelector('html')?.getAttribute('lang')).toBe('en');
    expect(html(dir, 'home/index.html').querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://test.example/');
  });

  it('falls back to the zh-Hans page in English, marked untranslated', () => {
    const page = html(dir, 'en/docs/only-zh/index.html');
    expect(page.querySelector('.untranslated')).not.toBeNull();
    expect(page.querySelector('main')?.text).toContain('Only in Chinese.');
    expect(html(dir, 'en/docs/intro/index.html').querySelector('.untranslated')).toBeNull();
  });

  it('rewrites relative .md links to the locale permalink, keeping anchors', () => {
    const hrefs = html(dir, 'en/docs/intro/index.html').querySelectorAll('[data-sg-html] a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/en/docs/faqs/');
    const zh = html(dir, 'docs/faqs/safe/index.html').querySelectorAll('[data-sg-html] a').map((a) => a.getAttribute('href'));
    expect(zh).toContain('/docs/intro');
    expect(zh).toContain('/docs/faqs/#常见问题-faq');
  });

  it('gives headings GitHub-style ids: CJK kept, duplicates numbered, explicit ids honoured', () => {
    const ids = html(dir, 'docs/faqs/safe/index.html').querySelectorAll('[data-sg-html] h2').map((h) => h.id);
    expect(ids).toEqual(['你好-world', '你好-world-1', 'custom-id']);
    const toc = html(dir, 'docs/faqs/safe/index.html').querySelectorAll('.toc a').map((a) => a.getAttribute('href'));
    expect(toc).toEqual(['#你好-world', '#你好-world-1', '#custom-id']);
  });

  it('renders admonitions, tables, task lists, highlighted code and static images', () => {
    const content = html(dir, 'docs/faqs/safe/index.html').querySelector('[data-sg-html=content]')!;
    expect(content.querySelector('.admonition-tip .admonition-title')?.text).toBe('小提示');
    expect(content.querySelector('.table-wrap table td')?.text).toBe('1');
    expect(content.querySelectorAll('input[type=checkbox]').length).toBe(2);
    const code = content.querySelector('.code-block[data-lang=ts] pre.shiki');
    expect(code?.getAttribute('style')).toContain('--shiki-dark');
    expect(code?.text).toContain('const x: number = 1;');
    // Lines marked by comments, highlighted in a worker thread and filled in on this one: the comments gone.
    const marked = content.querySelectorAll('.code-block[data-lang=ts]')[1]!;
    expect(marked.querySelectorAll('.line').map((line) => `${line.classList.value.filter((c) => c !== 'line').join(' ') || '-'} ${line.text}`)).toEqual(['highlighted const first = 0;', 'highlighted const marked = 1;', 'diff remove const old = 2;', 'diff add const now = 3;']);
    expect(content.querySelector('img')?.getAttribute('src')).toBe('/img/a.svg');
    expect(existsSync(join(dir, 'dist/img/a.svg'))).toBe(true);
  });

  it('puts docs in their sidebar with breadcrumbs and prev/next in sidebar order', () => {
    const page = html(dir, 'en/docs/faqs/safe/index.html');
    expect(page.querySelectorAll('.breadcrumbs li').map((l) => l.text)).toEqual(['Safety', 'Safety']);
    expect(page.querySelector('.prev')?.getAttribute('href')).toBe('/en/docs/faqs/');
    expect(page.querySelector('.next')?.getAttribute('href')).toBe('/en/docs/intro');
  });

  it('paginates the blog by 10 with posts newest first', () => {
    expect(html(dir, 'blog/index.html').querySelectorAll('article.post').length).toBe(10);
    expect(html(dir, 'blog/page/2/index.html').querySelectorAll('article.post').length).toBe(10);
    expect(html(dir, 'blog/page/3/index.html').querySelectorAll('article.post').length).toBe(3);
    expect(existsSync(join(dir, 'dist/blog/page/4/index.html'))).toBe(false);
    expect(html(dir, 'blog/index.html').querySelector('article.post a')?.getAttribute('href')).toBe('/blog/2024/03/23/post-23');
    expect(html(dir, 'en/blog/page/2/index.html').querySelector('.next-page')?.getAttribute('href')).toBe('/en/blog/page/3');
  });

  it('shows excerpts up to the truncate marker on list pages', () => {
    const excerpt = html(dir, 'blog/index.html').querySelector('article.post [data-sg-html]')!;
    expect(excerpt.text).toContain('开头段落 23');
    expect(excerpt.text).not.toContain('正文 23');
  });

  it('writes post pages, tag pages with the same pagination, a tags index and an archive', () => {
    expect(existsSync(join(dir, 'dist/blog/2024/03/05/post-5/index.html'))).toBe(true);
    expect(existsSync(join(dir, 'dist/en/blog/2024/03/05/post-5/index.html'))).toBe(true);
    expect(html(dir, 'blog/tags/news/index.html').querySelectorAll('article.post').length).toBe(10);
    expect(html(dir, 'blog/tags/news/page/3/index.html').querySelectorAll('article.post').length).toBe(1);
    expect(html(dir, 'blog/tags/tips/index.html').querySelectorAll('article.post').length).toBe(2);
    expect(html(dir, 'en/blog/tags/index.html').querySelectorAll('a.tag').map((a) => a.text)).toEqual(['News (21)', 'Tips (2)']);
    expect(html(dir, 'blog/archive/index.html').querySelectorAll('.year a').length).toBe(23);
    expect(html(dir, 'blog/2024/03/05/post-5/index.html').querySelector('.meta')?.text).toMatch(/2024-03-05 · 1 min · 新闻/);
  });

  it('writes free pages under their path', () => {
    expect(html(dir, 'about/index.html').querySelector('h1')?.text).toBe('关于');
    expect(html(dir, 'en/about/index.html').querySelector('.untranslated')).toBeNull();
  });

  it('writes full metadata: title style, description, keywords, og, twitter, hreflang', () => {
    const page = html(dir, 'en/docs/intro/index.html');
    expect(page.querySelector('title')?.text).toBe('Intro · Test site');
    expect(html(dir, 'index.html').querySelector('title')?.text).toBe('测试站');
    expect(page.querySelector('meta[name=description]')?.getAttribute('content')).toBe('The intro');
    expect(html(dir, 'docs/intro/index.html').querySelector('meta[name=keywords]')?.getAttribute('content')).toBe('介绍, 429');
    expect(page.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Intro');
    expect(page.querySelector('meta[name="twitter:card"]')).not.toBeNull();
    const alternates = page.querySelectorAll('link[rel=alternate][hreflang]').map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`);
    expect(alternates).toEqual(['zh-CN https://test.example/docs/intro', 'en https://test.example/en/docs/intro', 'x-default https://test.example/docs/intro']);
    expect(html(dir, 'docs/faqs/safe/index.html').querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe('https://test.example/img/a.svg');
    // A docs page names its language and docs version for search crawlers; other pages do not.
    const docsearch = (file: string) => html(dir, file).querySelectorAll('meta[name^="docsearch:"]').map((m) => `${m.getAttribute('name')}=${m.getAttribute('content')}`);
    expect(docsearch('en/docs/intro/index.html')).toEqual(['docsearch:language=en', 'docsearch:version=current']);
    expect(docsearch('docs/intro/index.html')).toEqual(['docsearch:language=zh-Hans', 'docsearch:version=current']);
    expect(docsearch('index.html')).toEqual([]);
  });

  it('escapes front matter values everywhere, including the JSON in script tags', () => {
    const raw = read(dir, 'docs/faqs/safe/index.html');
    expect(raw).not.toContain('<img src=x onerror');
    expect(raw.match(/<\/script>/g)?.length).toBe(raw.match(/<script/g)?.length);
    const script = parse(raw).querySelector('#__SG_DATA__')!.text;
    expect(script).not.toContain('\u2028');
    expect(script).not.toContain('<');
    const data = JSON.parse(script);
    expect(data.route.title).toBe('安全 </script><img src=x onerror=alert(1)>');
    expect(parse(raw).querySelector('h1')?.text).toBe('安全 </script><img src=x onerror=alert(1)>');
  });

  it('does not ship content HTML twice: inline data has empty blocks, page-data.json has them', () => {
    const raw = read(dir, 'docs/faqs/safe/index.html');
    const data = JSON.parse(parse(raw).querySelector('#__SG_DATA__')!.text);
    expect(data.route.html).toEqual({ content: '' });
    const pageData = JSON.parse(read(dir, 'docs/faqs/safe/page-data.json'));
    expect(pageData.html.content).toContain('custom-id');
    expect(pageData.data.kind).toBe('doc');
  });

  it('writes a search index per locale and hashed assets', () => {
    expect(existsSync(join(dir, 'dist/search-index.json'))).toBe(true);
    expect(existsSync(join(dir, 'dist/en/search-index.json'))).toBe(true);
    expect(readdirSync(join(dir, 'dist/assets')).some((f) => /^client\.[A-Z0-9]+\.js$/i.test(f))).toBe(true);
  });


  it('builds one locale with --locale', async () => {
    const again = await build(dir, ['--locale', 'en', '--out', join(dir, 'dist-en')]);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'dist-en/en/docs/intro/index.html'))).toBe(true);
    expect(existsSync(join(dir, 'dist-en/docs/intro/index.html'))).toBe(false);
  }, 60_000);
});

describe('sitegen build --locale', () => {
  it("leaves links into the locales it does not build unjudged, judges the rest, and builds into its own output again", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍页' }, '介绍正文。\n'),
      // The theme's locale switch does the same: a page of one locale links to the other locale's.
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'The intro' }, 'Also [in Chinese](/docs/intro) and [gone](/en/docs/gone).\n'),
    });
    const out = join(dir, 'dist-en');
    const first = await build(dir, ['--locale', 'en', '--out', out]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/^content\/en\/docs\/intro\.md:\d+ error\[broken-link\] link \/en\/docs\/gone does not exist/m);
    expect(first.stderr).not.toMatch(/link \/docs\/intro does not exist/);
    writeFileSync(join(dir, 'content/en/docs/intro.md'), md({ title: 'Intro', description: 'The intro' }, 'Also [in Chinese](/docs/intro).\n'));
    const second = await build(dir, ['--locale', 'en', '--out', out]);
    expect(second.code, second.stderr).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(false);
    expect(existsSync(join(out, 'en/docs/intro/index.html'))).toBe(true);
    // The folder holds no index.html at its top, but one in the locale's folder: a built site, replaced.
    const third = await build(dir, ['--locale', 'en', '--out', out, '--no-cache']);
    expect(third.code, third.stderr).toBe(0);
    // A build of every locale still judges the link, and finds the page.
    expect((await build(dir)).code).toBe(0);
  }, 60_000);
});

describe('sitegen build --locale and a .md link into the other locale', () => {
  it('leaves it unjudged from a page deeper than its file (a slug), in the build and in check-links, and judges it in a build of every locale', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: '介绍页' }, '介绍正文。\n'),
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'The intro' }, 'See [the guide](./guides/setup.md).\n'),
      // At /en/docs/guides/deeper/setup: from there the link climbs to /en/, not out of it.
      'content/en/docs/guides/setup.md': md({ title: 'Setup', description: 'Setup', slug: 'deeper/setup' }, 'Also [in Chinese](../../../zh-Hans/docs/intro.md) and [gone](../nope.md).\n'),
    });
    try {
      const first = await build(dir, ['--locale', 'en']);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/^content\/en\/docs\/guides\/setup\.md:\d+ error\[broken-link\] \.\.\/nope\.md points to docs\/nope\.md, which does not exist/m);
      // Before: link ../../../zh-Hans/docs/intro.md points to /en/zh-Hans/docs/intro.md, which does not exist.
      expect(first.stderr).not.toContain('zh-Hans/docs/intro.md');
      writeFileSync(join(dir, 'content/en/docs/guides/setup.md'), md({ title: 'Setup', description: 'Setup', slug: 'deeper/setup' }, 'Also [in Chinese](../../../zh-Hans/docs/intro.md).\n'));
      const second = await build(dir, ['--locale', 'en']);
      expect(second.code, second.stderr).toBe(0);
      let output = '';
      const checked = await main(['node', 'sitegen', 'check-links', '--config', join(dir, 'site.config.ts')], { out: (t) => void (output += t), err: (t) => void (output += t), interactive: false });
      expect(checked, output).toBe(0);
      expect(output).not.toContain('broken-link');
      const whole = await build(dir);
      expect(whole.code, whole.stderr).toBe(0);
      expect(html(dir, 'en/docs/guides/deeper/setup/index.html').querySelectorAll('a').find((a) => a.text === 'in Chinese')!.getAttribute('href')).toBe('/docs/intro');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('pages that one locale has and another does not', () => {
  it('builds them, with the language menu leading to the home page of a locale that lacks the page and no hreflang for it', async () => {
    // The bundled site and its theme, whose language menu links every page to the other locale's.
    const dir = writeSite({
      'site.config.ts': readFileSync(join(REPO, 'site.config.ts'), 'utf8')
        .replace("announcements: { 'zh-Hans': '公告', en: 'Announcements' },", "announcements: { 'zh-Hans': '公告', en: 'Announcements' },\n      guides: { 'zh-Hans': '指南', en: 'Guides' },")
        .replace("scripts: ['/invite.js'],", `scripts: ['/invite.js'],\n  themeDir: ${JSON.stringify(join(REPO, 'theme'))},`),
    });
    cpSync(join(REPO, 'content'), join(dir, 'content'), { recursive: true });
    writeFileSync(join(dir, 'content/en/docs/english-only.md'), md({ title: 'English only', description: 'Only in English' }, 'For English readers.\n'));
    // The only post tagged guides: /en/blog/tags/guides has no Chinese counterpart either.
    writeFileSync(join(dir, 'content/en/blog/2025-11-20-guides.md'), md({ title: 'Guides', description: 'A post in English only', tags: ['guides'] }, 'Body.\n'));
    const result = await build(dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/broken-link/);
    expect(existsSync(join(dir, 'dist/docs/english-only/index.html'))).toBe(false);
    expect(existsSync(join(dir, 'dist/blog/tags/guides/index.html'))).toBe(false);
    const menu = (path: string) => html(dir, path).querySelectorAll('.locale-switch a').map((a) => `${a.getAttribute('hrefLang')} ${a.getAttribute('href')}`);
    const alternates = (path: string) => html(dir, path).querySelectorAll('link[rel=alternate][hreflang]').map((l) => l.getAttribute('hreflang'));
    for (const path of ['en/docs/english-only/index.html', 'en/blog/2025/11/20/guides/index.html', 'en/blog/tags/guides/index.html']) {
      expect(menu(path), path).toEqual(['zh-CN /', `en /${path.replace(/\/index\.html$/, '')}`]);
      expect(alternates(path), path).toEqual([]);
    }
    expect(JSON.parse(read(dir, 'en/docs/english-only/page-data.json')).locales).toEqual(['en']);
    // A page both locales have keeps its path in the other locale, and its alternates.
    expect(menu('en/docs/faqs/safe/index.html')).toEqual(['zh-CN /docs/faqs/safe', 'en /en/docs/faqs/safe']);
    expect(alternates('en/docs/faqs/safe/index.html')).toEqual(['zh-CN', 'en', 'x-default']);
    expect(JSON.parse(read(dir, 'en/docs/faqs/safe/page-data.json')).locales).toBeUndefined();
  }, 60_000);
});

describe("links to a page shown untranslated, in the default locale's words", () => {
  it("carry that locale's lang: previous / next, the blog's sidebar and archive, as the sidebar's do", async () => {
    const dir = writeSite({
      'site.config.ts': configSource().replace(/themeDir: .*,/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},`),
      'content/sidebars.yaml': 'docs:\n  - a\n  - b\n  - c\n',
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }),
      'content/zh-Hans/docs/b.md': md({ title: '仅中文', description: 'b' }),
      'content/zh-Hans/docs/c.md': md({ title: '丙', description: 'c' }),
      'content/en/docs/a.md': md({ title: 'Alpha', description: 'a' }),
      'content/en/docs/c.md': md({ title: 'Gamma', description: 'c' }),
      'content/zh-Hans/blog/2025-11-20-only.md': md({ title: '中文文章', description: 'p' }),
      'content/en/blog/2025-11-21-own.md': md({ title: 'Own post', description: 'p' }),
    });
    const result = await build(dir);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const langOf = (path: string, selector: string, text: string) => {
      const found = html(dir, path).querySelectorAll(selector).filter((el) => el.text.trim() === text);
      expect(found.length, `${path} ${selector} ${text}`).toBeGreaterThan(0);
      return found.map((el) => el.closest('[lang]')?.getAttribute('lang'));
    };
    expect(langOf('en/docs/a/index.html', '.paginator-title', '仅中文')).toEqual(['zh-CN']);
    expect(langOf('en/docs/c/index.html', '.paginator-title', '仅中文')).toEqual(['zh-CN']);
    expect(langOf('en/docs/b/index.html', '.paginator-title', 'Alpha')).toEqual(['en']);
    expect(langOf('en/blog/archive/index.html', '.archive-list a', '中文文章')).toEqual(['zh-CN']);
    expect(langOf('en/blog/archive/index.html', '.archive-list a', 'Own post')).toEqual(['en']);
    expect(langOf('en/blog/2025/11/21/own/index.html', '.blog-sidebar a', '中文文章')).toEqual(['zh-CN']);
    expect(langOf('en/blog/2025/11/21/own/index.html', '.paginator-title', '中文文章')).toEqual(['zh-CN']);
    // The page's own crumb, its title in Chinese on the untranslated copy.
    expect(langOf('en/docs/b/index.html', '.breadcrumbs-current', '仅中文')).toEqual(['zh-CN']);
    expect(langOf('en/docs/a/index.html', '.breadcrumbs-current', 'Alpha')).toEqual(['en']);
  }, 60_000);
});

describe('a right-to-left locale beside left-to-right ones', () => {
  it("lays out a page shown untranslated in its own language's direction, not the locale's", async () => {
    const config = configSource()
      .replace(/themeDir: .*,/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},`)
      .replace("en: { label: 'English', htmlLang: 'en' } }", "en: { label: 'English', htmlLang: 'en' }, ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' } }");
    const dir = writeSite({
      'site.config.ts': config,
      'content/sidebars.yaml': 'docs:\n  - a\n  - b\n',
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }, '## 小节\n\n中文的段落。\n'),
      'content/zh-Hans/docs/b.md': md({ title: '乙', description: 'b' }),
      'content/ar/docs/a.md': md({ title: 'ألف', description: 'a' }, '## قسم\n\nفقرة عربية.\n'),
      'content/zh-Hans/blog/2025-11-20-only.md': md({ title: '中文文章', description: 'p' }, '摘要。\n\n<!-- truncate -->\n\n正文。\n'),
    });
    try {
      const result = await build(dir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const dirOf = (path: string, selector: string) => html(dir, path).querySelectorAll(selector).map((el) => `${el.getAttribute('lang')} ${el.closest('[dir]')!.getAttribute('dir')}`);
      expect(html(dir, 'ar/docs/b/index.html').querySelector('html')!.getAttribute('dir')).toBe('rtl');
      // Before: lang="zh-CN" alone, the Chinese text laid out right to left under <html dir="rtl">.
      expect(dirOf('ar/docs/a/index.html', '.markdown')).toEqual(['undefined rtl']);
      expect(dirOf('ar/docs/b/index.html', '.markdown, h1.page-title')).toEqual(['zh-CN ltr', 'zh-CN ltr']);
      expect(dirOf('ar/blog/2025/11/20/only/index.html', '.markdown, h1.page-title')).toEqual(['zh-CN ltr', 'zh-CN ltr']);
      expect(dirOf('ar/blog/index.html', '.post-card-title, .post-excerpt')).toEqual(['zh-CN ltr', 'zh-CN ltr']);
      expect(dirOf('ar/docs/b/index.html', '.toc-list').every((d) => d === 'zh-CN ltr')).toBe(true);
      // A left-to-right locale's copy needs none: the direction is the page's.
      expect(html(dir, 'en/docs/b/index.html').querySelector('.markdown')!.getAttribute('dir')).toBeUndefined();
      // The config's title has no Arabic text: the Chinese one, in a left-to-right isolate (before: "测试站" read right to left).
      const arabic = html(dir, 'ar/docs/b/index.html');
      expect(arabic.querySelectorAll('.navbar-title').map((t) => t.text)).toEqual(['\u2066测试站\u2069', '\u2066测试站\u2069']);
      expect(arabic.querySelector('title')!.text).toMatch(/\u2066测试站\u2069$/);
      expect(html(dir, 'en/docs/b/index.html').querySelector('.navbar-title')!.text).toBe('Test site');
      expect(result.stdout + result.stderr).toContain('title: no "ar" text, so its pages show the zh-Hans one');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  describe('whose locale the theme has no texts for, on the bundled site\'s home page (product)', () => {
    const site = builtOnce(
      {
        'site.config.ts': configSource(`product: { latestVersion: '1.2.3', firstRelease: 2013, years: 12, github: 'https://github.com/x/y' }, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`)
          .replace(/themeDir: .*,/, `themeDir: ${JSON.stringify(join(REPO, 'theme'))},`)
          .replace("en: { label: 'English', htmlLang: 'en' } }", "en: { label: 'English', htmlLang: 'en' }, ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' }, fr: { label: 'Français', htmlLang: 'fr' } }"),
        'content/sidebars.yaml': 'docs:\n  - a\n',
        'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }),
        'content/ar/docs/a.md': md({ title: 'ألف', description: 'a' }, '## قسم\n\nفقرة عربية.\n'),
        'content/ar/blog/2025-11-20-post.md': md({ title: 'مقال', description: 'p', tags: ['news'] }, 'ملخص.\n'),
      },
      build,
    );

    it('builds its home page in the English texts (before: the build failed, "Cannot read properties of undefined (reading \'badge\')")', () => {
      expect(site.result.code, site.result.stdout + site.result.stderr).toBe(0);
      expect(site.result.stderr).toContain('the theme has no texts for the locale ar');
      expect(html(site.dir, 'ar/index.html').querySelector('.hero-lead')!.text).toContain('Select a sentence and its translation opens right beside it');
    });

    it('puts each English text in a left-to-right isolate on its pages, so that its punctuation and numbers stay where English puts them', () => {
      // Before: "Tags:" showed as ":Tags", "12 years of translating" as "years of translating 12", a sentence's full stop at its left.
      const LRI = '\u2066';
      const PDI = '\u2069';
      const doc = html(site.dir, 'ar/docs/a/index.html');
      expect(doc.querySelector('.toc-title')!.text).toBe(`${LRI}On this page${PDI}`);
      const post = html(site.dir, 'ar/blog/2025/11/20/post/index.html');
      expect(post.querySelector('.post-tags-label')!.text).toBe(`${LRI}Tags:${PDI}`);
      const home = html(site.dir, 'ar/index.html');
      expect(home.querySelectorAll('.home-pair h2').map((h) => h.text)).toContain(`${LRI}12 years of translating${PDI}`);
      expect(home.querySelector('.hero-lead')!.text).toMatch(/^\u2066Select a sentence.*in one panel\.\u2069$/);
      // What is not text, or has its own direction, is as it was: links, the demo's Chinese sample and its language.
      expect(home.querySelectorAll('.feature-link').map((a) => a.getAttribute('href'))).toContain('/ar/docs/guides/panel');
      expect(home.querySelector('.demo-text')!.getAttribute('lang')).toBe('zh-CN');
      expect(home.querySelector('.demo-text')!.text).not.toContain(LRI);
      // A tag page's title, the theme's words around the tag's label, runs in its own direction (<bdi>).
      expect(html(site.dir, 'ar/blog/tags/news/index.html').querySelector('h1.page-title > bdi')!.text).toContain('tagged');
      // Pages written left to right, and a locale with texts of its own, are as they were.
      for (const path of ['en/index.html', 'en/docs/a/index.html', 'index.html', 'docs/a/index.html']) expect(read(site.dir, path), path).not.toContain(LRI);
    });

    it('puts the English titles of the pages it makes in a left-to-right isolate, in <title> too, where a browser tab lays them out by their first letter', () => {
      // Before: a tab read 「Posts tagged “أخبار” · موقع」 left to right with the closing quote carried off with the Arabic after it.
      const titleOf = (path: string) => html(site.dir, path).querySelector('title')!.text;
      const siteTitle = (path: string) => html(site.dir, path).querySelector('.navbar-brand')!.text.trim();
      // The tag's label has no Arabic text: the Chinese one, in an isolate of its own too (the config's texts, resolveConfig.ts).
      expect(titleOf('ar/blog/tags/news/index.html')).toBe(`\u2066Posts tagged “\u2066新闻\u2069”\u2069 · ${siteTitle('ar/blog/tags/news/index.html')}`);
      expect(titleOf('ar/blog/tags/index.html')).toMatch(/^\u2066Tags\u2069 · /);
      expect(html(site.dir, 'ar/blog/tags/index.html').querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe('\u2066Tags\u2069');
      // Written left to right, English or French, they are as they were.
      expect(titleOf('ar/search/index.html')).toMatch(/^\u2066Search\u2069 · /);
      expect(titleOf('fr/search/index.html')).toMatch(/^Search · /);
      expect(titleOf('en/search/index.html')).toMatch(/^Search · /);
    });

    it('marks the English texts as English (lang="en") on the pages of a locale in another language, and the site\'s own texts and content as the page\'s', () => {
      // Before: they took the page's lang="ar" (or "fr"): screen readers read "On this page" with an Arabic voice.
      const langOf = (path: string, selector: string) => html(site.dir, path).querySelectorAll(selector).map((el) => el.closest('[lang]')!.getAttribute('lang'));
      for (const locale of ['ar', 'fr']) {
        const doc = `${locale}/docs/a/index.html`;
        expect(langOf(doc, 'a.skip-link, .doc-updated time, .footer-facts a'), doc).toEqual(Array(2 + 3).fill('en'));
        const home = `${locale}/index.html`;
        expect(langOf(home, '.hero-lead, .hero-actions a, .home-pair h2, .feature-card h3'), home).toEqual(expect.arrayContaining(['en']));
        expect(new Set(langOf(home, '.hero-lead, .hero-actions a, .home-pair h2, .feature-card h3'))).toEqual(new Set(['en']));
        expect(langOf(home, '.hero-title'), home).toEqual([locale]);
      }
      expect(langOf('ar/docs/a/index.html', '.toc-title, .paginator-sub')).toEqual(['en']);
      expect(langOf('ar/blog/2025/11/20/post/index.html', '.post-tags-label, .post-meta time')).toEqual(['en', 'en']);
      expect(langOf('ar/docs/a/index.html', '.markdown h2')).toEqual(['ar']);
      // English's own pages and a locale with texts of its own carry none but the language menu's English (and the home page demo's sample sentence, English on the Chinese one).
      for (const path of ['en/docs/a/index.html', 'en/index.html', 'docs/a/index.html', 'index.html']) {
        const english = html(site.dir, path).querySelectorAll('body [lang="en"]').filter((el) => !el.classList.contains('demo-text'));
        expect(english.map((el) => el.text.trim()), path).toEqual(['English']);
      }
    });
  });

  it("warns at the project's copy of loaders.ts that loads English from en.ts (made before en.client.ts was), whose texts its pages then show as the browser will, not isolated", async () => {
    // Before: no word, the server isolated the texts and the browser did not: React error 418 on every page.
    const dir = writeSite({
      'site.config.ts': configSource(`links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`)
        .replace(/themeDir: .*,/, '')
        .replace("en: { label: 'English', htmlLang: 'en' } }", "en: { label: 'English', htmlLang: 'en' }, ar: { label: 'العربية', htmlLang: 'ar', direction: 'rtl' } }"),
      'theme/i18n/loaders.ts': readFileSync(join(REPO, 'theme/i18n/loaders.ts'), 'utf8').replace("en: () => import('./en.client.js')", "en: () => import('./en.js')"),
      'content/sidebars.yaml': 'docs:\n  - a\n',
      'content/zh-Hans/docs/a.md': md({ title: '甲', description: 'a' }),
      'content/ar/docs/a.md': md({ title: 'ألف', description: 'a' }, '## قسم\n\nفقرة.\n'),
    });
    try {
      const result = await build(dir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stderr).toContain(
        'theme/i18n/loaders.ts warning[theme] the browser loads the English texts that the pages of ar show from en.js, not en.client.js, so they are not isolated left to right and read the wrong way round on those pages written right to left ("Tags:" as ":Tags")\n' +
          "  hint: load them through en.client.ts, as sitegen's theme/i18n/loaders.ts does: en: () => import('./en.client.js')",
      );
      expect(html(dir, 'ar/docs/a/index.html').querySelector('.toc-title')!.text).toBe('On this page');
      // Put right, the warning goes and the texts are isolated.
      writeFileSync(join(dir, 'theme/i18n/loaders.ts'), readFileSync(join(REPO, 'theme/i18n/loaders.ts')));
      const fixed = await build(dir);
      expect(fixed.stderr).not.toContain('en.client.js');
      expect(html(dir, 'ar/docs/a/index.html').querySelector('.toc-title')!.text).toBe('\u2066On this page\u2069');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('blog.sidebarCount', () => {
  const blogSite = (count: string) =>
    writeSite({
      // The theme's home page links to the bundled site's docs, which this site does not have.
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' }, blog: { sidebarCount: ${count}, tags: { news: 'News' }, authors: { team: { name: 'Team' } } },`),
      ...Object.fromEntries([1, 2, 3].map((i) => [`content/zh-Hans/blog/2024-05-0${i}-p${i}.md`, md({ title: `第 ${i} 篇`, description: `d${i}`, tags: ['news'], authors: ['team'] }, `正文 ${i}。\n`)])),
    });
  /** The post titles the desktop blog sidebar and the mobile panel list on a page, and the one marked current. */
  const sidebar = (dir: string, path: string) => {
    const page = html(dir, path);
    const list = (selector: string) => page.querySelectorAll(`${selector} a`).map((a) => a.text.trim());
    return { column: list('.blog-sidebar .blog-posts'), panel: list('.navbar-sidebar .blog-posts'), current: page.querySelectorAll('.blog-sidebar [aria-current="page"]').map((a) => a.text.trim()), titles: page.querySelectorAll('.blog-sidebar-title, .navbar-blog-posts .menu-heading').map((p) => p.text.trim()) };
  };

  it('lists the newest posts in the blog sidebar, every one with ALL and none with 0', async () => {
    const two = blogSite('2');
    const built = await build(two);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    // Named as the newest posts, not as every one.
    expect(sidebar(two, 'blog/index.html')).toMatchObject({ column: ['第 3 篇', '第 2 篇'], panel: ['第 3 篇', '第 2 篇'], titles: ['最近文章', '最近文章'] });
    expect(sidebar(two, 'blog/2024/05/02/p2/index.html')).toMatchObject({ column: ['第 3 篇', '第 2 篇'], current: ['第 2 篇'] });
    // The oldest post's own page still has the sidebar of the newest two, none of them current.
    expect(sidebar(two, 'blog/2024/05/01/p1/index.html')).toMatchObject({ column: ['第 3 篇', '第 2 篇'], current: [] });
    const all = blogSite("'ALL'");
    expect((await build(all)).code).toBe(0);
    expect(sidebar(all, 'blog/index.html')).toMatchObject({ column: ['第 3 篇', '第 2 篇', '第 1 篇'], titles: ['全部文章', '全部文章'] });
    const none = blogSite('0');
    expect((await build(none)).code).toBe(0);
    expect(html(none, 'blog/index.html').querySelector('.blog-sidebar')).toBeNull();
  }, 60_000);
});

describe("a theme's CSS", () => {
  it('keeps a root-relative url() as a path of the site, under baseUrl, for a static file', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/', themeDir: 'theme',"),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
      'content/static/img/paper.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    cpSync(join(REPO, 'test/fixtures/themes/minimal'), join(dir, 'theme'), { recursive: true });
    writeFileSync(join(dir, 'theme/style.css'), `${readFileSync(join(dir, 'theme/style.css'), 'utf8')}\nbody { background: url(/img/paper.svg); }\n`);
    const r = await build(dir);
    expect(r.code, JSON.stringify(r)).toBe(0);
    const css = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.css'));
    expect(css).toHaveLength(1);
    expect(readFileSync(join(dir, 'dist/assets', css[0]!), 'utf8')).toContain('url(/repo/img/paper.svg)');
    expect(existsSync(join(dir, 'dist/img/paper.svg'))).toBe(true);
  }, 60_000);
});

describe('blog lists', () => {
  it('show a post without <!-- truncate --> whole, without its heading ids, its in-page links led to the post', async () => {
    const post = (day: string) => md({ title: `Post ${day}`, description: 'd' }, `Intro[^1], see [setup](#setup).\n\n[^1]: A note.\n\n## Setup\n\nText ${day}, and [the other](../0${day === '01' ? 2 : 1}/${day === '01' ? 'b' : 'a'}).\n\n\`\`\`bash\necho '<img src="logo.png">'\n\`\`\`\n`);
    const dir = writeSite({
      'content/zh-Hans/blog/2025-01-01-a.md': post('01'),
      'content/zh-Hans/blog/2025-01-02-b.md': post('02'),
      // A `$` in the address is an address, not a replacement pattern.
      'content/zh-Hans/blog/2025-01-03-c.md': md({ title: 'C', description: 'c', slug: 'save-$1-now' }, 'See [below](#below).\n\n## Below\n\nText.\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stderr).toBe(0);
    const list = html(dir, 'blog/index.html');
    // Two posts with `## Setup` had given the list page the id `setup` twice, and `#setup` led to the first.
    expect(list.querySelectorAll('[id="setup"]')).toHaveLength(0);
    // Nor its footnotes' ids; a reference leads to its note on the post's page, and the notes are left
    // out, as an excerpt leaves them: their heading, an <h2> as the post's title in the list is, broke the outline.
    expect(list.querySelectorAll('[id*="fn"]')).toHaveLength(0);
    expect(list.querySelectorAll('article sup a').map((a) => a.getAttribute('href'))).toEqual(['/blog/2025/01/02/b#user-content-fn-1', '/blog/2025/01/01/a#user-content-fn-1']);
    expect(list.querySelectorAll('.footnotes')).toHaveLength(0);
    // The post's headings sit a level under its title (an <h2> of the list): `## Setup` is an <h3> there.
    expect(list.querySelectorAll('h2').map((h) => h.text.trim())).toEqual([]);
    expect(list.querySelectorAll('h3').map((h) => h.text.trim())).toEqual(['Below', 'Setup', 'Setup']);
    expect(list.querySelectorAll('a').map((a) => a.getAttribute('href')).filter((h) => h?.endsWith('#setup')).sort()).toEqual(['/blog/2025/01/01/a#setup', '/blog/2025/01/02/b#setup']);
    // A relative link leads where it leads from the post's page; code is left as it is written.
    expect(list.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining(['/blog/2025/01/02/b', '/blog/2025/01/01/a', '/blog/2025/01/03/save-$1-now#below']));
    expect(read(dir, 'blog/index.html')).toContain('logo.png');
    expect(read(dir, 'blog/index.html')).not.toMatch(/\/blog\/2025\/01\/logo\.png/);
    // The post's own page keeps them.
    const page = html(dir, 'blog/2025/01/02/b/index.html');
    expect(page.querySelectorAll('h2#setup')).toHaveLength(1);
    expect(page.querySelectorAll('.footnotes li#user-content-fn-1').map((li) => li.text.trim())).toEqual(['A note. ↩']);
    expect(page.querySelectorAll('a[href="#setup"]').map((a) => a.text.trim())).toContain('setup');
  }, 60_000);
});

describe('footnotes', () => {
  it("tell a label defined twice at the second definition's line, keep the notes' ids apart from the headings' ids, and nest no link in another", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md(
        { title: 'A', description: 'a' },
        '## user-content-fn-1\n\n正文[^1]，[见[^ü]](./b.md)，[^my note]。\n\n[^1]: 第一条。\n[^ü]: 变音。\n\n[^1]: 第二条。\n',
      ),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, '[回到 A 的脚注](./a.md#user-content-fn-%C3%BC)。\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = (r.stdout + r.stderr).split('\n').filter((line) => line.startsWith('content/'));
    expect(out).toEqual([
      "content/zh-Hans/docs/a.md:8 warning[markdown] [^my note] is not a footnote: a footnote's label has no spaces (as on GitHub), so it shows as written",
      'content/zh-Hans/docs/a.md:13 warning[markdown] footnote [^1] is defined already at line 10, so this note is not shown (the first one is, as on GitHub)',
    ]);
    const page = html(dir, 'docs/a/index.html');
    const ids = page.querySelectorAll('[id]').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.querySelectorAll('h2').map((h) => h.id)).toContain('user-content-fn-1-1');
    expect(page.querySelectorAll('a a')).toHaveLength(0);
    expect(page.querySelectorAll('.footnotes li').map((li) => [li.id, li.text.trim()])).toEqual([
      ['user-content-fn-1', '第一条。 ↩'],
      ['user-content-fn-ü', '变音。 ↩'],
    ]);
  }, 60_000);
});

describe('static files the site also makes', () => {
  it("copies the site's own robots.txt instead of making one, tells when it does not name the sitemap, and warns of a file the site replaces", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
      'content/static/robots.txt': 'User-agent: *\nDisallow: /drafts/\n',
      'content/static/sitemap.xml': '<urlset/>',
    });
    const r = await build(dir);
    expect(r.code, r.stderr).toBe(0);
    expect(read(dir, 'robots.txt')).toBe('User-agent: *\nDisallow: /drafts/\n');
    expect(read(dir, 'sitemap.xml')).toContain('<loc>https://test.example/docs/a</loc>');
    expect(r.stdout + r.stderr).toContain('content/static/sitemap.xml warning[static] the site makes /sitemap.xml itself, so this file is not copied');
    expect(r.stdout + r.stderr).toContain('content/static/robots.txt warning[static] this robots.txt replaces the one the site makes, and does not say where the sitemap is\n  hint: add the line: Sitemap: https://test.example/sitemap.xml');
    // Naming the sitemap, it is copied without a word; without it, the site makes its own again.
    writeFileSync(join(dir, 'content/static/robots.txt'), 'User-agent: *\nDisallow: /drafts/\n\nSitemap: https://test.example/sitemap.xml\n');
    const again = await build(dir);
    expect(again.stdout + again.stderr).not.toContain('robots.txt warning');
    expect(read(dir, 'robots.txt')).toContain('Disallow: /drafts/');
    rmSync(join(dir, 'content/static/robots.txt'));
    expect((await build(dir)).code).toBe(0);
    expect(read(dir, 'robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://test.example/sitemap.xml\n');
  }, 60_000);
});

describe('static HTML pages', () => {
  it("judges a link's anchor into one by its ids, as check-links does, and again once the file changes", async () => {
    const dir = writeSite({
      'content/static/landing/index.html': '<!DOCTYPE html>\n<html><body><h1 id="top-offer">Offer</h1></body></html>\n',
      'content/static/demo.html': '<!DOCTYPE html>\n<html><body><p id="step-1">One</p></body></html>\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [offer](/landing#top-offer), [nope](/landing/#nope), [step](/demo.html#step-1) and [gone](/demo.html#step-2).\n'),
    });
    const brokenOf = (r: { stdout: string; stderr: string }) => (r.stdout + r.stderr).split('\n').filter((l) => /(warning|error)\[broken/.test(l));
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(brokenOf(r)).toEqual([
      'content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /landing/',
      'content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #step-2 does not exist on /demo.html',
    ]);
    // The build cache's link state holds while the file is the same, and not once an id is added.
    writeFileSync(join(dir, 'content/static/demo.html'), '<!DOCTYPE html>\n<html><body><p id="step-1">One</p><p id="step-2">Two</p></body></html>\n');
    expect(brokenOf(await build(dir))).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /landing/']);
  }, 60_000);
});

describe('aliases: earlier addresses of a page', () => {
  const page = (extra: Record<string, unknown>, body = 'Text.\n') => md({ title: '历史', description: 'h', ...extra }, body);

  it('make a page at each that sends the reader on, in the locale of the page and of its fallback copy', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/histroy.md': page({ aliases: ['/docs/history', '/docs/about/history/', '/docs/history-v11.6'] }),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [the history](/docs/history) and [again](/docs/about/history/).\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const redirect = read(dir, 'docs/history/index.html');
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=/docs/histroy">');
    expect(redirect).toContain('<script>location.replace("/docs/histroy" + location.search + location.hash)</script>');
    expect(redirect).toContain('<link rel="canonical" href="https://test.example/docs/histroy">');
    expect(redirect).toContain('<meta name="robots" content="noindex">');
    expect(redirect).toContain('<html lang="zh-CN">');
    expect(read(dir, 'docs/about/history/index.html')).toContain('url=/docs/histroy"');
    // A dot and digits in the last part are a version, not a file's extension.
    expect(read(dir, 'docs/history-v11.6/index.html')).toContain('url=/docs/histroy"');
    // The English fallback copy has its original's aliases in English.
    expect(read(dir, 'en/docs/history/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/en/docs/histroy">');
    expect(read(dir, '_redirects')).toBe('# Earlier addresses of pages (front matter aliases), for hosts that read this file.\n/docs/history /docs/histroy 301\n/docs/about/history/ /docs/histroy 301\n/docs/history-v11.6 /docs/histroy 301\n/en/docs/history /en/docs/histroy 301\n/en/docs/about/history/ /en/docs/histroy 301\n/en/docs/history-v11.6 /en/docs/histroy 301\n# The docs\' roots, which no page has: to the first page of their sidebar.\n/docs/ /docs/a 302\n/en/docs/ /en/docs/a 302\n');
    expect(read(dir, 'sitemap.xml')).not.toContain('/history<');
  }, 60_000);

  it('are links that work, their anchors judged against the page they lead to', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/histroy.md': page({ aliases: ['/docs/history'] }, '## 2013 {#2013}\n\nText.\n'),
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'See [2013](/docs/history#2013), [nope](/docs/history#nope) and [the page](/docs/history/).\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const problems = (r.stdout + r.stderr).split('\n').filter((l) => /(warning|error)\[broken/.test(l));
    expect(problems).toEqual(['content/zh-Hans/docs/a.md:6 warning[broken-anchor] anchor #nope does not exist on /docs/history']);
  }, 60_000);

  it("keep a site's own _redirects (its rules first), and take an alias written with its locale's prefix as it is", async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/histroy.md': page({ aliases: ['/docs/history'] }),
      'content/en/docs/histroy.md': md({ title: 'History', description: 'h', aliases: ['/en/docs/old-history'] }, 'Text.\n'),
      'content/static/_redirects': '/api/*  https://api.example.com/:splat  200',
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('_redirects');
    expect(read(dir, '_redirects')).toBe('/api/*  https://api.example.com/:splat  200\n# Earlier addresses of pages (front matter aliases), for hosts that read this file.\n/docs/history /docs/histroy 301\n/en/docs/old-history /en/docs/histroy 301\n# The docs\' roots, which no page has: to the first page of their sidebar.\n/docs/ /docs/histroy 302\n/en/docs/ /en/docs/histroy 302\n');
    expect(read(dir, 'en/docs/old-history/index.html')).toContain('url=/en/docs/histroy"');
    expect(existsSync(join(dir, 'dist/en/en'))).toBe(false);
  }, 60_000);

  it('that are not site paths, are a page\'s address, or lead to two pages: an error each at its line, told once for the fallback copy too', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\naliases:\n  - docs/old\n  - /docs/b\n  - /docs/a\n  - /docs/x?y\n  - /docs/shared\n---\nText.\n',
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: b\naliases: [/docs/shared, /search]\n---\nText.\n',
      'content/zh-Hans/docs/c.md': '---\ntitle: C\ndescription: c\naliases: ["/docs/old\\0x", /docs/*, /docs/:slug/old, /sitemap.xml, /docs/C]\n---\nText.\n',
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    const errors = (r.stdout + r.stderr).split('\n').filter((l) => l.includes('error[front-matter] aliases'));
    expect(errors.sort()).toEqual([
      'content/zh-Hans/docs/a.md:5 error[front-matter] aliases: "docs/old" is not a site path',
      'content/zh-Hans/docs/a.md:6 error[front-matter] aliases: /docs/b is the address of a page (content/zh-Hans/docs/b.md), which the alias would replace',
      'content/zh-Hans/docs/a.md:7 error[front-matter] aliases: /docs/a is this page\'s own address',
      'content/zh-Hans/docs/a.md:8 error[front-matter] aliases: "/docs/x?y" is not an address a page can have (a space, "?", "#", "%", "\\", "*", ":", "//", or a "." or ".." segment)',
      'content/zh-Hans/docs/b.md:4 error[front-matter] aliases: /docs/shared is already an alias of content/zh-Hans/docs/a.md',
      'content/zh-Hans/docs/b.md:4 error[front-matter] aliases: /search is the address of a page (one the site makes), which the alias would replace',
      'content/zh-Hans/docs/c.md:4 error[front-matter] aliases: "/docs/*" is not an address a page can have (a space, "?", "#", "%", "\\", "*", ":", "//", or a "." or ".." segment)',
      'content/zh-Hans/docs/c.md:4 error[front-matter] aliases: "/docs/:slug/old" is not an address a page can have (a space, "?", "#", "%", "\\", "*", ":", "//", or a "." or ".." segment)',
      'content/zh-Hans/docs/c.md:4 error[front-matter] aliases: "/docs/old\\u0000x" is not an address a page can have (a space, "?", "#", "%", "\\", "*", ":", "//", or a "." or ".." segment)',
      'content/zh-Hans/docs/c.md:4 error[front-matter] aliases: /docs/C is this page\'s own address in other letters',
      'content/zh-Hans/docs/c.md:4 error[front-matter] aliases: /sitemap.xml is the address of a file, not of a page',
    ].sort());
    expect(r.stdout + r.stderr).toContain('hint: write it from the locale\'s root, as a link would be: /docs/old');
  }, 60_000);
});

describe('the docs root, /docs/, where no page is', () => {
  const doc = (title: string, extra: Record<string, unknown> = {}, body = 'Text.\n') => md({ title, description: 'd', ...extra }, body);

  it("leads to the first page of the sidebar in each locale (a 302 for hosts that read _redirects), a link to it works, and the sitemap leaves it out", async () => {
    const dir = writeSite({
      // The sidebar's first doc is not the first by name, nor the shortest address.
      'content/sidebars.yaml': 'guide:\n  - type: category\n    label: Start\n    items:\n      - welcome\n      - a\n',
      'content/zh-Hans/docs/a.md': doc('甲', {}, '回到[文档](/docs/)。\n'),
      'content/zh-Hans/docs/welcome.md': doc('欢迎'),
      'content/en/docs/welcome.md': doc('Welcome'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect((r.stdout + r.stderr).split('\n').filter((l) => /(warning|error)\[/.test(l))).toEqual([]);
    const zh = read(dir, 'docs/index.html');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('<title>欢迎</title>');
    expect(zh).toContain('<meta http-equiv="refresh" content="0; url=/docs/welcome">');
    expect(zh).toContain('<meta name="robots" content="noindex">');
    expect(read(dir, 'en/docs/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/en/docs/welcome">');
    expect(read(dir, 'en/docs/index.html')).toContain('<title>Welcome</title>');
    expect(read(dir, '_redirects')).toBe("# The docs' roots, which no page has: to the first page of their sidebar.\n/docs/ /docs/welcome 302\n/en/docs/ /en/docs/welcome 302\n");
    expect(read(dir, 'sitemap.xml')).not.toMatch(/\/docs\/?</);
  }, 60_000);

  it('is left to a doc there, an alias, a static file or a rule of the site\'s own _redirects', async () => {
    const atRoot = writeSite({
      'content/zh-Hans/docs/index.md': doc('文档首页', { slug: '/' }),
      'content/zh-Hans/docs/b.md': doc('乙'),
    });
    expect((await build(atRoot)).code).toBe(0);
    expect(read(atRoot, 'docs/index.html')).toContain('文档首页');
    expect(read(atRoot, 'docs/index.html')).not.toContain('http-equiv="refresh"');
    const ruled = writeSite({
      'content/zh-Hans/docs/b.md': doc('乙'),
      'content/en/docs/b.md': doc('B', { aliases: ['/docs/'] }),
      'content/static/docs/index.html': '<!DOCTYPE html>\n<html><head><title>Docs</title></head><body><p>Our own.</p></body></html>\n',
    });
    const r = await build(ruled);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect((r.stdout + r.stderr).split('\n').filter((l) => /(warning|error)\[/.test(l))).toEqual([]);
    expect(read(ruled, 'docs/index.html')).toContain('Our own.');
    expect(read(ruled, 'en/docs/index.html')).toContain('url=/en/docs/b"');
    expect(read(ruled, '_redirects')).not.toContain('302');
    const own = writeSite({ 'content/zh-Hans/docs/b.md': doc('乙'), 'content/static/_redirects': '/docs /docs/b 301\n/en/docs/ https://example.org/en/ 301\n' });
    expect((await build(own)).code).toBe(0);
    expect(existsSync(join(own, 'dist/docs/index.html'))).toBe(false);
    expect(existsSync(join(own, 'dist/en/docs/index.html'))).toBe(false);
    // Under a baseUrl the rules are written with it, as the host reads them; a splat covers the root, a catch-all does not.
    const based = writeSite({
      'site.config.ts': configSource("baseUrl: '/repo/',"),
      'content/zh-Hans/docs/b.md': doc('乙'),
      'content/static/_redirects': '/repo/docs/* /repo/guide/:splat 301\n/* /repo/index.html 200\n',
    });
    expect((await build(based)).code).toBe(0);
    expect(existsSync(join(based, 'dist/docs/index.html'))).toBe(false);
    expect(read(based, 'en/docs/index.html')).toContain('url=/repo/en/docs/b"');
  }, 60_000);
});

describe('files beside the pages', () => {
  const SVG = (w: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20"/>`;

  it('are published under the locale, linked from wherever the page is served, sized, and checked', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/guides/card.md': md({ title: '卡片', description: 'c', slug: 'the-card' }, '![卡片](./img/card.svg)\n\n[下载说明](<img/说明 1.pdf>) and [v11.6](v11.6) and [up](../other.txt).\n'),
      'content/zh-Hans/docs/guides/img/card.svg': SVG(40),
      'content/zh-Hans/docs/guides/img/说明 1.pdf': '%PDF-1.4',
      'content/zh-Hans/docs/guides/v11.6.md': md({ title: 'v11.6', description: 'v' }, 'Text.\n'),
      'content/zh-Hans/docs/other.txt': 'text',
      'content/en/docs/guides/v11.6.md': md({ title: 'v11.6', description: 'v' }, 'Text.\n'),
      'content/zh-Hans/blog/2025-12-06-bundle/index.md': md({ title: '包', description: 'b' }, '![pic](./pic.svg)\n'),
      'content/zh-Hans/blog/2025-12-06-bundle/pic.svg': SVG(30),
      'content/zh-Hans/docs/_drafts/secret.png': 'not published',
      // A name with `#`, linked percent-encoded; an editor's backups; a file at the address of a page.
      'content/zh-Hans/docs/guides/img/c#1.svg': SVG(10),
      'content/zh-Hans/docs/guides/hash.md': md({ title: 'Hash', description: 'h' }, '![c](./img/c%231.svg)\n'),
      'content/zh-Hans/docs/guides/card.md~': 'old draft',
      'content/zh-Hans/docs/guides/card.md.orig': 'merge leftover',
      'content/zh-Hans/docs/guides/the-card/index.html': '<p>shadowed</p>',
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // The page has another address (its slug): the image is still found, at its place in the content.
    const card = html(dir, 'docs/guides/the-card/index.html');
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/docs/guides/img/card.svg');
    expect(card.querySelector('img')!.getAttribute('width')).toBe('40');
    expect(card.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining(['/docs/guides/img/说明%201.pdf', 'v11.6', '/docs/other.txt']));
    expect(read(dir, 'docs/guides/img/card.svg')).toBe(SVG(40));
    expect(read(dir, 'docs/guides/img/说明 1.pdf')).toBe('%PDF-1.4');
    expect(read(dir, 'docs/other.txt')).toBe('text');
    // The English fallback copy shows the Chinese page's files, where they are published.
    expect(html(dir, 'en/docs/guides/the-card/index.html').querySelector('img')!.getAttribute('src')).toBe('/docs/guides/img/card.svg');
    expect(existsSync(join(dir, 'dist/en/docs/guides/img/card.svg'))).toBe(false);
    // A post in a folder of its own, with its picture beside it.
    expect(html(dir, 'blog/2025/12/06/bundle/index.html').querySelector('img')!.getAttribute('src')).toBe('/blog/2025-12-06-bundle/pic.svg');
    expect(read(dir, 'blog/2025-12-06-bundle/pic.svg')).toBe(SVG(30));
    // Partials and leftovers stay out; a file at a page's address is told.
    expect(existsSync(join(dir, 'dist/docs/_drafts'))).toBe(false);
    expect(existsSync(join(dir, 'dist/docs/guides/card.md~'))).toBe(false);
    expect(existsSync(join(dir, 'dist/docs/guides/card.md.orig'))).toBe(false);
    expect(r.stdout + r.stderr).toContain('content/zh-Hans/docs/guides/the-card/index.html warning[static] the site makes /docs/guides/the-card/index.html itself, so this file is not copied');
    expect(html(dir, 'docs/guides/hash/index.html').querySelector('img')!.getAttribute('src')).toBe('/docs/guides/img/c%231.svg');
    expect(read(dir, 'docs/guides/img/c#1.svg')).toBe(SVG(10));
    // A changed file is published again by a warm build; one that is gone is a broken image at its line.
    writeFileSync(join(dir, 'content/zh-Hans/docs/guides/img/card.svg'), SVG(50));
    expect((await build(dir)).code).toBe(0);
    expect(read(dir, 'docs/guides/img/card.svg')).toBe(SVG(50));
    expect(html(dir, 'docs/guides/the-card/index.html').querySelector('img')!.getAttribute('width')).toBe('50');
    rmSync(join(dir, 'content/zh-Hans/docs/guides/img/card.svg'));
    const gone = await build(dir);
    expect(gone.code).toBe(1);
    expect(gone.stdout + gone.stderr).toContain('content/zh-Hans/docs/guides/card.md:7 error[broken-image] image /docs/guides/img/card.svg does not exist');
  }, 60_000);

  it('of the default locale are published by a build of another locale alone when its fallback copies show them', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/card.md': md({ title: '卡片', description: 'c' }, '![卡片](./img/card.svg)\n'),
      'content/zh-Hans/docs/img/card.svg': SVG(40),
      'content/zh-Hans/docs/img/unused.svg': SVG(10),
      'content/zh-Hans/docs/own.md': md({ title: '自己', description: 'o' }, '![pic](./img/own.svg)\n'),
      'content/zh-Hans/docs/img/own.svg': SVG(20),
      'content/en/docs/own.md': md({ title: 'Own', description: 'o' }, '![pic](./img/own-en.svg)\n'),
      'content/en/docs/img/own-en.svg': SVG(30),
    });
    const r = await build(dir, ['--locale', 'en']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(html(dir, 'en/docs/card/index.html').querySelector('img')!.getAttribute('src')).toBe('/docs/img/card.svg');
    expect(read(dir, 'docs/img/card.svg')).toBe(SVG(40));
    expect(read(dir, 'en/docs/img/own-en.svg')).toBe(SVG(30));
    // Only what the English pages show: the Chinese page's own picture and a file nothing shows stay out.
    expect(existsSync(join(dir, 'dist/docs/img/own.svg'))).toBe(false);
    expect(existsSync(join(dir, 'dist/docs/img/unused.svg'))).toBe(false);
    expect(existsSync(join(dir, 'dist/docs/card/index.html'))).toBe(false);
  }, 60_000);
});

describe("Docusaurus's front matter of a doc", () => {
  const data = (dir: string, path: string) => JSON.parse(read(dir, `${path}/page-data.json`)).data;

  it('sets its table of contents levels, its edit link and its previous and next docs; sidebar_position on a doc sidebars.yaml names is told it does nothing', async () => {
    const dir = writeSite({
      'site.config.ts': configSource("docs: { editUrl: 'https://git.example/edit/main/content' },"),
      'content/sidebars.yaml': 'guide:\n  - a\n  - b\n  - c\n',
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\ntoc_max_heading_level: 4\npagination_next: c\ncustom_edit_url: https://elsewhere.example/a.md\n---\n## Two\n\n### Three\n\n#### Four\n',
      'content/zh-Hans/docs/b.md': '---\ntitle: B\ndescription: b\ntoc_min_heading_level: 3\ntoc_max_heading_level: 3\npagination_prev: null\ncustom_edit_url: null\nsidebar_position: 2\n---\n## Two\n\n### Three\n',
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'c' }, '## Two\n\n### Three\n\n#### Four\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const [a, b, c] = ['docs/a', 'docs/b', 'docs/c'].map((path) => data(dir, path));
    expect(a.toc.map((h: { depth: number }) => h.depth)).toEqual([2, 3, 4]);
    expect(b.toc.map((h: { depth: number }) => h.depth)).toEqual([3]);
    expect(c.toc.map((h: { depth: number }) => h.depth)).toEqual([2, 3]);
    expect(a.next).toEqual({ label: 'C', href: '/docs/c' });
    expect(b.prev).toBeNull();
    expect(b.next).toEqual({ label: 'C', href: '/docs/c' });
    expect(c.prev).toEqual({ label: 'B', href: '/docs/b' });
    expect([a.editUrl, b.editUrl, c.editUrl]).toEqual(['https://elsewhere.example/a.md', null, 'https://git.example/edit/main/content/zh-Hans/docs/c.md']);
    expect(r.stdout + r.stderr).toContain('content/zh-Hans/docs/b.md:8 warning[front-matter] sidebar_position: content/sidebars.yaml:3 names this doc, and that is its place, so this does nothing');
  }, 60_000);

  it("sets a post's table of contents as a doc's: hide_table_of_contents, and its heading levels", async () => {
    const body = '## Two\n\n### Three\n\n#### Four\n';
    const dir = writeSite({
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
      'content/zh-Hans/blog/2025-01-01-hidden.md': `---\ntitle: H\ndescription: h\nhide_table_of_contents: true\n---\n${body}`,
      'content/zh-Hans/blog/2025-01-02-levels.md': `---\ntitle: L\ndescription: l\ntoc_min_heading_level: 3\ntoc_max_heading_level: 4\n---\n${body}`,
      'content/zh-Hans/blog/2025-01-03-plain.md': `---\ntitle: P\ndescription: p\n---\n${body}`,
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const depths = (path: string) => data(dir, path).toc.map((h: { depth: number }) => h.depth);
    expect([depths('blog/2025/01/01/hidden'), depths('blog/2025/01/02/levels'), depths('blog/2025/01/03/plain')]).toEqual([[], [3, 4], [2, 3]]);
    expect(html(dir, 'blog/2025/01/01/hidden/index.html').querySelectorAll('.toc, .toc-collapsible')).toHaveLength(0);
    expect(html(dir, 'blog/2025/01/02/levels/index.html').querySelectorAll('aside.toc a').map((a) => a.text)).toEqual(['Three', 'Four']);
    // Before: the build also said "toc_min_heading_level: only docs use it; on a post it is ignored" for the levels it had just read.
    expect((r.stdout + r.stderr).split('\n').filter((l) => /warning\[front-matter\]/.test(l))).toEqual([]);
  }, 60_000);

  it('hides the title with hide_title: kept for screen readers, or left to the body\'s own # heading; a warning on a post', async () => {
    const dir = writeSite({
      // The default theme (the home page's links to this site's docs are not checked).
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
      'content/zh-Hans/docs/a.md': '---\ntitle: A title\ndescription: a\nhide_title: true\n---\n## Two\n',
      'content/zh-Hans/docs/b.md': '---\ntitle: B title\ndescription: b\nhide_title: true\n---\n# A banner of its own\n\nText.\n\n# Another\n',
      // A # heading elsewhere (in a quote, after the intro) does not take the title's place.
      'content/zh-Hans/docs/c.md': '---\ntitle: C title\ndescription: c\nhide_title: true\n---\n> # Quoted\n\nText.\n',
      'content/zh-Hans/docs/d.md': '---\ntitle: D title\ndescription: d\nhide_title: true\n---\nIntro.\n\n# Banner\n',
      'content/zh-Hans/pages/about.md': '---\ntitle: About\ndescription: p\nhide_title: true\n---\nText.\n',
      'content/zh-Hans/blog/2025-01-01-p.md': '---\ntitle: P\ndescription: p\nhide_title: true\n---\nText.\n',
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const h1s = (path: string) => html(dir, path).querySelectorAll('main h1').map((h) => `${h.getAttribute('class') ?? ''}|${h.text.replace(/#$/, '')}`);
    expect(h1s('docs/a/index.html')).toEqual(['page-title sr-only|A title']);
    expect(h1s('docs/b/index.html')).toEqual(['|A banner of its own', '|Another']);
    expect(h1s('about/index.html')).toEqual(['page-title sr-only|About']);
    expect(h1s('docs/c/index.html')).toEqual(['page-title sr-only|C title', '|Quoted']);
    expect(h1s('docs/d/index.html')).toEqual(['page-title sr-only|D title', '|Banner']);
    expect(h1s('blog/2025/01/01/p/index.html').map((h) => h.split('|')[1])).toEqual(['P']);
    // The page's <title> and share title are still the title.
    expect(html(dir, 'docs/b/index.html').querySelector('title')!.text).toContain('B title');
    const lines = (r.stdout + r.stderr).split('\n').filter((l) => /warning\[(markdown|front-matter)\]/.test(l));
    expect(lines).toEqual([
      // Free pages read it too (about.md above): the warning said "only docs use it".
      'content/zh-Hans/blog/2025-01-01-p.md:4 warning[front-matter] hide_title: only docs and free pages use it; on a post it is ignored',
      'content/zh-Hans/docs/b.md:10 warning[markdown] "# Another" is a second <h1>: the page\'s title (title: in the front matter) is its first',
      'content/zh-Hans/docs/d.md:8 warning[markdown] "# Banner" is a second <h1>: the page\'s title (title: in the front matter) is its first',
    ]);
  }, 60_000);

  it('is an error where it names no doc or an empty table of contents, and a warning on a post', async () => {
    const dir = writeSite({
      'content/zh-Hans/docs/a.md': '---\ntitle: A\ndescription: a\npagination_next: guides/crad\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n---\nText.\n',
      'content/zh-Hans/docs/guides/card.md': md({ title: 'Card', description: 'c' }, 'Text.\n'),
      'content/zh-Hans/blog/2025-01-01-p.md': '---\ntitle: P\ndescription: p\npagination_next: a\n---\nText.\n',
      'content/zh-Hans/docs/x.md': '---\ntitle: X\ndescription: x\ncustom_edit_url: "javascript:alert(1)"\n---\nText.\n',
      'content/zh-Hans/docs/01-intro.md': '---\ntitle: I\ndescription: i\npagination_prev: 01-intro\n---\nText.\n',
    });
    const r = await build(dir);
    expect(r.code).toBe(1);
    const lines = (r.stdout + r.stderr).split('\n');
    expect(lines).toContain('content/zh-Hans/docs/a.md:4 error[front-matter] pagination_next: "guides/crad" is not a doc (a doc\'s id is its path under docs/ without .md, or its id: in place of the file name)');
    expect(lines).toContain('  hint: did you mean "guides/card"?');
    // Written with its number prefix: the id to write instead.
    expect(lines.slice(lines.indexOf('content/zh-Hans/docs/01-intro.md:4 error[front-matter] pagination_prev: "01-intro" is not a doc (a doc\'s id is its path under docs/ without .md, or its id: in place of the file name)'))[1]).toBe('  hint: a number prefix is not part of a doc\'s id: write "intro"');
    expect(lines).toContain('content/zh-Hans/docs/a.md:6 error[front-matter] toc_max_heading_level: 3 is below toc_min_heading_level (4), so the table of contents would be empty');
    expect(lines).toContain('content/zh-Hans/blog/2025-01-01-p.md:4 warning[front-matter] pagination_next: only docs use it; on a post it is ignored');
    expect(lines.filter((l) => l.startsWith('content/zh-Hans/docs/x.md:4'))).toEqual([expect.stringContaining('error[front-matter] custom_edit_url:')]);
  }, 60_000);
});

describe('unlisted pages', () => {
  it('are built for readers with the link, and listed nowhere: lists, tags, archive, neighbours, sidebars, feeds, sitemap, search', async () => {
    const post = (day: string, extra: Record<string, unknown> = {}) => md({ title: `Post ${day}`, description: 'd', tags: ['news'], ...extra }, `Text ${day}.\n`);
    const dir = writeSite({
      'content/sidebars.yaml': 'guide:\n  - a\n  - secret\n  - b\n',
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n'),
      'content/zh-Hans/docs/secret.md': md({ title: 'Secret', description: 's', unlisted: true }, 'Hidden doc.\n'),
      'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, 'Beta.\n'),
      'content/zh-Hans/blog/2025-01-01-one.md': post('01'),
      'content/zh-Hans/blog/2025-01-02-hidden.md': post('02', { unlisted: true, tags: ['news', 'tips'] }),
      // An unlisted doc whose English translation is listed: no alternate of it, nor in the sitemap.
      'content/en/docs/secret.md': md({ title: 'Secret', description: 's' }, 'Listed in English.\n'),
      'content/zh-Hans/blog/2025-01-03-three.md': post('03'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const hidden = read(dir, 'blog/2025/01/02/hidden/index.html');
    expect(hidden).toContain('<meta name="robots" content="noindex, follow">');
    for (const file of ['blog/index.html', 'blog/tags/news/index.html', 'blog/archive/index.html', 'blog/2025/01/03/three/index.html', 'blog/2025/01/01/one/index.html', 'blog/rss.xml', 'sitemap.xml', 'search-index.json']) {
      expect(read(dir, file), file).not.toContain('2025/01/02/hidden');
    }
    // The neighbours link past it; the tag counts only listed posts.
    expect(JSON.parse(read(dir, 'blog/2025/01/03/three/page-data.json')).data.next).toEqual({ label: 'Post 01', href: '/blog/2025/01/01/one' });
    expect(JSON.parse(read(dir, 'blog/tags/page-data.json')).data.tags).toEqual([expect.objectContaining({ count: 2 })]);
    const a = JSON.parse(read(dir, 'docs/a/page-data.json')).data;
    expect(a.next).toEqual({ label: 'B', href: '/docs/b' });
    expect(JSON.stringify(a.sidebarItems)).not.toContain('secret');
    expect(read(dir, 'docs/secret/index.html')).toContain('Hidden doc.');
    // The theme is told, to tell its readers: on a doc and a post alike, not on a listed page or a listed translation.
    const unlisted = (path: string) => JSON.parse(read(dir, `${path}/page-data.json`)).unlisted;
    expect(['docs/secret', 'blog/2025/01/02/hidden', 'docs/a', 'en/docs/secret'].map(unlisted)).toEqual([true, true, undefined, undefined]);
    // Its tag that no listed post has is no link to a page that does not exist (the build passed).
    expect(JSON.parse(read(dir, 'blog/2025/01/02/hidden/page-data.json')).data.post.tags.map((t: { href: string }) => t.href)).toEqual(['/blog/tags/news']);
    expect(read(dir, 'en/docs/secret/index.html')).not.toContain('hreflang="zh-CN"');
    expect(read(dir, 'sitemap.xml')).not.toContain('https://test.example/docs/secret"');
  }, 60_000);
});

describe("sitegen's theme", () => {
  it('tells the readers of an unlisted doc, post or page that only its address leads to it, and of a blog list with nothing listed that it has none, and writes its scripts\' Chinese as UTF-8', async () => {
    const dir = writeSite({
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
      'content/zh-Hans/docs/secret.md': md({ title: 'Secret', description: 's', unlisted: true }, 'Hidden.\n'),
      'content/zh-Hans/docs/open.md': md({ title: 'Open', description: 'o' }, 'Listed.\n'),
      'content/zh-Hans/blog/2025-01-02-hidden.md': md({ title: 'Hidden', description: 'h', unlisted: true }, 'Hidden post.\n'),
      'content/zh-Hans/blog/2025-01-01-open.md': md({ title: 'Open post', description: 'o' }, 'Listed post.\n'),
      'content/en/blog/2025-01-02-hidden.md': md({ title: 'Hidden', description: 'h', unlisted: true }, 'Hidden post.\n'),
      'content/en/blog/2025-01-01-open.md': md({ title: 'Open post', description: 'o', unlisted: true }, 'Unlisted in English.\n'),
      'content/zh-Hans/pages/quiet.md': md({ title: 'Quiet', description: 'q', unlisted: true }, 'Hidden page.\n'),
      'content/en/docs/secret.md': md({ title: 'Secret', description: 's', unlisted: true }, 'Hidden.\n'),
    });
    const r = await build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const notice = (path: string) => /<div class="notice unlisted-notice" role="note"><p><strong>(.*?)(?:：|\. )<\/strong>(.*?)<\/p><\/div>/.exec(read(dir, path))?.slice(1) ?? null;
    const zh = ['未列出的页面', '只有知道地址的读者能找到它：菜单、列表、搜索和站点地图中都没有它。'];
    expect(notice('docs/secret/index.html')).toEqual(zh);
    expect(notice('blog/2025/01/02/hidden/index.html')).toEqual(zh);
    expect(notice('quiet/index.html')).toEqual(zh);
    expect(notice('en/docs/secret/index.html')).toEqual(['Unlisted page', 'Only readers with its address find it: no menu, list, search or sitemap has it.']);
    expect(notice('docs/open/index.html')).toBeNull();
    // A locale whose every post is unlisted: its lists say they have none, for readers, and are left out of
    // search engines (before: a heading over nothing, in the sitemap).
    const mainOf = (path: string) => parse(read(dir, path)).querySelector('main')!;
    const shown = (path: string) => mainOf(path).querySelector('.blog-empty')?.text ?? null;
    expect(['en/blog/index.html', 'en/blog/archive/index.html', 'en/blog/tags/index.html'].map(shown)).toEqual(['No posts yet.', 'No posts yet.', 'No tags yet.']);
    expect(mainOf('en/blog/index.html').querySelector('.post-list')).toBeNull();
    expect(read(dir, 'en/blog/index.html')).toContain('<meta name="robots" content="noindex, follow">');
    expect(JSON.parse(read(dir, 'en/blog/feed.json')).items).toEqual([]);
    // A post listed, none tagged: the list shows it, the tags page says there is no tag.
    expect(mainOf('blog/index.html').querySelectorAll('.post-card-title').map((h) => h.text)).toEqual(['Open post']);
    expect([shown('blog/index.html'), shown('blog/tags/index.html')]).toEqual([null, '暂无标签。']);
    expect(read(dir, 'blog/index.html')).not.toContain('noindex');
    const sitemap = read(dir, 'sitemap.xml');
    expect(['/blog<', '/en/blog<', '/en/blog/archive<', '/blog/tags<'].filter((path) => sitemap.includes(`https://test.example${path}`))).toEqual(['/blog<']);
    // Chinese in the scripts as UTF-8 (3 bytes a character), not as \\u escapes (6).
    const scripts = readdirSync(join(dir, 'dist/assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, 'dist/assets', f), 'utf8'));
    expect(scripts.some((text) => text.includes('跳到主要内容'))).toBe(true);
    expect(scripts.filter((text) => /\\u8DF3\\u5230/i.test(text))).toEqual([]);
  }, 60_000);
});

describe('drafts in the dev server', () => {
  it('are built with a notice that the published build leaves them out', async () => {
    const { buildSite } = await import('../../src/build');
    const { loadConfig } = await import('../../src/config/loadConfig');
    const dir = writeSite({
      'site.config.ts': configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`),
      'content/zh-Hans/docs/soon.md': md({ title: 'Soon', description: 's', draft: true }, 'Not yet.\n'),
      'content/zh-Hans/docs/done.md': md({ title: 'Done', description: 'd' }, 'Ready.\n'),
    });
    const config = await loadConfig({ configFile: join(dir, 'site.config.ts') });
    const result = await buildSite({ config, write: false, cache: false, drafts: true });
    expect(result.ok).toBe(true);
    const page = (path: string) => String(result.files.find((f) => f.path === path)!.contents);
    // Its title ends as Chinese writes a label, with a full-width colon and no space.
    expect(page('docs/soon/index.html')).toContain('<div class="notice draft-notice" role="note"><p><strong>草稿：</strong>此页面是草稿（draft: true）：sitegen serve 会显示它，sitegen build 不会生成它。</p></div>');
    expect(page('docs/done/index.html')).not.toContain('draft-notice');
  }, 60_000);
});

describe('a build interrupted by Ctrl-C', () => {
  /** Runs `sitegen build` in a child process and sends it `signal` once `ready` holds; its exit code and standard error. */
  async function interrupted(dir: string, signal: NodeJS.Signals, ready: () => boolean, args: string[] = []): Promise<{ code: number | null; stderr: string }> {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--config', join(dir, 'site.config.ts'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    for (let i = 0; i < 2000 && !ready(); i++) await new Promise((r) => setTimeout(r, 2));
    child.kill(signal);
    return { code: await exited, stderr };
  }
  const temps = (dir: string) => readdirSync(dir).filter((name) => name.includes('.sitegen-tmp-'));

  /**
   * Builds a site of `count` pages, edits one, interrupts the next build (`args`) with SIGINT once `ready` holds, and
   * checks that the output folder holds the old page or the new one, never a mix, with no temporary folder left.
   */
  async function interruptEdit(count: number, ready: (dir: string) => boolean, args: string[] = []) {
    const pages = Object.fromEntries(Array.from({ length: count }, (_, i) => [`content/zh-Hans/docs/p${i}.md`, md({ title: `P${i}`, description: `p${i}` }, `Page ${i}.\n\n${'Text. '.repeat(200)}\n`)]));
    const dir = writeSite(pages);
    expect((await build(dir)).code).toBe(0);
    const before = readFileSync(join(dir, 'dist/docs/p7/index.html'), 'utf8');
    writeFileSync(join(dir, 'content/zh-Hans/docs/p7.md'), md({ title: 'P7 changed', description: 'p7' }, 'Changed.\n'));
    const r = await interrupted(dir, 'SIGINT', () => ready(dir), args);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/build interrupted \(SIGINT\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(temps(dir)).toEqual([]);
    const after = readFileSync(join(dir, 'dist/docs/p7/index.html'), 'utf8');
    // The old page, or (interrupted once the files were being moved) the new one: never a mix of the two builds.
    if (/nothing was written/.test(r.stderr)) expect(after).toBe(before);
    else expect(after).toContain('Changed.');
    // The pages' folders, and the docs root's page (`index.html`, which leads to the first doc).
    expect(readdirSync(join(dir, 'dist/docs')).length).toBe(count + 1);
  }

  it('leaves the output folder as it was, and no temporary folder, with exit 130 and one line saying so', async () => {
    // Once the new output is being written beside the old one.
    await interruptEdit(120, (dir) => temps(dir).length > 0);
  }, 60_000);

  it('stops a cold build as its own thread writes the files (no cache: every file new), leaving the output folder as it was and no temporary folder', async () => {
    // Once pages are in the new output's folder, written by the thread.
    await interruptEdit(300, (dir) => newOutputHas(dir, 'docs'), ['--no-cache']);
  }, 60_000);

  it('a second build into the same folder while one writes it is an error naming the first; a lock its build left behind is taken over', async () => {
    const dir = writeSite({ 'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, 'Alpha.\n') });
    // A build that holds the folder: a live process whose id is in the lock beside it.
    const { spawn } = await import('node:child_process');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, '.dist.sitegen-lock'), String(holder.pid));
      const second = await build(dir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`dist error[output] another build (process ${holder.pid}) is writing this output folder\n  hint: wait for it to end, or build into another folder with --out; if no build is running, delete `);
      expect(second.stderr).toMatch(/delete \S*\/\.dist\.sitegen-lock\n/);
      expect(second.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dir, 'dist'))).toBe(false);
      expect(readFileSync(join(dir, '.dist.sitegen-lock'), 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
    // The lock of a build killed outright (its process gone) is taken over, and let go at the end.
    writeFileSync(join(dir, '.dist.sitegen-lock'), '999999999');
    expect((await build(dir)).code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.startsWith('.dist.sitegen-'))).toEqual([]);
    // So is one whose process id now belongs to another program, started since (a container restarted: process 1
    // is running, but not since the moment the lock says). Before: refused for as long as that program ran.
    const init = Number(readFileSync('/proc/1/stat', 'latin1').split(') ')[1]!.split(' ')[19]);
    writeFileSync(join(dir, '.dist.sitegen-lock'), `1 ${init + 1}`);
    expect((await build(dir)).code).toBe(0);
    // A lock written by a build: its own process id and start.
    writeFileSync(join(dir, '.dist.sitegen-lock'), `1 ${init}`);
    const held = await build(dir);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain('dist error[output] another build (process 1) is writing this output folder');
    rmSync(join(dir, '.dist.sitegen-lock'));
    // A folder where the lock goes is told, not taken for no lock at all.
    mkdirSync(join(dir, '.dist.sitegen-lock'));
    const folder = await build(dir);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain('.dist.sitegen-lock error[output] is a folder where the build keeps the lock file of its output folder');
  }, 60_000);
});

describe('a build of one locale (--locale)', () => {
  it('takes a sidebar listing a doc only a locale it leaves out has, in the current docs and in a docs version', async () => {
    const dir = writeSite({
      'content/sidebars.yaml': 'guides:\n  - intro\n  - english-only\n',
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
      'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }),
      'content/en/docs/english-only.md': md({ title: 'English only', description: 'd' }),
    });
    const versioned = writeSite({
      'content/versions.json': '["1.x"]\n',
      'content/sidebars.yaml': 'guides:\n  - intro\n',
      'content/versioned_sidebars/version-1.x-sidebars.yaml': 'guides:\n  - intro\n  - english-only\n',
      'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }),
      'content/zh-Hans/versioned_docs/version-1.x/intro.md': md({ title: '介绍 1', description: 'd' }),
      'content/en/versioned_docs/version-1.x/intro.md': md({ title: 'Intro 1', description: 'd' }),
      'content/en/versioned_docs/version-1.x/english-only.md': md({ title: 'English only 1', description: 'd' }),
    });
    try {
      // A whole build takes it: the English sidebar shows the doc, the Chinese one goes without it.
      expect((await build(dir)).code).toBe(0);
      // Before: content/sidebars.yaml:3 error[sidebars] doc "english-only" does not exist.
      const zh = await build(dir, ['--locale', 'zh-Hans']);
      expect(zh.code, zh.stdout + zh.stderr).toBe(0);
      expect(html(dir, 'docs/intro/index.html').querySelector('h1')!.text).toBe('介绍');
      const zhVersioned = await build(versioned, ['--locale', 'zh-Hans']);
      expect(zhVersioned.code, zhVersioned.stdout + zhVersioned.stderr).toBe(0);
      expect(html(versioned, 'docs/intro/index.html').querySelector('h1')!.text).toBe('介绍 1');
      // A doc no locale has is still told.
      writeFileSync(join(dir, 'content/sidebars.yaml'), 'guides:\n  - intro\n  - nowhere\n');
      const told = await build(dir, ['--locale', 'zh-Hans']);
      expect(told.code).toBe(1);
      expect(told.stdout + told.stderr).toContain('content/sidebars.yaml:3 error[sidebars] doc "nowhere" does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(versioned, { recursive: true, force: true });
    }
  }, 60_000);
});
