import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { cachedBundle, type Bundled } from '../cache/bundleCache.js';
import { inputsOf, themeError } from '../render/loadTheme.js';
import type { OutputFile, SiteConfig } from '../types.js';
import type { Plugin } from 'esbuild';
import { listFiles, realPathOrSelf, withoutDotfiles } from '../files.js';
import { escapeRegExp } from '../regexp.js';
import { loadEsbuild } from '../lazyRequire.js';
import { sitegenPackageDir } from '../packageDir.js';
import { sha1 } from '../hash.js';
import { sitegenImports, THEME_MODULES } from '../theme/sitegenImports.js';
import { overlayKey, overrideFiles, themeFile, themeOverlay } from '../theme/themeOverlay.js';

export interface ClientAssets {
  /** URL of the entry module. */
  script: string;
  /** URLs of chunks the entry imports statically (modulepreload). */
  preload: string[];
  /** URL of the stylesheet, or null when the theme has no CSS. */
  style: string | null;
  files: OutputFile[];
}

/** The client assets, from the build cache while no input of the bundle changed, else bundled anew; with the files they were made from. */
export async function loadClientAssets(config: SiteConfig, cacheDir: string | null): Promise<Bundled<ClientAssets>> {
  const overrides = overrideFiles(config);
  const { value: stored, inputs } = await cachedBundle(cacheDir, 'client', JSON.stringify([config.themeDir, config.baseUrl]) + overlayKey(config, overrides), isStoredAssets, async () => {
    const made = await bundleClient(config, overrides);
    return { inputs: made.inputs, value: { ...made.value, files: made.value.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })) } };
  });
  return { value: { ...stored, files: stored.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })) }, inputs };
}

type StoredAssets = Omit<ClientAssets, 'files'> & { files: { path: string; base64: string }[] };

function isStoredAssets(value: unknown): value is StoredAssets {
  const v = value as StoredAssets;
  return typeof v === 'object' && v !== null && typeof v.script === 'string' && Array.isArray(v.preload) && Array.isArray(v.files) && v.files.every((f) => typeof f.path === 'string' && typeof f.base64 === 'string');
}

/** Bundles `theme/client.tsx` for browsers: minified ESM with code splitting, CSS extracted, content-hashed names. */
export async function bundleClient(config: SiteConfig, overrides = overrideFiles(config)): Promise<Bundled<ClientAssets>> {
  const { build } = loadEsbuild();
  const entry = themeFile(config, 'client.tsx', overrides);
  const lazy = lazyModulesImportEntry(config, entry);
  const overlay = themeOverlay(config, overrides, lazy.withEntry);
  let result;
  try {
    result = await build({
      absWorkingDir: config.root,
      entryPoints: { client: entry },
      bundle: true,
      write: false,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020'],
      jsx: 'automatic',
      minify: true,
      // Chinese text as UTF-8 (3 bytes a character) rather than \u escapes (6): the locale's texts, the search's
      // word lists. Module scripts are always read as UTF-8.
      charset: 'utf8',
      metafile: true,
      outdir: join(config.outDir, 'assets'),
      entryNames: '[name].[hash]',
      chunkNames: 'chunk.[hash]',
      assetNames: '[name].[hash]',
      loader: { '.svg': 'text', '.png': 'file', '.woff2': 'file' },
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [lazy.resolve, sitePaths(config), sitegenImports(), ...(overlay ? [overlay] : []), lazy.load],
    });
  } catch (error) {
    throw themeError(config, error);
  }
  // A stylesheet esbuild could only read by guessing (a `{` never closed nests every rule after it): an error
  // at its line, not a site whose footer silently lost its styles.
  const broken = result.warnings.filter((w) => w.id === 'css-syntax-error');
  if (broken.length) throw themeError(config, { errors: broken });
  const base = `${config.baseUrl}assets/`;
  const outputs = result.metafile.outputs;
  // With code splitting, lazily imported modules are entry points too: pick the client entry itself.
  const entryKey = Object.keys(outputs).find((k) => k.endsWith('.js') && /(^|\/)client\.tsx$/.test(outputs[k].entryPoint ?? ''))!;
  const entryName = entryKey.split('/').pop()!;
  const staticImports = outputs[entryKey].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path.split('/').pop()!);
  const onLoad = new Set([entryName, ...staticImports]);
  const files = result.outputFiles.map((f) => {
    const path = `assets/${f.path.slice(join(config.outDir, 'assets').length + 1).split('\\').join('/')}`;
    return { path, contents: onLoad.has(path.slice('assets/'.length)) && f.contents.length >= COMPILE_HINT_MIN_BYTES ? withCompileHint(f.contents) : f.contents };
  });
  const preload = staticImports.map((name) => base + name);
  const css = outputs[entryKey].cssBundle?.split('/').pop();
  return { value: { script: base + entryName, preload, style: css ? base + css : null, files }, inputs: inputsOf(config, result.metafile) };
}

/**
 * V8's compile hint for a file whose functions all run as the page loads (the entry, with React's
 * hydration, and the chunks it imports statically): Chrome compiles them with the file, on a background
 * thread as the file streams in, instead of one by one on the main thread at their first call. Evaluating
 * the entry had been the page's longest task: about 90 ms at a 4x CPU slowdown, two thirds of it compiling
 * React DOM's module function. Lazily loaded chunks (search, other page kinds) are left to lazy compiling.
 * On the bundled site's docs page: functions compiled on the main thread 485 -> 126 (entry and 9 chunks
 * hinted) or 152 (the entry and the 2 chunks of 4 KB or more, 0.2 KB less to download, gzip).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** Below this size a chunk's few functions compile in well under a millisecond: the hint would cost more bytes than it saves time. */
const COMPILE_HINT_MIN_BYTES = 4096;

function withCompileHint(contents: Uint8Array): Uint8Array {
  return Buffer.concat([Buffer.from(COMPILE_HINT), contents]);
}

/**
 * One chunk for all the code a page runs on its first visit, rather than one per set of lazily loaded
 * modules that share a part of it. esbuild puts a module that the entry and some lazy modules import in a
 * chunk of those importers: the entry's static imports were nine chunks (React; the docs page's parts, which
 * a post's chunk also imports; the search box's helpers, which the search page's also imports; …), each
 * gzipped alone and each with its import and export lists. Every lazy module of the theme or of sitegen
 * imports the entry here (it has always run before them: nothing changes as they load), so all those modules
 * have the same importers and share one chunk: on the bundled site, 3 KB less JavaScript (gzip) on every page.
 * The entry itself becomes a line that imports that chunk.
 *
 * `resolve`, the first plugin, sees the theme's `import()`s before another plugin resolves them
 * (`sitegen/theme/search`, an override); `load`, the last, adds the import to a lazy module that no other plugin
 * loaded, and `withEntry` to one the overlay loads. A package's module is left alone: it may be CommonJS, which an
 * `import` statement would make a module of another kind.
 */
function lazyModulesImportEntry(config: SiteConfig, entry: string): { resolve: Plugin; load: Plugin; withEntry: (path: string, contents: Uint8Array) => Uint8Array | string } {
  const lazy = new Set<string>();
  const homes = [config.themeDir, config.themeOverrides, join(sitegenPackageDir(), 'src')].flatMap((dir) => (dir ? [dir + sep, realPathOrSelf(dir) + sep] : []));
  const ours = (path: string) => MODULE_RE.test(path) && homes.some((home) => path.startsWith(home));
  const withEntry = (path: string, contents: Uint8Array) => (lazy.has(path) ? `${Buffer.from(contents).toString('utf8')}\nimport ${JSON.stringify(entry)};\n` : contents);
  const FOUND = Symbol('sitegen-lazy-module');
  const filters = lazyFilters(config);
  return {
    resolve: {
      name: 'sitegen-lazy-modules',
      setup(build) {
        if (!filters) return;
        build.onResolve({ filter: filters.imports }, async (args) => {
          if (args.kind !== 'dynamic-import' || args.pluginData === FOUND) return undefined;
          const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: FOUND });
          if (found.errors.length) return undefined;
          if (found.namespace === 'file' && !found.external && found.path !== entry && ours(found.path)) lazy.add(found.path);
          return found;
        });
      },
    },
    withEntry,
    load: {
      name: 'sitegen-lazy-modules-import-entry',
      setup(build) {
        if (!filters) return;
        build.onLoad({ filter: filters.files, namespace: 'file' }, async (args) => (lazy.has(args.path) ? { contents: withEntry(args.path, await readFile(args.path)), loader: 'default' } : undefined));
      },
    },
  };
}

/**
 * esbuild's filters for the `import('…')`s of the theme's modules (and the overlay's), by the paths they name,
 * and for the files those may be, by their names (`Home/index.tsx`, `query.ts` for `sitegen/theme/search`); null
 * when they name none. Only those imports and files reach the plugins: filters that let every import and every
 * module through (some 300 and 90) made the client bundle about 50 ms slower. Reading the theme's files for
 * them takes a few milliseconds.
 */
function lazyFilters(config: SiteConfig): { imports: RegExp; files: RegExp } | null {
  const paths = new Set<string>();
  for (const dir of [config.themeDir, config.themeOverrides]) {
    if (!dir) continue;
    for (const file of listFiles(dir, (name, isDirectory) => withoutDotfiles(name) && (isDirectory ? name !== 'node_modules' : MODULE_RE.test(name)))) {
      for (const match of readFileSync(join(dir, file.path), 'utf8').matchAll(DYNAMIC_IMPORT_RE)) paths.add(match[2]!);
    }
  }
  if (paths.size === 0) return null;
  // A file by its name, or a folder by its index (`import('./Home')`).
  const names = [...paths].flatMap((path) => {
    const parts = (THEME_MODULES[path] ?? path).replace(MODULE_RE, '').split('/');
    const name = parts.at(-1)!;
    return [name === 'index' ? `${parts.at(-2)}/index` : name, `${name}/index`];
  });
  const any = (list: string[], part: (item: string) => string) => [...new Set(list)].map(part).join('|');
  return {
    imports: new RegExp(`^(?:${any([...paths], escapeRegExp)})$`),
    files: new RegExp(`(?:^|[\\\\/])(?:${any(names, (name) => name.split('/').map(escapeRegExp).join('[\\\\/]'))})\\.[cm]?[jt]sx?$`),
  };
}

/** A module of JavaScript or TypeScript, by its name. */
const MODULE_RE = /\.[cm]?[jt]sx?$/;
/** An `import()` of a path written out: `import('./components/Home/index.js')`, `import('sitegen/theme/search')`. */
const DYNAMIC_IMPORT_RE = /\bimport\(\s*(['"`])([^'"`$\n]+)\1\s*\)/g;

/**
 * A root-relative `url()` in the theme's CSS (`url(/img/share.jpg)`) is a path of the site, such as a
 * file of `content/static/`: left as a URL under `baseUrl` for the browser (and the link check), not
 * a file for esbuild to find on this machine.
 */
function sitePaths(config: SiteConfig): Plugin {
  return {
    name: 'sitegen-site-paths',
    setup(build) {
      // esbuild's filters are Go regular expressions (no lookahead): `//host` is told apart here.
      build.onResolve({ filter: /^\// }, (args) => ((args.kind === 'url-token' || args.kind === 'import-rule') && !args.path.startsWith('//') ? { path: config.baseUrl + args.path.slice(1), external: true } : undefined));
    },
  };
}

/** A content-hashed module exporting one locale's site data (`export default JSON.parse('…')`); `name`, another module of data (`blog-posts`). */
export function siteDataModule(config: SiteConfig, locale: string, data: unknown, name = 'site-data'): { url: string; file: OutputFile } {
  const json = JSON.stringify(data);
  const code = `export default JSON.parse(${JSON.stringify(json)});\n`;
  const hash = sha1(code).slice(0, 10);
  const path = `assets/${name}.${locale}.${hash}.js`;
  return { url: config.baseUrl + path, file: { path, contents: code } };
}
