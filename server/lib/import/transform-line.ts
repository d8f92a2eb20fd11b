import type { Cell } from './cells';
import {
  buildNotes,
  metadataJson,
  rowBuilding,
  type LineValues,
  type RowMoney,
  type RowOutcome,
  type TransformContext,
} from './transform';

/**
 * A row read as a line of either kind: its own columns plus those every line has (the import's
 * budget year, scenario, version and run, the fiscal year, the building, notes and metadata). The
 * building and the notes are read after the line's own columns, so their warnings come last, and the
 * metadata records every warning.
 */
export function lineOutcome(
  ctx: TransformContext,
  n: number,
  cells: readonly Cell[],
  line: {
    values: LineValues;
    location: string | null;
    warnings: string[];
    name: string;
    fiscalYear: number;
    money: RowMoney;
  },
): RowOutcome {
  const { values, location, warnings, name, fiscalYear, money } = line;
  return {
    kind: 'line',
    values: Object.assign(values, {
      budget_year_id: ctx.fixed.budgetYearId,
      scenario_id: ctx.fixed.scenarioId,
      version_id: ctx.fixed.versionId,
      fiscal_year: String(fiscalYear),
      building_id: rowBuilding(ctx, location, warnings),
      notes: buildNotes(ctx, cells, warnings),
      import_run_id: ctx.fixed.importRunId,
      metadata: metadataJson(warnings, n),
    }),
    warnings,
    name,
    fiscalYear,
    money,
  };
}
