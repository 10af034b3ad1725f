import type { Diagnostic, SiteConfig } from '../types.js';
import { closestMatch } from '../diagnostics.js';

const VARIABLE_RE = /(\\?)\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/** The variables of one locale, as plain strings. */
export function variablesFor(config: SiteConfig, locale: string): Map<string, string> {
  return new Map(Object.entries(config.variables).map(([name, value]) => [name, typeof value === 'string' ? value : value[locale] ?? '']));
}

/** Replaces `{{name}}` with its value; `\{{name}}` stays literal. Unknown names are errors at their line. */
export function substituteVariables(
  text: string,
  variables: Map<string, string>,
  place: { file: string; line: number },
): { text: string; diagnostics: Diagnostic[] } {
  if (!text.includes('{{')) return { text, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const lines = text.split('\n');
  const out = lines.map((line, i) =>
    line.replace(VARIABLE_RE, (whole, escape: string, name: string, offset: number) => {
      if (escape) return whole.slice(1);
      const value = variables.get(name);
      if (value !== undefined) return value;
      const guess = closestMatch(name, variables.keys());
      diagnostics.push({
        severity: 'error',
        code: 'variable',
        file: place.file,
        line: place.line + i,
        column: offset + 1,
        message: `unknown variable {{${name}}}`,
        hint: guess ? `did you mean {{${guess}}}? (variables are set in site.config.ts)` : 'define it under "variables" in site.config.ts, or write \\{{ for a literal {{',
      });
      return whole;
    }),
  );
  return { text: out.join('\n'), diagnostics };
}

/** Text that `substituteVariables` gives back as it is: code shown from a file (`{{ msg }}` in a Vue template is the code's). */
export function literalText(text: string): string {
  return text.includes('{{') ? text.replace(VARIABLE_RE, (whole) => `\\${whole}`) : text;
}
