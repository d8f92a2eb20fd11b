import type { Knex } from 'knex';
import type { AppConfig } from '@server/config';
import type { Logger } from '@server/lib/log';
import { createTestApp, type TestApp } from '../app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildWorkGroup,
  insertEmployees,
  insertProposed,
  unique,
} from '../factories';
import {
  sentData,
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type FakeReply,
  type FakeRequest,
} from '../fake-anthropic';

/**
 * The AI analysis tests' world: a budget year with proposed lines in two categories and buildings,
 * and employees (named, salaried) in position groups of two and three, one person alone in a
 * position (folded away so their salary never shows), and a line of another budget year (an id the
 * model must not be allowed to use). Figures the tests assert are recomputed from these rows in SQL.
 */

export interface AiWorld {
  budgetYearId: number;
  fiscalYear: number;
  lineIds: number[];
  foreignLineId: number;
  teachers: string;
  custodians: string;
}

let nextYear = 2060;

export async function buildAiWorld(db: Knex): Promise<AiWorld> {
  const fiscalYear = (nextYear += 1);
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: fiscalYear });
  const supplies = await buildCategory(db, { name: `Supplies ${unique()}` });
  const tech = await buildCategory(db, { name: `Technology ${unique()}` });
  const school = await buildBuilding(db);
  const amounts = ['48000.00', '12500.50', '90000.25', '3300.10'];
  const lineIds = await insertProposed(
    db,
    amounts.map((amount, i) => ({
      budgetYearId,
      fiscalYear,
      amount,
      categoryId: i % 2 ? tech : supplies,
      buildingId: i < 2 ? school : null,
      accountDescription: `Line ${i + 1} ${unique()}`,
    })),
  );
  const teachers = `Teachers ${unique()}`;
  const custodians = `Custodians ${unique()}`;
  const teachersId = await buildWorkGroup(db, teachers);
  const custodiansId = await buildWorkGroup(db, custodians);
  await insertEmployees(db, [
    {
      budgetYearId,
      fiscalYear,
      salary: '71234.56',
      position: 'Grade 3 Teacher',
      workGroupId: teachersId,
      firstName: 'Abigail',
      lastName: `Quartermaine${unique()}`,
    },
    {
      budgetYearId,
      fiscalYear,
      salary: '68901.23',
      position: 'Grade 3 Teacher',
      workGroupId: teachersId,
      firstName: 'Bartholomew',
      lastName: `Fenwick${unique()}`,
    },
    {
      budgetYearId,
      fiscalYear,
      salary: '75555.55',
      position: 'Grade 3 Teacher',
      workGroupId: teachersId,
      firstName: 'Cordelia',
      lastName: `Ashby${unique()}`,
    },
    {
      budgetYearId,
      fiscalYear,
      salary: '45678.91',
      position: 'Night Custodian',
      workGroupId: custodiansId,
      firstName: 'Desmond',
      lastName: `Whitlock${unique()}`,
    },
    {
      budgetYearId,
      fiscalYear,
      salary: '47111.11',
      position: 'Night Custodian',
      workGroupId: custodiansId,
      firstName: 'Evangeline',
      lastName: `Marlowe${unique()}`,
    },
    // Alone in their position and work group: their salary would be a group's total.
    {
      budgetYearId,
      fiscalYear,
      salary: '123456.78',
      position: 'Director of Finance',
      workGroupId: null,
      firstName: 'Fitzgerald',
      lastName: `Okonkwo${unique()}`,
    },
  ]);
  const otherYear = await buildBudgetYear(db, { currentFiscalYear: fiscalYear });
  const [foreignLineId] = await insertProposed(db, [
    { budgetYearId: otherYear, fiscalYear, amount: '5000.00' },
  ]);
  return { budgetYearId, fiscalYear, lineIds, foreignLineId, teachers, custodians };
}

/** Exact sums in SQL of what the analysis should have counted, as decimal text. */
export async function sqlTotals(db: Knex, w: AiWorld) {
  const { rows } = await db.raw(
    `SELECT coalesce(sum(amount) FILTER (WHERE NOT is_operating), 0)::numeric(14,2)::text AS proposed,
            coalesce(sum(current_salary) FILTER (WHERE is_operating AND position <> 'Director of Finance'), 0)::numeric(14,2)::text AS personnel
       FROM line_items WHERE budget_year_id = ? AND fiscal_year = ?`,
    [w.budgetYearId, w.fiscalYear],
  );
  return rows[0] as { proposed: string; personnel: string };
}

/**
 * A well-grounded answer built from what the request carried: half of the largest line, a whole
 * smaller line, and one position group at a third of its total (whole cents).
 */
export function goodAnswer(req: FakeRequest): FakeReply {
  const { lines, groups } = sentData(req);
  const byAmount = [...lines].sort((a, b) => b[4] - a[4]);
  const group = groups.find((g) => g[0] === 'Grade 3 Teacher')!;
  return toolReply({
    note: 'Start with supplies; staff cuts last.',
    likelyNeeded: [
      {
        description: 'Halve the largest line',
        savings: Math.floor((byAmount[0][4] / 2) * 100) / 100,
        impact: 'Some',
        lineIds: [byAmount[0][0]],
        positionGroups: [],
      },
      {
        description: 'Drop the smallest line',
        savings: byAmount[byAmount.length - 1][4],
        impact: 'Little',
        lineIds: [byAmount[byAmount.length - 1][0]],
        positionGroups: [],
      },
    ],
    moderateNeed: [],
    deepCuts: [
      {
        description: 'One fewer grade 3 teacher',
        savings: Math.floor((group[3] / 3) * 100) / 100,
        impact: 'Larger classes',
        lineIds: [],
        positionGroups: [{ position: group[0], workGroup: group[1] }],
      },
    ],
  });
}

/** A logger that keeps every line it was given, as the JSON the real one writes. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) => {
    lines.push(JSON.stringify({ level, msg, ...fields }));
  };
  return { lines, debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** The fake Messages API and a test server pointed at it (short timeouts and pauses unless given). */
export async function startAiApp(
  config: Partial<AppConfig> = {},
  log?: Logger,
): Promise<{ t: TestApp; fake: FakeAnthropic }> {
  const fake = await startFakeAnthropic();
  const t = await createTestApp({
    config: {
      anthropicBaseUrl: fake.url,
      anthropicModel: 'claude-test-model',
      aiTimeoutMs: 5000,
      aiMaxRetries: 1,
      aiRetryPauseMs: 5,
      ...config,
    },
    log,
  });
  return { t, fake };
}
