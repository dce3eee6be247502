import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite does not lock its data directory, and two processes on one directory corrupt it
 * silently. We hold a lock file naming our process; a second process finds it and refuses to
 * start. A lock left by a process that no longer runs is taken over.
 *
 * A PID alone does not name a process for long: after a power cut or a container restart the
 * same number often belongs to another process (the npm that starts us, say), and the archive
 * would refuse to start for good. So the lock also records, where Linux tells them, the boot it
 * was taken in and the holder's start time: a lock from another boot, or whose PID now belongs
 * to a process started at another moment, is stale.
 */
export function acquireDirectoryLock(lockPath: string): () => void {
  const mine = describeProcess(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8') === mine) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readFileSync(lockPath, 'utf8');
      const pid = Number.parseInt(holder, 10);
      if (Number.isInteger(pid) && pid !== process.pid && holderRuns(holder, pid)) {
        throw new LockedError(
          `The data directory is in use by another archive process (PID ${pid}); stop it first, or use another DATA_DIR.`,
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new LockedError(`Could not lock ${lockPath}.`);
}

export class LockedError extends Error {}

/** "PID boot-id start-time" (the last two where Linux's /proc tells them; else the PID alone). */
export function describeProcess(pid: number): string {
  const boot = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  const started = startTime(pid);
  return boot && started ? `${pid} ${boot} ${started}` : String(pid);
}

/** Whether the process the lock names still runs: the same PID, boot and start time. */
function holderRuns(holder: string, pid: number): boolean {
  if (!isRunning(pid)) return false;
  const [, boot, started] = holder.trim().split(' ');
  // A lock of the PID alone (older versions, or no /proc): the PID is all there is to go on.
  if (!boot || !started) return true;
  return describeProcess(pid) === `${pid} ${boot} ${started}`;
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
function startTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
