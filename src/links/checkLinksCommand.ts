import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { LinkChecker, LinkState } from 'linkinator';
import { planSite } from '../build.js';
import type { CliIO } from '../cli.js';
import { loadConfig } from '../config/loadConfig.js';
import { countErrors, formatDiagnostic, sortDiagnostics, usageError } from '../diagnostics.js';
import { createStaticHandler } from '../serve/staticHandler.js';
import type { Diagnostic, SiteConfig } from '../types.js';
import { checkLinks, normalisePath, type CheckedPage } from './checkLinks.js';
import { scanHtml } from './scanHtml.js';

export interface CheckLinksOptions {
  dir?: string;
  config: string;
  external?: boolean;
  concurrency: string;
  timeout: string;
  retry: string;
  format: string;
}

const FORMATS = ['text', 'json', 'github'];

/** `sitegen check-links`: checks an existing build without rebuilding it. */
export async function runCheckLinks(options: CheckLinksOptions, io: CliIO): Promise<number> {
  if (!FORMATS.includes(options.format)) throw usageError(`--format ${options.format}`, `unknown format "${options.format}"`, `use one of: ${FORMATS.join(', ')}`);
  const config = await loadConfig({ configFile: options.config });
  const dir = resolve(options.dir ?? config.outDir);
  if (!existsSync(join(dir, 'index.html'))) throw usageError(`--dir ${options.dir ?? config.outDir}`, `no built site in ${dir}`, 'run `sitegen build` first, or pass --dir');
  const started = performance.now();
  const pages = await readPages(config, dir);
  const diagnostics = [...(await ownPass(config, dir, pages)), ...reports(config, pages)];
  const crawled = await crawl(config, dir, options, new Set(diagnostics.map((d) => d.message)));
  diagnostics.push(...crawled.diagnostics);
  const summary = { pages: pages.length, links: crawled.checked, errors: countErrors(diagnostics), warnings: diagnostics.length - countErrors(diagnostics), ms: Math.round(performance.now() - started) };
  io.out(formatReport(options.format, sortDiagnostics(diagnostics), summary));
  return summary.errors > 0 ? 1 : 0;
}

interface BuiltPage extends CheckedPage {
  file: string;
}

async function readPages(config: SiteConfig, dir: string): Promise<BuiltPage[]> {
  const files = await fg('**/*.html', { cwd: dir });
  return Promise.all(
    files.sort().map(async (file) => ({
      file,
      path: config.baseUrl + (file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file),
      html: await readFile(join(dir, file), 'utf8'),
      source: `${dir.endsWith('/') ? dir : `${dir}/`}${file}`.replace(`${config.root}/`, ''),
      refs: [],
    })),
  );
}

/** Our anchor / image / link pass over every page, pointed at content lines through an in-memory plan. */
async function ownPass(config: SiteConfig, dir: string, pages: BuiltPage[]): Promise<Diagnostic[]> {
  const sources = new Map<string, { source: string; refs: CheckedPage['refs'] }>();
  try {
    const plan = await planSite({ config });
    for (const entry of plan.entries) sources.set(normalisePath(entry.permalink), { source: entry.file, refs: entry.rendered.refs });
  } catch {
    // Without a readable content tree the built pages are reported by their output path.
  }
  for (const page of pages) {
    const known = sources.get(normalisePath(page.path));
    if (known) Object.assign(page, known);
  }
  const files = await fg('**/*', { cwd: dir, ignore: ['**/*.html'] });
  return checkLinks(pages, {
    config,
    files: new Set(files.map((f) => config.baseUrl + f)),
    // CI sees everything, whatever the build tolerates: links and images are errors, anchors warnings (SPEC 5).
    severity: { links: 'error', images: 'error', anchors: config.links.onBrokenAnchors === 'error' ? 'error' : 'warn' },
    layoutSource: 'theme',
  });
}

/** Untranslated fallbacks, orphan pages and pages missing a title or description. */
function reports(config: SiteConfig, pages: BuiltPage[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const incoming = new Map<string, number>();
  const origin = new URL(config.url).origin;
  for (const page of pages) {
    for (const link of scanHtml(page.html).links) {
      if (link.kind !== 'link') continue;
      try {
        const url = new URL(link.url, origin + page.path);
        const target = normalisePath(decodeURIComponent(url.pathname));
        if (url.origin === origin && target !== normalisePath(page.path)) incoming.set(target, (incoming.get(target) ?? 0) + 1);
      } catch {
        // malformed URLs are reported by the link pass
      }
    }
  }
  for (const page of pages) {
    const shown = normalisePath(page.path);
    const title = /<title>([^<]*)<\/title>/.exec(page.html)?.[1].trim();
    const description = /<meta name="description" content="([^"]*)"/.exec(page.html)?.[1].trim();
    if (!title || !description) out.push({ severity: 'warning', code: 'missing-meta', file: page.source, message: `${shown} has no ${title ? 'description' : 'title'}` });
    if (/"untranslated":true/.test(page.html)) out.push({ severity: 'warning', code: 'untranslated', file: page.source, message: `${shown} has no translation and shows the ${config.defaultLocale} page` });
    const path = normalisePath(page.path);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(page.html)?.[1];
    const alias = canonical !== undefined && normalisePath(new URL(canonical).pathname) !== path;
    if (!alias && !page.path.endsWith('404.html') && !incoming.get(path) && !config.locales.some((l) => normalisePath(config.baseUrl + l.path) === path)) {
      out.push({ severity: 'warning', code: 'orphan-page', file: page.source, message: `no page links to ${shown}` });
    }
  }
  return out;
}

/** Serves the build on a loopback port and crawls it with linkinator from every locale's home. */
async function crawl(config: SiteConfig, dir: string, options: CheckLinksOptions, known: Set<string>): Promise<{ diagnostics: Diagnostic[]; checked: number }> {
  const handler = createStaticHandler({ root: dir, allowedHosts: new Set(['127.0.0.1', 'localhost']), localePaths: config.locales.map((l) => l.path).filter(Boolean) });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: config.locales.map((l) => `${base}${config.baseUrl}${l.path ? `${l.path}/` : ''}`),
      recurse: true,
      concurrency: Number(options.concurrency),
      timeout: Number(options.timeout),
      retryErrors: Number(options.retry) > 0,
      retryErrorsCount: Number(options.retry),
      linksToSkip: options.external ? [] : [`^(?!${base.replace(/[.]/g, '\\.')})`],
    });
    const diagnostics: Diagnostic[] = [];
    for (const link of result.links) {
      if (link.state !== LinkState.BROKEN) continue;
      const path = link.url.startsWith(base) ? link.url.slice(base.length) : link.url;
      const parent = link.parent?.startsWith(base) ? link.parent.slice(base.length) : link.parent ?? '';
      const external = !link.url.startsWith(base);
      if (!external && [...known].some((m) => m.includes(path.split('#')[0]))) continue; // already reported with its source line
      const soft = external && (link.status === 403 || link.status === 429);
      diagnostics.push({
        severity: soft ? 'warning' : 'error',
        code: external ? 'external-link' : 'crawl',
        file: parent || '/',
        message: `${path} answered ${link.status || 'no response'}${soft ? ' (the host may block crawlers or rate-limit)' : ''}`,
      });
    }
    return { diagnostics, checked: result.links.length };
  } finally {
    server.close();
  }
}

function formatReport(format: string, diagnostics: Diagnostic[], summary: { pages: number; links: number; errors: number; warnings: number; ms: number }): string {
  if (format === 'json') return `${JSON.stringify({ version: 1, summary, diagnostics }, null, 2)}\n`;
  if (format === 'github') {
    return diagnostics
      .map((d) => `::${d.severity === 'error' ? 'error' : 'warning'} file=${d.file}${d.line ? `,line=${d.line}` : ''},title=${d.code}::${escapeGithub(d.message + (d.hint ? ` (${d.hint})` : ''))}\n`)
      .join('');
  }
  const lines = diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join('');
  return `${lines}checked ${summary.pages} pages and ${summary.links} links in ${(summary.ms / 1000).toFixed(2)} s · ${summary.errors} error${summary.errors === 1 ? '' : 's'} · ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}\n`;
}

function escapeGithub(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
