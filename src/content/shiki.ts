// Shiki's tokenizer, run once per line for both themes. Shiki's `codeToHtml` with two themes
// tokenizes the code once per theme (the grammar's state carries one theme's colours) and aligns the
// two token lists; here the grammar gives each token's scope names once, and each theme's colour and
// font style are looked up by those names, as TextMate resolves them while tokenizing: half the
// regex work for the same colours (test/unit/content/shiki.test.ts compares every character with
// shiki's own output). The HTML is written directly, as shiki's would be after merging tokens of the
// same style, without the HTML tree that shiki builds and serialises.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PatternScanner, RegexEngine, RegexEngineString, ShikiPrimitive, ThemeRegistrationResolved } from '@shikijs/primitive';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

/** A loaded highlighter: grammars load on demand; `html` highlights one block of a loaded language. */
export interface Shiki {
  loadLanguages(langs: string[]): Promise<void>;
  /** `<pre class="shiki shiki-themes …">`; null when the language is not loaded. */
  html(code: string, lang: string): string | null;
  /** A site with much code: scanners made from now on are Oniguruma's sets (`patternsCompiledOnce`). */
  codeHeavy(): void;
}

/** The parts of vscode-textmate's Theme used here (its scope paths are linked lists of names). */
interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}
interface TextmateTheme {
  getColorMap(): string[];
  getDefaults(): { fontStyle: number; foregroundId: number };
  match(path: ScopePath): { fontStyle: number; foregroundId: number } | null;
}
interface TextmateGrammar {
  tokenizeLine(line: string, state: unknown, timeLimit?: number): { tokens: { startIndex: number; scopes: string[] }[]; ruleStack: unknown };
}

/**
 * Shiki's default of 500 ms per line leaves the rest of a line uncoloured when it runs out, and the
 * first line of a new grammar (regexes compiling) can take that long on a busy machine: the output
 * then depended on the load. A pathological line is still stopped by the per-file time limit.
 */
const TOKENIZE_LINE_MS = 5000;

const FONT_ITALIC = 1;
const FONT_BOLD = 2;
const FONT_UNDERLINE = 4;
const FONT_STRIKETHROUGH = 8;

/**
 * Loads the tokenizer without the rest of shiki (its JavaScript regex engine, its HTML tree): the
 * Oniguruma engine from shiki's own `.wasm` file, the two themes and the given grammars.
 */
export async function loadShiki(langs: string[]): Promise<Shiki> {
  const require = createRequire(import.meta.url);
  const [{ createShikiPrimitiveAsync }, { createOnigurumaEngine }, { Theme, INITIAL }, { bundledThemes }, { bundledLanguages }] = await Promise.all([
    import('@shikijs/primitive'),
    import('shiki/engine/oniguruma'),
    import('shiki/textmate'),
    import('shiki/themes'),
    import('shiki/langs'),
  ]);
  // An instantiator, not the bytes: the engine would look for the global `Response` first, and
  // that lazy global loads Node's whole fetch implementation (about 100 ms of a worker's start).
  const engine = patternsCompiledOnce(await createOnigurumaEngine({ instantiator: async (imports) => WebAssembly.instantiate(await readFile(require.resolve('shiki/onig.wasm')), imports) }));
  const primitive: ShikiPrimitive = await createShikiPrimitiveAsync({
    themes: [bundledThemes[LIGHT_THEME], bundledThemes[DARK_THEME]],
    langs: [],
    engine,
  });
  const themes = [primitive.getTheme(LIGHT_THEME), primitive.getTheme(DARK_THEME)] as const;
  const resolved = themes.map((raw) => Theme.createFromRawTheme(raw) as unknown as TextmateTheme);
  const styleOf = scopeStyles(resolved, ['light', 'dark']);
  const pre = `<pre class="shiki shiki-themes ${themes.map((t) => t.name).join(' ')}" style="${rootStyle(themes)}" tabindex="0"><code>`;
  const loadLanguages = async (wanted: string[]) => {
    const missing = wanted.filter((lang) => !primitive.getLoadedLanguages().includes(lang) && lang in bundledLanguages);
    if (missing.length) await primitive.loadLanguage(...missing.map((lang) => bundledLanguages[lang as keyof typeof bundledLanguages]));
  };
  await loadLanguages(langs);
  return {
    loadLanguages,
    codeHeavy: () => engine.compileSets(),
    html(code, lang) {
      if (!primitive.getLoadedLanguages().includes(lang)) return null;
      const grammar = primitive.getLanguage(lang) as unknown as TextmateGrammar;
      let state: unknown = INITIAL;
      const lines: string[] = [];
      for (const line of code.split(/\r?\n/)) {
        // As shiki: an empty line is not tokenized and leaves the grammar's state as it was.
        if (line === '') {
          lines.push('<span class="line"></span>');
          continue;
        }
        const result = grammar.tokenizeLine(line, state, TOKENIZE_LINE_MS);
        state = result.ruleStack;
        lines.push(`<span class="line">${lineHtml(line, result.tokens, styleOf)}</span>`);
      }
      return `${pre}${lines.join('\n')}</code></pre>`;
    },
  };
}

/** One pattern compiled on its own, with its last search (a line, a start, the options and the match). */
interface CompiledPattern {
  scanner: PatternScanner;
  /** The pattern has `\G`, which matches where the search starts: its last match says nothing of a later start. */
  anchored: boolean;
  line: string | RegexEngineString | null;
  from: number;
  options: number | undefined;
  found: ReturnType<PatternScanner['findNextMatchSync']>;
}

/**
 * The engine with each distinct pattern compiled once. vscode-textmate makes a scanner for every rule
 * it reaches, each of the rule's patterns with it, and Oniguruma compiles a scanner's list as one set:
 * the first six lines of TypeScript made 31 scanners of 1,418 patterns, 217 of them distinct, and
 * compiling them took most of shiki's 250-350 ms start. Here a scanner is its patterns' own compiled
 * regexes, searched one by one; the leftmost match wins, and of two at the same place the earlier
 * pattern, as in Oniguruma's set. A pattern's last match stands for any later start up to it on the
 * same line (no match starts before it), so a token usually searches only the patterns whose last
 * match it has passed, as node-oniguruma's scanner did before sets.
 *
 * The set searches faster once compiled: in a fresh process, 644 lines of TypeScript took 517-600 ms
 * of CPU this way against 757-860 ms, 3,000 lines about the same, and 9,650 lines 15-20 % longer. A
 * site with that much code (`codeHeavy`, when the pool has seen 300 blocks to highlight) gets sets for
 * the scanners made from then on.
 */
export function patternsCompiledOnce(engine: RegexEngine): RegexEngine & { compileSets(): void } {
  let sets = false;
  const compiled = new Map<string, CompiledPattern>();
  const compile = (pattern: string | RegExp): CompiledPattern => {
    const source = typeof pattern === 'string' ? pattern : pattern.source;
    let entry = compiled.get(source);
    if (!entry) {
      entry = { scanner: engine.createScanner([pattern]), anchored: source.includes('\\G'), line: null, from: -1, options: undefined, found: null };
      compiled.set(source, entry);
    }
    return entry;
  };
  return {
    createString: (text) => engine.createString(text),
    compileSets: () => void (sets = true),
    createScanner(patterns) {
      if (sets) return engine.createScanner(patterns);
      const parts = patterns.map(compile);
      return {
        findNextMatchSync(line, from, options) {
          let best: CompiledPattern['found'] = null;
          let index = -1;
          for (let i = 0; i < parts.length; i++) {
            const part = parts[i]!;
            const reusable = !part.anchored && part.line === line && part.options === options && part.from <= from && (part.found === null || part.found.captureIndices[0]!.start >= from);
            if (!reusable) {
              part.found = part.scanner.findNextMatchSync(line, from, options);
              part.line = line;
              part.from = from;
              part.options = options;
            }
            const found = part.found;
            if (found && (best === null || found.captureIndices[0]!.start < best.captureIndices[0]!.start)) {
              best = found;
              index = i;
            }
          }
          return best && { index, captureIndices: best.captureIndices };
        },
      };
    },
  };
}

/** The `style` of the `<pre>`: each theme's text and background colours as CSS variables. */
function rootStyle(themes: readonly ThemeRegistrationResolved[]): string {
  const names = ['light', 'dark'];
  const fg = themes.map((t, i) => `--shiki-${names[i]}:${t.fg || 'inherit'}`);
  const bg = themes.map((t, i) => `--shiki-${names[i]}-bg:${t.bg || 'inherit'}`);
  return [...fg, ...bg].join(';');
}

/**
 * A token's `style` from its scope names, remembered per list of names. Each theme resolves the
 * names one by one from the root, as TextMate does while tokenizing: a name's matching rule sets the
 * colour and the font style when it has them, else the outer name's stay.
 */
function scopeStyles(themes: TextmateTheme[], variants: string[]): (scopes: string[]) => string {
  const known = new Map<string, string>();
  const colors = themes.map((t) => t.getColorMap());
  return (scopes) => {
    const key = scopes.join(' ');
    let style = known.get(key);
    if (style !== undefined) return style;
    const styles = themes.map((theme, t) => {
      const defaults = theme.getDefaults();
      let fontStyle = defaults.fontStyle;
      let foreground = defaults.foregroundId;
      let path: ScopePath | null = null;
      for (const scopeName of scopes) {
        path = { parent: path, scopeName };
        const rule = theme.match(path);
        if (!rule) continue;
        if (rule.fontStyle !== -1) fontStyle = rule.fontStyle;
        if (rule.foregroundId !== 0) foreground = rule.foregroundId;
      }
      return cssOf(colors[t]![foreground], fontStyle);
    });
    // As shiki: every property either theme sets is written for both, `inherit` where one has none.
    const properties = [...new Set(styles.flatMap((s) => [...s.keys()]))];
    style = styles.map((s, t) => properties.map((p) => `--shiki-${variants[t]}${p === 'color' ? '' : `-${p}`}:${s.get(p) || 'inherit'}`).join(';')).join(';');
    known.set(key, style);
    return style;
  };
}

function cssOf(color: string | undefined, fontStyle: number): Map<string, string> {
  const css = new Map<string, string>();
  if (color) css.set('color', color);
  if (fontStyle > 0) {
    if (fontStyle & FONT_ITALIC) css.set('font-style', 'italic');
    if (fontStyle & FONT_BOLD) css.set('font-weight', 'bold');
    const decorations = [fontStyle & FONT_UNDERLINE ? 'underline' : '', fontStyle & FONT_STRIKETHROUGH ? 'line-through' : ''].filter(Boolean);
    if (decorations.length) css.set('text-decoration', decorations.join(' '));
  }
  return css;
}

/**
 * One line's spans, as shiki writes them with its tokens merged: neighbours of the same style are
 * one span, and a run of whitespace takes the style of the token after it (its colour is never seen).
 */
function lineHtml(line: string, tokens: { startIndex: number; scopes: string[] }[], styleOf: (scopes: string[]) => string): string {
  const texts: string[] = [];
  const styles: string[] = [];
  const add = (text: string, style: string) => {
    const last = styles.length - 1;
    if (last >= 0 && styles[last] === style) texts[last] += text;
    else texts.push(text), styles.push(style);
  };
  for (let i = 0; i < tokens.length; i++) {
    const start = tokens[i]!.startIndex;
    const end = i + 1 < tokens.length ? tokens[i + 1]!.startIndex : line.length;
    if (end > start) add(line.slice(start, end), styleOf(tokens[i]!.scopes));
  }
  const runs = texts.splice(0);
  const runStyles = styles.splice(0);
  let carried = '';
  for (let i = 0; i < runs.length; i++) {
    if (i + 1 < runs.length && WHITESPACE_RE.test(runs[i]!)) carried += runs[i];
    else add(carried + runs[i], runStyles[i]!), (carried = '');
  }
  return texts.map((text, i) => `<span style="${styles[i]}">${escapeText(text)}</span>`).join('');
}

const WHITESPACE_RE = /^\s+$/;

/** Text as hast-util-to-html writes it in shiki's output. */
function escapeText(text: string): string {
  return text.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'));
}
