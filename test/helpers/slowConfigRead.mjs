// Loaded into a sitegen process by the tests (`node --import`), with SITEGEN_TEST_HOLD set to a path: Node's loader
// reads the config's compiled copy only once the test has made `<path>.go`, after saying so in `<path>.waiting` (the
// copy's path), as a busy machine might take its time; meanwhile the test runs another load of the same config.
import { existsSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const hold = process.env.SITEGEN_TEST_HOLD;

// The loader's hooks run in a thread of their own, which loads this file again: the main thread registers them.
if (isMainThread && hold) register(import.meta.url);

export async function load(url, context, nextLoad) {
  if (hold && /\/\.?(?:sitegen-)?config-[0-9a-f]{12}[^/]*\.mjs$/.test(url)) {
    writeFileSync(`${hold}.waiting`, fileURLToPath(url));
    while (!existsSync(`${hold}.go`)) await sleep(20);
  }
  return nextLoad(url, context);
}
