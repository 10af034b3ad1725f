import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { takePrestartedWorker, workerFile } from './prestart.js';
import type { LinkContext } from '../content/links.js';
import { fillDeferred } from '../content/deferredCode.js';
import type { MarkdownJob, MarkdownResult } from '../content/markdown.js';
import type { RenderedPage, RenderSetup } from '../render/renderPages.js';
import type { SearchJson } from '../search/buildIndex.js';
import type { Diagnostic, Route, SearchConfig, SearchPage } from '../types.js';
import { SitegenError } from '../diagnostics.js';
import type { FolderStat } from '../files.js';

/** A unit of work for a worker thread. */
export type Task =
  | { kind: 'markdown'; job: MarkdownJob; contextKey: string }
  | { kind: 'pages'; setupKey: string; routes: Route[] }
  | { kind: 'search'; indexes: { path: string; pages: SearchPage[]; revision: string }[]; config: SearchConfig }
  | { kind: 'highlight'; blocks: { code: string; lang: string }[] }
  | { kind: 'stat'; dir: string };

export type WorkerRequest =
  | { type: 'init'; highlighter: boolean; defer: boolean; cacheDir: string | null; prepareSearch: boolean }
  | { type: 'highlight-here' }
  | { type: 'context'; key: string; context: LinkContext }
  | { type: 'setup'; key: string; setup: RenderSetup }
  | { type: 'task'; id: number; task: Task };

/** A failure carries `diagnostics` when it is a user's error (a SitegenError), so that it stays one on this side. */
export type WorkerResponse = { id: number; result: unknown; error?: undefined } | { id: number; error: string; diagnostics?: Diagnostic[]; result?: undefined };

/** Sent by a thread when it starts on a markdown file or code blocks: the time limit runs from then. */
export type WorkerStarted = { id: number; started: true };

export interface PoolOptions {
  /** Worker threads; defaults to the number of cores (at most 4). */
  threads?: number;
  /** A markdown file taking longer than this fails and its worker is replaced. */
  timeoutMs?: number;
  /** The build cache, where highlighted code blocks are kept; none when null. */
  cacheDir?: string | null;
  /**
   * Whether code blocks not in a cache are highlighted by the first thread only (default). The dev
   * server's long-lived threads each highlight their own: an edit's code never waits behind a search
   * index the first thread is building.
   */
  shareHighlighter?: boolean;
  /**
   * Whether a thread that has rendered a few pages' markdown loads jieba for their Chinese once it
   * has nothing else to do (default): in a build that changed a few pages, the search index that
   * follows then tokenises them at once. Not in a build that renders most markdown (the highlighter
   * started: its threads idle now and then between files, and the index loads jieba for all pages at
   * once), nor in the dev server, whose indexes wait for edits to pause.
   */
  prepareSearch?: boolean;
}

interface Pending {
  id: number;
  task: Task;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Tasks sent and not answered, in the order the thread works on them (the first is under way). */
  sent: (Pending & { timer: NodeJS.Timeout | null })[];
}

/**
 * Tasks sent to a thread ahead of its answers: the next one is there when it finishes, instead of a
 * round trip through this thread (which may be busy) later. Two keeps the queue fair between threads.
 */
const IN_FLIGHT = 2;

/**
 * Code blocks not in any cache are highlighted by the first thread only, the others leaving markers
 * (highlight.ts): one thread compiles the grammars instead of each. Past this many blocks a site has
 * code enough for every thread to highlight its own (compiling a grammar costs about as much as
 * highlighting a few hundred blocks).
 */
const HIGHLIGHT_ALONE = 300;
/** Highlighted blocks the pool remembers (a block repeated on many pages is highlighted once). */
const HIGHLIGHTED_LIMIT = 4000;

/**
 * Worker threads that render markdown (with a time limit per file, so a pathological file fails with
 * its name; code blocks highlighted by the first thread, whose shiki loads a grammar the first time a
 * block needs it) and render pages through the theme, so both cores are used.
 */
export function createPool(options: PoolOptions) {
  const threads = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const broadcasts = new Map<string, WorkerRequest>();
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  let highlighter = false;
  const highlighted = new Map<string, Promise<string>>();
  let deferredBlocks = 0;

  /** A thread for slot `index`: the first one highlights code blocks, the others leave them to it. */
  const spawn = (index: number): Slot => {
    const worker = takePrestartedWorker() ?? new Worker(workerFile());
    worker.unref();
    const slot: Slot = { worker, sent: [] };
    const defer = index > 0 && options.shareHighlighter !== false;
    worker.postMessage({ type: 'init', highlighter: highlighter && !defer, defer, cacheDir: options.cacheDir ?? null, prepareSearch: options.prepareSearch !== false && !highlighter } satisfies WorkerRequest);
    for (const message of broadcasts.values()) worker.postMessage(message);
    worker.on('message', (response: WorkerResponse | WorkerStarted) => {
      const done = slot.sent[0];
      if (!done || done.id !== response.id) return;
      if ('started' in response) return startClock(slot);
      if (done.timer) clearTimeout(done.timer);
      slot.sent.shift();
      if (response.error !== undefined) done.reject(response.diagnostics ? new SitegenError(response.diagnostics, 1) : new Error(response.error));
      else done.resolve(response.result);
      pump();
    });
    worker.on('error', (error) => replace(slot, error));
    return slot;
  };

  /** A markdown file's time limit runs from when its thread starts on it (not while the thread itself starts). */
  const startClock = (slot: Slot) => {
    // Not once closed: a thread's word that it started, sent before it was stopped, may come after.
    if (closed) return;
    const first = slot.sent[0];
    if (first && (first.task.kind === 'markdown' || first.task.kind === 'highlight') && !first.timer) {
      const reason = first.task.kind === 'highlight' ? 'to highlight its code blocks' : 'to parse (deeply nested lists or quotes?)';
      first.timer = setTimeout(() => replace(slot, new Error(`took longer than ${timeoutMs / 1000} s ${reason}`)), timeoutMs);
    }
  };

  const replace = (slot: Slot, error: Error) => {
    // The task under way fails; those sent behind it go back to the front of the queue.
    const [failed, ...waiting] = slot.sent;
    slot.sent = [];
    for (const task of [failed, ...waiting]) if (task?.timer) clearTimeout(task.timer);
    failed?.reject(error);
    queue.unshift(...waiting.map(({ timer: _timer, ...task }) => task));
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index !== -1 && !closed) slots[index] = spawn(index);
    pump();
  };

  const pump = () => {
    // Idle threads first, then a second task each.
    for (let depth = 1; depth <= IN_FLIGHT; depth++) {
      slots.forEach((slot, index) => {
        // Nothing waits behind a search index (seconds of work on a big site) while another thread could take it.
        if (slot.sent.length >= depth || queue.length === 0 || slot.sent[0]?.task.kind === 'search') return;
        // Code blocks go to the first thread, ahead of its other work (files wait for them); only there.
        const at = index === 0 ? Math.max(0, queue.findIndex((t) => t.task.kind === 'highlight')) : queue.findIndex((t) => t.task.kind !== 'highlight');
        if (at === -1) return;
        const [next] = queue.splice(at, 1) as [Pending];
        slot.sent.push({ ...next, timer: null });
        slot.worker.postMessage({ type: 'task', id: next.id, task: next.task } satisfies WorkerRequest);
      });
    }
  };

  const run = <T>(task: Task): Promise<T> => {
    if (closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, task, resolve: resolve as (r: unknown) => void, reject });
      // A thread is started only for work that finds every started thread busy: a warm build with one
      // changed page keeps the second core for this thread instead of loading modules nobody uses. A
      // folder's listing (a few milliseconds, sent before the thread has even loaded) waits for one,
      // and keeps none busy: its answer may only be waiting for this thread to read it.
      const busy = (slot: Slot) => slot.sent.some((t) => t.task.kind !== 'stat');
      if (slots.length < threads && (slots.length === 0 || (task.kind !== 'stat' && slots.every(busy)))) slots.push(spawn(slots.length));
      pump();
    });
  };

  /** What each broadcast key was last sent with (`version`): the dev server's builds send the same link contexts and setup edit after edit. */
  const versions = new Map<string, string>();
  const broadcast = (key: string, message: WorkerRequest, version?: string) => {
    if (version !== undefined && versions.get(key) === version) return;
    if (version === undefined) versions.delete(key);
    else versions.set(key, version);
    broadcasts.set(key, message);
    for (const slot of slots) slot.worker.postMessage(message);
  };

  /** A thread's markdown with its deferred code blocks highlighted by the first thread and put in place. */
  const fill = async (result: MarkdownResult): Promise<MarkdownResult> => {
    const { deferred, ...rest } = result;
    if (!deferred) return result;
    const keyOf = (b: { code: string; lang: string }) => `${b.lang}\0${b.code}`;
    const wanted = deferred.blocks.filter((b) => !highlighted.has(keyOf(b)));
    if (wanted.length) {
      const answer = run<string[]>({ kind: 'highlight', blocks: wanted });
      answer.catch(() => wanted.forEach((b) => highlighted.delete(keyOf(b))));
      wanted.forEach((b, i) => highlighted.set(keyOf(b), answer.then((html) => html[i]!)));
      for (const key of [...highlighted.keys()].slice(0, Math.max(0, highlighted.size - HIGHLIGHTED_LIMIT))) highlighted.delete(key);
      deferredBlocks += wanted.length;
      if (deferredBlocks > HIGHLIGHT_ALONE && !broadcasts.has('highlight-here')) broadcast('highlight-here', { type: 'highlight-here' });
    }
    const html = await Promise.all(deferred.blocks.map((b) => highlighted.get(keyOf(b)) ?? run<string[]>({ kind: 'highlight', blocks: [b] }).then(([h]) => h!)));
    const { rendered } = rest;
    return { ...rest, rendered: { ...rendered, html: fillDeferred(rendered.html, deferred.marker, html), excerptHtml: rendered.excerptHtml === null ? null : fillDeferred(rendered.excerptHtml, deferred.marker, html) } };
  };

  return {
    threads,
    /** Threads started and running now. */
    get started() {
      return slots.length;
    },
    /**
     * Starts threads now, so their start-up overlaps with reading content: all of them with
     * `highlighter`, shiki starting in each (a cold build: most pages will need markdown rendered),
     * else one (a warm build: a few changed pages and a search index).
     */
    warm(options: { highlighter: boolean }) {
      highlighter ||= options.highlighter;
      const wanted = options.highlighter ? threads : 1;
      while (slots.length < wanted && !closed) slots.push(spawn(slots.length));
    },
    /** Sets the link context of a locale in every worker; not sent again while its `version` (a hash of it) stays the same. */
    setContext: (key: string, context: LinkContext, version?: string) => broadcast(`context:${key}`, { type: 'context', key, context }, version),
    /**
     * Sets what page rendering needs (config, theme, site data, assets) in every worker, by its key (a hash of it):
     * not sent again while it is the last one sent. A thread started later is sent the last one only.
     */
    setRenderSetup: (key: string, setup: RenderSetup) => broadcast('setup', { type: 'setup', key, setup }, key),
    markdown: (job: MarkdownJob, contextKey: string) => run<MarkdownResult>({ kind: 'markdown', job, contextKey }).then(fill),
    renderPages: (setupKey: string, routes: Route[]) => run<RenderedPage[]>({ kind: 'pages', setupKey, routes }),
    /** Search indexes and their page texts as JSON, one per list of pages, in one thread (jieba loads once, not on the main thread). */
    searchIndexes: (indexes: { path: string; pages: SearchPage[]; revision: string }[], config: SearchConfig) => run<SearchJson[]>({ kind: 'search', indexes, config }),
    /**
     * Every file and folder under `dir` (`statFolder`), listed by a thread: a warm build's thread waits
     * for the changed pages while this one reads the content, and the walk (an `lstat` per output file)
     * is then off the thread the build waits on.
     */
    statFolder: (dir: string) => run<FolderStat>({ kind: 'stat', dir }),
    async close() {
      closed = true;
      // The time limits of the tasks under way, else kept running for up to 10 s: the process (a dev server stopped
      // during a rebuild) would not end until they ran out.
      for (const slot of slots) for (const task of slot.sent) if (task.timer) clearTimeout(task.timer);
      await Promise.all(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}

export type Pool = ReturnType<typeof createPool>;
