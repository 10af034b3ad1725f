import type { Message, PluginBuild } from 'esbuild';
import { isBuiltin, SourceMap } from 'node:module';
import { cachedBundle } from '../cache/bundleCache.js';
import { cacheDirOf, pathThere, removeUnusedCache, scratchDir } from '../cache/cacheDir.js';
import { writeFile, rm, access, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as fsConstants, existsSync, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { configError, configModules, displayPath, esbuildColumn, SitegenError, usageError } from '../diagnostics.js';
import { configSchema } from './configSchema.js';
import { catchConfigExit } from './configExit.js';
import { formatKeyPath, isPlainObject, validate, type KeyPath } from './schema.js';
import { configText, keyLine, placeAtKeys } from './keyLine.js';
import { outDirConflict, resolveConfig } from './resolveConfig.js';
import type { SiteConfig } from '../types.js';
import type { UserConfig } from './userConfig.js';
import { loadEsbuild } from '../lazyRequire.js';
import { sha1 } from '../hash.js';
import { isFolder, makeDir, realPathOrSelf } from '../files.js';
import { escapeRegExp } from '../regexp.js';
import { readSource, unreadProblem } from '../content/readSource.js';
import { BESIDE_PREFIX, COPY_FRAME_RE, copyName, holdCopy, releaseCopy, removeDeadCopies } from './configCopies.js';

export const DEFAULT_CONFIG_FILE = 'site.config.ts';

/** The files a config can be, as esbuild and Node load them. */
export const CONFIG_EXTENSION_RE = /\.[cm]?[jt]sx?$/;

export interface LoadConfigOptions {
  /** Config file path (absolute, or relative to cwd). */
  configFile?: string;
  cwd?: string;
  /** Overrides the configured output folder (relative to cwd). */
  outDir?: string;
  /** Read and write the build cache folder (the compiled config's record); false for `--no-cache`. Default true. */
  cache?: boolean;
}

/** Loads, validates and resolves `site.config.ts`. Throws SitegenError (exit 2) on any problem. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<SiteConfig> {
  const cwd = options.cwd ?? process.cwd();
  // `--config ""` (an unset variable in a script) would resolve to the working folder: "the config file is a folder", named by its absolute path.
  if (options.configFile !== undefined && !options.configFile.trim()) throw usageError(`--config ${JSON.stringify(options.configFile)}`, 'the config file is empty', `leave --config out to use ${DEFAULT_CONFIG_FILE}, or name a file`);
  const configFile = resolve(cwd, options.configFile ?? DEFAULT_CONFIG_FILE);
  const rel = relative(cwd, configFile);
  const shown = rel && !rel.startsWith('..') ? rel : configFile;
  try {
    await access(configFile);
  } catch {
    throw configError(shown, 'config file not found', notFoundHint(cwd, configFile));
  }
  if (isFolder(configFile)) {
    // `--config my-site`, the site's folder: its config is named.
    const inside = join(configFile, DEFAULT_CONFIG_FILE);
    throw configError(shown, 'the config file is a folder', `pass --config <file>, such as ${existsSync(inside) ? displayPath(cwd, inside) : DEFAULT_CONFIG_FILE}`);
  }
  // A file of another kind (`--config content/sidebars.yaml`, a JSON file) was read as JavaScript: `Syntax error " "` at its first line.
  if (!CONFIG_EXTENSION_RE.test(configFile)) throw configError(shown, 'is not a config module: the config is a TypeScript or JavaScript file (.ts, .mts, .js, .mjs) whose default export is the config', `pass --config <file>, such as ${DEFAULT_CONFIG_FILE}`);
  // Read as content files are: one this user may not read, or whose bytes are not UTF-8 (its strings would hold U+FFFD), is told at its place.
  const read = readSource(configFile);
  if (!read.ok) throw new SitegenError([unreadProblem(read, shown, 'config', 'give this user read access to the config file')], 2);
  // The config is compiled into the build cache folder: one that does not load leaves none behind where there was none.
  const cacheDir = cacheDirOf(dirname(configFile));
  const fresh = !pathThere(cacheDir);
  try {
    return await importedConfig(configFile, shown, cwd, options);
  } catch (error) {
    if (fresh) await removeUnusedCache(cacheDir);
    throw error;
  }
}

/** The config file's value, validated and resolved. */
async function importedConfig(configFile: string, shown: string, cwd: string, options: LoadConfigOptions): Promise<SiteConfig> {
  const { user: exported, imports } = await importConfig(configFile, shown, options.cache ?? true);
  const user = readOut(exported, configFile, shown);
  const issues = validate(user, configSchema);
  if (user instanceof Promise) issues[0]!.hint = 'export what it resolves to: `export default await makeConfig()`';
  if (typeof user === 'function') issues[0]!.hint = 'export the config object itself: `export default defineConfig({ … })`, or call the function: `export default makeConfig()`';
  if (issues.length > 0) {
    // Each problem at the line of its key (its path as the schema gives it).
    const source = configText(configFile);
    throw new SitegenError(
      issues.map((issue) => ({
        severity: 'error' as const,
        code: 'config',
        file: shown,
        // A required key that is missing is written nowhere: told at the object that lacks it (the top level: no line),
        // not at another key of its name deeper down (a footer column's `title:`).
        line: issue.missing ? (issue.path.length > 1 ? keyLine(source, issue.path.slice(0, -1)) : undefined) : keyLine(source, issue.path),
        message: `${formatKeyPath(issue.path) || '(root)'}: ${issue.message}`,
        hint: issue.hint,
      })),
      2,
    );
  }
  const outDir = options.outDir ? resolve(cwd, options.outDir) : undefined;
  let config: SiteConfig;
  try {
    config = resolveConfig(user as UserConfig, { configFile, shownFile: shown, outDir, shownOutDir: options.outDir });
  } catch (error) {
    if (!(error instanceof SitegenError)) throw error;
    placeAtKeys(error.diagnostics, configFile, shown);
    throw error;
  }
  if (config.warnings?.length) placeAtKeys(config.warnings, configFile, shown);
  if (imports.length > 0) config.configImports = imports;
  // An output folder that is a link (`dist` → /var/www/site) is built where it leads: the build swaps
  // in a new folder at that path, which would replace the link and leave its target as it was.
  // Where it leads is checked as the folder itself is: a link to the content folder must not be replaced.
  const target = linkTarget(config.outDir);
  const refuse = (message: string, hint: string) =>
    new SitegenError([options.outDir ? { severity: 'error', code: 'usage', file: `--out ${options.outDir}`, message, hint } : { severity: 'error', code: 'config', file: shown, line: keyLine(configText(configFile), ['outDir']), message: `outDir: ${message}`, hint }], 2);
  if (target === null) throw refuse('the output folder is a link that leads to another link, or to itself, and never to a folder', 'point the link at a folder, or remove it');
  // A link on the way to it (`other/c/built`, `other/c` → ../content) leads there too: where it is on disk is checked as well.
  const real = target === config.outDir ? realLocation(config.outDir) : target;
  if (real !== config.outDir) {
    const problem = outDirConflict({ ...config, outDir: real, root: realPathOrSelf(config.root), contentDir: realPathOrSelf(config.contentDir), themeDir: realPathOrSelf(config.themeDir), themeOverrides: config.themeOverrides && realPathOrSelf(config.themeOverrides) });
    if (problem) throw refuse(`${problem} (${target === config.outDir ? 'a folder on the way to it is a link: it is' : 'it is a link to'} ${real})`, 'give the site a folder of its own, such as dist');
    if (target !== config.outDir) config.outDir = target;
  }
  return config;
}

/**
 * What to do when there is no config where it was looked for. Run in a folder of a site (`content/en`), the site's
 * config is named; run where there is none (a new user's empty folder), `sitegen init` is.
 */
function notFoundHint(cwd: string, configFile: string): string {
  if (configFile !== join(cwd, DEFAULT_CONFIG_FILE)) return 'check the path given to --config (from the folder sitegen runs in)';
  for (let dir = dirname(cwd); ; dir = dirname(dir)) {
    const above = join(dir, DEFAULT_CONFIG_FILE);
    if (existsSync(above) && !isFolder(above)) return `the site's config is ${relative(cwd, above)}: run sitegen in ${relative(cwd, dir)}, or pass --config ${relative(cwd, above)}`;
    if (dirname(dir) === dir) break;
  }
  return `run sitegen in a site's folder (the one that holds ${DEFAULT_CONFIG_FILE}) or pass --config <file>; sitegen init starts a new site`;
}

/**
 * The config's value as plain data, each property read once, here: a getter (or a proxy) that throws
 * is an error at its key's line, not a crash with a stack trace in whatever stage reads it first.
 * Objects that are not plain (dates, functions, class instances) are kept as they are, for the schema to judge.
 */
function readOut(value: unknown, configFile: string, shown: string): unknown {
  const copies = new Map<object, unknown>();
  const copy = (item: unknown, path: KeyPath): unknown => {
    if (typeof item !== 'object' || item === null) return item;
    if (copies.has(item)) return copies.get(item);
    let keys: string[];
    try {
      if (!Array.isArray(item) && !isPlainObject(item)) return item;
      keys = Object.keys(item);
    } catch (error) {
      throw new ReadFailure(path, error);
    }
    const out: unknown[] | Record<string, unknown> = Array.isArray(item) ? [] : {};
    copies.set(item, out);
    for (const key of keys) {
      const at = [...path, Array.isArray(item) ? Number(key) : key];
      let read: unknown;
      try {
        read = (item as Record<string, unknown>)[key];
      } catch (error) {
        throw new ReadFailure(at, error);
      }
      // Defined, not assigned: a key named __proto__ must stay a key (and an unknown one).
      Object.defineProperty(out, key, { value: copy(read, at), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  try {
    return copy(value, []);
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    const thrown = error.thrown instanceof Error ? error.thrown.message : String(error.thrown);
    const key = formatKeyPath(error.path);
    throw new SitegenError([{ severity: 'error', code: 'config', file: shown, line: error.path.length ? keyLine(configText(configFile), error.path) : undefined, message: `${key ? `${key}: reading it threw` : 'reading the config threw'}: ${thrown}`, hint: 'give the key a plain value (a getter or proxy in the config must not throw)' }], 2);
  }
}

class ReadFailure {
  constructor(
    readonly path: KeyPath,
    readonly thrown: unknown,
  ) {}
}

/** Where an output folder that is a link leads (the path itself when it is none); null for a link that leads to no folder it could be. */
/** Where a path is on disk: the real path of its deepest folder that exists, and the rest of it below that. */
function realLocation(path: string): string {
  const rest: string[] = [];
  for (let head = path; ; head = dirname(head)) {
    try {
      return join(realpathSync(head), ...rest.reverse());
    } catch {
      if (dirname(head) === head) return path;
      rest.push(basename(head));
    }
  }
}

function linkTarget(path: string): string | null {
  try {
    if (!lstatSync(path).isSymbolicLink()) return path;
  } catch {
    return path;
  }
  try {
    return statSync(path).isDirectory() ? realPathOrSelf(path) : path;
  } catch {
    // A link to a folder not made yet (`dist` → /var/www/site, on a fresh server): the build makes it, as it makes
    // `dist`. A link to another link that leads nowhere (or round) is no folder to make.
    const target = resolve(dirname(path), readlinkSync(path));
    try {
      lstatSync(target);
      return null;
    } catch {
      return target;
    }
  }
}

/** What `import … from 'sitegen'` gives a config file: the identity `defineConfig`, without loading sitegen again. */
const SELF_MODULE = 'export const defineConfig = (c) => c;';
const SELF_URL = `data:text/javascript,${encodeURIComponent(SELF_MODULE)}`;

/** The config's value, and the files of the project it imports (not the config itself, nor packages). */
async function importConfig(configFile: string, shown: string, cache: boolean): Promise<{ user: unknown; imports: string[] }> {
  const root = dirname(configFile);
  // Without the cache (`--no-cache`) its folder is neither read nor written, nor made.
  const cacheDir = cache ? cacheDirOf(root) : null;
  if (cacheDir) await usableCacheDir(cacheDir, root);
  // The copies a command killed while its config loaded left behind, beside the config (`--no-cache`) or in the cache.
  removeDeadCopies(root, BESIDE_PREFIX);
  if (cacheDir) removeDeadCopies(cacheDir);
  // The compiled config is kept with the hashes of its inputs: while none changed, esbuild is not even loaded.
  let evaluated: { default?: unknown } | undefined;
  const { value: code, inputs } = await cachedBundle(cacheDir, 'config', configFile, (v): v is string => typeof v === 'string', async () => {
    const plain = await plainConfig(configFile, { cacheDir, root }, shown);
    if (!plain) return bundleConfig(configFile, root, shown);
    evaluated = plain.module;
    return { value: plain.code, inputs: [configFile] };
  }, { seed: null });
  try {
    const module = evaluated ?? (await evaluateConfig(code, { cacheDir, root }, shown));
    if (module.default === undefined) {
      // `export const config = {…}` (another generator's way): the named export is what the hint turns into the default one.
      const named = Object.keys(module).filter((key) => key !== 'default' && typeof (module as Record<string, unknown>)[key] === 'object');
      throw configError(shown, `the config file has no default export${named.length ? ` (it exports ${named.map((key) => `\`${key}\``).join(', ')} by name)` : ''}`, named.length === 1 ? `export it as the default: export default defineConfig(${named[0]})` : 'end it with `export default defineConfig({ … })`');
    }
    const imports = inputs.filter((path) => path !== configFile && !path.split(sep).includes('node_modules'));
    return { user: module.default, imports };
  } catch (error) {
    if (error instanceof SitegenError) throw error;
    const missing = missingPackage(error);
    if (missing) {
      const at = importPlace(configFile, inputs, missing);
      throw new SitegenError([{ severity: 'error', code: 'config', file: at && at.file !== configFile ? relative(root, at.file) : shown, line: at?.line, message: `cannot find the package "${missing}" that the config imports`, hint: `install it (npm install ${missing}), or remove the import` }], 2, { cause: error });
    }
    const json = jsonWithoutType(error, configFile, inputs);
    if (json) throw new SitegenError([{ severity: 'error', code: 'config', file: json.file === configFile ? shown : relative(root, json.file), line: json.line, message: `the JSON file "${json.specifier}" is imported without its type, as Node requires of a package's JSON`, hint: `import it with the type: import data from '${json.specifier}' with { type: 'json' }` }], 2, { cause: error });
    // `throw null`, `throw 'text'`: whatever was thrown, in words, at the line that threw when its stack tells it.
    const place = await thrownPlace(configFile, root, shown, code, error);
    // Node's messages of several lines (a CommonJS package's named export that is not found, then how to import it): the rest is the hint.
    const [said = '', ...more] = (error instanceof Error ? error.message : String(error)).split('\n');
    const hint = more.join(' ').replace(/\s+/g, ' ').trim();
    throw new SitegenError([{ severity: 'error', code: 'config', file: place?.file ?? shown, line: place?.line, column: place?.column, message: `the config file threw while loading: ${said}`, hint: hint || undefined }], 2, { cause: error });
  }
}

/**
 * Where the config's code threw: the first frame of its stack in the compiled config's copy (`config-<hash>-….mjs`), mapped
 * back to the config or to the file of the project it imports. The compiled code is the config's own text (a plain
 * JavaScript config, line for line), esbuild's transform of it, or its bundle: the same compile is made again with
 * a source map, on this failure's path only. Null when the stack does not tell (`throw 'text'`) or the code differs.
 */
async function thrownPlace(configFile: string, root: string, shown: string, code: string, error: unknown): Promise<{ file: string; line: number; column?: number } | null> {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frame = COPY_FRAME_RE.exec(stack);
  if (!frame) return null;
  // Without a column: Node's header of an import that does not link (`import { a } from 'cjs-package'`), at its line.
  const [line, column] = [Number(frame[1]), frame[2] === undefined ? undefined : Number(frame[2])];
  try {
    const source = await readFile(configFile, 'utf8');
    if (code === withSelfModule(source)) return { file: shown, line, column };
    const { build, transform } = loadEsbuild();
    const loader = /\.[cm]?tsx?$/.test(configFile) ? (configFile.endsWith('x') ? 'tsx' : 'ts') : 'js';
    // The transform's code (a config importing only packages) or the bundle's (one importing files of the project), made as
    // `bundleConfig` made it: a CommonJS config's code holds the file's name as given (`"site.config.cjs"(exports, module)`).
    const transformed = await transform(source, { loader, format: 'esm', target: CONFIG_TARGET, define: ownMeta(configFile), sourcefile: relative(root, configFile), sourcemap: 'external', logLevel: 'silent' });
    let again = { code: withSelfModule(transformed.code), map: transformed.map };
    if (again.code !== code) {
      const result = await build({ ...configBuildOptions(configFile, root), sourcemap: 'external', outfile: join(root, 'config.mjs') });
      again = { code: result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text, map: result.outputFiles.find((f) => f.path.endsWith('.map'))!.text };
    }
    // The same code, line for line (the bundle ends with a comment naming its map).
    if (again.code.split('\n').slice(0, code.split('\n').length - 1).join('\n') !== code.split('\n').slice(0, -1).join('\n')) return null;
    const entry = new SourceMap(JSON.parse(again.map)).findEntry(line - 1, (column ?? 1) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (!entry.originalSource || entry.originalLine === undefined) return null;
    const original = resolve(root, entry.originalSource.replace(/^file:\/\//, ''));
    // A linked config is bundled from where it leads: that is the config still, named as its other errors name it.
    const own = original === configFile || original === realPathOrSelf(configFile);
    return { file: own ? shown : relative(root, original) || shown, line: entry.originalLine + 1, column: column === undefined ? undefined : (entry.originalColumn ?? 0) + 1 };
  } catch {
    // The place is a help, not the error: without it the error is told as it is.
    return null;
  }
}

/** The package named by Node's "Cannot find package 'x' imported from <the compiled copy in the cache>". */
function missingPackage(error: unknown): string | undefined {
  if ((error as NodeJS.ErrnoException | null)?.code !== 'ERR_MODULE_NOT_FOUND') return undefined;
  const specifier = /^Cannot find package '([^']+)'/.exec((error as Error).message)?.[1];
  // Node names what was imported, a path inside the package included (`pkg/sub`, `@scope/pkg/sub`).
  return specifier?.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

/** The config, then the files of the project it imports (its bundle's inputs, less the packages'). */
function projectFiles(configFile: string, inputs: string[]): string[] {
  return [configFile, ...inputs.filter((path) => path !== configFile && !path.split(sep).includes('node_modules'))];
}

/**
 * Where the config, or a file of the project it imports (bundled with it: Node names only the compiled copy), imports
 * the package `name`: the first that does, the config first.
 */
function importPlace(configFile: string, inputs: string[], name: string): { file: string; line: number } | undefined {
  for (const file of projectFiles(configFile, inputs)) {
    const line = importLine(configText(file), name);
    if (line !== undefined) return { file, line };
  }
  return undefined;
}

/**
 * The import of a package's JSON file without `with { type: 'json' }` (`import meta from 'pkg/package.json'`), which
 * Node refuses ("needs an import attribute"), in the config or a file of the project it imports: a file of the
 * project's own is bundled, so only a package's is left for Node to import.
 */
function jsonWithoutType(error: unknown, configFile: string, inputs: string[]): { specifier: string; file: string; line: number } | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== 'ERR_IMPORT_ATTRIBUTE_MISSING' && code !== 'ERR_IMPORT_ASSERTION_TYPE_MISSING') return undefined;
  const url = /Module "([^"]+)"/.exec((error as Error).message)?.[1];
  if (!url) return undefined;
  for (const file of projectFiles(configFile, inputs)) {
    const source = configText(file);
    for (const [, , specifier] of source.matchAll(SPECIFIER_RE)) {
      if (!specifier!.endsWith('.json') || !url.endsWith(`/${specifier}`)) continue;
      const line = importLine(source, specifier!);
      if (line !== undefined) return { specifier: specifier!, file, line };
    }
  }
  return undefined;
}

/** The 1-based line of the config's import of `name` (`from 'name'`, `import('name')`), if it is there. */
function importLine(source: string, name: string): number | undefined {
  const at = new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*\\(?\\s*)(["'])${escapeRegExp(name)}(?:/[^"']*)?\\1`).exec(source)?.index;
  return at === undefined ? undefined : source.slice(0, at).split('\n').length;
}

/**
 * The build cache folder exists and can be written (the compiled config goes there first): a folder
 * made read-only, or a file of that name, is said as what it is rather than as the config's failure.
 */
async function usableCacheDir(cacheDir: string, root: string): Promise<void> {
  try {
    await makeDir(cacheDir);
    await access(cacheDir, fsConstants.R_OK | fsConstants.W_OK | fsConstants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const shown = relative(root, cacheDir) || cacheDir;
    // Not there, and not made: the config's folder is what this user may not write (a read-only checkout), and there is nothing to delete.
    if (!pathThere(cacheDir)) throw new SitegenError([{ severity: 'error', code: 'cache', file: shown, message: `the build cache folder cannot be made beside the config (${code})`, hint: "give this user write access to the config's folder, or build with sitegen build --no-cache" }], 2);
    throw new SitegenError([{ severity: 'error', code: 'cache', file: shown, message: `the build cache folder cannot be used (${code === 'EEXIST' || code === 'ENOTDIR' ? 'a file has its name' : code})`, hint: `make ${shown} a folder this user can write, or delete it` }], 2);
  }
}

/** How long a config may take to import (its top-level awaits included); `SITEGEN_CONFIG_LOAD_MS` sets another limit. */
const configLoadMs = () => Number(process.env.SITEGEN_CONFIG_LOAD_MS) || 20_000;

/** Where a compiled config is written to be imported: the cache folder, or none (`--no-cache`) and the config's own folder. */
interface ConfigPlace {
  cacheDir: string | null;
  root: string;
}

/**
 * Imports a compiled config from a file of its own (deleted once imported): in the cache folder, or without the cache
 * in a temporary folder, or, when it imports packages (which Node finds from the importing file's folder), beside the config.
 */
async function evaluateConfig(code: string, { cacheDir, root }: ConfigPlace, shown: string): Promise<{ default?: unknown }> {
  const hash = sha1(code);
  if (cacheDir) await makeDir(cacheDir);
  const file = cacheDir ? join(cacheDir, copyName(hash)) : importsOnlyBuiltins(code) ? join(scratchDir(), copyName(hash)) : join(root, copyName(hash, BESIDE_PREFIX));
  holdCopy(file);
  try {
    return await importCopy(file, code, cacheDir, shown);
  } finally {
    await rm(file, { force: true });
    releaseCopy(file);
  }
}

/** Writes the compiled config to `file` and imports it, within the time a config may take. */
async function importCopy(file: string, code: string, cacheDir: string | null, shown: string): Promise<{ default?: unknown }> {
  try {
    await writeFile(file, code, { flag: 'wx' });
  } catch (error) {
    // A folder this user may not write: the cache folder was checked before (`usableCacheDir`), the config's own was not.
    if (cacheDir) throw error;
    const why = (error as NodeJS.ErrnoException).code ?? 'error';
    throw configError(shown, `the compiled config could not be written beside it to be imported (${why}): with --no-cache it is put there, where the packages it imports are found`, 'give this user write access to the config\'s folder');
  }
  let timer: NodeJS.Timeout | undefined;
  // A top-level `await` that never settles would leave the command waiting without a word.
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(configError(shown, `the config file did not finish loading in ${configLoadMs() / 1000} s`, 'a top-level await in it (or in a file it imports) never settles')), configLoadMs());
  });
  try {
    const url = pathToFileURL(file).href;
    configModules.set(url, shown);
    return await Promise.race([catchConfigExit(shown, () => import(url) as Promise<{ default?: unknown }>), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Module specifiers in a config's code, as written or as esbuild prints it: static imports and
 * re-exports (`from 'x'`, `import "x"`) and dynamic `import('x')`. A string that merely looks like one
 * makes the config bundled, never the reverse.
 */
const SPECIFIER_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'\n]+)\1/g;
const SELF_SPECIFIER_RE = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])sitegen\2/g;

/** Whether `code` imports nothing but Node's own modules (and `sitegen`, made a data: URL): it runs from any folder. */
function importsOnlyBuiltins(code: string): boolean {
  return [...code.matchAll(SPECIFIER_RE)].every((m) => isBuiltin(m[2]!) || m[2]!.startsWith('data:'));
}

/** Whether `code` imports packages only (and `sitegen`), no file of its own. */
function importsOnlyPackages(code: string): boolean {
  return [...code.matchAll(SPECIFIER_RE)].every((m) => m[2] === 'sitegen' || !/^[./]|^file:/.test(m[2]!));
}

/** `code` with its `sitegen` imports pointed at the identity `defineConfig`. */
function withSelfModule(code: string): string {
  return code.replace(SELF_SPECIFIER_RE, (_, head: string) => `${head}"${SELF_URL}"`);
}

/**
 * A config written in plain JavaScript (`site.config.ts` files usually are: `defineConfig` gives the
 * editor its types) that imports only packages is imported as it is, and esbuild is not even loaded:
 * in a cold build, its process started and a transform before anything else can begin (cold 1× builds
 * took 0.96-0.98× as long without them). It counts only if it imports and its default export is an
 * object; anything else (TypeScript syntax is a syntax error here; `f<T>(x)`, which JavaScript reads as
 * comparisons, gives a boolean or a ReferenceError) goes to esbuild as before. A config that throws
 * runs twice.
 */
async function plainConfig(configFile: string, place: ConfigPlace, shown: string): Promise<{ code: string; module: { default?: unknown } } | null> {
  let source: string;
  try {
    source = await readFile(configFile, 'utf8');
  } catch {
    return null;
  }
  if (!importsOnlyPackages(source) || IMPORT_META_RE.test(source)) return null;
  const code = withSelfModule(source);
  try {
    const module = await evaluateConfig(code, place, shown);
    const value = module.default;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { code, module } : null;
  } catch (error) {
    if (error instanceof SitegenError) throw error;
    return null;
  }
}

/**
 * The Node the compiled config runs in, this one: for `node20` esbuild dropped an import's `with { type: 'json' }`
 * (Node 20.0 did not read it), which Node requires of a package's JSON file.
 */
const CONFIG_TARGET = `node${process.versions.node}`;

/** `import.meta` in a config's code (or what merely looks like it: such a config goes to esbuild). */
const IMPORT_META_RE = /\bimport\s*\.\s*meta\b/;

/**
 * The config's own place as its code reads it (`new URL('./authors.json', import.meta.url)`), in the compiled code: that
 * is imported from a copy elsewhere (the cache folder, a temporary one), whose place it gave before. Where the file
 * really is, as Node and esbuild take a linked config. The files it imports read the config's place too (esbuild
 * defines it for the whole bundle), a file of another folder not its own.
 */
function ownMeta(configFile: string): Record<string, string> {
  const real = realPathOrSelf(configFile);
  return { 'import.meta.url': JSON.stringify(pathToFileURL(real).href), 'import.meta.filename': JSON.stringify(real), 'import.meta.dirname': JSON.stringify(dirname(real)) };
}

/** esbuild's options for a config that imports files of the project: one ES module, packages left to Node, `sitegen` as `defineConfig`. */
function configBuildOptions(configFile: string, root: string) {
  return {
    entryPoints: [configFile],
    absWorkingDir: root,
    metafile: true,
    bundle: true,
    write: false as const,
    platform: 'node' as const,
    format: 'esm' as const,
    target: CONFIG_TARGET,
    packages: 'external' as const,
    define: ownMeta(configFile),
    logLevel: 'silent' as const,
    plugins: [
      {
        name: 'sitegen-self',
        setup(b: PluginBuild) {
          b.onResolve({ filter: /^sitegen$/ }, () => ({ path: 'sitegen', namespace: 'sitegen' }));
          b.onLoad({ filter: /.*/, namespace: 'sitegen' }, () => ({ contents: SELF_MODULE, loader: 'js' as const }));
        },
      },
    ],
  };
}

async function bundleConfig(configFile: string, root: string, shown: string): Promise<{ value: string; inputs: string[] }> {
  const { build, transform } = loadEsbuild();
  try {
    // A config that imports no file of its own (the usual case) only loses its types: esbuild's
    // transform takes a third of the CPU time of a bundle (resolving, a plugin's round trips).
    const source = await readFile(configFile, 'utf8');
    const loader = /\.[cm]?tsx?$/.test(configFile) ? (configFile.endsWith('x') ? 'tsx' : 'ts') : 'js';
    const { code } = await transform(source, { loader, format: 'esm', target: CONFIG_TARGET, define: ownMeta(configFile), sourcefile: relative(root, configFile), logLevel: 'silent' });
    if (importsOnlyPackages(code)) return { value: withSelfModule(code), inputs: [configFile] };
    const result = await build(configBuildOptions(configFile, root));
    const inputs = Object.keys(result.metafile!.inputs).filter((path) => !path.includes(':')).map((path) => join(root, path));
    return { value: result.outputFiles[0]!.text, inputs };
  } catch (error) {
    const first: Message | undefined = (error as { errors?: Message[] }).errors?.[0];
    const place = first?.location;
    // The config itself as its other errors name it (from the working folder); a file it imports from the project's folder, as content files are.
    const file = place ? resolve(root, place.file) : configFile;
    throw new SitegenError(
      [{ severity: 'error', code: 'config', file: file === configFile ? shown : relative(root, file), line: place?.line, column: place ? esbuildColumn(place) : undefined, message: first?.text ?? String(error) }],
      2,
      { cause: error },
    );
  }
}
