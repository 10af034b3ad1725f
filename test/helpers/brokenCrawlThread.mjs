// Loaded into a sitegen process by the tests (`node --import`): the crawl thread SITEGEN_BREAK_THREAD names
// (`crawlServer`, `crawlClient`) runs as it would, then fails with an uncaught error: the server's at its first
// request (mid-crawl, its port already told), the crawler's as it starts.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const broken = process.env.SITEGEN_BREAK_THREAD;
if (isMainThread && broken) {
  const threads = createRequire(import.meta.url)('node:worker_threads');
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(file, options) {
      if (!String(file).endsWith(`/${broken}.js`)) {
        super(file, options);
        return;
      }
      const fail = broken === 'crawlServer' ? "require('node:diagnostics_channel').subscribe('http.server.request.start', () => setImmediate(() => { throw new Error('the disk went away'); }));" : "throw new Error('the disk went away');";
      super(`${fail} import(${JSON.stringify(String(file))});`, { ...options, eval: true });
    }
  };
  syncBuiltinESMExports();
}
