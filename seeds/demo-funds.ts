import type { Knex } from 'knex';
import { NSS_COUNTS_BY_KIND } from '@shared/schemas/funds';

/**
 * The demo district's funds, as a Massachusetts district keeps them: the general fund the town
 * appropriates (the migration made it; here it gets the fund segment of the demo's account
 * strings), two federal grants for the school year, the school choice revolving fund and the
 * Circuit Breaker special-education reimbursement. Award amounts are ILLUSTRATIVE, not any
 * district's. Whether each counts toward net school spending is its kind's rule (shared/schemas/funds.ts).
 */
export const DEMO_FUNDS = [
  {
    name: 'Title I, Part A',
    code: '2401',
    kind: 'federal_grant',
    award_amount: '640000.00',
    period_start: '2025-07-01',
    period_end: '2026-09-30',
    note: 'Improving basic programs operated by local education agencies (ESEA Title I)',
  },
  {
    name: 'IDEA Special Education Entitlement',
    code: '2402',
    kind: 'federal_grant',
    award_amount: '1580000.00',
    period_start: '2025-09-01',
    period_end: '2026-08-31',
    note: 'Federal special education entitlement (DESE grant program 240)',
  },
  {
    name: 'School Choice Revolving',
    code: '2801',
    kind: 'revolving',
    note: 'Tuition received for school choice students (G.L. c.76 §12B)',
  },
  {
    name: 'Circuit Breaker',
    code: '2850',
    kind: 'circuit_breaker',
    note: 'State reimbursement of high-cost special education (G.L. c.71B §5A)',
  },
] as const;

export const DEMO_GENERAL_FUND_CODE = '0100';

/** Gives the general fund its code and adds the others, each counted toward NSS by its kind's rule. */
export async function insertDemoFunds(trx: Knex.Transaction): Promise<void> {
  await trx('funds').where({ kind: 'general' }).update({ code: DEMO_GENERAL_FUND_CODE });
  await trx('funds').insert(DEMO_FUNDS.map((f) => ({ ...f, counts_toward_nss: NSS_COUNTS_BY_KIND[f.kind] })));
}

/**
 * Proposed lines the grants pay, by template name: Title I buys the professional development of
 * its reading and mathematics staff; IDEA pays the special education transportation its students'
 * plans require. The projected lines follow their source.
 */
export const FUNDED_LINES: [name: string, fundCode: string][] = [
  ['District Professional Development Providers', '2401'],
  ['Special Education Transportation', '2402'],
];

export async function assignDemoFunds(trx: Knex.Transaction): Promise<void> {
  for (const [name, code] of FUNDED_LINES) {
    const fund = await trx('funds').where({ code }).first('id');
    // From FY2026 on: the grants' periods begin July 1, 2025 (FY2025's lines were the general fund's).
    await trx('line_items')
      .where({ is_operating: false, name })
      .where('fiscal_year', '>=', 2026)
      .update({ fund_id: fund.id });
  }
}
