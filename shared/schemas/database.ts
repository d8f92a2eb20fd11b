import { z } from 'zod';

/** GET /admin/database: the admin screen's database card. */
export const databaseStatusResponse = z.object({
  kind: z.enum(['pg', 'pglite']),
  /** pg_database_size: the database's files, in bytes. */
  bytes: z.number().int().nonnegative(),
  lastBackup: z
    .object({
      at: z.string(),
      format: z.enum(['embedded', 'pg_dump']),
      bytes: z.number().int().nonnegative(),
      where: z.string(),
    })
    .nullable(),
});

export type DatabaseStatus = z.infer<typeof databaseStatusResponse>;
