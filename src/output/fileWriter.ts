import { Worker } from 'node:worker_threads';
import type { OutputFile } from '../types.js';
import type { FileStat } from './outputManifest.js';

/**
 * The writing thread's code, a CommonJS script (it loads in a few milliseconds, with no module loader).
 * It creates each folder below the root once, one level at a time and never the root itself: once the
 * build's temporary folder is removed (an interrupted or failed build), every write fails instead of
 * making it again. It counts each file's bytes as it takes the file up.
 * A batch sent with a claim is written only if the thread claims it first (the caller takes batches
 * from the other end).
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, fstatSync, mkdirSync, openSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { root, shared } = workerData;
const written = new BigInt64Array(shared, 0, 1);
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
  const { paths, bodies, claims, index } = message;
  if (claims && Atomics.compareExchange(claims, index, 0, 1) !== 0) return;
  for (let i = 0; i < paths.length; i++) {
    Atomics.add(written, 0, BigInt(bodies[i].byteLength));
    const full = join(root, paths[i]);
    try {
      ensure(dirname(full));
      const fd = openSync(full, 'w');
      try {
        // Whole: a write may take part of the bytes (a size limit, a nearly full disk); this one goes on, or throws.
        writeFileSync(fd, bodies[i]);
        const stat = fstatSync(fd);
        stats.push([paths[i], stat.size, stat.mtimeMs, stat.ino]);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      failed ??= { path: paths[i], code: error.code, message: error.message };
    }
  }
});
`;

/**
 * Bytes sent and not yet written below which the files kept here go to the thread. Past it the disk is
 * slower than the render (a folder of this machine's ext4 can make each file cost a millisecond): files
 * wait here, and what is still here at the end is written by the caller while the thread finishes its
 * share, both cores writing.
 */
const SEND_BELOW = 2 << 20;
/** Files in a batch of those kept here at the end, which the thread or the caller claims whole. */
const SHARED_BATCH = 8;
/** Characters kept here past which the caller writes them at once: a site of thousands of pages never holds all of its HTML waiting for the disk. */
const KEEP_LIMIT = 32 << 20;

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
 * ownership of (no copy); a string is encoded once, here, as the synchronous write would have. When the
 * disk falls behind, files wait here instead, and the caller writes them at the end beside the thread.
 */
export class FileWriter {
  readonly #worker: Worker;
  readonly #written: BigInt64Array;
  readonly #encoder = new TextEncoder();
  #sent = 0;
  #stopped = false;
  /** Files waiting here for the thread to catch up, and their characters. */
  #kept: OutputFile[] = [];
  #keptSize = 0;
  readonly #limits: { sendBelow: number; keepLimit: number };
  readonly #result: Promise<WriterResult>;

  constructor(root: string, limits = { sendBelow: SEND_BELOW, keepLimit: KEEP_LIMIT }) {
    this.#limits = limits;
    const shared = new SharedArrayBuffer(8);
    this.#written = new BigInt64Array(shared, 0, 1);
    this.#worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { root, shared } });
    this.#worker.unref();
    // Its one message is its result. A thread that fails or ends first (it never should) fails the commit, which waits on this.
    this.#result = new Promise<WriterResult>((resolve, reject) => {
      this.#worker.once('message', resolve);
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) => reject(new Error(`the thread writing the output ended before it had written it (exit code ${code})`)));
    });
    this.#result.catch(() => {});
    live.add(this);
  }

  /**
   * Takes files to write: to the thread while it keeps up, else kept here. Returns the files the caller
   * must write itself now (none, unless more than the limit is kept here).
   */
  take(files: OutputFile[]): OutputFile[] {
    if (this.#stopped) return [];
    this.#kept.push(...files);
    for (const file of files) this.#keptSize += file.contents.length;
    const waiting = this.#sent - Number(Atomics.load(this.#written, 0));
    if (waiting >= this.#limits.sendBelow && this.#keptSize <= this.#limits.keepLimit) return [];
    const kept = this.#kept;
    this.#kept = [];
    this.#keptSize = 0;
    if (waiting >= this.#limits.sendBelow) return kept;
    this.#send(kept);
    return [];
  }

  #send(files: OutputFile[], claim?: { claims: Int32Array; index: number }): void {
    // Bytes of their own: a Buffer's `slice` is a view of its memory, often Node's shared pool, which may not be transferred.
    const bodies = files.map((file) => (typeof file.contents === 'string' ? this.#encoder.encode(file.contents) : new Uint8Array(file.contents)));
    for (const body of bodies) this.#sent += body.byteLength;
    this.#worker.postMessage({ paths: files.map((file) => file.path), bodies, ...claim }, bodies.map((body) => body.buffer as ArrayBuffer));
  }

  /**
   * Shares the files kept here between the thread and `writeHere` (this thread), then waits until the
   * thread has written its share and ends it. The kept files go to the thread in small batches, each
   * written by whichever side claims it first: the thread from the first on, once its backlog is
   * written; this thread from the last back, until it meets the thread.
   */
  async finish(writeHere: (files: OutputFile[]) => void): Promise<WriterResult> {
    const batches: OutputFile[][] = [];
    for (let at = 0; at < this.#kept.length; at += SHARED_BATCH) batches.push(this.#kept.slice(at, at + SHARED_BATCH));
    this.#kept = [];
    const claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, batches.length)));
    batches.forEach((files, index) => this.#send(files, { claims, index }));
    this.#worker.postMessage(null);
    try {
      for (let index = batches.length - 1; index >= 0 && Atomics.compareExchange(claims, index, 0, 2) === 0; index--) writeHere(batches[index]!);
      return await this.#result;
    } finally {
      await this.stop();
    }
  }

  /**
   * No file is begun after this returns (one under way may still finish): `terminate` asks V8 to end the
   * thread's code at once, where it is, and the promise resolves once the thread has ended.
   */
  stop(): Promise<void> {
    this.#stopped = true;
    live.delete(this);
    return this.#worker.terminate().then(() => undefined);
  }
}

const live = new Set<FileWriter>();

/** Stops every writing thread (a signal, or the process's exit), before their folders are removed. */
export function stopWriters(): void {
  for (const writer of live) void writer.stop();
}
