import { z } from 'zod';
import { baseFactorSchema, BASES, baseInput } from './ledger-base';
import { idNumber, idText, moneyOut, SCENARIO_TYPES } from './common';
import { fiscalYearInput } from './fiscal-year';

/** How far past the base year projections may reach (the usual target is base + 5). */
export const MAX_PROJECTION_YEARS = 10;
export const DEFAULT_PROJECTION_YEARS = 5;

export const DIAGNOSTIC_STATUSES = ['No Data', 'Partial', 'Complete'] as const;
/** Where a year's lines of one kind come from: a year with any imported line is imported. */
export const LINE_SOURCES = ['imported', 'projected'] as const;

/** One fiscal year of the data diagnostics table. */
export const diagnosticRowSchema = z.object({
  fiscalYear: z.number().int(),
  hasOperating: z.boolean(),
  operatingCount: z.number().int(),
  operatingTotal: moneyOut,
  operatingProjected: z.number().int(),
  /** imported when the year holds imported operating lines (never 'projected' then), null with none. */
  operatingSource: z.enum(LINE_SOURCES).nullable(),
  /** Projected operating lines beside imported ones: superseded, Generate Projections removes them. */
  operatingSuperseded: z.number().int(),
  hasProposed: z.boolean(),
  proposedCount: z.number().int(),
  proposedTotal: moneyOut,
  proposedProjected: z.number().int(),
  proposedSource: z.enum(LINE_SOURCES).nullable(),
  proposedSuperseded: z.number().int(),
  /** No Data (neither kind), Partial (one kind), Complete (both). */
  status: z.enum(DIAGNOSTIC_STATUSES),
});

/** GET /projections/status?budgetYearId: the dashboard's fiscal years (current - 1 to current + 5) and any other year with lines. */
export const projectionStatusResponse = z.object({
  budgetYearId: z.number().int(),
  currentFiscalYear: z.number().int(),
  years: z.array(diagnosticRowSchema),
});

export const baseYearsQuery = z.strictObject({
  budgetYearId: idText.optional(),
});

/** GET /projections/base-years: the latest fiscal year holding imported (not projected) lines, per kind. */
export const baseYearsResponse = z.object({
  operatingBase: z.number().int().nullable(),
  proposedBase: z.number().int().nullable(),
});

const kindDiagnostic = z.object({
  /** The latest fiscal year with imported lines of this kind; projections start from it. */
  importedYear: z.number().int().nullable(),
  importedCount: z.number().int(),
  /** Every fiscal year with imported lines of this kind (more than one is normal: last year's actuals). */
  importedYears: z.array(z.number().int()),
  projectedYears: z.array(z.number().int()),
  /**
   * True when this kind's imported data lies only outside the base year (likely imported under the
   * wrong year): 'Fix Base Year' is offered for it. Later imported years beside an imported base
   * year are actuals and never need a fix.
   */
  needsFix: z.boolean(),
  /**
   * Whether 'Fix Base Year' is offered for this kind: it has imported data, and its latest imported
   * year is not an actual year after an imported base year (those are never moved).
   */
  canFix: z.boolean(),
});

/** GET /projections/base-year-diagnostic?budgetYearId */
export const baseYearDiagnosticResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.string(),
  /** The base year recorded on the budget year (null when never set). */
  baseYear: z.number().int().nullable(),
  currentFiscalYear: z.number().int(),
  operating: kindDiagnostic,
  proposed: kindDiagnostic,
  /** True when either kind needs a fix (see the kind's needsFix): 'Fix Base Year' can move it. */
  needsFix: z.boolean(),
  message: z.string(),
});

/** What the API (and the web form checking with its schema) says when no correctBaseYear is sent. */
export const FIX_BASE_YEAR_REQUIRED = 'Choose the fiscal year the imported data belongs to';

/** POST /projections/fix-base-year: moves the imported lines of one kind to the right fiscal year. */
export const fixBaseYearBody = z.strictObject({
  budgetYearId: idNumber,
  correctBaseYear: z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? FIX_BASE_YEAR_REQUIRED : undefined),
    })
    .pipe(fiscalYearInput),
  isOperating: z.boolean(),
});

export const fixBaseYearResponse = z.object({
  /** Imported lines moved to correctBaseYear. */
  baseYearUpdated: z.number().int(),
  /** Projected lines shifted by the same number of years. */
  futureYearsUpdated: z.number().int(),
  /** Positions of the moved years' rosters moved with their lines (employee lines only). */
  positionsMoved: z.number().int(),
  fromYear: z.number().int().nullable(),
  toYear: z.number().int(),
});

/** POST /projections/generate */
export const generateProjectionsBody = z.strictObject({
  budgetYearId: idNumber,
  toFiscalYear: fiscalYearInput,
  projectionType: z.enum(SCENARIO_TYPES),
  /** Replace projected lines already in the target years (never imported ones). */
  forceRegenerate: z.boolean().optional().default(false),
  /**
   * Proposed lines only: grow the first projected year from the year before's budget ('budget', the
   * default) or from its actual spending ('actual': each category's lines scaled by the ledger's
   * actual ÷ budget of that year first; see server/domains/ledger/ledger-base.ts).
   */
  proposedBase: baseInput(),
});

export const generateProjectionsResponse = z.object({
  projectedCount: z.number().int(),
  /** Projected lines replaced in the target years (forceRegenerate). */
  replacedCount: z.number().int(),
  /** Projected lines removed from years that hold imported lines of the kind (actuals supersede them). */
  supersededCount: z.number().int(),
  /** The latest fiscal year with imported lines of the kind: projections grow from it. */
  baseYear: z.number().int(),
  /** The fiscal years written, base + 1 to toFiscalYear. */
  fiscalYears: z.array(z.number().int()),
  /** Years after the recorded base year that hold imported lines: not projected over, and why. */
  skippedYears: z.array(z.object({ fiscalYear: z.number().int(), reason: z.string() })),
  /** The base the proposed lines grew from ('budget' for employee lines, which have no other). */
  proposedBase: z.enum(BASES),
  /** With proposedBase 'actual': the year whose actual spending was the base, and each category's factor. */
  actualBase: z
    .object({
      /** The year projected from (its ledger's figures) and the year the factors were applied to. */
      fromYear: z.number().int(),
      fiscalYear: z.number().int(),
      /** e.g. 'FY26 actual spending from the ledger, period 13 (year complete)'. */
      source: z.string(),
      factors: z.array(baseFactorSchema),
    })
    .nullable(),
});

export type DiagnosticRow = z.infer<typeof diagnosticRowSchema>;
export type ProjectionStatus = z.infer<typeof projectionStatusResponse>;
export type BaseYears = z.infer<typeof baseYearsResponse>;
export type BaseYearDiagnostic = z.infer<typeof baseYearDiagnosticResponse>;
export type FixBaseYearBody = z.infer<typeof fixBaseYearBody>;
export type GenerateProjectionsBody = z.input<typeof generateProjectionsBody>;
export type GenerateProjectionsInput = z.output<typeof generateProjectionsBody>;
