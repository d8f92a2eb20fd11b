import { beforeAll, describe, expect, it } from 'vitest';
import { computeMeter } from '@server/domains/massachusetts/nss-meter';
import { useDb } from '../test/use-db';
import { seedDemo } from './demo';

/**
 * The demo's illustrative state figures (seeds/demo-state-figures.ts) keep its budget where a
 * Scenario Builder user can cross the lines: FY27 between 100% and 105% of required NSS, with the
 * 95% line a few million dollars of cuts away; FY26 likewise.
 */
describe('the demo district’s net school spending', () => {
  const db = useDb();
  let budgetYearId: number;
  beforeAll(async () => {
    await seedDemo(db.knex, { personaPassword: 'demo-persona-password', passwordCost: 10 });
    budgetYearId = (await db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  });

  for (const fiscalYear of [2026, 2027]) {
    it(`puts FY${fiscalYear - 2000} between 100% and 105% of required NSS`, async () => {
      const m = await computeMeter(db.knex, { budgetYearId, fiscalYear, versionId: null }, { map: {} }, null);
      expect(m.status).toBe('MEETS');
      expect(m.columns!.percentOfRequired).toBeGreaterThanOrEqual(100);
      expect(m.columns!.percentOfRequired).toBeLessThanOrEqual(105);
      expect(m.headroom!.above95).toBeGreaterThan(m.headroom!.above100);
      expect(m.warnings).toEqual([]);
      expect(m.municipal.lines.some((l) => !l.counts)).toBe(true);
      const sources = await db.knex('nss_state_figures').where({ fiscal_year: fiscalYear }).first();
      expect(sources.required_nss_source).toContain('Illustrative');
    });
  }
});
