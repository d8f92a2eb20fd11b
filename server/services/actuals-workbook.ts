import type { AppContext } from '@server/context';
import { actualsFileName, actualsSheets } from '@server/lib/actuals-workbook';
import { workbookBytes } from '@server/lib/workbook';
import type { Actor } from '@server/policies/index';
import type { ActualsGrouping } from '@server/schemas/actuals';
import { budgetVsActual } from './actuals-report';

/**
 * Budget vs actual as an .xlsx file for the CLI (`budget-cli actuals report --xlsx FILE`): the same
 * sheets the screen's Export Excel writes (server/lib/actuals-workbook.ts), by the same writer.
 */

/** The report, its workbook and a file name such as 'FY2023-budget-vs-actual-by-function.xlsx'. */
export async function budgetVsActualWorkbook(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number; by: ActualsGrouping; budgetYearId?: number },
) {
  // Every account, whatever the default: the Accounts sheet's totals are the report's totals.
  const report = await budgetVsActual(app, actor, { ...query, accounts: 'all' });
  const body = Buffer.from(await workbookBytes(actualsSheets(report)));
  return { report, fileName: actualsFileName(report), body };
}
