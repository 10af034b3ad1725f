// The one-pass tokenizer against shiki's own two-theme output: the same colours and font styles
// for every character, the same HTML once shiki's tokens are merged the same way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeToHtml, codeToTokens, createOnigurumaEngine } from 'shiki';
import { DARK_THEME, LIGHT_THEME, loadShiki, patternsCompiledOnce } from '../../../src/content/shiki.js';
import { languageOf } from '../../../src/content/highlight.js';

const SAMPLES: [string, string][] = [
  ['typescript', 'interface Options { key?: string; retries: number }\nexport async function translate(text: string, { key, retries = 3 }: Options): Promise<string> {\n  // a comment with <b>tags</b> & an ampersand\n  const url = `https://api.example/v2?lang=${"zh"}`;\n  for (let i = 0; i < retries; i++) {\n\n    try { return await fetch(url).then((r) => r.text()); } catch (error) { console.warn(error as Error); }\n  }\n  throw new RangeError(\'gave up\');\n}\n'],
  ['javascript', "const a = /[a-z]+\\d{2,}/giu;\nclass Panel extends HTMLElement { #hidden = true; static get observed() { return ['lang']; } }\nexport default { a, Panel };"],
  ['bash', '#!/usr/bin/env bash\nset -euo pipefail\nfor f in content/*/*.md; do\n  echo "checking $f" >&2 && grep -c "TODO" "$f" || true\ndone\nexport KEY=${DEEPL_KEY:-none}  # fallback\ncurl -sS -H "Authorization: DeepL-Auth-Key $KEY" https://api-free.deepl.com/v2/usage | jq .character_count'],
  ['json', '{\n  "name": "sitegen",\n  "scripts": { "build": "node bin/sitegen.js build" },\n  "private": true,\n  "count": 12.5e3,\n  "none": null\n}'],
  ['yaml', '---\ntitle: "划词翻译"\ntags: [announcements, events]\ndate: 2026-01-02\nnested:\n  - key: value # comment\n    list: |\n      multi\n      line\n'],
  ['css', ':root { --accent: #0969da; }\n@media (prefers-color-scheme: dark) {\n  .shiki span { color: var(--shiki-dark) !important; font-style: var(--shiki-dark-font-style); }\n}\na:hover::after { content: "→"; }'],
  ['html', '<!doctype html>\n<html lang="zh-CN">\n<head><style>body { margin: 0 }</style></head>\n<body>\n  <button onclick="translate()">翻译 &amp; 朗读</button>\n  <script type="module">import { x } from "./x.js"; x(1 < 2);</script>\n</body>\n</html>'],
  ['markdown', '# 标题\n\nSome *emphasis* and **bold**, `code`, [a link](https://example.com "title").\n\n```ts\nconst x: number = 1;\n```\n\n> quote\n- item\n  1. nested\n'],
  ['python', 'import asyncio\n\n@dataclass\nclass Job:\n    text: str\n    """A docstring."""\n\nasync def main(jobs: list[Job]) -> None:\n    print(f"{len(jobs)} jobs", end="\\n")\n    await asyncio.sleep(0.5)  # wait\n'],
  ['diff', 'diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1,3 +1,3 @@\n-const old = 1;\n+const now = 2;\n unchanged'],
  ['ini', '[general]\nlanguage = zh-CN ; comment\ntimeout=30\n\n# another comment\n[services.deepl]\nkey = "abc"'],
  ['tsx', 'export function Card({ title }: { title: string }) {\n  return <section className="card" aria-label={title}>{title.length > 3 ? <b>{title}</b> : null}</section>;\n}'],
  ['vue', '<template>\n  <p v-if="ok">{{ message }}</p>\n</template>\n<script setup lang="ts">\nconst message = ref<string>("hi");\n</script>\n<style scoped>\np { color: red; }\n</style>'],
  ['sql', "SELECT id, COUNT(*) AS n FROM pages WHERE locale = 'en' AND title LIKE '%key%' GROUP BY id HAVING n > 1; -- done"],
  ['rust', 'fn main() -> Result<(), Box<dyn std::error::Error>> {\n    let v: Vec<u8> = b"bytes".to_vec();\n    println!("{:?}", v);\n    Ok(())\n}'],
  ['typescript', 'const crlf = 1;\r\nconst tabs =\t2;\r\n\r\n\t\t// trailing spaces   \r\n'],
];

/** The bundled site's code blocks in languages shiki knows. */
function contentBlocks(): [string, string][] {
  const blocks: [string, string][] = [];
  for (const file of readdirSync('content', { recursive: true }).map(String).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join('content', file), 'utf8');
    for (const m of text.matchAll(/^```([\w-]+)[^\n]*\n([\s\S]*?)\n```$/gm)) {
      const lang = languageOf(m[1]!);
      if (lang) blocks.push([lang, m[2]!]);
    }
  }
  return blocks;
}

/** Shiki's tokens for both themes, merged as sitegen writes them, as HTML. */
// shiki stops tokenizing a line after 500 ms by default. A grammar's first line compiles its patterns,
// which on a busy machine can take that long, and the reference would then be cut short: the same
// limit as sitegen's own (TOKENIZE_LINE_MS).
const REFERENCE_TIME_LIMIT = 5000;

async function shikiReference(code: string, lang: string): Promise<string> {
  const { tokens } = await codeToTokens(code, { lang: lang as 'typescript', themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, tokenizeTimeLimit: REFERENCE_TIME_LIMIT });
  const styleOf = (t: { htmlStyle?: Record<string, string> }) => Object.entries(t.htmlStyle ?? {}).map(([k, v]) => `${k}:${v}`).join(';');
  const merge = (line: { content: string; style: string }[]) => line.reduce<{ content: string; style: string }[]>((out, t) => {
    const last = out[out.length - 1];
    if (last && last.style === t.style) last.content += t.content;
    else out.push({ ...t });
    return out;
  }, []);
  const lines = tokens.map((line) => {
    const runs = merge(line.map((t) => ({ content: t.content, style: styleOf(t) })));
    const carried: { content: string; style: string }[] = [];
    let pending = '';
    runs.forEach((run, i) => {
      if (i + 1 < runs.length && /^\s+$/.test(run.content)) pending += run.content;
      else carried.push({ content: pending + run.content, style: run.style }), (pending = '');
    });
    return `<span class="line">${merge(carried).map((t) => `<span style="${t.style}">${t.content.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;')}</span>`).join('')}</span>`;
  });
  const html = await codeToHtml(code, { lang: lang as 'typescript', themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, tokenizeTimeLimit: REFERENCE_TIME_LIMIT });
  return `${html.slice(0, html.indexOf('<code>') + 6)}${lines.join('\n')}</code></pre>`;
}

/** Per character: the light and dark style shiki gives it (whitespace left out: its style is never seen). */
async function characterStyles(code: string, lang: string): Promise<string[]> {
  const { tokens } = await codeToTokens(code, { lang: lang as 'typescript', themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, tokenizeTimeLimit: REFERENCE_TIME_LIMIT });
  return tokens.flatMap((line) => line.flatMap((t) => [...t.content].map((c) => (/\s/.test(c) ? ' ' : `${c}${JSON.stringify(t.htmlStyle)}`))));
}

function charactersOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<span style="([^"]*)">([^<]*)<\/span>/g)) {
    const style = Object.fromEntries(m[1]!.split(';').map((p) => p.split(':') as [string, string]));
    const text = m[2]!.replace(/&#x26;/g, '&').replace(/&#x3C;/g, '<');
    for (const c of text) out.push(/\s/.test(c) ? ' ' : `${c}${JSON.stringify(style)}`);
  }
  return out;
}

describe('one-pass two-theme highlighting', async () => {
  const langs = [...new Set([...SAMPLES, ...contentBlocks()].map(([lang]) => lang))];
  const shiki = await loadShiki(langs);

  it.each(SAMPLES)('gives %s the same HTML as shiki with merged tokens', async (lang, code) => {
    expect(shiki.html(code, lang)).toBe(await shikiReference(code, lang));
  });

  it.each(SAMPLES)('gives every character of %s the colours and font style shiki gives it', async (lang, code) => {
    expect(charactersOf(shiki.html(code, lang)!)).toEqual(await characterStyles(code, lang));
  });

  it('matches shiki on every code block of the bundled site', async () => {
    const blocks = contentBlocks();
    expect(blocks.length).toBeGreaterThan(3);
    for (const [lang, code] of blocks) expect(shiki.html(code, lang)).toBe(await shikiReference(code, lang));
  });

  it('writes light and dark colours and font styles as CSS variables', () => {
    const html = shiki.html('// note\nconst a = 1;', 'typescript')!;
    expect(html).toMatch(/^<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e" tabindex="0"><code>/i);
    expect(html).toContain('<span class="line"><span style="--shiki-light:#6A737D;--shiki-dark:#6A737D">// note</span></span>\n');
  });

  it('answers null for a language it has not loaded, until it is loaded', async () => {
    expect(shiki.html('x = 1', 'lua')).toBeNull();
    await shiki.loadLanguages(['lua']);
    expect(shiki.html('x = 1', 'lua')).toContain('<span class="line">');
  });
});

describe('a scanner of patterns compiled once each', async () => {
  const onig = await createOnigurumaEngine(import('shiki/wasm'));
  const engine = patternsCompiledOnce(onig);
  const match = (found: ReturnType<ReturnType<typeof engine.createScanner>['findNextMatchSync']>) => found && [found.index, found.captureIndices[0]!.start, found.captureIndices[0]!.end];

  it('finds the leftmost match, and of two at the same place the earlier pattern, as Oniguruma\'s set does', () => {
    const line = engine.createString('let x = 10; // ten');
    const patterns = ['\\d+', '//.*', '[0-9]', '\\blet\\b'];
    const scanner = engine.createScanner(patterns);
    const set = onig.createScanner(patterns);
    for (const from of [0, 1, 8, 9, 10, 11, 12, 17, 18]) {
      expect(match(scanner.findNextMatchSync(line, from, 0)), `from ${from}`).toEqual(match(set.findNextMatchSync(line, from, 0)));
    }
    expect(match(scanner.findNextMatchSync(line, 8, 0))).toEqual([0, 8, 10]);
  });

  it('searches again where a last match or a miss no longer holds: a later start, another line, a \\G pattern', () => {
    const scanner = engine.createScanner(['\\Gb', 'z']);
    const line = engine.createString('aab');
    // \G matches only where the search starts: no match from 0, one from 2.
    expect(scanner.findNextMatchSync(line, 0, 0)).toBeNull();
    expect(match(scanner.findNextMatchSync(line, 2, 0))).toEqual([0, 2, 3]);
    const digits = engine.createScanner(['\\d']);
    const text = engine.createString('a1 b2');
    expect(match(digits.findNextMatchSync(text, 0, 0))).toEqual([0, 1, 2]);
    expect(match(digits.findNextMatchSync(text, 1, 0))).toEqual([0, 1, 2]);
    expect(match(digits.findNextMatchSync(text, 2, 0))).toEqual([0, 4, 5]);
    expect(digits.findNextMatchSync(text, 5, 0)).toBeNull();
    expect(match(digits.findNextMatchSync(engine.createString('9'), 0, 0))).toEqual([0, 0, 1]);
  });

  it('shares a pattern between scanners without mixing their answers', () => {
    const line = engine.createString('key = "value"');
    const a = engine.createScanner(['"', '=']);
    const b = engine.createScanner(['\\w+', '"']);
    expect(match(a.findNextMatchSync(line, 0, 0))).toEqual([1, 4, 5]);
    expect(match(b.findNextMatchSync(line, 5, 0))).toEqual([1, 6, 7]);
    expect(match(a.findNextMatchSync(line, 5, 0))).toEqual([0, 6, 7]);
    expect(match(b.findNextMatchSync(line, 7, 0))).toEqual([0, 7, 12]);
  });

  it('compiles each distinct pattern once, and whole sets once told the site has much code', () => {
    const lists: number[] = [];
    const counting = patternsCompiledOnce({ createString: (text) => onig.createString(text), createScanner: (patterns) => (lists.push(patterns.length), onig.createScanner(patterns)) });
    counting.createScanner(['a', 'b', 'c']);
    counting.createScanner(['b', 'c', 'd']);
    expect(lists).toEqual([1, 1, 1, 1]);
    counting.compileSets();
    const set = counting.createScanner(['a', 'x']);
    expect(lists).toEqual([1, 1, 1, 1, 2]);
    expect(match(set.findNextMatchSync(onig.createString('xa'), 0, 0))).toEqual([1, 0, 1]);
  });
});
