export { actualSpending, baseFactorsOf, noLedger, noLedgerMessage } from './actuals-base';
export { budgetVsActual } from './actuals-report';
export * as actualsReport from './actuals-report';
export { budgetVsActualWorkbookStream, writeBudgetVsActualWorkbook } from './actuals-workbook';
