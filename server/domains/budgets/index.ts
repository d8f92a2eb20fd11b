export { listBudgetCategories } from './budget-categories';
export * as budgetCategories from './budget-categories';
export { budgetComparison } from './budget-comparison';
export * as budgetSettings from './budget-settings';
export { listBudgetYears } from './budget-years';
export * as budgetYears from './budget-years';
export * as budgetYearEdit from './budget-year-edit';
export { plannedFiscalYearsSql } from './queries/budget-year-holdings';
export { type BuildingMatchMethod, buildingMatcher, createBuilding, listBuildings } from './buildings';
export * as buildings from './buildings';
export { budgetStats, budgetSummary, rangeLabel } from './dashboard';
export * as dashboard from './dashboard';
export { type StaffHeadcount, staffHeadcount, staffSalaryRanges } from './staff-figures';
export { type RosterGroup, type RosterStaffRow, rosterStaffBy } from './queries/dashboard-roster';
export * as enrollment from './enrollment';
export { requireBudgetYear } from './fiscal-years';
export {
  claimFiscalYearHomes,
  hasRecordedHome,
  type HomeCandidate,
  homeOfFiscalYear,
  noHomeMessage,
  refuseSecondHome,
  releaseFiscalYearHome,
  keepingHomes,
} from './fiscal-year-homes';
export * as fiscalYears from './fiscal-years';
export { findBudgetCategory } from './queries/budget-categories';
export { copyStepLaneSettings, insertSettings as insertBudgetSettings } from './queries/budget-settings';
export {
  deleteBudgetYear,
  insertBudgetYearRow,
  listBudgetYears as listRowsOfBudgetYears,
  setBaseYear,
} from './queries/budget-years';
export { listBuildings as listRowsOfBuildings } from './queries/buildings';
export { type Scope } from './queries/dashboard';
export * as dashboardQueries from './queries/dashboard';
export { enrolledStudentsOfYear, listEnrollment } from './queries/enrollment';
export { type BudgetYearRow, findBudgetYearRow, fiscalYearsWithLines } from './queries/fiscal-years';
export { findTownGoalByYear, findVersion, listTownGoals } from './queries/town-goals';
export { type VersionRow, findVersionById } from './queries/versions';
export { findWorkGroup } from './queries/work-groups';
export { gapAnalysis } from './town-goals';
export * as townGoals from './town-goals';
export { createVersionIn, listVersions } from './versions';
export * as versions from './versions';
export * as workGroupCategories from './work-group-categories';
export { checkWorkGroupNamed } from './work-group-choice';
export { listWorkGroups } from './work-groups';
export * as workGroups from './work-groups';
