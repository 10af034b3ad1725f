// The front matter fast path against the `yaml` library: the same values, key lines and problems on
// every content file and on thousands of generated front matters full of YAML's corner cases.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseFrontMatter } from '../../../src/content/frontMatter.js';
import { parseSimpleYaml } from '../../../src/content/simpleYaml.js';

const FILE = 'content/en/docs/x.md';

function contentFiles(): string[] {
  return readdirSync('content', { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join('content', f), 'utf8'));
}

const SCALARS = [
  'plain text', '灵译 划词翻译', 'C#', 'a#b', 'a # comment', 'x: y', 'ends with:', 'a:b', '-dash', '- item', '? q', ': c', '@at', '`tick', '%p', '&anchor x', '*alias', '!tag x', '!!str 12', '|', '>', '|-',
  '11.10', '429', '007', '+12', '-3', '0x1F', '0o17', '0b101', '1e3', '1E-2', '.5', '1.', '.', '1_000', '12:30', '1.2.3', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'NaN', 'Infinity',
  'true', 'True', 'TRUE', 'tRue', 'false', 'yes', 'no', 'on', 'off', 'y', 'null', 'Null', 'NULL', '~', 'nil',
  '2024-01-02', '2024-02-30', '2024-1-2', '2024-01-02T10:00:00Z', '2024-01-02 10:00',
  '"double"', '"with # hash"', '"with: colon"', '"esc \\" quote"', '"tab\\t"', '""', "'single'", "'it''s'", "''", "'unclosed", '"unclosed',
  '[a, b]', '[a, "b, c"]', "['x', 11.10, 429]", '[]', '[ ]', '[a,]', '[a, , b]', '[[a]]', '[a, [b]]', '[a: 1]', '{a: 1}', '[a] # c', '[a] x', '[true, null, 1.0]', '[ "一", 二 ]',
  'trailing spaces   ', 'a  #not-comment-without-space?',
];
const KEYS = ['title', 'description', 'keywords', 'tags', 'authors', 'date', 'last_update', 'draft', 'slug', 'sidebar_label', 'image', 'noindex', 'hide_table_of_contents', 'unknown_key', 'Title'];

/** A deterministic pseudo-random front matter built from the corner cases above. */
function generated(seed: number): string {
  let state = seed * 7919 + 17;
  const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);
  const lines: string[] = [];
  const count = 1 + next(6);
  for (let k = 0; k < count; k++) {
    const key = KEYS[next(KEYS.length)]!;
    const shape = next(10);
    if (shape < 6) lines.push(`${key}: ${SCALARS[next(SCALARS.length)]}`);
    else if (shape === 6) lines.push(`${key}:`);
    else if (shape === 7) {
      const indent = ['', '  ', '    '][next(3)]!;
      lines.push(`${key}:${next(2) ? ' # list' : ''}`);
      for (let n = 1 + next(3); n > 0; n--) lines.push(`${indent}- ${SCALARS[next(SCALARS.length)]}`);
      if (next(4) === 0) lines.push(`${indent}  continued`);
    } else if (shape === 8) lines.push(next(2) ? '# a comment' : '');
    else lines.push(`${key}: ${SCALARS[next(SCALARS.length)]}`, `  continued line`);
  }
  return `---\n${lines.join('\n')}\n---\n\nBody\n`;
}

describe('front matter without the yaml library', () => {
  it('gives what the yaml library gives on every content file, and reads nearly all of them itself', () => {
    const files = contentFiles();
    let simple = 0;
    for (const text of files) {
      expect(parseFrontMatter(text, FILE)).toEqual(parseFrontMatter(text, FILE, { fullParser: true }));
      const yamlText = /^---\n([\s\S]*?\n)---/.exec(text)?.[1];
      if (yamlText && parseSimpleYaml(yamlText)) simple++;
    }
    expect(files.length).toBeGreaterThan(100);
    expect(simple / files.length).toBeGreaterThan(0.95);
  });

  it('gives what the yaml library gives on 5,000 generated front matters full of corner cases', () => {
    let simple = 0;
    for (let seed = 0; seed < 5000; seed++) {
      const text = generated(seed);
      const fast = parseFrontMatter(text, FILE);
      const full = parseFrontMatter(text, FILE, { fullParser: true });
      expect(fast, text).toEqual(full);
      if (parseSimpleYaml(/^---\n([\s\S]*?\n)---/.exec(text)![1]!)) simple++;
    }
    // Most generated files are in the subset, so the comparison covers the fast path.
    expect(simple).toBeGreaterThan(1500);
  });

  it('types plain scalars as YAML 1.2 core schema does', () => {
    for (const scalar of SCALARS) {
      const parsed = parseSimpleYaml(`k: ${scalar}\n`);
      if (!parsed) continue;
      expect(parsed.value.k, scalar).toEqual(parseDocument(`k: ${scalar}\n`).toJS().k);
    }
  });

  it('leaves nested maps, block scalars, anchors, tags and multi-line values to the yaml library', () => {
    for (const text of ['a:\n  b: 1\n', 'a: |\n  text\n', 'a: &x 1\nb: *x\n', 'a: !!str 1\n', 'a: one\n  two\n', 'a: 1\na: 2\n', 'a:\n- [x]\n', '"a": 1\n', 'a:\t1\n']) {
      expect(parseSimpleYaml(text), text).toBeNull();
    }
  });
});
