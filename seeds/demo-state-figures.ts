import type { Knex } from 'knex';

/**
 * ILLUSTRATIVE state figures for the demo district's FY26 and FY27: not DESE's figures
 * for any real district. They are set so the demo's FY27 budget sits at about 102.5% of required
 * net school spending (FY26 at about 101.5%), so cutting about $1.3 million of counted spending in
 * the Scenario Builder crosses 100% and about $3.9 million crosses 95% (seeds/demo-nss.test.ts
 * keeps them there). Required NSS is the required local contribution plus Chapter 70 aid, as on
 * DESE's sheets. The town's spending on the schools' behalf mixes lines that count (health
 * insurance, retirement, administrative services, property insurance) and lines that do not
 * (debt service, crossing guards, retirees' health insurance).
 */

const SOURCE = 'Illustrative demo figure, not DESE data';

interface DemoYear {
  fiscal_year: number;
  foundation_enrollment: string;
  foundation_budget: string;
  required_local_contribution: string;
  chapter70_aid: string;
  required_nss: string;
  carry_forward: string;
  municipal: [code: string, amount: string][];
}

export const DEMO_STATE_FIGURES: DemoYear[] = [
  {
    fiscal_year: 2026,
    foundation_enrollment: '3927',
    foundation_budget: '46120000.00',
    required_local_contribution: '41050000.00',
    chapter70_aid: '9640000.00',
    required_nss: '50690000.00',
    carry_forward: '215000.00',
    municipal: [
      ['1000', '405000.00'],
      ['5100', '1090000.00'],
      ['5200', '6050000.00'],
      ['5250', '1240000.00'],
      ['5260', '295000.00'],
      ['5550', '92000.00'],
      ['8000', '2250000.00'],
    ],
  },
  {
    fiscal_year: 2027,
    foundation_enrollment: '3912',
    foundation_budget: '47650000.00',
    required_local_contribution: '42310000.00',
    chapter70_aid: '9870000.00',
    required_nss: '52180000.00',
    carry_forward: '0.00',
    municipal: [
      ['1000', '420000.00'],
      ['5100', '1150000.00'],
      ['5200', '6400000.00'],
      ['5250', '1300000.00'],
      ['5260', '310000.00'],
      ['5550', '95000.00'],
      ['8000', '2100000.00'],
    ],
  },
];

/**
 * Inserts the demo's illustrative state figures (inside seedDemo's transaction); a year an
 * administrator entered before the demo was loaded keeps its own figures.
 */
export async function insertStateFigures(trx: Knex.Transaction): Promise<void> {
  for (const { municipal, ...year } of DEMO_STATE_FIGURES) {
    if (await trx('nss_state_figures').where({ fiscal_year: year.fiscal_year }).first('id')) {
      continue;
    }
    await trx('nss_state_figures').insert({
      ...year,
      foundation_enrollment_source: SOURCE,
      foundation_budget_source: SOURCE,
      required_local_contribution_source: SOURCE,
      chapter70_aid_source: SOURCE,
      required_nss_source: SOURCE,
      carry_forward_source: SOURCE,
    });
    await trx('nss_municipal_spending').insert(
      municipal.map(([eoyr_code, amount]) => ({
        fiscal_year: year.fiscal_year,
        eoyr_code,
        amount,
        source: SOURCE,
      })),
    );
  }
}
