import { LEDGER_FIELDS } from '@shared/schemas/ledger-import';
import type { Suggestion } from './suggest';
import { headerScore } from './suggest';
import type { ColumnProfile } from './profile';
import type { FieldWords } from './synonyms-common';
import { FISCAL_YEAR } from './synonyms-common';

/**
 * Header names of the ledger (actuals) fields, best first ('~' weak, see FieldWords). MUNIS's
 * Year-to-Date Budget Report writes ORIGINAL APPROP, TRANFRS/ADJSMTS (sic), REVISED BUDGET,
 * YTD EXPENDED, ENCUMBRANCES, AVAILABLE BUDGET and PCT USED; its CSV extracts the same in snake_case.
 */
export const LEDGER_WORDS: Record<string, FieldWords> = {
  account: {
    names: [
      'account',
      'account number',
      'account string',
      'full account',
      'gl account',
      'account no',
      'acct',
      'acct no',
      'account code',
      '~org obj',
    ],
    veto: ['description', 'name', 'title', 'type'],
  },
  description: {
    names: ['description', 'account description', 'desc', 'account name', 'account title', '~title', '~name'],
    veto: ['code', 'number', 'type'],
  },
  originalBudget: {
    names: [
      'original approp',
      'original appropriation',
      'original budget',
      'orig approp',
      'orig budget',
      'appropriation',
      'adopted budget',
      '~budget',
    ],
    veto: ['revised', 'available', 'transfers', 'adjustments'],
  },
  transfers: {
    names: [
      'transfers adjustments',
      'transfers',
      'tranfrs adjsmts',
      'transfers adjustments ytd',
      'budget transfers',
      'adjustments',
      'net transfers',
    ],
  },
  revisedBudget: {
    names: [
      'revised budget',
      'revised',
      'current budget',
      'amended budget',
      'adjusted budget',
      'revised approp',
    ],
    veto: ['original', 'available'],
  },
  expended: {
    names: [
      'ytd expended',
      'ytd expenditures',
      'expended',
      'ytd actual',
      'actual',
      'expenditures',
      'year to date expended',
      'ytd spent',
      'spent',
    ],
    veto: ['available', 'encumbrance', 'encumbrances', 'budget'],
  },
  encumbered: {
    names: [
      'encumbrances',
      'encumbrance',
      'encumbered',
      'ytd encumbrances',
      'open encumbrances',
      'commitments',
    ],
  },
  available: {
    names: [
      'available budget',
      'available',
      'available balance',
      'remaining',
      'balance',
      'unencumbered balance',
    ],
    veto: ['pct', '%', 'percent'],
  },
  period: { names: ['period', 'accounting period', 'fiscal period', 'per', '~month'] },
  fiscalYear: FISCAL_YEAR,
};

const MONEY = new Set([
  'originalBudget',
  'transfers',
  'revisedBudget',
  'expended',
  'encumbered',
  'available',
]);
const HIGH = 90;
const MEDIUM = 35;

function score(field: string, header: string, p: ColumnProfile): number {
  let s = headerScore(LEDGER_WORDS[field], header);
  if (s && MONEY.has(field) && p.filled && p.money < 0.5) {
    s *= 0.3; // 'Budget' full of text is not an amount
  }
  if (field === 'account' && p.account >= 0.6) {
    s = Math.max(s, 70);
  }
  return s;
}

/**
 * The ledger's suggested mapping: every (field, column) pair scored by header names (and, for the
 * account, values that read as account strings), then the best pairs taken so no column serves two
 * fields. Every field gets an entry, null when nothing fits.
 */
export function suggestLedgerMappings(
  columns: readonly string[],
  profiles: readonly ColumnProfile[],
): Record<string, Suggestion> {
  const pairs: { field: string; col: number; score: number }[] = [];
  for (const { field } of LEDGER_FIELDS) {
    columns.forEach((header, col) => {
      const s = score(field, header, profiles[col]);
      if (s >= MEDIUM) {
        pairs.push({ field, col, score: s });
      }
    });
  }
  pairs.sort((a, b) => b.score - a.score || a.col - b.col);
  const result: Record<string, Suggestion> = {};
  const used = new Set<number>();
  for (const pair of pairs) {
    if (result[pair.field] || used.has(pair.col)) {
      continue;
    }
    used.add(pair.col);
    result[pair.field] = { csvColumn: columns[pair.col], confidence: pair.score >= HIGH ? 'high' : 'medium' };
  }
  for (const { field } of LEDGER_FIELDS) {
    result[field] ??= { csvColumn: null, confidence: 'none' };
  }
  return result;
}
