import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '@server/policies/index';
import { configId, getConfig, publish } from './public-dashboard';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildPublicWorld, FY } from '../../../test/worlds/public-dashboard.world';

/**
 * configId, the CLI's `publish`: which dashboard to publish, made on first read as getConfig makes
 * it, without getConfig's rebuild of every published year's figures (whether the data changed
 * since the last Publish), which `publish` then does itself.
 */
describe('configId', () => {
  let t: TestApp;
  const actor = systemActor('config-id-test');

  beforeAll(async () => {
    t = await createTestApp();
    await buildPublicWorld(t.db.knex);
  });
  afterAll(() => t?.close());

  /** The SQL `work` sends. */
  async function statements(work: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    t.db.knex.on('query', listen);
    try {
      await work();
    } finally {
      t.db.knex.off('query', listen);
    }
    return sent;
  }

  it('makes the dashboard on first read, audited, as getConfig does, and refuses who may not manage it', async () => {
    const viewer: Actor = { kind: 'user', id: 1, role: 'VIEW_ONLY', name: 'Viewer', email: 'v@example.org' };
    await expect(configId(t.app, viewer)).rejects.toMatchObject({ status: 403 });
    const configs = async () =>
      Number((await t.db.knex('public_dashboard_configs').count('* as n').first())?.n);
    expect(await configs()).toBe(0);
    const id = await configId(t.app, actor);
    expect((await getConfig(t.app, actor)).config.id).toBe(id);
    expect(await configs()).toBe(1);
    const audit = await t.db.knex('audit_log').where({ entity: 'public-dashboard', action: 'create' });
    expect(audit.map((a: { entity_id: unknown }) => String(a.entity_id))).toEqual([String(id)]);
  });

  it('answers the id of a published dashboard without rebuilding its figures', async () => {
    const id = await configId(t.app, actor);
    await publish(t.app, actor, id, { publishedYears: [FY], confirm: true });
    const rebuilt = (sql: string[]) => sql.filter((s) => /line_items|positions/.test(s));
    // getConfig works out whether the data changed since the Publish: the year's figures again.
    expect(rebuilt(await statements(() => getConfig(t.app, actor))).length).toBeGreaterThan(0);
    let answered = 0;
    const sent = await statements(async () => (answered = await configId(t.app, actor)));
    expect(answered).toBe(id);
    expect(rebuilt(sent)).toEqual([]);
    expect(sent).toHaveLength(1);
  });
});
