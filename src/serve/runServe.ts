import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { watch } from 'chokidar';
import { buildSite, createBuildMemo, type BuildResult } from '../build.js';
import { rm } from 'node:fs/promises';
import type { CliIO } from '../cli.js';
import { printDiagnostics, summaryLine } from '../cli.js';
import { loadConfig } from '../config/loadConfig.js';
import { createPool } from '../workers/pool.js';
import { countErrors, formatDiagnostic, SitegenError, usageError } from '../diagnostics.js';
import { createStaticHandler } from './staticHandler.js';
import { LIVE_RELOAD_CLIENT } from './liveReloadClient.js';
import type { DevMessage, SiteConfig } from '../types.js';

export interface ServeOptions {
  port: string;
  host: string;
  strictPort?: boolean;
  open?: boolean;
  watch: boolean;
  config: string;
}

const EVENTS_PATH = '/__sitegen/events';
const CLIENT_PATH = '/__sitegen/client.js';
// Long enough to gather a burst (a branch switch writes hundreds of files), short enough to feel instant.
// A file caught half-written gives one failed rebuild, and its last write triggers the right one.
const DEBOUNCE_MS = 25;

/** `sitegen serve`: runs the dev server until Ctrl-C. */
export async function runServe(options: ServeOptions, io: CliIO): Promise<number> {
  const server = await startDevServer(options, io);
  io.out(`serving ${server.urls.join('  ')}\n`);
  return new Promise((resolve) => {
    const stop = async () => {
      await server.close();
      io.err('stopped\n');
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export interface DevServer {
  /** Home URL of each locale. */
  urls: string[];
  port: number;
  /** Resolves after the next rebuild finishes (tests). */
  nextBuild(): Promise<void>;
  close(): Promise<void>;
}

/** Builds both locales into a dev folder, serves it, rebuilds on change and tells browsers to reload. */
export async function startDevServer(options: ServeOptions, io: CliIO): Promise<DevServer> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port ${options.port}`, 'the port must be a number from 0 to 65535');
  const config = await loadConfig({ configFile: options.config });
  config.outDir = join(config.root, '.sitegen-cache', 'dev');
  const pool = createPool({});
  const memo = createBuildMemo();
  await rm(config.outDir, { recursive: true, force: true });
  const state = { revision: 0, errors: [] as string[] };
  const clients = new Set<ServerResponse>();
  const broadcast = (message: DevMessage) => {
    for (const client of clients) client.write(`data: ${JSON.stringify(message)}\n\n`);
  };

  const rebuild = async (reason: string) => {
    const started = performance.now();
    let result: BuildResult;
    try {
      result = await buildSite({ config, drafts: true, pool, memo, deferSearch: true });
    } catch (error) {
      if (!(error instanceof SitegenError)) throw error;
      state.errors = error.diagnostics.map(formatDiagnostic);
      printDiagnostics(error.diagnostics, io);
      broadcast({ type: 'error', revision: state.revision, errors: state.errors });
      return;
    }
    printDiagnostics(result.diagnostics, io);
    io.err(`${reason}: ${summaryLine(config, result.pages, result.diagnostics, performance.now() - started, result.ok)}\n`);
    if (!result.ok) {
      state.errors = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      broadcast({ type: 'error', revision: state.revision, errors: state.errors });
      return;
    }
    const changed = changedPages(result);
    state.errors = [];
    state.revision++;
    broadcast({ type: 'reload', revision: state.revision, paths: changed });
  };

  await rebuild('initial build');
  const handler = createStaticHandler({
    root: config.outDir,
    allowedHosts: allowedHosts(options.host, config),
    localePaths: config.locales.map((l) => l.path).filter(Boolean),
    transformHtml: (html) => html.replace('</body>', `<script src="${CLIENT_PATH}"></script></body>`),
  });
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === EVENTS_PATH) return events(req, res, clients, state, options.host);
    if (path === CLIENT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      return void res.end(LIVE_RELOAD_CLIENT);
    }
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error\n');
    });
  });
  const bound = await listen(server, port, options.host, options.strictPort ?? false);
  if (bound !== port && port !== 0) io.err(`port ${port} is busy, using ${bound}\n`);
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;

  const waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const pending = new Set<string>();
  const watcher = options.watch
    ? watch([config.contentDir, config.themeDir, config.configFile], { ignoreInitial: true })
    : null;
  watcher?.on('all', (_event, path) => {
    pending.add(relative(config.root, path));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...pending];
      pending.clear();
      running = running.then(() => rebuild(files.length === 1 ? files[0] : `${files.length} files changed`)).then(() => {
        for (const waiter of waiters.splice(0)) waiter();
      });
    }, DEBOUNCE_MS);
  });
  if (watcher) await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  return {
    urls: config.locales.map((l) => `http://${shownHost}:${bound}${config.baseUrl}${l.path ? `${l.path}/` : ''}`),
    port: bound,
    nextBuild: () => new Promise<void>((done) => waiters.push(done)),
    async close() {
      if (timer) clearTimeout(timer);
      await watcher?.close();
      for (const client of clients) client.end();
      await new Promise((done) => server.close(done));
      server.closeAllConnections();
      await running;
      await pool.close();
    },
  };
}

/**
 * Pages to reload: those rendered again (their content changed; every page's HTML also carries
 * per-build URLs, so comparing HTML would reload everything), or all when the theme's scripts or styles changed.
 */
function changedPages(result: BuildResult): string[] {
  if (result.changed.some((path) => path.startsWith('assets/') && !path.startsWith('assets/site-data.'))) return ['*'];
  return result.rerendered;
}

function events(req: IncomingMessage, res: ServerResponse, clients: Set<ServerResponse>, state: { revision: number; errors: string[] }, host: string): void {
  const origin = req.headers.origin;
  if (origin && !sameOrigin(origin, req.headers.host)) {
    res.writeHead(403, { 'Content-Type': 'text/plain' });
    return void res.end('Forbidden origin\n');
  }
  void host;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.write(`data: ${JSON.stringify({ type: 'connected', revision: state.revision } satisfies DevMessage)}\n\n`);
  if (state.errors.length) res.write(`data: ${JSON.stringify({ type: 'error', revision: state.revision, errors: state.errors } satisfies DevMessage)}\n\n`);
  clients.add(res);
  req.on('close', () => clients.delete(res));
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function allowedHosts(host: string, config: SiteConfig): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]', host.includes(':') ? `[${host}]` : host, new URL(config.url).hostname];
  return new Set(names.map((n) => n.toLowerCase()));
}

function listen(server: Server, port: number, host: string, strict: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let attempt = port;
    const tryListen = () => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && !strict && attempt < port + 20) {
          attempt++;
          tryListen();
        } else {
          reject(usageError(`--port ${port}`, error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message, strict ? 'drop --strict-port to use the next free port' : undefined));
        }
      });
      server.listen(attempt, host, () => resolve((server.address() as { port: number }).port));
    };
    tryListen();
  });
}

export { countErrors };
