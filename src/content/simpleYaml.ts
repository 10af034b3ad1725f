// Front matter as nearly every file writes it (`key: value` lines, lists in brackets or as `- item`
// lines, quoted or plain scalars) read without the `yaml` library, which takes about 0.5 ms a file
// to build its document (and 50 ms to load): a third of a cold build's content stage. Anything
// outside that subset (nested maps, block scalars, anchors, tags, escapes, multi-line values) is
// answered `null`, and the caller parses the text with `yaml`. Values resolve as YAML 1.2's core
// schema resolves them (the `yaml` library's default); test/unit/content/simpleYaml.test.ts compares
// both on every content file and on a few thousand generated ones.

export interface SimpleYaml {
  value: Record<string, unknown>;
  /** Line of each key, 0-based within the YAML text. */
  keyLines: Record<string, number>;
  /** The source text of each item of each list, by key (a number keeps the digits it was written with). */
  itemSources: Record<string, string[]>;
  /** Line of each item of each list, by key, 0-based (a one-line `[a, b]` list: its key's line for each). */
  itemLines: Record<string, number[]>;
}

const KEY_LINE_RE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
const ITEM_LINE_RE = /^([ ]*)-(?:[ ]+(.*?))?[ ]*$/;
const COMMENT_RE = /^[ ]*(?:#.*)?$/;
const DOUBLE_RE = /^"([^"\\]*)"(?:[ ]+#.*)?$/;
const SINGLE_RE = /^'((?:[^']|'')*)'(?:[ ]+#.*)?$/;
/** First characters that make a plain scalar something else in YAML (or need rules not handled here). */
const RESERVED_START_RE = /^[[\]{}#&*!|>'"%@`,?:-]/;

/** The front matter's keys and values, or null when the text needs the full YAML parser. */
export function parseSimpleYaml(text: string): SimpleYaml | null {
  if (text.includes('\t') || text.includes('\r')) return null;
  const lines = text.split('\n');
  const value: Record<string, unknown> = {};
  const keyLines: Record<string, number> = {};
  const itemSources: Record<string, string[]> = {};
  const itemLines: Record<string, number[]> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (COMMENT_RE.test(line)) continue;
    const match = KEY_LINE_RE.exec(line);
    if (!match) return null;
    const key = match[1]!;
    if (key in keyLines) return null; // a duplicate key is an error the full parser reports
    keyLines[key] = i;
    const raw = match[2] ?? '';
    if (raw === '' || raw.startsWith('#')) {
      // A list of `- item` lines, or nothing (null).
      const items: string[] = [];
      const lineOfItem: number[] = [];
      let indent: string | null = null;
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!;
        if (COMMENT_RE.test(next)) {
          i++;
          continue;
        }
        const item = ITEM_LINE_RE.exec(next);
        if (!item) break;
        if (indent !== null && item[1] !== indent) return null;
        indent = item[1]!;
        if (item[2] === undefined || item[2] === '') return null; // `-` alone: a null item or a nested block
        items.push(item[2]);
        lineOfItem.push(++i);
      }
      if (items.length === 0) {
        value[key] = null;
        continue;
      }
      const list = items.map((item) => scalar(item, false));
      if (list.some((item) => item === INVALID)) return null;
      value[key] = list;
      itemSources[key] = items.map(plainSource);
      itemLines[key] = lineOfItem;
      continue;
    }
    if (raw.startsWith('[')) {
      const items = flowItems(raw);
      if (!items) return null;
      const list = items.map((item) => scalar(item, true));
      if (list.some((item) => item === INVALID)) return null;
      value[key] = list;
      itemSources[key] = items.map(plainSource);
      if (items.length > 0) itemLines[key] = items.map(() => i);
      continue;
    }
    const single = scalar(raw, false);
    if (single === INVALID) return null;
    value[key] = single;
  }
  return { value, keyLines, itemSources, itemLines };
}

const INVALID = Symbol('invalid');

/** A quoted or plain scalar, or INVALID when it is anything else (or a form left to the full parser). */
function scalar(text: string, inFlow: boolean): unknown {
  if (text.startsWith('"')) {
    const m = DOUBLE_RE.exec(text);
    return m ? m[1] : INVALID;
  }
  if (text.startsWith("'")) {
    const m = SINGLE_RE.exec(text);
    return m ? m[1]!.replace(/''/g, "'") : INVALID;
  }
  const comment = text.indexOf(' #');
  const plain = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  if (plain === '' || RESERVED_START_RE.test(plain) || plain.includes(': ') || plain.endsWith(':') || plain.includes('#')) return INVALID;
  if (inFlow && /[[\]{},]/.test(plain)) return INVALID;
  return resolvePlain(plain);
}

/** The text of an item as written, for keeping numbers as they were typed (`11.10`). */
function plainSource(text: string): string {
  const comment = text.indexOf(' #');
  return (comment === -1 ? text : text.slice(0, comment)).trim();
}

/** Items of a one-line `[a, "b", 'c']` list; null for anything else (nesting, a trailing comma, text after it). */
function flowItems(raw: string): string[] | null {
  const end = raw.lastIndexOf(']');
  if (end === -1) return null;
  const after = raw.slice(end + 1).trim();
  if (after !== '' && !after.startsWith('#')) return null;
  const inner = raw.slice(1, end);
  if (inner.trim() === '') return [];
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of inner) {
    if (quote) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (quote) return null;
  items.push(current.trim());
  return items.some((item) => item === '') ? null : items;
}

const INT_RE = /^[-+]?[0-9]+$/;
const OCTAL_RE = /^0o[0-7]+$/;
const HEX_RE = /^0x[0-9a-fA-F]+$/;
const FLOAT_RE = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A plain scalar as YAML 1.2's core schema types it. */
function resolvePlain(plain: string): unknown {
  switch (plain) {
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
    case '.inf':
    case '.Inf':
    case '.INF':
    case '+.inf':
    case '+.Inf':
    case '+.INF':
      return Infinity;
    case '-.inf':
    case '-.Inf':
    case '-.INF':
      return -Infinity;
    case '.nan':
    case '.NaN':
    case '.NAN':
      return NaN;
  }
  if (INT_RE.test(plain)) return Number(plain);
  if (OCTAL_RE.test(plain)) return parseInt(plain.slice(2), 8);
  if (HEX_RE.test(plain)) return parseInt(plain.slice(2), 16);
  if (FLOAT_RE.test(plain)) return Number(plain);
  return plain;
}
