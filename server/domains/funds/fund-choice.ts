import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { DEFAULT_LEDGER_FUND, type LedgerFund, type LedgerFundChoice } from '@shared/schemas/ledger-fund';
import * as q from './queries/funds';

const EVERY_FUND: LedgerFund = { scope: 'all', fundId: null, code: null, label: 'All funds' };

/** 'General Fund (0100)'. */
export const fundLabel = (f: { name: string; code: string }) => `${f.name} (${f.code})`;

/**
 * The fund a report reads: every fund, the general fund, a fund by id (the API) or by code in any
 * letter case (the CLI). A fund that does not exist is a 400 naming `field`, listing the codes
 * there are. Choosing the general fund by id or code reads it as 'general'.
 */
export async function resolveFundChoice(
  db: Db,
  choice: LedgerFundChoice = DEFAULT_LEDGER_FUND,
  field = 'fund',
): Promise<LedgerFund> {
  if (choice === 'all') {
    return EVERY_FUND;
  }
  const funds = await q.listFunds(db);
  const fund =
    choice === 'general'
      ? funds.find((f) => f.kind === 'general')
      : typeof choice === 'number'
        ? funds.find((f) => f.id === choice)
        : funds.find((f) => f.code.toLowerCase() === choice.code.trim().toLowerCase());
  if (!fund) {
    const message =
      typeof choice === 'number'
        ? `No fund has id ${choice}: use all, general or a fund's id (GET /api/funds lists them)`
        : `No fund has code '${typeof choice === 'object' ? choice.code : choice}': use all, general or one of ${funds.map((f) => f.code).join(', ')}`;
    throw validationFailed([{ path: field, message }]);
  }
  return {
    scope: fund.kind === 'general' ? 'general' : 'fund',
    fundId: fund.id,
    code: fund.code,
    label: fundLabel(fund),
  };
}
