import type { Command } from 'commander';
import { z } from 'zod';
import { AppError } from '@server/errors';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { rifGapBody, type RifCalculation } from '@shared/schemas/cola-calc';
import { fiscalYearInput, fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import { DEFAULT_PROJECTION_YEARS } from '@shared/schemas/projections';
import { calculateRifGap, planningDefaults } from '@server/domains/planning';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { moneyFlag, parseFlags, printJson, printRows, numberFlag } from '../output';
import { PROPOSED_BASE_FLAG, runProjections } from './projection-runs';

/** The `rif` flag of each figure the service may fill in from the district's data. */
const RIF_FLAGS = { baselineBudget: '--baseline', townFundingAmount: '--town-funding' } as const;

/** A refusal for a figure the data lacks, worded for the command line: which flag to give. */
function flagNamed(err: unknown): unknown {
  if (!(err instanceof AppError)) {
    return err;
  }
  const field = (err.details as { path?: string }[]).find((d) => d.path && d.path in RIF_FLAGS)?.path;
  if (field === undefined || !/: enter /.test(err.message)) {
    return err;
  }
  const flag = RIF_FLAGS[field as keyof typeof RIF_FLAGS];
  return new AppError(
    err.status,
    err.code,
    `${err.message.replace(/: enter .*/, '')}: give ${flag}`,
    err.details,
  );
}

/** People the payroll gave no salary: counted at $0, and where to fix them. */
const withoutSalaryText = (n: number) =>
  `${formatNumber(n)} ${n === 1 ? 'person' : 'people'} counted as $0 (no current salary: flagged for review in Data Quality)`;

function printRif(r: RifCalculation): void {
  const rows: [string, string][] = [
    [
      'Base year',
      `${r.baseYear === null ? '?' : label(r.baseYear)}, ${formatNumber(r.employees ?? 0)} Active employees`,
    ],
    ...(r.employeesWithoutSalary > 0
      ? ([['Without a salary', withoutSalaryText(r.employeesWithoutSalary)]] as [string, string][])
      : []),
    ['COLA scenario', r.scenarioId === null ? 'none (contracts only)' : `#${r.scenarioId}`],
    ['Baseline budget', money(r.baselineBudget)],
    ['COLA impact', money(r.colaImpact.total)],
    ['  settled contracts', money(r.colaImpact.settled)],
    ['  negotiating contracts', money(r.colaImpact.negotiating)],
    ['  COLA scenario', money(r.colaImpact.scenario)],
    ['  long-term assumption', money(r.colaImpact.longTerm)],
    ['Steps and lanes', `${money(r.stepsLanesAmount)}${r.includeStepsLanes ? '' : ' (not included)'}`],
    ['New hires', `${money(r.newHiresAmount)} (${r.newHires} starting in ${label(r.fiscalYear)})`],
    ['Typed next-year salaries', `${money(r.adjustmentsAmount)} (beyond the rule)`],
    ['District need', money(r.districtNeed)],
    ['Town funding', money(r.townFundingAmount)],
    ['Gap (need - funding)', money(r.gap)],
    [
      'RIF required',
      r.rifRequired ? `yes, about ${r.positionsEstimate} positions at ${money(r.averagePositionCost)}` : 'no',
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(
    `RIF gap for ${label(r.fiscalYear)} (saved as calculation #${r.id})\n` +
      rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}\n`).join('') +
      r.colaWarnings.map((w) => `Warning: ${w}\n`).join('') +
      '\nCOLA by work group\n',
  );
  printRows(
    r.breakdown.map((b) => ({
      workGroup: b.workGroupName ?? '(none)',
      source: b.colaSource,
      contractYear: b.contractYear ?? '',
      cola: `${b.percentage}%`,
      employees: b.employees,
      payroll: money(b.payroll),
      colaAmount: money(b.amount),
      stepsLanes: money(b.stepsLanesAmount),
    })),
    false,
  );
  if (r.costOfOnePercent.length) {
    process.stdout.write('\nCost of 1% COLA by bargaining unit\n');
    printRows(
      r.costOfOnePercent.map((x) => ({
        workGroup: x.workGroupName,
        employees: x.employees,
        payroll: money(x.payroll),
        onePercent: money(x.amount),
      })),
      false,
    );
  }
}

/** `budget-cli project` (Generate Projections by the name the district's scripts use) and `budget-cli rif`. */
export function registerColaCommands(program: Command): void {
  program
    .command('project')
    .description('Project a budget year forward (Generate Projections)')
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--type <type>', 'operating or proposed')
    .option('--to <year>', `last fiscal year to project (default: base year + ${DEFAULT_PROJECTION_YEARS})`)
    .option('--force', 'replace projected lines already in those years')
    .option(...PROPOSED_BASE_FLAG)
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear: string;
        type: string;
        to?: string;
        force?: boolean;
        proposedBase?: string;
        json?: boolean;
      }) => {
        await runProjections(program.opts().as, opts, opts.force ?? false);
      },
    );

  program
    .command('rif')
    .description('Reduction-in-force gap for a fiscal year')
    .option('--fiscal-year <year>', 'fiscal year, e.g. 2027 or FY27 (default: the budget year’s next)')
    .option('--town-funding <dollars>', 'town funding for the year (default: the year’s town goal)')
    .option('--baseline <dollars>', 'baseline budget (default: the year before’s proposed budget)')
    .option('--scenario <id>', 'COLA scenario id (default: the default scenario)')
    .option(
      '--budget-year <label>',
      'budget year whose employees to read (default: the newest with employees)',
    )
    .option('--no-steps-lanes', 'leave steps and lanes out of the district need')
    .option('--json', 'print the calculation as JSON')
    .action(
      async (opts: {
        fiscalYear?: string;
        townFunding?: string;
        baseline?: string;
        scenario?: string;
        budgetYear?: string;
        stepsLanes: boolean;
        json?: boolean;
      }) => {
        await withCli(program.opts().as, async ({ app, actor }) => {
          const budgetYearId = opts.budgetYear
            ? (await budgetYearNamed(app, actor, opts.budgetYear)).id
            : undefined;
          // The planned year: the flag, else the year after the budget year's own (as the web opens).
          const fiscalYear =
            opts.fiscalYear === undefined
              ? (await planningDefaults(app, actor, { budgetYearId })).fiscalYear
              : parseFlags(
                  z.object({ fiscalYear: fiscalYearInput }),
                  { fiscalYear: opts.fiscalYear },
                  { fiscalYear: '--fiscal-year' },
                ).fiscalYear;
          const input = parseFlags(
            rifGapBody,
            {
              fiscalYear,
              townFundingAmount: moneyFlag(opts.townFunding),
              baselineBudget: moneyFlag(opts.baseline),
              scenarioId: numberFlag(opts.scenario),
              includeStepsLanes: opts.stepsLanes,
              budgetYearId,
            },
            { ...RIF_FLAGS, scenarioId: '--scenario', includeStepsLanes: '--no-steps-lanes' },
          );
          // A figure left out comes from the district's data (the service says where), or is refused.
          const { calculation, filledIn } = await calculateRifGap(app, actor, input).catch((err: unknown) => {
            throw flagNamed(err);
          });
          for (const f of filledIn) {
            const flag = RIF_FLAGS[f.field as keyof typeof RIF_FLAGS];
            const amount =
              f.field === 'baselineBudget' ? calculation.baselineBudget : calculation.townFundingAmount;
            process.stderr.write(`${flag.slice(2)}: ${money(amount)} (${f.source})\n`);
          }
          if (opts.json) {
            printJson(calculation);
            return;
          }
          printRif(calculation);
        });
      },
    );
}
