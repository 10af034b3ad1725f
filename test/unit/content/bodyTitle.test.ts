// The title a body's opening `# heading` gives a page without `title:` (Docusaurus's and VitePress's content title).
import { describe, expect, it } from 'vitest';
import { bodyTitle, withoutBodyTitle } from '../../../src/content/bodyTitle';

describe('bodyTitle', () => {
  it('reads the # heading a body opens with, past blank lines and MDX imports', () => {
    expect(bodyTitle('\n# Introduction\n\nText.\n')).toEqual({ text: 'Introduction', line: 1 });
    expect(bodyTitle("import Tabs from '@theme/Tabs';\nimport {\n  a,\n} from './a.md';\n\n# Install\n")).toEqual({ text: 'Install', line: 5 });
    expect(bodyTitle('# Closed heading ##\n')?.text).toBe('Closed heading');
  });

  it('reads it past MDX exports too, as Docusaurus does (an export runs to the next blank line)', () => {
    // Before: an `export const` above the heading left the page without a title, so a build said "title is required"
    // beside the export's own error, and called the heading "a second <h1>".
    expect(bodyTitle('export const x = 1;\n\n# Heading A\n')).toEqual({ text: 'Heading A', line: 2 });
    const body = "import Tabs from '@theme/Tabs';\nexport const Highlight = ({children}) => (\n  <span>{children}</span>\n);\n\n# Heading B\n";
    expect(bodyTitle(body)).toEqual({ text: 'Heading B', line: 5 });
    expect(bodyTitle('exported text, no statement\n\n# Later\n')).toBeNull();
  });

  it('gives the heading as the text a reader sees', () => {
    expect(bodyTitle('# The `tally` *command* and **its** [flags](./flags.md) {#cli}\n')?.text).toBe('The tally command and its flags');
    expect(bodyTitle('# snake_case_names and 2 * 3 * 4\n')?.text).toBe('snake_case_names and 2 * 3 * 4');
    expect(bodyTitle('# 安装 <Badge>新</Badge> Tally\n')?.text).toBe('安装 新 Tally');
    expect(bodyTitle('# The \\{#id} syntax\n')?.text).toBe('The {#id} syntax');
    expect(bodyTitle('# Heading ids: \\{#id}\n')?.text).toBe('Heading ids: {#id}');
  });

  it('decodes the entities of the heading, as its <h1> shows them (not &amp;lt; in the tab title and the sidebar)', () => {
    expect(bodyTitle('# 使用 &lt;kbd&gt; 标签 &amp; 快捷键\n')?.text).toBe('使用 <kbd> 标签 & 快捷键');
    expect(bodyTitle('# &copy; 2025 &#x4E2D;文 &#169;\n')?.text).toBe('© 2025 中文 ©');
    expect(bodyTitle('# `&amp;` in code, \\&amp; escaped, AT&T\n')?.text).toBe('&amp; in code, &amp; escaped, AT&T');
  });

  it('reads no title when the body opens with anything else', () => {
    expect(bodyTitle('Text first.\n\n# Later\n')).toBeNull();
    expect(bodyTitle('## A section\n')).toBeNull();
    expect(bodyTitle('<!-- note -->\n# Title\n')).toBeNull();
    expect(bodyTitle('#Title without a space\n')).toBeNull();
    expect(bodyTitle('#\n')).toBeNull();
    expect(bodyTitle('    # indented code\n')).toBeNull();
    expect(bodyTitle('')).toBeNull();
  });

  it("empties the heading's line for a post, keeping the other lines where they were", () => {
    const body = '\n# Launch\n\nText.\n';
    expect(withoutBodyTitle(body, bodyTitle(body)!)).toBe('\n\n\nText.\n');
  });
});
