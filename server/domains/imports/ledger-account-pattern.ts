import type { AppContext } from '@server/context';
import { validationFailed } from '@server/errors';
import { accountPatternProblem, DEFAULT_ACCOUNT_PATTERN } from '@server/lib/account-pattern';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/ledger-imports';
import type { AccountPatternInfo } from '@shared/schemas/ledger-import';
import { insertAudit } from '@server/db/audit';

/**
 * The district's account pattern, which splits a ledger account into fund, DESE function, object
 * and location codes (the ledger's analysis is every import's: kinds/ledger.ts).
 */

export const PATTERN_HELP =
  "Segments as the account writes them, with its separators: FUND = the fund code (one segment, matched to a fund's code), FUNC = the DESE function code (4 digits), OBJECT = the object code, LOC = a building's code, x = one character (xxx three), ... = any number of segments (once at most), a lower-case word = one segment of any length, ignored. Lunenburg's MUNIS accounts (0100-3-300-2305-03-2-10-1-511001, fund 0100): FUND-x-xxx-FUNC-...-OBJECT.";

/** The account pattern the ledger import splits accounts with. */
export async function getAccountPattern(app: AppContext, actor: Actor): Promise<AccountPatternInfo> {
  authorize(actor, 'ledger.read');
  const row = await q.findLedgerSettings(app.db);
  return {
    pattern: row.account_pattern,
    defaultPattern: DEFAULT_ACCOUNT_PATTERN,
    updatedAt: new Date(row.updated_at).toISOString(),
    help: PATTERN_HELP,
  };
}

/** A 400 naming `field` when a pattern cannot be compiled. */
export function requireValidPattern(pattern: string, field: string): string {
  const problem = accountPatternProblem(pattern);
  if (problem) {
    throw validationFailed([{ path: field, message: problem }]);
  }
  return pattern.trim();
}

/** PUT /ledger/account-pattern (ADMIN): sets the pattern, audited. Accounts already imported keep their codes. */
export async function setAccountPattern(
  app: AppContext,
  actor: Actor,
  body: { pattern: string },
): Promise<AccountPatternInfo> {
  authorize(actor, 'import.run');
  const pattern = requireValidPattern(body.pattern, 'pattern');
  await app.db.transaction(async (trx) => {
    const before = await q.findLedgerSettings(trx);
    await q.saveAccountPattern(trx, pattern, actor.id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'ledger-settings',
      entityId: 1,
      before: { accountPattern: before.account_pattern },
      after: { accountPattern: pattern },
    });
  });
  return getAccountPattern(app, actor);
}
