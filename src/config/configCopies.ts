import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { otherHolder, startOf } from '../processes.js';

/**
 * The files a compiled config is imported from, `config-<hash>-<pid>[.<start>]-<thread>-<random>.mjs` (with `.sitegen-`
 * before it beside the config): each load writes one of its own, so two commands loading one config at once (a
 * `build --no-cache` beside a `serve`) never import a file the other is writing or has just deleted, and the process
 * that wrote it (its id and, where /proc tells it, its start) is in its name for a later command to judge.
 */
const COPY_RE = /^config-[0-9a-f]{12}(?:-(\d+)(?:\.(\d+))?-\d+-[0-9a-f]{8})?\.mjs$/;

/** A copy's name in a stack trace's frame, with its line and column (the line alone heads an import that does not link). */
export const COPY_FRAME_RE = /config-[0-9a-f]{12}(?:-\d+(?:\.\d+)?-\d+-[0-9a-f]{8})?\.mjs:(\d+)(?::(\d+))?/;

/** Beside the config, the copy's name starts so: a dotfile, and sitegen's. */
export const BESIDE_PREFIX = '.sitegen-';

/**
 * A copy whose writer has gone is left alone this long: a process of another pid namespace (a container's server on
 * the same project folder) looks gone from here, and its copy is needed only until its import has read it, at once.
 */
const GONE_AFTER_MS = 10_000;
/** Any copy older than this is removed, whoever wrote it: it was read long ago (a process id used again looks running). */
const STALE_AFTER_MS = 60 * 60_000;

let ownMark: string | undefined;

/** This process's mark in a copy's name: its id and, where /proc tells it, its start. */
function processPart(): string {
  if (ownMark === undefined) {
    const start = startOf(process.pid);
    ownMark = start === null ? String(process.pid) : `${process.pid}.${start}`;
  }
  return ownMark;
}

/** A new copy's file name (its folder's prefix before it), for the code whose hash this is. */
export function copyName(hash: string, prefix = ''): string {
  return `${prefix}config-${hash.slice(0, 12)}-${processPart()}-${threadId}-${randomBytes(4).toString('hex')}.mjs`;
}

/** The copies this thread has written and not yet removed: removed as the process exits (Ctrl-C while a config loads). */
const inFlight = new Set<string>();
let removesOnExit = false;

/** Marks a copy as being written and imported: it is removed if the process exits before `released`. */
export function holdCopy(file: string): void {
  inFlight.add(file);
  if (removesOnExit) return;
  removesOnExit = true;
  process.once('exit', () => {
    for (const held of inFlight) rmSync(held, { force: true });
  });
}

export function releaseCopy(file: string): void {
  inFlight.delete(file);
}

/** Whether the writer a copy names is gone: another process not running, or one that took this process's id before it. */
function writerGone(pid: number, start: string | undefined): boolean {
  if (pid !== process.pid) return otherHolder(`${pid} ${start ?? ''}`) === null;
  const own = startOf(pid);
  return start !== undefined && own !== null && Number(start) !== own;
}

/**
 * Removes the copies in `dir` (those whose names start with `prefix`) that a command killed while its config loaded
 * (`kill -9`, a CI job cancelled) left there, which nothing else would ever remove: one whose writer is gone, or
 * one older than an hour (a copy of sitegen before it named its writer, too). Never this process's own, nor one a
 * running process may still be about to import.
 */
export function removeDeadCopies(dir: string, prefix = ''): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no such folder yet
  }
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = COPY_RE.exec(name.slice(prefix.length));
    if (!match) continue;
    const file = join(dir, name);
    if (inFlight.has(file)) continue;
    let age: number;
    try {
      age = now - lstatSync(file).mtimeMs;
    } catch {
      continue; // removed meanwhile
    }
    const gone = match[1] !== undefined && age > GONE_AFTER_MS && writerGone(Number(match[1]), match[2]);
    if (!gone && age <= STALE_AFTER_MS) continue;
    try {
      rmSync(file, { force: true });
    } catch {
      // A folder this user may not write: the copy stays, as it would have.
    }
  }
}
