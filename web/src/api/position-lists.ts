import type { PositionListResponse } from '@shared/schemas/positions';
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
  categoryId?: number;
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

export const listPositions = (f: PositionFilters, limit?: number) =>
  api.get<PositionListResponse>('/positions', { query: { ...f, limit } });

/**
 * The first page of the list for the filters. Fresh for a minute, so the copy the preload asked
 * for is drawn as it is, not asked for again (a write invalidates it).
 */
export const firstPositionsQuery = (f: PositionFilters) => ({
  queryKey: positionKeys.list(f, FIRST_POSITIONS),
  queryFn: () => listPositions(f, FIRST_POSITIONS),
  staleTime: 60_000,
});
