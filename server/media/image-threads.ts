import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of libvips' worker threads (sharp's): below the event loop's, the database's and
 * everything else that answers visitors, above the face detector's 19 (face-worker.mjs).
 */
export const IMAGE_THREAD_NICENESS = 10;

/** Threads of this process already looked at, by id, with whether each was lowered. */
const seen = new Map<number, boolean>();

/**
 * Lowers the priority of libvips' worker threads in this process (Linux: setpriority on a thread's
 * id renices that thread only; raising one's own niceness needs no privilege), so that the image
 * work of background jobs (an upload's derivatives: ~0.3 s of CPU each, most of it in these
 * threads) takes the CPU only when visitors' answers leave it free. Under a crowd of 1,000 visitors
 * with uploads coming in, these threads took 60 % of one of two cores beside the event loop's
 * (bench/README.md "load"). libvips keeps its workers and reuses them, so a thread lowered stays
 * lowered; new ones are found at the next call. Returns how many were lowered now.
 *
 * Everything that runs images through sharp shares these threads: a IIIF tile cut on demand and
 * the checks of an upload wait behind visitors' answers too, which on a busy machine is the order
 * wanted.
 */
export function lowerImageThreadPriority(): number {
  if (process.platform !== 'linux') return 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  const alive = new Set<number>();
  let lowered = 0;
  for (const name of tids) {
    const tid = Number(name);
    alive.add(tid);
    if (seen.has(tid)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/self/task/${name}/comm`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const isImageWorker = comm.startsWith('libvips');
    if (isImageWorker) {
      try {
        setPriority(tid, IMAGE_THREAD_NICENESS);
        lowered += 1;
      } catch {
        continue; // ended meanwhile: looked at again if its id comes back
      }
    }
    seen.set(tid, isImageWorker);
  }
  // A thread id that is gone may be given to a new thread: look at it afresh then.
  for (const tid of seen.keys()) if (!alive.has(tid)) seen.delete(tid);
  return lowered;
}
