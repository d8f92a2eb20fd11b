import type { Role } from './schemas/common';

const ANY: readonly Role[] = ['ADMIN', 'FINANCE', 'VIEW_ONLY'];
const STAFF: readonly Role[] = ['ADMIN', 'FINANCE'];
const ADMIN: readonly Role[] = ['ADMIN'];

/**
 * Who may do what: the one table the server enforces (routes check it before validating input,
 * services check it again so the CLI is guarded the same way) and the screens mirror through
 * `abilities`. Grouped by who may: anyone signed in, ADMIN and FINANCE, ADMIN only.
 */
export const POLICY = {
  // anyone signed in: own profile and what the Budget Dashboard needs
  'profile.read': ANY,
  'profile.update': ANY,
  'dashboard.read': ANY,
  'referenceData.read': ANY,
  // The budget's reports that hold no individual pay: a school committee member
  // (VIEW_ONLY) reads the stage comparison by category, function and building, the DESE report and
  // budget vs actual. The comparison's line-by-line part stays 'lineItems.read' (staff).
  'stageComparison.read': ANY,
  'budgetVsActual.read': ANY,
  'deseReport.read': ANY,
  // FTE by building, function and work group; pay only in groups the reports may show
  'staffing.read': ANY,
  // ADMIN and FINANCE
  'lineItems.read': STAFF,
  'lineItems.write': STAFF,
  'scenarios.read': STAFF,
  'scenarios.write': STAFF,
  'cola.read': STAFF,
  'cola.write': STAFF,
  'townGoals.read': ANY,
  'townGoals.write': STAFF,
  'projections.write': STAFF,
  'comparison.read': STAFF,
  // the ledger's set-up (its account pattern); its report and imports list are 'budgetVsActual.read'
  'ledger.read': STAFF,
  'ai.analyze': STAFF,
  'reconciliation.write': STAFF,
  'positions.read': STAFF,
  'positions.write': STAFF,
  // ADMIN only
  'users.manage': ADMIN,
  'referenceData.write': ADMIN,
  'funds.manage': ADMIN,
  'budgetSettings.write': ADMIN,
  'budgets.manage': ADMIN,
  'import.run': ADMIN,
  'versions.manage': ADMIN,
  'bulkUpdate.run': ADMIN,
  'dataQuality.manage': ADMIN,
  'crosswalk.manage': ADMIN,
  'publicDashboard.manage': ADMIN,
  'budgetStages.manage': ADMIN,
  'stateFigures.write': ADMIN,
  'functionCodes.manage': ADMIN,
  'audit.read': ADMIN,
  'database.manage': ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

/** The role each actor has (null for an anonymous visitor). */
type HasRole = { role: Role | null };

export function can(actor: HasRole, action: Action): boolean {
  return actor.role !== null && (POLICY[action] as readonly Role[]).includes(actor.role);
}

export function rolesFor(action: Action): readonly Role[] {
  return POLICY[action];
}

/** The actions a role may take, sent to the web app so screens can hide what the server would refuse. */
export function abilitiesFor(role: Role): Record<Action, boolean> {
  return Object.fromEntries(
    (Object.keys(POLICY) as Action[]).map((a) => [a, (POLICY[a] as readonly Role[]).includes(role)]),
  ) as Record<Action, boolean>;
}
