// `sitegen docs version <name>`: freezes the current docs as a version, as Docusaurus's `docs:version` does.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathFromCwd, usageError } from '../diagnostics.js';
import type { SiteConfig } from '../types.js';
import { docsFolderNames, parseVersionNames, versionDir } from './versions.js';
import { versionSidebarsName } from './versionSidebars.js';
import { makeDirSync } from '../files.js';
import { readSource, unreadProblem } from '../content/readSource.js';

/**
 * Copies each locale's docs/ to versioned_docs/version-<name>/, content/sidebars.yaml to
 * versioned_sidebars/version-<name>-sidebars.yaml, and puts the name first in versions.json. Returns the paths
 * written (as paths from `cwd`, a folder's ending in `/`), each as created or updated (versions.json when it was there: its list is kept). Refuses a name that is not one, is taken, or that versions.json already lists.
 */
export function versionDocs(config: SiteConfig, name: string, cwd = process.cwd()): { path: string; updated?: true }[] {
  const shown = (path: string) => pathFromCwd(cwd, config.root, path);
  const problems: Parameters<typeof parseVersionNames>[2] = [];
  const listPath = join(config.contentDir, 'versions.json');
  // Read as the build reads it (a BOM and CRLF line ends, as Windows editors save it, are no problem), so that a list
  // the site builds with is one this command takes.
  const source = existsSync(listPath) ? readSource(listPath) : null;
  if (source && !source.ok) throw usageError(rel(config, listPath), unreadProblem(source, 'versions.json', 'usage', 'give sitegen read access to it').message, 'correct versions.json first');
  const listed = source?.ok ? parseVersionNames(source.text, 'versions.json', problems) : [];
  if (problems.some((p) => p.severity === 'error')) throw usageError(rel(config, listPath), problems[0]!.message, 'correct versions.json first');
  const own: Parameters<typeof parseVersionNames>[2] = [];
  parseVersionNames(JSON.stringify([...listed, name]), 'versions.json', own, docsFolderNames(config));
  const problem = own.find((p) => p.severity === 'error');
  if (problem || name === config.docs.versionName) {
    const again = problem?.message.endsWith('is listed twice');
    const message = again ? `"${name}" is a version already (content/versions.json lists it)` : (problem?.message ?? `"${name}" is the current docs' name (docs.versionName)`);
    throw usageError(`docs version ${shownArgument(name)}`, message, again ? 'choose another name' : problem?.hint);
  }
  const locales = config.locales.filter((l) => existsSync(join(config.contentDir, l.code, 'docs')));
  if (locales.length === 0) throw usageError(`docs version ${shownArgument(name)}`, 'there are no docs to make a version of: no locale has a docs/ folder', 'write the docs first, in content/<locale>/docs/');
  const taken = locales.map((l) => join(config.contentDir, l.code, versionDir(name))).find((dir) => existsSync(dir));
  if (taken) throw usageError(`docs version ${shownArgument(name)}`, `${rel(config, taken)} exists already`, 'delete it, or choose another name');
  const sidebars = join(config.contentDir, 'sidebars.yaml');
  const sidebarsTo = existsSync(sidebars) ? join(config.contentDir, versionSidebarsName(config, name)) : null;
  if (sidebarsTo && existsSync(sidebarsTo)) throw usageError(`docs version ${shownArgument(name)}`, `${rel(config, sidebarsTo)} exists already`, 'delete it, or choose another name');
  const written: { path: string; updated?: true }[] = [];
  // Made so far (each a path that was not there), removed again if a later step fails: a version is written whole or
  // not at all, and nothing that was there before is removed.
  const made: string[] = [];
  const making = (path: string) => existsSync(path) || made.push(path);
  try {
    for (const locale of locales) {
      const to = join(config.contentDir, locale.code, versionDir(name));
      making(dirname(to));
      making(to);
      cpSync(join(config.contentDir, locale.code, 'docs'), to, { recursive: true });
      written.push({ path: `${shown(to)}/` });
    }
    if (sidebarsTo) {
      making(dirname(sidebarsTo));
      makeDirSync(dirname(sidebarsTo));
      writeFileSync(sidebarsTo, readFileSync(sidebars), { flag: 'wx' });
      made.push(sidebarsTo);
      written.push({ path: shown(sidebarsTo) });
    }
    const updated = existsSync(listPath);
    writeFileSync(listPath, `${JSON.stringify([name, ...listed], null, 2)}\n`);
    written.push({ path: shown(listPath), ...(updated ? { updated: true as const } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code) throw error;
    for (const path of made.reverse()) rmSync(path, { recursive: true, force: true });
    const at = (error as NodeJS.ErrnoException).path;
    throw usageError(`docs version ${shownArgument(name)}`, `${at ? `${rel(config, at)}: ` : ''}${(error as Error).message.split(',')[0]}; nothing was written`);
  }
  return written;
}

function rel(config: SiteConfig, path: string): string {
  return relative(config.root, path).split('\\').join('/');
}

/** A name as typed on the command line: quoted when it is empty or holds spaces, which would leave the place of the problem unclear. */
function shownArgument(name: string): string {
  return name === '' || /\s/.test(name) ? JSON.stringify(name) : name;
}
