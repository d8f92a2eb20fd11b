export * as budgetStages from './budget-stages';
export {
  closeYear,
  listClosedYears,
  reopenClosedYear,
  requireUnclosedFiscalYear,
  requireUnclosedYear,
} from './budget-stages-close';
export { compareStages } from './budget-stages-compare';
export { compareStagesWorkbook, comparisonWorkbook } from './budget-stages-compare-workbook';
export { stageStateOf } from './budget-stages-label';
export { inOpenYear } from './queries/budget-stages';
export { adoptionsSince } from './queries/scenario-adoption-applied';
export { lockCutScenarioGroup } from './queries/scenario-locks';
export { deleteRolledSnapshot, stageIdsOf } from './queries/stage-undo';
export * as scenarioAdoptions from './scenario-adoptions';
export * as scenarioAdoptionsUndo from './scenario-adoptions-undo';
export * as scenarios from './scenarios';
