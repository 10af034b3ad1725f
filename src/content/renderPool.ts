import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LinkContext } from './links.js';
import type { MarkdownJob, MarkdownResult } from './markdown.js';

export type WorkerRequest =
  | { type: 'init'; langs: string[] }
  | { type: 'languages'; langs: string[] }
  | { type: 'context'; key: string; context: LinkContext }
  | { type: 'render'; id: number; job: MarkdownJob; contextKey: string };

export type WorkerResponse = { id: number; result: MarkdownResult; error?: undefined } | { id: number; error: string; result?: undefined };

export interface RenderPoolOptions {
  /** Worker threads; defaults to the number of cores (at most 4). */
  threads?: number;
  /** A job running longer than this fails and its worker is replaced. */
  timeoutMs?: number;
  langs: string[];
}

interface Slot {
  worker: Worker;
  busy: { id: number; resolve: (r: MarkdownResult) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null;
}

interface Pending {
  id: number;
  job: MarkdownJob;
  contextKey: string;
  resolve: (r: MarkdownResult) => void;
  reject: (e: Error) => void;
}

/** The compiled worker next to this module (lib/), also when this module runs from src/ under a test runner. */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../lib/markdownWorker.js', here) : new URL('./markdownWorker.js', here);
}

/** A pool of markdown worker threads, each with one highlighter, with a time limit per file. */
export function createRenderPool(options: RenderPoolOptions) {
  const threads = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  let langs = [...options.langs];
  const contexts = new Map<string, LinkContext>();
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(fileURLToPath(workerUrl()));
    worker.unref();
    const slot: Slot = { worker, busy: null };
    worker.postMessage({ type: 'init', langs } satisfies WorkerRequest);
    for (const [key, context] of contexts) worker.postMessage({ type: 'context', key, context } satisfies WorkerRequest);
    worker.on('message', (response: WorkerResponse) => {
      const busy = slot.busy;
      if (!busy || busy.id !== response.id) return;
      clearTimeout(busy.timer);
      slot.busy = null;
      if (response.error !== undefined) busy.reject(new Error(response.error));
      else busy.resolve(response.result);
      pump();
    });
    worker.on('error', (error) => replace(slot, error));
    return slot;
  };

  const replace = (slot: Slot, error: Error) => {
    const busy = slot.busy;
    slot.busy = null;
    if (busy) {
      clearTimeout(busy.timer);
      busy.reject(error);
    }
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index !== -1 && !closed) slots[index] = spawn();
    pump();
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const next = queue.shift()!;
      const timer = setTimeout(() => replace(slot, new Error(`took longer than ${timeoutMs / 1000} s to parse (deeply nested lists or quotes?)`)), timeoutMs);
      slot.busy = { id: next.id, resolve: next.resolve, reject: next.reject, timer };
      slot.worker.postMessage({ type: 'render', id: next.id, job: next.job, contextKey: next.contextKey } satisfies WorkerRequest);
    }
  };

  return {
    /** Sets the link context of a locale in every worker. */
    setContext(key: string, context: LinkContext) {
      contexts.set(key, context);
      for (const slot of slots) slot.worker.postMessage({ type: 'context', key, context } satisfies WorkerRequest);
    },
    /** Makes sure these fence languages are loaded in every worker. */
    addLanguages(more: string[]) {
      const missing = more.filter((l) => !langs.includes(l));
      if (missing.length === 0) return;
      langs = [...langs, ...missing];
      for (const slot of slots) slot.worker.postMessage({ type: 'languages', langs: missing } satisfies WorkerRequest);
    },
    render(job: MarkdownJob, contextKey: string): Promise<MarkdownResult> {
      if (closed) return Promise.reject(new Error('render pool is closed'));
      while (slots.length < threads) slots.push(spawn());
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, contextKey, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
