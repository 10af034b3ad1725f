// A host's redirect rules (`_redirects`, as Netlify and Cloudflare Pages read it), for the link check: a link
// to an address no page or file has is not broken when a rule sends the reader on, and is when the rule
// sends them nowhere.
import type { Diagnostic } from '../types.js';

/** One rule: `/news/:year/* /blog/:year/:splat 301`. */
export interface RedirectRule {
  /** Line in its file (1-based). */
  line: number;
  from: string;
  to: string;
  /** The HTTP status (301 unless written). */
  status: number;
  /** `key=:name` or `key=value` conditions on the query (Netlify): the rule applies only to a URL with those keys (and values). */
  query: { key: string; value: string }[];
  /** The rule applies to some visitors only (`Language=zh`, `Country=cn`, `Role=admin`): it rescues no link. */
  conditional: boolean;
  /** Forced (`301!`): the rule applies where a page or file is there too, which any other rule leaves to answer (Netlify's shadowing). */
  force: boolean;
  /** The rule catches every address of the site (`/* /index.html 200`, `/repo/*` under a baseUrl): it rescues no link. */
  catchAll: boolean;
  /** The pattern of `from`, its placeholders' names in order (`splat` for `*`). */
  pattern: RegExp;
  names: string[];
}

export interface RedirectRules {
  /** The file as diagnostics show it (`content/static/_redirects`). */
  file: string;
  rules: RedirectRule[];
  /** The file's text: verdicts a stored link state kept hold only while it is the same. */
  text: string;
}

export interface ParsedRedirects {
  rules: RedirectRules;
  /** Lines that are no rule, as warnings at their lines. */
  diagnostics: Diagnostic[];
}

/** Redirects followed from one link at most (a rule's target that another rule sends on): past that, a loop. */
export const MAX_REDIRECTS = 8;

const STATUS_RE = /^(\d{3})!?$/;
const PLACEHOLDER_RE = /:([A-Za-z_][A-Za-z0-9_]*)/g;
const SPECIAL_RE = /[.*+?^${}()|[\]\\]/g;

/**
 * Reads a `_redirects` file's rules; a line that is none is a warning at it (the host would skip or refuse it). `base`: the
 * site's baseUrl, under which `/repo/*` catches every address as `/*` does at the root.
 */
export function parseRedirects(text: string, file: string, base = '/'): ParsedRedirects {
  const rules: RedirectRule[] = [];
  const diagnostics: Diagnostic[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const body = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!body) return;
    const tokens = body.split(/\s+/);
    const warn = (message: string, hint: string) => diagnostics.push({ severity: 'warning', code: 'static', file, line, message, hint });
    const from = tokens[0]!;
    if (!from.startsWith('/') && !/^https?:\/\//i.test(from)) return warn(`"${from}" is not an address this rule could match`, 'a rule starts with a site path: /old-page /new-page 301');
    // Netlify's query conditions (`id=:id`) stand between the two addresses.
    let at = 1;
    const query: RedirectRule['query'] = [];
    for (; at < tokens.length && tokens[at]!.includes('=') && !tokens[at]!.startsWith('/') && !/^https?:/i.test(tokens[at]!); at++) {
      const [key, ...value] = tokens[at]!.split('=');
      query.push({ key: key!, value: value.join('=') });
    }
    const to = tokens[at];
    if (to === undefined) return warn(`the rule for ${from} says where to send the reader nowhere`, `add the address after it: ${from} /new-page 301`);
    if (!to.startsWith('/') && !/^https?:\/\//i.test(to)) return warn(`the rule for ${from} sends the reader to "${to}", which is no site path or address`, `write a site path (/new-page) or a whole address (https://example.com/page)`);
    const rest = tokens.slice(at + 1);
    const written = rest[0] === undefined ? null : STATUS_RE.exec(rest[0]);
    if (rest[0] !== undefined && !written && !rest[0].includes('=')) return warn(`"${rest[0]}" is no HTTP status`, `write a status such as 301, 302 or 200 after the address: ${from} ${to} 301`);
    const status = written ? Number(written[1]) : 301;
    const conditions = rest.slice(written ? 1 : 0);
    // Only a path on this site is matched here: a rule for another host (`https://old.example.com/*`) is not the site's.
    if (!from.startsWith('/')) return;
    const names: string[] = [];
    const source = decodedFrom(from)
      .replace(/\*$/, '\0')
      .replace(SPECIAL_RE, '\\$&')
      .replace(PLACEHOLDER_RE, (_, name: string) => (names.push(name), '([^/]+)'))
      .replace('\0', () => (names.push('splat'), '(.*)'));
    const pattern = new RegExp(`^${source.replace(/\/$/, '')}/?$`);
    rules.push({ line, from, to, status, query, conditional: conditions.length > 0, force: written?.[0].endsWith('!') ?? false, catchAll: from === '/*' || from === `${base}*`, pattern, names });
  });
  return { rules: { file, rules, text }, diagnostics };
}

/**
 * A rule's address as the paths it is matched against are spelled (decoded, in NFC): a browser asks for `/旧` as
 * `/%E6%97%A7`, and the aliases' rules are written so. An escape that would make a placeholder or a splat (`%3A`,
 * `%2A`), or is no UTF-8, is left as written.
 */
function decodedFrom(from: string): string {
  return from.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      const decoded = decodeURIComponent(run);
      return /[:*]/.test(decoded) ? run : decoded.normalize('NFC');
    } catch {
      return run;
    }
  });
}

/**
 * Where a rule sends a URL path, with the rule; null when no rule that always applies does. `query`: the URL's, as the
 * host reads it (Netlify): a rule's `id=:id` asks for the key and is filled from its value, a rule's `id=5` asks for that
 * value. The dev server and the link check both ask here, so a link is judged as the server answers it. `to` is null
 * where the address names a placeholder nothing fills. `shadowed`: a page or file is at the path, which only a forced
 * rule passes over.
 */
export function redirectOf(rules: RedirectRules, path: string, query: URLSearchParams, shadowed = false): { to: string | null; rule: RedirectRule } | null {
  for (const rule of rules.rules) {
    if (shadowed && !rule.force) continue;
    if (!queryMatches(rule, query)) continue;
    const match = rule.pattern.exec(path);
    if (!match) continue;
    // The first rule that matches is the host's answer: under conditions, or a page that is gone, no address is reached.
    if (rule.conditional || rule.status >= 400 || rule.catchAll) return null;
    const named = new Map(rule.names.map((name, i) => [name, match[i + 1] ?? '']));
    // A query value is one segment where it lands (`?id=a/b` → /blog/a%2Fb): it cannot make `//host` of a site path.
    for (const { key, value } of rule.query) if (value.startsWith(':')) named.set(value.slice(1), encodeURIComponent(query.get(key)!));
    let unknown = false;
    const to = rule.to.replace(PLACEHOLDER_RE, (all, name: string) => named.get(name) ?? ((unknown = true), all));
    return { to: unknown ? null : to, rule };
  }
  return null;
}

/** Whether a URL's query meets a rule's conditions: each key there, with the rule's value where it writes one (`id=5`). */
function queryMatches(rule: RedirectRule, query: URLSearchParams): boolean {
  return rule.query.every(({ key, value }) => query.has(key) && (value.startsWith(':') || query.get(key) === value));
}

/** A URL's query as the host reads it (`/shop?id=5#top` → id=5), for `redirectOf`. */
export function queryOf(url: string): URLSearchParams {
  return new URLSearchParams(searchOf(url).slice(1));
}

/** A URL's query as written, with its `?` (`/shop?id=5#top` → `?id=5`), or ''. */
export function searchOf(url: string): string {
  const path = url.split('#')[0]!;
  const at = path.indexOf('?');
  return at === -1 ? '' : path.slice(at);
}

/**
 * The address a rule sends a URL to, as Netlify sends it: the URL's query (`search`, `?id=1`) passed on unless the rule's
 * address names one, so that the next rule of a chain (`/mid id=1 /new`) sees it too.
 */
export function sentTo(to: string, search: string): string {
  if (!search || to.includes('?')) return to;
  const hashAt = to.indexOf('#');
  return hashAt === -1 ? to + search : to.slice(0, hashAt) + search + to.slice(hashAt);
}
