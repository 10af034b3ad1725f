// The thread that crawls a built site for `sitegen check-links` (./checkLinksCommand.ts) with linkinator, against the
// server of ./crawlServer.ts: fetching and parsing every page takes a core while the command makes its own pass over
// the pages. It sends back the broken links alone, each with why it failed (an error does not cross threads whole).
import { LinkChecker, LinkState } from 'linkinator';
import { parentPort, workerData } from 'node:worker_threads';
import { failureOf, type BrokenLink, type CrawlClientData, type CrawlResult } from './crawlFailure.js';

const { check, timeout } = workerData as CrawlClientData;
// linkinator's queue runs a delayed check (a retry) from a timer, and one that fires a moment early from an interval it
// does not let hold the process: with nothing else here to keep this thread's loop alive, the thread ended with the
// crawl unfinished. This interval holds it until the crawl is done.
const alive = setInterval(() => {}, 1 << 30);
new LinkChecker()
  .check(check)
  .finally(() => clearInterval(alive))
  .then((result) => {
    const broken: BrokenLink[] = [];
    for (const link of result.links) {
      if (link.state === LinkState.BROKEN) broken.push({ url: link.url, ...(link.parent === undefined ? {} : { parent: link.parent }), status: link.status ?? 0, failure: failureOf(link.failureDetails, timeout) });
    }
    parentPort!.postMessage({ broken, checked: result.links.length } satisfies CrawlResult);
  })
  .catch((error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) }));
