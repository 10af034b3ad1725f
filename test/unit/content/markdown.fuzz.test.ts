// Seeded random pages made of the syntax that interacts (boxes, tabs, fences, footnotes, raw HTML,
// headings, lists, quotes, MDX), rendered in both locales: whatever a writer types, the renderer reports
// problems instead of throwing, and its HTML never holds an id it made twice or a link inside a link.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../helpers/random';
import { render } from './markdownFixture';

const PIECES = [
  '# Title', '## Setup {#setup}', '### 安装步骤', '## Setup', '#### deep', '## {#empty}', '##',
  ':::note', ':::tip Title with [link](../faqs/index.md)', '::::warning', ':::details More', ':::tabs', ':::tabs key:os', ':::tabs key:', '::: code-group key:pm', '== Chrome', '== Firefox', '==', '== ', '::: code-group', ':::', '::::', ':::::', ':::bogus',
  '```ts', '```ts [npm]', '```sh title="x.sh" {1,3}', '```', '````', '~~~', '```pyhton', '    indented code',
  'Text with a note[^1].', '[^1]: The note.', '[^a b]: spaced', 'Ref [^x] and [^x].', '[^x]: again', '[^x]: twice', '[a [^1] link](#setup)',
  '[link](../faqs/index.md#a)', '[bad](./nope.md)', '[anchor](#setup)', '![img](/img/x.svg)', '![](./pic.png)', '<https://example.com>', '[ref]: https://example.com', '[ref]',
  '<div id="x">', '</div>', '<details><summary>S</summary>', '</details>', '<a name="setup"></a>', '<!-- truncate -->', '<!--more-->', '<template><p id="t">x</p></template>', '<pre>', '</pre>',
  '- item', '  - nested', '1. first', '   continued', '> quote', '> [!NOTE]', '> [!TIP]', '> > deep',
  "import Tabs from '@theme/Tabs';", "import X from './x';", '<Tabs groupId="os">', '<Tabs>', '</Tabs>', '<TabItem value="mac" label="macOS">', '<TabItem value="win">Windows text [link](#setup)</TabItem>', '</TabItem>',
  '<Admonition type="tip" title="Hint">', '<Admonition type="note">One line.</Admonition>', '</Admonition>', '<Details summary="More">', '</Details>', '{/* comment */}', '{/* open', '*/}', '<DocCardList />', '<Foo',
  '| a | b |', '|---|---|', '| 1 | 2 |', '*em* **strong** `code` ~~del~~', '中文文本，测试搜索。', 'Emoji 🎉 text', '\t\ttabbed', '', '', '', '***', '---', 'Setext', '===', '&amp; &nbsp; &#x0;',
];

function page(seed: number): { body: string; locale: 'en' | 'zh-Hans' } {
  const next = seededRandom(seed);
  const lines = Array.from({ length: 3 + Math.floor(next() * 30) }, () => {
    let line = PIECES[Math.floor(next() * PIECES.length)]!;
    if (next() < 0.1) line = '  '.repeat(1 + Math.floor(next() * 2)) + line;
    if (next() < 0.05) line += '\r';
    return line;
  });
  return { body: lines.join('\n') + (next() < 0.5 ? '\n' : ''), locale: next() < 0.5 ? 'en' : 'zh-Hans' };
}

describe('random pages', () => {
  it('render without throwing, with no made id twice and no link inside a link (2,000 pages)', () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= 2000 && failures.length < 3; seed++) {
      const { body, locale } = page(seed);
      let html: string;
      try {
        html = render(body, { locale }).rendered.html;
      } catch (error) {
        failures.push(`seed ${seed} threw ${(error as Error).message}:\n${body}`);
        continue;
      }
      // x and t are the raw HTML's own ids (told as warnings, not made by the renderer).
      const ids = [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!).filter((id) => id !== 'x' && id !== 't');
      const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
      if (twice.length) failures.push(`seed ${seed} made the id ${twice[0]} twice:\n${body}`);
      if (/<a [^>]*>(?:(?!<\/a>)[\s\S])*<a /.test(html.replace(/<code[\s\S]*?<\/code>/g, ''))) failures.push(`seed ${seed} put a link inside a link:\n${body}`);
    }
    expect(failures).toEqual([]);
  });
});
