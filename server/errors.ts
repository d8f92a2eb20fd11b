import { lockedYearMessage, type BudgetStage } from '@shared/schemas/budget-stages';
import { YEAR_LOCKED } from '@shared/schemas/common';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
/** One catalogue of API errors: each has an HTTP status, a stable UPPER_SNAKE code and a human message. */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public details: unknown[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface IssueDetail {
  path: string;
  message: string;
}

export const badRequest = (message: string, details: unknown[] = []) =>
  new AppError(400, 'BAD_REQUEST', message, details);
/**
 * THE 400 for input that breaks a rule, whoever finds it (the schema at the edge or a service
 * checking the database): each detail names the field it is about, and the message, unless a
 * sentence of its own says it better, lists them ('path: message; ...').
 */
export const validationFailed = (details: IssueDetail[], message?: string) =>
  new AppError(
    400,
    'VALIDATION_FAILED',
    message ??
      (details.length
        ? details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ')
        : 'Invalid input'),
    details,
  );
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** THE 409 of a write into a locked or closed year, whoever finds it: code YEAR_LOCKED, lockedYearMessage's words. */
export const yearLocked = (
  fiscalYear: number,
  stage: BudgetStage,
  closed = false,
  closedBy: number | null = null,
) => new AppError(409, YEAR_LOCKED, lockedYearMessage(fiscalYear, stage, closed, closedBy));
export const payloadTooLarge = (message = 'Upload too large') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message = 'Unsupported file type') =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
/** The database could not take the work now (queue full, a deadlock retried in vain): try again. */
export const serviceUnavailable = (message = 'The server is busy. Please try again in a moment.') =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') =>
  new AppError(429, 'RATE_LIMITED', message);

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
}

/**
 * Translates PostgreSQL constraint errors into API errors in one place (SQLSTATE 23505 unique,
 * 23503 foreign key, 23502 not null, 23514 check; 40001 and 40P01, conflicting writes, 503);
 * anything else passes through unchanged.
 */
export function translateDbError(err: unknown): unknown {
  const e = err as PgError;
  switch (e?.code) {
    case '23505':
      return conflict(e.detail ? `Already exists: ${e.detail.replace(/^Key /, '')}` : 'Already exists');
    case '23503':
      return conflict('This record is referenced by other records or refers to a record that does not exist');
    case '23502':
      return badRequest(`Missing required value${e.column ? `: ${e.column}` : ''}`);
    case '23514':
      return badRequest(`Value not allowed${e.constraint ? ` (${e.constraint})` : ''}`);
    case 'BY001': {
      // A write into a year a budget stage locked or a close closed (migrations 20261126000100,
      // 20261127000500, 20261127000650): 'by:fy:stage', 'by:fy:stage:closed' or, closed by the
      // appropriation two years on, 'by:fy:stage:closed:fy+2'.
      const [, fy, stage, closed, closedBy] = (e.detail ?? '').split(':');
      return yearLocked(
        Number(fy),
        (stage || 'SCHOOL_COMMITTEE_ADOPTED') as BudgetStage,
        closed === 'closed',
        closedBy ? Number(closedBy) : null,
      );
    }
    case 'BY002':
      return conflict('Budget stages and their snapshots never change once recorded');
    case 'BY003': {
      // A fiscal year's plan written outside its home budget year (migration 20261127000200):
      // 'fy:home label:refused label'.
      const [fy, home, refused] = (e.detail ?? '').split(':');
      const message = secondHomeMessage(Number(fy), home ?? '', refused || undefined);
      return validationFailed([{ path: 'fiscalYear', message }], message);
    }
    case '40001':
    case '40P01':
      // Already retried once by the transaction helper (server/db/transaction.ts).
      return serviceUnavailable('Another change to the same records was being saved. Please try again.');
    default:
      return err;
  }
}
