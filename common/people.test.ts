import { describe, expect, it } from 'vitest';
import { BOX_MIN_SIDE, clampBox } from './people.ts';

describe('clampBox', () => {
  it('keeps a box inside the image, at least the smallest side, rounded to a millionth', () => {
    expect(clampBox({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 })).toEqual({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    expect(clampBox({ x: -0.2, y: 1.5, w: 0.5, h: 0.5 })).toEqual({
      x: 0,
      y: 1 - BOX_MIN_SIDE,
      w: 0.5,
      h: BOX_MIN_SIDE,
    });
    expect(clampBox({ x: 0.8, y: 0, w: 0.5, h: 0 })).toEqual({ x: 0.8, y: 0, w: 0.2, h: BOX_MIN_SIDE });
    expect(clampBox({ x: 0.1234567891, y: 0, w: 0.1, h: 0.1 }).x).toBe(0.123457);
  });

  it('never makes a box whose sides pass the edge, whatever it is given', () => {
    for (let i = 0; i < 500; i++) {
      const box = clampBox({
        x: Math.random() * 1.4 - 0.2,
        y: Math.random(),
        w: Math.random() * 1.2,
        h: Math.random(),
      });
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.w).toBeGreaterThanOrEqual(BOX_MIN_SIDE);
      expect(box.x + box.w).toBeLessThanOrEqual(1.000001);
      expect(box.y + box.h).toBeLessThanOrEqual(1.000001);
    }
  });
});
