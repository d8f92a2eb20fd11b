import type { AnyRoute } from './define';
import { authRoutes } from './auth';
import { budgetYearRoutes } from './budget-years';
import { setupRoutes } from './setup';
import { rollForwardRoutes } from './roll-forward';
import { healthRoutes } from './health';
import { databaseRoutes } from './database';
import { budgetComparisonRoutes } from './budget-comparison';
import { dashboardRoutes } from './dashboard';
import { enrollmentRoutes } from './enrollment';
import { fiscalYearRoutes } from './fiscal-years';
import { projectionRoutes } from './projections';
import { reconciliationRoutes } from './reconciliation';
import { townGoalRoutes } from './town-goals';
import { budgetCategoryRoutes } from './budget-categories';
import { budgetSettingsRoutes } from './budget-settings';
import { buildingRoutes } from './buildings';
import { fundRoutes } from './funds';
import { bulkUpdateRoutes } from './bulk-update';
import { deseCodeRoutes } from './dese-codes';
import { salaryVerificationRoutes } from './salary-verification';
import { workGroupCategoryRoutes } from './work-group-categories';
import { workGroupRoutes } from './work-groups';
import { historyRoutes } from './history';
import { lineItemBulkRoutes } from './line-items-bulk';
import { lineItemRoutes } from './line-items';
import { scenarioRoutes } from './scenarios';
import { cutScenarioRoutes } from './cut-scenarios';
import { scenarioPositionRoutes } from './scenario-positions';
import { scenarioAdoptionRoutes } from './scenario-adoptions';
import { importRoutes } from './import';
import { crosswalkRoutes } from './crosswalk';
import { ledgerRoutes } from './ledger';
import { versionRoutes } from './versions';
import { colaCalcRoutes } from './cola-calc';
import { salaryScheduleRoutes } from './salary-schedules';
import { positionRoutes } from './positions';
import { colaContractRoutes } from './cola-contracts';
import { colaScenarioRoutes } from './cola-scenarios';
import { planningDefaultsRoutes } from './planning-defaults';
import { publicDashboardRoutes } from './public-dashboard';
import { aiAnalysisRoutes } from './ai-analysis';
import { budgetStageRoutes } from './budget-stages';
import { nssRoutes } from './nss';
import { budgetStageCompareRoutes } from './budget-stages-compare';
import { functionCodeRoutes } from './function-codes';
import { deseReportRoutes } from './dese-report';

/** Every API route. The OpenAPI document and the role test walk this list. */
export const allRoutes: AnyRoute[] = [
  ...healthRoutes,
  ...databaseRoutes,
  ...authRoutes,
  ...budgetYearRoutes,
  ...setupRoutes,
  ...rollForwardRoutes,
  // Dashboard aggregates and fiscal years (fixed /line-items/... paths, before any /line-items/:id).
  ...fiscalYearRoutes,
  ...dashboardRoutes,
  ...townGoalRoutes,
  ...projectionRoutes,
  ...enrollmentRoutes,
  ...reconciliationRoutes,
  ...budgetComparisonRoutes,
  // Reference data, budget settings, bulk updates (dese-codes before the /categories/:id routes).
  ...deseCodeRoutes,
  ...budgetCategoryRoutes,
  ...buildingRoutes,
  ...fundRoutes,
  ...workGroupCategoryRoutes,
  ...workGroupRoutes,
  ...budgetSettingsRoutes,
  // COLA Management: contracts, COLA scenarios and their settings, calculations, schedules.
  ...colaContractRoutes,
  ...colaScenarioRoutes,
  ...planningDefaultsRoutes,
  ...colaCalcRoutes,
  ...salaryScheduleRoutes,
  ...positionRoutes,
  ...bulkUpdateRoutes,
  ...salaryVerificationRoutes,
  // Budgets, line items (after the fixed /line-items/... dashboard paths), history.
  ...cutScenarioRoutes,
  ...scenarioPositionRoutes,
  ...scenarioAdoptionRoutes,
  ...scenarioRoutes,
  ...functionCodeRoutes,
  ...lineItemBulkRoutes,
  ...lineItemRoutes,
  ...historyRoutes,
  // Budget stages: the recommendation, the committee's vote, the appropriation, revisions.
  ...budgetStageRoutes,
  ...budgetStageCompareRoutes,
  // Import and budget versions.
  ...importRoutes,
  ...crosswalkRoutes,
  ...ledgerRoutes,
  ...versionRoutes,
  // The public dashboard: its anonymous view and logos, and its configuration (ADMIN).
  ...publicDashboardRoutes,
  // AI budget-cut analysis (the user's own Claude key).
  ...aiAnalysisRoutes,
  ...nssRoutes,
  ...deseReportRoutes,
];
