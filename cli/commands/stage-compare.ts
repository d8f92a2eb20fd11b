import type { Command } from 'commander';
import { formatMoneyCents as formatMoney } from '@shared/money';
import {
  changePercentText,
  compareQuery,
  type BreakdownRow,
  type MoneyChange,
  type StageComparison,
} from '@shared/schemas/budget-stages-compare';
import { compareStages } from '@server/domains/stages';
import { comparisonWorkbook } from '@server/domains/stages';
import { withCli } from '../context';
import { z } from 'zod';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { countOf } from '@shared/count-words';
import { signedText } from '@shared/signed-words';
import { positionChangeDay, positionChangeHolders } from '@shared/position-change-words';
import { pickedWords } from '@shared/picked-words';
import { yearsToRead } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';
import { writeExport } from '../write-export';

interface CompareFlags {
  budgetYear?: string;
  fiscalYear?: string;
  from: string;
  to: string;
  lines?: string;
  funds?: string;
  json?: boolean;
  xlsx?: string;
}

/** Salaries of fewer than five people, which only ADMIN and FINANCE read. */
const WITHHELD = 'withheld';
const percent = (m: MoneyChange) => changePercentText(m);
/** A difference signed as the screen writes it (signedText): '+$1,250.00', '−$5,000.50' (true minus). */
const moneyChange = (difference: number) => signedText(difference, formatMoney);

function breakdown(title: string, rows: readonly BreakdownRow[]): void {
  process.stdout.write(`\n${title}\n`);
  printRows(
    rows.map((r) => ({
      name: r.name,
      'proposed from': r.proposed ? formatMoney(r.proposed.from) : WITHHELD,
      'proposed to': r.proposed ? formatMoney(r.proposed.to) : WITHHELD,
      difference: r.proposed ? moneyChange(r.proposed.difference) : WITHHELD,
      'salaries from': r.salaries ? formatMoney(r.salaries.from) : WITHHELD,
      'salaries to': r.salaries ? formatMoney(r.salaries.to) : WITHHELD,
      'salary difference': r.salaries ? moneyChange(r.salaries.difference) : WITHHELD,
    })),
    false,
  );
}

/** The positions changed between the two sides, one row per change, as the screen lists them. */
function positionChanges(c: StageComparison): void {
  process.stdout.write(
    `\nPositions changed: ${countOf(c.positionChangeCount, 'change')} in the ${fiscalYearLabel(c.positionRosterFiscalYear)} roster\n`,
  );
  if (!c.positionChanges.length) {
    return;
  }
  const picks = c.positionChanges.map((p) => pickedWords({ why: p.pickWhy, warning: p.pickWarning }));
  // An adopted cut's closing says why it was picked, as the screen does beneath its reason; the
  // columns are there only when some change has one, so other comparisons read as before.
  const picked = picks.some((p) => p.why);
  const warned = picks.some((p) => p.warning);
  printRows(
    c.positionChanges.map((p, i) => {
      const holders = positionChangeHolders(p);
      return {
        position: p.positionId,
        title: p.title,
        building: p.building ?? 'District Wide',
        change: holders ? `${p.action} (${holders})` : p.action,
        'status now': p.status ?? '',
        reason: p.reason ?? '',
        ...(picked ? { picked: picks[i].why ?? '' } : {}),
        ...(warned ? { warning: picks[i].warning ?? '' } : {}),
        by: p.by ?? '',
        when: positionChangeDay(p.at),
      };
    }),
    false,
  );
  const more = c.positionChangeCount - c.positionChanges.length;
  if (more > 0) {
    process.stdout.write(`The newest ${c.positionChanges.length} are listed; ${more} more.\n`);
  }
}

function printComparison(c: StageComparison): void {
  const t = c.totals;
  process.stdout.write(
    `${fiscalYearLabel(c.fiscalYear)} (budget year ${c.budgetYear}), ${c.fundsLabel.toLowerCase()}: ${c.from.label} -> ${c.to.label}\n\n`,
  );
  const money = (figure: string, m: MoneyChange | null) =>
    m
      ? {
          figure,
          from: formatMoney(m.from),
          to: formatMoney(m.to),
          difference: moneyChange(m.difference),
          percent: percent(m),
        }
      : { figure, from: WITHHELD, to: WITHHELD, difference: WITHHELD, percent: '' };
  const count = (figure: string, n: { from: number; to: number; difference: number }) => ({
    figure,
    from: n.from,
    to: n.to,
    difference: signedText(n.difference, String),
    percent: '',
  });
  printRows(
    [
      money('Proposed budget', t.proposed),
      count('Proposed lines', t.proposedCount),
      count('Employees', t.employeeCount),
      money('Salaries', t.salaries),
      money('Next-year salaries', t.nextYearSalaries),
    ],
    false,
  );
  breakdown('By category', c.byCategory);
  breakdown('By DESE function', c.byFunction);
  breakdown('By building', c.byBuilding);
  const n = c.lineCounts;
  process.stdout.write(
    `\nLines: ${n.added} added, ${n.removed} removed, ${n.changed} changed, ${n.unchanged} unchanged\n`,
  );
  if (c.linesListed !== 'none') {
    printLines(c);
  }
  positionChanges(c);
}

function printLines(c: StageComparison): void {
  const shown = (v: string | number | null, isMoney: boolean) =>
    v === null ? '' : isMoney ? formatMoney(v as number) : String(v);
  printRows(
    c.lines.map((l) => ({
      line: l.lineId,
      change: l.change,
      description: l.description,
      field: l.fieldLabel,
      from: shown(l.from, l.valueType === 'money'),
      to: shown(l.to, l.valueType === 'money'),
      difference: l.difference === null ? '' : moneyChange(l.difference),
      reason: l.reason ?? '',
    })),
    false,
  );
}

/**
 * `stage compare`: what changed between two stages of a fiscal year, or a stage and today's working
 * figures (`--to current`), and why, through the service of
 * GET /api/budget-stages/compare; `--xlsx FILE` writes the same workbook as the screen's export.
 */
export function registerStageCompare(
  program: Command,
  cmd: Command,
  withYear: (c: Command, read: boolean) => Command,
): void {
  withYear(
    cmd
      .command('compare')
      .description("What changed between two stages (or a stage and today's figures), and why"),
    true,
  )
    .requiredOption('--from <id>', "stage id (from `stage list`) or 'current'")
    .requiredOption('--to <id>', "stage id or 'current' (today's working figures)")
    .option('--lines <which>', 'changed, all or none (totals and breakdowns only)', 'changed')
    .option('--funds <which>', 'all: every fund; general: the general fund alone', 'all')
    .option('--xlsx <file>', 'write the comparison as an Excel workbook with formulas')
    .action(async (opts: CompareFlags) => {
      const flags = parseFlags(
        z.object({ fiscalYear: fiscalYearInput.optional() }),
        { fiscalYear: opts.fiscalYear },
        { fiscalYear: '--fiscal-year' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { year, fiscalYear } = await yearsToRead(
          app,
          actor,
          opts.budgetYear,
          flags.fiscalYear,
          'lines',
        );
        const input = parseFlags(
          compareQuery,
          {
            budgetYearId: year.id,
            fiscalYear,
            from: opts.from,
            to: opts.to,
            lines: opts.lines,
            funds: opts.funds,
          },
          { fiscalYear: '--fiscal-year', from: '--from', to: '--to', lines: '--lines', funds: '--funds' },
        );
        const comparison = await compareStages(app, actor, input);
        if (opts.xlsx) {
          await writeExport(app, actor, opts.xlsx, await comparisonWorkbook(comparison), {
            what: 'budget-cli stage compare --xlsx',
            budgetYearId: input.budgetYearId,
            fiscalYear: input.fiscalYear,
          });
          process.stderr.write(`Wrote ${opts.xlsx}\n`);
        }
        if (opts.json) {
          printJson(comparison);
        } else if (!opts.xlsx) {
          printComparison(comparison);
        }
      });
    });
}
