import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildScenario,
  buildWorkGroup,
  insertEmployees,
  type EmployeeInput,
} from '../../test/factories';

/**
 * The salary distribution with real titles (Boston's and Chicago's rosters) and salaries up to the
 * largest a numeric(14,2) column holds. Expected figures are worked out here in BigInt cents.
 */

const { t, viewer } = useApp(['VIEW_ONLY']);
let budgetYearId: number;
const FY = 2026;

const cents = (money: string) => BigInt(money.replace('.', ''));
/** A range as the API reports it, computed from the salaries (money strings with 2 decimals). */
function range(salaries: string[]) {
  const c = salaries.map(cents);
  const sum = c.reduce((a, b) => a + b, 0n);
  const n = BigInt(c.length);
  // Average to the cent, halves away from zero (salaries are positive).
  const avg = (2n * sum + n) / (2n * n);
  const start = (c[0] / 1_000_000n) * 10_000n;
  const toNumber = (v: bigint) => Number(`${v / 100n}.${String(v % 100n).padStart(2, '0')}`);
  const k = (dollars: bigint) => `$${dollars / 1000n}k`;
  return {
    range: `${k(start)}-${k(start + 10_000n)}`,
    rangeStart: Number(start),
    count: c.length,
    avgSalary: toNumber(avg),
    minSalary: toNumber(c.reduce((a, b) => (b < a ? b : a))),
    maxSalary: toNumber(c.reduce((a, b) => (b > a ? b : a))),
  };
}

const PARALEGALS = ['40000.01', '41000.02', '42000.03', '43000.04', '44000.05'];
const PUB_RECORDS = ['45000.06', '46000.07', '47000.08', '48000.09', '49000.10'];
const TEACHER_ASSISTANTS = ['30000.11', '31000.12', '32000.13', '33000.14', '34000.15'];
const AIDES = ['25000.16', '26000.17', '27000.18', '28000.19', '29000.20'];
// $2,147,490,000 and more: a range start beyond PostgreSQL's int (2,147,483,647) failed the year.
const HUGE = ['2147490000.00', '2147490000.01', '2147491234.56', '2147499999.99', '2147495000.50'];
const LARGEST = [
  '999999999999.99',
  '999999999990.00',
  '999999999991.11',
  '999999999992.22',
  '999999999999.98',
];

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  const op = await buildScenario(db, budgetYearId, 'operating');
  // Work groups named like a paralegal union must not make paraeducators either.
  const legal = await buildWorkGroup(db, `Paralegals ${process.pid}`);
  const base = { budgetYearId, fiscalYear: FY, scenarioId: op };
  const rows: EmployeeInput[] = [
    ...PARALEGALS.map((salary, i) => ({
      ...base,
      salary,
      position: i % 2 ? 'Paralegal (LAW)' : 'Paralegal Assistant(C)',
      workGroupId: legal,
    })),
    ...PUB_RECORDS.map((salary) => ({ ...base, salary, position: 'Pub Records Spec. (Paralegal)' })),
    ...TEACHER_ASSISTANTS.map((salary, i) => ({
      ...base,
      salary,
      position: i % 2 ? 'Teacher Assistant' : 'Special Ed Classroom Assist II',
    })),
    ...AIDES.map((salary, i) => ({
      ...base,
      salary,
      position: i % 2 ? 'Instructional Aide' : 'Summer  1-1 Para(BTU)',
    })),
    ...HUGE.map((salary) => ({ ...base, salary, position: 'Teacher' })),
    ...LARGEST.map((salary) => ({ ...base, salary, position: 'Lead Teacher' })),
  ];
  await insertEmployees(db, rows);
});

describe('GET /line-items/salary-distribution with real titles and the largest salaries', () => {
  it('counts aides and classroom assistants as paraeducators and no paralegal, without overflowing', async () => {
    const res = await t.api(
      'get',
      `/line-items/salary-distribution?budgetYearId=${budgetYearId}&fiscalYear=${FY}`,
      {
        token: viewer.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.paras).toEqual([range(AIDES), range(TEACHER_ASSISTANTS)]);
    expect(res.body.teachers).toEqual([range(HUGE), range(LARGEST)]);
    expect(res.body.teachers[1]).toMatchObject({
      rangeStart: 999_999_990_000,
      range: '$999999990k-$1000000000k',
    });
    expect(res.body.excluded).toEqual({ teachers: 0, paras: 0 });
  });
});
