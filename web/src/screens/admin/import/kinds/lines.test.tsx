// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@web/api/import';
import { LINE_KINDS } from './lines';
import { skippedReason } from './skip-reason';

// The server names each skip reason as a label for one row ('heading row (no amount)'); the
// preview counts them, so a count other than one reads in the plural.

/** A budget-line dry run of 221 rows, 184 of them skipped for `skippedReasons`. */
function dryRun(skippedReasons: Record<string, number>): ImportResult {
  return {
    success: true,
    dryRun: true,
    rowCount: 221,
    imported: 37,
    skipped: 184,
    reviewCount: 0,
    skippedReasons,
    totalAmount: 1000,
    fiscalYears: [2027],
    replacedProjected: 0,
    nextYearSalaries: { automatic: 0, manual: 0, flagged: 0 },
  } as unknown as ImportResult;
}

describe('skipped reasons in the line import preview', () => {
  it('pluralises the row of a reason by its count', () => {
    expect(skippedReason('heading row (no amount)', 133)).toBe('133 heading rows (no amount)');
    expect(skippedReason('total or subtotal row', 37)).toBe('37 total or subtotal rows');
    expect(skippedReason('total row without a label (only numbers)', 2)).toBe(
      '2 total rows without a label (only numbers)',
    );
    expect(skippedReason('repeated header row', 1)).toBe('1 repeated header row');
    expect(skippedReason('no amount', 1_204)).toBe('1,204 no amount');
  });

  it('reads the summary with plural reasons', () => {
    const { text } = LINE_KINDS.proposed.preview.summary(
      dryRun({
        'heading row (no amount)': 133,
        'total or subtotal row': 37,
        'repeated header row': 1,
        'no amount': 13,
      }),
    );
    const { container } = render(<p>{text}</p>);
    expect(container.textContent).toContain(
      '37 of 221 rows will be imported, 184 skipped (133 heading rows (no amount), 37 total or subtotal rows, ' +
        '1 repeated header row, 13 no amount).',
    );
  });
});
