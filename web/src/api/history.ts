import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HistoryEntity, HistoryEntry, historyResponse } from '@shared/schemas/history';
import { api } from '@web/api/client';

export type { HistoryEntity, HistoryEntry };

/** Query keys: ['history', entity, id]; saving a record invalidates its key. */
export const historyKeys = {
  all: ['history'] as const,
  record: (entity: HistoryEntity, id: number) => [...historyKeys.all, entity, id] as const,
};

export const historyApi = {
  record: (entity: HistoryEntity, id: number) =>
    api.get<z.infer<typeof historyResponse>>(`/history/${entity}/${id}`),
};

/** The change history of one record, newest first. */
export function useHistory(entity: HistoryEntity, id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: historyKeys.record(entity, id ?? 0),
    queryFn: () => historyApi.record(entity, id!),
    enabled: enabled && Boolean(id),
    retry: false,
  });
}
