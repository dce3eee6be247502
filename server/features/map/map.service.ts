import type { z } from 'zod';
import type {
  Basemap,
  MapClusters,
  MapItem,
  MapItems,
  mapClustersQuery,
  mapItemsQuery,
} from '#common/api/map.ts';
import {
  type Bbox,
  cellBounds,
  cellKeyRange,
  cellOf,
  DEFAULT_MAP_REGION,
  gridLevel,
  KEPT_LEVELS,
  MAP_ITEMS_LIMIT,
  MAP_LIST_LIMIT,
  MAP_SINGLES_LIMIT,
  mercatorX,
  mercatorY,
  POINT_LEVEL,
  readBbox,
} from '#common/map.ts';
import { readPeriod } from '#common/timeline.ts';
import type { Actor } from '#common/permissions.ts';
import type { AppContext } from '#server/http/context.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { BASEMAP_ATTRIBUTION, cutLand } from './basemap.ts';
import { presentMapItem } from './map.presenter.ts';
import {
  type CellCount,
  type CellWindow,
  findOneInRanges,
  getMapItemDetails,
  type LocatedRow,
  listLocated,
  listLocatedByTitle,
  type MapFilters,
  sumKeptCells,
} from './map.repository.ts';

/** The basemap: the region's coastline and the installation's tile server, made once per process. */
export function makeBasemap(config: AppContext['config']): Basemap {
  const region = config.map?.region ?? DEFAULT_MAP_REGION;
  return {
    region,
    land: cutLand(region),
    attribution: BASEMAP_ATTRIBUTION,
    tiles:
      config.map?.tileUrl && config.map.tileAttribution
        ? { url: config.map.tileUrl, attribution: config.map.tileAttribution }
        : null,
  };
}

/** The cells of `level` a bbox touches (whole cells: a view's answer is the same for any bbox inside them). */
export function windowOf([west, south, east, north]: Bbox, level: number): CellWindow {
  const x0 = cellOf(mercatorX(west), level);
  const x1 = cellOf(mercatorX(east), level);
  const y: [number, number] = [cellOf(mercatorY(north), level), cellOf(mercatorY(south), level)];
  // West past east: the view crosses the 180° meridian.
  const xs: [number, number][] =
    west <= east
      ? [[x0, x1]]
      : [
          [x0, 2 ** level - 1],
          [0, x1],
        ];
  return { level, xs, y };
}

/** The same cells at a finer level (`shift` levels down). */
const finer = (window: CellWindow, shift: number): CellWindow => {
  const down = (from: number, to: number): [number, number] => [from * 2 ** shift, (to + 1) * 2 ** shift - 1];
  return { level: window.level + shift, xs: window.xs.map(([a, b]) => down(a, b)), y: down(...window.y) };
};

/** The same cells at a coarser level. */
const coarser = (window: CellWindow, level: number): CellWindow => {
  const up = (v: number) => Math.floor(v / 2 ** (window.level - level));
  return { level, xs: window.xs.map(([a, b]) => [up(a), up(b)]), y: [up(window.y[0]), up(window.y[1])] };
};

/** At most this many map_key() ranges are read for one view (a coarser cover past it: its items are trimmed to the window). */
const MAX_RANGES = 256;

/** map_key() ranges that cover a window: its cells at `level`, or coarser ones when they would be too many. */
function coveringRanges(window: CellWindow, level: number): [number, number][] {
  let cover = coarser(window, level);
  const count = (w: CellWindow) => w.xs.reduce((n, [a, b]) => n + b - a + 1, 0) * (w.y[1] - w.y[0] + 1);
  while (count(cover) > MAX_RANGES && cover.level > 0) cover = coarser(window, cover.level - 1);
  const ranges: [number, number][] = [];
  for (const [from, to] of cover.xs) {
    for (let x = from; x <= to; x++) {
      for (let y = cover.y[0]; y <= cover.y[1]; y++) ranges.push(cellKeyRange(cover.level, x, y));
    }
  }
  return ranges;
}

/** The period rows of map_cells a filter sums: '*' for all time, a decade's own and its years'. */
function periodRows(period: string | undefined): string[] {
  const chosen = readPeriod(period);
  if (!chosen) return ['*'];
  if (chosen.kind === 'year') return [chosen.name];
  return [chosen.name, ...Array.from({ length: 10 }, (_, i) => String(chosen.from + i))];
}

type Query = z.output<typeof mapClustersQuery>;

/**
 * The located public items the gallery's filters select in a view, clustered on the grid of the
 * map's zoom (common/map.ts). Without a search, views up to the finest kept level are summed from
 * map_cells (a few hundred rows for any view, whatever the archive's size); finer views and
 * searches read the items (at most MAP_ITEMS_LIMIT: `complete: false` past it). A cell holding one
 * item names it; at a zoom finer than the kept levels, a view of at most MAP_SINGLES_LIMIT items
 * names each. Without a search the answer is the same for every visitor: kept until the content
 * changes, under its cells (not the bbox), so nearby views share it.
 */
export async function getMapClusters(ctx: AppContext, _actor: Actor, query: Query): Promise<MapClusters> {
  const level = Math.min(gridLevel(query.zoom), POINT_LEVEL);
  const window = windowOf(readBbox(query.bbox)!, level);
  const filters: MapFilters = {
    search: query.q || undefined,
    categoryId: query.category,
    mediaType: query.type,
    period: readPeriod(query.period) ?? undefined,
    placeId: query.place,
  };
  const make = () => clusterView(ctx, window, filters, query.period);
  if (filters.search) return make();
  const key = JSON.stringify([window, query.category, query.type, query.period, query.place]);
  return sharedAnswer(ctx.db, `map ${key}`, make);
}

const finestKept = KEPT_LEVELS[KEPT_LEVELS.length - 1]!;

async function clusterView(
  ctx: AppContext,
  window: CellWindow,
  filters: MapFilters,
  period: string | undefined,
): Promise<MapClusters> {
  if (!filters.search && !filters.placeId && window.level <= finestKept) {
    const kept = KEPT_LEVELS.find((l) => l >= window.level)!;
    const cells = await sumKeptCells(ctx.db, {
      window: finer(window, kept - window.level),
      shift: kept - window.level,
      periods: periodRows(period),
      categoryId: filters.categoryId,
      mediaType: filters.mediaType,
    });
    return answer(ctx, window.level, cells, filters, true);
  }
  // A search's matches, or a view finer than the kept levels: the items themselves.
  const rows = await listLocated(ctx.db, {
    window,
    ranges: filters.search ? undefined : coveringRanges(window, Math.min(finestKept, window.level)),
    filters,
    limit: MAP_ITEMS_LIMIT + 1,
  });
  const complete = rows.length <= MAP_ITEMS_LIMIT;
  const counted = rows.slice(0, MAP_ITEMS_LIMIT);
  if (!filters.search && counted.length <= MAP_SINGLES_LIMIT) {
    const items = await detailsOf(
      ctx,
      counted.map((r) => r.id),
    );
    return { level: window.level, clusters: [], items, total: items.length, complete };
  }
  return answer(ctx, window.level, groupRows(counted), filters, complete, counted);
}

function groupRows(rows: LocatedRow[]): CellCount[] {
  const cells = new Map<string, CellCount>();
  for (const row of rows) {
    const key = `${row.x}/${row.y}`;
    const cell = cells.get(key) ?? { x: row.x, y: row.y, items: 0, latSum: 0, lonSum: 0 };
    cell.items += 1;
    cell.latSum += row.latitude;
    cell.lonSum += row.longitude;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

async function detailsOf(ctx: AppContext, ids: string[]): Promise<MapItem[]> {
  const rows = await getMapItemDetails(ctx.db, ids);
  return rows.map(presentMapItem);
}

/** Cells holding one item name it (up to MAP_SINGLES_LIMIT of them); the others are clusters. */
async function answer(
  ctx: AppContext,
  level: number,
  cells: CellCount[],
  filters: MapFilters,
  complete: boolean,
  rows?: LocatedRow[],
): Promise<MapClusters> {
  const singles = cells.filter((c) => c.items === 1).slice(0, MAP_SINGLES_LIMIT);
  const cellKey = (c: { x: number; y: number }) => `${c.x}/${c.y}`;
  // Which item each single cell holds: from the rows read, or one index range scan per cell.
  const idOf = new Map<string, string>();
  if (rows) {
    const wanted = new Set(singles.map(cellKey));
    for (const r of rows) if (wanted.has(cellKey(r))) idOf.set(cellKey(r), r.id);
  } else {
    const found = await findOneInRanges(
      ctx.db,
      singles.map((c) => cellKeyRange(level, c.x, c.y)),
      filters,
    );
    for (const f of found) idOf.set(cellKey(singles[f.range]!), f.id);
  }
  const items = await detailsOf(ctx, [...idOf.values()]);
  const shown = new Set(items.map((i) => i.id));
  const named = new Set([...idOf].filter(([, id]) => shown.has(id)).map(([key]) => key));
  const clusters = cells
    .filter((c) => !named.has(cellKey(c)))
    .map((c) => ({
      cell: `${level}/${c.x}/${c.y}`,
      lat: c.latSum / c.items,
      lon: c.lonSum / c.items,
      items: c.items,
      bounds: cellBounds(level, c.x, c.y),
    }));
  const total = cells.reduce((sum, c) => sum + c.items, 0);
  return { level, clusters, items, total, complete };
}

/**
 * The first located public items the gallery's filters select, by title (MAP_LIST_LIMIT of them):
 * what the map's page lists when the browser runs no script, so it is of use without the map.
 * Without a search the same for every visitor: kept until the content changes.
 */
export async function listMapItems(
  ctx: AppContext,
  _actor: Actor,
  query: z.output<typeof mapItemsQuery>,
): Promise<MapItems> {
  const filters: MapFilters = {
    search: query.q || undefined,
    categoryId: query.category,
    mediaType: query.type,
    period: readPeriod(query.period) ?? undefined,
    placeId: query.place,
  };
  const make = async (): Promise<MapItems> => {
    const ids = await listLocatedByTitle(ctx.db, filters, MAP_LIST_LIMIT + 1);
    const shown = ids.slice(0, MAP_LIST_LIMIT);
    const byId = new Map((await detailsOf(ctx, shown)).map((item) => [item.id, item]));
    return {
      items: shown.flatMap((id) => byId.get(id) ?? []),
      more: ids.length > MAP_LIST_LIMIT,
    };
  };
  if (filters.search) return make();
  return sharedAnswer(
    ctx.db,
    `map items ${JSON.stringify([query.category, query.type, query.period, query.place])}`,
    make,
  );
}
