import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** What one run of ffmpeg or ffprobe may take. */
export interface RunLimits {
  /** Address space of the child (RLIMIT_AS), bytes: its allocations fail past it. */
  memoryBytes: number;
  /** Wall time before the child is killed, ms. */
  timeoutMs: number;
}

/** Why a bounded run did not end well: a failed start is worth a retry, the rest are not. */
export class BoundedRunError extends Error {
  constructor(
    message: string,
    readonly reason: 'spawn' | 'exit' | 'timeout' | 'output',
  ) {
    super(message);
  }
}

/**
 * Below the server's own threads: a decode on a two-core machine must not slow its answers. 10 is
 * what `nice` gives; raising one's own child's niceness needs no privilege.
 */
const CHILD_NICENESS = 10;

interface Limiter {
  command: string;
  prefix: (limits: RunLimits) => string[];
}

const PRLIMIT: Limiter = { command: 'prlimit', prefix: ({ memoryBytes }) => [`--as=${memoryBytes}`, '--'] };
const SHELL_ULIMIT: Limiter = {
  command: 'sh',
  prefix: ({ memoryBytes }) => ['-c', `ulimit -v ${Math.floor(memoryBytes / 1024)} && exec "$0" "$@"`],
};

let limiter: Promise<Limiter> | undefined;

/**
 * How the memory limit is put on the child: util-linux's `prlimit` where it is installed (it sets
 * the limit and execs the command, so the child's pid is the decoder's own), else the shell's
 * `ulimit -v`, which sets the same RLIMIT_AS. Node cannot set a child's limits itself. Asked once,
 * without waiting on the event loop (a spawnSync forks this whole process while the loop stands).
 */
function memoryLimiter(): Promise<Limiter> {
  limiter ??= new Promise((resolve) => {
    const probe = spawn('prlimit', ['--version'], { stdio: 'ignore' });
    probe.on('error', () => resolve(SHELL_ULIMIT));
    probe.on('exit', (code) => resolve(code === 0 ? PRLIMIT : SHELL_ULIMIT));
  });
  return limiter;
}

/**
 * Runs `command` with a memory limit, a wall-time limit (then SIGKILL) and a lowered priority,
 * stdin closed. Its standard output goes to `onStdout` when given (a chunk at a time, so a long
 * decode is never held in memory; returning false stops the child), else is ignored. Rejects with
 * a BoundedRunError carrying the tail of its error output.
 */
export async function runBounded(
  command: string,
  args: string[],
  limits: RunLimits,
  onStdout?: (chunk: Buffer) => boolean | undefined,
): Promise<void> {
  const { command: wrapper, prefix } = await memoryLimiter();
  return new Promise((resolve, reject) => {
    const child = spawn(wrapper, [...prefix(limits), command, ...args], {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Gone already: its exit says how it went.
      }
    }
    let stderr = '';
    let outcome: BoundedRunError | undefined;
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (outcome || onStdout?.(chunk) !== false) return;
      outcome = new BoundedRunError(`${command} gave more output than expected`, 'output');
      child.kill('SIGKILL');
    });
    const timer = setTimeout(() => {
      outcome ??= new BoundedRunError(
        `${command} took longer than ${Math.round(limits.timeoutMs / 1000)} s and was stopped`,
        'timeout',
      );
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new BoundedRunError(`${command} could not be started: ${error.message}`, 'spawn'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (outcome) reject(outcome);
      else if (code === 0) resolve();
      else {
        const how = signal ? `was stopped (${signal})` : `exited ${code}`;
        reject(new BoundedRunError(`${command} ${how}: ${stderr.trim()}`, 'exit'));
      }
    });
  });
}
