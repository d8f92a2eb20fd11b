/**
 * The one writer of line items (docs/ARCHITECTURE.md, 'The path of a change'). Services change
 * lines only through these functions; the line-writing queries (server/queries/line-items-writes*)
 * are private to this folder, and a literal write to line_items anywhere else under server/ is a
 * lint error (eslint.config.js).
 */
export { toColumns, type WritableField } from './queries/line-items-writes';
export { setLineAmounts } from './amounts';
export { auditLines, auditChanged, type LineAuditEntry, type LineCause } from './audit';
export {
  changeLineParts,
  changeLines,
  changeLinesBy,
  createLine,
  deleteLines,
  type ChangeResult,
  type LinePart,
  type LinePatch,
} from './change-lines';
export { mergeLines } from './merge';
export { applyAutomaticNextYearSalary, recomputeAfterRuleChange, type RuleScope } from './next-year';
export * as placements from './placement';
export {
  auditBulkChange,
  copyBudgetLines,
  copyImportedLines,
  deleteProjectedLines,
  dropImportedVacancyLines,
  projectEmployeeLines,
  projectProposedLines,
  settleImportedLines,
  settleProjectedLinesOf,
  shiftLineYears,
} from './projected';
export { linkBuildings, relabelWorkGroup, setDeseCodes } from './sets';
export * as rollForwardLines from './roll-forward';
export * as importUndoLines from './import-undo';
export * as functionCodes from './codes';
export { isLocked, LOCKED_STATUSES, lockedMessage, nextYearSalaryRule } from './status-rule';

export { linkEmployeesToBuildings, updateDeseCodes } from './bulk-update';
export * as bulkUpdate from './bulk-update';
export { markReviewed, needsReviewCount } from './data-quality-review';
export { findDuplicates } from './duplicates';
export * as duplicates from './duplicates';
export { mergeByRule } from './duplicates-merge';
export * as lineItems from './line-items';
export * as lineItemsBulk from './line-items-bulk';
export * as lineItemsEmployee from './line-items-employee';
export { salaryProgression } from './line-items-progression';
export { lockBulk, lockEmployeeLine, reread } from './line-items-rules';
export { newestBudgetYearWithEmployees } from './queries/line-items-progression';
export { MAX_MONEY_LABEL } from './queries/line-items-projection';
export { workGroupById } from './queries/line-items-refs';
export { runNeedsReviewCount } from './queries/needs-review';
export * as reconciliation from './reconciliation';
export { answerWithSalaryLines, followEveryRoster } from './follow';
