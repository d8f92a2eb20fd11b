import { z } from 'zod';

/**
 * Undo of a payroll or budget import (server/domains/imports/import-undo.ts): POST
 * /import/runs/:id/undo removes what the run added; GET /import/runs/:id/undo says whether it can,
 * in the words the refusal would use, and what it would remove.
 */

/** GET /import/runs/:id/undo */
export const importUndoStatusResponse = z.object({
  importRunId: z.number().int(),
  /** The fiscal year the run's lines went to (null for an old run that recorded none). */
  fiscalYear: z.number().int().nullable(),
  /** The run's lines still stored: what undo would remove. */
  lines: z.number().int(),
  /** Positions the run made, removed with its lines. */
  positions: z.number().int(),
  undoable: z.boolean(),
  /** Why undo is refused (the refusal's own words), null while it is allowed. */
  reason: z.string().nullable(),
});

/** POST /import/runs/:id/undo */
export const importUndoResponse = z.object({
  importRunId: z.number().int(),
  fiscalYear: z.number().int(),
  linesRemoved: z.number().int(),
  positionsRemoved: z.number().int(),
  /** Waiting positions the run's newcomers had filled, vacant (or posted) again. */
  positionsReopened: z.number().int(),
});

export type ImportUndoStatus = z.infer<typeof importUndoStatusResponse>;
export type ImportUndoResponse = z.infer<typeof importUndoResponse>;
