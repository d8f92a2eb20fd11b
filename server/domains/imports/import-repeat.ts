import type { Db } from '@server/db/index';
import { AppError } from '@server/errors';
import type { ImportType } from '@shared/schemas/import';
import { stageStateOf } from '@server/domains/stages';
import { ALREADY_IMPORTED, repeatImportText } from '@shared/import-words';
import type { RunInput } from './import-run';
import { recordRunFiscalYear } from './queries/import';
import { findRunsOfFile } from './queries/runs-of-file';

/**
 * A payroll's or a budget's lines are added beside the year's, never in their place: the same bytes
 * again of the same kind into the same budget year and the same fiscal year(s) would count every
 * line twice, so that is refused (409, nothing written) unless the plan says allowRepeat. The years
 * are where the rows go: the target's, or, when a Fiscal Year column is mapped, the years its cells
 * send them to (an FY26 import whose column routes every row to FY28 repeats an earlier FY28 one).
 * Into another fiscal year the budget year plans the lines are that year's, not a repeat. A dry run
 * writes nothing and is not refused; nor is an import into a voted or closed year here, which the
 * write refuses for a reason that outranks this one ('Import again' would not help).
 */
export async function refuseRepeat(
  db: Db,
  plan: { importType: ImportType; dryRun?: boolean; allowRepeat?: boolean },
  into: { budgetYearId: number; fiscalYears: readonly number[] },
  sha256: string,
): Promise<void> {
  if (plan.dryRun || plan.allowRepeat) {
    return;
  }
  const open: number[] = [];
  for (const fiscalYear of into.fiscalYears) {
    if (!(await stageStateOf(db, into.budgetYearId, fiscalYear)).locked) {
      open.push(fiscalYear);
    }
  }
  if (!open.length) {
    return;
  }
  const earlier = await findRunsOfFile(db, sha256, plan.importType, {
    budgetYearId: into.budgetYearId,
    fiscalYears: open,
  });
  if (earlier.length) {
    throw new AppError(409, ALREADY_IMPORTED, repeatImportText(earlier), earlier);
  }
}

/**
 * After the COPY of a run whose Fiscal Year column is mapped: the run is recorded in the year its
 * lines went to (all of them, or most), and refused as a repeat of an earlier run of the file with
 * lines in any of them (its target's year aside: importFromPath checked that before reading only
 * when no column could send the rows elsewhere).
 */
export async function routedRun(db: Db, input: RunInput, runId: number, years: ReadonlySet<number>) {
  if (!input.mapping.fields.has('fiscalYear')) {
    return;
  }
  await recordRunFiscalYear(db, runId);
  const into = { budgetYearId: input.targets.budgetYear.id, fiscalYears: [...years] };
  await refuseRepeat(db, input.plan, into, input.file.sha256);
}
