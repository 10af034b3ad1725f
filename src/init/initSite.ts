import { appendFileSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { emptyOrBlank, pathFromCwd, SitegenError, usageError } from '../diagnostics.js';
import { localDate } from '../content/scaffold.js';
import { makeFilesOrNone } from '../files.js';
import { CONTROL_CHAR_RE } from '../regexp.js';
import { starterFiles } from './starterSite.js';

export interface InitResult {
  /** The new site's folder as the user would type it from the current folder (`.` for the current folder itself). */
  dir: string;
  /** The files written, as paths from the current folder. */
  files: string[];
  /** Files that were there and got lines added (a repository's own .gitignore), as paths from the current folder. */
  updated: string[];
}

/**
 * Writes a new bilingual site into `dir` (made if missing): config, docs, sidebar, a post, .gitignore.
 * It never overwrites: a folder that holds one of those files, or a content folder with anything in it,
 * is refused before anything is written (exit 1).
 */
export async function initSite(dir: string, options: { title?: string; cwd?: string }): Promise<InitResult> {
  const cwd = options.cwd ?? process.cwd();
  const title = options.title;
  if (title !== undefined && !title.trim()) throw usageError(`--title ${JSON.stringify(title)}`, emptyOrBlank(title), 'leave --title out to get a title per locale, or name the site: --title "Acme docs"');
  if (title !== undefined && CONTROL_CHAR_RE.test(title)) throw usageError(`--title ${JSON.stringify(title)}`, 'the title is one line of text');
  // An unset variable (`sitegen init "$DIR"`) would resolve to the current folder: a site written where none was asked for.
  if (!dir.trim()) throw usageError(`init ${JSON.stringify(dir)}`, 'the folder name is empty', 'leave it out to write the site into the current folder, or name a folder: sitegen init my-site');
  const root = resolve(cwd, dir);
  const shown = (path: string) => pathFromCwd(cwd, root, path);
  // A link to nothing (a disk not mounted) is not there for existsSync, and every write through it fails.
  const rootLink = linkedTo(root);
  if (rootLink !== undefined) throw refusal(shown(root), `is a link to ${rootLink}, which is not there; sitegen init writes a site into a folder`);
  if (existsSync(root) && !statSync(root).isDirectory()) throw refusal(shown(root), 'is a file; sitegen init writes a site into a folder');
  const files = starterFiles({ title, date: localDate(new Date()) });
  const contentDir = join(root, 'content');
  if (existsSync(join(root, 'site.config.ts'))) throw refusal(shown(join(root, 'site.config.ts')), 'already exists; sitegen init writes a new site and overwrites nothing', `the folder holds a site already (sitegen serve in it previews it); for a new one, ${NEW_FOLDER}`);
  const contentLink = linkedTo(contentDir);
  if (contentLink !== undefined) throw refusal(shown(contentDir), `is a link to ${contentLink}, which is not there; sitegen init writes a new site and overwrites nothing`);
  if (existsSync(contentDir) && (!statSync(contentDir).isDirectory() || readdirSync(contentDir).length > 0)) {
    throw refusal(shown(contentDir), `${statSync(contentDir).isDirectory() ? 'holds files already' : 'is a file'}; sitegen init writes a new site and overwrites nothing`, NEW_FOLDER);
  }
  // A repository's own .gitignore (one made with it on GitHub) is kept, and given the lines it lacks.
  const ignoreFile = join(root, GITIGNORE_PATH);
  const ignoreLines = existsSync(ignoreFile) && statSync(ignoreFile).isFile() ? missingIgnoreLines(readFileSync(ignoreFile, 'utf8'), files[GITIGNORE_PATH]!) : null;
  for (const path of Object.keys(files)) {
    if (path === GITIGNORE_PATH && ignoreLines) continue;
    if (existsSync(join(root, path)) || linkedTo(join(root, path)) !== undefined) throw refusal(shown(join(root, path)), 'already exists; sitegen init writes a new site and overwrites nothing', NEW_FOLDER);
  }
  const updated: string[] = [];
  // The one file that was there goes first: if it cannot be added to, nothing of the site is written yet.
  const before = ignoreLines?.length ? readFileSync(ignoreFile, 'utf8') : undefined;
  if (before !== undefined) {
    try {
      appendFileSync(ignoreFile, `${before === '' || before.endsWith('\n') ? '' : '\n'}${before === '' ? '' : '\n'}${ignoreLines!.join('\n')}\n`);
    } catch (error) {
      throw refusal(shown(ignoreFile), `cannot be added to (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`);
    }
    updated.push(shown(ignoreFile));
  }
  const paths = Object.keys(files).filter((path) => !(path === GITIGNORE_PATH && ignoreLines));
  // All or nothing: a site half written (a folder mounted read-only, a full disk) would be refused by the next init at its config.
  const failed = await makeFilesOrNone(paths.map((path) => ({ file: join(root, path), make: () => writeFile(join(root, path), files[path]!, { flag: 'wx' }) })));
  if (failed) {
    if (before !== undefined) writeFileSync(ignoreFile, before);
    throw refusal(shown(failed.file), `cannot be written (${failed.error.message.split(',')[0]}); nothing was written`);
  }
  return { dir: shown(root), files: paths.map((path) => shown(join(root, path))), updated };
}

/** Where a link that leads nowhere points; undefined for anything else (nothing there, a file, a folder, a link that resolves). */
function linkedTo(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() && !existsSync(path) ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

const GITIGNORE_PATH = '.gitignore';

/** The lines of sitegen's .gitignore (with its comment) that `text` has not (`/dist/` counts as `dist/` or `dist`); none when it has them all. */
function missingIgnoreLines(text: string, ours: string): string[] {
  const have = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '').replace(/\/$/, '')));
  const rules = ours.split('\n').filter((line) => line && !line.startsWith('#'));
  const missing = rules.filter((rule) => !have.has(rule.replace(/^\//, '').replace(/\/$/, '')));
  return missing.length ? [...ours.split('\n').filter((line) => line.startsWith('#')), ...missing] : [];
}

/** What to do when the folder holds files of a site: write it into a folder of its own. */
const NEW_FOLDER = 'name a new folder for it: sitegen init my-site';

/** Why init does not write here: one line naming the path (and what to do instead), exit 1. */
function refusal(path: string, message: string, hint?: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'init', file: path, message, hint }], 1);
}
