import { relative } from 'node:path';
import { watch } from 'chokidar';

// Long enough to gather a burst (a branch switch writes hundreds of files), short enough to feel instant.
// A change that keeps coming after it (a file written in slow pieces) queues one more rebuild, and the
// dev server announces only the last one's result.
const DEBOUNCE_MS = 25;

export interface SiteWatcher {
  /** Whether changes are waiting for a rebuild (the running one is then out of date). */
  pending(): boolean;
  /** Resolves when no rebuild is queued or running. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  root: string;
  /** Files and folders to watch. */
  paths: string[];
  /** Never watched: the dev output and caches (writing them must not trigger a rebuild). */
  ignored: (path: string) => boolean;
  /** Runs one rebuild for the changed files (paths relative to the root); never runs twice at once. */
  rebuild: (files: string[]) => Promise<void>;
}

/** Watches the site's sources and runs one debounced rebuild per burst of changes, one at a time. */
export async function watchSite(options: WatchOptions): Promise<SiteWatcher> {
  // chokidar's `atomic` (on by default) turns an editor's save-by-rename (unlink + add) into one change.
  const watcher = watch(options.paths, { ignoreInitial: true, ignored: options.ignored });
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();
  watcher.on('all', (_event, path) => {
    changed.add(relative(options.root, path));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      queue = queue.then(() => {
        const files = [...changed];
        changed.clear();
        return files.length ? options.rebuild(files) : undefined;
      });
    }, DEBOUNCE_MS);
  });
  await new Promise<void>((ready, fail) => {
    watcher.once('ready', ready);
    watcher.once('error', fail);
  });
  return {
    pending: () => timer !== null || changed.size > 0,
    async idle() {
      while (timer !== null || changed.size > 0) await new Promise((r) => setTimeout(r, DEBOUNCE_MS));
      await queue;
    },
    async close() {
      if (timer) clearTimeout(timer);
      changed.clear();
      await watcher.close();
      await queue;
    },
  };
}
