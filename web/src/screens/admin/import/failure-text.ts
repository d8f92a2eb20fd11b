import { ApiError } from '@web/api/client';
import { BUDGET_STAGES_PLACE } from '@web/lib/directions';
import { YEAR_LOCKED } from '@shared/schemas/common';

const detailMessage = (d: unknown) =>
  d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string'
    ? (d as { message: string }).message
    : null;

const detailPath = (d: unknown) =>
  d && typeof d === 'object' && typeof (d as { path?: unknown }).path === 'string'
    ? (d as { path: string }).path
    : '';

/**
 * The server's words for a failure. A validation failure's default text names the request's field
 * before each message ('fiscalYear: FY23 does not exist...'), a name the wizard shows nowhere: then
 * its messages alone are said. When the server wrote a text of its own, the details are only its
 * short form ('The file's name says FY23' of '... import it into FY23, or map its Fiscal Year
 * column'), and the whole text is said: the short form dropped the instruction.
 */
function serverText(error: ApiError): string | undefined {
  const details = error.details ?? [];
  if (error.code === 'VALIDATION_FAILED' && details.length) {
    const messages = details.map(detailMessage);
    // server/errors.ts validationFailed: with no text of its own, the details joined with their paths.
    const joined = details
      .map((d, i) => (detailPath(d) ? `${detailPath(d)}: ${messages[i]}` : messages[i]))
      .join('; ');
    if (messages.every((m) => m) && (!error.serverMessage || error.serverMessage === joined)) {
      return messages.join('; ');
    }
  }
  return error.serverMessage;
}

/**
 * The refusal of a write into a locked or closed year, told by its code (YEAR_LOCKED), never its
 * words: 'Cannot import: FY26 is ...reason. Reopen it on Admin → Budget Stages.', or null.
 */
export function lockedYearText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== YEAR_LOCKED) {
    return null;
  }
  // The server's words name the year ('FY26 is School Committee Adopted: ...').
  const message = error.serverMessage ?? 'This year is locked';
  // A closed year's words already say where it is reopened (Budget Stages, 'Reopen the closed year').
  const where = message.includes('Budget Stages') ? '' : ` Reopen it on ${BUDGET_STAGES_PLACE}.`;
  return `Cannot import: ${message}.${where}`;
}

/**
 * A failed preview or import as the wizard says it. The preview is a dry run: its failure imported
 * nothing, so it never says 'Import failed' (QA read a locked year's refusal beside a greyed Import
 * button as a failed import). A refusal (4xx) says it cannot be imported; anything else that the
 * check failed, as a second try may pass.
 */
export function failureText(error: unknown, stage: 'preview' | 'import'): string {
  const locked = lockedYearText(error);
  if (locked) {
    return locked;
  }
  const text = error instanceof ApiError ? serverText(error) : undefined;
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const lead = stage === 'import' ? 'Import failed' : refused ? 'Cannot import' : 'The preview failed';
  return text ? `${lead}: ${text}` : lead;
}
