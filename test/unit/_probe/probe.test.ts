import { it } from 'vitest';
import { createMarkdownRenderer } from '../../../src/content/markdown.js';
import { loadHighlighter } from '../../../src/content/highlight.js';

it('probe', async () => {
  const hl = await loadHighlighter(['ts', 'bash']);
  const render = createMarkdownRenderer(hl);
  const ctx = { baseUrl: '/', localePath: '', permalinks: { 'docs/a.md': '/docs/a' }, staticRoots: ['img'], localePaths: ['en'] };
  const cases = [
    'Para one\n[ref]: ./a.md\n\nSee [r][ref].\n\n[bad](./missing.md)\n',
    '[ref]: ./a.md\n\n[bad](./missing.md)\n',
    ':::note\n:::warning\n嵌套\n:::\n:::\n',
    ':::tip\n```js\ncode\n:::\n',
    'Intro\n\n:::danger 小心\ntext\n\n```bash\necho :::\n:::\n```\n\n## 内部标题\n:::\n\nafter [x](./nope.md)\n',
    '## What\'s new in 11.6?\n\n## 使用 `Ctrl+C` 复制\n\n## Hello <small>beta</small>\n\n## Install\n\n## 自定义 {#install}\n\n## Café & Crème\n',
    '```\nunclosed\n',
    'text\n\n    indented code\n\n````md\n```\ninner\n```\n````\n',
    'a\n<!-- truncate -->\nb\n',
    '<div>\n  <img src="/img/a.png">\n  <a href=\'https://x.org/?a=1&amp;b=2\'>x</a>\n</div>\n',
  ];
  for (const body of cases) {
    const r = render({ file: 'f.md', contentPath: 'docs/q.md', body, bodyLine: 10, locale: 'zh-Hans' }, ctx);
    console.log('=====\n' + body + '\n-----\n' + r.rendered.html + '\n' + JSON.stringify({ h: r.rendered.headings, refs: r.rendered.refs, d: r.diagnostics, ex: r.rendered.excerptHtml }));
  }
});
