import type { Knex } from 'knex';
import { hashPassword } from '@server/lib/passwords';
import { systemActor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { generateProjectionsIn } from '@server/domains/planning';
import { applyAutomaticNextYearSalary, reconciliation } from '@server/domains/line-items/index';
import { claimFiscalYearHomes } from '@server/domains/budgets';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { buildDemoDistrict, CURRENT_FISCAL_YEAR, FISCAL_YEARS } from './demo-district';
import {
  insertBudgetYears,
  insertChunked,
  insertPersonas,
  insertReference,
  insertVersions,
  PERSONAS,
} from './demo-insert';
import { insertImportRuns, insertPlans } from './demo-plans';
import { insertStateFigures } from './demo-state-figures';
import { assignDemoFunds, insertDemoFunds } from './demo-funds';
import { insertDemoPositions } from './demo-positions';
import { splitDemoPositions, splitDemoSalaryLines } from './demo-fund-shares';
import { SCHEDULE_WORK_GROUPS } from './demo-reference';
import { employeeRow, proposedRow, type LineContext } from './demo-rows';

/**
 * Loads the demo district into an empty database (when SEED_DEMO is set). Everything goes in
 * one transaction, and every query uses that transaction: PGlite has one connection, so a query on
 * the root knex inside the transaction would wait forever.
 */

/**
 * What the application itself does after an import, so the demo follows its own rules: the
 * automatic next-year salaries computed by the rule (flagging what it cannot serve, counted in the
 * payroll import's warnings), then FY27 projected from FY26 by Generate Projections.
 */
async function followTheRules(trx: Knex.Transaction, budgetYearId: number, operatingRunId: number) {
  const ids = await trx('line_items')
    .where({ budget_year_id: budgetYearId, is_operating: true })
    .orderBy('id')
    .pluck('id');
  await applyAutomaticNextYearSalary(trx, ids);
  const [{ n }] = await trx('line_items')
    .where({ import_run_id: operatingRunId, needs_review: true })
    .count({ n: '*' });
  await trx('import_runs')
    .where({ id: operatingRunId })
    .update({ warning_count: Number(n) });
  const actor = systemActor('seed-demo');
  for (const projectionType of ['operating', 'proposed'] as const) {
    await generateProjectionsIn(trx, actor, {
      budgetYearId,
      toFiscalYear: CURRENT_FISCAL_YEAR + 1,
      projectionType,
      forceRegenerate: false,
    });
  }
}

/** True when the database holds no budget years and no line items: the demo may be loaded. */
export async function isDatabaseEmpty(db: Knex): Promise<boolean> {
  const year = await db('budget_years').first('id');
  const line = await db('line_items').first('id');
  return !year && !line;
}

/**
 * Loads the demo district: personas Fran Finance (FINANCE) and Vic Viewer (VIEW_ONLY), eight
 * schools, reference data, budget years FY25-FY27, about 500 employees per year and their proposed
 * budget (FY25 and FY26 imported, FY27 projected by Generate Projections), enrollment, town goals,
 * contracts, COLA scenarios and an unpublished public dashboard.
 * Throws 'Demo data already loaded' unless the database is empty (isDatabaseEmpty).
 * Returns the current fiscal year's (FY26) employee lines and proposed lines.
 */
export async function seedDemo(
  db: Knex,
  options: { personaPassword: string; passwordCost?: number },
): Promise<{ employees: number; proposedLines: number }> {
  const district = buildDemoDistrict();
  // Hashing is slow on purpose; do it before the transaction so the lock is held briefly.
  const cost = options.passwordCost ?? 17;
  const hashes: string[] = [];
  for (let i = 0; i < PERSONAS.length; i++) {
    hashes.push(await hashPassword(options.personaPassword, cost));
  }
  return db.transaction(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) {
      throw new Error('Demo data already loaded');
    }
    await insertPersonas(trx, hashes);
    // Versions and imports are ADMIN work: the seeded ones name the first active
    // administrator, or nobody when the demo is loaded before one exists (budget-cli db seed --demo).
    const admin = await trx('users').where({ role: 'ADMIN', is_active: true }).orderBy('id').first('id');
    const importerId: number | null = admin?.id ?? null;
    const ref = await insertReference(trx);
    await insertDemoFunds(trx);
    // Steps and lanes apply to the groups on the teachers' schedule.
    const teacherGroups = SCHEDULE_WORK_GROUPS.map((g) => ref.workGroups.get(g)!);
    const budget = await insertBudgetYears(trx, teacherGroups);
    const current = budget.years.get(CURRENT_FISCAL_YEAR)!;
    const versions = await insertVersions(trx, current, importerId);
    const runs = await insertImportRuns(
      trx,
      district,
      importerId,
      current,
      versions.get(CURRENT_FISCAL_YEAR)!,
    );
    const ctx: LineContext = {
      budgetYearId: current,
      operatingScenarioId: budget.operating.get(CURRENT_FISCAL_YEAR)!,
      proposedScenarioId: budget.proposed.get(CURRENT_FISCAL_YEAR)!,
      versions,
      importRuns: runs,
      currentFiscalYear: CURRENT_FISCAL_YEAR,
      ...ref,
    };
    await insertChunked(
      trx,
      'line_items',
      district.employees.map((e) => employeeRow(e, ctx)),
    );
    await insertChunked(
      trx,
      'line_items',
      district.proposed.map((p) => proposedRow(p, ctx)),
    );
    await assignDemoFunds(trx);
    await splitDemoSalaryLines(trx, current);
    // Every demo fiscal year is planned in the current budget year, its one home (docs/ARCHITECTURE.md,
    // 'One home for each fiscal year'): FY25's and FY27's budget years hold no plan of their own.
    await claimFiscalYearHomes(
      trx,
      { id: current, fiscal_year: fiscalYearLabel(CURRENT_FISCAL_YEAR) },
      FISCAL_YEARS,
    );
    await insertChunked(
      trx,
      'enrollment',
      district.enrollment.map((e) => ({
        budget_year_id: budget.years.get(e.fiscalYear),
        building_id: ref.buildings.get(e.buildingCode),
        grade: e.grade,
        student_count: e.studentCount,
        special_ed_count: e.specialEdCount,
      })),
    );
    await insertPlans(trx, district, ref);
    // After the contracts (insertPlans): the next-year salary rule reads their COLA.
    await followTheRules(trx, current, runs.operating);
    // After the next-year salaries: a position's cost is its holder's.
    await insertDemoPositions(trx, current, ref);
    await splitDemoPositions(trx, current);
    // The year being planned budgets these positions: its salary lines hold their cost from the
    // start (the line writer would follow them at the commit too; said here, not left to a side effect).
    await reconciliation.followRoster(trx, systemActor('seed-demo'), {
      budgetYearId: current,
      fiscalYear: CURRENT_FISCAL_YEAR,
    });
    await insertStateFigures(trx);
    // Proposed lines as stored, after splitDemoSalaryLines gave grants their share of salary lines:
    // the start-up message named the 183 generated while the screens count 190.
    const [{ proposed }] = await trx('line_items')
      .where({ budget_year_id: current, fiscal_year: CURRENT_FISCAL_YEAR, is_operating: false })
      .count({ proposed: '*' });
    const counts = {
      employees: district.employees.filter((e) => e.fiscalYear === CURRENT_FISCAL_YEAR).length,
      proposedLines: Number(proposed),
    };
    const [{ n }] = await trx('line_items').count({ n: '*' });
    await insertAudit(trx, systemActor('seed-demo'), {
      action: 'seed',
      entity: 'demo_district',
      entityId: null,
      after: { ...counts, lineItems: Number(n) },
    });
    return counts;
  });
}
