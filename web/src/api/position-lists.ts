import type { PositionListResponse } from '@shared/schemas/positions';
import type { PositionRows } from '@shared/schemas/positions-rows';
import { api } from '@web/api/client';

/*
 * The positions list's requests and keys, apart from the rest of the positions API (and its zod
 * schemas): the first page's preload (web/src/screens/positions/preload.ts) is part of the app's
 * first page.
 */

/** The list's filters as GET /positions takes them (the server filters: 50,000 positions stay fast). */
export interface PositionFilters {
  budgetYearId: number;
  fiscalYear: number;
  /** A building id, or 'none' for District Wide. */
  buildingId?: number | 'none';
  deseCode?: string;
  /** A category id, or 'none': the positions whose cost lands in no salary line. */
  categoryId?: number | 'none';
  /** The positions a fund pays a share of (the general fund's: those not split, or with a share on it). */
  fundId?: number;
  /** One status or several, comma separated ('vacant,posted'). */
  status?: string;
  overFilled?: boolean;
}

/** How many positions the grid draws first, before the whole list has arrived. */
export const FIRST_POSITIONS = 200;

export const positionKeys = {
  all: ['positions'] as const,
  list: (f: PositionFilters, limit?: number) => [...positionKeys.all, 'list', f, limit ?? 'all'] as const,
  detail: (id: number) => [...positionKeys.all, 'detail', id] as const,
  placements: () => [...positionKeys.all, 'vacancy-placement'] as const,
};

/**
 * A page of the list (`limit`), or the whole list in the compact form (format=rows: an array of
 * values per position, names once, a third of the object form's bytes) decoded into the same
 * objects. A server that answers the object form (one older than format=rows) is read as it is.
 */
export async function listPositions(f: PositionFilters, limit?: number): Promise<PositionListResponse> {
  if (limit !== undefined) {
    return api.get<PositionListResponse>('/positions', { query: { ...f, limit } });
  }
  const body = await api.get<PositionListResponse | PositionRows>('/positions', {
    query: { ...f, format: 'rows' },
  });
  if ('positions' in body) {
    return body;
  }
  // Loaded with the whole list, not with the app's first page.
  const { decodePositionRows } = await import('@shared/schemas/positions-rows');
  return decodePositionRows(body);
}

/**
 * The first page of the list for the filters. Fresh for a minute, so the copy the preload asked
 * for is drawn as it is, not asked for again (a write invalidates it).
 */
export const firstPositionsQuery = (f: PositionFilters) => ({
  queryKey: positionKeys.list(f, FIRST_POSITIONS),
  queryFn: () => listPositions(f, FIRST_POSITIONS),
  staleTime: 60_000,
});
