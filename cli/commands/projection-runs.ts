import { countOf } from '@shared/count-words';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import { DEFAULT_PROJECTION_YEARS, generateProjectionsBody } from '@shared/schemas/projections';
import type { AppContext } from '@server/context';
import { generateProjections, projections } from '@server/domains/planning';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { parseFlags, printJson } from '../output';

/** The --proposed-base flag of `project` and `projections generate`. */
export const PROPOSED_BASE_FLAG = [
  '--proposed-base <base>',
  "proposed lines: grow from last year's 'budget' (default) or its 'actual' spending (the ledger)",
] as const;

/**
 * The Generate Projections input of `project` and `projections generate`: the named budget year,
 * the year its lines of the kind grow from (null: none yet), and the body, through the API's schema.
 */
export async function projectionInput(
  app: AppContext,
  actor: Actor,
  opts: { budgetYear: string; type: string; to?: string; proposedBase?: string },
  forceRegenerate: boolean,
) {
  const year = await budgetYearNamed(app, actor, opts.budgetYear);
  const base = await projections.baseYears(app, actor, year.id);
  const from = opts.type === 'operating' ? base.operatingBase : base.proposedBase;
  const input = parseFlags(generateProjectionsBody, {
    budgetYearId: year.id,
    toFiscalYear: opts.to ?? (from ?? year.currentFiscalYear ?? 0) + DEFAULT_PROJECTION_YEARS,
    projectionType: opts.type,
    forceRegenerate,
    proposedBase: opts.proposedBase,
  });
  return { year, from, input };
}

/** The flags `project` and `projections generate` both take. */
interface ProjectionFlags {
  budgetYear: string;
  type: string;
  to?: string;
  proposedBase?: string;
  json?: boolean;
}

/**
 * A Generate Projections run of `project` and `projections generate`: progress on stderr, the run's
 * answer on stdout (as JSON with --json). Without `force`, years already projected are a 409.
 */
export async function runProjections(as: string | undefined, opts: ProjectionFlags, force: boolean) {
  await withCli(as, async ({ app, actor }) => {
    const { year, from, input } = await projectionInput(app, actor, opts, force);
    const start = `Projecting ${year.fiscalYear} ${input.projectionType} lines${from === null ? '' : ` from ${label(from)}`} through ${label(input.toFiscalYear)}...`;
    const r = await withProgress(start, () => generateProjections(app, actor, input)).catch(
      (err: unknown) => {
        // The API's 'regenerate' is `project --force` (`projections generate` always replaces).
        if (err instanceof AppError && err.status === 409) {
          throw new AppError(
            409,
            err.code,
            err.message.replace(/regenerate to replace them$/, 'run again with --force to replace them'),
            err.details,
          );
        }
        throw err;
      },
    );
    if (opts.json) {
      printJson(r);
      return;
    }
    process.stdout.write(projectedText(r, input.projectionType));
  });
}

/**
 * Progress on stderr while `work` runs: a start line, a tick every 2 s on a terminal, and the time
 * taken; stdout stays for the result (one JSON document with --json).
 */
async function withProgress<T>(start: string, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
  process.stderr.write(`${start}\n`);
  const timer = process.stderr.isTTY
    ? setInterval(() => process.stderr.write(`  ... ${seconds()} s\n`), 2000)
    : undefined;
  try {
    const result = await work();
    process.stderr.write(`Done in ${seconds()} s.\n`);
    return result;
  } finally {
    clearInterval(timer);
  }
}

/** What a Generate Projections run did, as `project` and `projections generate` print it. */
export function projectedText(r: Awaited<ReturnType<typeof generateProjections>>, type: string): string {
  return (
    `Projected ${countOf(r.projectedCount, `${type} line`)} from ${label(r.baseYear)} into ` +
    `${r.fiscalYears.map(label).join(', ')}${r.replacedCount ? ` (replacing ${formatNumber(r.replacedCount)})` : ''}.\n` +
    r.skippedYears.map((s) => `Skipped ${label(s.fiscalYear)}: ${s.reason}.\n`).join('') +
    (r.supersededCount
      ? `Removed ${countOf(r.supersededCount, 'projected line')} superseded by imported ones.\n`
      : '') +
    proposedBaseText(r)
  );
}

/** What a run grew the proposed lines from, and each category's factor: printed after the counts. */
function proposedBaseText(r: Awaited<ReturnType<typeof generateProjections>>): string {
  if (!r.actualBase) {
    return '';
  }
  const { actualBase: a } = r;
  return (
    `Base of ${label(a.fiscalYear)}: ${a.source}; each category's lines × actual ÷ budget, then its increase:\n` +
    a.factors
      .map(
        (f) =>
          `  ${f.categoryName}: ${money(f.actual)} ÷ ${money(f.budget)} = ×${f.factor}${f.note ? ` (${f.note})` : ''}\n`,
      )
      .join('')
  );
}
