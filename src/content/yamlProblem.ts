import type { CST as YamlCst, YAMLError } from 'yaml';
import { lazyRequire } from '../lazyRequire.js';

type CstToken = YamlCst.Token;

const yaml = lazyRequire<typeof import('yaml')>('yaml');

const CLOSED: Record<string, RegExp> = {
  'double-quoted-scalar': /^"(?:[^"\\]|\\[^])*"\s*$/,
  'single-quoted-scalar': /^'(?:[^']|'')*'\s*$/,
};

/**
 * What to say about a YAML parse error, and where (an offset into `text`). A quoted value that is not
 * closed runs on to the end of the text, where the parser notices it: pointing there (the closing
 * `---` of a front matter) would send the writer to the wrong line, so it is shown where it opens.
 */
export function yamlProblem(text: string, error: YAMLError): { offset: number; message: string; hint?: string } {
  if (error.code === 'MISSING_CHAR' && error.message.includes('quote')) {
    const open = unclosedQuote(text);
    if (open !== null) {
      const quote = text[open]!;
      return {
        offset: open,
        message: `invalid YAML: the ${quote === '"' ? 'double' : 'single'}-quoted value that starts here is never closed`,
        hint: `end it with ${quote} (a quoted value runs on over line ends until its closing quote)`,
      };
    }
  }
  const flow = /^Flow (sequence|map) .* end with an? ([\]}])/.exec(error.message);
  if (error.code === 'BAD_INDENT' && flow) {
    const open = unclosedFlow(text);
    if (open !== null) {
      const [, kind, close] = flow;
      return {
        offset: open,
        message: `invalid YAML: the ${kind === 'map' ? '{ … } map' : '[ … ] list'} that starts here is never closed`,
        hint: `end it with ${close} (on the same line, or on a later line indented more than its key)`,
      };
    }
  }
  // `title: T` then `- item`, or an item indented less than the others of its list: a list item where the mapping's
  // next `key: value` belongs (YAML's words are about implicit keys).
  if ((error.code === 'MULTILINE_IMPLICIT_KEY' || error.code === 'BLOCK_AS_IMPLICIT_KEY') && /^[ \t]*-(?:[ \t]|$)/.test(text.slice(error.pos[0]).split('\n')[0] ?? '')) {
    return { offset: error.pos[0], message: 'invalid YAML: a list item (- …) where a key: value line belongs', hint: 'a list goes under its key, on the lines after it, its items indented alike: keywords: then   - item' };
  }
  // YAML's own words name a function of the library.
  if (error.code === 'MULTIPLE_DOCS') {
    return { offset: error.pos[0], message: 'invalid YAML: a line starting with --- (or ...) ends the YAML here, and more follows', hint: 'delete the line, or quote the value it holds' };
  }
  const message = `invalid YAML: ${error.message.split('\n')[0]}`;
  // `title: Q: what?` — a plain value cannot hold ": ".
  if (/Nested mappings are not allowed in compact mappings|Implicit map keys need to be/.test(error.message)) {
    return { offset: error.pos[0], message, hint: 'a value that holds ": " must be quoted: title: "Q: what?"' };
  }
  return { offset: error.pos[0], message };
}

/** The hint for a value YAML read as something else: `*bold*` is an alias, `&x` an anchor, `!x` a tag. */
export function plainValueHint(message: string): string | undefined {
  return /alias|anchor|tag/i.test(message) ? 'a value that starts with *, &, !, @ or ` must be quoted: title: "*bold*"' : undefined;
}

const VARIABLE_VALUE_RE = /^[ \t]*([A-Za-z_][\w-]*):[ \t]+(\{\{.*?)(?:[ \t]+#.*)?[ \t]*$/;
const VARIABLE_ITEM_RE = /(?:^[ \t]*-[ \t]+|[[,][ \t]*)(\{\{[^,\]]*?)[ \t]*(?:[,\]]|$)/;

/**
 * The hint for a front matter line whose value starts with a `{{variable}}` (`title: {{product}} 指南`): YAML reads
 * `{…}` as a mapping, so the writer is told it is not a string, or YAML's own words on the text after it.
 */
export function variableValueHint(line: string): string | undefined {
  const value = VARIABLE_VALUE_RE.exec(line);
  const item = value ? null : VARIABLE_ITEM_RE.exec(line);
  const written = value ? `${value[1]}: ${JSON.stringify(value[2])}` : item ? JSON.stringify(item[1]) : null;
  return written === null ? undefined : `a value that starts with {{ must be quoted, or YAML reads it as a mapping: ${written}`;
}

/** The offset of the first `[` or `{` of `text` without its closing bracket, if any. */
function unclosedFlow(text: string): number | null {
  return firstPart(text, (part) => (part.type === 'flow-collection' && !part.end.some((token) => token.source === ']' || token.source === '}') ? part.start.offset : null));
}

/** The offset of the first quoted key or value of `text` without its closing quote, if any. */
function unclosedQuote(text: string): number | null {
  return firstPart(text, (part) => {
    const closed = CLOSED[part.type];
    return closed && 'source' in part && !closed.test(part.source) ? part.offset : null;
  });
}

/** The first offset `test` gives for a key or value of the first YAML document of `text`, in document order. */
function firstPart(text: string, test: (part: CstToken) => number | null): number | null {
  const { CST, Parser } = yaml();
  let found: number | null = null;
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document' || found !== null) continue;
    CST.visit(token, (item) => {
      for (const part of [item.key, item.value]) {
        const offset = part ? test(part) : null;
        if (offset !== null) {
          found = offset;
          return CST.visit.BREAK;
        }
      }
      return undefined;
    });
  }
  return found;
}
