// A fenced code block's info string: its language, then options, as Docusaurus and VitePress read them:
// ```ts {1,4-6} title="a.ts" showLineNumbers   (also ```ts{1,4-6} and showLineNumbers=10), and VitePress's
// tab label in a code-group, ```sh [npm].
// Browser-safe and free of shiki: the main thread fills deferred blocks with `markLines`.

export interface CodeOptions {
  /** The language word as written (`ts`), without a `{…}` joined to it. */
  lang: string;
  title?: string;
  /** Lines to highlight, as written between the braces once checked (`1,4-6`), or undefined. */
  lines?: string;
  /** First line number, when the block shows line numbers. */
  lineNumbers?: number;
  /** Its tab's label in a `::: code-group` (`[npm]`); outside one, its title when it has none. */
  tab?: string;
}

export interface CodeOptionsProblem {
  severity: 'error' | 'warning';
  message: string;
  hint?: string;
}

const OPTION_RE = /([A-Za-z:][\w-]*)=(["'])(.*?)\2|(\{[^}]*\})|\[([^\]]*)\]|(\S+)/g;
const RANGES_RE = /^\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*$/;
const LINE_NUMBERS_RE = /^(?:showLineNumbers|:line-numbers)(?:=(\d+))?$/;
/** The first line number a block may show (a bigger one is taken as this). */
const MAX_START = 1_000_000;
const KNOWN = ['title', 'showLineNumbers'];

/**
 * The hint for an option named as a known one (`close`) and not written as it takes: another spelling, or the right
 * name with a value it does not take (`title=a.ts`, whose value needs quotes as in Docusaurus; `showLineNumbers=x`).
 */
function knownOptionHint(close: string, name: string, value: string): string {
  if (name !== close) return `did you mean ${close}?`;
  if (close === 'title') return `write the title in quotes: title="${value.replace(/^["']|["']$/g, '') || 'file name'}"`;
  return `${close} takes the number of its first line, or nothing: ${close}=10`;
}

/** Reads a fence's info string; `lineCount` is the block's number of lines (for ranges past its end). */
export function parseCodeOptions(info: string, lineCount: number): { options: CodeOptions; problems: CodeOptionsProblem[] } {
  const problems: CodeOptionsProblem[] = [];
  const trimmed = info.trim();
  // A fence with options and no language (``` showLineNumbers) has none.
  // (A key before `=` has no colon: ```ts:line-numbers=2 is the language and VitePress's option, numbered from 2.)
  const joined = /^(?![\w-]*=|showLineNumbers\b|:|\[)([^\s{[]*)(\{[^}]*\})?/.exec(trimmed) ?? ['', ''];
  // VitePress joins its option to the language: ```ts:line-numbers.
  const colon = joined[1]!.indexOf(':');
  const lang = colon === -1 ? joined[1]! : joined[1]!.slice(0, colon);
  const joinedOption = colon === -1 ? '' : joined[1]!.slice(colon);
  const options: CodeOptions = { lang };
  const ranges = (braces: string) => {
    const inside = braces.slice(1, -1).replace(/\s+/g, '');
    if (inside === '') return; // {} highlights nothing, as elsewhere
    if (!RANGES_RE.test(inside)) {
      problems.push({ severity: 'error', message: `${braces} is not a list of lines to highlight`, hint: 'write line numbers and ranges between braces, for example {1,4-6}' });
      return;
    }
    const bad = inside.split(',').find((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return from! < 1 || to! < from!;
    });
    if (bad) return void problems.push({ severity: 'error', message: `${braces}: ${bad} is not a line or a range of lines`, hint: 'lines count from 1, and a range goes up (4-6)' });
    const past = inside.split(',').find((part) => Number(part.split('-').pop()) > lineCount);
    if (past) problems.push({ severity: 'warning', message: `${braces}: the block has ${lineCount} line${lineCount === 1 ? '' : 's'}, so ${past} highlights nothing past its end`, hint: 'update the lines to highlight after editing the code' });
    options.lines = options.lines ? `${options.lines},${inside}` : inside;
  };
  if (joined[2]) ranges(joined[2]);
  for (const m of `${joinedOption} ${trimmed.slice(joined[0]!.length)}`.matchAll(OPTION_RE)) {
    const [, key, , value, braces, tab, word] = m;
    // showLineNumbers, showLineNumbers=10 or showLineNumbers="10".
    const numbers = LINE_NUMBERS_RE.exec(word ?? (value !== undefined && /^\d+$/.test(value) ? `${key}=${value}` : ''));
    if (braces) ranges(braces);
    else if (tab !== undefined) options.tab = tab.trim() || undefined;
    else if (key === 'title') options.title = value;
    else if (numbers) options.lineNumbers = Math.min(MAX_START, Math.max(1, Number(numbers[1] ?? 1)));
    // VitePress's way to turn off numbers its config turns on for every block: a block is unnumbered unless it asks.
    else if (word === ':no-line-numbers') delete options.lineNumbers;
    else {
      const name = key ?? word!.split('=')[0]!;
      const close = KNOWN.find((k) => k.toLowerCase() === name.toLowerCase().replace(/^:/, '').replace(/-/g, ''));
      problems.push({ severity: 'warning', message: `"${key ? `${key}=…` : word}" is not an option of a code block, and does nothing`, hint: close ? knownOptionHint(close, name, value ?? word!.slice(name.length + 1)) : 'a code block takes {1,4-6}, title="file name", showLineNumbers (or showLineNumbers=10) and, in a code-group, [label]' });
    }
  }
  return { options, problems };
}

/** Whether line `n` is in a checked `1,4-6` (as ranges: `{1-100000000}` is two numbers, not a set of them). */
export function inRanges(ranges: string, n: number): boolean {
  return ranges.split(',').some((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return n >= from! && n <= to!;
  });
}

const LINE_OPEN = '<span class="line">';

/** The classes of a block's lines that notation comments give (`// [!code ++]`), by their name in a marks string. */
const MARK_CLASSES: Record<string, string> = { add: 'diff add', remove: 'diff remove', focus: 'focused', error: 'error', warning: 'warning' };

/**
 * A highlighted block (`<span class="line">` per line) with its lines marked. `marks` is the lines to highlight
 * (`1,4-6`), then `;name=ranges` for each other mark (`1,4-6;add=3;remove=5`): one string, so that it rides in a
 * deferred block's marker and stays out of the caches' keys. A block with a focused line is marked on its `<pre>`.
 */
export function markLines(html: string, marks: string | undefined): string {
  if (!marks) return html;
  const [highlighted, ...others] = marks.split(';');
  const sets = others.map((part) => part.split('=') as [string, string]).filter(([name]) => MARK_CLASSES[name] !== undefined);
  let n = 0;
  const out = html.replaceAll(LINE_OPEN, () => {
    n++;
    let classes = highlighted && inRanges(highlighted, n) ? 'line highlighted' : 'line';
    for (const [name, ranges] of sets) if (inRanges(ranges, n)) classes += ` ${MARK_CLASSES[name]}`;
    return classes === 'line' ? LINE_OPEN : `<span class="${classes}">`;
  });
  return sets.some(([name]) => name === 'focus') ? out.replace('<pre class="', '<pre class="has-focused ') : out;
}

/** A line that is nothing but a Docusaurus magic comment, in the comment syntaxes of the common languages. */
const MAGIC_LINE_RE = /^[ \t]*(?:\/\/|#|--|;|\/\*|<!--|\{\/\*)[ \t]*(highlight-next-line|highlight-start|highlight-end)[ \t]*(?:\*\/\}|\*\/|-->)?[ \t]*$/;
/** VitePress's (and shiki's) notation at a line's end: `// [!code ++]`, `# [!code highlight:3]`. */
const NOTATION_RE = /[ \t]*(?:\/\/|#|--|;|\/\*|<!--|\{\/\*)[ \t]*\[!code (highlight|hl|\+\+|--|focus|error|warning)(?::(\d+))?\][ \t]*(?:\*\/\}|\*\/|-->)?[ \t]*$/;
const NOTATION_MARKS: Record<string, string> = { highlight: '', hl: '', '++': 'add', '--': 'remove', focus: 'focus', error: 'error', warning: 'warning' };

export interface LineNotations {
  /** The code without the comments that marked it (what the reader sees and copies). */
  code: string;
  /** Its marks (see `markLines`), without the lines of the fence's `{1,4-6}`; empty for none. */
  marks: string;
  problems: CodeOptionsProblem[];
}

/**
 * The lines a block's comments mark, as Docusaurus and VitePress write them, taken out of the code: a line of
 * `// highlight-next-line`, or `// highlight-start` … `// highlight-end` around lines, highlights them; a comment
 * `// [!code highlight]` (`hl`), `[!code ++]`, `[!code --]`, `[!code focus]`, `[!code error]` or `[!code warning]`
 * at a line's end marks its line (`[!code highlight:3]`: and the two after it). Written as a line comment (`//`, `#`,
 * `--`, `;`) or a block comment (C's, HTML's, MDX's), whatever the language. A block without any is returned as it is.
 * A fence (`info`) that gives lines to highlight (`{2}`) counts them in the code as written: as in Docusaurus, the
 * `highlight-` lines of its block are not read but shown as code (a warning says so); the `[!code …]` ones, which
 * take no line away, still are.
 */
export function lineNotations(code: string, info = ''): LineNotations {
  if (!code.includes('highlight-') && !code.includes('[!code ')) return { code, marks: '', problems: [] };
  const fenceLines = code.includes('highlight-') ? parseCodeOptions(info, Infinity).options.lines : undefined;
  const problems: CodeOptionsProblem[] = [];
  const kept: string[] = [];
  const marked = new Map<string, number[]>();
  const mark = (name: string, line: number) => {
    const lines = marked.get(name) ?? [];
    if (lines.at(-1) !== line) lines.push(line);
    marked.set(name, lines);
  };
  let next = 0;
  let open = 0;
  let openedAt = 0;
  const carried: { name: string; left: number; at: number; text: string; count: number }[] = [];
  const source = code.split('\n');
  source.forEach((text, i) => {
    const magic = MAGIC_LINE_RE.exec(text);
    if (magic && fenceLines !== undefined) {
      if (!problems.length) problems.push({ severity: 'warning', message: `line ${i + 1} of the block, ${text.trim()}, is shown as code: a fence with lines to highlight ({${fenceLines}}) reads no highlight- comments, as in Docusaurus, and counts its lines in the code as written`, hint: 'mark the lines one way: with {…} (the comment lines counted), or with the comments' });
    } else if (magic) {
      if (magic[1] === 'highlight-next-line') next = i + 1;
      else if (magic[1] === 'highlight-start') {
        if (open++ === 0) openedAt = i + 1;
      } else if (open > 0) open--;
      else problems.push({ severity: 'warning', message: `line ${i + 1} of the block ends a highlight that no highlight-start began`, hint: 'put a highlight-start comment on a line before it, or delete it' });
      return;
    }
    const notation = NOTATION_RE.exec(text);
    kept.push(notation ? text.slice(0, notation.index) : text);
    const line = kept.length;
    if (next || open > 0) mark('', line);
    next = 0;
    for (const carry of carried) if (carry.left-- > 0) mark(carry.name, line);
    if (notation) {
      const name = NOTATION_MARKS[notation[1]!]!;
      mark(name, line);
      const count = Number(notation[2] ?? 1);
      if (count > 1) carried.push({ name, left: count - 1, at: i + 1, text: `[!code ${notation[1]}:${count}]`, count });
    }
  });
  if (next) problems.push({ severity: 'warning', message: `line ${next} of the block, ${source[next - 1]!.trim()}, has no line after it to highlight`, hint: 'put it on the line before the one to highlight, or delete it' });
  for (const carry of carried) {
    if (carry.left > 0) problems.push({ severity: 'warning', message: `line ${carry.at} of the block marks ${carry.count} lines, ${carry.text}, but the block has only ${carry.count - carry.left} from there`, hint: `give the number of lines the block has from there (${carry.count - carry.left})` });
  }
  if (open > 0) problems.push({ severity: 'warning', message: `the highlight-start of line ${openedAt} of the block is never ended, so every line after it is highlighted`, hint: 'end it with a highlight-end comment' });
  const ranges = (lines: number[]) => {
    const parts: string[] = [];
    for (let i = 0; i < lines.length; ) {
      let j = i;
      while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
      parts.push(i === j ? `${lines[i]}` : `${lines[i]}-${lines[j]}`);
      i = j + 1;
    }
    return parts.join(',');
  };
  const others = [...marked].filter(([name]) => name !== '').map(([name, lines]) => `;${name}=${ranges(lines)}`);
  return { code: kept.join('\n'), marks: `${ranges(marked.get('') ?? [])}${others.join('')}`, problems };
}

/** A fence's lines to highlight (`1,4-6`) joined to the marks of its comments (`lineNotations`). */
export function joinMarks(lines: string | undefined, notations: string): string | undefined {
  if (!notations) return lines;
  if (!lines) return notations;
  const [highlighted, ...others] = notations.split(';');
  return [highlighted ? `${lines},${highlighted}` : lines, ...others].join(';');
}
