import { z } from 'zod';
import { idText } from './common';

/**
 * The change history of one record, read from audit_log (GET /history/:entity/:id). Services write
 * audit rows with insertAudit(trx, actor, { entity, ... }); the entity name they use must be the
 * canonical one below (the first: the URL name, as the other services write it) or one of its
 * aliases for the record's history to be found.
 */
export const HISTORY_ENTITIES = {
  'line-item': ['line-item', 'line_item', 'lineItem'],
  building: ['building'],
  'work-group': ['work-group', 'work_group', 'workGroup'],
  'work-group-category': ['work-group-category', 'work_group_category', 'workGroupCategory'],
  'budget-category': ['budget-category', 'budget_category', 'budgetCategory', 'category'],
  scenario: ['scenario'],
  'town-goal': ['town-goal', 'town_goal', 'townGoal'],
  contract: ['contract'],
  'cola-scenario': ['cola-scenario', 'cola_scenario', 'colaScenario'],
  'cut-scenario': ['cut-scenario', 'cut_scenario', 'cutScenario'],
  'ai-analysis': ['ai-analysis'],
  // A fiscal year's state figures (the id is the fiscal year, e.g. 2029) and a budget stage's
  // events (an advance or a reopen with its reason; the id is the event's).
  'nss-state-figures': ['nss-state-figures'],
  'budget-stage': ['budget-stage'],
  'scenario-adoption': ['scenario-adoption'],
  'crosswalk-rule': ['crosswalk-rule'],
  'function-code-rule': ['function-code-rule'],
  'ledger-import': ['ledger-import'],
  // The ledger's settings: one row (id 1), its account pattern.
  'ledger-settings': ['ledger-settings'],
  'budget-settings': ['budget-settings'],
  'budget-year': ['budget-year'],
  // A roll forward of a fiscal year into the next (its record; an undo is an entry of the same).
  'roll-forward': ['roll-forward'],
  'budget-version': ['budget-version'],
  // A budget year's cut floors (the id is the budget year's).
  'cut-floors': ['cut-floors'],
  enrollment: ['enrollment'],
  'salary-schedule': ['salary-schedule'],
  'import-run': ['import-run'],
  'public-dashboard': ['public-dashboard'],
  'public-dashboard-link': ['public-dashboard-link'],
  user: ['user'],
  position: ['position'],
  // A work group's vacancy placement (the id is the work group's).
  'vacancy-placement': ['vacancy-placement', 'vacancy_placement', 'vacancyPlacement'],
  fund: ['fund'],
} as const;
export type HistoryEntity = keyof typeof HISTORY_ENTITIES;

/**
 * Entity names written to audit_log that GET /history does not read, and why. Every other name a
 * service writes must be one of HISTORY_ENTITIES' aliases (a test reads the services' audit calls).
 */
export const NOT_IN_HISTORY: Record<string, string> = {
  security: 'the security log (GET /auth/security-log, ADMIN) reads these',
  'public-dashboard-logo':
    "each upload is a new file under a new random name, never changed afterwards (no numeric id); the dashboard's own history shows its logo address changing",
};
export const historyEntityNames = Object.keys(HISTORY_ENTITIES) as [HistoryEntity, ...HistoryEntity[]];

/** The audit_log entity name each history entity is written under (the first of its aliases). */
export const auditEntityName = (entity: HistoryEntity): string => HISTORY_ENTITIES[entity][0];

export const historyParams = z.strictObject({
  entity: z.enum(historyEntityNames, {
    message: `Entity must be one of ${historyEntityNames.join(', ')}`,
  }),
  id: idText,
});

export const historyQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const historyChangeSchema = z.object({
  /** camelCase field name as in the record's DTO (nested fields joined by '.'). */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** create, update, delete, merge, status, ... */
  action: z.string(),
  /** The user's name when the account still exists, else the label recorded (email or system actor). */
  actor: z.string(),
  createdAt: z.string(),
  /** Only the fields that differ between before and after (every field for a create or delete), by field name. */
  changes: z.array(historyChangeSchema),
  /** Why a line changed, as the line writer recorded it (after.cause); null when not recorded. */
  cause: z.string().nullable().optional(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first. */
export const historyResponse = z.object({ entries: z.array(historyEntrySchema) });
