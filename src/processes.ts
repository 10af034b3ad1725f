import { readFileSync } from 'node:fs';

/** Whether a process of this id is running (one of another user's is: it cannot be signalled, EPERM, but it is there). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (Linux: clock ticks since boot, /proc/<pid>/stat's 22nd field), or null where that cannot be read. */
export function startOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

/** What a file that says this process holds something (a lock, a folder) holds: its id and, where /proc tells it, when it started. */
export function processMark(): string {
  return `${process.pid} ${startOf(process.pid) ?? ''}`.trim();
}

/**
 * The id of the process a mark (`processMark`) names, if that is another process and still running; else null. A
 * process id used again by another program (after a crash or a `kill -9`, a container's restart) is not taken for
 * the one that wrote the mark: their starts differ. A mark that names no start (written where /proc is not, or by an
 * older sitegen), or a process whose start cannot be read, is judged by its id alone.
 */
export function otherHolder(mark: string): number | null {
  const [pid = NaN, started] = mark.trim().split(/\s+/).map(Number);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return null;
  const since = started === undefined ? null : startOf(pid);
  return since === null || since === started ? pid : null;
}
