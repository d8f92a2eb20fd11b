/** Positions: budgeted jobs apart from the people who fill them (docs/ARCHITECTURE.md, 'Positions'). */
export { bulkUpdatePositions } from './bulk';
export { positionsForImport, vacanciesForImport } from './from-import';
export { fillPosition, vacatePosition } from './holders';
export { createPosition, deletePosition, setPositionStatus, updatePosition } from './position-writes';
export { getPosition, listPositions } from './positions';
export { rosterSalaryLines } from './roster-salary-lines';
export { positionsFromLines } from './queries/from-lines';
export { staffingSummary } from './staffing';
export { staffingToFreeze } from './staffing-compare';
export { publicStaffing } from './staffing-public';
export { listVacancyPlacements, setVacancyPlacement } from './vacancy-placements';
export { checkReferences, checkVacancyCell, fteText, milli } from './guards';
export * as scenarioRoster from './scenario-roster';
export * as scenarioAdoption from './scenario-adoption';
export * as positionsRollForward from './roll-forward';
export { positionChangesBetween } from './changes-between';
export { moveRosterYears } from './fiscal-year-move';
export { applyTitlePatches, rosterForTitleRules, type TitlePatch } from './title-rules';
