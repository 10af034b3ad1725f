import { mkdir, readdir, rm } from 'node:fs/promises';
import { closeSync, copyFileSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { displayPath, SitegenError } from '../diagnostics.js';
import type { Diagnostic, LocaleConfig, OutputFile } from '../types.js';
import { caseFolded, listFiles, makeDir, makeDirSync } from '../files.js';
import { otherHolder, processMark } from '../processes.js';
import { FileWriter, stopWriters } from './fileWriter.js';
import { loadManifest, saveManifest, STATIC_TAG, staticTag, tagOf, type FileStat, type ManifestEntry, type OutputManifest } from './outputManifest.js';

const TEMP_MARK = '.sitegen-tmp-';
const LOCK_MARK = '.sitegen-lock';
const OLD_MARK = '.sitegen-old-';

/**
 * Temporary folders of builds not yet committed or aborted, removed if the process exits first (an
 * error thrown from a timer of the config's ends it at once): the next build would remove them too,
 * but a folder named like the site's should not be left beside it meanwhile.
 */
const unfinished = new Set<string>();
let removesOnExit = false;

/**
 * Whether a build has begun to move its files into the output folder. A signal (Ctrl-C) is handled between two
 * turns of the event loop (`interruptBuild`), and the moves (`replaceChanged`, `swapIn`) take none: an interrupted
 * build leaves the old output, or the new one whole.
 */
let committing = false;

/** Ends an interrupted build at once: its temporary folders removed, and a line saying what the output folder holds. */
export function interruptBuild(signal: string, say: (line: string) => void): never {
  stopWriters();
  for (const dir of unfinished) removeNow(dir);
  for (const lock of locks) rmSync(lock, { force: true });
  say(committing ? `build interrupted (${signal}) as it wrote the output folder, which holds this build's pages` : `build interrupted (${signal}): nothing was written, the output folder is as it was`);
  process.exit(signal === 'SIGTERM' ? 143 : 130);
}

function removeOnExit(temp: string): void {
  unfinished.add(temp);
  if (removesOnExit) return;
  removesOnExit = true;
  process.once('exit', () => {
    stopWriters();
    for (const dir of unfinished) removeNow(dir);
    for (const lock of locks) rmSync(lock, { force: true });
  });
}

/** Removes a temporary folder at once; again after a moment if a writing thread, just stopped, put a last file in it meanwhile. */
function removeNow(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 2, retryDelay: 20 });
}

/** The output folders' locks this process holds (`takeLock`). */
const locks = new Set<string>();

/**
 * Takes the lock of an output folder (a file beside it holding this process's id), so that two builds never write
 * one folder at once: the second is an error naming the first, instead of one build deleting the other's temporary
 * folder, or a build of older sources committed after a newer one. A lock whose process is gone is taken over.
 */
function takeLock(lock: string, shown: string): void {
  const shownLock = join(dirname(shown), basename(lock));
  // Its process and when that process started: a process id used again by another program (a container's
  // restart) is not taken for the build that wrote the lock.
  const holder = processMark();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, holder, { flag: 'wx' });
      locks.add(lock);
      return;
    } catch (error) {
      // A folder that cannot be written to is told by the temporary folder's making, below.
      if (errnoOf(error) !== 'EEXIST') return;
    }
    let text: string;
    try {
      text = readFileSync(lock, 'utf8');
    } catch (error) {
      if (errnoOf(error) === 'EISDIR') throw outputError(shownLock, 'is a folder where the build keeps the lock file of its output folder', 'remove it: sitegen makes that file while it writes the output folder');
      continue; // let go of meanwhile: taken on the next try
    }
    const pid = otherHolder(text);
    if (pid !== null) {
      throw outputError(shown, `another build (process ${pid}) is writing this output folder`, `wait for it to end, or build into another folder with --out; if no build is running, delete ${shownLock}`);
    }
    rmSync(lock, { force: true });
  }
}

function releaseLock(lock: string): void {
  if (locks.delete(lock)) rmSync(lock, { force: true });
}

/** Where a build puts its output files as they are made. */
export interface OutputSink {
  add(files: OutputFile[]): void;
  /** Path of every file added so far. */
  readonly paths: string[];
  /** True when the output folder already holds this file as made by a producer of this tag. */
  has?(path: string, tag: string): boolean;
  /** The tag the output folder holds this file under, if it holds it. */
  held?(path: string): string | undefined;
  /** Adds files the folder already holds (`has`), without their contents. */
  keep?(files: { path: string; tag: string }[]): void;
}

/**
 * The files copied as they are: the static folder's (`content/static`), and files from elsewhere by
 * output path (those beside the pages, `content/en/docs/img/a.png` → `en/docs/img/a.png`). A file of the
 * static folder wins over another of the same path.
 */
export interface StaticFiles {
  dir: string | null;
  /** Output path → the file copied there. */
  extra: Map<string, { source: string; size: number; mtimeMs: number; ctimeMs: number }>;
}

/** The static folder alone, or the static folder and other files. */
export type StaticInput = string | StaticFiles | null;

function staticsOf(input: StaticInput): StaticFiles {
  return input !== null && typeof input === 'object' ? input : { dir: input, extra: new Map() };
}

/** The file a static output path is copied from. */
function sourceOf(statics: StaticFiles, path: string): string {
  return statics.extra.get(path)?.source ?? join(statics.dir!, path);
}

/** Every static file (a link to a file as that file), by output path: the static folder's, then the others not shadowed by one. */
function listStatics(statics: StaticFiles): { path: string; size: number; mtimeMs: number; ctimeMs: number }[] {
  const listed: { path: string; size: number; mtimeMs: number; ctimeMs: number }[] = statics.dir && existsSync(statics.dir) ? listFiles(statics.dir, undefined, { followFileLinks: true }) : [];
  if (statics.extra.size === 0) return listed;
  const seen = new Set(listed.map((f) => f.path));
  for (const [path, file] of statics.extra) if (!seen.has(path)) listed.push({ path, size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs });
  return listed;
}

/** How a diagnostic names a static file: under the static folder as shown, or where it is copied from. */
function staticNamer(statics: StaticFiles, staticShown: string | undefined): (path: string) => string {
  const dirShown = (staticShown ?? (statics.dir ? relative(process.cwd(), statics.dir) : '')).replace(/\\/g, '/');
  return (path) => {
    const extra = statics.extra.get(path);
    if (extra) return relative(process.cwd(), extra.source).split(sep).join('/');
    return dirShown ? `${dirShown}/${path}` : path;
  };
}

/** An output folder being written: files go to disk as they are added, and only their paths are kept. */
export interface OpenOutput extends OutputSink {
  /** Copies the static files (a generated file of the same path wins) and puts the new output in place. */
  /** `staticShown`: the static folder as diagnostics name it (`content/static`); by default relative to the working folder. */
  commit(staticDir: StaticInput, staticShown?: string): Promise<void>;
  /** Files and folders at one path among the files added and the static files (what `commit` refuses), for a build that stops before it. */
  clashes(staticDir: StaticInput, staticShown?: string): Diagnostic[];
  /** Throws away what was written; the previous output stays as it was. */
  abort(): Promise<void>;
  /** Files written to disk so far, static files included (fewer than `total` when files are the same as the last build's). */
  readonly written: number;
  /** Files of the output once committed: those added and the static files (`paths` holds only the added ones). */
  readonly total: number;
}

export interface OpenOutputOptions {
  /**
   * The output manifest in the build cache (`manifestFileOf`): with one that matches the folder, only
   * files whose tags changed are written, and the commit moves them in and removes what is gone.
   */
  manifest?: string | null;
  /** That manifest, already loaded and checked against the folder (`loadManifest`), when the caller started it early. */
  previous?: Promise<OutputManifest | null>;
}

/**
 * Why `outDir` may not be replaced by a build, if it may not: it is a file, or a folder that holds
 * files but no `index.html` (at its top, or in a locale's folder after a `--locale` build), so not a
 * site this or another generator built. A build replaces its whole output folder and deletes the old
 * one; pointed at the wrong folder by mistake (`--out ~/notes`), it must stop instead. A folder that is
 * not there yet, or empty, is fine.
 */
export function outputFolderProblem(outDir: string, locales: LocaleConfig[]): { message: string; hint: string } | undefined {
  // The folder is the user's: the hint never says to empty it (a home folder given by mistake, a repository's checkout).
  const elsewhere = 'choose another folder with --out or outDir: a new or empty one, or one a build made';
  let entries: string[];
  try {
    if (!statSync(outDir).isDirectory()) return { message: 'the output folder is a file', hint: `${elsewhere} (or move the file away)` };
    entries = readdirSync(outDir);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : { message: `the output folder cannot be read (${(error as NodeJS.ErrnoException).code})`, hint: elsewhere };
  }
  // A checkout of a repository (a gh-pages branch) is no build's, though it holds one's pages: its history would go with it.
  if (entries.includes('.git')) return { message: 'the output folder holds .git (a repository, such as a checkout of a gh-pages branch), which a build would delete with the rest of the folder', hint: 'build into a folder of its own, such as dist, and copy its files into the checkout' };
  // Any site's pages at its top count too: the last build's, when the config has since given every locale a path of its own.
  if (entries.length === 0 || localesIn(outDir, locales).length > 0 || LOCALE_MARKS.some((mark) => entries.includes(mark))) return undefined;
  return { message: 'the output folder holds files but no index.html, so it is not a built site, and a build replaces the whole folder', hint: elsewhere };
}

/** Files every build writes into a locale's folder: any one of them says the locale was built (its home may have been lost since). */
const LOCALE_MARKS = ['index.html', '404.html', 'page-data.json', 'search-index.json'];

/** The locales a built site's folder holds: the root's, or `<locale path>/`'s after a `--locale` build. */
export function localesIn(dir: string, locales: LocaleConfig[]): LocaleConfig[] {
  return locales.filter((l) => LOCALE_MARKS.some((mark) => existsSync(join(dir, l.path, mark))));
}

/**
 * Starts writing a site. Files are written as they are added, into a temporary folder beside `outDir`,
 * so that a failed or interrupted build leaves the previous output untouched and a big site never
 * needs all of its HTML in memory at once. Without a usable manifest the commit swaps the whole
 * folder in; with one, only new and changed files are written and the commit renames them into the
 * folder and deletes the files no longer produced: a warm build touches the few files it changed.
 */
export async function openOutput(outDir: string, options: OpenOutputOptions = {}): Promise<OpenOutput> {
  const parent = dirname(outDir);
  const name = basename(outDir);
  const previous = options.manifest ? await (options.previous ?? loadManifest(options.manifest, outDir)) : null;
  // The new output is written into `temp`, inside a folder of its own that is removed with it (`spreadFolders`).
  const stamp = `${process.pid}-${Date.now()}`;
  const wrapper = join(parent, `.${name}${TEMP_MARK}${stamp}`);
  // Named anew each build: ext4 starts its search for the group at a hash of the name.
  const temp = join(wrapper, stamp);
  const lock = join(parent, `.${name}${LOCK_MARK}`);
  try {
    await makeDir(parent);
    takeLock(lock, displayPath(process.cwd(), outDir));
    await removeStale(parent, name);
    // Known before it exists: an exit while it is being made (another callback's error) must not leave it.
    removeOnExit(wrapper);
    await mkdir(wrapper);
    // A build over the last one writes a few files: not worth the 1–2 ms of `chattr`.
    if (!previous) spreadFolders(wrapper);
    await mkdir(temp);
  } catch (error) {
    releaseLock(lock);
    const code = errnoOf(error);
    if (!code) throw error;
    throw outputError(displayPath(process.cwd(), outDir), `the new output cannot be written beside this folder (${code})`, 'a build writes a temporary folder next to the output folder: the folder that holds it must be writable');
  }
  const paths: string[] = [];
  const tags = new Map<string, string>();
  const changed: string[] = [];
  let staticsWritten = 0;
  /** Static files of the committed output (a generated file of the same path wins). */
  let staticCount = 0;
  const made = new Set<string>();
  /** Size, time and inode of each file written, when there is a manifest to keep. */
  const stats = options.manifest ? new Map<string, FileStat>() : undefined;
  // Every file is new: written by a thread of its own while this one renders (a few files, after a
  // build the manifest matches, are written here, where a thread's start would cost more than they do).
  const writer = previous ? null : new FileWriter(temp);
  // Once committed or aborted, files still coming (a render batch that finishes after another one
  // failed) are dropped: nothing may recreate the folder that abort removed.
  let open = true;
  // The first write the disk refused (a file and a folder at one path), thrown by the commit if `clashes` finds none.
  let refused: SitegenError | undefined;
  // A write the disk refused, told as a diagnostic (`writeError`), is kept for the commit; any other error is thrown.
  const refuse = (error: unknown) => {
    if (!isOutputError(error)) throw error;
    refused ??= error;
  };
  // null: forget the manifest, so the next build writes everything.
  const save = async (files: Record<string, ManifestEntry> | null) => {
    if (!options.manifest) return;
    if (files) await saveManifest(options.manifest, outDir, files);
    else rmSync(options.manifest, { force: true });
  };
  return {
    paths,
    get written() {
      return changed.length + staticsWritten;
    },
    get total() {
      return paths.length + staticCount;
    },
    has: (path, tag) => previous?.files[path]?.[0] === tag,
    held: (path) => previous?.files[path]?.[0],
    keep(files) {
      if (!open) return;
      for (const file of files) {
        tags.set(file.path, file.tag);
        paths.push(file.path);
      }
    },
    add(files) {
      if (!open) return;
      const fresh = files.filter((file) => {
        const tag = tagOf(file);
        tags.set(file.path, tag);
        paths.push(file.path);
        return previous?.files[file.path]?.[0] !== tag;
      });
      // A path that leaves the output folder is refused at once; only a clash waits for the commit.
      for (const file of fresh) assertInside(file.path);
      try {
        writeFiles(temp, writer ? writer.take(fresh) : fresh, made, stats);
      } catch (error) {
        // A file and a folder at one path: every such clash is told by the commit (`clashes`), from the paths
        // of every file added, not only the first one the disk refused; the build goes on to find the rest.
        refuse(error);
      }
      for (const file of fresh) changed.push(file.path);
    },
    clashes: (input, staticShown) => {
      const all = staticsOf(input);
      return outputClashes(tags, staticSources(all, tags), staticNamer(all, staticShown));
    },
    async commit(input, staticShown) {
      open = false;
      try {
        const all = staticsOf(input);
        const statics = staticSources(all, tags);
        staticCount = statics.size;
        if (writer) {
          const { stats: written, failed } = await writer.finish((files) => {
            try {
              writeFiles(temp, files, made, stats);
            } catch (error) {
              refuse(error);
            }
          });
          if (stats) for (const [path, ...stat] of written) stats.set(path, stat);
          if (failed) refuse(writeError(Object.assign(new Error(failed.message), { code: failed.code }), failed.path));
        }
        // The paths of the build this one is made over, which were checked when it was committed: nothing to find.
        const clashes = previous && samePaths(previous, tags, statics) ? [] : outputClashes(tags, statics, staticNamer(all, staticShown));
        if (clashes.length) throw new SitegenError(clashes, 1);
        if (refused) throw refused;
        committing = true;
        if (previous) {
          staticsWritten = await replaceChanged({ outDir, temp, previous, tags, stats: stats!, changed, statics, sources: all, save });
          await rm(wrapper, { recursive: true, force: true });
          return;
        }
        // Static files last; a generated file of the same path wins (`statics` leaves those out).
        copyStatics(all, temp, statics.keys(), made);
        staticsWritten = statics.size;
        await swapIn(temp, outDir, join(parent, `.${name}${OLD_MARK}${process.pid}-${Date.now()}`));
        // Empty now. The output is in place whatever happens here: a folder that cannot be removed is the next build's (`removeStale`).
        try {
          rmSync(wrapper, { recursive: true, force: true });
        } catch {
          // Left for the next build.
        }
        if (!stats) return;
        // The copied static files keep the size, time and inode they were copied with.
        for (const [path, tag] of statics) {
          tags.set(path, tag);
          stats.set(path, statTriple(join(outDir, path)));
        }
        const files: Record<string, ManifestEntry> = {};
        for (const [path, tag] of tags) {
          const stat = stats.get(path);
          if (stat) files[path] = [tag, ...stat];
        }
        await save(files);
      } catch (error) {
        await rm(wrapper, { recursive: true, force: true });
        throw error;
      } finally {
        unfinished.delete(wrapper);
        committing = false;
        releaseLock(lock);
      }
    },
    async abort() {
      open = false;
      await writer?.stop();
      return rm(wrapper, { recursive: true, force: true }).finally(() => (unfinished.delete(wrapper), releaseLock(lock)));
    },
  };
}

/**
 * A static file where the site has a folder (`static/docs` beside the docs pages), static files
 * inside what the site writes as a file (`static/sitemap.xml/…`), or a page inside one (a free page
 * `page-data.json.md`): one of the two cannot be written. Found before the output folder is touched.
 */
function fileFolderClashes(generated: Map<string, string>, statics: Map<string, string>, shown: (path: string) => string): Diagnostic[] {
  const isFile = (path: string) => generated.has(path) || statics.has(path);
  const out: Diagnostic[] = [];
  const told = new Set<string>();
  for (const path of [...generated.keys(), ...statics.keys()]) {
    for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
      const folder = path.slice(0, cut);
      if (!isFile(folder) || told.has(folder)) continue;
      told.add(folder);
      const staticFolder = statics.has(folder);
      const staticInside = !staticFolder && statics.has(path);
      out.push({
        severity: 'error',
        code: 'output',
        // Two files the site writes: told at the outer one, where `clashesAtSources` finds the page inside it.
        file: staticFolder ? shown(folder) : staticInside ? shown(path) : folder,
        message: staticFolder
          ? `this static file has the path of a folder of the site (${folder}/${path.slice(cut + 1)})`
          : staticInside
            ? `this static file would be inside ${folder}, a file the site writes`
            : `the site writes this file, and another one inside it (${path})`,
        hint: staticFolder || staticInside ? 'move or rename the static file' : 'a page has the address of a file the site makes (robots.txt, sitemap.xml, page-data.json, search-index.json, the feeds): rename it',
      });
      break;
    }
  }
  return out;
}

/**
 * Whether a build writes the very paths of the last one, generated and static alike (its manifest tells the static
 * files by their tags): the output's clashes depend on nothing else, and that build's were none. In a one-page edit
 * the whole check took 6-10 ms of the main thread, for a set comparison here.
 */
function samePaths(previous: OutputManifest, generated: Map<string, string>, statics: Map<string, string>): boolean {
  const listed = Object.keys(previous.files);
  if (listed.length !== generated.size + statics.size) return false;
  for (const path of listed) {
    const wasStatic = previous.files[path]![0].startsWith(STATIC_TAG);
    if (wasStatic ? !statics.has(path) : !generated.has(path)) return false;
  }
  return true;
}

/** What the output cannot hold, found before it is written: files and folders at one path, and paths that differ only in case. */
function outputClashes(generated: Map<string, string>, statics: Map<string, string>, shown: (path: string) => string): Diagnostic[] {
  return [...fileFolderClashes(generated, statics, shown), ...caseClashes(generated, statics, shown)];
}

/**
 * A static file whose path differs only in case (or in how its accents are composed) from another
 * file of the output, or from a folder of it (`static/Img/Logo.png` beside `static/img/logo.png`,
 * `static/Robots.txt` beside the site's `robots.txt`): the two are one file on a case-insensitive disk
 * (macOS, Windows), so a site built or unpacked there silently loses one. A static folder that differs so
 * from a folder of the site or another static folder (`static/Docs/` beside the docs pages' `docs/`) is one
 * folder there, under one of the two names: the other's files are no longer at their addresses. Told once
 * per folder, at the outermost that differs; pages among themselves are the routes' to tell (with their files).
 */
function caseClashes(generated: Map<string, string>, statics: Map<string, string>, shown: (path: string) => string): Diagnostic[] {
  const files = new Map<string, string>();
  // Each folder by its folded path: as first written (the site's, then the static files' in order of their paths), and a file in it.
  const folders = new Map<string, { path: string; file: string }>();
  const staticPaths = [...statics.keys()].sort();
  for (const path of [...generated.keys(), ...staticPaths]) {
    const folded = caseFolded(path);
    if (!files.has(folded)) files.set(folded, path);
    for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
      const folder = caseFolded(path.slice(0, cut));
      if (!folders.has(folder)) folders.set(folder, { path: path.slice(0, cut), file: path });
    }
  }
  const out: Diagnostic[] = [];
  const told = new Set<string>();
  const how = (path: string, other: string) => (path.normalize('NFC') === other.normalize('NFC') ? 'only in how its accents are composed' : 'only in case');
  const folderNamed = ({ path, file }: { path: string; file: string }) => (statics.has(file) ? `${staticFolderShown(shown, file, path)}/` : `the folder ${path}/ of the site`);
  for (const path of staticPaths) {
    const folded = caseFolded(path);
    const file = files.get(folded)!;
    const folder = folders.get(folded)?.path;
    const otherPath = file !== path ? file : folder !== undefined && folder !== path ? folder : undefined;
    if (otherPath !== undefined) {
      const other = otherPath === file ? (statics.has(file) ? shown(file) : `the site's ${file}`) : `the folder ${folder}/ of the site`;
      out.push({ severity: 'error', code: 'output', file: shown(path), message: `this static file's path differs ${how(path, otherPath)} from ${other}: a case-insensitive disk (macOS, Windows) holds the two as one, so one would be lost`, hint: 'rename one of them' });
      continue;
    }
    const differing = caseDifferingFolder(path, folders);
    if (differing === null || told.has(differing.path)) continue;
    told.add(differing.path);
    out.push({
      severity: 'error',
      code: 'output',
      file: staticFolderShown(shown, path, differing.path),
      message: `this static folder's path differs ${how(differing.path, differing.other.path)} from ${folderNamed(differing.other)}: a case-insensitive disk (macOS, Windows) holds the two as one folder, under one of the two names, so the files of the other would not be at their addresses`,
      hint: 'rename one of them',
    });
  }
  return out;
}

/** The outermost folder of a path that is written otherwise by a folder met before it, with that one; null when none is. */
function caseDifferingFolder(path: string, folders: Map<string, { path: string; file: string }>): { path: string; other: { path: string; file: string } } | null {
  for (let cut = path.indexOf('/'); cut !== -1; cut = path.indexOf('/', cut + 1)) {
    const folder = path.slice(0, cut);
    const other = folders.get(caseFolded(folder))!;
    if (other.path !== folder) return { path: folder, other };
  }
  return null;
}

/** A static folder as diagnostics name it: the name of a file in it (`content/static/Docs/x.png`) without the path below the folder. */
function staticFolderShown(shown: (path: string) => string, file: string, folder: string): string {
  const name = shown(file);
  return name.slice(0, name.length - (file.length - folder.length));
}

/** Copies static files (a link to a file as that file) into a folder, creating each directory once. */
function copyStatics(statics: StaticFiles, to: string, paths: Iterable<string>, made: Set<string>): void {
  for (const path of paths) {
    try {
      ensureDir(dirname(join(to, path)), made);
      copyFileSync(sourceOf(statics, path), join(to, path));
    } catch (error) {
      const code = errnoOf(error);
      if (!code) throw error;
      throw outputError(relative(process.cwd(), sourceOf(statics, path)), `this static file cannot be copied (${code})`);
    }
  }
}

/** Creates a folder (and its parents) unless `made` says this build already did. */
function ensureDir(dir: string, made: Set<string>): void {
  if (made.has(dir)) return;
  makeDirSync(dir);
  made.add(dir);
}

/** What to do when the disk refuses a file of the output, by the system's error code. */
const DISK_HINTS: Record<string, string> = {
  ENOSPC: 'the disk is full: free some space, or build into another folder with --out',
  EDQUOT: 'the disk quota is used up: free some space, or build into another folder with --out',
  EFBIG: 'the file is larger than the system allows a file to be (a limit set with ulimit -f, or the file system\'s own)',
  EROFS: 'the output folder is on a read-only file system: build into another folder with --out',
  EACCES: 'the output folder must be writable by this user',
  EPERM: 'the output folder must be writable by this user',
  EIO: 'the disk reported an input/output error',
};

/**
 * A write of the output the system refused, as a diagnostic at the file instead of the system's error and its
 * stack: a file and a folder of the build at one path (a free page `robots.txt.md` makes the folder
 * `robots.txt/`, where the site writes its robots file), or a disk that is full, read-only or limited.
 */
function writeError(error: unknown, path: string): unknown {
  const code = errnoOf(error);
  if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') {
    return outputError(path, 'the site has both a file and a folder at this path (or above it), so it cannot be written', 'a page or static file has the address of a file the site makes (robots.txt, sitemap.xml, page-data.json, search-index.json, the feeds): rename it');
  }
  const hint = code ? DISK_HINTS[code] : undefined;
  if (!hint) return error;
  return outputError(path, `the file could not be written (${code}: ${systemReason(error, code!)})`, hint);
}

function isOutputError(error: unknown): error is SitegenError {
  return error instanceof SitegenError && error.diagnostics.every((d) => d.code === 'output');
}

/** A refusal or failure of the output folder: the build fails as on a content error (exit 1). */
function outputError(file: string, message: string, hint?: string): SitegenError {
  return new SitegenError([{ severity: 'error', code: 'output', file, message, hint }], 1);
}

/** The system's words for an error (`no space left on device`, of `ENOSPC: no space left on device, write`), or its code. */
function systemReason(error: unknown, code: string): string {
  return /^E\w+: ([^,]+)/.exec((error as Error).message)?.[1] ?? code;
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** The static files not shadowed by a generated file of the same path, with their tags (a link to a file counts as that file). */
function staticSources(statics: StaticFiles, generated: Map<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of listStatics(statics)) {
    if (!generated.has(entry.path)) found.set(entry.path, staticTag(entry.size, entry.mtimeMs, entry.ctimeMs));
  }
  return found;
}

/**
 * Commits a build over the output folder it was made from (`previous`): removes the files this build
 * no longer makes, then moves each new or changed file from the temporary folder into the output
 * folder, and records the result; returns the number of static files copied. Every file replaced or
 * removed is first moved aside (into a folder beside the temporary one), so that a move the disk
 * refuses (a folder this user may not write, an immutable file) puts everything back as it was and
 * fails with one line naming the file: the output folder is the last build's, whole, and its manifest
 * still holds. If even putting back fails, the manifest is dropped and the next build writes everything.
 */
async function replaceChanged(input: { outDir: string; temp: string; previous: OutputManifest; tags: Map<string, string>; stats: Map<string, FileStat>; changed: string[]; statics: Map<string, string>; sources: StaticFiles; save: (files: Record<string, ManifestEntry> | null) => Promise<void> }): Promise<number> {
  const { outDir, temp, previous, tags, statics } = input;
  const changed = [...input.changed];
  const copied: string[] = [];
  for (const [path, tag] of statics) {
    tags.set(path, tag);
    if (previous.files[path]?.[0] !== tag) copied.push(path);
  }
  copyStatics(input.sources, temp, copied, new Set());
  changed.push(...copied);
  const removed = Object.keys(previous.files).filter((path) => !tags.has(path));
  const aside = `${temp}.replaced`;
  const undo: (() => void)[] = [];
  let asideMade = false;
  /** Moves the output folder's file at `path` (if there is one) aside, to be put back by `undo`. */
  const setAside = (path: string) => {
    const from = join(outDir, path);
    // One flat folder (a number for each file): no tree of folders to make for a few files.
    const to = join(aside, String(undo.length));
    if (!asideMade) {
      try {
        mkdirSync(aside);
      } catch (error) {
        if (errnoOf(error) !== 'EEXIST') throw error;
      }
      asideMade = true;
    }
    try {
      renameSync(from, to);
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return;
      throw error;
    }
    undo.push(() => renameSync(to, from));
  };
  let at = '';
  try {
    for (const path of removed) setAside((at = path));
    const made = new Set<string>();
    for (const path of changed) {
      at = path;
      ensureDir(dirname(join(outDir, path)), made);
      setAside(path);
      renameSync(join(temp, path), join(outDir, path));
      undo.push(() => renameSync(join(outDir, path), join(temp, path)));
    }
  } catch (error) {
    let whole = true;
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        whole = false;
      }
    }
    // The folders made for new files, empty again.
    for (const path of changed) if (!previous.files[path]) removeEmptyParents(outDir, path);
    if (asideMade) rmSync(aside, { recursive: true, force: true });
    if (!whole) await input.save(null);
    throw replaceError(error, at, whole);
  }
  for (const path of removed) removeEmptyParents(outDir, path);
  if (asideMade) rmSync(aside, { recursive: true, force: true });
  const files: Record<string, ManifestEntry> = {};
  for (const [path, tag] of tags) {
    const kept = previous.files[path];
    if (kept && kept[0] === tag) files[path] = kept;
    else {
      // Renaming keeps a file's size, time and inode; a copied static file is looked at.
      const stat = input.stats.get(path) ?? statTriple(join(outDir, path));
      files[path] = [tag, ...stat];
    }
  }
  await input.save(files);
  return changed.length - input.changed.length;
}

/** One line for a file of the output folder that could not be replaced or removed, and what the folder holds now. */
function replaceError(error: unknown, path: string, whole: boolean): unknown {
  const code = errnoOf(error);
  if (!code) return error;
  const state = whole ? 'the output folder is as the last build left it' : 'some of its files could not be put back either: the next build writes the output folder whole';
  return outputError(path, `this file of the output folder could not be replaced (${code}: ${systemReason(error, code)}); ${state}`, DISK_HINTS[code]);
}

function statTriple(file: string): FileStat {
  const stat = statSync(file);
  return [stat.size, stat.mtimeMs, stat.ino];
}

/** Removes the folders a deleted file leaves empty, up to the output folder. */
function removeEmptyParents(outDir: string, path: string): void {
  for (let dir = dirname(path); dir !== '.' && dir !== '/'; dir = dirname(dir)) {
    try {
      rmdirSync(join(outDir, dir));
    } catch {
      return; // not empty (or gone)
    }
  }
}

/** Output kept in memory (no writing, or the dev server's `writeChanged`). */
export function collectOutput(): OutputSink & { files: OutputFile[] } {
  const files: OutputFile[] = [];
  return {
    files,
    get paths() {
      return files.map((f) => f.path);
    },
    add(more) {
      files.push(...more);
    },
  };
}

/** A sink that keeps the paths of the files added and drops their contents (a build that has failed already checks its links with it). */
export function pathsOutput(): OutputSink {
  const paths: string[] = [];
  return {
    paths,
    add(more) {
      for (const file of more) paths.push(file.path);
    },
  };
}

const OUTSIDE_RE = /(?:^|[/\\])\.\.(?:[/\\]|$)/;

/** The last guard of the output folder: no file of a build is written outside it, whatever made its path. */
function assertInside(path: string): void {
  if (isAbsolute(path) || OUTSIDE_RE.test(path)) {
    throw outputError(path, 'this output path leaves the output folder, so nothing was written');
  }
}

/**
 * Writes files under a folder, creating each directory once. Synchronous on purpose: hundreds of small
 * files go out about twice as fast without a trip through libuv's thread pool for each (730 files:
 * 70–115 ms against 140–270 ms), and a page is written as soon as it is rendered.
 */
export function writeFiles(root: string, files: OutputFile[], made = new Set<string>(), stats?: Map<string, FileStat>): void {
  for (const file of files) assertInside(file.path);
  const dirs = new Set(files.map((f) => dirname(join(root, f.path))));
  for (const dir of [...dirs].sort()) {
    try {
      ensureDir(dir, made);
    } catch (error) {
      throw writeError(error, relative(root, dir));
    }
  }
  for (const file of files) {
    if (!stats) {
      try {
        writeFileSync(join(root, file.path), file.contents);
      } catch (error) {
        throw writeError(error, file.path);
      }
      continue;
    }
    // The size, time and inode the file keeps when renamed into place, for the output manifest.
    let fd: number;
    try {
      fd = openSync(join(root, file.path), 'w');
    } catch (error) {
      throw writeError(error, file.path);
    }
    try {
      writeFileSync(fd, file.contents);
      const stat = fstatSync(fd);
      stats.set(file.path, [stat.size, stat.mtimeMs, stat.ino]);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Marks the folder that holds a build's new output as the top of a tree of folders (ext4's `T`
 * attribute, set by `chattr`; elsewhere nothing happens), so that ext4 places the output's folder, and
 * with it the files below, in a group of the disk chosen for its free inodes instead of the project
 * folder's group. There, each of the last builds' deleted files (an ext4 without a journal, as this
 * machine kind's, skips an inode freed in the last minutes, checking each in turn) made every new file
 * cost the kernel 0.3–0.6 ms: 0.4–0.8 s of a cold build's 1,300 files, 0.03 s once spread.
 */
function spreadFolders(dir: string): void {
  if (process.platform !== 'linux') return;
  // 1.3–2.4 ms; a disk without the attribute (tmpfs, btrfs) or no `chattr` is no error.
  spawnSync('chattr', ['+T', dir], { stdio: 'ignore', timeout: 1000 });
}

/** Puts the new output in the old one's place: both renames in one turn of the event loop, so that no signal handler sees no output folder. */
async function swapIn(temp: string, outDir: string, old: string): Promise<void> {
  if (existsSync(outDir)) {
    renameSync(outDir, old);
    try {
      renameSync(temp, outDir);
    } catch (error) {
      renameSync(old, outDir);
      throw error;
    }
    removeInBackground(old);
  } else {
    renameSync(temp, outDir);
  }
}

/**
 * Deletes the previous output once the new one is in place, in a detached `rm` so that the build
 * returns without waiting (16,000 pages: about 6–12 s of deleting). A folder still there when the
 * next build starts is removed by it (`removeStale`); without `rm` (Windows) it is deleted here.
 */
function removeInBackground(dir: string): void {
  const here = () => void rm(dir, { recursive: true, force: true }).catch(() => undefined);
  if (process.platform === 'win32') return here();
  try {
    const child = spawn('rm', ['-rf', '--', dir], { detached: true, stdio: 'ignore' });
    child.on('error', here);
    child.unref();
  } catch {
    here();
  }
}

/** Leftovers of builds that were killed before they could clean up. */
async function removeStale(parent: string, name: string): Promise<void> {
  const prefixes = [`.${name}${TEMP_MARK}`, `.${name}${OLD_MARK}`];
  for (const entry of await readdir(parent)) {
    if (prefixes.some((p) => entry.startsWith(p))) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

const SEARCH_OUTPUT_RE = /(?:^|\/)(?:search-index(?:-[\w.~-]+)?\.json|search-text(?:-[\w.~-]+)?\/\d+\.json)$/;

/** A locale's search index (a docs version's too) or one of its page texts: the dev server writes them apart from the rest. */
export function isSearchOutput(path: string): boolean {
  return SEARCH_OUTPUT_RE.test(path);
}

/** The paths (the site's, the static files') of each dev output's last whole write found without clashes, by its `written` map. */
const clashFree = new WeakMap<Map<string, OutputFile['contents']>, { generated: Set<string>; statics: Set<string> }>();

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/**
 * Writes only what changed since the last call into the output folder itself (dev server): files
 * whose hash differs, static files whose size or time differs; removes the files `prunes` selects
 * that are no longer produced. By default a write leaves the search files alone: the dev server
 * writes those later, in a write of their own that prunes only them.
 */
export async function writeChanged(outDir: string, files: OutputFile[], staticInput: StaticInput, written: Map<string, OutputFile['contents']>, prunes: (path: string) => boolean = (path) => !isSearchOutput(path)): Promise<string[]> {
  // The folder deleted under the server (`rm -rf .sitegen-cache`): nothing written before is there any more.
  if (written.size > 0 && !existsSync(outDir)) written.clear();
  const statics = staticsOf(staticInput);
  const all = [...files];
  // As a build copies them: dotfiles included (/.well-known/), and a generated file of the same path wins.
  const generated = new Set(files.map((f) => f.path));
  const staticPaths = listStatics(statics).filter((entry) => !generated.has(entry.path));
  for (const entry of staticPaths) all.push({ path: entry.path, contents: `${entry.size}:${entry.mtimeMs}` });
  for (const file of files) assertInside(file.path);
  // What a build's commit refuses is refused here too, before anything is written: a static file at a
  // folder of the site failed the write as a bug in sitegen, and a case clash went untold until the build.
  // The clashes depend on the paths alone: a write of the whole site (not the search files alone, written apart)
  // with the paths of the last one found without clashes, in whatever order, is not checked again (2 ms of each
  // edit of the bundled site).
  const paths = staticInput ? { generated, statics: new Set(staticPaths.map((entry) => entry.path)) } : null;
  const checked = clashFree.get(written);
  if (!paths || !checked || !sameSet(paths.generated, checked.generated) || !sameSet(paths.statics, checked.statics)) {
    const [generatedMap, staticMap] = [new Map(files.map((f) => [f.path, ''])), new Map(staticPaths.map((entry) => [entry.path, '']))];
    const clashes = outputClashes(generatedMap, staticMap, staticNamer(statics, undefined));
    if (clashes.length) throw new SitegenError(clashes, 1);
    if (paths) clashFree.set(written, paths);
  }
  const changed: OutputFile[] = [];
  const present = new Set<string>();
  // Files the server may be sending right now, or asked for while they are written: those written
  // before, and any file once the folder has been written to (the search index, written after the
  // pages, had been read cut short while it was being written): put in place whole (see `replaceFile`).
  const serving = written.size > 0;
  const replaced = new Set<string>();
  for (const file of all) {
    present.add(file.path);
    // The last contents, not a hash: an unchanged page is usually the very same string (a pointer
    // comparison), and hashing every page of the site on each edit cost more than the edit itself.
    const before = written.get(file.path);
    if (sameContents(before, file.contents)) continue;
    written.set(file.path, file.contents);
    changed.push(file);
    if (before !== undefined || serving) replaced.add(file.path);
  }
  const fromStatic = new Set(changed.filter((f) => typeof f.contents === 'string' && !files.includes(f)).map((f) => f.path));
  const made = new Set<string>();
  writeFiles(outDir, changed.filter((f) => !fromStatic.has(f.path) && !replaced.has(f.path)), made);
  copyStatics(statics, outDir, [...fromStatic].filter((path) => !replaced.has(path)), made);
  for (const { path, contents } of changed.filter((f) => replaced.has(f.path))) {
    ensureDir(dirname(join(outDir, path)), made);
    replaceFile(join(outDir, path), (temp) => (fromStatic.has(path) ? copyFileSync(sourceOf(statics, path), temp) : writeFileSync(temp, contents)));
  }
  const done = changed.map((f) => f.path);
  for (const path of [...written.keys()]) {
    if (present.has(path) || !prunes(path)) continue;
    written.delete(path);
    done.push(path);
    await rm(join(outDir, path), { force: true });
    // A deleted page or section leaves no empty folder behind: served, `/docs/x/` would still be a folder.
    removeEmptyParents(outDir, path);
  }
  return done;
}

/**
 * Puts a new version of a file in place by renaming a complete copy over it (`write` makes the copy):
 * a response that is streaming the old file (the dev server answers while it rebuilds) reads all of
 * the old one, where writing in place could send the start of the new one cut at the old one's length.
 */
function replaceFile(file: string, write: (temp: string) => void): void {
  const temp = `${file}.${process.pid}.sitegen-tmp`;
  write(temp);
  renameSync(temp, file);
}

function sameContents(a: OutputFile['contents'] | undefined, b: OutputFile['contents']): boolean {
  if (a === b) return true;
  if (a === undefined || typeof a === 'string' || typeof b === 'string') return false;
  return Buffer.compare(a, b) === 0;
}
