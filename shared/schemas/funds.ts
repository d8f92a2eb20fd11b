import { z } from 'zod';
import { formatNumber } from '@shared/money';
import { idText, isRealDate, moneyInput, moneyOut } from './common';
import { fiscalYearInput, fiscalYearLabel } from './fiscal-year';
import { fundDetail, previousLedgerSchema } from './funds-report-detail';

/**
 * The district's funds: the general fund the town appropriates, grants, revolving funds, the
 * Circuit Breaker reimbursement. A fund's code is the account string's fund segment ('0100' in
 * Lunenburg's MUNIS strings); its kind gives the default of whether its spending counts toward net
 * school spending (docs/MASSACHUSETTS.md, 'Funds'), which an ADMIN may change per fund.
 */
export const FUND_KINDS = [
  'general',
  'federal_grant',
  'state_grant',
  'revolving',
  'circuit_breaker',
  'other',
] as const;
export type FundKind = (typeof FUND_KINDS)[number];

/** The words each kind goes by on the screens, in the CLI and in messages. */
export const FUND_KIND_LABELS: Record<FundKind, string> = {
  general: 'General fund appropriation',
  federal_grant: 'Federal grant',
  state_grant: 'State grant',
  revolving: 'Revolving fund',
  circuit_breaker: 'Circuit Breaker',
  other: 'Other',
};

/**
 * Whether a kind's spending counts toward net school spending unless the fund says otherwise: only
 * what the town appropriates to the school committee. Grants, revolving funds and state-reimbursed
 * spending (the Circuit Breaker) never count, whatever their function (603 CMR 10.06; DESE, Advisory
 * on School Budgets and Municipal Expenditures). 'Other' starts outside until someone checks it.
 */
export const NSS_COUNTS_BY_KIND: Record<FundKind, boolean> = {
  general: true,
  federal_grant: false,
  state_grant: false,
  revolving: false,
  circuit_breaker: false,
  other: false,
};

/** The kinds with an award amount and a period. */
export const GRANT_KINDS: readonly FundKind[] = ['federal_grant', 'state_grant'];
export const isGrantKind = (kind: FundKind) => GRANT_KINDS.includes(kind);

export const FUND_MESSAGES = {
  codeTaken: (code: string, name: string) => `Fund code ${code} is already ${name}'s`,
  nameTaken: (name: string, code: string) => `A fund named "${name}" already exists (code ${code})`,
  grantOnly: 'Only a grant has an award amount and a grant period',
  /** A kind changed away from a grant while the award or period it had is left as saved. */
  grantValuesKept: (name: string, kept: { award: boolean; period: boolean }, kind: string) =>
    `${name} still has ${[kept.award && 'an award amount', kept.period && 'a grant period'].filter(Boolean).join(' and ')}, which only a grant has: clear ${kept.award && kept.period ? 'them' : 'it'} to change its kind to ${kind}`,
  periodOrder: 'The grant period must end on or after its start',
  oneGeneral: (general: string) => `The district has one general fund: ${general}`,
  inUse: (name: string, lines: number) =>
    `${name} cannot be deleted: ${formatNumber(lines)} line${lines === 1 ? ' is' : 's are'} on it. Move ${lines === 1 ? 'it' : 'them'} to another fund first`,
  paysPositions: (name: string, positions: number) =>
    `${name} cannot be deleted: it pays a share of ${formatNumber(positions)} position${positions === 1 ? '' : 's'}. Set ${positions === 1 ? 'its' : 'their'} fund shares to other funds first`,
  namedByRules: (name: string, rules: number) =>
    `${name} cannot be deleted: ${formatNumber(rules)} crosswalk rule${rules === 1 ? ' gives' : 's give'} it to the titles ${rules === 1 ? 'it matches' : 'they match'}. Change ${rules === 1 ? 'that rule' : 'those rules'} first (Position Crosswalk)`,
  namedByCodeRules: (name: string, rules: number) =>
    `${name} cannot be deleted: ${formatNumber(rules)} function-code rule${rules === 1 ? ' gives' : 's give'} it to the lines ${rules === 1 ? 'it reaches' : 'they reach'}. Change ${rules === 1 ? 'that rule' : 'those rules'} first (Function Codes)`,
  nssLocked: (name: string, fy: number) =>
    `${name} pays lines of ${fiscalYearLabel(fy)}, which is adopted or closed: whether it counts toward net school spending changes that year's figures. Reopen ${fiscalYearLabel(fy)} first (Budget Stages)`,
  overAward: (name: string, budget: string, award: string) =>
    `${name}'s lines (${budget}) are more than its award (${award})`,
  /** `why`: why that year, where it is not the year on screen (a roster pays the next year's salaries). */
  outsidePeriod: (name: string, start: string, end: string, fy: number, why?: string) =>
    `${name}'s grant period (${start} to ${end}) does not reach ${fiscalYearLabel(fy)}${why ? `, ${why}` : ''}`,
  generalStays: 'The general fund stays the general fund: lines and positions without a fund go to it',
  /** A period changed so that it no longer reaches a year the grant still pays. */
  stillPays: (name: string, fy: number, what: string) =>
    `${name} still pays ${fiscalYearLabel(fy)} (${what}), which this grant period does not reach: move them to another fund first, or keep a period that reaches ${fiscalYearLabel(fy)}`,
} as const;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be at most 200 characters');
/** The account string's fund segment: letters and digits, as the ledger writes it ('0100', '2401'). */
const code = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(20, 'Code must be at most 20 characters')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Code must be letters and digits, as the account string’s fund segment',
  );
const kind = z.enum(FUND_KINDS, {
  message: `Kind must be one of: ${FUND_KINDS.join(', ')}`,
});
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-07-01')
  .refine(isRealDate, 'Not a real date');

const fields = {
  /** Counts toward net school spending; left out, the kind's default (NSS_COUNTS_BY_KIND). */
  countsTowardNss: z.boolean({ error: 'Counts toward NSS is true or false' }).optional(),
  awardAmount: moneyInput({ label: 'Award amount', negativeMessage: 'The award amount cannot be negative' })
    .nullable()
    .optional(),
  periodStart: date.nullable().optional(),
  periodEnd: date.nullable().optional(),
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').nullable().optional(),
  /** Named on the resident page's 'who pays for these positions' (left out: shown as 'Other funds'). */
  showToResidents: z.boolean({ error: 'Shown to residents is true or false' }).optional(),
};

/** Start on or before end, when both are given (the server checks again against the saved fund). */
const periodInOrder = (b: { periodStart?: string | null; periodEnd?: string | null }) =>
  !b.periodStart || !b.periodEnd || b.periodStart <= b.periodEnd;

export const createFundBody = z
  .strictObject({ name, code, kind, ...fields })
  .refine(periodInOrder, { message: FUND_MESSAGES.periodOrder, path: ['periodEnd'] });

export const updateFundBody = z
  .strictObject({ name: name.optional(), code: code.optional(), kind: kind.optional(), ...fields })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' })
  .refine(periodInOrder, { message: FUND_MESSAGES.periodOrder, path: ['periodEnd'] });

export const fundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  kind,
  countsTowardNss: z.boolean(),
  /** Whether countsTowardNss is the kind's default (false: an ADMIN set it for this fund). */
  nssDefault: z.boolean(),
  awardAmount: moneyOut.nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  note: z.string().nullable(),
  /** Named on the resident page's 'who pays for these positions' (else counted in 'Other funds'). */
  showToResidents: z.boolean(),
  updatedAt: z.string(),
});

export const fundsResponse = z.object({ funds: z.array(fundSchema) });
export const fundResponse = z.object({ fund: fundSchema });

export type Fund = z.infer<typeof fundSchema>;
export type CreateFundBody = z.infer<typeof createFundBody>;
export type UpdateFundBody = z.infer<typeof updateFundBody>;

/** GET /funds/report: the budget of all funds for a budget year's fiscal year (default its current one). */
export const fundsReportQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput.optional(),
});

const reportFigures = {
  /** The proposed budget's lines the fund pays in the fiscal year (the dashboard's budget). */
  budget: moneyOut,
  /** The same for the fiscal year before, in its own home budget year. */
  previousBudget: moneyOut,
  change: moneyOut,
  lineCount: z.number().int(),
  /**
   * What the fiscal year before's ledger says was expended (ytd) on accounts whose fund segment is
   * the fund's code; null when no ledger is imported for that year. All funds: the funds' sum.
   */
  previousActual: moneyOut.nullable(),
};

/**
 * A fund's figures as a reader who may not see individual pay reads them: null when the fund's
 * people (its employee lines) are 1 to 4, or when it is withheld so that All funds cannot give
 * such a fund's back (server/lib/pay-groups.ts). previousActual is then null too.
 */
const fundFigures = {
  ...reportFigures,
  budget: moneyOut.nullable(),
  previousBudget: moneyOut.nullable(),
  change: moneyOut.nullable(),
};

export const fundsReportResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  funds: z.array(
    z.object({
      fundId: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind,
      countsTowardNss: z.boolean(),
      awardAmount: moneyOut.nullable(),
      /** A grant whose lines of the year are more than its award; null when its budget is withheld. */
      overAward: z.boolean().nullable(),
      ...fundFigures,
      ...fundDetail,
    }),
  ),
  previousLedger: previousLedgerSchema,
  /**
   * The roster whose positions the year's salary lines follow (the fiscal year before, in its home);
   * null when they do not: the year has a payroll of its own, or that roster has no positions.
   */
  positionsRoster: z.object({ budgetYearId: z.number().int(), fiscalYear: z.number().int() }).nullable(),
  /** The year's own payroll, which its salary lines follow (each fund's payroll); null when it has none. */
  payroll: z.object({ budgetYearId: z.number().int(), fiscalYear: z.number().int() }).nullable(),
  /** Every fund together: the budget of all funds that go to the schools. */
  allFunds: z.object(reportFigures),
  /** The general fund alone: the appropriation the town votes (withheld as its row is). */
  generalFund: z.object(fundFigures),
  /** What the reader should know of the figures: PAY_WITHHELD_NOTE when a row's budget was withheld. */
  notes: z.array(z.string()),
});

/**
 * GET /funds/over-award: the grants whose lines of the year are more than their award (the grids'
 * flag). A grant whose budget the funds report withholds from its reader (its overAward null there)
 * is not listed: that it is over its award would tell something of its few people's pay.
 */
export const overAwardQuery = fundsReportQuery;
export const overAwardResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  funds: z.array(
    z.object({ fundId: z.number().int(), name: z.string(), budget: moneyOut, awardAmount: moneyOut }),
  ),
  /** As the funds report's: PAY_WITHHELD_NOTE when a fund's budget was withheld from the reader. */
  notes: z.array(z.string()),
});
export type OverAwardQuery = z.infer<typeof overAwardQuery>;
export type OverAward = z.infer<typeof overAwardResponse>;

export type FundsReportQuery = z.infer<typeof fundsReportQuery>;
export type FundsReport = z.infer<typeof fundsReportResponse>;

/**
 * Whether a fund with this period may pay a line of `fiscalYear` (July 1 of the year before to
 * June 30): its period, where it has one, overlaps the year. The one home of the closed-grant rule.
 */
export function periodReaches(
  periodStart: string | null,
  periodEnd: string | null,
  fiscalYear: number,
): boolean {
  const first = `${fiscalYear - 1}-07-01`;
  const last = `${fiscalYear}-06-30`;
  return !((periodEnd !== null && periodEnd < first) || (periodStart !== null && periodStart > last));
}
