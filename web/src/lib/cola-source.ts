import type { ColaSource } from '@shared/schemas/cola-calc';

/**
 * Where a work group's COLA for a year came from (docs/ARCHITECTURE.md 'Salary rules'), as the COLA
 * screens and Salary Progression name it.
 */
export const COLA_SOURCE_LABELS: Record<ColaSource, string> = {
  SETTLED: 'Settled contract',
  NEGOTIATING: 'Negotiating contract',
  SCENARIO: 'COLA scenario',
  LONG_TERM: 'Long-term assumption',
  NONE: 'None (0%)',
};

/** The label inside a sentence or a cell: 'settled contract', but 'COLA scenario' keeps its acronym. */
export function colaSourceInline(source: ColaSource): string {
  const label = COLA_SOURCE_LABELS[source];
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
