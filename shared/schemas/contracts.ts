import { z } from 'zod';
import { salaryLinesLocked } from './reconciliation';
import { CONTRACT_STATUSES, idNumberWith, idText, isPercent, isoDate, isRealDate } from './common';
import { fiscalYearInput, fiscalYearLabel, parseFiscalYear } from './fiscal-year';
import { optionalText } from './work-group-categories';

/**
 * Union contracts and their yearly COLA (COLA Management, tab 'Contracts'). The form's rules and
 * messages live here once: the server validates with these schemas and the web's contract form
 * reuses the same constants and checks.
 */

/** A new contract runs FY2027 to FY2029 unless told otherwise. */
export const DEFAULT_CONTRACT_START_YEAR = 2027;
export const DEFAULT_CONTRACT_END_YEAR = 2029;
/** The most fiscal years one contract covers (a typo such as 20290 must not make thousands of rows). */
export const MAX_CONTRACT_YEARS = 10;

export const NO_COLA_ROWS_MESSAGE = 'Please set the start and end years to generate COLA fields';
export const END_BEFORE_START_MESSAGE = 'The end year cannot be before the start year';
export const TOO_MANY_YEARS_MESSAGE = `A contract covers at most ${MAX_CONTRACT_YEARS} fiscal years`;
export const colaPercentMessage = (fiscalYear: number) =>
  `Please enter a valid COLA percentage for ${fiscalYearLabel(fiscalYear)} (between 0 and 100, at most 2 decimals)`;
export const SETTLEMENT_DATE_MESSAGE = 'A settlement date is kept only for a SETTLED contract';
export const SUPERSEDES_MISSING_MESSAGE = 'Choose the settled contract this one supersedes (its id)';
export const SUPERSEDES_NEGOTIATING_MESSAGE =
  'Only a settled contract can supersede another: settle this one, or leave Supersedes empty';

/** A COLA percent: 0 to 100 with at most 2 decimals (the form's step 0.01). */
export const isColaPercent = isPercent;

/** A contract's first or last fiscal year, with a message a person can act on. */
const contractYear = (which: 'first' | 'last', example: number) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const year = parseFiscalYear(value);
    if (year === null) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${which} fiscal year, such as ${example}` });
      return z.NEVER;
    }
    return year;
  });

/** A contract id, or null for none; anything else (a blank, 0, a name) names no contract. */
const supersedesContractId = () => idNumberWith(SUPERSEDES_MISSING_MESSAGE).nullable().optional();

const yearlyIncrease = z.strictObject({
  fiscalYear: fiscalYearInput,
  // The range is checked with the row's year in the message (below); here only the type.
  colaPercentage: z.number({ error: 'COLA percentage must be a number between 0 and 100' }),
  notes: optionalText(1000),
});

const contractFields = z.strictObject({
  name: z
    .string({ error: 'Contract name is required' })
    .trim()
    .min(1, 'Contract name is required')
    .max(200, 'Contract name must be at most 200 characters'),
  workGroupId: idNumberWith('Choose the work group the contract covers'),
  startYear: contractYear('first', DEFAULT_CONTRACT_START_YEAR),
  endYear: contractYear('last', DEFAULT_CONTRACT_END_YEAR),
  /** end - start + 1; optional, and when sent it must agree. */
  contractYears: z.number().int().positive().optional(),
  status: z.enum(CONTRACT_STATUSES, { error: `Status must be one of ${CONTRACT_STATUSES.join(', ')}` }),
  /** 'YYYY-MM-DD'; only for a SETTLED contract. */
  settlementDate: z
    .string()
    .trim()
    .refine((s) => s === '' || isRealDate(s), 'Settlement date must be a date (YYYY-MM-DD)')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  notes: optionalText(2000),
  /**
   * The settled contract of the same work group this one replaces where their years overlap (it is
   * then marked superseded and promises nothing). Omitted: an edit keeps what the contract
   * supersedes today; null: it supersedes nothing.
   */
  supersedesContractId: supersedesContractId(),
  yearlyIncreases: z.array(yearlyIncrease, { error: NO_COLA_ROWS_MESSAGE }).max(MAX_CONTRACT_YEARS * 2),
});

/** The span and the rows together: one row per fiscal year from start to end, each 0-100. */
function checkContract(c: z.infer<typeof contractFields>, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (c.endYear < c.startYear) {
    issue(['endYear'], END_BEFORE_START_MESSAGE);
    return;
  }
  const span = c.endYear - c.startYear + 1;
  if (span > MAX_CONTRACT_YEARS) {
    issue(['endYear'], TOO_MANY_YEARS_MESSAGE);
    return;
  }
  if (c.contractYears !== undefined && c.contractYears !== span) {
    issue(['contractYears'], `contractYears must be end year - start year + 1 (${span})`);
  }
  if (c.settlementDate !== null && c.status !== 'SETTLED') {
    issue(['settlementDate'], SETTLEMENT_DATE_MESSAGE);
  }
  if (c.supersedesContractId && c.status === 'NEGOTIATING') {
    issue(['supersedesContractId'], SUPERSEDES_NEGOTIATING_MESSAGE);
  }
  if (c.yearlyIncreases.length === 0) {
    issue(['yearlyIncreases'], NO_COLA_ROWS_MESSAGE);
    return;
  }
  const seen = new Set<number>();
  c.yearlyIncreases.forEach((row, i) => {
    if (row.fiscalYear < c.startYear || row.fiscalYear > c.endYear) {
      issue(
        ['yearlyIncreases', i, 'fiscalYear'],
        `${fiscalYearLabel(row.fiscalYear)} is outside the contract's years`,
      );
    } else if (seen.has(row.fiscalYear)) {
      issue(
        ['yearlyIncreases', i, 'fiscalYear'],
        `${fiscalYearLabel(row.fiscalYear)} has more than one COLA row`,
      );
    }
    seen.add(row.fiscalYear);
    if (!isColaPercent(row.colaPercentage)) {
      issue(['yearlyIncreases', i, 'colaPercentage'], colaPercentMessage(row.fiscalYear));
    }
  });
  const missing = Array.from({ length: span }, (_, i) => c.startYear + i).filter((fy) => !seen.has(fy));
  if (missing.length) {
    issue(['yearlyIncreases'], `Enter a COLA percentage for ${missing.map(fiscalYearLabel).join(', ')}`);
  }
}

/** POST /cola/contracts and PUT /cola/contracts/:id. */
export const contractBody = contractFields.superRefine(checkContract);

/** PATCH /cola/contracts/:id/status: a status change (the CLI's set-status). */
export const contractStatusBody = z
  .strictObject({
    status: contractFields.shape.status,
    settlementDate: contractFields.shape.settlementDate,
    /** As on a save: omitted keeps what the contract supersedes (cleared when it goes back to NEGOTIATING). */
    supersedesContractId: supersedesContractId(),
  })
  .superRefine((b, ctx) => {
    if (b.settlementDate !== null && b.status !== 'SETTLED') {
      ctx.addIssue({ code: 'custom', path: ['settlementDate'], message: SETTLEMENT_DATE_MESSAGE });
    }
    if (b.supersedesContractId && b.status === 'NEGOTIATING') {
      ctx.addIssue({
        code: 'custom',
        path: ['supersedesContractId'],
        message: SUPERSEDES_NEGOTIATING_MESSAGE,
      });
    }
  });

export const contractsQuery = z.strictObject({
  workGroupId: idText.optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});

export const contractColaSettingSchema = z.object({
  id: z.number().int(),
  /** 1 for the contract's first year. */
  contractYear: z.number().int(),
  fiscalYear: z.number().int(),
  colaPercentage: z.number(),
  notes: z.string().nullable(),
});

export const contractSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  workGroupId: z.number().int(),
  workGroup: z.string().nullable(),
  startYear: z.number().int(),
  endYear: z.number().int(),
  contractYears: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  settlementDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** The contract this one supersedes, or null. */
  supersedesContractId: z.number().int().nullable(),
  /** The contract that superseded this one, or null; a superseded contract promises no COLA. */
  supersededBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  colaSettings: z.array(contractColaSettingSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const contractsResponse = z.object({ contracts: z.array(contractSchema) });
/** recomputedLines: employee lines whose automatic next-year salary the write moved. */
export const contractSavedResponse = z.object({
  contract: contractSchema,
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});
export const contractDeletedResponse = z.object({
  message: z.string(),
  recomputedLines: z.number().int(),
  /** The locked salary lines the change could not reach (salaryLinesLocked), when any. */
  salaryLines: salaryLinesLocked.optional(),
});

export type Contract = z.infer<typeof contractSchema>;
export type ContractBody = z.input<typeof contractBody>;
export type ContractInput = z.output<typeof contractBody>;
export type ContractStatusInput = z.output<typeof contractStatusBody>;
