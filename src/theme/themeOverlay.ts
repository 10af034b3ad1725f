import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { closestMatch, displayPath } from '../diagnostics.js';
import { listFiles, realPathOrSelf, withoutDotfiles } from '../files.js';
import { escapeRegExp } from '../regexp.js';
import type { Diagnostic, SiteConfig } from '../types.js';

/**
 * A project's `theme/` folder without server.tsx is an overlay over the theme that comes with sitegen
 * (`config.themeOverrides` over `config.themeDir`): a file there replaces the theme's file at the same
 * relative path, in the server and the client bundle alike, and sits in the theme as that file would.
 */

/** The overlay's files, as paths under it with `/` separators, sorted; none without an overlay. */
export function overrideFiles(config: SiteConfig): string[] {
  if (!config.themeOverrides) return [];
  return listFiles(config.themeOverrides, withoutDotfiles, { followFileLinks: true }).map((f) => f.path).sort();
}

/** The theme's file at `path` (`client.tsx`), or the overlay's that replaces it. */
export function themeFile(config: SiteConfig, path: string, overrides = overrideFiles(config)): string {
  return config.themeOverrides && overrides.includes(path) ? join(config.themeOverrides, path) : join(config.themeDir, path);
}

/**
 * What the bundle caches add to their key: the overlay's file list. A new override replaces a theme file
 * that has not changed itself (its hash among the bundle's inputs is the same), so the list must be part
 * of the key; an edited or deleted one is an input of the bundle already.
 */
export function overlayKey(config: SiteConfig, overrides = overrideFiles(config)): string {
  return overrides.length ? JSON.stringify([config.themeOverrides, overrides]) : '';
}

/** An import of React (`react`, `react/jsx-runtime`, `react-dom/client`), and the mark of one resolved as sitegen's. */
const REACT_RE = /^react(-dom)?(\/.*)?$/;
const SITEGEN_REACT = Symbol('sitegen-react');

/** `a/b/index.tsx` → `a/b/index`: an import names a module without its extension, or with `.js` for `.ts`. */
const MODULE_EXTENSION_RE = /\.[cm]?[jt]sx?$/;

/**
 * The esbuild plugin of the overlay, shared by the server and the client bundle; null without overrides
 * (the bundles are then made as for any whole theme). An import that names a file the overlay has
 * (`./components/Footer/index.js` from the theme's `Root.tsx`) is resolved to the overlay's file; an
 * overriding file is loaded as if it sat in the theme, so that its own imports are resolved from there:
 * `../../context.js` is the theme's (or its override), `../../../src/types.js` is sitegen's own source
 * and `react` is sitegen's React. A package that sitegen does not have is looked for in the project's
 * `node_modules` then. Only the imports that may name an override reach the plugin, by esbuild's filter:
 * it costs the bundles a few milliseconds, not a call into JavaScript per import. `loaded` makes what the
 * bundle reads of an override's file (the client bundle's: `lazyModulesImportEntry` in assets/bundleClient.ts).
 */
export function themeOverlay(config: SiteConfig, overrides = overrideFiles(config), loaded: (path: string, contents: Uint8Array) => Uint8Array | string = (_, contents) => contents): Plugin | null {
  const over = config.themeOverrides;
  if (!over || overrides.length === 0) return null;
  const base = config.themeDir;
  const replaced = new Set(overrides);
  const byStem = new Map(overrides.map((path) => [path.replace(MODULE_EXTENSION_RE, ''), path]));
  // esbuild may name a file by its real path (a temporary folder behind a link): either place counts.
  const overs = [...new Set([over, realPathOrSelf(over)])];
  const bases = [...new Set([base, realPathOrSelf(base)])];
  const under = (dirs: string[], path: string) => dirs.map((dir) => inside(dir, path)).find((rel) => rel !== null) ?? null;
  /** The override at `rel` (a path in the theme, as an import names it), if there is one. */
  const overrideAt = (rel: string) => (replaced.has(rel) ? rel : byStem.get(rel.replace(MODULE_EXTENSION_RE, '')) ?? byStem.get(`${rel}/index`));
  const namesFilter = importFilter(overrides);
  const overlayFilter = new RegExp(`^(?:${overs.map((dir) => escapeRegExp(dir + sep)).join('|')})`);
  return {
    name: 'sitegen-theme-overlay',
    setup(build) {
      build.initialOptions.nodePaths = [...(build.initialOptions.nodePaths ?? []), join(config.root, 'node_modules')];
      // React is sitegen's for a package of the project's too (one that calls its hooks): the project's own
      // React, bundled beside it, broke those hooks in the browser. (The server bundle's is sitegen's already.)
      build.onResolve({ filter: REACT_RE }, (args) => (args.pluginData === SITEGEN_REACT ? undefined : build.resolve(args.path, { kind: args.kind, resolveDir: base, pluginData: SITEGEN_REACT })));
      build.onResolve({ filter: namesFilter, namespace: 'file' }, (args) => {
        const rel = under(bases, resolve(args.resolveDir, args.path));
        const found = rel === null ? undefined : overrideAt(rel);
        return found === undefined ? undefined : { path: join(over, found) };
      });
      build.onLoad({ filter: overlayFilter, namespace: 'file' }, async (args) => {
        const rel = under(overs, args.path)!;
        return { contents: loaded(args.path, await readFile(args.path)), loader: 'default', resolveDir: dirname(join(base, rel)) };
      });
    },
  };
}

/**
 * esbuild's filter for the relative imports that may name one of `overrides`: `../Footer/index.js`,
 * `../../components/Footer/index.js` or `./index.js` beside it, `../Footer` (a folder's index), and
 * `../../context.js` for a file at the top of the theme. Others never reach JavaScript: a filter on the
 * file's name alone (`index`) let some 80 imports of each bundle through, 15 ms of the client bundle.
 */
function importFilter(overrides: string[]): RegExp {
  const ext = '(?:\\.[cm]?[jt]sx?)?';
  const through = (path: string) => `\\.\\.?/(?:.*/)?${path}`;
  const patterns = overrides.flatMap((path) => {
    const parts = path.replace(MODULE_EXTENSION_RE, '').split('/').map(escapeRegExp);
    const [name, parent] = [parts.at(-1)!, parts.at(-2)];
    if (parent === undefined) return [through(name) + ext];
    // Named through its folder, or from beside it or below it (`./x.js`, `../x.js`), which names no folder.
    const file = [through(`${parent}/${name}`) + ext, `(?:\\.\\.?/)+${name}${ext}`];
    return name === 'index' ? [...file, `${through(parent)}/?`] : file;
  });
  return new RegExp(`^(?:${[...new Set(patterns)].join('|')})$`);
}

/** A file of the kinds a theme is made of: modules and stylesheets. */
const CODE_OR_STYLE_RE = /\.(?:[cm]?[jt]sx?|css)$/;

/**
 * An override that does nothing, told as a warning at its file: one that replaces no file of the theme
 * and that neither bundle read (`inputs`, absolute), such as a misspelt `components/Fotoer/index.tsx`.
 * A file of the overlay's own that an override imports (a helper beside it) is an input, and fine.
 */
export function unusedOverrides(config: SiteConfig, inputs: string[], overrides = overrideFiles(config)): Diagnostic[] {
  if (!config.themeOverrides || overrides.length === 0) return [];
  const theme = listFiles(config.themeDir, withoutDotfiles).map((f) => f.path);
  const known = new Set(theme);
  const overs = [...new Set([config.themeOverrides, realPathOrSelf(config.themeOverrides)])];
  const used = new Set(inputs.flatMap((path) => overs.map((dir) => inside(dir, path)).filter((rel) => rel !== null)));
  return overrides
    // Notes and pictures kept beside the overrides (a README, a sketch) are no code or style that could be meant to replace one.
    .filter((path) => CODE_OR_STYLE_RE.test(path) && !known.has(path) && !used.has(path))
    .map((path) => {
      const guess = likelyMeant(path, theme);
      const shown = (file: string) => displayPath(config.root, join(config.themeOverrides!, file));
      return {
        severity: 'warning' as const,
        code: 'theme',
        file: shown(path),
        message: "replaces no file of sitegen's theme, and no override imports it, so the site does not use it",
        hint: guess ? `did you mean ${shown(guess)}? (sitegen theme eject lists the theme's components)` : "an override has the path of the theme's file it replaces: sitegen theme eject lists them",
      };
    });
}

/**
 * The theme's file an override at `path` was likely meant to replace: `components/Footer/index.tsx` for
 * `Footer/index.tsx` (its folder left out) or for `Footer.tsx` (a component named by its file), else
 * the nearest by spelling (`components/Fotoer/index.tsx`).
 */
function likelyMeant(path: string, theme: string[]): string | null {
  const name = path.split('/').pop()!.replace(MODULE_EXTENSION_RE, '');
  return (
    theme.find((file) => file.endsWith(`/${path}`)) ??
    theme.find((file) => MODULE_EXTENSION_RE.test(path) && file.split('/').slice(0, -1).includes(name) && /\/index\.[jt]sx?$/.test(file)) ??
    closestMatch(path, theme)
  );
}

/** `path` under `dir` with `/` separators, or null when it is not inside it. */
function inside(dir: string, path: string): string | null {
  const rel = relative(dir, path);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}
