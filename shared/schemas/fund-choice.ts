import { z } from 'zod';
import { FUND_CHOICES } from './fund-words';

// The choice's words live beside this file (no zod, for the resident page); importable from here too.
export * from './fund-words';

export const FUNDS_MESSAGE = "funds must be 'all' or 'general'";

/** The resident page's setting, and the `funds` query parameter below. */
export const fundChoiceInput = z.enum(FUND_CHOICES, { error: FUNDS_MESSAGE });

/** The `funds` query parameter of the dashboard, per pupil and the stage comparison: 'all' when left out. */
export const fundsQuery = fundChoiceInput.default('all');

/** Echoed in an answer (echoFunds): which lines its figures sum, and the words for it. */
export const fundsEcho = { funds: z.enum(FUND_CHOICES), fundsLabel: z.string() };
