import { constants, existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { closestMatch, pathFromCwd, SitegenError, usageError } from '../diagnostics.js';
import { listFiles, makeFilesOrNone, withoutDotfiles } from '../files.js';
import type { SiteConfig } from '../types.js';
import { overrideFiles } from './themeOverlay.js';

/** The theme's entry for the server: a `theme/` folder holding it is a whole theme, not overrides. */
const WHOLE_THEME_FILE = 'server.tsx';

/**
 * `sitegen theme eject <what>`: copies a component (`Footer`), a folder (`components/Footer`) or a file
 * (`styles/global.css`) of sitegen's theme into the project's `theme/` folder at the same path, where
 * it replaces sitegen's. Overwrites nothing: a file there already is refused before anything is
 * written. Returns the files written, as paths from `cwd`.
 */
export async function ejectTheme(config: SiteConfig, what: string, cwd = process.cwd()): Promise<string[]> {
  const into = overridesFolder(config, cwd);
  const files = ejectedFiles(config, what);
  const shown = (file: string) => pathFromCwd(cwd, config.root, join(into, file));
  for (const file of files) {
    if (existsSync(join(into, file))) throw refusal(shown(file), 'already exists; sitegen theme eject overwrites nothing', 'your copy is in use: edit it, or delete it to eject sitegen\'s again');
  }
  // All or nothing: a component half copied would be refused by the next eject at the files it has.
  const failed = await makeFilesOrNone(files.map((file) => ({ file: join(into, file), make: () => copyFile(join(config.themeDir, file), join(into, file), constants.COPYFILE_EXCL) })));
  if (failed) throw refusal(shown(relative(into, failed.file)), `cannot be written (${failed.error.code}); nothing was written`);
  return files.map(shown);
}

/** What `sitegen theme eject` with no argument prints: the components, then the theme's other files, those ejected already marked. */
export function ejectableList(config: SiteConfig, cwd = process.cwd()): string {
  const into = overridesFolder(config, cwd);
  const files = themeFiles(config);
  const ejected = new Set(overrideFiles(config));
  const mark = (names: string[]) => (names.some((file) => ejected.has(file)) ? '  (in theme/: yours)' : '');
  const components = componentsOf(files);
  const width = Math.max(...components.map((name) => name.length)) + 2;
  const others = files.filter((file) => !file.startsWith('components/'));
  return [
    `Components of sitegen's theme (sitegen theme eject Footer copies components/Footer/ into ${pathFromCwd(cwd, config.root, into)}/):`,
    ...components.map((name) => {
      const own = files.filter((file) => file.startsWith(`components/${name}/`));
      return `  ${name.padEnd(width)}${own.map((file) => file.slice(`components/${name}/`.length)).join(', ')}${mark(own)}`;
    }),
    'Other files, by path (sitegen theme eject styles/global.css):',
    ...others.map((file) => `  ${file}${mark([file])}`),
    `A file in ${pathFromCwd(cwd, config.root, into)}/ replaces sitegen's at the same path; every other file stays sitegen's.`,
    '',
  ].join('\n');
}

/** The project's folder of overrides, or the refusal of a project whose theme is a whole theme of its own. */
function overridesFolder(config: SiteConfig, cwd: string): string {
  if (config.themeOverrides) return config.themeOverrides;
  const shown = pathFromCwd(cwd, config.root, config.themeDir);
  if (config.themeDir === join(config.root, 'theme') && existsSync(join(config.themeDir, WHOLE_THEME_FILE))) {
    throw refusal(shown, `is a whole theme (it has ${WHOLE_THEME_FILE}), not overrides of sitegen's theme: edit its own files`, `sitegen theme eject copies into a theme/ folder without ${WHOLE_THEME_FILE}, whose files replace sitegen's`);
  }
  throw refusal(shown, "is the whole theme that themeDir in the config names, not overrides of sitegen's theme: edit its own files", `without themeDir, a theme/ folder without ${WHOLE_THEME_FILE} holds the files that replace sitegen's`);
}

/** The theme's files that `what` names: a file, every file of a folder, or a component's by its name. */
function ejectedFiles(config: SiteConfig, what: string): string[] {
  const path = what.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^theme\//, '').replace(/\/+$/, '');
  // An unset variable (`sitegen theme eject "$NAME"`), `.` or `theme/`: told at the command as typed, not at a blank name.
  if (!path) throw usageError(`theme eject ${JSON.stringify(what)}`, 'names no component, folder or file of the theme', 'leave it out to list them (sitegen theme eject), or name one: sitegen theme eject Footer');
  const files = themeFiles(config);
  if (path === WHOLE_THEME_FILE) {
    throw refusal(what, `is not ejected: a theme/ folder with ${WHOLE_THEME_FILE} is a whole theme, drawn without sitegen's`, 'eject the components it renders instead (sitegen theme eject lists them)');
  }
  if (files.includes(path)) return [path];
  const folder = files.filter((file) => file.startsWith(`${path}/`));
  if (path && folder.length) return folder;
  const components = componentsOf(files);
  if (components.includes(path)) return files.filter((file) => file.startsWith(`components/${path}/`));
  const folders = [...new Set(files.flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))))];
  const near = closestNames(path, path.includes('/') ? [...folders, ...files] : [...components, ...files.filter((file) => !file.includes('/'))]);
  throw usageError(what, `sitegen's theme has no component, folder or file ${JSON.stringify(path)}; its components: ${components.join(', ')}`, near.length ? `did you mean ${near.join(' or ')}?` : 'sitegen theme eject, with no argument, lists its components and files');
}

/** The files of sitegen's theme that can be ejected (all but the server entry), sorted. */
function themeFiles(config: SiteConfig): string[] {
  return listFiles(config.themeDir, withoutDotfiles)
    .map((f) => f.path)
    .filter((file) => file !== WHOLE_THEME_FILE)
    .sort();
}

function componentsOf(files: string[]): string[] {
  return [...new Set(files.filter((file) => file.startsWith('components/')).map((file) => file.split('/')[1]!))];
}

/** Up to three candidates near `target` by spelling, nearest first (those after the first a slip or two away). */
function closestNames(target: string, candidates: string[]): string[] {
  const left = [...candidates];
  const found: string[] = [];
  for (let guess; found.length < 3 && (guess = closestMatch(target, left, found.length ? 2 : undefined)) !== null; ) {
    found.push(guess);
    left.splice(left.indexOf(guess), 1);
  }
  return found;
}

/** Why nothing is ejected: one line naming the path, exit 1. */
function refusal(path: string, message: string, hint?: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'eject', file: path, message, hint }], 1);
}
