import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Bbox } from '#common/map.ts';

/**
 * The basemap that ships with the archive (issue 28 §4): Natural Earth's land at 1:10 million
 * (npm world-atlas, public domain), cut once at start to the map's region with a margin, so the
 * map needs no tile server. The cut is a polygon clip against the rectangle (Sutherland–Hodgman):
 * a region that cuts through a continent gets the continent's part inside, not the whole
 * continent. About 1 ms and a few kilobytes for the Faroe Islands.
 */
export const BASEMAP_ATTRIBUTION = 'Coastline: Natural Earth (public domain)';

/** How far around the region the land is kept, in degrees, so a pan past its edge still shows coast. */
const MARGIN = 1;

type Ring = Position[];

/** One edge of the clip rectangle: keeps the points for which `inside` holds. */
function clipRingEdge(
  ring: Ring,
  inside: (p: Position) => boolean,
  cross: (a: Position, b: Position) => Position,
): Ring {
  const out: Ring = [];
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i]!;
    const previous = ring[(i + ring.length - 1) % ring.length]!;
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(cross(previous, current));
    }
  }
  return out;
}

const atX = (a: Position, b: Position, x: number): Position => [
  x,
  a[1]! + ((b[1]! - a[1]!) * (x - a[0]!)) / (b[0]! - a[0]!),
];
const atY = (a: Position, b: Position, y: number): Position => [
  a[0]! + ((b[0]! - a[0]!) * (y - a[1]!)) / (b[1]! - a[1]!),
  y,
];

/** A closed ring cut to the rectangle, closed again; null when nothing of it is inside. */
export function clipRing(ring: Ring, [west, south, east, north]: Bbox): Ring | null {
  let open = ring.slice(0, -1);
  open = clipRingEdge(
    open,
    (p) => p[0]! >= west,
    (a, b) => atX(a, b, west),
  );
  open = clipRingEdge(
    open,
    (p) => p[0]! <= east,
    (a, b) => atX(a, b, east),
  );
  open = clipRingEdge(
    open,
    (p) => p[1]! >= south,
    (a, b) => atY(a, b, south),
  );
  open = clipRingEdge(
    open,
    (p) => p[1]! <= north,
    (a, b) => atY(a, b, north),
  );
  if (open.length < 3) return null;
  const rounded = open.map(([x, y]) => [Math.round(x! * 1e4) / 1e4, Math.round(y! * 1e4) / 1e4]);
  return [...rounded, rounded[0]!];
}

function clipPolygon(rings: Ring[], box: Bbox): Ring[] | null {
  const outer = rings[0] && clipRing(rings[0], box);
  if (!outer) return null;
  const holes = rings.slice(1).flatMap((ring) => {
    const cut = clipRing(ring, box);
    return cut ? [cut] : [];
  });
  return [outer, ...holes];
}

/** The region with the margin around it, within the world. */
export function basemapBounds([west, south, east, north]: Bbox): Bbox {
  return [
    Math.max(-180, west - MARGIN),
    Math.max(-90, south - MARGIN),
    Math.min(180, east + MARGIN),
    Math.min(90, north + MARGIN),
  ];
}

let land: Feature<Polygon | MultiPolygon>[] | undefined;

function readLand(): Feature<Polygon | MultiPolygon>[] {
  if (!land) {
    const path = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
    const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology<{ land: GeometryCollection }>;
    const collection = feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon>;
    land = collection.features;
  }
  return land;
}

/** The land of the region (with its margin) as one GeoJSON feature collection. */
export function cutLand(region: Bbox): FeatureCollection<MultiPolygon> {
  const box = basemapBounds(region);
  const polygons: Ring[][] = [];
  for (const shape of readLand()) {
    const parts =
      shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates] : shape.geometry.coordinates;
    for (const rings of parts) {
      const cut = clipPolygon(rings, box);
      if (cut) polygons.push(cut);
    }
  }
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { source: 'Natural Earth 1:10m land' },
        geometry: { type: 'MultiPolygon', coordinates: polygons },
      },
    ],
  };
}
