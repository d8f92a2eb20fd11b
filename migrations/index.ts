import type { Knex } from 'knex';
import * as createUsers from './20261121000001_create_users';
import * as createAuditLog from './20261121000002_create_audit_log';
import * as createBudgetModel from './20261121000003_create_budget_model';
import * as createLineItems from './20261121000004_create_line_items';
import * as createGoalsAndContracts from './20261121000005_create_goals_and_contracts';
import * as createPublicDashboard from './20261121000006_create_public_dashboard';
import * as importReplacedProjected from './20261122000001_import_replaced_projected';
import * as salarySchedules from './20261122000002_salary_schedules';
import * as cutScenarios from './20261123000001_cut_scenarios';
import * as dropSupersededProjections from './20261123000002_drop_superseded_projections';
import * as publicDashboardSnapshots from './20261123000013_public_dashboard_snapshots';
import * as authSessions from './20261123000020_auth_sessions';
import * as aiAnalyses from './20261124000001_ai_analyses';
import * as colaLongTerm from './20261124000300_cola_long_term';
import * as contractSupersession from './20261124000400_contract_supersession';
import * as projectedLines from './20261124000500_projected_lines';
import * as installation from './20261125000500_installation';
import * as budgetStages from './20261126000100_budget_stages';
import * as fiscalYearHomes from './20261127000200_fiscal_year_homes';
import * as buildingDeseSchoolCode from './20261127000300_building_dese_school_code';
import * as rollForward from './20261127000400_roll_forward';
import * as scenarioAdoptions from './20261126000200_scenario_adoptions';
import * as publicReleasedCounts from './20261125000600_public_released_counts';
import * as nss from './20261126000400_nss';
import * as functionCodeRules from './20261126000500_function_code_rules';
import * as publicPublishedSettings from './20261126000300_public_dashboard_published_settings';
import * as ledger from './20261126000700_ledger';
import * as positionCrosswalk from './20261126000600_position_crosswalk';
import * as scenarioAdoptionApplied from './20261126000800_scenario_adoption_applied';
import * as ledgerImportStatus from './20261126000900_ledger_import_status';
import * as lineItemsSetReferences from './20261127000100_line_items_set_references';
import * as closedYears from './20261127000500_closed_years';
import * as lineItemsVersionIndex from './20261127000600_line_items_version_index';
import * as closedByAppropriation from './20261127000650_closed_by_appropriation';
import * as positions from './20261128000100_positions';
import * as lineItemsReferenceIndexes from './20261128001000_line_items_reference_indexes';
import * as budgetStageStaffing from './20261128002000_budget_stage_staffing';
import * as positionsSetReferences from './20261128003000_positions_set_references';
import * as scenarioPositions from './20261129000100_scenario_positions';
import * as homeKeptByProjected from './20261130000100_home_kept_by_projected_lines';
import * as positionsTitleOrder from './20261201000100_positions_title_order';
import * as funds from './20261202000100_funds';
import * as lineItemsFund from './20261202000200_line_items_fund';
import * as ledgerFund from './20261203000100_ledger_fund';
import * as publicFunds from './20261203000200_public_funds';
import * as stageLineFunds from './20261203000250_stage_line_funds';
import * as positionFundShares from './20261203000300_position_fund_shares';
import * as fundsResidents from './20261203000400_funds_residents';
import * as crosswalkRuleFund from './20261204000100_crosswalk_rule_fund';
import * as functionCodeRuleFund from './20261204000200_function_code_rule_fund';
import * as projectedLinesSource from './20261205000100_projected_lines_source';
import * as townGoalBaselineFollows from './20261205000200_town_goal_baseline_follows';
import * as projectedEditsSource from './20261206000100_projected_edits_source';
import * as lockCheckPerYear from './20261206000200_lock_check_per_year';
import * as lineFteThousandths from './20261207000100_line_fte_thousandths';
import * as scenarioPositionPickWhy from './20261208000100_scenario_position_pick_why';
import * as positionVacancyRate from './20261210000100_position_vacancy_rate';
import * as adoptionPositionPickWhy from './20261211000100_adoption_position_pick_why';
import * as importRunsFileSha256 from './20261212000100_import_runs_file_sha256';
import * as importRunsFiscalYear from './20261213000100_import_runs_fiscal_year';
import * as importRunsUndone from './20261214000100_import_runs_undone';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Static imports, not a folder scan: knex's folder loader cannot load .ts files under vitest or tsx.
// Append new migrations here in order; names never change once released.
const migrations: Record<string, Migration> = {
  '20261121000001_create_users': createUsers,
  '20261121000002_create_audit_log': createAuditLog,
  '20261121000003_create_budget_model': createBudgetModel,
  '20261121000004_create_line_items': createLineItems,
  '20261121000005_create_goals_and_contracts': createGoalsAndContracts,
  '20261121000006_create_public_dashboard': createPublicDashboard,
  '20261122000001_import_replaced_projected': importReplacedProjected,
  '20261122000002_salary_schedules': salarySchedules,
  '20261123000001_cut_scenarios': cutScenarios,
  '20261123000002_drop_superseded_projections': dropSupersededProjections,
  '20261123000013_public_dashboard_snapshots': publicDashboardSnapshots,
  '20261123000020_auth_sessions': authSessions,
  '20261124000001_ai_analyses': aiAnalyses,
  '20261124000300_cola_long_term': colaLongTerm,
  '20261124000400_contract_supersession': contractSupersession,
  '20261124000500_projected_lines': projectedLines,
  '20261125000500_installation': installation,
  '20261125000600_public_released_counts': publicReleasedCounts,
  '20261126000100_budget_stages': budgetStages,
  '20261126000200_scenario_adoptions': scenarioAdoptions,
  '20261126000300_public_dashboard_published_settings': publicPublishedSettings,
  '20261126000400_nss': nss,
  '20261126000500_function_code_rules': functionCodeRules,
  '20261126000600_position_crosswalk': positionCrosswalk,
  '20261126000700_ledger': ledger,
  '20261126000800_scenario_adoption_applied': scenarioAdoptionApplied,
  '20261126000900_ledger_import_status': ledgerImportStatus,
  '20261127000100_line_items_set_references': lineItemsSetReferences,
  '20261127000200_fiscal_year_homes': fiscalYearHomes,
  '20261127000300_building_dese_school_code': buildingDeseSchoolCode,
  '20261127000400_roll_forward': rollForward,
  '20261127000500_closed_years': closedYears,
  '20261127000600_line_items_version_index': lineItemsVersionIndex,
  '20261127000650_closed_by_appropriation': closedByAppropriation,
  '20261128000100_positions': positions,
  '20261128001000_line_items_reference_indexes': lineItemsReferenceIndexes,
  '20261128002000_budget_stage_staffing': budgetStageStaffing,
  '20261128003000_positions_set_references': positionsSetReferences,
  '20261129000100_scenario_positions': scenarioPositions,
  '20261130000100_home_kept_by_projected_lines': homeKeptByProjected,
  '20261201000100_positions_title_order': positionsTitleOrder,
  '20261202000100_funds': funds,
  '20261202000200_line_items_fund': lineItemsFund,
  '20261203000100_ledger_fund': ledgerFund,
  '20261203000200_public_funds': publicFunds,
  '20261203000250_stage_line_funds': stageLineFunds,
  '20261203000300_position_fund_shares': positionFundShares,
  '20261203000400_funds_residents': fundsResidents,
  '20261204000100_crosswalk_rule_fund': crosswalkRuleFund,
  '20261204000200_function_code_rule_fund': functionCodeRuleFund,
  '20261205000100_projected_lines_source': projectedLinesSource,
  '20261205000200_town_goal_baseline_follows': townGoalBaselineFollows,
  '20261206000100_projected_edits_source': projectedEditsSource,
  '20261206000200_lock_check_per_year': lockCheckPerYear,
  '20261207000100_line_fte_thousandths': lineFteThousandths,
  '20261208000100_scenario_position_pick_why': scenarioPositionPickWhy,
  '20261210000100_position_vacancy_rate': positionVacancyRate,
  '20261211000100_adoption_position_pick_why': adoptionPositionPickWhy,
  '20261212000100_import_runs_file_sha256': importRunsFileSha256,
  '20261213000100_import_runs_fiscal_year': importRunsFiscalYear,
  '20261214000100_import_runs_undone': importRunsUndone,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
