import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatabaseStatus } from '@shared/schemas/database';
import { readToken } from '@web/auth/session-storage';
import { api, ApiError } from '@web/api/client';
import { download } from '@web/lib/export';

export type { DatabaseStatus };

export const databaseKeys = { status: ['admin', 'database'] as const };

export function useDatabaseStatus() {
  return useQuery({
    queryKey: databaseKeys.status,
    queryFn: () => api.get<DatabaseStatus>('/admin/database'),
  });
}

/** Downloads a backup (a binary file, so not through the JSON client) and refreshes the card. */
export function useDownloadBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const token = readToken();
      const res = await fetch('/api/admin/database/backup', {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
        throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.error);
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'budget-backup';
      download(await res.blob(), name);
    },
    onSettled: () => client.invalidateQueries({ queryKey: databaseKeys.status }),
  });
}
