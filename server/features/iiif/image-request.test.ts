import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  IIIF_LIMITS,
  IiifRequestError,
  parseImageRequest,
  planImage,
} from './image-request.ts';

const plan = (region: string, size: string, W = 1000, H = 1000, rotation = '0', qf = 'default.jpg') =>
  planImage(parseImageRequest(region, size, rotation, qf), W, H);

const status = (work: () => unknown) => {
  try {
    work();
    return 200;
  } catch (error) {
    return error instanceof IiifRequestError ? error.statusCode : 500;
  }
};

describe('parseImageRequest and planImage', () => {
  it('works out regions and sizes as the Image API 3.0 tables say', () => {
    expect(plan('full', 'max', 6000, 4000)).toMatchObject({
      x: 0,
      y: 0,
      w: 6000,
      h: 4000,
      width: 4242,
      height: 2828,
    });
    expect(plan('square', 'max', 300, 200)).toMatchObject({ x: 50, y: 0, w: 200, h: 200 });
    expect(plan('pct:10,20,30,40', 'max')).toMatchObject({ x: 100, y: 200, w: 300, h: 400 });
    expect(plan('900,900,500,500', 'max')).toMatchObject({ x: 900, y: 900, w: 100, h: 100 });
    expect(plan('full', '^!2000,3000')).toMatchObject({ width: 2000, height: 2000 });
    expect(plan('full', '!2000,500')).toMatchObject({ width: 500, height: 500 });
    // !w,h is never larger than the region without ^, nor than the service's limits with it.
    expect(plan('full', '!2000,3000')).toMatchObject({ width: 1000, height: 1000 });
    expect(plan('full', '!1001,1001', 600, 400)).toMatchObject({ width: 600, height: 400 });
    expect(plan('0,0,300,200', '!400,200', 600, 400)).toMatchObject({
      w: 300,
      h: 200,
      width: 300,
      height: 200,
    });
    expect(plan('full', '^!99999,99999', 100, 100)).toMatchObject({ width: 3464, height: 3464 });
    expect(plan('full', '^max', 100, 50)).toMatchObject({ width: 4898, height: 2449 });
  });

  it('holds every answer within maxWidth, maxHeight and maxArea, at the bound and one past it', () => {
    const { maxWidth, maxArea } = IIIF_LIMITS;
    expect(status(() => plan('full', `^${maxWidth},${maxArea / maxWidth}`, 100, 100))).toBe(200);
    expect(status(() => plan('full', `^${maxWidth},${maxArea / maxWidth + 1}`, 100, 100))).toBe(400);
    expect(status(() => plan('full', `^${maxWidth + 1},1`, 100, 100))).toBe(400);
    expect(status(() => plan('full', `^1,${IIIF_LIMITS.maxHeight + 1}`, 100, 100))).toBe(400);
  });

  it('refuses numbers outside the grammar, however long', () => {
    expect(status(() => plan('1e3,0,10,10', 'max'))).toBe(400);
    expect(status(() => plan('0,0,10,10', '1234567890,'))).toBe(400);
    expect(status(() => plan('pct:0.5,0,10,10', 'max'))).toBe(200);
    expect(status(() => plan('pct:+1,0,10,10', 'max'))).toBe(400);
    expect(status(() => plan('full', 'max', 100, 100, '90.0'))).toBe(200);
    expect(status(() => plan('full', 'max', 100, 100, '!360'))).toBe(200);
    expect(status(() => plan('full', 'max', 100, 100, '22.5'))).toBe(501);
  });

  it('writes the canonical form', () => {
    const p = plan('pct:0,0,100,100', '500,', 1000, 1000, '!90', 'color.png');
    expect(canonicalPath(p, 1000, 1000)).toBe('full/500,500/!90/default.png');
    expect(canonicalPath(plan('full', '^1500,'), 1000, 1000)).toBe('full/^1500,1500/0/default.jpg');
    expect(canonicalPath(plan('10,10,20,20', 'max'), 1000, 1000)).toBe('10,10,20,20/max/0/default.jpg');
  });
});
