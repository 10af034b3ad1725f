import type { Message, Metafile, Plugin } from 'esbuild';
import { cachedBundle, type Bundled } from '../cache/bundleCache.js';
import { cacheDirOf } from '../cache/cacheDir.js';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SitegenError } from '../diagnostics.js';
import type { SiteConfig, ThemeServerModule } from '../types.js';
import { loadEsbuild } from '../lazyRequire.js';
import { sha1 } from '../hash.js';

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
  const names = Object.keys(require(file) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name));
  return [
    `import { createRequire } from 'node:module';`,
    `const required = createRequire(import.meta.url)(${JSON.stringify(file)});`,
    'export default required;',
    ...(names.length ? [`export const { ${names.join(', ')} } = required;`] : []),
  ].join('\n');
}

/**
 * Bundles `theme/server.tsx` for Node with esbuild (or takes the last bundle from the build cache
 * while none of its inputs changed) and imports it; `file` is the bundle, for worker threads.
 */
export async function loadTheme(config: SiteConfig, cacheDir: string | null = cacheDirOf(config.root)): Promise<{ theme: ThemeServerModule; file: string }> {
  const entry = join(config.themeDir, SERVER_ENTRY);
  const shown = relative(config.root, entry);
  if (!existsSync(entry)) throw new SitegenError([{ severity: 'error', code: 'theme', file: shown, message: 'theme entry not found' }], 2);
  const isBundle = (value: unknown): value is string => typeof value === 'string' && existsSync(value);
  const { value: file } = await cachedBundle(cacheDir, 'theme-server', entry, isBundle, () => bundleTheme(config, entry));
  const module = (await import(pathToFileURL(file).href)) as Partial<ThemeServerModule>;
  for (const key of ['App', 'headScript', 'routeTitles'] as const) {
    if (!module[key]) throw new SitegenError([{ severity: 'error', code: 'theme', file: shown, message: `the theme does not export ${key}`, hint: 'a docs page component without its export cannot render (SPEC 5)' }], 2);
  }
  return { theme: module as ThemeServerModule, file };
}

/** The server bundle, written to `.sitegen-cache/` under its content hash (workers import it from there). */
async function bundleTheme(config: SiteConfig, entry: string): Promise<Bundled<string>> {
  // esbuild loads only when a bundle is made (a warm build takes both from the cache).
  const { build } = loadEsbuild();
  let result;
  try {
    result = await build({
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
      plugins: [sharedReact],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
  } catch (error) {
    throw themeError(config, error);
  }
  const code = result.outputFiles[0].text;
  const cacheDir = cacheDirOf(config.root);
  await mkdir(cacheDir, { recursive: true });
  const file = join(cacheDir, `theme-server-${sha1(code).slice(0, 12)}.mjs`);
  if (!existsSync(file)) await writeFile(file, code);
  return { value: file, inputs: inputsOf(config, result.metafile) };
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
    messages.map((m) => ({
      severity: 'error' as const,
      code: 'theme',
      file: m.location ? relative(config.root, join(config.root, m.location.file)) || m.location.file : relative(config.root, config.themeDir),
      line: m.location?.line,
      column: m.location ? m.location.column + 1 : undefined,
      message: m.text,
    })),
    1,
    { cause: error },
  );
}
