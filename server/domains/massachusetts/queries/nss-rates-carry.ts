import type { Db } from '@server/db/index';

/**
 * The state figures' rates a roll forward carries into the next fiscal year, written here because
 * this domain is the one writer of nss_parameters and nss_inclusion_rules.
 */

/** What a carry wrote, so an undo removes exactly that. */
export interface CarriedStateRates {
  nssParameters?: boolean;
  nssInclusionRuleIds?: number[];
}

/**
 * The year's rates, where the next year has none yet: the carry-forward limit (nss_parameters) and
 * which codes count toward net school spending (nss_inclusion_rules). The figures themselves
 * (foundation budget, Chapter 70) are DESE's for each year and are not carried.
 */
export async function carryStateRates(db: Db, from: number): Promise<Required<CarriedStateRates>> {
  const params = await db.raw(
    `INSERT INTO nss_parameters (fiscal_year, carry_forward_limit_percent, note, source)
     SELECT fiscal_year + 1, carry_forward_limit_percent, note, 'Carried forward from FY' || fiscal_year
       FROM nss_parameters WHERE fiscal_year = ? ON CONFLICT (fiscal_year) DO NOTHING RETURNING fiscal_year`,
    [from],
  );
  const rules = await db.raw(
    `INSERT INTO nss_inclusion_rules (fiscal_year, fund, code_from, code_to, counts, note, source)
     SELECT fiscal_year + 1, fund, code_from, code_to, counts, note, 'Carried forward from FY' || fiscal_year
       FROM nss_inclusion_rules WHERE fiscal_year = ?
        AND NOT EXISTS (SELECT 1 FROM nss_inclusion_rules n WHERE n.fiscal_year = ? + 1)
     RETURNING id`,
    [from, from],
  );
  return {
    nssParameters: (params.rowCount ?? 0) > 0,
    nssInclusionRuleIds: rules.rows.map((r: { id: number }) => Number(r.id)),
  };
}

/** Removes what carryStateRates wrote into `toFiscalYear`, and nothing else. */
export async function removeCarriedStateRates(
  db: Db,
  toFiscalYear: number,
  carried: CarriedStateRates,
): Promise<void> {
  if (carried.nssParameters) {
    await db('nss_parameters').where({ fiscal_year: toFiscalYear }).del();
  }
  if (carried.nssInclusionRuleIds?.length) {
    await db('nss_inclusion_rules').whereIn('id', carried.nssInclusionRuleIds).del();
  }
}
