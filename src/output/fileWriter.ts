import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../types.js';
import type { FileStat } from './outputManifest.js';

/**
 * The writing thread's code, a CommonJS script (it loads in a few milliseconds, with no module loader).
 * It creates each folder below the root once, one level at a time and never the root itself: once the
 * build's temporary folder is removed (an interrupted or failed build), every write fails instead of
 * making it again. It checks the stop flag before each file and adds what it wrote to the byte count.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, fstatSync, mkdirSync, openSync, writeSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { root, shared } = workerData;
const flags = new Int32Array(shared, 0, 1);
const written = new BigInt64Array(shared, 8, 1);
const made = new Set([root]);
const stats = [];
let failed;
function ensure(dir) {
  if (made.has(dir)) return;
  ensure(dirname(dir));
  try { mkdirSync(dir); } catch (error) { if (error.code !== 'EEXIST') throw error; }
  made.add(dir);
}
parentPort.on('message', (message) => {
  if (message === null) return parentPort.postMessage({ stats, failed });
  const { paths, bodies } = message;
  let bytes = 0;
  for (let i = 0; i < paths.length; i++) {
    bytes += bodies[i].byteLength;
    if (Atomics.load(flags, 0) !== 0) continue;
    const full = join(root, paths[i]);
    try {
      ensure(dirname(full));
      const fd = openSync(full, 'w');
      try {
        writeSync(fd, bodies[i]);
        const stat = fstatSync(fd);
        stats.push([paths[i], stat.size, stat.mtimeMs, stat.ino]);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      failed ??= { path: paths[i], code: error.code, message: error.message };
    }
  }
  Atomics.add(written, 0, BigInt(bytes));
});
`;

/**
 * Bytes sent and not yet written past which the files of a batch are written by the caller instead: a
 * site of thousands of pages never holds all of its HTML in memory waiting for the disk.
 */
const IN_FLIGHT_LIMIT = 48 << 20;

/** Every file a writer was given, written, with what the output manifest keeps of each; or the first write the disk refused. */
export interface WriterResult {
  stats: [path: string, ...stat: FileStat][];
  failed?: { path: string; code: string | undefined; message: string };
}

/**
 * A thread that writes a build's files under one folder while the build goes on rendering. On this
 * machine kind, creating a file in a folder just made costs the kernel 0.1–0.3 ms (about 1,500 files
 * and 500 folders for a site of 350 pages), which the main thread would otherwise spend at the end of
 * the build while the other core has nothing left to do. Files go over as bytes the thread takes
 * ownership of (no copy); a string is encoded once, here, as the synchronous write would have.
 */
export class FileWriter {
  readonly #worker: Worker;
  readonly #flags: Int32Array;
  readonly #written: BigInt64Array;
  readonly #encoder = new TextEncoder();
  #sent = 0;
  #stopped = false;

  readonly #limit: number;

  /** `inFlightLimit`: bytes sent and not yet written past which `send` refuses a batch. */
  constructor(root: string, inFlightLimit = IN_FLIGHT_LIMIT) {
    this.#limit = inFlightLimit;
    const shared = new SharedArrayBuffer(16);
    this.#flags = new Int32Array(shared, 0, 1);
    this.#written = new BigInt64Array(shared, 8, 1);
    this.#worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { root, shared } });
    this.#worker.unref();
    live.add(this);
  }

  /** Hands files to the thread; false (nothing sent) when too much is already waiting for the disk. */
  send(files: OutputFile[]): boolean {
    if (this.#stopped) return true;
    const inFlight = this.#sent - Number(Atomics.load(this.#written, 0));
    if (inFlight > this.#limit) return false;
    const bodies = files.map((file) => (typeof file.contents === 'string' ? this.#encoder.encode(file.contents) : file.contents.slice()));
    for (const body of bodies) this.#sent += body.byteLength;
    this.#worker.postMessage({ paths: files.map((file) => file.path), bodies }, bodies.map((body) => body.buffer as ArrayBuffer));
    return true;
  }

  /** Waits until every file sent is written, then ends the thread. */
  finish(): Promise<WriterResult> {
    return new Promise((resolve, reject) => {
      this.#worker.once('message', (result: WriterResult) => {
        live.delete(this);
        void this.#worker.terminate();
        resolve(result);
      });
      this.#worker.once('error', reject);
      this.#worker.postMessage(null);
    });
  }

  /** No file is begun after this returns (one under way may still finish); the thread ends soon after. */
  stop(): Promise<void> {
    this.#stopped = true;
    live.delete(this);
    Atomics.store(this.#flags, 0, 1);
    return this.#worker.terminate().then(() => undefined);
  }
}

const live = new Set<FileWriter>();

/** Stops every writing thread (a signal, or the process's exit), before their folders are removed. */
export function stopWriters(): void {
  for (const writer of live) void writer.stop();
}
