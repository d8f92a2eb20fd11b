import { describe, expect, it } from 'vitest';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import { PreviewTotals } from './scenario-math';
import { fteText, parseFte } from './position-text';

/*
 * The browser's preview takes a scenario's cuts and adds by position (the server's positionsNet)
 * off its total as the server does, so the cards do not jump when a slider's save settles.
 */

const line = (id: number, amount: number, percentKept = 100): ScenarioLine => ({
  id,
  accountDesc: `Line ${id}`,
  accountLine: null,
  deseCode: null,
  categoryId: 1,
  category: { name: 'Supplies', color: '#3b82f6' },
  buildingId: null,
  building: null,
  isPersonnel: false,
  fy26ProposedV3: amount,
  percentKept,
  floorPercent: 0,
  adjustedAmount: amount,
  cut: 0,
  generalFund: true,
});

const summary = (positionsNet: number): ScenarioSummary => ({
  budgetYearId: 2,
  fiscalYear: 2027,
  versionId: null,
  lineCount: 2,
  originalTotal: 0,
  townGoal: 1500,
  hasTownGoal: true,
  totalCuts: 0,
  adjustedTotal: 0,
  goalTotal: 0,
  gap: 0,
  meetsGoal: false,
  itemsModified: 0,
  positionsNet,
  positionsGeneralNet: positionsNet,
  positionChanges: 2,
});

describe('preview with cuts by position', () => {
  it('takes the positions’ net off the adjusted total, adds it to the cuts and the gap follows', () => {
    // 1000.01 at 50% keeps 500.01 (half a cent away from zero); 999.99 kept whole: 1500.00.
    const totals = new PreviewTotals([line(1, 1000.01, 50), line(2, 999.99)]);
    const s = totals.summary(summary(123.45));
    // Independently, in cents: original 200000, kept 150000, less the net 12345.
    expect(s.originalTotal).toBe(2000);
    expect(s.adjustedTotal).toBe(1376.55); // 150000 - 12345 = 137655 cents
    expect(s.totalCuts).toBe(623.45); // 200000 - 137655 = 62345 cents
    expect(s.gap).toBe(-123.45);
    expect(s.meetsGoal).toBe(true);
    expect(s.positionsNet).toBe(123.45);
  });

  it('an add costing more than the cuts save (a negative net) raises the total', () => {
    const totals = new PreviewTotals([line(1, 1500)]);
    const s = totals.summary(summary(-0.01));
    expect(s.adjustedTotal).toBe(1500.01);
    expect(s.totalCuts).toBe(-0.01);
    expect(s.gap).toBe(0.01);
    expect(s.meetsGoal).toBe(false);
  });

  it('reads and writes FTE to the thousandth', () => {
    expect(parseFte('2')).toBe(2);
    expect(parseFte('0.625')).toBe(0.625);
    expect(parseFte('.5')).toBe(0.5);
    for (const bad of ['', '0', 'abc', '1.0005', '-1', '1e2']) {
      expect(parseFte(bad), bad).toBeNull();
    }
    expect(fteText(2)).toBe('2');
    expect(fteText(1.5)).toBe('1.5');
    expect(fteText(0.625)).toBe('0.625');
  });
});
