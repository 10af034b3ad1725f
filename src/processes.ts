/** Whether a process of this id is running (one of another user's is: it cannot be signalled, EPERM, but it is there). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
