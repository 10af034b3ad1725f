// The README's "Moving from Docusaurus" and "Moving from VitePress", step by step, on a copy of a small site of each
// (test/fixtures/migrate/): the folders copied as the guide's commands copy them, the sidebars made as it makes them,
// the edits it lists made with plain file operations, the site.config.ts it maps written; then built by the CLI and
// checked by sitegen check-links. Each page the guide promises is asserted at its address, in both locales.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitegen } from '../helpers/build';
import { REPO } from '../helpers/site';

const FIXTURES = join(REPO, 'test/fixtures/migrate');

/** Each problem the build printed, its hint after a `|`. */
const problems = (output: string) => output.split('\n').filter((l) => /^\S+ (error|warning)\[|^\s+hint:/.test(l)).reduce<string[]>((out, l) => (/^\s+hint:/.test(l) ? [...out.slice(0, -1), `${out.at(-1)} |${l.replace(/^\s+hint:/, '')}`] : [...out, l]), []);
const page = (dir: string, path: string): HTMLElement => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
/** The text of an element, a heading's own `#` link left out. */
const text = (el: HTMLElement) => (el.querySelector('.hash-link')?.remove(), el.text.trim());
const h1 = (dir: string, path: string) => page(dir, path).querySelectorAll('h1').map(text);
/** The docs sidebar of a page: `label address` (a category without a page of its own: its label alone), a category's items indented under it. */
const sidebar = (dir: string, path: string) =>
  page(dir, path).querySelectorAll('.doc-sidebar-nav .menu-link').map((entry) => {
    let depth = 0;
    for (let el = entry.parentNode; el && !el.classList.contains('doc-sidebar-nav'); el = el.parentNode) if (el.classList.contains('menu-nested')) depth++;
    const href = entry.tagName === 'A' ? entry.getAttribute('href') : entry.querySelector('a')?.getAttribute('href');
    return `${'  '.repeat(depth)}${entry.text.trim()}${href ? ` ${href}` : ''}`;
  });
const read = (path: string) => readFileSync(path, 'utf8');
/** A front matter line added after the opening `---` (a front matter made when there is none). */
const addFrontMatter = (path: string, line: string) => {
  const source = read(path);
  writeFileSync(path, source.startsWith('---\n') ? `---\n${line}\n${source.slice(4)}` : `---\n${line}\n---\n\n${source}`);
};
const copy = (from: string, to: string) => cpSync(from, to, { recursive: true });

/** The fixture copied into a new temporary folder, removed after the tests. */
function project(name: string): { dir: string } {
  const site = { dir: '' };
  beforeAll(() => {
    site.dir = join(mkdtempSync(join(tmpdir(), 'sitegen-migrate-')), name);
    copy(join(FIXTURES, name), site.dir);
  });
  afterAll(() => rmSync(join(site.dir, '..'), { recursive: true, force: true }));
  return site;
}

describe('moving from Docusaurus, as the README says', () => {
  const site = project('docusaurus');
  let build: { code: number; output: string };

  beforeAll(async () => {
    const at = (p: string) => join(site.dir, p);
    // The guide's commands.
    mkdirSync(at('content/en/pages'), { recursive: true });
    mkdirSync(at('content/zh-Hans/versioned_docs'), { recursive: true });
    copy(at('docs'), at('content/en/docs'));
    copy(at('blog'), at('content/en/blog'));
    for (const f of readdirSync(at('src/pages')).filter((f) => f.endsWith('.md'))) copy(at(`src/pages/${f}`), at(`content/en/pages/${f}`));
    copy(at('static'), at('content/static'));
    const l10n = 'i18n/zh-Hans';
    copy(at(`${l10n}/docusaurus-plugin-content-docs/current`), at('content/zh-Hans/docs'));
    copy(at(`${l10n}/docusaurus-plugin-content-blog`), at('content/zh-Hans/blog'));
    copy(at(`${l10n}/docusaurus-plugin-content-pages`), at('content/zh-Hans/pages'));
    const sidebars = spawnSync(process.execPath, ['-e', 'import("./sidebars.js").then((m) => console.log(JSON.stringify(m.default, null, 2)))'], { cwd: site.dir, encoding: 'utf8' });
    expect(sidebars.status, sidebars.stderr).toBe(0);
    writeFileSync(at('content/sidebars.yaml'), sidebars.stdout);
    copy(at('versions.json'), at('content/versions.json'));
    copy(at('versioned_sidebars'), at('content/versioned_sidebars'));
    copy(at('versioned_docs'), at('content/en/versioned_docs'));
    for (const v of readdirSync(at(`${l10n}/docusaurus-plugin-content-docs`)).filter((v) => v.startsWith('version-'))) copy(at(`${l10n}/docusaurus-plugin-content-docs/${v}`), at(`content/zh-Hans/versioned_docs/${v}`));

    // Labels per locale, from current.json.
    const current = JSON.parse(read(at(`${l10n}/docusaurus-plugin-content-docs/current.json`))) as Record<string, { message: string }>;
    const zh = (key: string) => current[`sidebar.tutorialSidebar.${key}`]!.message;
    const category = JSON.parse(read(at('content/en/docs/01-getting-started/_category_.json')));
    category.label = { en: category.label, 'zh-Hans': zh('category.Getting started') };
    category.link.description = { en: category.link.description, 'zh-Hans': zh('category.Getting started.link.generated-index.description') };
    writeFileSync(at('content/en/docs/01-getting-started/_category_.json'), JSON.stringify(category, null, 2));
    writeFileSync(at('content/en/docs/02-guides/_category_.yml'), read(at('content/en/docs/02-guides/_category_.yml'))
      .replace('label: Guides', `label: { en: Guides, zh-Hans: ${zh('category.Guides')} }`)
      .replace(/description: (.*)/, (_, en: string) => `description: { en: "${en}", zh-Hans: "${zh('category.Guides.link.generated-index.description')}" }`));
    const yaml = JSON.parse(read(at('content/sidebars.yaml')));
    yaml.tutorialSidebar[1].label = { en: 'Changelog', 'zh-Hans': zh('link.Changelog') };
    writeFileSync(at('content/sidebars.yaml'), JSON.stringify(yaml, null, 2));
    // A post's slug: its Docusaurus address kept as an alias; markdown pages with a title and a heading: hide_title.
    for (const locale of ['en', 'zh-Hans']) {
      addFrontMatter(at(`content/${locale}/blog/2024-03-04-hello.md`), 'aliases: [/blog/hello]');
      addFrontMatter(at(`content/${locale}/pages/about.md`), 'hide_title: true');
    }
    writeFileSync(at('site.config.ts'), DOCUSAURUS_CONFIG);
    build = await sitegen(['build', '--config', at('site.config.ts')]);
  }, 60_000);

  it('builds with no error, and warns only of the posts without a description', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).toMatch(/· 0 errors · 2 warnings ·/);
    expect(problems(build.output)).toEqual([
      'content/en/blog/2024-03-04-hello.md:1 warning[meta] no description: search engines and share cards will show the site tagline | add description: to the front matter',
      'content/zh-Hans/blog/2024-03-04-hello.md:1 warning[meta] no description: search engines and share cards will show the site tagline | add description: to the front matter',
    ]);
  });

  it('has the pages at the addresses Docusaurus gave them, in both locales', () => {
    for (const prefix of ['', 'zh-Hans/']) {
      for (const path of ['docs/intro', 'docs/getting-started/install', 'docs/next/intro', 'docs/next/getting-started/install', 'docs/next/getting-started/first-session', 'docs/next/guides/projects', 'docs/next/guides/reports', 'docs/next/guides/shell-completion', 'docs/next/faq', 'docs/next/category/getting-started', 'docs/next/category/guides', 'docs/next/tags/billing', 'blog', 'blog/2024/03/04/hello', 'blog/2024/06/18/tally-1-1', 'blog/tags/release', 'about']) {
        expect(existsSync(join(site.dir, 'dist', prefix, path, 'index.html')), `${prefix}${path}`).toBe(true);
      }
    }
    // A doc's title from its # heading, the translation's own; a markdown page's heading is its one title.
    expect(h1(site.dir, 'docs/next/intro')).toEqual(['Introduction']);
    expect(h1(site.dir, 'zh-Hans/docs/next/intro')).toEqual(['简介']);
    expect(h1(site.dir, 'docs/intro')).toEqual(['Introduction']);
    expect(h1(site.dir, 'zh-Hans/about')).toEqual(['关于 Tally']);
    expect(page(site.dir, 'zh-Hans/about').querySelector('title')!.text).toBe('关于 Tally · Tally');
    // The post's slug as Docusaurus made its address: a page that leads to it.
    expect(read(join(site.dir, 'dist/_redirects'))).toContain('/blog/hello /blog/2024/03/04/hello 301\n/zh-Hans/blog/hello /zh-Hans/blog/2024/03/04/hello 301');
    expect(existsSync(join(site.dir, 'dist/zh-Hans/blog/hello/index.html'))).toBe(true);
    // Images beside a doc and a post, in each locale.
    expect(page(site.dir, 'zh-Hans/docs/next/guides/reports').querySelector('.markdown img')!.getAttribute('src')).toBe('/zh-Hans/docs/next/02-guides/img/weekly-report.png');
    for (const path of ['docs/next/02-guides/img/weekly-report.png', 'zh-Hans/docs/next/02-guides/img/weekly-report.png', 'blog/2024-06-18-tally-1-1/csv-export.png', 'img/team/mira.png']) expect(existsSync(join(site.dir, 'dist', path)), path).toBe(true);
  });

  it("renders the .mdx page's tabs and admonitions", () => {
    for (const [path, tip] of [['docs/next/getting-started/install', 'Check the install'], ['zh-Hans/docs/next/getting-started/install', '确认安装成功']] as const) {
      const doc = page(site.dir, path);
      expect(doc.querySelectorAll('.tabs-label').map((l) => l.text)).toEqual(['macOS', 'Linux', 'Windows']);
      expect(doc.querySelector('.tabs')!.getAttribute('data-key')).toBe('operating-systems');
      expect(doc.querySelectorAll('.admonition').map((a) => a.classNames)).toEqual(['admonition admonition-tip', 'admonition admonition-warning']);
      expect(doc.querySelector('.admonition-tip')!.text).toContain(tip);
      expect(doc.querySelector('.markdown')!.text).not.toMatch(/import |<Tabs|<TabItem|<Admonition/);
    }
  });

  it("shows the blog's authors from each locale's authors.yml", () => {
    const names = (path: string) => page(site.dir, path).querySelectorAll('.post-authors > li').map((li) => `${li.querySelector('.post-author-name')!.text} (${li.querySelector('.post-author-title')?.text})`);
    expect(names('blog/2024/06/18/tally-1-1')).toEqual(['Mira Okafor (Maintainer of Tally)', 'Jonas Lind (Contributor)']);
    expect(names('zh-Hans/blog/2024/06/18/tally-1-1')).toEqual(['Mira Okafor (Tally 维护者)', 'Jonas Lind (贡献者)']);
    expect(page(site.dir, 'zh-Hans/blog/tags/release').querySelector('h1')!.text).toContain('版本发布');
  });

  it("orders the sidebar as sidebars.js, the docs' positions and the _category_ files say, labelled in each locale", () => {
    expect(sidebar(site.dir, 'docs/next/intro')).toEqual([
      'Introduction /docs/next/intro',
      'Getting started /docs/next/category/getting-started',
      '  Install Tally /docs/next/getting-started/install',
      '  First session /docs/next/getting-started/first-session',
      'Guides /docs/next/category/guides',
      '  Projects /docs/next/guides/projects',
      '  Reports /docs/next/guides/reports',
      '  Shell completion /docs/next/guides/shell-completion',
      'FAQ /docs/next/faq',
      'Changelog https://github.com/tally-cli/tally/releases',
    ]);
    expect(sidebar(site.dir, 'zh-Hans/docs/next/intro')).toEqual([
      '简介 /zh-Hans/docs/next/intro',
      '快速上手 /zh-Hans/docs/next/category/getting-started',
      '  安装 Tally /zh-Hans/docs/next/getting-started/install',
      '  第一次计时 /zh-Hans/docs/next/getting-started/first-session',
      '使用指南 /zh-Hans/docs/next/category/guides',
      '  项目 /zh-Hans/docs/next/guides/projects',
      '  报表 /zh-Hans/docs/next/guides/reports',
      '  Shell completion /zh-Hans/docs/next/guides/shell-completion',
      'FAQ /zh-Hans/docs/next/faq',
      '更新日志 https://github.com/tally-cli/tally/releases',
    ]);
    expect(page(site.dir, 'zh-Hans/docs/next/category/guides').querySelector('.markdown, main')!.text).toContain('日常使用 Tally：从项目到报表。');
    // The version 1.0's own sidebar, from versioned_sidebars/version-1.0-sidebars.json.
    expect(sidebar(site.dir, 'docs/intro')).toEqual(['Introduction /docs/intro', 'getting-started', '  Install Tally /docs/getting-started/install']);
  });

  it('passes sitegen check-links, which lists the pages the translation lacks', async () => {
    const { code, output } = await sitegen(['check-links', '--config', join(site.dir, 'site.config.ts')]);
    expect(code, output).toBe(0);
    expect(problems(output)).toEqual([
      'content/en/docs/02-guides/shell-completion.md warning[untranslated] /zh-Hans/docs/next/guides/shell-completion has no translation and shows the en page',
      'content/en/docs/faq.md warning[untranslated] /zh-Hans/docs/next/faq has no translation and shows the en page',
      'content/en/versioned_docs/version-1.0/getting-started/install.md warning[untranslated] /zh-Hans/docs/getting-started/install has no translation and shows the en page',
    ]);
  });
});

describe('moving from VitePress, as the README says', () => {
  const site = project('vitepress');
  let build: { code: number; output: string };
  const pages = ['what-is-pebble', 'getting-started', 'configuration', 'cli'];

  beforeAll(async () => {
    const at = (p: string) => join(site.dir, p);
    // The guide's commands: the folders of pages, the public folder, the snippets into a folder named with _.
    copy(at('docs/guide'), at('content/en/docs/guide'));
    copy(at('docs/zh/guide'), at('content/zh-Hans/docs/guide'));
    copy(at('docs/public'), at('content/static'));
    copy(at('docs/snippets'), at('content/en/_snippets'));
    for (const locale of ['en', 'zh-Hans']) {
      for (const name of pages) {
        const path = at(`content/${locale}/docs/guide/${name}.md`);
        if (!existsSync(path)) continue;
        // @/ is the locale folder; VitePress's front matter keys written as sitegen's; the old address an alias.
        writeFileSync(path, read(path).replaceAll('@/snippets/', '@/_snippets/').replace(/^outline: deep$/m, 'toc_max_heading_level: 6').replace(/^prev: false$/m, 'pagination_prev: null'));
        addFrontMatter(path, `aliases: [/guide/${name}]`);
      }
    }
    writeFileSync(at('content/sidebars.yaml'), VITEPRESS_SIDEBARS);
    writeFileSync(at('site.config.ts'), VITEPRESS_CONFIG);
    build = await sitegen(['build', '--config', at('site.config.ts')]);
  }, 60_000);

  it('builds with no error, and warns only of the pages without a description', () => {
    expect(build.code, build.output).toBe(0);
    const described = (path: string) => `${path}:1 warning[meta] no description: search engines and share cards will show the site tagline | add description: to the front matter`;
    expect(problems(build.output)).toEqual([...pages.map((name) => described(`content/en/docs/guide/${name}.md`)), ...pages.slice(0, 3).map((name) => described(`content/zh-Hans/docs/guide/${name}.md`))].sort());
  });

  it('has every page under /docs/, the translation under /zh/, and the old addresses leading there', () => {
    for (const name of pages) {
      for (const prefix of ['', 'zh/']) {
        expect(existsSync(join(site.dir, 'dist', prefix, 'docs/guide', name, 'index.html')), `${prefix}${name}`).toBe(true);
        expect(existsSync(join(site.dir, 'dist', prefix, 'guide', name, 'index.html')), `alias ${prefix}${name}`).toBe(true);
      }
    }
    expect(read(join(site.dir, 'dist/_redirects'))).toContain('/zh/guide/getting-started /zh/docs/guide/getting-started 301');
    // The title from each page's # heading; the home page is the theme's, with the title and the tagline.
    expect(h1(site.dir, 'docs/guide/what-is-pebble')).toEqual(['What is Pebble?']);
    expect(h1(site.dir, 'zh/docs/guide/what-is-pebble')).toEqual(['Pebble 是什么？']);
    expect(page(site.dir, 'zh').querySelector('main')!.text).toContain('在命令行里压缩网站的图片');
    expect(page(site.dir, 'zh').querySelector('html')!.getAttribute('lang')).toBe('zh-CN');
    for (const file of ['favicon.svg', 'logo.svg']) expect(existsSync(join(site.dir, 'dist', file)), file).toBe(true);
  });

  it("renders the containers, the code group and the snippets", () => {
    for (const prefix of ['', 'zh/']) {
      const start = page(site.dir, `${prefix}docs/guide/getting-started`);
      expect(start.querySelectorAll('.tabs-label').map((l) => l.text)).toEqual(['npm', 'pnpm', 'yarn']);
      expect(start.querySelectorAll('.admonition').map((a) => a.classNames)).toEqual(['admonition admonition-warning']);
      // The snippet, its lines 4 and 5 highlighted; the region alone on the configuration page.
      const html = (path: string) => read(join(site.dir, 'dist', prefix, path, 'index.html'));
      expect(html('docs/guide/getting-started')).toMatch(/<span class="line highlighted">.*#region formats.*\n<span class="line highlighted">.*formats: \[/);
      expect(html('docs/guide/configuration')).toMatch(/<code><span class="line">[^\n]*'avif'[^\n]*\n<span class="line">[^\n]*>75<[^\n]*<\/code>/);
      const config = page(site.dir, `${prefix}docs/guide/configuration`);
      expect(config.querySelectorAll('.admonition').map((a) => a.classNames)).toEqual(['admonition admonition-danger', 'admonition admonition-details']);
      expect(config.querySelector('.admonition-details summary')!.text).toMatch(/What about GIF files\?|GIF 文件怎么办？/);
      // outline: deep, as toc_max_heading_level: 6: the ### heading is in the table of contents.
      expect(config.querySelector('.toc-inner')!.text).toMatch(/Quality|质量/);
    }
  });

  it('lists the pages in the sidebar as themeConfig.sidebar did, in each language', () => {
    expect(sidebar(site.dir, 'docs/guide/cli')).toEqual(['Introduction', '  What is Pebble? /docs/guide/what-is-pebble', '  Getting started /docs/guide/getting-started', 'Reference', '  Configuration /docs/guide/configuration', '  Command line /docs/guide/cli']);
    expect(sidebar(site.dir, 'zh/docs/guide/what-is-pebble')).toEqual(['简介', '  Pebble 是什么？ /zh/docs/guide/what-is-pebble', '  快速开始 /zh/docs/guide/getting-started', '参考', '  配置 /zh/docs/guide/configuration', '  Command line /zh/docs/guide/cli']);
  });

  it('passes sitegen check-links', async () => {
    const { code, output } = await sitegen(['check-links', '--config', join(site.dir, 'site.config.ts')]);
    expect(code, output).toBe(0);
    expect(problems(output)).toEqual(['content/en/docs/guide/cli.md warning[untranslated] /zh/docs/guide/cli has no translation and shows the en page']);
  });
});

/** content/sidebars.yaml of "Moving from VitePress", written from the fixture's themeConfig.sidebar of each locale. */
const VITEPRESS_SIDEBARS = `guide:
  - label: { en: Introduction, zh-Hans: 简介 }
    collapsed: false
    items: [guide/what-is-pebble, guide/getting-started]
  - label: { en: Reference, zh-Hans: 参考 }
    collapsed: false
    items: [guide/configuration, guide/cli]
`;

/** The site.config.ts of "Moving from VitePress", written from the fixture's docs/.vitepress/config.mts. */
const VITEPRESS_CONFIG = `import { defineConfig } from 'sitegen';

export default defineConfig({
  title: 'Pebble',
  tagline: { en: 'Shrink the images of your website from the command line', 'zh-Hans': '在命令行里压缩网站的图片' },
  url: 'https://pebble.example.org',
  baseUrl: '/',
  favicon: '/favicon.svg',
  i18n: {
    defaultLocale: 'en',
    locales: {
      en: { label: 'English', htmlLang: 'en-US' },
      'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN', path: 'zh' },
    },
  },
  navbar: [
    { label: { en: 'Guide', 'zh-Hans': '指南' }, to: '/docs/guide/what-is-pebble' },
    { label: { en: 'Reference', 'zh-Hans': '参考' }, to: '/docs/guide/configuration' },
    { label: 'GitHub', to: 'https://github.com/pebble-img/pebble' },
  ],
  footer: {
    copyright: { en: 'Released under the MIT License. Copyright © 2024 The Pebble contributors', 'zh-Hans': '基于 MIT 许可证发布。Copyright © 2024 Pebble 贡献者' },
  },
  docs: {
    editUrl: 'https://github.com/pebble-img/pebble/edit/main/content/',
    showLastUpdateTime: true,
    tocMinLevel: 2,
    tocMaxLevel: 3,
  },
  search: { language: ['en', 'zh'] },
});
`;

/** The site.config.ts of "Moving from Docusaurus", written from the fixture's docusaurus.config.js and its translations. */
const DOCUSAURUS_CONFIG = `import { defineConfig } from 'sitegen';

export default defineConfig({
  title: 'Tally',
  tagline: { en: 'Track your working time from the terminal', 'zh-Hans': '在终端里记录工作时间' },
  url: 'https://tally.example.org',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  image: 'img/tally-social-card.png',
  i18n: {
    defaultLocale: 'en',
    locales: {
      en: { label: 'English', htmlLang: 'en-US' },
      'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN', path: 'zh-Hans' },
    },
  },
  links: { onBrokenLinks: 'error', onBrokenAnchors: 'warn' },
  docs: {
    editUrl: 'https://github.com/tally-cli/tally/tree/main/website/content/',
    showLastUpdateTime: true,
    versionLabel: 'Next',
    tocMinLevel: 2,
    tocMaxLevel: 3,
  },
  blog: {
    title: { en: 'Tally blog', 'zh-Hans': 'Tally 博客' },
    description: { en: 'Release notes and stories from the Tally team', 'zh-Hans': 'Tally 团队的版本说明和故事' },
    postsPerPage: 10,
    sidebarCount: 'ALL',
    feedCount: 20,
    onInlineTags: 'warn',
  },
  announcement: {
    id: 'tally-1-1',
    content: { en: 'Tally 1.1 exports reports as CSV. <a href="/blog/2024/06/18/tally-1-1">Read the notes</a>.', 'zh-Hans': 'Tally 1.1 支持把报表导出为 CSV。<a href="/blog/2024/06/18/tally-1-1">阅读说明</a>。' },
    dismissible: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
  navbar: [
    { label: { en: 'Docs', 'zh-Hans': '文档' }, to: '/docs/intro' },
    { label: { en: 'Blog', 'zh-Hans': '博客' }, to: '/blog' },
    { label: { en: 'About', 'zh-Hans': '关于' }, to: '/about' },
    { label: 'GitHub', to: 'https://github.com/tally-cli/tally' },
  ],
  footer: {
    columns: [
      { title: { en: 'Docs', 'zh-Hans': '文档' }, items: [{ label: { en: 'Introduction', 'zh-Hans': '简介' }, to: '/docs/intro' }, { label: { en: 'Install', 'zh-Hans': '安装' }, to: '/docs/getting-started/install' }] },
      { title: { en: 'More', 'zh-Hans': '更多' }, items: [{ label: { en: 'Blog', 'zh-Hans': '博客' }, to: '/blog' }, { label: 'GitHub', to: 'https://github.com/tally-cli/tally' }] },
    ],
    copyright: { en: 'Copyright © 2024 The Tally authors.', 'zh-Hans': 'Copyright © 2024 Tally 作者。' },
  },
});
`;
