import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPlayerClock,
  initialPlayerState,
  type PlayerClock,
  playerReducer,
  progressPercent,
  slideDurationMs,
} from './player-clock.ts';

/** Three slides of 1 s, 2 s and the default 5 s (a slide with no usable duration). */
const DURATIONS = [slideDurationMs(1), slideDurationMs(2), slideDurationMs(0)];

let clock: PlayerClock;
const state = () => clock.getState();

beforeEach(() => {
  vi.useFakeTimers();
  clock = createPlayerClock(initialPlayerState(DURATIONS));
  clock.start();
});

afterEach(() => {
  clock.stop();
  vi.useRealTimers();
});

describe('slide durations', () => {
  it('uses the slide’s seconds, and 5 s when there are none', () => {
    expect(DURATIONS).toEqual([1000, 2000, 5000]);
    expect(slideDurationMs(null)).toBe(5000);
    expect(slideDurationMs(-3)).toBe(5000);
    expect(slideDurationMs(Number.NaN)).toBe(5000);
  });
});

describe('playing', () => {
  it('starts playing at the first slide with no progress', () => {
    expect(state()).toMatchObject({ index: 0, playing: true, elapsedMs: 0, overlayVisible: true });
    expect(progressPercent(state())).toBe(0);
  });

  it('ticks every 100 ms, and not in between', () => {
    vi.advanceTimersByTime(99);
    expect(state().elapsedMs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state().elapsedMs).toBe(100);
    expect(progressPercent(state())).toBeCloseTo(10);
    vi.advanceTimersByTime(300);
    expect(state().elapsedMs).toBe(400);
    expect(progressPercent(state())).toBeCloseTo(40);
  });

  it('advances after each slide’s own duration', () => {
    vi.advanceTimersByTime(999);
    expect(state().index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(state()).toMatchObject({ index: 1, elapsedMs: 0, playing: true });
    vi.advanceTimersByTime(1900);
    expect(state().index).toBe(1);
    expect(progressPercent(state())).toBeCloseTo(95);
    vi.advanceTimersByTime(100);
    expect(state()).toMatchObject({ index: 2, elapsedMs: 0 });
    vi.advanceTimersByTime(4900);
    expect(state().index).toBe(2);
  });

  it('stops at the end and returns to the first slide', () => {
    vi.advanceTimersByTime(1000 + 2000 + 5000);
    expect(state()).toMatchObject({ index: 0, playing: false, elapsedMs: 0 });
    // Stopped: time passing changes nothing.
    vi.advanceTimersByTime(20_000);
    expect(state()).toMatchObject({ index: 0, playing: false, elapsedMs: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pauses and holds the progress; play starts the slide’s time afresh', () => {
    vi.advanceTimersByTime(500);
    clock.dispatch({ type: 'togglePlay' });
    expect(state()).toMatchObject({ playing: false, elapsedMs: 500 });
    vi.advanceTimersByTime(5000);
    expect(state()).toMatchObject({ index: 0, elapsedMs: 500 });
    clock.dispatch({ type: 'togglePlay' });
    expect(state()).toMatchObject({ playing: true, elapsedMs: 0 });
    vi.advanceTimersByTime(900);
    expect(state()).toMatchObject({ index: 0, elapsedMs: 900 });
    vi.advanceTimersByTime(100);
    expect(state().index).toBe(1);
  });
});

describe('moving by hand', () => {
  it('next and previous reset the progress, and the count restarts from the change', () => {
    vi.advanceTimersByTime(750);
    clock.dispatch({ type: 'next' });
    expect(state()).toMatchObject({ index: 1, elapsedMs: 0, playing: true });
    // A stale tick phase would show here as 50 ms.
    vi.advanceTimersByTime(50);
    expect(state().elapsedMs).toBe(0);
    vi.advanceTimersByTime(50);
    expect(state().elapsedMs).toBe(100);
    clock.dispatch({ type: 'previous' });
    expect(state()).toMatchObject({ index: 0, elapsedMs: 0 });
    clock.dispatch({ type: 'goTo', index: 2 });
    expect(state()).toMatchObject({ index: 2, elapsedMs: 0 });
  });

  it('previous from the first slide wraps to the last', () => {
    clock.dispatch({ type: 'previous' });
    expect(state().index).toBe(2);
  });

  it('next from the last slide wraps to the first and keeps playing', () => {
    clock.dispatch({ type: 'goTo', index: 2 });
    vi.advanceTimersByTime(300);
    clock.dispatch({ type: 'next' });
    expect(state()).toMatchObject({ index: 0, playing: true, elapsedMs: 0 });
    // The show goes on from the first slide.
    vi.advanceTimersByTime(1000);
    expect(state()).toMatchObject({ index: 1, playing: true, elapsedMs: 0 });
  });

  it('next from the last slide while paused wraps to the first and stays paused', () => {
    clock.dispatch({ type: 'goTo', index: 2 });
    clock.dispatch({ type: 'pause' });
    clock.dispatch({ type: 'next' });
    expect(state()).toMatchObject({ index: 0, playing: false, elapsedMs: 0 });
  });

  it('only the timer running out on the last slide stops the show', () => {
    clock.dispatch({ type: 'goTo', index: 2 });
    vi.advanceTimersByTime(5000);
    expect(state()).toMatchObject({ index: 0, playing: false, elapsedMs: 0 });
  });

  it('ignores slides that do not exist', () => {
    const before = state();
    clock.dispatch({ type: 'goTo', index: 3 });
    clock.dispatch({ type: 'goTo', index: -1 });
    expect(state()).toBe(before);
  });
});

describe('the control overlay', () => {
  it('stays up without a click, however long nothing happens', () => {
    clock.dispatch({ type: 'pause' });
    clock.dispatch({ type: 'interact', kind: 'other' });
    vi.advanceTimersByTime(60_000);
    expect(state().overlayVisible).toBe(true);
  });

  it('hides 3 s after a click without further interaction, and shows again on interaction', () => {
    clock.dispatch({ type: 'interact', kind: 'click' });
    vi.advanceTimersByTime(2999);
    expect(state().overlayVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state().overlayVisible).toBe(false);
    clock.dispatch({ type: 'interact', kind: 'other' });
    expect(state().overlayVisible).toBe(true);
  });

  it('waits 3 s from the latest interaction', () => {
    clock.dispatch({ type: 'interact', kind: 'click' });
    vi.advanceTimersByTime(2000);
    clock.dispatch({ type: 'interact', kind: 'other' });
    vi.advanceTimersByTime(2000);
    expect(state().overlayVisible).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(state().overlayVisible).toBe(false);
  });

  it('hides whether or not the show is playing', () => {
    clock.dispatch({ type: 'pause' });
    clock.dispatch({ type: 'interact', kind: 'click' });
    vi.advanceTimersByTime(3000);
    expect(state().overlayVisible).toBe(false);
  });
});

describe('the clock’s timers', () => {
  it('runs none once stopped, and resumes on start', () => {
    clock.dispatch({ type: 'interact', kind: 'click' });
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(state()).toMatchObject({ index: 0, elapsedMs: 0, overlayVisible: true });
    clock.start();
    vi.advanceTimersByTime(1000);
    expect(state().index).toBe(1);
  });

  it('tells subscribers about changes only', () => {
    const listener = vi.fn();
    const unsubscribe = clock.subscribe(listener);
    clock.dispatch({ type: 'pause' });
    clock.dispatch({ type: 'pause' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    clock.dispatch({ type: 'play' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('an empty slideshow', () => {
  it('never plays and ignores moves', () => {
    const empty = initialPlayerState([]);
    expect(empty.playing).toBe(false);
    for (const type of ['tick', 'next', 'previous', 'play'] as const) {
      expect(playerReducer(empty, { type })).toBe(empty);
    }
    expect(progressPercent(empty)).toBe(0);
  });
});
