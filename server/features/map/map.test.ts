import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/** The map (issue 28 §4): the basemap the archive serves. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/map/basemap', () => {
  it('serves the region’s coastline from the archive itself, with its credit and an ETag', async () => {
    const res = await t.app.inject('/api/map/basemap');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      region: number[];
      land: { features: { geometry: { type: string; coordinates: number[][][][] } }[] };
      attribution: string;
      tiles: unknown;
    };
    expect(body.region).toEqual([-7.8, 61.35, -6.2, 62.45]);
    expect(body.attribution).toMatch(/Natural Earth/);
    expect(body.tiles).toBeNull();
    const polygons = body.land.features[0]!.geometry.coordinates;
    // The Faroe Islands are many islands; nothing of the rest of the world is sent.
    expect(polygons.length).toBeGreaterThan(5);
    for (const [lon, lat] of polygons.flat(2) as unknown as [number, number][]) {
      expect(lon).toBeGreaterThanOrEqual(-8.8);
      expect(lon).toBeLessThanOrEqual(-5.2);
      expect(lat).toBeGreaterThanOrEqual(60.35);
      expect(lat).toBeLessThanOrEqual(63.45);
    }
    // Streymoy (with Tórshavn) is land.
    expect(polygons.some((p) => p[0]!.length > 20)).toBe(true);
    const again = await t.app.inject({
      url: '/api/map/basemap',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('names the installation’s tile server and its credit when it has one', async () => {
    const other = await createTestApp({
      config: {
        map: {
          region: [5, 45, 15, 55],
          tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
          tileAttribution: '© Example',
        },
      },
    });
    try {
      const res = await other.app.inject('/api/map/basemap');
      const body = res.json() as { region: number[]; tiles: unknown };
      expect(body.region).toEqual([5, 45, 15, 55]);
      expect(body.tiles).toEqual({
        url: 'https://tiles.example.org/{z}/{x}/{y}.png',
        attribution: '© Example',
      });
      // The browser may fetch the tiles from there, and from nowhere else.
      const page = await other.app.inject('/api/health');
      expect(String(page.headers['content-security-policy'])).toContain('https://tiles.example.org');
    } finally {
      await other.close();
    }
  });
});
