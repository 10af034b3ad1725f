// A worker thread started before the CLI loads (bin/sitegen.js, for `sitegen build`): its modules load
// while this thread loads commander, the build and the config, and the pool takes it as its first
// thread. A thread that fails before the pool takes it is dropped, and the pool starts another.
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

/** The compiled worker next to this module (lib/), also when this module runs from src/ under a test runner. */
export function workerFile(): string {
  const here = import.meta.url;
  return fileURLToPath(here.endsWith('.ts') ? new URL('../../lib/worker.js', here) : new URL('./worker.js', here));
}

const started: { worker: Worker; failed: boolean }[] = [];

/** Starts a worker thread for the pool to take later; it keeps no process alive on its own. */
export function prestartWorker(): Worker {
  const entry = { worker: new Worker(workerFile()), failed: false };
  entry.worker.unref();
  entry.worker.once('error', () => (entry.failed = true));
  started.push(entry);
  return entry.worker;
}

/** A thread started ahead that is still healthy, or undefined. */
export function takePrestartedWorker(): Worker | undefined {
  for (let entry = started.shift(); entry; entry = started.shift()) {
    if (!entry.failed) return entry.worker;
    void entry.worker.terminate();
  }
  return undefined;
}
