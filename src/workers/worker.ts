// Worker thread: renders markdown (highlighting code blocks itself, or leaving them to the first
// thread) and pages (own theme module) for the pool.
import { parentPort } from 'node:worker_threads';
import { createCodeHighlighter } from '../content/highlight.js';
import { createMarkdownRenderer, plainCodeBlock } from '../content/markdown.js';
import type { LinkContext } from '../content/links.js';
import { recordingContext } from '../content/linkDeps.js';
import { statFolder } from '../files.js';
import type { createPageRenderer, RenderSetup } from '../render/renderPages.js';
import type { Task, WorkerRequest, WorkerResponse, WorkerStarted } from './pool.js';
import type { Diagnostic } from '../types.js';

const port = parentPort!;
const contexts = new Map<string, LinkContext>();
// Page rendering (React, the theme) and search (jieba) load when a task first needs them: a thread
// that only renders markdown starts in a third of the time.
const setups = new Map<string, RenderSetup>();
const renderers = new Map<string, Promise<ReturnType<typeof createPageRenderer>>>();
const KEPT_SETUPS = 4;
let highlighter = createCodeHighlighter();
let renderMarkdown = createMarkdownRenderer(highlighter);

// Messages are handled strictly in order: a task must not start before the languages or setup sent
// ahead of it are loaded (otherwise a code block could be rendered before its grammar is there).
let queue: Promise<void> = Promise.resolve();
/** The build cache (code blocks, search terms), or null. */
let cacheDir: string | null = null;
/** Messages received and not yet handled. */
let waiting = 0;
port.on('message', (message: WorkerRequest) => {
  waiting++;
  queue = queue.then(() => handle(message)).then(() => {
    if (--waiting === 0) setImmediate(whenIdle);
  });
});

/**
 * The texts (body; title, description and keywords) of the pages with Chinese this thread rendered,
 * while they are few (null past `PREPARE_PAGES`: the search index of a build that renders many pages
 * loads jieba for all of them at once). The first time the thread has nothing to do, jieba loads with
 * the words of their characters (tokenize.ts: 60-80 ms, most of it filtering the 5 MB dictionary): a
 * build that changed a few pages sends its search index only after the routes, and the index then
 * tokenises those pages at once instead of loading jieba first. Only once per thread: pages rendered
 * after that are the search task's to announce, so a thread filters the dictionary at most once more
 * than it would without this.
 */
let chinese: string[] | null = [];
let prepareSearch = false;
const PREPARE_PAGES = 16;
const HAN_RE = /[\u2e80-\uffff]/;

function whenIdle(): void {
  if (!prepareSearch || !chinese?.length || waiting > 0) return;
  const texts = chinese;
  chinese = null;
  import('../search/tokenize.js')
    .then(({ keepDictionaries, prepareChinese }) => {
      // A task that came meanwhile goes first; the texts wait for the next idle moment.
      if (waiting > 0) chinese = texts;
      else {
        keepDictionaries(cacheDir);
        prepareChinese(texts);
      }
    })
    // Jieba failing to load is the search task's to report, when it loads jieba itself.
    .catch(() => undefined);
}

async function handle(message: WorkerRequest): Promise<void> {
  switch (message.type) {
    case 'init':
      cacheDir = message.cacheDir;
      prepareSearch = message.prepareSearch;
      highlighter = createCodeHighlighter(message.cacheDir, { defer: message.defer });
      renderMarkdown = createMarkdownRenderer(highlighter);
      if (message.highlighter) highlighter.start();
      return;
    case 'highlight-here':
      highlighter.highlightHere();
      highlighter.codeHeavy();
      return;
    case 'context':
      contexts.set(message.key, message.context);
      return;
    case 'setup':
      // Kept until a task renders pages here: a small site renders on the main thread.
      // Last in the order whether new or sent again (a config edit undone): the oldest ones are dropped.
      setups.delete(message.key);
      setups.set(message.key, message.setup as RenderSetup);
      // The dev server sends one per build that changed the site data: only recent ones are used.
      for (const key of [...setups.keys()].slice(0, -KEPT_SETUPS)) setups.delete(key), renderers.delete(key);
      return;
    case 'task':
      if (message.task.kind === 'markdown' || message.task.kind === 'highlight') port.postMessage({ id: message.id, started: true } satisfies WorkerStarted);
      port.postMessage(await runTask(message.id, message.task));
  }
}

async function runTask(id: number, task: Task): Promise<WorkerResponse> {
  try {
    if (task.kind === 'markdown') {
      const context = contexts.get(task.contextKey);
      if (!context) throw new Error(`no link context ${task.contextKey}`);
      // Code blocks come from the caches when they can; shiki starts only for the others (or, in a
      // thread that defers them, they go back as markers for the highlighting thread).
      highlighter.missed();
      highlighter.deferred();
      // Each render records what it reads of the context: the result is cached with those reads (linkDeps.ts).
      let reads = recordingContext(context);
      let result = renderMarkdown(task.job, reads.context);
      const missed = highlighter.missed();
      if (missed.length) {
        highlighter.deferred();
        await highlighter.prepare(missed);
        reads = recordingContext(context);
        result = renderMarkdown(task.job, reads.context);
      }
      result.deps = reads.deps();
      const deferred = highlighter.deferred();
      if (deferred) result.deferred = deferred;
      await highlighter.flush();
      const { body, meta = '' } = task.job;
      if (chinese && (HAN_RE.test(body) || HAN_RE.test(meta))) chinese = chinese.length < 2 * PREPARE_PAGES ? [...chinese, body, meta] : null;
      return { id, result };
    }
    if (task.kind === 'highlight') {
      highlighter.highlightHere();
      await highlighter.prepare([...new Set(task.blocks.map((b) => b.lang))]);
      const result = task.blocks.map((b) => highlighter.highlight(b.code, b.lang) ?? plainCodeBlock(b.code));
      await highlighter.flush();
      return { id, result };
    }
    if (task.kind === 'stat') return { id, result: statFolder(task.dir) };
    if (task.kind === 'search') {
      const { buildSearchJson, lastIndexStore, searchTermCache } = await import('../search/buildIndex.js');
      const terms = searchTermCache(cacheDir);
      const result = task.indexes.map((index) => buildSearchJson(index.pages, task.config, index.revision, terms, lastIndexStore(cacheDir, index.path)));
      await terms.flush();
      return { id, result };
    }
    const setup = setups.get(task.setupKey);
    if (!setup) throw new Error(`no render setup ${task.setupKey}`);
    let renderer = renderers.get(task.setupKey);
    if (!renderer) renderers.set(task.setupKey, (renderer = import('../render/renderPages.js').then(({ createPageRenderer }) => createPageRenderer(setup))));
    return { id, result: await (await renderer)(task.routes) };
  } catch (error) {
    const diagnostics = (error as { diagnostics?: Diagnostic[] }).diagnostics;
    if (error instanceof RangeError) {
      const { message, line } = tooBig(error, task);
      if (line === undefined || task.kind !== 'markdown') return { id, error: message };
      return { id, error: message, diagnostics: [{ severity: 'error', code: 'render-timeout', file: task.job.file, line, message: `markdown could not be rendered: ${message}` }] };
    }
    return { id, error: (error as Error).message, ...(diagnostics ? { diagnostics } : {}) };
  }
}

/** A line this long is what overflowed the stack, rather than nesting: marked's inline rules recurse along a paragraph. */
const LONG_LINE = 100_000;

/**
 * What a RangeError while rendering says of the page: a text past JavaScript's string limit, a line too
 * long (with its line in the file, unless partials moved the body's lines), or nesting too deep.
 */
function tooBig(error: RangeError, task: Task): { message: string; line?: number } {
  if (/string length/i.test(error.message)) return { message: 'the page is too large to render (its HTML would pass JavaScript\'s limit on a string)' };
  const nesting = { message: 'nesting too deep to parse (stack overflow)' };
  if (task.kind !== 'markdown') return nesting;
  const { body, bodyLine, includes } = task.job;
  let longest = { length: 0, line: 0 };
  for (let start = 0, line = 0; start <= body.length; line++) {
    const end = body.indexOf('\n', start);
    const length = (end === -1 ? body.length : end) - start;
    if (length > longest.length) longest = { length, line };
    if (end === -1) break;
    start = end + 1;
  }
  if (longest.length < LONG_LINE) return nesting;
  const message = `a line of ${longest.length.toLocaleString('en')} characters is too long to parse (stack overflow): break it into paragraphs`;
  return includes ? { message } : { message, line: bodyLine + longest.line };
}
