// Loaded into a sitegen process by the tests (`node --import`): as the process prints the line that ends
// check-links' report, it tells on stderr how many of the connections its servers took are still open, and how
// many of the threads its crawl ran in (lib/crawlServer.js, lib/crawlClient.js) have not ended.
import { subscribe } from 'node:diagnostics_channel';
import { isMainThread } from 'node:worker_threads';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const taken = new Set();
subscribe('net.server.socket', ({ socket }) => taken.add(socket));

const crawlThreads = { started: 0, running: 0 };
if (isMainThread) {
  const threads = createRequire(import.meta.url)('node:worker_threads');
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(file, options) {
      super(file, options);
      if (!/\/crawl\w*\.js$/.test(String(file))) return;
      crawlThreads.started++;
      crawlThreads.running++;
      this.once('exit', () => crawlThreads.running--);
    }
  };
  syncBuiltinESMExports();
}

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (/checked \d+ pages/.test(String(chunk))) {
    process.stderr.write(`open connections: ${[...taken].filter((socket) => !socket.destroyed).length} of ${taken.size}\n`);
    process.stderr.write(`crawl threads running: ${crawlThreads.running} of ${crawlThreads.started}\n`);
  }
  return write(chunk, ...rest);
};
