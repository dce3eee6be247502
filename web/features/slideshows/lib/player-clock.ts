import { DEFAULT_SLIDE_DURATION_S, SLIDESHOW_OVERLAY_HIDE_MS, SLIDESHOW_TICK_MS } from '#common/limits.ts';

/**
 * The slideshow player's timing (public-site.md §4 "Slideshow player", §9): a pure reducer for
 * the state, and a small clock that drives it with the browser's timers. Kept free of React so
 * the rules can be tested with fake timers.
 */
export interface PlayerState {
  /** How long each slide shows, in ms, in slide order. */
  readonly durationsMs: readonly number[];
  readonly index: number;
  readonly playing: boolean;
  /** Time spent on the current slide while playing; the progress bar is this over its duration. */
  readonly elapsedMs: number;
  readonly overlayVisible: boolean;
  /** Set by the first click: from then on the overlay hides after a quiet spell. */
  readonly autoHide: boolean;
}

export type PlayerAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  /** A click arms the overlay's hiding; any other interaction (move, key, touch) only shows it. */
  | { type: 'interact'; kind: 'click' | 'other' }
  | { type: 'hideOverlay' };

/** A slide's duration in ms: its own seconds when positive, else the default 5 s. */
export function slideDurationMs(seconds: number | null | undefined): number {
  const s =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? seconds
      : DEFAULT_SLIDE_DURATION_S;
  return s * 1000;
}

export function initialPlayerState(
  durationsMs: readonly number[],
  options: { playing?: boolean } = {},
): PlayerState {
  return {
    durationsMs,
    index: 0,
    // Playback starts at once, as a slideshow is opened to be watched; nothing to play when empty.
    playing: (options.playing ?? true) && durationsMs.length > 0,
    elapsedMs: 0,
    overlayVisible: true,
    autoHide: false,
  };
}

/** Progress through the current slide, 0–100. */
export function progressPercent(state: PlayerState): number {
  const duration = state.durationsMs[state.index];
  if (!duration) return 0;
  return Math.min(100, (state.elapsedMs / duration) * 100);
}

/** Moving to another slide always restarts its progress. */
function show(state: PlayerState, index: number): PlayerState {
  return { ...state, index, elapsedMs: 0 };
}

/**
 * Forward one slide. Past the last slide the show returns to the first; only when the timer runs
 * out (`byTimer`) is that the end, which stops playback. A visitor's own Next from the last slide
 * wraps around like Previous from the first, and leaves playing or paused as it was.
 */
function forward(state: PlayerState, byTimer: boolean): PlayerState {
  const last = state.durationsMs.length - 1;
  if (state.index < last) return show(state, state.index + 1);
  return byTimer ? { ...show(state, 0), playing: false } : show(state, 0);
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  const count = state.durationsMs.length;
  switch (action.type) {
    case 'tick': {
      if (!state.playing || count === 0) return state;
      const elapsedMs = state.elapsedMs + SLIDESHOW_TICK_MS;
      if (elapsedMs >= (state.durationsMs[state.index] ?? 0)) return forward(state, true);
      return { ...state, elapsedMs };
    }
    case 'next':
      return count === 0 ? state : forward(state, false);
    case 'previous':
      return count === 0 ? state : show(state, state.index === 0 ? count - 1 : state.index - 1);
    case 'goTo':
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= count) return state;
      return show(state, action.index);
    case 'play':
      // Pressing play starts the current slide's time afresh.
      return count === 0 ? state : { ...state, playing: true, elapsedMs: 0 };
    case 'pause':
      return state.playing ? { ...state, playing: false } : state;
    case 'togglePlay':
      return playerReducer(state, { type: state.playing ? 'pause' : 'play' });
    case 'interact': {
      const autoHide = state.autoHide || action.kind === 'click';
      if (state.overlayVisible && autoHide === state.autoHide) return state;
      return { ...state, overlayVisible: true, autoHide };
    }
    case 'hideOverlay':
      return state.overlayVisible ? { ...state, overlayVisible: false } : state;
  }
}

export interface PlayerClock {
  getState(): PlayerState;
  dispatch(action: PlayerAction): void;
  subscribe(listener: () => void): () => void;
  /** Starts the timers the state needs (call when the player appears; safe to call again). */
  start(): void;
  /** Clears every timer (the player went away); `start` resumes. */
  stop(): void;
}

/**
 * Drives the reducer: a tick every SLIDESHOW_TICK_MS while playing, restarted whenever a slide
 * starts so its progress counts from that moment, and a SLIDESHOW_OVERLAY_HIDE_MS timeout after
 * each interaction once a click has armed the overlay's hiding.
 */
export function createPlayerClock(initial: PlayerState): PlayerClock {
  let state = initial;
  let running = false;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let hider: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const stopTicking = () => {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  };
  const startTicking = () => {
    stopTicking();
    ticker = setInterval(() => dispatch({ type: 'tick' }), SLIDESHOW_TICK_MS);
  };
  const stopHiding = () => {
    if (hider !== undefined) clearTimeout(hider);
    hider = undefined;
  };
  const startHiding = () => {
    stopHiding();
    hider = setTimeout(() => dispatch({ type: 'hideOverlay' }), SLIDESHOW_OVERLAY_HIDE_MS);
  };

  function dispatch(action: PlayerAction) {
    const before = state;
    state = playerReducer(state, action);
    if (running) {
      if (!state.playing) stopTicking();
      else if (action.type !== 'tick' && (!before.playing || state.elapsedMs === 0)) startTicking();
      else if (ticker === undefined) startTicking();
      if (action.type === 'interact' && state.autoHide) startHiding();
    }
    if (state !== before) for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (running) return;
      running = true;
      if (state.playing) startTicking();
      if (state.autoHide && state.overlayVisible) startHiding();
    },
    stop() {
      running = false;
      stopTicking();
      stopHiding();
    },
  };
}
