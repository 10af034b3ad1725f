import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../../src/content/markdown.js';
import { createCodeHighlighter } from '../../../src/content/highlight.js';
import { markdownCopyPath } from '../../../src/content/markdownCopy.js';
import type { LinkContext } from '../../../src/content/links.js';

const renderMarkdown = createMarkdownRenderer(createCodeHighlighter());
const ORIGIN = 'https://glint-translate.example';
const DOCS = ['docs/guides/summary.md', 'docs/guides/card.md', 'docs/faqs/index.md'];

function context(localePath: string): LinkContext {
  const prefix = `/${localePath ? `${localePath}/` : ''}`;
  const permalinks = Object.fromEntries(DOCS.map((p) => [p, prefix + p.replace(/index\.md$/, '').replace(/\.md$/, '')]));
  return { baseUrl: '/', localePath, permalinks, staticRoots: ['img'], localePaths: ['en'], origin: ORIGIN };
}

/** The copy of a body as the page `docs/guides/summary.md` of a locale; `extra`: more of its link context. */
function copyOf(body: string, locale: 'zh-Hans' | 'en' = 'en', file = 'summary.md', extra: Partial<LinkContext> = {}) {
  const result = renderMarkdown({ file: `content/${locale}/docs/guides/${file}`, contentPath: 'docs/guides/summary.md', body, bodyLine: 5, locale, copy: true }, { ...context(locale === 'en' ? 'en' : ''), ...extra });
  return result.rendered.copy!;
}

describe('markdown copy of a page', () => {
  it('is made only when the site asks for copies', () => {
    const result = renderMarkdown({ file: 'content/en/docs/guides/summary.md', contentPath: 'docs/guides/summary.md', body: 'Text.\n', bodyLine: 1, locale: 'en' }, context('en'));
    expect(result.rendered.copy).toBeUndefined();
  });

  it('turns boxes into quotes that name their kind, in the locale, with their title', () => {
    expect(copyOf(':::tip\nPress **Alt**.\n:::\n\nAfter.\n').text).toBe('> **Tip**\n>\n> Press **Alt**.\n\nAfter.\n');
    expect(copyOf(':::warning Keys\nKeep it secret.\n:::\n', 'zh-Hans').text).toBe('> **注意: Keys**\n>\n> Keep it secret.\n');
    expect(copyOf(':::details Why?\nBecause.\n:::\n').text).toBe('> **Why?**\n>\n> Because.\n');
  });

  it('quotes a box inside another one level deeper', () => {
    expect(copyOf('::::note\nOuter.\n:::tip\nInner.\n:::\n::::\n').text).toBe('> **Note**\n>\n> Outer.\n>> **Tip**\n>>\n>> Inner.\n');
  });

  it('labels each tab and each code-group block, and drops the group lines', () => {
    expect(copyOf(':::tabs key:os\n== Chrome\nOpen the menu.\n\n== Firefox\nOpen add-ons.\n:::\n').text).toBe('**Chrome**\n\nOpen the menu.\n\n**Firefox**\n\nOpen add-ons.\n');
    expect(copyOf('::: code-group\n```sh [npm]\nnpm i\n```\n```sh [pnpm]\npnpm add\n```\n:::\n').text).toBe('**npm**\n\n```sh\nnpm i\n```\n**pnpm**\n\n```sh\npnpm add\n```\n');
  });

  it('reads MDX components as the markdown they stand for, and drops MDX comments and imports', () => {
    const body = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n{/* not for readers */}\n\n<Tabs>\n<TabItem value=\"win\" label=\"Windows\">\n\nPress Ctrl.\n\n</TabItem>\n<TabItem value=\"mac\" label=\"macOS\">\n\nPress Cmd.\n\n</TabItem>\n</Tabs>\n\n<Admonition type=\"danger\" title=\"Careful\">Do not share it.</Admonition>\n";
    const { text } = copyOf(body, 'en', 'summary.mdx');
    expect(text).not.toMatch(/import|Tabs|TabItem|not for readers|Admonition/);
    expect(text).toContain('**Windows**');
    expect(text).toContain('Press Ctrl.');
    expect(text).toContain('**macOS**');
    expect(text).toContain('> **Danger: Careful**');
    expect(text).toContain('> Do not share it.');
  });

  it('names the copies as ever with trailingSlash, and writes the addresses of pages with their slash', () => {
    const { text } = copyOf('See [the card](./card.md#keys), [FAQ](../faqs/index.md) and [home](/docs/guides/card).\n', 'en', 'summary.md', { trailingSlash: true });
    expect(text).toContain(`[the card](${ORIGIN}/en/docs/guides/card.md#keys)`);
    expect(text).toContain(`[FAQ](${ORIGIN}/en/docs/faqs/index.md)`);
    expect(text).toContain(`[home](${ORIGIN}/en/docs/guides/card/)`);
  });

  it('writes links to pages as their copies and other site paths as absolute addresses, leaving other sites and anchors', () => {
    const { text } = copyOf('See [the card](./card.md#keys), [FAQ](../faqs/index.md), [home](/docs/guides/card), [a site](https://deepl.com), [top](#top).\n\n![Card](/img/card.png)\n\n[ref]: ./card.md\n');
    expect(text).toContain(`[the card](${ORIGIN}/en/docs/guides/card.md#keys)`);
    expect(text).toContain(`[FAQ](${ORIGIN}/en/docs/faqs/index.md)`);
    expect(text).toContain(`[home](${ORIGIN}/en/docs/guides/card)`);
    expect(text).toContain('[a site](https://deepl.com)');
    expect(text).toContain('[top](#top)');
    expect(text).toContain(`![Card](${ORIGIN}/img/card.png)`);
    expect(text).toContain(`[ref]: ${ORIGIN}/en/docs/guides/card.md`);
  });

  it("writes a relative link that names no file absolute from the page's address, where its page leads (llms-full.txt is elsewhere)", () => {
    const body = 'Back to [the FAQ](../faqs/), [page 2](?page=2) and [the card](card).\n\n<a href="../card#keys">card</a>\n';
    const { text } = copyOf(body);
    expect(text).toContain(`[the FAQ](${ORIGIN}/en/docs/faqs/)`);
    expect(text).toContain(`[page 2](${ORIGIN}/en/docs/guides/summary?page=2)`);
    expect(text).toContain(`[the card](${ORIGIN}/en/docs/guides/card)`);
    expect(text).toContain(`<a href="${ORIGIN}/en/docs/card#keys">card</a>`);
    // With trailingSlash the page is at /docs/guides/summary/, one folder deeper, and its links resolve from there.
    const slashed = copyOf(body, 'zh-Hans', 'summary.md', { trailingSlash: true }).text;
    expect(slashed).toContain(`[the FAQ](${ORIGIN}/docs/guides/faqs/)`);
    expect(slashed).toContain(`[the card](${ORIGIN}/docs/guides/summary/card)`);
  });

  it("writes raw HTML's addresses absolute however they are quoted, a poster's and each srcset candidate's too", () => {
    const { text } = copyOf('<video src=/img/v.mp4 poster="/img/p.jpg"></video>\n\n<img src=\'/img/x.png\' srcset="/img/x.png 1x, /img/x2.png 2x">\n\n<A HREF="./card.md">card</A>\n');
    expect(text).toContain(`<video src="${ORIGIN}/img/v.mp4" poster="${ORIGIN}/img/p.jpg"></video>`);
    expect(text).toContain(`<img src="${ORIGIN}/img/x.png" srcset="${ORIGIN}/img/x.png 1x, ${ORIGIN}/img/x2.png 2x">`);
    expect(text).toContain(`<A HREF="${ORIGIN}/en/docs/guides/card.md">card</A>`);
  });

  it('leaves links in code as written', () => {
    const { text } = copyOf('Write `[x](./card.md)`.\n\n```md\n[x](./card.md)\n:::tip\n```\n');
    expect(text).toBe('Write `[x](./card.md)`.\n\n```md\n[x](./card.md)\n:::tip\n```\n');
  });

  it('reads a line that starts with code in three backticks as a code span, not a fence: the rest of the page is still converted', () => {
    const { text } = copyOf('```npm i``` installs it.\n\n:::tip\nSee [the card](./card.md).\n:::\n\n## Keys {#keys}\n');
    expect(text).toBe(`\`\`\`npm i\`\`\` installs it.\n\n> **Tip**\n>\n> See [the card](${ORIGIN}/en/docs/guides/card.md).\n\n## Keys\n`);
  });

  it('closes fenced code only at a fence with nothing after it', () => {
    const { text } = copyOf('````md\n```js title="a.js"\n:::tip\n````\n\n:::tip\nAfter.\n:::\n');
    expect(text).toBe('````md\n```js title="a.js"\n:::tip\n````\n\n> **Tip**\n>\n> After.\n');
  });

  it('removes heading ids and the excerpt marker, and says whether the body has its own # heading', () => {
    const copy = copyOf('Intro.\n\n<!-- truncate -->\n\n## Keys {#keys}\n\nText.\n');
    expect(copy).toEqual({ text: 'Intro.\n\n## Keys\n\nText.\n', h1: false });
    expect(copyOf('## Ids are written \\{#id}\n').text).toBe('## Ids are written \\{#id}\n');
    expect(copyOf('# Own title\n\nText.\n').h1).toBe(true);
    expect(copyOf('```sh\n# a comment\n```\n').h1).toBe(false);
  });

  it('lives beside the page, or in a folder page as index.md', () => {
    expect(markdownCopyPath('/en/docs/guides/card')).toBe('/en/docs/guides/card.md');
    expect(markdownCopyPath('/docs/faqs/')).toBe('/docs/faqs/index.md');
  });
});
