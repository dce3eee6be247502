import type { Db } from '#server/db/database.ts';
import { moveDataVersion } from '#server/db/data-versions.ts';
import { moveQueuedViews } from './media.repository.ts';

/**
 * Counted views reach the items' counts and the usage log in batches (issue 31 §4, migration
 * 0044). A view is a row in media_view_queue, answered at once with the item's count plus its
 * queued views (public-site.md §4: the page shows the count one higher); every VIEW_FLUSH_MS an
 * instance that queued views moves the whole queue, in one statement per VIEW_FLUSH_BATCH rows,
 * and once a minute any instance moves what is left (another instance's rows after a crash).
 * The queue is in the database, so no view is lost at shutdown, in a crash or between instances;
 * the server moves it once more as it stops. The server ticks (main.ts starts it); the tests move
 * views when they choose (flushViews, or a flusher's tick), as they run jobs.
 *
 * Moving views changes no kept answer by itself (the version triggers let a view count pass), so a
 * crowd's views no longer drop the home page's, the searches' and the items' kept answers at each
 * view. The counts those answers show are brought up to date by moving the version at most once
 * every VIEW_COUNTS_SHOWN_WITHIN_MS, when views were moved since.
 */
export const VIEW_FLUSH_MS = 2_000;
export const VIEW_FLUSH_BATCH = 5_000;
export const VIEW_COUNTS_SHOWN_WITHIN_MS = 60_000;
/** Moved anyway this often, queued here or not: what another instance left. */
const SWEEP_MS = 60_000;

/** Moves every queued view now (as many statements as batches); answers how many. */
export async function flushViews(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await moveQueuedViews(db, VIEW_FLUSH_BATCH);
    total += moved;
    if (moved < VIEW_FLUSH_BATCH) return total;
  }
}

export interface ViewFlusher {
  /** A view was queued here: moved at the next tick. */
  noteQueued(): void;
  /** Moves what is queued now, and shows the counts when it is time (each tick; tests call it). */
  tick(now?: number): Promise<void>;
  /** Ticks every `everyMs` from now on (the server; tests move views when they choose). */
  start(everyMs?: number): void;
  /** Stops ticking, moves what is queued and shows it (no other instance may be left to). */
  stop(): Promise<void>;
}

declare module '#server/http/context.ts' {
  interface AppContext {
    /** Moves the counted views into the items' counts (server/features/media/view-counts.ts). */
    views: ViewFlusher;
  }
}

export function createViewFlusher(db: Db, options: { onError?: (error: unknown) => void } = {}): ViewFlusher {
  let queuedHere = false;
  let lastMove = 0;
  let lastShown = Number.NEGATIVE_INFINITY;
  /** Views moved that kept answers do not show yet. */
  let unshown = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const run = async (now: number, force: boolean) => {
    if (queuedHere || force || now - lastMove >= SWEEP_MS) {
      queuedHere = false;
      lastMove = now;
      if ((await flushViews(db)) > 0) unshown = true;
    }
    if (unshown && (force || now - lastShown >= VIEW_COUNTS_SHOWN_WITHIN_MS)) {
      unshown = false;
      lastShown = now;
      await moveDataVersion(db);
    }
  };
  const tick = (now = Date.now(), force = false): Promise<void> => {
    // One at a time: a slow move is not started again over itself.
    running ??= run(now, force)
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    noteQueued() {
      queuedHere = true;
    },
    tick: (now) => tick(now),
    start(everyMs = VIEW_FLUSH_MS) {
      clearInterval(timer);
      timer = setInterval(() => void tick(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
      await tick(Date.now(), true);
    },
  };
}
