import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { parseCodeOptions } from '../../../src/content/codeMeta.js';
import { problems, render } from './markdownFixture.js';

const TABS = ':::tabs\n== Chrome\n打开 [卡片](./card.md) 的设置。\n\n== Firefox\n在附加组件页面里打开。\n:::\n';

/** The groups of tabs in rendered HTML: each one's labels, which is checked, and its panels' HTML. */
function groups(html: string) {
  return parse(html)
    .querySelectorAll('.tabs')
    .map((group) => {
      const radios = group.querySelectorAll(':scope > input.tabs-radio');
      return {
        name: radios[0]?.getAttribute('name'),
        labels: group.querySelectorAll(':scope > label.tabs-label').map((label, i) => {
          expect(label.getAttribute('for')).toBe(radios[i]!.id);
          expect(radios[i]!.getAttribute('name')).toBe(radios[0]!.getAttribute('name'));
          return label.text;
        }),
        checked: radios.findIndex((radio) => radio.hasAttribute('checked')),
        panels: group.querySelectorAll(':scope > .tabs-panel').map((panel) => panel.innerHTML.trim()),
        codeGroup: group.classList.contains('code-group'),
      };
    });
}

describe('tabs', () => {
  it('decode the entities of a label once, in a :::tabs line and a code-group block', () => {
    const tabs = groups(render(':::tabs\n== Mac &amp; Linux\n一\n\n== Windows\n二\n:::\n').rendered.html)[0]!;
    expect(tabs.labels).toEqual(['Mac & Linux', 'Windows']);
    const html = render('::: code-group\n```bash [npm &amp; yarn]\nnpm ci\n```\n\n```bash [pnpm]\npnpm i\n```\n:::\n').rendered.html;
    expect(groups(html)[0]!.labels).toEqual(['npm & yarn', 'pnpm']);
    expect(html).toContain('data-label="npm &amp; yarn"');
    expect(html).not.toContain('&amp;amp;');
  });

  it('render :::tabs as a radio group, one labelled tab per == line, the first shown, each panel its own markdown', () => {
    const { rendered, diagnostics } = render(TABS);
    expect(diagnostics).toEqual([]);
    const [group] = groups(rendered.html);
    expect(group).toMatchObject({ labels: ['Chrome', 'Firefox'], checked: 0, codeGroup: false });
    // A relative link in a tab is rewritten and checked as anywhere else on the page.
    expect(group!.panels[0]).toBe('<p>打开 <a href="/docs/guides/card">卡片</a> 的设置。</p>');
    expect(group!.panels[1]).toBe('<p>在附加组件页面里打开。</p>');
    expect(rendered.refs.map((r) => r.url)).toEqual(['/docs/guides/card']);
  });

  it("name each group for screen readers in the page's language, tabs and code groups alike (they read out an unnamed group)", () => {
    const named = (html: string) => parse(html).querySelectorAll('.tabs').map((g) => `${g.getAttribute('role')} ${g.getAttribute('aria-label')}`);
    const CODE = '::: code-group\n```bash [npm]\nnpm i\n```\n\n```bash [pnpm]\npnpm i\n```\n:::\n';
    expect(named(render(`${TABS}\n${CODE}`).rendered.html)).toEqual(['group 选项卡', 'group 选项卡']);
    expect(named(render(`${TABS}\n${CODE}`, { locale: 'en' }).rendered.html)).toEqual(['group Tabs', 'group Tabs']);
  });

  it('give each group a name of its own on the page, and other names on another page (blog lists show several posts)', () => {
    const one = groups(render(`${TABS}\n${TABS}`).rendered.html).map((g) => g.name);
    const other = groups(render(TABS, { contentPath: 'docs/guides/card.md' }).rendered.html).map((g) => g.name);
    expect(new Set([...one, ...other]).size).toBe(3);
    for (const name of [...one, ...other]) expect(name).toMatch(/^tabs-[a-z0-9]+-\d+$/);
  });

  it('search the labels and the text of every tab, shown or not', () => {
    const { rendered } = render(`## 安装\n\n${TABS}`);
    // The labels are words apart from each other and from the tabs' text ("ChromeFirefox" was no word anyone types).
    expect(rendered.sections[0]!.text).toMatch(/^Chrome Firefox /);
    expect(rendered.sections[0]!.text).toContain('在附加组件页面里打开。');
  });

  it('keep == lines that are in fenced code or in a box inside a tab, and boxes inside tabs', () => {
    const body = ':::tabs\n== One\n```text\n== not a tab\n```\n\n:::tip\n== not a tab either\n:::\n\n== Two\nText.\n:::\n';
    const { rendered, diagnostics } = render(body, { locale: 'en' });
    expect(diagnostics).toEqual([]);
    const [group] = groups(rendered.html);
    expect(group!.labels).toEqual(['One', 'Two']);
    expect(group!.panels[0]).toContain('<code>== not a tab</code>');
    expect(group!.panels[0]).toContain('<div class="admonition admonition-tip"><p class="admonition-title">Tip</p><p>== not a tab either</p>');
  });

  it('escape their labels', () => {
    expect(groups(render(':::tabs\n== <b>npm</b> & yarn\nA\n:::\n').rendered.html)[0]!.labels).toEqual(['<b>npm</b> & yarn']);
    expect(render(':::tabs\n== <b>npm</b>\nA\n:::\n').rendered.html).toContain('&lt;b&gt;npm&lt;/b&gt;</label>');
  });

  it('tell at their lines text before the first tab, a group with no tab, too many tabs and a label given twice', () => {
    const many = Array.from({ length: 13 }, (_, i) => `== T${i}\nx\n`).join('');
    const body = `:::tabs\nLost text.\n== A\nx\n== A\ny\n:::\n\n:::tabs\nNo tabs.\n:::\n\n:::tabs\n${many}:::\n`;
    expect(problems(render(body, { bodyLine: 4 }))).toEqual([
      '5:1 text before the first "== label" line is in no tab, so it would not be shown',
      '8 tab "A" is in this group twice: choosing one shows the first',
      '12:1 ":::tabs" has no "== label" line, so it has no tabs',
      '16:1 ":::tabs" has 13 tabs; a group has at most 12',
    ]);
  });

  it('read each tab on its own: a tab that starts with a blank line keeps its lines, one with indented code its code', () => {
    // As a <TabItem> is written (a blank line after it): the block in the second tab is told at its fence's line.
    const body = ':::tabs\n== One\n\nText.\n\n== Two\n\n```pyhton\nx\n```\n\n:::\n';
    expect(problems(render(body, { bodyLine: 4, locale: 'en' }))).toEqual(['11:1 ```pyhton: no highlighting for this language, so the block is plain text']);
    expect(groups(render(':::tabs\n== One\nText.\n== Two\n    code\n:::\n', { locale: 'en' }).rendered.html)[0]!.panels).toEqual(['<p>Text.</p>', '<div class="code-block"><pre class="shiki"><code>code\n</code></pre></div>']);
  });

  it('take a heading in a tab as any other: in the table of contents, its link opening the tab (theme), no warning', () => {
    const { rendered, diagnostics } = render(':::tabs\n== macOS\n### Install\nx\n== Linux\n### Install\ny\n:::\n', { locale: 'en' });
    expect(diagnostics).toEqual([]);
    expect(rendered.headings.map((h) => h.id)).toEqual(['install', 'install-1']);
    expect(groups(rendered.html)[0]!.panels[1]).toContain('<h3 id="install-1">');
  });
});

describe('sync keys', () => {
  const keyOf = (html: string) => parse(html).querySelectorAll('.tabs').map((group) => group.getAttribute('data-key') ?? null);

  it('give a group the key after :::tabs or ::: code-group (as vitepress-plugin-tabs writes it), and none without one', () => {
    const body = ':::tabs key:os\n== macOS\nA\n:::\n\n:::tabs\n== macOS\nB\n:::\n\n::: code-group key:package-manager\n```sh [npm]\nnpm ci\n```\n:::\n\n:::tabs key:系统_2.x\n== macOS\nC\n:::\n';
    const { rendered, diagnostics } = render(body);
    expect(diagnostics).toEqual([]);
    expect(keyOf(rendered.html)).toEqual(['os', null, 'package-manager', '系统_2.x']);
    // The radios are still named per group: a key is not a radio group (that would tie the groups without script).
    expect(new Set(groups(rendered.html).map((g) => g.name)).size).toBe(4);
    // The key is no word of the page's text.
    expect(rendered.intro).not.toContain('key:');
  });

  it('tell a bad key at its line and column, one line with a hint: empty, more than one word, not a key at all', () => {
    const body = ':::tabs key:\n== A\nx\n:::\n\n:::tabs key:my os\n== A\nx\n:::\n\n::: code-group pm\n```sh [a]\nx\n```\n:::\n\n:::tabs key:a/b\n== A\nx\n:::\n';
    const { rendered, diagnostics } = render(body, { bodyLine: 3 });
    expect(problems({ rendered, diagnostics })).toEqual([
      '3:9 "key:" names no key',
      '8:9 "key:my os" is not a key: a key is one word of letters, digits, ".", "-" and "_"',
      '13:16 "pm" after ::: code-group does nothing',
      '19:9 "key:a/b" is not a key: a key is one word of letters, digits, ".", "-" and "_"',
    ]);
    expect(diagnostics.map((d) => [d.severity, d.hint])).toEqual([
      ['error', 'write a word after the colon, such as :::tabs key:os'],
      ['error', 'write key:my-os'],
      ['warning', 'to make groups choose together, give them the same sync key, such as ::: code-group key:pm'],
      ['error', 'write key:a-b'],
    ]);
    // A group with a bad key still renders, without one.
    expect(keyOf(rendered.html)).toEqual([null, null, null, null]);
  });
});

describe('a key that does not start with a letter or a digit', () => {
  it('is told so, not that it is no single word of letters, digits, ".", "-" and "_" (which it is)', () => {
    const { diagnostics } = render(':::tabs key:-os\n== A\nx\n:::\n\n:::tabs key:.\n== A\nx\n:::\n');
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.message} | ${d.hint}`)).toEqual([
      '1:9 "key:-os" is not a key: a key starts with a letter or a digit | write key:os',
      '6:9 "key:." is not a key: a key starts with a letter or a digit | write a word after the colon, such as :::tabs key:os',
    ]);
  });
});

describe('tabs in a list item or a quote', () => {
  it('tell a bad key and the group\'s other problems at their file lines and columns, as at the top level (they were not told there)', () => {
    const body = '1. Install:\n\n   :::tabs key:\n   Lost.\n   == A\n   x\n   == A\n   y\n   :::\n\n> ::: code-group key:a/b\n> ```sh [a]\n> x\n> ```\n> :::\n';
    const { rendered, diagnostics } = render(body, { bodyLine: 5 });
    expect(problems({ rendered, diagnostics })).toEqual([
      '7:12 "key:" names no key',
      '8:1 text before the first "== label" line is in no tab, so it would not be shown',
      '11 tab "A" is in this group twice: choosing one shows the first',
      '15:18 "key:a/b" is not a key: a key is one word of letters, digits, ".", "-" and "_"',
    ]);
    expect(groups(rendered.html).map((g) => g.labels)).toEqual([['A', 'A'], ['a']]);
  });
});

describe('code groups', () => {
  const GROUP = '::: code-group\n```sh [npm]\nnpm ci\n```\n\n```sh title="yarn.sh"\nyarn install\n```\n\n```ts\nconst a = 1;\n```\n:::\n';

  it("make each code block a tab, labelled by its [label], else its title, else its language", () => {
    const { rendered, diagnostics } = render(GROUP);
    expect(diagnostics).toEqual([]);
    const [group] = groups(rendered.html);
    expect(group).toMatchObject({ labels: ['npm', 'yarn.sh', 'ts'], checked: 0, codeGroup: true });
    // Highlighted as any block; the tab is its label, so no title bar repeats it.
    expect(group!.panels[0]).toMatch(/^<div class="code-block" data-lang="sh"><pre class="shiki shiki-themes/);
    expect(group!.panels[0]).not.toContain('code-title');
    expect(group!.panels[2]).toContain('<span class="line">');
  });

  it('tell text that is not a code block, and a group with none', () => {
    expect(problems(render('::: code-group\nSome text.\n\n```sh [a]\nx\n```\n:::\n\n::: code-group\n:::\n', { bodyLine: 3 }))).toEqual([
      '4:1 "::: code-group" holds only code blocks (its tabs): text in it would not be shown',
      '11:1 "::: code-group" has no code block, so it has no tabs',
    ]);
  });

  it('read [label] from a fence, and give it as the title of a block outside a group', () => {
    expect(parseCodeOptions('sh [npm] {2}', 3).options).toEqual({ lang: 'sh', tab: 'npm', lines: '2' });
    expect(parseCodeOptions('[config.js]', 3)).toEqual({ options: { lang: '', tab: 'config.js' }, problems: [] });
    const html = render('```ts [config.ts]\nconst a = 1;\n```\n').rendered.html;
    expect(html).toContain('<div class="code-title">config.ts</div>');
  });
});
