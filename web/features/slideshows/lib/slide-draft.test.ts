import { describe, expect, it } from 'vitest';
import { canMove, moveSlide, PREVIEW_MAX, previewOf } from './slide-draft.ts';

describe('previewOf', () => {
  it('shows up to 24 thumbnails, then +N', () => {
    expect(PREVIEW_MAX).toBe(24);
    const ids = Array.from({ length: 30 }, (_, i) => i);
    expect(previewOf(ids)).toEqual({ shown: ids.slice(0, 24), more: 6 });
    expect(previewOf(ids.slice(0, 24))).toEqual({ shown: ids.slice(0, 24), more: 0 });
    expect(previewOf([])).toEqual({ shown: [], more: 0 });
  });
});

describe('moving slides', () => {
  const slides = [{ slideId: 'a' }, { slideId: 'b' }, { slideId: null }, { slideId: null }];

  it('moves within the list and within its group only', () => {
    expect(canMove(slides, 0, -1)).toBe(false);
    expect(canMove(slides, 0, 1)).toBe(true);
    expect(canMove(slides, 1, 1)).toBe(false);
    expect(canMove(slides, 2, -1)).toBe(false);
    expect(canMove(slides, 2, 1)).toBe(true);
    expect(canMove(slides, 3, 1)).toBe(false);
  });

  it('swaps neighbours', () => {
    expect(moveSlide(['x', 'y', 'z'], 2, -1)).toEqual(['x', 'z', 'y']);
    expect(moveSlide(['x', 'y', 'z'], 0, 1)).toEqual(['y', 'x', 'z']);
  });
});
