import { describe, expect, it } from 'vitest';
import { neighbourIndex, stripRange, zoomIn, zoomOut } from './lightbox-rules.ts';

describe('zoom', () => {
  it('steps by 25% between 50% and 300%', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    let zoom = 1;
    for (let i = 0; i < 20; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(3);
    for (let i = 0; i < 20; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.5);
  });
});

describe('neighbourIndex', () => {
  it('stops at the ends', () => {
    expect(neighbourIndex(0, 3, -1)).toBeNull();
    expect(neighbourIndex(0, 3, 1)).toBe(1);
    expect(neighbourIndex(2, 3, 1)).toBeNull();
    expect(neighbourIndex(2, 3, -1)).toBe(1);
  });
});

describe('stripRange', () => {
  it('spans 5 before and 5 after, clipped to the list', () => {
    expect(stripRange(7, 14)).toEqual([2, 12]);
    expect(stripRange(0, 14)).toEqual([0, 5]);
    expect(stripRange(13, 14)).toEqual([8, 13]);
    expect(stripRange(0, 1)).toEqual([0, 0]);
  });
});
