export { actualSpending, baseFactorsOf, noLedger, noLedgerMessage } from './ledger-base';
export { budgetVsActual } from './budget-vs-actual';
export * as ledgerReport from './budget-vs-actual';
export { budgetVsActualWorkbookStream, writeBudgetVsActualWorkbook } from './budget-vs-actual-workbook';
export { fundActuals, type FundActuals } from './budget-vs-actual-funds';
