import { z } from 'zod';
import { moneyOut } from './common';

/**
 * Where each work group's COLA of a fiscal year came from, for every calculation built on the
 * salary walk (docs/ARCHITECTURE.md 'Salary rules'): a settled contract, a negotiating offer, the
 * COLA scenario's setting, the scenario's long-term assumption, or nothing (0%). A figure resting
 * on anything but a settled contract is an assumption and the screens say so; 0% warns.
 */
export const COLA_SOURCES = ['SETTLED', 'NEGOTIATING', 'SCENARIO', 'LONG_TERM', 'NONE'] as const;
export type ColaSource = (typeof COLA_SOURCES)[number];

/** The words the screens and the CLI use for each source. */
export const COLA_SOURCE_WORDS: Record<ColaSource, string> = {
  SETTLED: 'contract',
  NEGOTIATING: 'negotiating offer',
  SCENARIO: 'COLA scenario',
  LONG_TERM: 'long-term assumption',
  NONE: 'none (0%)',
};

const money = moneyOut;

export const colaUnitSchema = z.object({
  workGroupId: z.number().int().nullable(),
  workGroup: z.string().nullable(),
  colaSource: z.enum(COLA_SOURCES),
  /** The percent that applied moving into the year; 0 when none did. */
  colaPercentage: z.number(),
  employees: z.number().int(),
  /** The COLA dollars of the unit moving into the year. */
  colaAmount: money,
});

/** The COLA of one fiscal year by source, per bargaining unit, and the warnings it calls for. */
export const colaYearSourcesShape = {
  colaBySource: z.object({
    settled: money,
    negotiating: money,
    scenario: money,
    longTerm: money,
  }),
  colaUnits: z.array(colaUnitSchema),
  /** Plain sentences: units at 0% COLA for want of a contract, scenario or long-term assumption. */
  colaWarnings: z.array(z.string()),
};
export const colaYearSources = z.object(colaYearSourcesShape);

export type ColaUnit = z.infer<typeof colaUnitSchema>;
export type ColaYearSources = z.infer<typeof colaYearSources>;
