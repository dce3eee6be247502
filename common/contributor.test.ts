import { describe, expect, it } from 'vitest';
import { contributionScore, nextGoal, successRate } from './contributor.ts';

describe('contributor formulas', () => {
  it('scores 10 per approved submission plus the views of the approved items', () => {
    expect(contributionScore(0, 0)).toBe(0);
    expect(contributionScore(3, 17)).toBe(47);
  });
  it('adds 10 per accepted piece of knowledge and per accepted name for a person on a photo', () => {
    expect(contributionScore(3, 17, 2)).toBe(67);
    expect(contributionScore(3, 17, 2, 4)).toBe(107);
    expect(contributionScore(0, 0, 0, 1)).toBe(10);
  });
  it('rounds the success rate to whole percent, 0 with no submissions', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(5, 5)).toBe(100);
  });
  it('sets the next goal at 5, then 10, then top contributor', () => {
    expect(nextGoal(0)).toEqual({ target: 5, remaining: 5 });
    expect(nextGoal(4)).toEqual({ target: 5, remaining: 1 });
    expect(nextGoal(5)).toEqual({ target: 10, remaining: 5 });
    expect(nextGoal(10)).toEqual({ target: null, remaining: 0 });
    expect(nextGoal(42)).toEqual({ target: null, remaining: 0 });
  });
});
