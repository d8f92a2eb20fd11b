export { calculateCola } from './cola-calc';
export { multiYearProjection } from './cola-multi-year';
export { calculateRifGap, listRifCalculations } from './cola-rif';
export * as colaScenarios from './cola-scenarios';
export * as contracts from './contracts';
export { createCutScenario, listCutScenarios, saveAdjustments } from './cut-scenarios';
export * as cutScenarios from './cut-scenarios';
export {
  adoptedSinceOf,
  checkAdjustments,
  requireScenario,
  resolveScope,
  scopeOf,
} from './cut-scenarios-calc';
export * as cutScenariosCalc from './cut-scenarios-calc';
export { planningDefaults } from './planning-defaults';
export * as projections from './projections';
export { generateProjections, generateProjectionsIn } from './projections-generate';
export {
  ADJUSTED,
  type Adjustments,
  type LineScope,
  adjustmentRows,
  floorsOf,
  inScope,
  listScenarios,
} from './queries/cut-scenarios';
export * as cutScenariosQueries from './queries/cut-scenarios';
export { type KindScope, scopeWhere } from './queries/projections';
export { suggestPlacements } from './salary-schedule-placements';
export * as salarySchedulePlacements from './salary-schedule-placements';
export { importSchedule, listSchedules } from './salary-schedules';
export * as salarySchedules from './salary-schedules';
export { verifySalaries } from './salary-verification';
export * as scenarioPositions from './scenario-positions';
export * as scenarioPositionsCost from './scenario-positions-cost';
