// Worker thread: renders markdown jobs with its own highlighter, so the main thread can time them out.
import { parentPort } from 'node:worker_threads';
import { loadHighlighter } from './highlight.js';
import { createMarkdownRenderer, type MarkdownJob } from './markdown.js';
import type { LinkContext } from './links.js';
import type { WorkerRequest, WorkerResponse } from './renderPool.js';

const port = parentPort!;
const contexts = new Map<string, LinkContext>();
let ready: Promise<{ render: ReturnType<typeof createMarkdownRenderer>; loadLanguages: (langs: string[]) => Promise<void> }> | null = null;

port.on('message', async (message: WorkerRequest) => {
  if (message.type === 'init') {
    ready = loadHighlighter(message.langs).then((highlighter) => ({
      render: createMarkdownRenderer(highlighter),
      loadLanguages: async (langs) => {
        const missing = langs.filter((l) => !highlighter.getLoadedLanguages().includes(l));
        if (missing.length) await highlighter.loadLanguage(...(missing as Parameters<typeof highlighter.loadLanguage>));
      },
    }));
    return;
  }
  if (message.type === 'context') {
    contexts.set(message.key, message.context);
    return;
  }
  const renderer = await ready!;
  if (message.type === 'languages') {
    await renderer.loadLanguages(message.langs);
    return;
  }
  let response: WorkerResponse;
  try {
    const context = contexts.get(message.contextKey);
    if (!context) throw new Error(`no link context ${message.contextKey}`);
    response = { id: message.id, result: renderer.render(message.job as MarkdownJob, context) };
  } catch (error) {
    response = { id: message.id, error: error instanceof RangeError ? 'nesting too deep to parse (stack overflow)' : (error as Error).message };
  }
  port.postMessage(response);
});
