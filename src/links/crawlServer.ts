// The thread that serves a built site to `sitegen check-links`' crawl (checkLinksCommand.ts): answering the crawler's
// requests (the static handler's path checks, file lookups and writes, HTTP's parsing) takes a core of its own while
// the crawler parses the pages on the main thread.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { createStaticHandler } from '../serve/staticHandler.js';

/** What the thread is started with: the static handler's options, the host names aside (loopback only). */
export interface CrawlServerData {
  root: string;
  base: string;
  localePaths: string[];
}

const { root, base, localePaths } = workerData as CrawlServerData;
const handler = createStaticHandler({ root, base, allowedHosts: new Set(['127.0.0.1', 'localhost']), localePaths });
const server = createServer((req, res) => void handler(req, res));
server.on('error', (error: NodeJS.ErrnoException) => parentPort!.postMessage({ error: error.code ?? error.message }));
server.listen(0, '127.0.0.1', () => parentPort!.postMessage({ port: (server.address() as { port: number }).port }));
