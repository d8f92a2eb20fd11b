import { open } from 'node:fs/promises';
import { badRequest } from '@server/errors';
import { requireFile } from './files';

export type BackupFormat = 'embedded' | 'pg_dump';

/** Recognises a backup by its first bytes: pg_dump custom format or a gzipped tar. */
export function formatOf(head: Buffer): BackupFormat | null {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') {
    return 'pg_dump';
  }
  return head[0] === 0x1f && head[1] === 0x8b ? 'embedded' : null;
}

/** The format of a backup file; refuses a missing file or one that is no backup of this app. */
export async function readFormat(file: string): Promise<BackupFormat> {
  requireFile(file);
  const fh = await open(file, 'r');
  const head = Buffer.alloc(8);
  try {
    await fh.read(head, 0, 8, 0);
  } finally {
    await fh.close();
  }
  const format = formatOf(head);
  if (!format) {
    throw badRequest(`${file} is not a backup of this app (neither an embedded backup nor a pg_dump file)`);
  }
  return format;
}
