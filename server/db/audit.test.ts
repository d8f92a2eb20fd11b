import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonymousActor, systemActor } from '@server/policies/index';
import { useDb } from '../../test/use-db';
import { insertAudit, insertAudits } from './audit';

/**
 * audit_log has one writer (./audit.ts): every audited change, security event and the demo seed
 * record through it, so each row names its actor and its time the same way.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the audit writer', () => {
  const db = useDb();

  it('writes who acted, on what, and the values before and after', async () => {
    await insertAudit(db.knex, systemActor('seed-demo'), {
      action: 'seed',
      entity: 'audit-test',
      entityId: null,
      after: { lineItems: 3 },
    });
    await insertAudits(db.knex, anonymousActor, [
      { action: 'login.failed', entity: 'audit-test', entityId: 7, after: { reason: 'password' } },
      { action: 'update', entity: 'audit-test', entityId: '8', before: { a: 1 }, after: null },
    ]);
    const rows = await db
      .knex('audit_log')
      .where({ entity: 'audit-test' })
      .orderBy('id')
      .select('user_id', 'actor_label', 'action', 'entity_id', 'before', 'after');
    expect(rows).toEqual([
      {
        user_id: null,
        actor_label: 'seed-demo',
        action: 'seed',
        entity_id: null,
        before: null,
        after: { lineItems: 3 },
      },
      {
        user_id: null,
        actor_label: 'anonymous',
        action: 'login.failed',
        entity_id: '7',
        before: null,
        after: { reason: 'password' },
      },
      {
        user_id: null,
        actor_label: 'anonymous',
        action: 'update',
        entity_id: '8',
        before: { a: 1 },
        after: null,
      },
    ]);
  });

  it('is the only code that inserts into audit_log', () => {
    const writes = /(['"`])audit_log\1\s*\)\s*\.insert\(|insert\s+into\s+audit_log\b/i;
    const found = ['server', 'seeds', 'cli']
      .flatMap((dir) =>
        readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
          path.join(dir, f),
        ),
      )
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && f !== path.join('server', 'db', 'audit.ts'))
      .filter((f) => writes.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
