import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathFromCwd, SitegenError, usageError } from '../diagnostics.js';
import { localDate, writeNewFile } from '../content/scaffold.js';
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
  if (title !== undefined && !title.trim()) throw usageError('--title ""', 'the title is empty', 'leave --title out to get a title per locale, or name the site: --title "Acme docs"');
  if (title !== undefined && /[\u0000-\u001f\u007f]/.test(title)) throw usageError(`--title ${JSON.stringify(title)}`, 'the title is one line of text');
  // An unset variable (`sitegen init "$DIR"`) would resolve to the current folder: a site written where none was asked for.
  if (!dir.trim()) throw usageError(`init ${JSON.stringify(dir)}`, 'the folder name is empty', 'leave it out to write the site into the current folder, or name a folder: sitegen init my-site');
  const root = resolve(cwd, dir);
  const shown = (path: string) => pathFromCwd(cwd, root, path);
  if (existsSync(root) && !statSync(root).isDirectory()) throw refusal(shown(root), 'is a file; sitegen init writes a site into a folder');
  const files = starterFiles({ title, date: localDate(new Date()) });
  const contentDir = join(root, 'content');
  if (existsSync(join(root, 'site.config.ts'))) throw refusal(shown(join(root, 'site.config.ts')), 'already exists; sitegen init writes a new site and overwrites nothing');
  if (existsSync(contentDir) && (!statSync(contentDir).isDirectory() || readdirSync(contentDir).length > 0)) {
    throw refusal(shown(contentDir), `${statSync(contentDir).isDirectory() ? 'holds files already' : 'is a file'}; sitegen init writes a new site and overwrites nothing`);
  }
  // A repository's own .gitignore (one made with it on GitHub) is kept, and given the lines it lacks.
  const ignoreFile = join(root, GITIGNORE_PATH);
  const ignoreLines = existsSync(ignoreFile) && statSync(ignoreFile).isFile() ? missingIgnoreLines(readFileSync(ignoreFile, 'utf8'), files[GITIGNORE_PATH]!) : null;
  for (const path of Object.keys(files)) {
    if (path === GITIGNORE_PATH && ignoreLines) continue;
    if (existsSync(join(root, path))) throw refusal(shown(join(root, path)), 'already exists; sitegen init writes a new site and overwrites nothing');
  }
  const written: string[] = [];
  const updated: string[] = [];
  // The one file that was there goes first: if it cannot be added to, nothing of the site is written yet.
  if (ignoreLines?.length) {
    const file = join(root, GITIGNORE_PATH);
    try {
      const before = readFileSync(file, 'utf8');
      appendFileSync(file, `${before === '' || before.endsWith('\n') ? '' : '\n'}${before === '' ? '' : '\n'}${ignoreLines.join('\n')}\n`);
    } catch (error) {
      throw refusal(shown(file), `cannot be added to (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`);
    }
    updated.push(shown(file));
  }
  for (const [path, text] of Object.entries(files)) {
    if (path === GITIGNORE_PATH && ignoreLines) continue;
    const file = join(root, path);
    const failed = await writeNewFile(file, text);
    if (failed) throw refusal(shown(file), `cannot be written (${failed})${written.length || updated.length ? `; written before it: ${[...updated, ...written].join(', ')}` : ''}`);
    written.push(shown(file));
  }
  return { dir: shown(root), files: written, updated };
}

const GITIGNORE_PATH = '.gitignore';

/** The lines of sitegen's .gitignore (with its comment) that `text` has not (`/dist/` counts as `dist/` or `dist`); none when it has them all. */
function missingIgnoreLines(text: string, ours: string): string[] {
  const have = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '').replace(/\/$/, '')));
  const rules = ours.split('\n').filter((line) => line && !line.startsWith('#'));
  const missing = rules.filter((rule) => !have.has(rule.replace(/^\//, '').replace(/\/$/, '')));
  return missing.length ? [...ours.split('\n').filter((line) => line.startsWith('#')), ...missing] : [];
}

/** Why init does not write here: one line naming the path, exit 1. */
function refusal(path: string, message: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'init', file: path, message }], 1);
}
