import { describe, expect, it } from 'vitest';
import { isRealDate, parseFrontMatter } from '../../../src/content/frontMatter.js';
import { parseBlogFile } from '../../../src/content/blogMetaFile.js';

const FILE = 'content/zh-Hans/docs/guides/card.md';

/** Parses a file and returns its diagnostics as `line:column message` strings. */
function errors(text: string): string[] {
  return parseFrontMatter(text, FILE).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}${d.hint ? ` (${d.hint})` : ''}`);
}

describe('parseFrontMatter: splitting', () => {
  it('splits front matter from the body and says on which file line the body starts', () => {
    const text = '---\ntitle: 翻译卡片\ndescription: 划词后弹出的翻译卡片\n---\n\n## 打开卡片\n';
    const result = parseFrontMatter(text, FILE);
    expect(result.frontMatter).toEqual({ title: '翻译卡片', description: '划词后弹出的翻译卡片' });
    expect(result.body).toBe('\n## 打开卡片\n');
    expect(result.bodyLine).toBe(5);
    expect(result.diagnostics).toEqual([]);
  });

  it('treats a file without front matter as all body, starting on line 1', () => {
    const result = parseFrontMatter('# 灵译\n\n---\n\ntext\n', FILE);
    expect(result).toEqual({ frontMatter: {}, body: '# 灵译\n\n---\n\ntext\n', bodyLine: 1, keyLines: {}, diagnostics: [] });
  });

  it('accepts empty front matter', () => {
    const result = parseFrontMatter('---\n---\nBody', FILE);
    expect(result.frontMatter).toEqual({});
    expect(result.body).toBe('Body');
    expect(result.bodyLine).toBe(3);
  });

  it('accepts trailing spaces after the dashes', () => {
    const result = parseFrontMatter('--- \ntitle: A\n---\t\nBody', FILE);
    expect(result.frontMatter).toEqual({ title: 'A' });
    expect(result.body).toBe('Body');
    expect(result.bodyLine).toBe(4);
  });

  it('gives an empty body on the line after the closing dashes when the file ends there', () => {
    const result = parseFrontMatter('---\ntitle: 只有标题\n---', FILE);
    expect(result.body).toBe('');
    expect(result.bodyLine).toBe(4);
  });

  it('reports unclosed front matter at line 1 and keeps the whole file as body', () => {
    const text = '---\ntitle: A\n\nBody without the closing line\n';
    expect(errors(text)).toEqual(['1:1 front matter is not closed (end it with a line containing only ---)']);
    expect(parseFrontMatter(text, FILE).body).toBe(text);
  });

  it('says where a front matter that is not read as one went wrong: a blank line or an invisible character before it, four dashes', () => {
    expect(errors('\n---\ntitle: A\n---\nBody\n')).toEqual(['2:1 front matter must start on the first line of the file (here it starts on line 2) (delete what comes before the first --- (blank lines, spaces, invisible characters))']);
    expect(errors('\u200b---\ntitle: A\n---\nBody\n')).toEqual(['1:1 front matter must start at the very beginning of the file (a space or an invisible character comes before the first ---) (delete what comes before the first --- (blank lines, spaces, invisible characters))']);
    expect(errors('----\ntitle: A\n----\nBody\n')).toEqual(['1:1 front matter opens with a line of exactly three dashes, not 4 (write --- on the first line)']);
    expect(parseFrontMatter('\n---\ntitle: A\n---\nBody\n', FILE).unread).toBe(true);
    // A rule in a body without front matter is not one.
    expect(errors('# 灵译\n\n---\n\ntext\n')).toEqual([]);
  });

  it('does not take a longer rule such as ---- for the closing line', () => {
    expect(errors('---\ntitle: A\n----\nBody\n')).toEqual(['1:1 front matter is not closed (end it with a line containing only ---)']);
  });
});

describe('parseFrontMatter: YAML errors at the file line', () => {
  it('hints to quote a value YAML reads as something else (": " inside, a leading *)', () => {
    const hintOf = (text: string) => parseFrontMatter(text, FILE).diagnostics.map((d) => d.hint);
    expect(hintOf('---\ntitle: Q: what?\n---\nBody\n')).toEqual(['a value that holds ": " must be quoted: title: "Q: what?"']);
    expect(hintOf('---\ntitle: *bold*\n---\nBody\n')).toEqual(['a value that starts with *, &, !, @ or ` must be quoted: title: "*bold*"']);
  });

  it('hints to quote a value that starts with a {{variable}}, which YAML reads as a mapping', () => {
    const quote = (written: string) => `(a value that starts with {{ must be quoted, or YAML reads it as a mapping: ${written})`;
    expect(errors('---\ntitle: {{product}} 使用指南\n---\nBody\n')).toEqual([`2:20 invalid YAML: Unexpected scalar at node end ${quote('title: "{{product}} 使用指南"')}`]);
    expect(errors('---\ntitle: T\nsidebar_label: {{ product }}\n---\nBody\n')).toEqual([`3:16 sidebar_label: expected a string, got a mapping ${quote('sidebar_label: "{{ product }}"')}`]);
    expect(errors('---\ntitle: T\nkeywords: [{{product}}, 翻译]\n---\nBody\n')).toEqual([`3:12 keywords[0]: expected a string, got a mapping ${quote('"{{product}}"')}`]);
    expect(errors('---\ntitle: T\nkeywords:\n  - {{product}}\n---\nBody\n')).toEqual([`4:5 keywords[0]: expected a string, got a mapping ${quote('"{{product}}"')}`]);
    // A mapping meant as one keeps its own words, and a quoted variable is a string.
    expect(errors('---\ntitle: { a: 1 }\n---\nBody\n')).toEqual(['2:8 title: expected a string, got a mapping']);
    expect(errors('---\ntitle: "{{product}} 使用指南"\n---\nBody\n')).toEqual([]);
  });

  it('takes a share image that is a site path, a file beside the page or an http(s) address, and no other scheme', () => {
    for (const image of ['/img/card.png', './img/my card.png', 'img/card.png', 'https://cdn.example/card.png', '//cdn.example/card.png']) {
      expect(errors(`---\ntitle: T\nimage: "${image}"\n---\nBody\n`)).toEqual([]);
    }
    for (const image of ['data:image/png;base64,AAAA', 'ftp://example.org/a.png', 'https://', '//']) {
      expect(errors(`---\ntitle: T\nimage: "${image}"\n---\nBody\n`)).toEqual([`3:8 image: "${image}" is not valid (a share image is a site path (/img/card.png), a file beside the page (./img/card.png) or an http(s):// address)`]);
    }
  });

  it('reports an alias to a missing anchor at its line instead of failing', () => {
    expect(errors('---\ntitle: 标题\ndescription: *missing\n---\nBody\n')).toEqual(['3:14 invalid YAML: Unresolved alias (the anchor must be set before the alias): missing (a value that starts with *, &, !, @ or ` must be quoted: title: "*bold*")']);
  });

  it('maps the first YAML line to file line 2', () => {
    expect(errors('---\ntitle: @灵译\n---\nBody\n')).toEqual(['2:8 invalid YAML: Plain value cannot start with reserved character @']);
  });

  it('reports a duplicate key on its own file line', () => {
    expect(errors('---\ntitle: 卡片\ndescription: 说明\ntitle: 卡片二\n---\nBody\n')).toEqual(['4:1 invalid YAML: Map keys must be unique']);
  });

  it('reports a bad indentation at its line and column', () => {
    expect(errors('---\ntitle: 卡片\ndescription: A\n  tags: [news]\n---\nBody\n')[0]).toMatch(/^3:14 invalid YAML: /);
  });

  it('points at where an unclosed [ list or { map opens, not at the line after it where YAML notices it', () => {
    const hint = (c: string) => ` (end it with ${c} (on the same line, or on a later line indented more than its key))`;
    expect(errors('---\ntitle: 标题\nkeywords: [DeepL, 谷歌\ndescription: 说明\n---\nBody\n')).toEqual([`3:11 invalid YAML: the [ … ] list that starts here is never closed${hint(']')}`]);
    expect(errors('---\ntitle: {text: 标题\n---\nBody\n')).toEqual([`2:8 invalid YAML: the { … } map that starts here is never closed${hint('}')}`]);
    // The first unclosed one, after a closed one; a list continued on an indented line is no error.
    expect(errors('---\ntitle: A\ntags: [a, b]\nkeywords: [c\n---\nBody\n')[0]).toMatch(/^4:11 invalid YAML: the \[ … \] list/);
    expect(errors('---\ntitle: A\nkeywords: [a,\n  b]\n---\nBody\n')).toEqual([]);
  });

  it('points at where an unclosed quote opens, not at the end of the front matter where YAML notices it', () => {
    const hint = (q: string) => ` (end it with ${q} (a quoted value runs on over line ends until its closing quote))`;
    expect(errors('---\ntitle: "划词翻译\ndescription: 说明\n---\nBody\n')).toEqual([`2:8 invalid YAML: the double-quoted value that starts here is never closed${hint('"')}`]);
    expect(errors("---\ntitle: 标题\nkeywords: [DeepL, 'API key]\n---\nBody\n")).toEqual([`3:19 invalid YAML: the single-quoted value that starts here is never closed${hint("'")}`]);
    // Quotes escaped inside a closed value are not mistaken for an opening one.
    expect(errors('---\ntitle: "say \\"hi\\""\ndescription: "open\n---\nBody\n')[0]).toMatch(/^3:14 invalid YAML: the double-quoted value/);
    // A quoted key on the first line of the YAML (offset 0).
    expect(errors('---\n"title: 标题\n---\nBody\n')[0]).toMatch(/^2:1 invalid YAML: the double-quoted value/);
    // A quoted value may run over lines: closed on a later line, it is no error.
    expect(errors('---\ntitle: "one\n  two"\n---\nBody\n')).toEqual([]);
  });

  it('a key that is a list or a mapping (? [a]): its one error, and no Node warning printed past the diagnostics', async () => {
    const warnings: unknown[] = [];
    const record = (warning: unknown) => void warnings.push(warning);
    process.on('warning', record);
    try {
      expect(errors('---\n? [a]\n: b\ntitle: A\ndescription: B\n---\nBody\n')).toEqual([expect.stringMatching(/^2:1 \[ a \]: unknown key/)]);
      expect(parseBlogFile('authors', 'team:\n  name: T\n? [a]\n: b\n', 'content/en/blog/authors.yml').diagnostics).toHaveLength(1);
      // Node emits a warning on the next turn of the event loop.
      await new Promise((done) => setImmediate(done));
    } finally {
      process.off('warning', record);
    }
    expect(warnings).toEqual([]);
  });

  it('still returns the body and its line after a YAML error', () => {
    const result = parseFrontMatter('---\ntitle: A\ntitle: B\n---\nBody\n', FILE);
    expect(result.frontMatter).toEqual({});
    expect(result.body).toBe('Body\n');
    expect(result.bodyLine).toBe(5);
  });
});

describe('parseFrontMatter: validation', () => {
  it('reports an unknown key at the key, with a suggestion', () => {
    expect(errors('---\ntitle: A\nsidebar_lable: 卡片\n---\n')).toEqual(['3:1 sidebar_lable: unknown key (did you mean "sidebar_label"?)']);
  });

  it('says that a key is empty (a line that starts with its colon, or a null key) instead of naming none', () => {
    const problem = (text: string) => parseFrontMatter(text, FILE).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
    expect(problem('---\ntitle: A\n: nothing\n---\nBody\n')).toEqual(['3:1 a key is empty: nothing (or null, ~) before its colon']);
    expect(problem('---\ntitle: A\nnull: x\n---\nBody\n')).toEqual(['3:1 a key is empty: nothing (or null, ~) before its colon']);
  });

  it('says that a list item stands where a key belongs, with how to write a list', () => {
    const found = parseFrontMatter('---\ntitle: A\ndescription: B\n- tips\n---\nBody\n', FILE).diagnostics;
    expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['4:1 invalid YAML: a list item (- …) where a key: value line belongs']);
    expect(found[0]!.hint).toMatch(/under its key/);
  });

  it('says so of a list item indented less than the others of its list, as of one after a value (YAML spoke of block sequences as implicit keys)', () => {
    const found = parseFrontMatter('---\ntitle: A\nkeywords:\n  - a\n- b\n---\nBody\n', FILE).diagnostics;
    expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['5:1 invalid YAML: a list item (- …) where a key: value line belongs']);
    expect(found[0]!.hint).toMatch(/indented alike/);
  });

  it('says that a --- line inside the front matter ends its YAML, not which function of the YAML library to call', () => {
    const found = parseFrontMatter('---\ntitle: A\n--- draft\ndescription: B\n---\nBody\n', FILE).diagnostics;
    expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['3:1 invalid YAML: a line starting with --- (or ...) ends the YAML here, and more follows']);
  });

  it('names binary data for a value YAML reads as bytes (!!binary)', () => {
    expect(errors('---\ntitle: !!binary aGk=\n---\nBody\n')).toEqual(['2:17 title: expected a string, got binary data']);
  });

  it('reports a number written as a key at its line', () => {
    expect(errors('---\ntitle: A\n1: x\n---\nBody\n')).toEqual([expect.stringMatching(/^3:1 1: unknown key/)]);
  });

  it("tells what to write for another generator's key, not the nearest key by spelling", () => {
    // VitePress: `aside` would be "did you mean id?", `sidebar` "sidebar_key".
    expect(errors('---\ntitle: A\naside: false\noutline: [2, 4]\nprev: false\nsidebar: false\n---\n')).toEqual([
      "3:1 aside: unknown key (VitePress's: the table of contents is beside every page; aside: false is hide_table_of_contents: true)",
      "4:1 outline: unknown key (VitePress's: outline: deep is toc_max_heading_level: 6, outline: [2, 4] is toc_min_heading_level: 2 and toc_max_heading_level: 4, outline: false is hide_table_of_contents: true)",
      "5:1 prev: unknown key (VitePress's: write pagination_prev: with a doc id (its path under docs/ without .md), or pagination_prev: null for no link)",
      "6:1 sidebar: unknown key (VitePress's: displayed_sidebar: null shows no sidebar on the doc, displayed_sidebar: <name> another sidebar of sidebars.yaml)",
    ]);
    // Hugo's, and a key nested in another one keeps the usual hint.
    expect(errors('---\ntitle: A\nweight: 3\nlinkTitle: Card\n---\n')).toEqual([
      "3:1 weight: unknown key (Hugo's: sidebar_position: orders a doc in an autogenerated sidebar)",
      "4:1 linkTitle: unknown key (Hugo's: sidebar_label: is the doc's label in the sidebar)",
    ]);
    expect(errors('---\ntitle: A\nlast_update: { date: 2024-01-01, aside: x }\n---\n')[0]).not.toContain('VitePress');
  });

  it('reports an unknown key with no value at the key', () => {
    expect(errors('---\ntitle: A\n  \nfoo:\n---\n')).toEqual([
      '4:1 foo: unknown key (known keys: title, description, keywords, image, sidebar_label, slug, aliases, toc_min_heading_level, toc_max_heading_level, custom_edit_url, pagination_prev, pagination_next, sidebar_position, pagination_label, displayed_sidebar, sidebar_class_name, sidebar_custom_props, sidebar_key, id, tags, authors, author, author_title, author_url, author_image_url, authorTitle, authorURL, authorImageURL, date, last_update, draft, hide_table_of_contents, hide_title, noindex, unlisted)',
    ]);
  });

  it('reports a wrong type at the value', () => {
    expect(errors('---\ntitle: A\ndraft: "yes"\n---\n')).toEqual(['3:8 draft: expected true or false, got the string "yes"']);
    expect(errors('---\ntitle: [卡片]\n---\n')).toEqual(['2:8 title: expected a string, got a list']);
  });

  it('reports a wrong list item at the item', () => {
    expect(errors('---\ntitle: A\ntags:\n  - news\n  - 3\n---\n')).toEqual(['5:5 tags[1]: expected a tag key, or a tag written out: { label: …, permalink: /… }, got number 3']);
  });

  it('reads tags as keys and as Docusaurus writes them out inline, { label, permalink }; a tag written out without a permalink, or one tag not in a list, is an error at it', () => {
    const read = parseFrontMatter('---\ntitle: A\ntags: [{ label: AI 翻译, permalink: /ai }, free]\n---\n', FILE);
    expect(read.diagnostics).toEqual([]);
    expect(read.frontMatter.tags).toEqual([{ label: 'AI 翻译', permalink: '/ai' }, 'free']);
    // What is wrong with a tag written out, at its key (before: "expected a tag key, or a tag written out: { label: …,
    // permalink: /… }, got a mapping", though it was one).
    expect(errors('---\ntitle: A\ntags:\n  - free\n  - label: X\n---\n')).toEqual(['5:5 tags[1].permalink: "permalink" is required']);
    expect(errors('---\ntitle: A\ntags:\n  - label: X\n    permalink: /a/b\n---\n')).toEqual(['5:16 tags[0].permalink: "/a/b" is not valid (one part of an address, such as /releases: no spaces, "/", "?", "#" or "%" inside)']);
    expect(errors('---\ntitle: A\ntags: [news, { label: 自定义, permalink: /a b }]\n---\n')).toEqual(['3:39 tags[1].permalink: "/a b" is not valid (one part of an address, such as /releases: no spaces, "/", "?", "#" or "%" inside)']);
    expect(errors('---\ntitle: A\ntags: [7]\n---\n')).toEqual(['3:8 tags[0]: expected a tag key, or a tag written out: { label: …, permalink: /… }, got number 7']);
    expect(errors('---\ntitle: A\ntags: free\n---\n')).toEqual(['3:7 tags: expected a list, got the string "free" (write it as a list: tags: [free])']);
  });

  it('reports a slug with a space', () => {
    expect(errors('---\ntitle: A\nslug: 安全 模式\n---\n')).toEqual(['3:7 slug: "安全 模式" is not valid (a slug has no spaces, "?" or "#")']);
  });

  it("reads a doc's id: (Docusaurus's), and tells one with a \"/\", an empty one or one that is no string at its line", () => {
    const read = parseFrontMatter('---\ntitle: A\nid: bar\n---\nBody\n', FILE);
    expect(read.frontMatter).toEqual({ title: 'A', id: 'bar' });
    expect(read.keyLines.id).toBe(3);
    expect(errors('---\ntitle: A\nid: guides/bar\n---\n')).toEqual(['3:5 id: "guides/bar" holds a "/": an id names the doc inside its folder, and the folder is the file\'s (write id: bar, and move the file to change its folder)']);
    expect(errors('---\ntitle: A\nid: ""\n---\n')).toEqual(['3:5 id: an empty id names no doc (write a name (id: setup), or delete the line to keep the id the file name gives)']);
    expect(errors('---\ntitle: A\nid: 2024\n---\n')).toEqual(['3:5 id: expected a string, got number 2024']);
    // A value with a problem is left out: the doc keeps the id its file name gives it.
    expect(parseFrontMatter('---\ntitle: A\nid: a/b\n---\n', FILE).frontMatter).toEqual({ title: 'A' });
  });

  it('reports front matter that is not a mapping', () => {
    expect(errors('---\n- title\n- A\n---\n')).toEqual(['2:1 front matter: expected a mapping, got a list']);
  });

  it('leaves values with errors out, so later stages only see the documented types', () => {
    const text = '---\ntitle: 卡片\ndate: 20240105\nslug: 404\ntags: news\nkeywords: 划词\nsidebar_lable: x\n---\n';
    const result = parseFrontMatter(text, FILE);
    expect(result.diagnostics).toHaveLength(5);
    expect(result.frontMatter).toEqual({ title: '卡片' });
    expect(result.keyLines).toEqual({ title: 2, date: 3, slug: 4, tags: 5, keywords: 6, sidebar_lable: 7 });
  });

  it("says that Hugo's TOML and a JSON front matter are not read, instead of a missing title", () => {
    const toml = parseFrontMatter('+++\ntitle = "A"\n+++\nBody\n', FILE);
    expect(toml.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['1:1 front matter in TOML (between +++ lines) is not read: it is YAML between --- lines']);
    expect(toml.unread).toBe(true);
    expect(errors('{\n  "title": "A"\n}\nBody\n')).toEqual(['1:1 front matter in JSON is not read: it is YAML between --- lines (write it as YAML: --- on the first line, key: value lines (title: "…"), then ---)']);
  });

  it('gives an empty mapping for front matter that is a list', () => {
    expect(parseFrontMatter('---\n- a\n---\n', FILE).frontMatter).toEqual({});
  });

  it('turns a single author into a list', () => {
    expect(parseFrontMatter('---\ntitle: A\nauthors: team\n---\n', FILE).frontMatter.authors).toEqual(['team']);
  });

  it('keeps numeric keywords as written', () => {
    const result = parseFrontMatter('---\ntitle: 11.10 版本\nkeywords: [429, 11.6, 11.10, 1e3, 划词]\n---\n', FILE);
    expect(result.diagnostics).toEqual([]);
    expect(result.frontMatter.keywords).toEqual(['429', '11.6', '11.10', '1e3', '划词']);
  });

  it('records the file line of every top-level key', () => {
    const result = parseFrontMatter('---\ntitle: 卡片\n\n# 注释\ndescription: >\n  多行\n  说明\ntags: [news]\n---\n', FILE);
    expect(result.keyLines).toEqual({ title: 2, description: 5, tags: 8 });
  });

  it('records the file line of each list item, with either reader', () => {
    const text = '---\ntitle: 卡片\ntags:\n  - news\n\n  - events\nkeywords: [a, b]\n---\n';
    expect(parseFrontMatter(text, FILE).itemLines).toEqual({ tags: [4, 6], keywords: [7, 7] });
    expect(parseFrontMatter(text, FILE, { fullParser: true }).itemLines).toEqual({ tags: [4, 6], keywords: [7, 7] });
    expect(parseFrontMatter('---\ntitle: A\n---\n', FILE).itemLines).toBeUndefined();
  });
});

describe('parseFrontMatter: dates', () => {
  it('accepts real dates, and dates with times', () => {
    expect(errors('---\ntitle: A\ndate: 2024-02-29\nlast_update: 2024-06-18T09:30:00+08:00\n---\n')).toEqual([]);
    expect(errors('---\ntitle: A\ndate: 2024-06-18 23:59\n---\n')).toEqual([]);
  });

  it('reports a day that does not exist at the value', () => {
    expect(errors('---\ntitle: A\ndate: 2023-02-29\nlast_update: 2024-04-31\n---\n')).toEqual([
      '3:7 date: 2023-02-29 is not a real calendar date',
      '4:14 last_update: 2024-04-31 is not a real calendar date',
    ]);
  });

  it('reports a time or an offset that does not exist, as a time of day', () => {
    const hint = ' (hours go from 00 to 23, minutes and seconds from 00 to 59, in the time and in its offset (+08:00))';
    expect(errors('---\ntitle: A\ndate: 2024-06-18 24:00\n---\n')).toEqual([`3:7 date: 2024-06-18 24:00 is not a real time of day${hint}`]);
    expect(errors('---\ntitle: A\ndate: 2024-06-18T10:00+25:00\nlast_update: 2024-06-18T10:00:00-0960\n---\n')).toEqual([
      `3:7 date: 2024-06-18T10:00+25:00 is not a real time of day${hint}`,
      `4:14 last_update: 2024-06-18T10:00:00-0960 is not a real time of day${hint}`,
    ]);
    expect(errors('---\ntitle: A\ndate: 2024-06-18T10:00+23:59\n---\n')).toEqual([]);
  });

  it('reports a date in another format with a hint', () => {
    expect(errors('---\ntitle: A\ndate: 2024/06/18\n---\n')).toEqual(['3:7 date: "2024/06/18" is not valid (write a date as YYYY-MM-DD, or with a time of day as 2024-06-18T09:30 (an offset after it if not UTC: +08:00))']);
  });
});

describe("parseFrontMatter: Docusaurus's sidebar and pagination keys of a doc", () => {
  it('reads pagination_label, displayed_sidebar (a name or null), sidebar_class_name and sidebar_key as written, with either reader', () => {
    const text = '---\ntitle: A\npagination_label: Start here\ndisplayed_sidebar: guides\nsidebar_class_name: new  beta-2\nsidebar_key: start\n---\nBody\n';
    for (const fullParser of [false, true]) {
      const result = parseFrontMatter(text, FILE, { fullParser });
      expect(result.diagnostics).toEqual([]);
      expect(result.frontMatter).toEqual({ title: 'A', pagination_label: 'Start here', displayed_sidebar: 'guides', sidebar_class_name: 'new  beta-2', sidebar_key: 'start' });
      expect(result.keyLines.displayed_sidebar).toBe(4);
    }
    expect(parseFrontMatter('---\ntitle: A\ndisplayed_sidebar: null\n---\n', FILE).frontMatter).toEqual({ title: 'A', displayed_sidebar: null });
  });

  it('reports a sidebar_class_name that is not class names, and a displayed_sidebar or pagination_label that is not a string, at the value', () => {
    expect(errors('---\ntitle: A\nsidebar_class_name: "new!"\ndisplayed_sidebar: [a, b]\npagination_label: 12\n---\n')).toEqual([
      '3:21 sidebar_class_name: "new!" is not valid (one or more class names (letters, digits, - and _), separated by spaces)',
      '4:20 displayed_sidebar: expected a string, got a list',
      '5:19 pagination_label: expected a string, got number 12',
    ]);
    expect(errors('---\ntitle: A\nsidebar_class_name: " red"\n---\n')).toEqual(['3:21 sidebar_class_name: " red" is not valid (one or more class names (letters, digits, - and _), separated by spaces)']);
    expect(parseFrontMatter('---\ntitle: A\nsidebar_class_name: a.b\n---\n', FILE).frontMatter).toEqual({ title: 'A' });
  });

  it('takes any mapping as sidebar_custom_props, nested as written; anything else is an error at the value', () => {
    const text = '---\ntitle: A\nsidebar_custom_props:\n  badge: new\n  weight: 2\n  tags: [a, { b: null }]\n---\n';
    expect(parseFrontMatter(text, FILE).frontMatter.sidebar_custom_props).toEqual({ badge: 'new', weight: 2, tags: ['a', { b: null }] });
    expect(errors(text)).toEqual([]);
    expect(errors('---\ntitle: A\nsidebar_custom_props: new\n---\n')).toEqual(['3:23 sidebar_custom_props: expected a mapping, got the string "new"']);
    expect(errors('---\ntitle: A\nsidebar_custom_props: [a]\n---\n')).toEqual(['3:23 sidebar_custom_props: expected a mapping, got a list']);
  });

  it("reads last_update as Docusaurus 3's { date, author } too, each checked at its own line", () => {
    const text = '---\ntitle: A\nlast_update:\n  date: 2024-06-18\n  author: Jane Doe\n---\n';
    expect(parseFrontMatter(text, FILE).frontMatter.last_update).toEqual({ date: '2024-06-18', author: 'Jane Doe' });
    expect(errors(text)).toEqual([]);
    expect(parseFrontMatter('---\ntitle: A\nlast_update: { author: Jane }\n---\n', FILE).frontMatter.last_update).toEqual({ author: 'Jane' });
    expect(errors('---\ntitle: A\nlast_update:\n  date: 2024-06-31\n  author: Jane\n---\n')).toEqual(['4:9 last_update.date: 2024-06-31 is not a real calendar date']);
    expect(errors('---\ntitle: A\nlast_update:\n  date: June 2024\n  author: Jane\n---\n')).toEqual(['4:9 last_update.date: "June 2024" is not valid (write a date as YYYY-MM-DD, or with a time of day as 2024-06-18T09:30 (an offset after it if not UTC: +08:00))']);
    expect(errors('---\ntitle: A\nlast_update:\n  date: 2024-06-18\n  author: [Jane, Joe]\n---\n')).toEqual(['5:11 last_update.author: expected a string, got a list']);
    expect(errors('---\ntitle: A\nlast_update:\n  date: 2024-06-18\n  autor: Jane\n---\n')).toEqual(['5:3 last_update.autor: unknown key (did you mean "author"?)']);
    expect(errors('---\ntitle: A\nlast_update: {}\n---\n')).toEqual(['3:14 last_update: gives neither a date nor an author (write last_update: { date: 2024-06-18, author: Jane }, one of the two, or a date alone)']);
    expect(errors('---\ntitle: A\nlast_update: [2024-06-18]\n---\n')).toEqual(['3:14 last_update: expected a date (YYYY-MM-DD) or { date, author }, got a list']);
    // A value with an error is left out, whole.
    expect(parseFrontMatter('---\ntitle: A\nlast_update:\n  date: 2024-06-18\n  author: 3\n---\n', FILE).frontMatter).toEqual({ title: 'A' });
  });
});

describe('isRealDate', () => {
  it('knows leap years', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('1900-02-29')).toBe(false);
    expect(isRealDate('2023-02-29')).toBe(false);
  });

  it('knows month lengths and month numbers', () => {
    expect(isRealDate('2024-04-30')).toBe(true);
    expect(isRealDate('2024-04-31')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-00-10')).toBe(false);
    expect(isRealDate('2024-01-00')).toBe(false);
  });

  it('checks hours, minutes and seconds', () => {
    expect(isRealDate('2024-06-18T23:59:59Z')).toBe(true);
    expect(isRealDate('2024-06-18T23:60')).toBe(false);
    expect(isRealDate('2024-06-18T12:00:60')).toBe(false);
  });

  it('rejects text that is not a date', () => {
    expect(isRealDate('June 18, 2024')).toBe(false);
    expect(isRealDate('2024-6-18')).toBe(false);
  });
});
