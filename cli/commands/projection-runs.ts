import { countOf } from '@shared/count-words';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import { DEFAULT_PROJECTION_YEARS, generateProjectionsBody } from '@shared/schemas/projections';
import type { AppContext } from '@server/context';
import { generateProjections, projections } from '@server/domains/planning';
import type { Actor } from '@server/policies/index';
import { budgetYearNamed } from '../lookups';
import { parseFlags } from '../output';

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
