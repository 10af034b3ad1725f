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

/** Reads a fence's info string; `lineCount` is the block's number of lines (for ranges past its end). */
export function parseCodeOptions(info: string, lineCount: number): { options: CodeOptions; problems: CodeOptionsProblem[] } {
  const problems: CodeOptionsProblem[] = [];
  const trimmed = info.trim();
  // A fence with options and no language (``` showLineNumbers) has none.
  const joined = /^(?![\w:-]*=|showLineNumbers\b|:|\[)([^\s{[]*)(\{[^}]*\})?/.exec(trimmed) ?? ['', ''];
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
    else {
      const name = key ?? word!.split('=')[0]!;
      const close = KNOWN.find((k) => k.toLowerCase() === name.toLowerCase().replace(/^:/, '').replace(/-/g, ''));
      problems.push({ severity: 'warning', message: `"${key ? `${key}=…` : word}" is not an option of a code block, and does nothing`, hint: close ? `did you mean ${close}?` : 'a code block takes {1,4-6}, title="file name", showLineNumbers (or showLineNumbers=10) and, in a code-group, [label]' });
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

/** A highlighted block (`<span class="line">` per line) with the lines of `ranges` marked as highlighted. */
export function markLines(html: string, ranges: string | undefined): string {
  if (!ranges) return html;
  let n = 0;
  return html.replaceAll(LINE_OPEN, () => (inRanges(ranges, ++n) ? '<span class="line highlighted">' : LINE_OPEN));
}
