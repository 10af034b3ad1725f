// Docusaurus's MDX in a site built by the CLI: .mdx files are pages as .md ones are (both locales, a post too,
// translations paired across the two names), <Tabs> / <TabItem> become sitegen's tabs with their sync key,
// links to .mdx files resolve, and what sitegen cannot run fails the build at its place.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { builtOnce, configSource, md, REPO, runCli, writeSite } from '../helpers/site';

/** The default theme (its table of contents and tabs script), links left unjudged (its home page links to the bundled site's docs). */
const CONFIG = configSource(`themeDir: ${JSON.stringify(join(REPO, 'theme'))}, links: { onBrokenLinks: 'off', onBrokenImages: 'off' },`);

const INSTALL = (lang: 'zh' | 'en') => `---
title: ${lang === 'zh' ? '安装' : 'Install'}
description: d
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

{/* ${lang === 'zh' ? '给编辑的话' : 'a note for editors'} */}

<Tabs groupId="os">
  <TabItem value="mac" label="macOS" default>

  ## ${lang === 'zh' ? '在 macOS 上' : 'On macOS'}

  Run \`brew install glint\`, then read [the guide](./guide.mdx).

  </TabItem>
  <TabItem value="win" label="Windows">
    Run \`choco install glint\`.
  </TabItem>
</Tabs>

<Admonition type="tip" title="${lang === 'zh' ? '提示' : 'Hint'}">${lang === 'zh' ? '先看[介绍](./intro.md)。' : 'Read the [intro](./intro.md) first.'}</Admonition>
`;

const QUOTED = (tip: string, mac: string) => `> <Admonition type="tip">${tip}</Admonition>
>
> <Tabs groupId="os">
>   <TabItem value="mac" label="macOS">${mac}</TabItem>
>   <TabItem value="win" label="Windows">Windows</TabItem>
> </Tabs>
> {/* a note in a quote */}

1. Install:

        <Admonition type="note">Step one.</Admonition>

2. <Details summary="More">Step two.</Details>
`;

const SITE: Record<string, string> = {
  'site.config.ts': CONFIG,
  'content/zh-Hans/docs/intro.md': md({ title: '介绍', description: 'd' }, '见[安装](./install.mdx)。\n'),
  'content/zh-Hans/docs/install.mdx': INSTALL('zh'),
  // MDX in a .md file, and its translation an .mdx file.
  'content/zh-Hans/docs/guide.md': md({ title: '指南', description: 'd' }, '<Tabs groupId="os">\n<TabItem value="mac" label="macOS">\n用 Finder。\n</TabItem>\n<TabItem value="win" label="Windows">\n用资源管理器。\n</TabItem>\n</Tabs>\n'),
  'content/en/docs/intro.md': md({ title: 'Intro', description: 'd' }, 'See [Install](./install.mdx).\n'),
  'content/en/docs/install.mdx': INSTALL('en'),
  'content/en/docs/guide.mdx': md({ title: 'Guide', description: 'd' }, "import TabItem from '@theme/TabItem';\nimport Tabs from '@theme/Tabs';\n\n<Tabs groupId=\"os\"><TabItem value=\"mac\" label=\"macOS\">Use Finder.</TabItem><TabItem value=\"win\" label=\"Windows\">Use Explorer.</TabItem></Tabs>\n"),
  'content/zh-Hans/blog/2024-05-01-hello.mdx': md({ title: '你好', description: 'd' }, '{/* 摘要 */}\n正文。\n'),
  // In a quote and in list items (a component indented 8 under `1.`, one on an item's marker line), in .md and .mdx alike.
  'content/zh-Hans/docs/quoted.md': md({ title: '引用', description: 'd' }, QUOTED('先看介绍。', '在 macOS 上')),
  'content/en/docs/quoted.mdx': md({ title: 'Quoted', description: 'd' }, QUOTED('Read the intro first.', 'On macOS')),
};

const page = (dir: string, path: string) => parse(readFileSync(join(dir, 'dist', path, 'index.html'), 'utf8'));
/** The page's groups of tabs: sync key, labels, the checked one, each panel's text. */
const tabs = (dir: string, path: string) =>
  page(dir, path)
    .querySelectorAll('.markdown .tabs, article .tabs')
    .filter((group, i, all) => all.indexOf(group) === i)
    .map((group) => ({
      key: group.getAttribute('data-key'),
      labels: group.querySelectorAll(':scope > label.tabs-label').map((label) => label.text),
      checked: group.querySelectorAll(':scope > input.tabs-radio').findIndex((radio) => radio.hasAttribute('checked')),
      panels: group.querySelectorAll(':scope > .tabs-panel').map((panel) => panel.text.trim()),
    }));

describe('MDX pages in a build', () => {
  const site = builtOnce(SITE, (dir) => runCli(['build'], dir));

  it('builds .mdx files as pages at the addresses of their .md names, with no problem told', () => {
    const out = site.result.stdout + site.result.stderr;
    expect(site.result.code, out).toBe(0);
    expect(out).not.toMatch(/(error|warning)\[/);
    expect(page(site.dir, 'blog/2024/05/01/hello').querySelector('article')!.text).toContain('正文。');
    expect(page(site.dir, 'blog/2024/05/01/hello').toString()).not.toContain('摘要');
  });

  it('renders <Tabs groupId> as sitegen\'s tabs with the sync key, the first tab chosen, in both locales', () => {
    expect(tabs(site.dir, 'docs/install')).toEqual([{ key: 'os', labels: ['macOS', 'Windows'], checked: 0, panels: ['在 macOS 上#\nRun brew install glint, then read the guide.', 'Run choco install glint.'] }]);
    expect(tabs(site.dir, 'en/docs/install')).toEqual([{ key: 'os', labels: ['macOS', 'Windows'], checked: 0, panels: ['On macOS#\nRun brew install glint, then read the guide.', 'Run choco install glint.'] }]);
    expect(tabs(site.dir, 'docs/guide')).toEqual([{ key: 'os', labels: ['macOS', 'Windows'], checked: 0, panels: ['用 Finder。', '用资源管理器。'] }]);
    // The translation is the .mdx file, paired with the .md original: no untranslated copy.
    expect(tabs(site.dir, 'en/docs/guide')).toEqual([{ key: 'os', labels: ['macOS', 'Windows'], checked: 0, panels: ['Use Finder.', 'Use Explorer.'] }]);
    expect(page(site.dir, 'en/docs/guide').querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(page(site.dir, 'en/docs/guide').querySelector('link[hreflang="zh-CN"]')!.getAttribute('href')).toBe('https://test.example/docs/guide');
  });

  it('renders the Admonition as a box, resolves links to and from .mdx files, and lists a heading in a tab in the table of contents', () => {
    const install = page(site.dir, 'en/docs/install');
    expect(install.querySelector('.admonition-tip')!.toString()).toBe('<div class="admonition admonition-tip"><p class="admonition-title">Hint</p><p>Read the <a href="/en/docs/intro">intro</a> first.</p>\n</div>');
    expect(install.querySelector('.tabs-panel p a')!.getAttribute('href')).toBe('/en/docs/guide');
    expect(install.querySelectorAll('.toc a.toc-link').map((a) => a.getAttribute('href'))).toEqual(['#on-macos']);
    expect(page(site.dir, 'docs/intro').querySelector('article a[href="/docs/install"]')).not.toBeNull();
    expect(install.toString()).not.toMatch(/import |@theme|note for editors/);
  });

  it('renders components in a quote and in list items, in .md and .mdx files', () => {
    for (const [path, mac] of [['docs/quoted', '在 macOS 上'], ['en/docs/quoted', 'On macOS']] as const) {
      const article = page(site.dir, path).querySelector('.markdown')!;
      expect(article.querySelector('blockquote > .admonition-tip'), path).not.toBeNull();
      expect(tabs(site.dir, path)).toEqual([{ key: 'os', labels: ['macOS', 'Windows'], checked: 0, panels: [mac, 'Windows'] }]);
      expect(article.querySelector('blockquote > .tabs')).not.toBeNull();
      expect(article.querySelector('ol > li:first-child > .admonition-note')!.text).toContain('Step one.');
      expect(article.querySelector('ol > li:last-child > details > summary')!.text).toBe('More');
      expect(article.toString()).not.toMatch(/&lt;|Admonition|a note in a quote/);
    }
  });

  it('searches the text of every tab', () => {
    const words = (JSON.parse(readFileSync(join(site.dir, 'dist/en/search-index.json'), 'utf8')) as { index: { w: string[] } }[])[0]!.index.w;
    expect(words).toEqual(expect.arrayContaining(['brew', 'choco', 'finder', 'explorer', 'hint']));
  });
});

describe('MDX sitegen cannot run, in a build', () => {
  it('fails with each problem at its file:line:column: another import, a component, a broken link after the rewritten lines, an .md and an .mdx of one page', () => {
    const dir = writeSite({
      'site.config.ts': CONFIG,
      'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'd' }),
      'content/zh-Hans/docs/a.mdx': md({ title: 'A again', description: 'd' }),
      // Front matter is lines 1-4, then a blank line: the body starts at line 6.
      'content/zh-Hans/docs/b.mdx': md({ title: 'B', description: 'd' }, "import Tabs from '@theme/Tabs';\nimport BrowserWindow from '@site/src/components/BrowserWindow';\n\n<Admonition type=\"note\">One line, three written.</Admonition>\n\n<BrowserWindow>\n\nInside.\n\n</BrowserWindow>\n\nSee [nothing](./gone.mdx).\n"),
      // In a quote and in a list item: each at its column.
      'content/zh-Hans/docs/c.md': md({ title: 'C', description: 'd' }, '> > <Admonition type="tipp">x</Admonition>\n\n1. Step:\n\n        <Tabs groupId="my os"><TabItem value="a">A</TabItem></Tabs>\n\n> <Tabs>\n> <TabItem value="b">never closed in the quote\n\n[gone](./gone.md)\n'),
    });
    try {
      const r = runCli(['build'], dir);
      const out = r.stdout + r.stderr;
      expect(r.code, out).toBe(1);
      const lines = out.split('\n');
      for (const expected of [
        'content/zh-Hans/docs/a.mdx error[content] content/zh-Hans/docs/a.md is the same page: a folder holds a page as a.md or as a.mdx, not both',
        'content/zh-Hans/docs/b.mdx:7:1 error[mdx] import of "@site/src/components/BrowserWindow": sitegen renders markdown and does not run JavaScript modules',
        'content/zh-Hans/docs/b.mdx:11:1 error[mdx] <BrowserWindow> is a React component (from "@site/src/components/BrowserWindow"), which sitegen does not run',
        'content/zh-Hans/docs/b.mdx:17 error[broken-link] ./gone.mdx points to docs/gone.mdx, which does not exist',
        'content/zh-Hans/docs/c.md:6:17 error[mdx] type="tipp" is not a kind of admonition (note, tip, info, warning, danger, caution)',
        'content/zh-Hans/docs/c.md:10:15 error[mdx] groupId="my os" is not a sync key: a key is one word of letters, digits, ".", "-" and "_"',
        'content/zh-Hans/docs/c.md:12:3 error[mdx] <Tabs> is not closed before the end of its quote',
        'content/zh-Hans/docs/c.md:13:3 error[mdx] <TabItem> is not closed before the end of its quote',
        'content/zh-Hans/docs/c.md:15 error[broken-link] ./gone.md points to docs/gone.md, which does not exist',
      ]) expect(lines, out).toContain(expected);
      expect(out).toMatch(/^\s+hint: delete one of them, or merge the two into one file$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
