import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join, sep } from 'node:path';
import send from 'send';
import { sha1 } from '../hash.js';
import { parseRedirects, queryOf, redirectOf, searchOf, sentTo, type RedirectRules } from '../links/redirects.js';

/** Longest request target accepted; longer ones get 414. */
export const MAX_URL_LENGTH = 4096;

export interface StaticOptions {
  /** Folder served; nothing outside it is ever read. */
  root: string;
  /** Host names accepted in the Host header besides IP addresses and localhost (DNS-rebinding defence), lower case, without port. */
  allowedHosts: Set<string> | (() => Set<string>);
  /** The path the site is served under (the config's `baseUrl`, `/repo/`); `/` by default. */
  base?: string | (() => string);
  /** Locale path segments (`en`): an unknown path under `/en/` gets `en/404.html`. */
  localePaths: string[] | (() => string[]);
  /** Transforms HTML before sending (live-reload script in dev); `servedAs`: the page's own site path when it answers another address (a locale's 404 page). */
  transformHtml?: (html: string, servedAs?: string) => string;
  /** Told of each request refused before any file is looked at (400, 403, 405, 414), with the reason. */
  onRefused?: (request: string, status: number, reason: string) => void;
  /**
   * The served folder's revision, for a folder that builds write into (the dev server): its `_redirects` is looked at
   * again (a stat; read when it changed) at the first request after the revision changes, and at every request while it
   * is null (a build is writing). Without it, the folder is a finished build: its rules are read once (check-links).
   */
  revision?: () => number | null;
}

export type Resolved = { status: 200; file: string; root: string } | { status: 301; location: string } | { status: 400; reason: string } | { status: 404 };

/** Decodes and checks a request path: null for anything that could leave the root or is malformed. */
export function decodeRequestPath(rawPath: string): string[] | null {
  const checked = checkRequestPath(rawPath);
  return typeof checked === 'string' ? null : checked;
}

/** A request path's decoded segments, or why it is refused: it could leave the root, or is malformed. */
function checkRequestPath(rawPath: string): string[] | string {
  if (!rawPath.startsWith('/')) return 'the path does not start with /';
  if (rawPath.startsWith('//')) return 'the path starts with //';
  if (/\\|%5c/i.test(rawPath)) return 'the path holds a backslash';
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return `"${raw}" is not valid percent-encoding`;
    }
    if (segment.includes('\0')) return 'the path holds a NUL byte';
    if (segment.includes('/')) return `"${raw}" hides a / in percent-encoding`;
    if (segment === '..') return 'a ".." segment would leave the site folder';
    if (segment === '.') return 'a "." segment names no file (browsers drop them before asking)';
    segments.push(segment);
  }
  return segments;
}

/** A request target as it can be shown on one line of a terminal: control characters escaped, cut to 200 characters. */
export function shownRequest(method: string | undefined, url: string): string {
  const cut = url.length > 200 ? `${url.slice(0, 200)}… (${url.length} characters)` : url;
  return `${method ?? 'GET'} ${cut.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;
}

// A request target in absolute form, `http://host:port/path?query`, which HTTP/1.1 servers must accept (RFC 9112
// 3.2.2; a proxy sends it): its scheme and authority, user info apart.
const ABSOLUTE_FORM_RE = /^https?:\/\/(?:[^/?#@]*@)?([^/?#]*)/i;

/**
 * A request whose target is in absolute form made one in origin form, as the rest of the server reads it: the
 * target is its path and query (`/` when it has no path), and its authority replaces the Host header, as RFC
 * 9112 3.2.2 says (so it is the authority the host check reads). Any other target is left as it is.
 */
export function toOriginForm(req: IncomingMessage): void {
  const url = req.url ?? '';
  const m = ABSOLUTE_FORM_RE.exec(url);
  if (!m) return;
  const rest = url.slice(m[0].length);
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  req.headers.host = m[1];
}

/**
 * Whether a request is for a page rather than a file: a browser's navigation (it accepts HTML, whatever the address
 * ends with: a page may be /docs/v1.2), or a path that does not end like a file's name (`fetch`, curl).
 */
export function asksForPage(req: IncomingMessage, path: string): boolean {
  return /\btext\/html\b/i.test(req.headers.accept ?? '') || !/\.[a-z0-9]+$/i.test(path);
}

/** Maps a request path to a file under the root, a redirect, or an error status. */
export async function resolveRequest(rawPath: string, root: string): Promise<Resolved> {
  const segments = checkRequestPath(rawPath);
  if (typeof segments === 'string') return { status: 400, reason: segments };
  // Dotfiles are never served, but for /.well-known/ (RFC 8615: security.txt, app links), as hosts serve it.
  if (segments.some((s, i) => s.startsWith('.') && !(i === 0 && s === '.well-known'))) return { status: 404 };
  if (segments[segments.length - 1] === 'index.html') {
    // `/docs/index.html` → `/docs/`: always a same-site path (it starts with exactly one slash).
    return { status: 301, location: `/${segments.slice(0, -1).map(encodeURIComponent).join('/')}${segments.length > 1 ? '/' : ''}` };
  }
  const candidate = join(root, ...segments);
  // A path ending in `/` names a folder, as it does on nginx (`try_files $uri $uri/index.html`): `/sitemap.xml/`
  // and `/docs/x/index.html/` are not found, rather than the file served under a second address.
  const folder = segments[segments.length - 1] === '';
  const file = !folder && (await isFile(candidate)) ? candidate : (await isFile(join(candidate, 'index.html'))) ? join(candidate, 'index.html') : null;
  if (!file) return { status: 404 };
  // The file may be removed between these steps (the dev server prunes a deleted page's output as it answers).
  const real = await Promise.all([realpath(root), realpath(file)]).catch(notThere);
  if (!real || !real[1].startsWith(real[0] + sep)) return { status: 404 };
  return { status: 200, file: real[1], root: real[0] };
}

/** Serves a built site the way a static host would, with the checks a dev server needs. */
export function createStaticHandler(options: StaticOptions) {
  const rules = redirectRules(options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    toOriginForm(req);
    const url = req.url ?? '/';
    const refuse = (status: number, title: string, reason: string) => {
      options.onRefused?.(shownRequest(req.method, url), status, reason);
      plain(res, status, `${title}: ${reason}`);
    };
    if (url.length > MAX_URL_LENGTH) return refuse(414, 'URI too long', `the request target has ${url.length} characters, more than ${MAX_URL_LENGTH}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return refuse(405, 'Method not allowed', 'a static site answers GET and HEAD only');
    }
    if (!hostAllowed(req.headers.host, current(options.allowedHosts))) {
      return refuse(403, 'Invalid Host header', `${JSON.stringify(req.headers.host ?? '')} is not this server (set the host with --host, or the site's url in the config)`);
    }
    const requested = url.split(/[?#]/)[0];
    // A site built for `baseUrl: '/repo/'` is served under /repo/, as its host will serve it.
    const base = current(options.base ?? '/');
    if (`${requested}/` === base || (requested === '/' && base !== '/')) {
      // `/repo` → `/repo/`; and the server's root, where a site under /repo/ has nothing, leads there too.
      res.writeHead(requested === '/' ? 302 : 301, { Location: base + url.slice(requested.length) });
      return void res.end();
    }
    if (!requested.startsWith(base)) {
      // In the dev server (which adds live reload to its pages) a page open from before a baseUrl change
      // gets a page that leads to the new place and keeps listening, not a dead end in plain text.
      if (!options.transformHtml || !asksForPage(req, requested)) return plain(res, 404, `Not found: this site is served under ${base}`);
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(options.transformHtml(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>This site is served under <a href="${base}">${base}</a>.</p></body></html>\n`));
    }
    // Slashes doubled after a baseUrl (`/repo//docs/a`, a template's `${baseUrl}/docs/a`) are merged, as nginx merges them
    // and as they are further on: only the server's root is kept from `//host` (a redirect there would leave the site).
    const path = `/${base === '/' ? requested.slice(1) : requested.slice(base.length).replace(/^\/+/, '')}`;
    const resolved = await resolveRequest(path, options.root);
    if (resolved.status === 400) return refuse(400, 'Bad request', resolved.reason);
    if (resolved.status === 301) {
      res.writeHead(301, { Location: base + resolved.location.slice(1) + url.slice(requested.length) });
      return void res.end();
    }
    // A forced rule (`/docs/old /docs/new 301!`) applies where a file is there too; any other only where none is.
    if (await followRule(req, res, { requested, query: url.slice(requested.length), base, shadowed: resolved.status === 200, rules: await rules(base) }, options)) return;
    if (resolved.status !== 200) return notFound(req, res, path, options);
    if (resolved.file.endsWith('.html')) return (await sendHtml(req, res, resolved.file, 200, options)) ? undefined : notFound(req, res, path, options);
    send(req, resolved.file.slice(resolved.root.length).split(sep).map(encodeURIComponent).join('/'), { root: resolved.root, dotfiles: 'allow', index: false, etag: true, lastModified: true, cacheControl: false })
      .on('headers', (r: ServerResponse) => r.setHeader('Cache-Control', 'no-cache'))
      .on('error', (error: { status?: number }) => (error.status === 416 ? plain(res, 416, 'Range not satisfiable: the range asks for bytes the file does not have') : plain(res, 404, 'Not found')))
      .pipe(res);
  };
}

type Rules = RedirectRules | null;

/**
 * The rules of the served folder's `_redirects` under a baseUrl (the dev server reloads its config: the base tells which
 * rule catches every address). Looked at once, or as `options.revision` says: a stat of the file on every request
 * (at 200 responses too, for forced rules) was one of the three stats a page served took.
 */
function redirectRules(options: StaticOptions): (base: string) => Promise<Rules> {
  const file = join(options.root, '_redirects');
  let known: { revision: number | null; base: string; stamp: Promise<string>; rules: Promise<Rules> } | null = null;
  const stampOf = async (base: string) => {
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? `${info.mtimeMs}:${info.size}:${base}` : '';
  };
  const read = async (stamp: Promise<string>, base: string): Promise<Rules> => {
    const text = (await stamp) ? await readFile(file, 'utf8').catch(() => null) : null;
    return text === null ? null : parseRedirects(text, file, base).rules;
  };
  return (base) => {
    const revision = options.revision ? options.revision() : 0;
    const last = known;
    if (last && last.base === base && revision !== null && last.revision === revision) return last.rules;
    const stamp = stampOf(base);
    // Read again only when the file changed (a build that left it as it was costs one stat); requests meanwhile wait for the same read.
    const rules = (async () => (last && (await last.stamp) === (await stamp) ? last.rules : read(stamp, base)))();
    known = { revision, base, stamp, rules };
    return rules;
  };
}

/**
 * An address no file has that a rule of the folder's `_redirects` sends on, answered as Netlify and Cloudflare Pages
 * answer it: a redirect (its status and `Location`, the query kept unless the rule gives one), or for a 200 rule the
 * page it names on this site. False when no rule applies (a proxy to another host is not made here).
 */
async function followRule(req: IncomingMessage, res: ServerResponse, at: { requested: string; query: string; base: string; shadowed: boolean; rules: Rules }, options: StaticOptions): Promise<boolean> {
  const { requested, query, base, rules } = at;
  const segments = rules && decodeRequestPath(requested);
  if (!rules || !segments || (at.shadowed && !rules.rules.some((rule) => rule.force))) return false;
  const sent = redirectOf(rules, segments.length ? `/${segments.join('/')}` : '/', queryOf(query), at.shadowed);
  if (!sent?.to) return false;
  const location = sentTo(sent.to, searchOf(query));
  if (sent.rule.status >= 300 && sent.rule.status < 400) {
    res.writeHead(sent.rule.status, { Location: headerSafe(location) });
    res.end();
    return true;
  }
  if (sent.rule.status !== 200 || !sent.to.startsWith(base)) return false;
  const target = await resolveRequest(`/${sent.to.split(/[?#]/)[0]!.slice(base.length)}`, options.root);
  if (target.status !== 200 || !target.file.endsWith('.html')) return false;
  return sendHtml(req, res, target.file, 200, options);
}

/** An address as a header may carry it: what is not ASCII (a Chinese path written in a rule) percent-encoded, encoded escapes kept. */
function headerSafe(location: string): string {
  return location.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

async function notFound(req: IncomingMessage, res: ServerResponse, path: string, options: StaticOptions): Promise<void> {
  // Decoded, as nginx matches `location /en/`: `/%65n/nope` is an English path.
  const first = decodeRequestPath(path)?.[0] ?? '';
  const locale = current(options.localePaths).includes(first) ? first : '';
  const page = join(options.root, locale, '404.html');
  const servedAs = `${current(options.base ?? '/')}${locale ? `${locale}/` : ''}404.html`;
  if ((await isFile(page)) && (await sendHtml(req, res, page, 404, options, servedAs))) return;
  return plain(res, 404, 'Not found');
}

/** Sends an HTML file; false, with nothing sent, if it was removed since it was found. */
async function sendHtml(req: IncomingMessage, res: ServerResponse, file: string, status: number, options: StaticOptions, servedAs?: string): Promise<boolean> {
  const raw = await readFile(file, 'utf8').catch(notThere);
  if (raw === null) return false;
  const body = options.transformHtml ? options.transformHtml(raw, servedAs) : raw;
  const etag = `"${sha1(body, 'base64url').slice(0, 16)}"`;
  if (status === 200 && matchesEtag(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ETag: etag });
    res.end();
    return true;
  }
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ETag: etag, 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** null for a file or folder that is gone (removed since it was found); any other error is thrown on. */
function notThere(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}

/** If-None-Match as RFC 9110 reads it: `*`, or a list of tags compared weakly (`W/"x"` matches `"x"`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether a Host header names this server: an IP address (a DNS-rebinding page cannot send one),
 * localhost or a `.localhost` name, or one of the allowed names. Anything else may be an attacker's
 * domain pointed at 127.0.0.1.
 */
export function hostAllowed(host: string | undefined, allowed: Set<string>): boolean {
  if (!host) return false;
  const match = HOST_RE.exec(host);
  if (!match) return false;
  const name = (match[1] ?? match[2]).toLowerCase();
  if (match[1] !== undefined ? isIP(name) === 6 : isIP(name) === 4) return true;
  return name === 'localhost' || name.endsWith('.localhost') || allowed.has(name);
}

/** `name[:port]` or `[v6][:port]`. */
const HOST_RE = /^(?:\[([0-9a-fA-F:.]+)\]|([a-zA-Z0-9.-]+))(?::\d{1,5})?$/;

/** Options that may change while serving (the dev server reloads its config) are given as functions. */
function current<T>(value: T | (() => T)): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}

function plain(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${message}\n`);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
