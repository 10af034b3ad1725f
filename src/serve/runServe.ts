import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { buildSite, createBuildMemo, type BuildResult } from '../build.js';
import { outputFileOf } from '../routes/planEntries.js';
import type { CliIO } from '../cli.js';
import { printDiagnostics, summaryLine } from '../cli.js';
import { CONFIG_EXTENSION_RE, loadConfig } from '../config/loadConfig.js';
import { createPool } from '../workers/pool.js';
import { cacheDirOf } from '../cache/cacheDir.js';
import { countErrors, formatDiagnostic, shownName, SitegenError, usageError } from '../diagnostics.js';
import { asksForPage, createStaticHandler, hostAllowed, toOriginForm } from './staticHandler.js';
import { LIVE_RELOAD_CLIENT } from './liveReloadClient.js';
import { createLiveReload, type LiveReload } from './liveReload.js';
import { listen } from './listen.js';
import { stampOf, watchSite, type SiteWatcher } from './watchSite.js';
import type { Diagnostic, SiteConfig } from '../types.js';
import { isFolder, makeDirSync } from '../files.js';
import { isRunning, otherHolder, processMark } from '../processes.js';

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
/**
 * How long the files must have been quiet before a failed rebuild's errors are shown. Counted from the
 * last change, not from the end of the rebuild: a faster rebuild must not show a half-written file's
 * errors sooner.
 */
const ERROR_QUIET_MS = 250;

/** `sitegen serve`: runs the dev server until Ctrl-C (or SIGTERM), then stops cleanly with exit 0. */
export async function runServe(options: ServeOptions, io: CliIO): Promise<number> {
  // Ctrl-C before the server is up (a first build of a big site, a config that does not load yet) stops as cleanly.
  // (The dev folder this server claimed is let go as the process exits: `claimDevFolder`.)
  const early = () => {
    io.err('stopped\n');
    process.exit(0);
  };
  process.on('SIGINT', early);
  process.on('SIGTERM', early);
  let server: DevServer;
  try {
    server = await startDevServer(options, io);
  } finally {
    process.off('SIGINT', early);
    process.off('SIGTERM', early);
  }
  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    // Kept to the end for a second signal (`timeout -s INT` signals the server, then its process group): the same
    // stop, not Node's default of ending the process there, exit 130 and its dev folder left behind.
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      // At once, a rebuild running or not: what it would still print is not printed.
      await server.close({ now: true });
      io.err('stopped\n');
      resolve(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.out(`serving ${server.urls.join('  ')}${options.watch ? '' : ' (not watching for changes)'}\n`);
  if (options.open && !server.opened) openInBrowser(server.urls[0], io);
  return stopped;
}

export interface DevServer {
  /** Home URL of each locale, on the port actually bound. */
  urls: string[];
  port: number;
  /** Whether a browser was opened already (`--open` with a config that did not load: on the page of its errors, which reloads into the site). */
  opened: boolean;
  /** Resolves after the next rebuild finishes (tests). */
  nextBuild(): Promise<void>;
  /** Stops serving and watching; `now`: without waiting for a rebuild that is running, whose output is then dropped. */
  close(options?: { now?: boolean }): Promise<void>;
}

/**
 * Listens (moving to the next free port unless strict), builds every locale into a dev folder, serves
 * it like production, rebuilds on change and tells open pages to reload. Resolves after the first build.
 */
export async function startDevServer(given: ServeOptions, terminal: CliIO): Promise<DevServer> {
  // An IPv6 host as the printed addresses write it (`[::1]`) is the host itself.
  const options = { ...given, host: given.host.replace(/^\[(.*)\]$/, '$1') };
  // Once closing, a rebuild still running says nothing more (Ctrl-C stops at once, not after its summary).
  let closing = false;
  const io: CliIO = { ...terminal, out: (text) => void (closing || terminal.out(text)), err: (text) => void (closing || terminal.err(text)) };
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port > 65535) throw usageError(`--port ${options.port}`, 'the port must be a number from 0 to 65535');
  // Node reads an empty host as "every interface": a blank --host must not open the site to the network.
  if (!options.host.trim()) throw usageError(`--host ${JSON.stringify(options.host)}`, 'the host is empty', 'leave --host out to serve on 127.0.0.1 only, or pass --host 0.0.0.0 to serve on every interface');
  let config: SiteConfig;
  let listenOn = { port, strict: options.strictPort ?? false };
  /** The config file's stamp when the config loaded (once a config that had failed at start loads). */
  let loadedStamp: string | null = null;
  let opened = false;
  try {
    // Taken first: a config saved while it loads is loaded again once the watcher is ready.
    loadedStamp = stampOf(resolve(options.config));
    config = await loadDevConfig(options.config);
  } catch (error) {
    // A config that is there but cannot be used: served as its errors until it loads (not a missing one: a mistyped
    // --config; nor a folder or a file of another kind, which no edit makes a config).
    const file = resolve(options.config);
    if (!(error instanceof SitegenError) || !options.watch || !existsSync(file) || isFolder(file) || !CONFIG_EXTENSION_RE.test(file)) throw error;
    const waited = await untilConfigLoads(options, io, listenOn, error);
    config = waited.config;
    listenOn = { port: waited.port, strict: true };
    loadedStamp = waited.stamp;
    opened = waited.opened;
  }
  // The folder this server builds into: another sitegen serve of the project (started by mistake, or with another
  // config) keeps its own, neither deleting nor overwriting the other's.
  const dev = claimDevFolder(cacheDirOf(config.root));
  config.outDir = dev.dir;
  // The config file and the project files it imports: a change to any of them loads the config again.
  let configSources = new Set([config.configFile, ...(config.configImports ?? [])]);
  const outDir = config.outDir;
  const pool = createPool({ shareHighlighter: false, prepareSearch: false });
  const memo = createBuildMemo();
  const live = createLiveReload();
  let built = false;
  let watcher: SiteWatcher | null = null;
  /** Pages changed by builds whose reload was not announced yet (a newer change was already waiting). */
  const unannounced = new Set<string>();
  const waiters: (() => void)[] = [];

  let builds = 0;
  /** Builds running (writing the dev folder): while one is, the folder's `_redirects` may change under any request. */
  let building = 0;
  /**
   * Shows a failed build's errors, unless a change arrives within a moment: a file caught half-written
   * (an editor or a copy writing it in pieces) then brings the right build without an error flash.
   */
  const fail = (diagnostics: Diagnostic[], build: number, lines: string[] = []) => {
    const show = () => {
      if (build !== builds || watcher?.pending()) return;
      // Its errors, and only the warnings the last good build did not print: a page broken mid-edit is not buried under them.
      printDiagnostics(diagnostics.filter((d) => d.severity === 'error' || !toldWarnings.has(formatDiagnostic(d))), io);
      for (const line of lines) io.err(line);
      live.fail(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic));
    };
    if (build === 1) show();
    else setTimeout(show, Math.max(0, (watcher?.lastChangeAt() ?? 0) + ERROR_QUIET_MS - performance.now())).unref();
  };
  let configFailed = false;
  let toldWarnings = new Set<string>();
  let announcedUrls = '';
  // The site's addresses, on the port bound (known once listening): a new baseUrl or locale is told.
  let urlsOf = (_site: SiteConfig): string[] => [];
  const rebuild = async (files: string[]): Promise<void> => {
    const build = ++builds;
    building++;
    const reason = files.length === 1 ? files[0]! : `${files.length} files changed`;
    // A file's name as a diagnostic shows it: a line break or a terminal's escape in it keeps the summary on its line.
    const shown = shownName(reason);
    const started = performance.now();
    try {
      // A config that failed to load is loaded again at any change: building with the last good one would
      // look like a fixed site while the edit to the config is not applied (and its error not shown).
      const configChanged = configFailed || files.some((f) => configSources.has(resolve(config.root, f)));
      if (configChanged) {
        try {
          config = await loadDevConfig(options.config, dev.dir);
          configFailed = false;
        } catch (error) {
          configFailed = true;
          // A file the config has just started to import, and that does not compile, is named by its
          // error: watched as the config's from now on, so that fixing it is seen.
          const named = error instanceof SitegenError ? error.diagnostics.flatMap((d) => (d.file && existsSync(resolve(config.root, d.file)) ? [resolve(config.root, d.file)] : [])) : [];
          // A file it imports that is not there yet (`Could not resolve "./nav"`): creating it is a change too.
          if (error instanceof SitegenError) named.push(...error.diagnostics.flatMap((d) => unresolvedImport(d.message, dirname(config.configFile))));
          for (const file of named) configSources.add(file);
          watcher?.add(named);
          throw error;
        }
        // A file the config has started to import is watched from now on, and so are the content and
        // theme folders it now names (`contentDir`, `themeDir`): already watched paths are left as they are.
        configSources = new Set([config.configFile, ...(config.configImports ?? [])]);
        watcher?.add(watchedPaths(config));
      }
      // The watcher's paths spare walking the content and theme folders again (not after a config change: folders may have moved).
      const changed = build === 1 || configChanged ? undefined : files;
      const result = await buildSite({ config, drafts: true, leftOutVersionLinks: 'warn', pool, memo, deferSearch: true, changed });
      result.searchWritten.catch((error: unknown) => fail([internalError('search index', error)], build));
      const summary = `${shown}: ${summaryLine(config, result.pages, result.diagnostics, performance.now() - started, result.ok)}\n`;
      if (!result.ok) return fail(result.diagnostics, build, [summary]);
      // The first good build: every page open was the building page or the errors, and reloads.
      if (!built) unannounced.add('*');
      built = true;
      for (const path of changedPages(result)) unannounced.add(path);
      // A change arrived while building: this result is already stale, the next build announces both.
      if (watcher?.pending()) return;
      // The warnings of a good build that the last good build printed are counted in the summary, not printed again.
      const lines = result.diagnostics.map(formatDiagnostic);
      printDiagnostics(result.diagnostics.filter((_, i) => !toldWarnings.has(lines[i]!)), io);
      toldWarnings = new Set(lines);
      io.err(summary);
      const urls = urlsOf(config);
      if (urls.join(' ') !== announcedUrls) {
        announcedUrls = urls.join(' ');
        io.out(`serving ${urls.join('  ')}\n`);
        // The site moved (a new baseUrl): the pages are named at their new addresses, where no open tab is yet.
        unannounced.add('*');
      }
      const paths = unannounced.has('*') ? ['*'] : [...unannounced];
      unannounced.clear();
      live.reload(paths);
    } catch (error) {
      // The server outlives any file: user errors are shown as they are, bugs with their stack.
      const diagnostics = error instanceof SitegenError ? error.diagnostics : [internalError(reason, error)];
      const errors = countErrors(diagnostics);
      fail(diagnostics, build, [`${shown}: build failed: ${built ? 'the last good site is still served' : 'nothing is served until it builds'} · ${errors} error${errors === 1 ? '' : 's'} · ${((performance.now() - started) / 1000).toFixed(2)} s\n`]);
    } finally {
      building--;
      for (const waiter of waiters.splice(0)) waiter();
    }
  };

  const handler = createStaticHandler({
    root: outDir,
    base: () => config.baseUrl,
    allowedHosts: () => allowedHosts(options.host, config),
    localePaths: () => config.locales.map((l) => l.path).filter(Boolean),
    // The rules of `_redirects` are looked at again after each build, and at each request while one writes the folder.
    revision: () => (building > 0 ? null : builds),
    // Read right after the file (no other task runs between): a page written before a reload carries the revision before it.
    transformHtml: (html, servedAs) => withClient(html, live.revision(), servedAs),
    // One line per refused request, naming it: the server answers and goes on.
    onRefused: (request, status, reason) => io.err(`${formatDiagnostic({ severity: 'error', code: 'request', file: request, message: `${status}: ${reason}` })}\n`),
  });
  // The output folder deleted under the server (`rm -rf .sitegen-cache`): the next request has the site
  // written again (one rebuild, which every request meanwhile waits for) instead of a 404 until a file changes.
  // A rebuild that could not write it (a content error) is not tried again until another build has run.
  let restoring: Promise<void> | null = null;
  let triedAt = -1;
  const restored = (): Promise<void> | null => {
    if (!built || restoring || triedAt === builds || existsSync(outDir)) return restoring;
    // Without a watcher (--no-watch) too: the site is written again, from the files as they are now.
    restoring = (watcher ? watcher.request('output folder deleted') : rebuild(['output folder deleted'])).finally(() => {
      // Only a restore that left no folder waits for another build: one that wrote it is tried again at the next deletion.
      triedAt = existsSync(outDir) ? -1 : builds;
      restoring = null;
    });
    return restoring;
  };
  const serveFile = (req: IncomingMessage, res: ServerResponse): void =>
    void handler(req, res).catch((error: unknown) => {
      io.err(`${formatDiagnostic(internalError(req.url ?? '', error))}\n`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  const server = createServer((req, res) => {
    toOriginForm(req);
    const path = (req.url ?? '').split('?')[0];
    if (path !== EVENTS_PATH && path !== CLIENT_PATH) {
      // Before the first good build, a page is the build's errors or a page that waits for it (a tab left open across a
      // restart reloads into it): with the live-reload client, which reloads it once the site is there.
      if (!built && isPageRequest(req)) return live.errors().length ? buildFailedPage(res, live.revision()) : buildingPage(res, live.revision());
      // Answered once the rebuild is done, whatever it did (a failed one is shown as any other).
      const wait = restored();
      return wait ? void wait.then(() => serveFile(req, res)) : serveFile(req, res);
    }
    answerOwnPath(req, res, path, allowedHosts(options.host, config), live);
  });
  // Bind first: a busy port with --strict-port fails at once, before a build, and lets the dev folder go (not at exit:
  // the command has done nothing, and leaves no build cache folder it made).
  const bound = await listen(server, { port: listenOn.port, host: options.host, strict: listenOn.strict }).catch(async (error: unknown) => {
    await pool.close();
    dev.release();
    throw error;
  });
  if (bound !== port && port !== 0) io.err(`port ${port} is busy, using ${bound}\n`);
  urlsOf = (site) => site.locales.map((l) => `http://${urlHost(options.host)}:${bound}${site.baseUrl}${l.path ? `${l.path}/` : ''}`);
  // Printed once the server is up (runServe): a first build that fails does not make the next good one print them again.
  announcedUrls = urlsOf(config).join(' ');
  const closeAll = async () => {
    live.close();
    const closed = new Promise((done) => server.close(done));
    // Before waiting: a client that connected and sends nothing (or half a request) would hold the close for minutes.
    server.closeAllConnections();
    await closed;
  };
  try {
    await rm(outDir, { recursive: true, force: true });
    // What changes from here on, while the first build runs, is rebuilt once the watcher is ready.
    const since = Date.now();
    await rebuild(['initial build']);
    if (options.watch) {
      const devFolders = [cacheDirOf(config.root), join(config.root, 'node_modules'), join(config.root, '.git'), outDir].map((p) => p + sep);
      watcher = await watchSite({
        root: config.root,
        paths: watchedPaths(config),
        ignored: (path) => devFolders.some((folder) => `${path}${sep}`.startsWith(folder)) || unread(config, path, configSources),
        rebuild,
        since,
      });
      // The config changed again while this server took over from the one that waited for it: loaded again.
      if (loadedStamp !== null && stampOf(config.configFile) !== loadedStamp) {
        configFailed = true;
        void watcher.request(relative(config.root, config.configFile));
      }
    }
  } catch (error) {
    await closeAll();
    await pool.close();
    dev.release();
    throw error;
  }
  return {
    urls: urlsOf(config),
    port: bound,
    opened,
    nextBuild: () => new Promise<void>((done) => waiters.push(done)),
    async close({ now = false } = {}) {
      closing = true;
      await watcher?.close(!now);
      await closeAll();
      await pool.close();
      dev.release();
    },
  };
}

/**
 * A config that cannot be loaded when the server starts: it listens anyway, every page answers 503 with
 * the errors (as before a first good build), and the config, with the files its errors name, is loaded
 * again at each change until it loads. Resolves with it and the port bound, which the site's server takes over.
 */
async function untilConfigLoads(options: ServeOptions, io: CliIO, on: { port: number; strict: boolean }, first: SitegenError): Promise<{ config: SiteConfig; port: number; stamp: string; opened: boolean }> {
  const live = createLiveReload();
  const hosts = new Set([options.host.replace(/^\[|\]$/g, '').toLowerCase()]);
  const server = createServer((req, res) => {
    toOriginForm(req);
    if (!answerOwnPath(req, res, (req.url ?? '').split('?')[0], hosts, live)) buildFailedPage(res, live.revision());
  });
  const port = await listen(server, { port: on.port, host: options.host, strict: on.strict });
  if (port !== on.port && on.port !== 0) io.err(`port ${on.port} is busy, using ${port}\n`);
  const configFile = resolve(options.config);
  const watched = new Set([configFile]);
  const show = (error: SitegenError) => {
    printDiagnostics(error.diagnostics, io);
    live.fail(error.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic));
    // The files the errors name (one the config imports) and the imports it cannot resolve yet are watched too. An
    // error names the config from the folder the server was started in, a file it imports from the project's.
    for (const d of error.diagnostics) {
      const named = [resolve(d.file), resolve(dirname(configFile), d.file)].filter((file) => existsSync(file));
      for (const file of [...named, ...unresolvedImport(d.message, dirname(configFile))]) watched.add(file);
    }
  };
  show(first);
  const { watch } = await import('chokidar');
  // Through the folders that hold them: an editor's save by rename, or a file not created yet, is seen.
  const watcher = watch([...new Set([...watched].map((file) => dirname(file)))], { depth: 0, ignoreInitial: true });
  // Told once the watcher is ready: a save made as soon as this line shows is seen (one made before had been missed).
  await new Promise<void>((ready) => {
    watcher.once('ready', ready);
    watcher.once('error', () => ready());
  });
  const url = `http://${urlHost(options.host)}:${port}/`;
  io.out(`waiting for ${relative(process.cwd(), configFile) || configFile} to load: ${url} shows its errors until then\n`);
  // With --open, the errors are what there is to see; the page shows the site once the config loads.
  if (options.open) openInBrowser(url, io);
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  try {
    return await new Promise<{ config: SiteConfig; port: number; stamp: string; opened: boolean }>((done) => {
      let loading = false;
      const attempt = async () => {
        if (settled) return;
        if (loading) return void (timer = setTimeout(attempt, 50));
        loading = true;
        // What was loaded: a change that comes while the site's server takes over is seen by it (startDevServer).
        const stamp = stampOf(configFile);
        try {
          const config = await loadDevConfig(options.config);
          settled = true;
          done({ config, port, stamp, opened: options.open === true });
        } catch (error) {
          if (settled) return;
          show(error instanceof SitegenError ? error : new SitegenError([internalError(configFile, error)], 2));
          watcher.add([...watched].map((file) => dirname(file)));
        } finally {
          loading = false;
        }
      };
      watcher.on('all', (_event, path) => {
        if (settled || !watched.has(resolve(path))) return;
        clearTimeout(timer);
        timer = setTimeout(attempt, 50);
      });
    });
  } finally {
    settled = true;
    clearTimeout(timer);
    await watcher.close();
    live.close();
    const closed = new Promise((done) => server.close(done));
    server.closeAllConnections();
    await closed;
  }
}

/**
 * A dotfile or dot folder in the content (outside its static files, where `.well-known/` is served) or in
 * the theme: the build reads none, so an editor's temporary file (`.page.md.tmp` saved over `page.md`,
 * `.#page.md`) must not bring a rebuild of its own.
 */
function unread(config: SiteConfig, path: string, configSources: Set<string>): boolean {
  if (configSources.has(path)) return false;
  for (const folder of [config.contentDir, config.themeDir, config.themeOverrides]) {
    if (!folder) continue;
    const inside = relative(folder, path);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) continue;
    const parts = inside.split(sep);
    if (folder === config.contentDir && parts[0] === 'static') continue;
    if (parts.some((part) => part.startsWith('.'))) return true;
  }
  return false;
}

/**
 * What the dev server watches: the content and theme folders, the theme's overrides (the project's
 * `theme/` folder over sitegen's theme, seen also once it is made), the config and the files it imports.
 */
function watchedPaths(config: SiteConfig): string[] {
  return [config.contentDir, config.themeDir, ...(config.themeOverrides ? [config.themeOverrides] : []), config.configFile, ...(config.configImports ?? [])];
}

/** A host as a URL writes it: an IPv6 address in brackets. */
/** The host as an address to visit: one that listens on every interface is visited on this machine's own. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The config with the output going to a dev folder, never over the production `dist/`. */
async function loadDevConfig(configFile: string, devDir?: string): Promise<SiteConfig> {
  const config = await loadConfig({ configFile });
  config.outDir = devDir ?? join(cacheDirOf(config.root), 'dev');
  return config;
}

/**
 * The dev folder of this server: `.sitegen-cache/dev`, marked as this process's by `dev.pid` (its id and start,
 * `processMark`), or `dev-<pid>` when a live server of the project holds that one (removed when this one stops). A mark
 * left by a server that died is taken over, also when its process id has since been given to another program.
 */
function claimDevFolder(cacheDir: string): { dir: string; release(): void } {
  const mark = join(cacheDir, 'dev.pid');
  let holder: number | null = null;
  try {
    holder = otherHolder(readFileSync(mark, 'utf8'));
  } catch {
    // No mark: the folder is free.
  }
  // The folders of servers that ended without letting theirs go (killed outright): a whole copy of the site each.
  try {
    for (const name of readdirSync(cacheDir)) {
      const pid = Number(/^dev-(\d+)$/.exec(name)?.[1]);
      if (pid && pid !== process.pid && !isRunning(pid)) rmSync(join(cacheDir, name), { recursive: true, force: true });
    }
  } catch {
    // No cache folder yet.
  }
  const claimed = holder !== null ? ownFolder(join(cacheDir, `dev-${process.pid}`)) : sharedFolder(cacheDir, mark);
  // Let go however the process ends (a signal before the server is up, an error): once.
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    claimed.release();
  };
  process.on('exit', release);
  return { dir: claimed.dir, release };
}

/** A folder of this server's own (`dev-<pid>`), removed when it stops. */
function ownFolder(dir: string): { dir: string; release(): void } {
  return { dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The project's dev folder, marked as this server's by `dev.pid` while it runs. */
function sharedFolder(cacheDir: string, mark: string): { dir: string; release(): void } {
  try {
    makeDirSync(cacheDir);
    writeFileSync(mark, `${processMark()}\n`);
  } catch {
    // A cache folder that cannot be written fails the build with its own error.
  }
  return {
    dir: join(cacheDir, 'dev'),
    release: () => {
      try {
        if (Number(readFileSync(mark, 'utf8').trim().split(/\s+/)[0]) === process.pid) unlinkSync(mark);
      } catch {
        // Gone already.
      }
    },
  };
}

/**
 * The live-reload client's tag: with the server's revision as the page is served (a rebuild told before the page's channel
 * opens is missed by it: told another revision, it reloads), and the page's own path when it answers another address (a 404 page).
 */
function clientTag(revision: number, servedAs?: string): string {
  return `<script src="${CLIENT_PATH}" data-revision="${revision}"${servedAs === undefined ? '' : ` data-page="${encodeURI(servedAs)}"`}></script>`;
}

/** Adds the live-reload client to a served page. */
function withClient(html: string, revision: number, servedAs?: string): string {
  const tag = clientTag(revision, servedAs);
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
}

/**
 * Pages to reload: those rendered again (their content changed; every page's HTML also carries
 * per-build URLs, so comparing HTML would reload everything), or all when the theme's scripts or
 * styles or a static file (an image, /invite.js) changed.
 */
export function changedPages(result: Pick<BuildResult, 'files' | 'changed' | 'routes' | 'config'>): string[] {
  const generated = new Set(result.files.map((f) => f.path));
  // A file of a page's own that is gone (the last build's site data, a deleted page's markdown copy) concerns that
  // page alone, which the list below has when it changed; a theme asset or a static file (an image) may be on any.
  // A locale's data modules (its site data, its every-post list) are its pages', whose HTML names the new ones.
  const localeData = (path: string) => path.startsWith('assets/site-data.') || path.startsWith('assets/blog-posts.');
  const ownOfPages = (path: string) => localeData(path) || path.endsWith('.html') || path.endsWith('page-data.json') || path.endsWith('.md');
  const wide = result.changed.some((path) => (path.startsWith('assets/') && !localeData(path)) || (!generated.has(path) && !ownOfPages(path)));
  if (wide) return ['*'];
  // The pages whose file changed: a page rendered again, and one whose HTML came back from the page
  // cache as it was a few edits ago (a sidebar label changed, then changed back) alike.
  const written = new Set(result.changed);
  const pages = result.routes.filter((route) => written.has(outputFileOf(result.config, route.path))).map((route) => route.path);
  // A page removed (its file deleted): an open copy of it reloads into the 404 page.
  const kept = new Set(result.routes.map((route) => outputFileOf(result.config, route.path)));
  for (const file of written) if (file.endsWith('/index.html') && !kept.has(file)) pages.push(result.config.baseUrl + file.slice(0, -'/index.html'.length));
  return pages;
}

function isPageRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && asksForPage(req, (req.url ?? '').split('?')[0]!);
}

/**
 * The method and Host checks, and the server's own paths (the live-reload channel and its client).
 * Returns false for a request of another path that passed the checks: the caller answers it.
 */
function answerOwnPath(req: IncomingMessage, res: ServerResponse, path: string, hosts: Set<string>, live: LiveReload): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
    res.end('Method not allowed\n');
  } else if (!hostAllowed(req.headers.host, hosts)) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Invalid Host header\n');
  } else if (path === EVENTS_PATH && req.method === 'HEAD') {
    // A HEAD of the event stream gets its headers, not a stream that never ends.
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.end();
  } else if (path === EVENTS_PATH) {
    live.handle(req, res);
  } else if (path === CLIENT_PATH) {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : LIVE_RELOAD_CLIENT);
  } else {
    return false;
  }
  return true;
}

/** During the first build: a page that says so and reloads once the site is there (not a 404 a tab would stay on). */
function buildingPage(res: ServerResponse, revision: number): void {
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' });
  res.end(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Building…</title></head><body data-sitegen-unbuilt data-sitegen-building><p>The site is being built: this page reloads when it is ready.</p>${clientTag(revision)}</body></html>\n`);
}

/** Before the first good build there is nothing to serve: a page that shows the errors and reloads when fixed. */
function buildFailedPage(res: ServerResponse, revision: number): void {
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body data-sitegen-unbuilt><p>The site did not build yet: see the errors.</p>${clientTag(revision)}</body></html>\n`);
}

function internalError(place: string, error: unknown): Diagnostic {
  return { severity: 'error', code: 'internal', file: place, message: error instanceof Error ? (error.stack ?? error.message) : String(error), hint: 'this is a bug in sitegen: the server keeps running' };
}

function allowedHosts(host: string, config: SiteConfig): Set<string> {
  return new Set([host.replace(/^\[|\]$/g, ''), new URL(config.url).hostname].map((n) => n.toLowerCase()));
}

/** Opens a URL with the platform's opener; a missing opener only prints the URL to visit. */
function openInBrowser(url: string, io: CliIO): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => io.err(`could not open a browser: visit ${url}\n`));
  child.unref();
}

export { countErrors };

const IMPORT_EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

/** The files a relative import esbuild could not resolve may be, once created (`./nav` → `nav.ts`, `nav/index.ts`, …). */
function unresolvedImport(message: string, from: string): string[] {
  const specifier = /Could not resolve "(\.{1,2}\/[^"]*)"/.exec(message)?.[1];
  if (!specifier) return [];
  const base = resolve(from, specifier);
  return [...IMPORT_EXTENSIONS.map((ext) => base + ext), ...IMPORT_EXTENSIONS.slice(1).map((ext) => join(base, `index${ext}`))];
}
