import type { BuildOptions, Message, Metafile, Plugin } from 'esbuild';
import { cachedBundle, seedDir, type Bundled } from '../cache/bundleCache.js';
import { putInPlace } from '../cache/diskCache.js';
import { sitegenPackageDir } from '../packageDir.js';
import { cacheDirOf, scratchDir } from '../cache/cacheDir.js';
import { createRequire, SourceMap } from 'node:module';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { displayPath, esbuildColumn, SitegenError } from '../diagnostics.js';
import type { SiteConfig, ThemeServerModule } from '../types.js';
import { loadEsbuild } from '../lazyRequire.js';
import { sha1 } from '../hash.js';
import { escapeRegExp } from '../regexp.js';
import { sitegenImports } from '../theme/sitegenImports.js';
import { overlayKey, overrideFiles, themeOverlay } from '../theme/themeOverlay.js';
import { makeDir } from '../files.js';
import { REACT_SERVER_FILE, stringRendererFile } from './reactServer.js';

const SERVER_ENTRY = 'server.tsx';
const require = createRequire(import.meta.url);

/**
 * The theme renders with sitegen's own React: two copies would break hooks, and a site folder need not
 * have node_modules. Everything else the theme imports is bundled.
 */
const sharedReact: Plugin = {
  name: 'sitegen-shared-react',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: require.resolve(args.path), namespace: 'sitegen-shared-react' }));
    b.onLoad({ filter: /.*/, namespace: 'sitegen-shared-react' }, (args) => ({ contents: requiredModule(args.path), loader: 'js' }));
  },
};

const RESERVED = new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield await'.split(' '));

/**
 * A module that hands the theme a CommonJS package by `require`: its exports as the default and by
 * name (as the package has them now). Importing React's three packages from the bundle made the ESM
 * loader scan each for the names it exports first: 15-26 ms of loading the theme, against 6 ms.
 */
function requiredModule(file: string): string {
  if (file === LAZY_PACKAGE) return lazyModule(file);
  if (file === REACT_SERVER_FILE) return stringRendererModule(file) ?? wholeModule(file);
  return wholeModule(file);
}

function wholeModule(file: string): string {
  const names = exportNames(require(file) as object);
  return [
    `import { createRequire } from 'node:module';`,
    `const required = createRequire(import.meta.url)(${JSON.stringify(file)});`,
    'export default required;',
    ...(names.length ? [`export const { ${names.join(', ')} } = required;`] : []),
  ].join('\n');
}

/**
 * `react-dom/server` as its string renderer alone (`reactServer.ts`), the one sitegen's pages render with, and the
 * streaming half's names loaded when called: the theme's `renderToStaticMarkup` had loaded both halves on every build.
 */
function stringRendererModule(file: string): string | null {
  const [production, development] = [stringRendererFile(true), stringRendererFile(false)];
  if (!production || !development) return null;
  const strings = exportNames(require(production) as object);
  const whole = require(file) as Record<string, unknown>;
  const others = exportNames(whole).filter((name) => !strings.includes(name) && typeof whole[name] === 'function');
  return [
    `import { createRequire } from 'node:module';`,
    `const require = createRequire(import.meta.url);`,
    // Read at run time, as sitegen's own renderer reads it (the bundle's define would fix it at bundling): the same module.
    'const env = process.env;',
    `const strings = require(env.NODE_ENV === 'production' ? ${JSON.stringify(production)} : ${JSON.stringify(development)});`,
    'let whole;',
    `const load = () => (whole ??= require(${JSON.stringify(file)}));`,
    `export const { ${strings.join(', ')} } = strings;`,
    ...others.map((name) => `export function ${name}(...args) { return load().${name}(...args); }`),
    `export default { ...strings${others.map((name) => `, ${name}`).join('')} };`,
  ].join('\n');
}

/** React DOM's browser half, which a component may import (`flushSync` in an event handler) but no server render calls. */
const LAZY_PACKAGE = require.resolve('react-dom');

/**
 * The same for a package required only once a name of it is used: loading React DOM's browser half (131 KB)
 * cost every build 9-14 ms of the main thread's CPU for a `flushSync` the server never calls. Its functions
 * load it when called, its plain values are copied as the package has them now, and anything else (an object)
 * loads it with the theme, only where the theme imports that name (the bundle drops the names it does not use).
 */
function lazyModule(file: string): string {
  const required = require(file) as Record<string, unknown>;
  const body = exportNames(required).map((name) => {
    const value = required[name];
    if (typeof value === 'function') return `export function ${name}(...args) { return load().${name}(...args); }`;
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return `export const ${name} = ${value === undefined ? 'undefined' : JSON.stringify(value)};`;
    return `export const ${name} = /* @__PURE__ */ (() => load().${name})();`;
  });
  return [
    `import { createRequire } from 'node:module';`,
    'let loaded;',
    `const load = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(file)}));`,
    'export default /* @__PURE__ */ new Proxy({}, { get: (_, name) => load()[name], has: (_, name) => name in load(), ownKeys: () => Reflect.ownKeys(load()), getOwnPropertyDescriptor: (_, name) => Reflect.getOwnPropertyDescriptor(load(), name) });',
    ...body,
  ].join('\n');
}

function exportNames(exported: object): string[] {
  return Object.keys(exported).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name));
}

/**
 * Bundles `theme/server.tsx` for Node with esbuild (or takes the last bundle from the build cache
 * while none of its inputs changed) and imports it; `file` is the bundle, for worker threads, and
 * `inputs` the files it was made from (absolute). `cacheDir` null: no cache read or written (`--no-cache`).
 */
export async function loadTheme(config: SiteConfig, cacheDir: string | null = cacheDirOf(config.root)): Promise<{ theme: ThemeServerModule; file: string; inputs: string[] }> {
  const entry = join(config.themeDir, SERVER_ENTRY);
  const shown = relative(config.root, entry);
  if (!existsSync(entry)) throw new SitegenError([{ severity: 'error', code: 'theme', file: shown, message: `the theme folder has no ${SERVER_ENTRY}, so no page can be rendered`, hint: `themeDir in the config names a folder holding ${SERVER_ENTRY} and client.tsx (it is ${JSON.stringify(relative(config.root, config.themeDir) || '.')}); without themeDir, sitegen's own theme is used, and a theme folder without ${SERVER_ENTRY} holds files that replace some of its own` }], 2);
  const overrides = overrideFiles(config);
  const { value: file, inputs } = await cachedBundle(cacheDir, 'theme-server', entry + overlayKey(config, overrides), isWholeBundle, () => bundleTheme(config, entry, overrides, cacheDir ?? scratchDir()));
  let module: Partial<ThemeServerModule>;
  try {
    module = (await import(pathToFileURL(file).href)) as Partial<ThemeServerModule>;
  } catch (error) {
    // Code at a theme file's top level (an ejected component's) that throws: the theme's error, at its line.
    const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const place = await themeErrorPlace(config, file, error);
    throw new SitegenError([{ severity: 'error', code: 'theme', file: displayPath(config.root, config.themeDir), ...place, message: `loading the theme threw ${thrown}`, hint: "code at the top level of a theme file runs once, when the theme is loaded, before any page renders" }], 1);
  }
  for (const key of ['App', 'headScript', 'routeTitles'] as const) {
    if (!module[key]) throw new SitegenError([{ severity: 'error', code: 'theme', file: shown, message: `the theme does not export ${key}`, hint: 'a docs page component without its export cannot render (SPEC 5)' }], 2);
  }
  return { theme: module as ThemeServerModule, file, inputs };
}

/** esbuild's options for the server bundle; the same again, with a source map, place a theme's runtime error. */
function serverBuildOptions(config: SiteConfig, entry: string, overrides = overrideFiles(config)): BuildOptions & { write: false; metafile: true } {
  const overlay = themeOverlay(config, overrides);
  return {
    entryPoints: [entry],
    absWorkingDir: config.root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    loader: { '.css': 'empty', '.svg': 'text' },
    plugins: overlay ? [sharedReact, sitegenImports(), overlay] : [sharedReact, sitegenImports()],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  };
}

/**
 * Where in the theme's own files an error thrown while rendering comes from: the first frame of its
 * stack in the server bundle that maps to a file of the theme. The bundle keeps no source map (a
 * build never needs one); on an error it is bundled again with one, and used if the code is the
 * same. Null when that cannot be told.
 */
export async function themeErrorPlace(config: SiteConfig, bundleFile: string, error: unknown): Promise<{ file: string; line: number; column: number } | null> {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  const frame = new RegExp(`${escapeRegExp(basename(bundleFile))}:(\\d+):(\\d+)`, 'g');
  const frames = [...stack.matchAll(frame)].map((m) => [Number(m[1]), Number(m[2])] as const);
  if (frames.length === 0) return null;
  try {
    // A bundle of the installation's (src/cache/seedBundles.ts) was made from sitegen's folder: its code names the files from there.
    const madeIn = bundleFile.startsWith(seedDir() + sep) ? { ...config, root: sitegenPackageDir() } : config;
    const bundled = await loadEsbuild().build({ ...serverBuildOptions(madeIn, join(config.themeDir, SERVER_ENTRY)), sourcemap: 'external', outfile: bundleFile });
    const code = bundled.outputFiles.find((f) => f.path.endsWith('.mjs'));
    const map = bundled.outputFiles.find((f) => f.path.endsWith('.map'));
    const lines = code && map ? sameCodeLines(await readFile(bundleFile, 'utf8'), code.text) : null;
    if (!lines) return null;
    const consumer = new SourceMap(JSON.parse(map!.text));
    for (const [line, column] of frames) {
      const at = lines[line - 1];
      if (at === undefined) continue;
      const entry = consumer.findEntry(at, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
      if (!entry.originalSource || entry.originalLine === undefined) continue;
      const source = resolve(dirname(bundleFile), entry.originalSource.replace(/^file:\/\//, ''));
      if (![config.themeDir, config.themeOverrides].some((dir) => dir && source.startsWith(dir + sep))) continue;
      return { file: displayPath(config.root, source), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
    }
  } catch {
    // The place is a help, not the error: without it the error is told as it is.
  }
  return null;
}

/** A `"use strict";` line of its own, which esbuild 0.28 writes in a lazily run module's wrapper in some builds of the same input and not in others. */
const USE_STRICT_LINE_RE = /^\s*"use strict";$/;

/**
 * For each line of `bundled` (0-based), the line of `again` that holds it, when the two are the same code but for
 * `"use strict";` lines (`USE_STRICT_LINE_RE`); null when they differ otherwise.
 */
export function sameCodeLines(bundled: string, again: string): number[] | null {
  const [a, b] = [bundled.split('\n'), again.split('\n')];
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    while (j < b.length && b[j] !== a[i] && USE_STRICT_LINE_RE.test(b[j]!)) j++;
    if (j < b.length && b[j] === a[i]) {
      out.push(j++);
      continue;
    }
    if (!USE_STRICT_LINE_RE.test(a[i]!)) return null;
    out.push(j);
  }
  while (j < b.length && USE_STRICT_LINE_RE.test(b[j]!)) j++;
  return j === b.length ? out : null;
}

/** The server bundle, written to `.sitegen-cache/` (without the cache, a temporary folder) under its content hash (workers import it from there). */
async function bundleTheme(config: SiteConfig, entry: string, overrides: string[], cacheDir: string): Promise<Bundled<string>> {
  // esbuild loads only when a bundle is made (a warm build takes both from the cache).
  const { build } = loadEsbuild();
  let result;
  try {
    result = await build(serverBuildOptions(config, entry, overrides));
  } catch (error) {
    throw themeError(config, error);
  }
  const code = result.outputFiles[0].text;
  await makeDir(cacheDir);
  const file = join(cacheDir, `theme-server-${sha1(code).slice(0, 12)}.mjs`);
  // Through a temporary file, so that no reader sees half of it; one cut short (a full disk) is written again.
  if (!isWholeBundle(file)) {
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, code);
    putInPlace(temp, file);
  }
  pruneThemeBundles(cacheDir, file);
  return { value: file, inputs: inputsOf(config, result.metafile) };
}

const BUNDLE_NAME_RE = /theme-server-([0-9a-f]{12})\.mjs$/;

/** A theme bundle that is there whole: its contents hash to the name it was written under (one cut short is made again). */
function isWholeBundle(value: unknown): value is string {
  const named = typeof value === 'string' ? BUNDLE_NAME_RE.exec(value) : null;
  try {
    return !!named && sha1(readFileSync(value as string)).slice(0, 12) === named[1];
  } catch {
    return false;
  }
}

/** How long an earlier theme bundle is kept: a dev server started before may still have threads to start on it. */
const OLD_BUNDLE_MS = 60 * 60 * 1000;

/** Earlier theme bundles (one per theme edit) are deleted once an hour old, instead of piling up in the cache. */
function pruneThemeBundles(cacheDir: string, current: string): void {
  const before = Date.now() - OLD_BUNDLE_MS;
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if (!/^theme-server-[0-9a-f]{12}\.mjs$/.test(name) || path === current) continue;
    try {
      if (statSync(path).mtimeMs < before) rmSync(path, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/** Absolute paths of a bundle's input files (esbuild names them relative to the working folder). */
export function inputsOf(config: SiteConfig, metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
    .filter((path) => !path.includes(':'))
    .map((path) => join(config.root, path));
}

export function themeError(config: SiteConfig, error: unknown): SitegenError {
  const messages: Message[] = (error as { errors?: Message[] }).errors ?? [];
  if (messages.length === 0) return new SitegenError([{ severity: 'error', code: 'theme', file: relative(config.root, config.themeDir), message: String(error) }], 1, { cause: error });
  return new SitegenError(
    messages.map((m) => {
      const missing = /^No matching export in "([^"]+)" for import "([^"]+)"$/.exec(m.text);
      const file = m.location ? relative(config.root, join(config.root, m.location.file)) || m.location.file : relative(config.root, config.themeDir);
      // An override that renamed or dropped an export sitegen's theme imports: the project's file is the one to change.
      if (missing && file.startsWith('..') && !missing[1]!.startsWith('..')) {
        return { severity: 'error' as const, code: 'theme', file: missing[1]!, message: `has no export named "${missing[2]}", which ${basename(m.location!.file)} of sitegen's theme imports from it`, hint: 'an override keeps the names the file it replaces exports' };
      }
      const note = m.notes[0]?.location && m.notes[0].location.line !== m.location?.line ? ` (${m.notes[0].text.replace(/( is here)?:$/, '').replace(/^The /, 'the ')} at line ${m.notes[0].location.line})` : '';
      return { severity: 'error' as const, code: 'theme', file, line: m.location?.line, column: m.location ? esbuildColumn(m.location) : undefined, message: m.text + note };
    }),
    1,
    { cause: error },
  );
}
