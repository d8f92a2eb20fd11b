import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { AppError } from '@server/errors';
import { formatMoneyCents as money, sumDollars, formatNumber, formatFixed } from '@shared/money';
import { can } from '@server/policies/index';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  FIGURES,
  headroomLabel,
  NO_FIGURES_MESSAGE,
  shortText,
  sourceKey,
  stateFiguresBody,
  type NssMeter,
  type StateFigures,
} from '@shared/schemas/nss';
import { listCutScenarios } from '@server/domains/planning';
import { nss as nss } from '@server/domains/massachusetts';
import { scenarioMeter, yearMeter } from '@server/domains/massachusetts';
import { perPupil } from '@server/domains/massachusetts';
import { withCli } from '../context';
import { yearsToRead } from '../lookups';
import { countFlag, moneyFlag, parseFlags, printJson, printRows } from '../output';

const yearFlag = z.object({ fiscalYear: fiscalYearInput });
/** A read's --fiscal-year: without it, the budget year's current one (yearsToRead). */
const readFlags = z.object({ fiscalYear: fiscalYearInput.optional() });
const BUDGET_YEAR_HELP =
  "budget year, e.g. FY26 (default: --fiscal-year's home, else the one the web app opens on)";
const FISCAL_YEAR_HELP = 'fiscal year, e.g. FY2027 (default: the budget year’s current one)';

const pct = (n: number) => `${formatFixed(n, 2)}%`;

function printMeter(m: NssMeter, title: string): void {
  // The web app's words send a person to the Admin Panel; here, the command that enters them.
  const enter =
    m.message === NO_FIGURES_MESSAGE
      ? `: \`budget-cli nss figures set --fiscal-year FY${m.fiscalYear} ...\` (ADMIN; --help lists the figures)`
      : '';
  const out: string[] = [`${title}`, `  ${m.message}${enter}`];
  if (m.columns) {
    const c = m.columns;
    out.push(
      `  Required NSS           ${money(c.requiredNss)}${c.carriedIn ? ` + ${money(c.carriedIn)} carried in = ${money(c.requiredWithCarry)}` : ''}`,
      `  Budgeted NSS           ${money(c.budgetedNss)} (school ${money(m.school.counted)}, town ${money(m.municipal.counted)})`,
      `  Over/under             ${money(c.overUnder)}`,
      `  Percent of required    ${pct(c.percentOfRequired)}${shortText(c.overUnder)}`,
      `  Foundation budget      ${money(c.foundationBudget)}`,
      `  Percent of foundation  ${pct(c.percentOfFoundation)}`,
    );
  }
  if (m.headroom) {
    out.push(
      `  ${headroomLabel('100%', m.headroom.above100).padEnd(22)} ${money(Math.abs(m.headroom.above100))}`,
      `  ${headroomLabel('95%', m.headroom.above95).padEnd(22)} ${money(Math.abs(m.headroom.above95))}`,
    );
  }
  // Grants, revolving funds and the Circuit Breaker pay spending that never counts (docs/MASSACHUSETTS.md, 'Funds').
  for (const f of m.school.byFund) {
    out.push(
      `  Left out, paid by ${f.name} (${f.code})  ${money(f.amount)} in ${formatNumber(f.lineCount)} line${f.lineCount === 1 ? '' : 's'}`,
    );
  }
  for (const w of m.warnings) {
    out.push(`  Note: ${w}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

/** `--municipal 5200=1200000` (repeatable): the town's spending on an End-of-Year-Report line. */
const collect = (value: string, previous: string[]) => [...previous, value];

function figuresRows(figures: StateFigures[]) {
  return figures.map((f) => ({
    fiscalYear: fiscalYearLabel(f.fiscalYear),
    foundationEnrollment: formatNumber(f.foundationEnrollment, 2),
    foundationBudget: money(f.foundationBudget),
    requiredNss: money(f.requiredNss),
    carryForward: money(f.carryForward),
    municipal: money(sumDollars(f.municipal.map((l) => l.amount))),
  }));
}

/**
 * `nss show|rules|figures`: Chapter 70 net school spending, through the services the
 * dashboard, the Scenario Builder and the Admin Panel use. Figures are an administrator's to write.
 */
export function registerNssCommands(program: Command): void {
  const cmd = program
    .command('nss')
    .description('Chapter 70 net school spending: state figures and the NSS meter');

  cmd
    .command('show')
    .description('The NSS meter of a fiscal year (and of each cut scenario), and spending per pupil')
    .option('--budget-year <label>', BUDGET_YEAR_HELP)
    .option('--fiscal-year <year>', FISCAL_YEAR_HELP)
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const flags = parseFlags(readFlags, { fiscalYear: opts.fiscalYear });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { year, fiscalYear } = await yearsToRead(app, actor, opts.budgetYear, flags.fiscalYear);
        const meter = await yearMeter(app, actor, { budgetYearId: year.id, fiscalYear });
        const perPupilFigures = await perPupil(app, actor, { budgetYearId: year.id, fiscalYear });
        const scenarios = [];
        if (can(actor, 'scenarios.read')) {
          for (const s of (await listCutScenarios(app, actor, year.id, fiscalYear)).scenarios) {
            scenarios.push({
              id: s.id,
              name: s.name,
              meter: await scenarioMeter(app, actor, { scenarioId: s.id }),
            });
          }
        }
        if (opts.json) {
          printJson({ meter, perPupil: perPupilFigures, scenarios });
          return;
        }
        printMeter(meter, `${year.fiscalYear} budget, ${fiscalYearLabel(fiscalYear)}: net school spending`);
        for (const m of perPupilFigures.methods) {
          process.stdout.write(
            `  ${m.label.padEnd(31)} ${m.perPupil === null ? 'n/a' : money(m.perPupil)}  (${m.description})\n`,
          );
        }
        for (const s of scenarios) {
          process.stdout.write('\n');
          printMeter(s.meter, `Cut scenario ${s.id} ‘${s.name}’`);
        }
      });
    });

  cmd
    .command('rules')
    .description('The NSS inclusion rules in force in a fiscal year, with their sources')
    .option('--fiscal-year <year>', FISCAL_YEAR_HELP)
    .option(
      '--budget-year <label>',
      'whose current fiscal year is the default (default: the one the web app opens on)',
    )
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const flags = parseFlags(readFlags, { fiscalYear: opts.fiscalYear });
      await withCli(program.opts().as, async ({ app, actor }) => {
        // The rules are the state's, not a budget year's: a named --fiscal-year needs no budget year.
        const fiscalYear =
          flags.fiscalYear ?? (await yearsToRead(app, actor, opts.budgetYear, undefined)).fiscalYear;
        const res = await nss.rulesInForce(app, actor, fiscalYear);
        if (opts.json) {
          printJson(res);
          return;
        }
        const fy = fiscalYearLabel(fiscalYear);
        if (res.rulesYear === null) {
          process.stdout.write(
            `No NSS inclusion rule set is in force in ${fy}: the first one starts later.\n`,
          );
          return;
        }
        const limit =
          res.carryForwardLimitPercent === null
            ? ''
            : `; carry-forward limit ${res.carryForwardLimitPercent}%${res.carryForwardSource ? ` (${res.carryForwardSource})` : ''}`;
        process.stdout.write(
          `NSS inclusion rules in force in ${fy}: the rule set of ${fiscalYearLabel(res.rulesYear)}${limit}\n`,
        );
        printRows(
          res.rules.map((r) => ({
            fund: r.fund,
            codes: r.codeFrom === r.codeTo ? String(r.codeFrom) : `${r.codeFrom}-${r.codeTo}`,
            counts: r.counts ? 'yes' : 'no',
            note: r.note,
            source: r.source,
          })),
          false,
        );
      });
    });

  const figures = cmd.command('figures').description('The state figures DESE publishes for each fiscal year');
  figures
    .command('list')
    .description('Every year’s state figures')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await nss.listStateFigures(app, actor);
        printRows(opts.json ? res.figures : figuresRows(res.figures), Boolean(opts.json));
      });
    });
  figures
    .command('set')
    .description('Enter or replace a fiscal year’s state figures (an administrator’s; audited)')
    .requiredOption('--fiscal-year <year>', 'fiscal year, e.g. FY2027')
    .requiredOption('--foundation-enrollment <pupils>', 'foundation enrollment')
    .requiredOption('--foundation-budget <dollars>', 'foundation budget')
    .requiredOption('--required-local-contribution <dollars>', 'required local contribution')
    .requiredOption('--chapter70-aid <dollars>', 'Chapter 70 aid')
    .requiredOption('--required-nss <dollars>', 'required net school spending')
    .option('--carry-forward <dollars>', 'prior year over (+) or under (-), DESE’s sign', '0')
    .option('--source <text>', 'source note for every figure')
    .option(
      '--municipal <line=dollars>',
      'town spending on an EOYR line, e.g. 5200=1200000 (repeatable)',
      collect,
      [],
    )
    .option('--json', 'print JSON')
    .action(async (opts: Record<string, string | string[] | boolean | undefined>) => {
      const { fiscalYear } = parseFlags(yearFlag, { fiscalYear: opts.fiscalYear });
      const source = typeof opts.source === 'string' ? opts.source : undefined;
      const municipal = (opts.municipal as string[]).map((pair) => {
        const [code, amount] = pair.split('=');
        if (amount === undefined) {
          throw new AppError(
            400,
            'VALIDATION_FAILED',
            `--municipal ${pair}: write LINE=DOLLARS, e.g. 5200=1200000`,
          );
        }
        return { eoyrCode: code.trim(), amount: moneyFlag(amount), source };
      });
      const str = (k: string) => (typeof opts[k] === 'string' ? (opts[k] as string) : undefined);
      const input = parseFlags(
        stateFiguresBody,
        {
          foundationEnrollment: countFlag(str('foundationEnrollment')),
          foundationBudget: moneyFlag(str('foundationBudget')),
          requiredLocalContribution: moneyFlag(str('requiredLocalContribution')),
          chapter70Aid: moneyFlag(str('chapter70Aid')),
          requiredNss: moneyFlag(str('requiredNss')),
          carryForward: moneyFlag(str('carryForward')),
          ...Object.fromEntries(FIGURES.map((f) => [sourceKey(f.key), source])),
          municipal,
        },
        { chapter70Aid: '--chapter70-aid' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await nss.saveStateFigures(app, actor, fiscalYear, input);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(
          `${res.created ? 'Entered' : 'Replaced'} the ${fiscalYearLabel(fiscalYear)} state figures: required NSS ${money(res.figures.requiredNss)}, foundation enrollment ${formatNumber(res.figures.foundationEnrollment, 2)}.\n`,
        );
      });
    });
  figures
    .command('import')
    .description('Import state figures from a CSV, one row per fiscal year (all or nothing; audited)')
    .argument('<file>', 'CSV file (see docs/MASSACHUSETTS.md for its columns)')
    .option('--dry-run', 'check the file without saving')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: { dryRun?: boolean; json?: boolean }) => {
      let csv: string;
      try {
        csv = readFileSync(file, 'utf8');
      } catch (err) {
        throw new AppError(400, 'BAD_REQUEST', `Cannot read ${file}: ${(err as Error).message}`);
      }
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await nss.importStateFigures(app, actor, { csv, dryRun: opts.dryRun });
        if (opts.json) {
          printJson(res);
          return;
        }
        const years = res.years.map(
          (y) => `${fiscalYearLabel(y.fiscalYear)} (${y.created ? 'new' : 'replaced'})`,
        );
        process.stdout.write(`${res.dryRun ? 'Checked, nothing saved' : 'Imported'}: ${years.join(', ')}\n`);
        printRows(figuresRows(res.figures), false);
      });
    });
}
