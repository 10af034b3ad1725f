// Builds the real site once for the end-to-end tests (shared by every test file through a folder
// keyed by the inputs), serves it, and drives Debian's Chromium with playwright-core.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from './staticServer.js';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else out.push(path);
  }
  return out;
}

/** A key that changes whenever the theme, the content, the config or the generator's source does (lib/ is compiled from src/). */
function inputsKey(): string {
  const hash = createHash('sha1');
  const files = [join(REPO, 'site.config.ts'), ...['theme', 'content', 'src'].flatMap((d) => listFiles(join(REPO, d)))];
  for (const file of files.sort()) {
    const info = statSync(file);
    hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The built site for these inputs: built on first use, reused by the other test files. */
export function builtSite(): string {
  const dir = join(tmpdir(), `sitegen-e2e-${inputsKey()}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const result = spawnSync(process.execPath, [join(REPO, 'bin/sitegen.js'), 'build', '--quiet', '--out', staging], { cwd: REPO, encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) throw new Error(`site build failed:\n${result.stdout}\n${result.stderr}`);
  writeFileSync(join(staging, '.e2e-complete'), '');
  try {
    renameSync(staging, dir);
  } catch {
    // Another test file finished the same build first: use it.
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}

export interface E2eSite {
  /** Origin of the served site, e.g. `http://127.0.0.1:41234`. */
  url: string;
  dist: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/** Serves the built site (optionally under a path prefix) and launches Chromium. */
export function openSite(options: { prefix?: string } = {}): Promise<E2eSite> {
  return serveSite(builtSite(), options);
}

/** Serves a built output folder and launches Chromium. */
async function serveSite(dist: string, options: { prefix?: string } = {}): Promise<E2eSite> {
  const server: StaticServer = await startStaticServer(dist, options);
  const browser = await launchChromium();
  return {
    url: server.url,
    dist,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The served site for the tests of one `describe` block: opened before them (building the site the
 * first time), closed after. The object is filled in when the block starts.
 */
export function useSite(): E2eSite {
  const site = {} as E2eSite;
  beforeAll(async () => {
    Object.assign(site, await openSite());
  }, 240_000);
  afterAll(async () => site.close?.());
  return site;
}

/**
 * A site of its own for the tests of one `describe` block (path → text, a config among them): written to a
 * new temporary folder, built with the CLI's `main` before them, served and opened in Chromium; closed after.
 */
export function useFixtureSite(files: Record<string, string>, prefix = 'sitegen-fixture-'): E2eSite {
  const site = {} as E2eSite;
  beforeAll(async () => {
    if (!hasChromium) return;
    const dir = mkdtempSync(join(tmpdir(), prefix));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    // Loaded here, not at the top: the other test files, which build with the CLI in a process of its own, need none of it.
    const { main } = await import('../../../src/cli.js');
    let output = '';
    const code = await main(['node', 'sitegen', 'build', '--quiet', '--config', join(dir, 'site.config.ts')], { out: (t) => void (output += t), err: (t) => void (output += t), interactive: false });
    if (code !== 0) throw new Error(`fixture site build failed (exit ${code}):\n${output}`);
    Object.assign(site, await serveSite(join(dir, 'dist')));
  }, 120_000);
  afterAll(async () => site.close?.());
  return site;
}

/** Console messages and page errors of a page, for assertions. */
export interface PageLog {
  errors: string[];
  warnings: string[];
}

/** A new context + page, recording console errors and warnings. */
export async function newPage(site: E2eSite, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const log: PageLog = { errors: [], warnings: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(message.text());
    if (message.type() === 'warning') log.warnings.push(message.text());
  });
  page.on('pageerror', (error) => log.errors.push(`pageerror: ${error.message}`));
  return { context, page, log };
}

/** Loads a path and waits until the client has hydrated (the router is installed). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitHydrated(page);
}

/** Waits for hydration: the client marks `<html>` once its first effects ran. */
export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-sg-hydrated'), null, { timeout: 15_000 });
}

/** Polls `check` until it returns a truthy value (or throws after `timeout` ms). */
export async function poll<T>(check: () => Promise<T> | T, { timeout = 5_000, interval = 25, message = 'condition' } = {}): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${message}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
