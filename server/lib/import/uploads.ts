import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportType } from '@shared/schemas/import';
import { UPLOAD_TOKEN } from '@shared/schemas/import';
import type { HeaderInfo } from './header';

/**
 * Uploads waiting for POST /import/execute. The analyzed file is kept under DATA_DIR/uploads as
 * <token>.bin (owner-only permissions: it may hold salaries) with a <token>.json describing it, so
 * execute needs no second upload. A successful import deletes it; anything older than UPLOAD_TTL
 * is deleted on the next upload. Several API processes must share DATA_DIR for this to work.
 */
export const UPLOAD_TTL_MS = 6 * 60 * 60 * 1000;

export interface UploadMeta {
  originalName: string;
  importType: ImportType | 'ledger';
  /** Who uploaded it: only they (or the CLI) may import it. */
  userId: number | null;
  size: number;
  sha256: string;
  header: HeaderInfo;
  createdAt: string;
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

function files(dataDir: string, token: string) {
  if (!UPLOAD_TOKEN.test(token)) {
    throw new Error('Invalid upload token');
  }
  const dir = uploadsDir(dataDir);
  return { data: path.join(dir, `${token}.bin`), meta: path.join(dir, `${token}.json`) };
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Stores an upload's bytes and returns its token (32 hex characters). */
export async function saveUploadBytes(
  dataDir: string,
  data: Buffer,
): Promise<{ token: string; path: string }> {
  await mkdir(uploadsDir(dataDir), { recursive: true, mode: 0o700 });
  const token = randomBytes(16).toString('hex');
  const f = files(dataDir, token);
  await writeFile(f.data, data, { mode: 0o600 });
  return { token, path: f.data };
}

export async function saveUploadMeta(dataDir: string, token: string, meta: UploadMeta): Promise<void> {
  await writeFile(files(dataDir, token).meta, JSON.stringify(meta), { mode: 0o600 });
}

/** The stored file and its description, or null when it is unknown or expired. */
export async function loadUpload(
  dataDir: string,
  token: string,
): Promise<{ path: string; meta: UploadMeta } | null> {
  const f = files(dataDir, token);
  if (!existsSync(f.data) || !existsSync(f.meta)) {
    return null;
  }
  const meta = JSON.parse(await readFile(f.meta, 'utf8')) as UploadMeta;
  if (Date.now() - new Date(meta.createdAt).getTime() > UPLOAD_TTL_MS) {
    await deleteUpload(dataDir, token);
    return null;
  }
  return { path: f.data, meta };
}

export async function deleteUpload(dataDir: string, token: string): Promise<void> {
  const f = files(dataDir, token);
  await Promise.all([rm(f.data, { force: true }), rm(f.meta, { force: true })]);
}

/** Deletes uploads older than UPLOAD_TTL (never imported, or abandoned wizards). */
export async function purgeExpiredUploads(dataDir: string, now = Date.now()): Promise<number> {
  const dir = uploadsDir(dataDir);
  if (!existsSync(dir)) {
    return 0;
  }
  let removed = 0;
  for (const name of await readdir(dir)) {
    const full = path.join(dir, name);
    try {
      if (now - (await stat(full)).mtimeMs > UPLOAD_TTL_MS) {
        await rm(full, { force: true });
        removed += 1;
      }
    } catch {
      // another process removed it first
    }
  }
  return removed;
}
