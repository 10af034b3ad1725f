import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import { isFolder } from '../files.js';

// Long enough to gather a burst (a branch switch writes hundreds of files), short enough to feel instant.
// A change that keeps coming after it (a file written in slow pieces) queues one more rebuild, and the
// dev server announces only the last one's result. (4 ms for every burst, tried on 2026-11-27, made two
// of the watch tests fail on a loaded machine: an editor's save by rename brought two rebuilds.)
const DEBOUNCE_MS = 10;
// A burst that is so far one file written in place (an editor's usual save, chokidar's `change`) waits
// less: a save by rename, a new or deleted file, or any second event of the burst waits the whole
// DEBOUNCE_MS from its last event.
const SAVE_DEBOUNCE_MS = 4;
// chokidar reports a new folder, then reads it and reports its files (a copy or a checkout writes them after making it):
// a burst whose last event is a new folder waits this long, so its files come in the same rebuild, not a second one.
const FOLDER_DEBOUNCE_MS = 50;

// chokidar drops a change that comes within 50 ms of the last one it reported for the same file (a
// formatter rewriting a file just saved, two quick saves): each file is looked at again once that
// window has passed, and a difference counts as a change.
const SECOND_LOOK_MS = 60;
// A file's times come from the system's coarse clock, which may run a clock tick (up to 10 ms) behind Date.now().
const CLOCK_SLACK_MS = 10;

export interface SiteWatcher {
  /** Whether changes are waiting for a rebuild (the running one is then out of date). */
  pending(): boolean;
  /** When the last change was seen (`performance.now()`), or 0 before any. */
  lastChangeAt(): number;
  /** Resolves when no rebuild is queued or running. */
  idle(): Promise<void>;
  /** Queues a rebuild that no file asked for (`reason` names it), after any running one; resolves when it is done. */
  request(reason: string): Promise<void>;
  /** Watches these files and folders too (those not watched yet). */
  add(paths: string[]): void;
  /** Stops watching; `wait`: resolves once the running rebuild is done too (else at once). */
  close(wait?: boolean): Promise<void>;
}

export interface WatchOptions {
  root: string;
  /** Files and folders to watch. */
  paths: string[];
  /** Never watched: the dev output and caches (writing them must not trigger a rebuild). */
  ignored: (path: string) => boolean;
  /** Runs one rebuild for the changed files (paths relative to the root); never runs twice at once. */
  rebuild: (files: string[]) => Promise<void>;
  /** When (`Date.now()`) the first build began to read: what changed from then until the watcher is ready is rebuilt once it is. */
  since?: number;
}

/** Watches the site's sources and runs one debounced rebuild per burst of changes, one at a time. */
export async function watchSite(options: WatchOptions): Promise<SiteWatcher> {
  // chokidar's `atomic` (on by default) turns an editor's save-by-rename (unlink + add) into one change.
  // It stops watching a folder it was given once that folder is removed, and never sees it come back
  // (a script that replaces the content folder, a branch switch that recreates it): so it watches each
  // path's parent folder, with everything there but the paths themselves left out.
  // A watched path that is itself a link (a content folder shared with another project, `content -> ../shared`), which
  // the build reads through, is watched at its target too (chokidar follows no link), and what happens there is named by the link.
  const links = new Map<string, string>();
  const withTargets = (list: string[]) => [...list, ...list.flatMap((path) => linkTarget(path, links) ?? [])];
  const seenAs = (path: string) => {
    for (const [target, link] of links) if (path === target || path.startsWith(target + sep)) return link + path.slice(target.length);
    return path;
  };
  const paths = withTargets(options.paths);
  const parents = new Set(paths.map((path) => dirname(path)));
  const within = (path: string) => paths.some((watched) => path === watched || path.startsWith(watched.endsWith(sep) ? watched : watched + sep));
  const ignored = (path: string) => (!parents.has(path) && !within(path)) || options.ignored(seenAs(path));
  // A link to a folder is not followed: the build reads no folder through a link, and one to
  // node_modules or the home folder would cost every inotify watch the system has.
  const watcher = watch([...parents], { ignoreInitial: true, ignored, followSymlinks: false });
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();
  let lastChange = 0;
  // Each path's stamp at its last event, and the second look due SECOND_LOOK_MS after that event.
  const looks = new Map<string, { stamp: string; timer: NodeJS.Timeout }>();
  const note = (path: string, event: string) => {
    const stamp = stampOf(path);
    const due = looks.get(path);
    if (due) clearTimeout(due.timer);
    const look = setTimeout(() => {
      looks.delete(path);
      if (stampOf(path) !== stamp) note(path, 'look');
    }, SECOND_LOOK_MS).unref();
    looks.set(path, { stamp, timer: look });
    const alone = event === 'change' && changed.size === 0 && timer === null;
    changed.add(relative(options.root, seenAs(path)));
    lastChange = performance.now();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // Names the system said are gone during the burst (a branch switch's deleted pages beside its changed ones), which
      // chokidar reports 100 ms later: in this rebuild, not in one of their own after it, which published them meanwhile.
      const stillGone = [...removed].filter((gonePath) => !lstatExists(gonePath));
      if (stillGone.length > 0) return void stillGone.forEach(noteGone);
      addedInBurst = false;
      // A file made and gone again within the burst (`sed -i`'s sedXXXXXX, an editor's temporary renamed over the page)
      // was never published: not a change to rebuild or announce ("2 files changed" for one page edited). A page the
      // site was built with is no temporary, even if chokidar let go of it (a page saved by `sed -i` and renamed at once).
      for (const path of born) {
        if (lstatExists(path)) published.add(path);
        else if (!published.has(path)) dropTemporary(path);
      }
      born.clear();
      queue = queue.then(() => {
        const files = [...changed];
        changed.clear();
        return files.length ? options.rebuild(files) : undefined;
      });
    }, event === 'addDir' ? FOLDER_DEBOUNCE_MS : alone ? SAVE_DEBOUNCE_MS : DEBOUNCE_MS);
  };
  // chokidar still reports a linked folder as changed when something inside it changes; and, not following links, it
  // reports each link it finds in its first scan as added despite `ignoreInitial` (a rebuild for nothing at start).
  let scanned = false;
  // chokidar holds a removal 100 ms (its `atomic`), to see whether the file comes back (an editor's save, a file deleted
  // and written again): a rename's old name came a rebuild after its new one, which published both meanwhile. The
  // system's own event says at once that a name is gone; it is noted then only beside a new name (a rename's burst), and
  // chokidar's `unlink` of it later, still gone, passes over. A removal with no new name waits for chokidar, as before.
  /** Names the system says are gone, not noted yet. */
  const removed = new Set<string>();
  /** Names noted gone ahead of chokidar. */
  const gone = new Set<string>();
  let addedInBurst = false;
  /**
   * Names the site has been built with: chokidar's first scan, and names made in a burst that were still there at its
   * end. chokidar lets go of a name while it reads its folder again (a page `sed -i` just renamed over): held or not,
   * one of these that is gone is a removal to rebuild, never a temporary file's.
   */
  const published = new Set<string>();
  /** Names made during this burst: reported added by chokidar, or said gone by the system while chokidar never held them. */
  const born = new Set<string>();
  // chokidar holds every name it reported (until it handles the system's event of its removal, after the `raw` one):
  // one it does not hold when the system says it is gone was made after it looked and gone again before it could.
  // What it holds is read once for the events the system gives together (a branch switch's hundreds).
  let held: Record<string, string[]> | null = null;
  const heldByChokidar = (path: string) => {
    if (!held) setImmediate(() => (held = null));
    held ??= watcher.getWatched();
    return held[dirname(path)]?.includes(basename(path)) ?? false;
  };
  const dropTemporary = (path: string) => {
    changed.delete(relative(options.root, seenAs(path)));
    // chokidar may report its removal 100 ms later (its `atomic` hold): passed over, as a name noted gone.
    gone.add(path);
    setTimeout(() => gone.delete(path), 1000).unref();
  };
  const noteGone = (path: string) => {
    removed.delete(path);
    if (lstatExists(path)) return;
    gone.add(path);
    // Past chokidar's hold, whatever it said: a name noted gone is not passed over for good.
    setTimeout(() => gone.delete(path), 1000).unref();
    note(path, 'unlink');
  };
  watcher.on('raw', (event, name, details) => {
    const at = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
    if (event !== 'rename' || !scanned || typeof name !== 'string' || typeof at !== 'string') return;
    // A folder's watcher names the entry; a file's names the file itself.
    const path = basename(at) === name && !isFolder(at) ? at : join(at, name);
    if (gone.has(path) || removed.has(path) || ignored(path) || lstatExists(path)) return;
    if (!heldByChokidar(path)) born.add(path);
    if (addedInBurst) return noteGone(path);
    removed.add(path);
    setTimeout(() => removed.delete(path), 1000).unref();
  });
  // chokidar reports a removed folder at once and each file it held 100 ms later (its `atomic` hold): the folder's
  // rebuild walked the content or theme again and saw them gone, so their removals, still gone, pass over (a file the
  // config imports, a watched path of its own, does not: its removal loads the config again).
  /** Removed folders inside the watched ones, until something is added there again. */
  const goneFolders = new Set<string>();
  const inGoneFolder = (path: string) => !paths.includes(path) && [...goneFolders].some((folder) => path.startsWith(folder + sep));
  watcher.on('all', (event, path) => {
    if ((event === 'unlink' || event === 'unlinkDir') && !lstatExists(path)) published.delete(path);
    if (gone.delete(path) && event === 'unlink' && !lstatExists(path)) return;
    if (event === 'unlink' && inGoneFolder(path) && !lstatExists(path)) return;
    if (event === 'unlinkDir' && within(path) && !lstatExists(path)) {
      goneFolders.add(path);
      setTimeout(() => goneFolders.delete(path), 1000).unref();
    } else if (event === 'add' || event === 'addDir') {
      for (const folder of goneFolders) if (path === folder || path.startsWith(folder + sep)) goneFolders.delete(folder);
    }
    if (isLinkedFolder(path) || (!scanned && event === 'add' && isLink(path))) return;
    note(path, event);
    if (event !== 'add') return;
    born.add(path);
    addedInBurst = true;
    for (const old of [...removed]) noteGone(old);
  });
  // A file saved (or a branch switched) while the first build ran, before chokidar watched, is seen by its times:
  // a file's own, or its folder's for one added, removed or renamed there.
  const noteChangedSince = (since: number) => {
    const entries = Object.entries(watcher.getWatched()).flatMap(([folder, names]) => [folder, ...names.map((name) => join(folder, name))]);
    for (const path of new Set(entries)) if (within(path) && !ignored(path) && changedSince(path, since)) note(path, 'change');
  };
  await new Promise<void>((ready, fail) => {
    watcher.once('ready', ready);
    watcher.once('error', fail);
  });
  scanned = true;
  for (const [folder, names] of Object.entries(watcher.getWatched())) for (const name of names) published.add(join(folder, name));
  if (options.since !== undefined) noteChangedSince(options.since - CLOCK_SLACK_MS);
  return {
    pending: () => timer !== null || changed.size > 0,
    lastChangeAt: () => lastChange,
    async idle() {
      while (timer !== null || changed.size > 0) await new Promise((r) => setTimeout(r, DEBOUNCE_MS));
      await queue;
    },
    request(reason) {
      queue = queue.then(() => options.rebuild([reason]));
      return queue;
    },
    add(more) {
      const fresh = withTargets(more.filter((path) => !within(path)));
      if (fresh.length === 0) return;
      paths.push(...fresh);
      const folders = fresh.map((path) => dirname(path)).filter((folder) => !parents.has(folder));
      for (const folder of folders) parents.add(folder);
      // A folder watched already (the config's own) now lets the new file through `ignored`; a new
      // folder there (a moved `contentDir`) was passed over when its parent was read, so it is added itself.
      const newFolders = fresh.filter((path) => !folders.includes(dirname(path)) && isFolder(path));
      if (folders.length > 0 || newFolders.length > 0) watcher.add([...new Set([...folders, ...newFolders])]);
    },
    async close(wait = true) {
      if (timer) clearTimeout(timer);
      for (const look of looks.values()) clearTimeout(look.timer);
      changed.clear();
      await watcher.close();
      if (wait) await queue;
    },
  };
}

/** Whether a file or folder was written or renamed at `since` or later: its ctime, which the system sets (a file's mtime may be set to any time, `touch -d`, `cp -p`). */
function changedSince(path: string, since: number): boolean {
  try {
    return lstatSync(path).ctimeMs >= since;
  } catch {
    return false;
  }
}

/** Size and modification time of a file, or '' when it is gone (or a folder's). */
export function stampOf(path: string): string {
  try {
    const stats = statSync(path);
    return stats.isFile() ? `${stats.mtimeMs}:${stats.size}` : '';
  } catch {
    return '';
  }
}

/** The folder or file a link at `path` leads to, noted in `links` with the link; null if `path` is no link (or leads nowhere). */
function linkTarget(path: string, links: Map<string, string>): string | null {
  try {
    if (!lstatSync(path).isSymbolicLink()) return null;
    const target = realpathSync(path);
    links.set(target, path);
    return target;
  } catch {
    return null;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether anything is at `path`, a link to nothing included. */
function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isLinkedFolder(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && statSync(path).isDirectory();
  } catch {
    return false;
  }
}
