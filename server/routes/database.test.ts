import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@server/db/index';
import { restoreEmbedded } from '@server/domains/admin/backup';
import { createTestApp, type TestApp } from '../../test/app';

/** The admin screen's database card and backup download: ADMIN only. */

let t: TestApp;
let admin: { token: string; email: string };
let finance: string;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'budget-db-route-'));
  t.app.config.dataDir = dataDir;
  admin = await t.userWith('ADMIN');
  finance = (await t.userWith('FINANCE')).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /admin/database and /admin/database/backup', () => {
  it('answers 401 without a token and 403 to FINANCE', async () => {
    for (const p of ['/admin/database', '/admin/database/backup']) {
      expect((await t.api('get', p)).status).toBe(401);
      expect((await t.api('get', p, { token: finance })).status).toBe(403);
    }
  });

  it('shows the size and, after a download, the last backup', async () => {
    const first = await t.api('get', '/admin/database', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.bytes).toBeGreaterThan(1_000_000);
    expect(first.body.lastBackup).toBeNull();

    const res = await fetch(`${t.url}/api/admin/database/backup`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="budget-backup-.*"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // gzip (embedded) or pg_dump's custom format: what budget-cli restore reads.
    expect(bytes[0] === 0x1f ? 'gzip' : bytes.subarray(0, 5).toString()).toMatch(/gzip|PGDMP/);

    const after = await t.api('get', '/admin/database', { token: admin.token });
    expect(after.body.lastBackup).toMatchObject({ where: `downloaded by ${admin.email}` });

    // The downloaded embedded backup restores (budget-cli restore) with every user in it.
    if (!process.env.TEST_DATABASE_URL) {
      const file = path.join(dataDir, 'downloaded.tar.gz');
      writeFileSync(file, bytes);
      const restoreDir = path.join(dataDir, 'restored');
      await restoreEmbedded(restoreDir, file);
      const restored = await openDb({ dataDir: restoreDir });
      try {
        const emails = (await restored.knex('users').orderBy('id').pluck('email')) as string[];
        expect(emails).toEqual(await t.db.knex('users').orderBy('id').pluck('email'));
      } finally {
        await restored.close();
      }
    }
  });
});
