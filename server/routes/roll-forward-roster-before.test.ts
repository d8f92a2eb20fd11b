import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildPositionsWorld,
  closedPostAndSalaryLines,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';
import { positionsLine } from '@shared/schemas/roll-forward';

/**
 * The demo's shape: the roster of positions is in FY2026 and FY2027 (the proposed budget) has none.
 * Rolling FY2027 forward carries its lines and no positions, as before; the dry run and the real
 * run now say so and name the roster left behind (its positions not closed), so the new year's
 * empty Positions manager is no surprise. Rolling FY2026 forward carries its roster and names none.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const db = () => t.db.knex;
const roll = (body: unknown) => t.api('post', '/roll-forward', { token: admin.token, body });

let w: PositionsWorld;
/** FY2026's positions not closed, counted here from the rows. */
let open: number;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(db(), { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  // A closed position (carried by no roll forward), and FY2027's salary lines following the roster.
  await closedPostAndSalaryLines(t, w, finance.token);
  open = Number(
    (
      await db()('positions')
        .where({ budget_year_id: w.budgetYearId, fiscal_year: 2026 })
        .whereNot({ status: 'closed' })
        .count({ n: '*' })
    )[0].n,
  );
  expect(open).toBeGreaterThan(0);
});

describe('roll forward of a year without positions', () => {
  it('the dry run and the real run report none carried and the roster before it', async () => {
    const words = `Positions: none carried — FY27 has no positions (FY26 has ${open})`;
    const dry = await roll({ fromFiscalYear: 'FY2027', dryRun: true, confirm: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.totals.proposedCarried).toBeGreaterThan(0);
    expect(dry.body.positions.carried).toBe(0);
    expect(dry.body.rosterBefore).toEqual({ fiscalYear: 2026, positions: open });
    expect(positionsLine(dry.body)).toBe(words);

    const real = await roll({ fromFiscalYear: 'FY2027', confirm: true });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.positions.carried).toBe(0);
    expect(real.body.rosterBefore).toEqual({ fiscalYear: 2026, positions: open });
    expect(positionsLine(real.body)).toBe(words);
    // What is carried is unchanged: FY2028 starts with no positions.
    expect(Number((await db()('positions').where({ fiscal_year: 2028 }).count({ n: '*' }))[0].n)).toBe(0);

    const undone = await t.api('post', '/roll-forward/undo', {
      token: admin.token,
      body: { toFiscalYear: 2028 },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  });

  it('a year whose own roster is carried names no roster before it', async () => {
    const dry = await roll({ fromFiscalYear: 2026, dryRun: true, confirm: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions.carried).toBe(open);
    expect(dry.body.rosterBefore).toBeNull();
    expect(positionsLine(dry.body)).toMatch(new RegExp(`^Positions carried: ${open} positions`));
  });
});
