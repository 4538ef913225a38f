/**
 * Whether a process with this pid runs now (signal 0 checks without sending anything). Used where
 * a process must be known alive or gone: a 13F store's lock holder, the proxy's processes.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
