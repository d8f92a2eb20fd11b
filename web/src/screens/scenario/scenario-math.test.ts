import { describe, expect, it } from 'vitest';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import {
  adjustmentsOf,
  categoryTotals,
  clampPercent,
  gapLabel,
  lineFigures,
  parsePercent,
  PreviewTotals,
} from './scenario-math';
import { summaryCards } from './summary-panel';

/** Independent arithmetic for the checks: amount x percent / 100 rounded half away from zero, in cents. */
const cents = (dollars: string) => {
  const [whole, frac = ''] = dollars.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return dollars.startsWith('-') ? -value : value;
};
const kept = (amountCents: bigint, percent: string) => {
  const hundredths = cents(percent); // '75.5' -> 7550 hundredths
  const scaled = amountCents * hundredths;
  const sign = scaled < 0n ? -1n : 1n;
  const abs = scaled < 0n ? -scaled : scaled;
  return sign * (abs / 10000n + ((abs % 10000n) * 2n >= 10000n ? 1n : 0n));
};

const line = (id: number, amount: number, percentKept = 100, category = 'Supplies'): ScenarioLine => ({
  id,
  accountDesc: `Line ${id}`,
  accountLine: null,
  deseCode: null,
  categoryId: 1,
  category: { name: category, color: '#3b82f6' },
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

const base: ScenarioSummary = {
  budgetYearId: 2,
  fiscalYear: 2026,
  versionId: null,
  lineCount: 0,
  originalTotal: 0,
  townGoal: 1000.1,
  hasTownGoal: true,
  totalCuts: 0,
  adjustedTotal: 0,
  goalTotal: 0,
  gap: 0,
  meetsGoal: false,
  itemsModified: 0,
  positionsNet: 0,
  positionsGeneralNet: 0,
  positionChanges: 0,
};

describe('percents', () => {
  it('clamps to the floor and to 0-100, two decimals', () => {
    expect(clampPercent(55, 80)).toBe(80);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-4)).toBe(0);
    expect(clampPercent(33.3333)).toBe(33.33);
  });

  it('reads a typed percent only when it is 0-100 with at most 2 decimals', () => {
    expect(parsePercent('75')).toBe(75);
    expect(parsePercent(' 62.5 % ')).toBe(62.5);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(100);
    for (const bad of ['', 'abc', '101', '-5', '12.345', '1e2', '50,5']) {
      expect(parsePercent(bad)).toBeNull();
    }
  });

  it('keeps round(amount x percent / 100, 2), halves away from zero', () => {
    expect(lineFigures(0.05, 50)).toEqual({ adjustedAmount: 0.03, cut: 0.02 });
    expect(lineFigures(1234.57, 33.33)).toEqual({ adjustedAmount: 411.48, cut: 823.09 });
    expect(lineFigures(-10.01, 50)).toEqual({ adjustedAmount: -5.01, cut: -5 });
    expect(lineFigures(2166900, 0)).toEqual({ adjustedAmount: 0, cut: 2166900 });
  });

  it('stores only the lines under 100', () => {
    expect(
      adjustmentsOf(
        new Map([
          [1, 100],
          [2, 75],
          [3, 0],
        ]),
      ),
    ).toEqual({ 2: 75, 3: 0 });
  });
});

describe('PreviewTotals', () => {
  it('matches a full recount in cents after many random moves', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const amounts = Array.from({ length: 200 }, () => (Math.floor(random() * 50_000_000) / 100).toFixed(2));
    const lines = amounts.map((a, i) => line(i + 1, Number(a), i % 3 === 0 ? 50 : 100));
    const totals = new PreviewTotals(lines);
    const percents = new Map(lines.map((l) => [l.id, l.percentKept.toFixed(2)]));
    for (let step = 0; step < 2000; step += 1) {
      const id = 1 + Math.floor(random() * lines.length);
      const percent = (Math.floor(random() * 10001) / 100).toFixed(2);
      totals.set(id, Number(percent));
      percents.set(id, percent);
    }
    const original = amounts.reduce((sum, a) => sum + cents(a), 0n);
    const adjusted = amounts.reduce((sum, a, i) => sum + kept(cents(a), percents.get(i + 1)!), 0n);
    const modified = [...percents.values()].filter((p) => Number(p) < 100).length;
    const summary = totals.summary({ ...base, townGoal: 50_000_000.01 });
    expect(cents(summary.originalTotal.toFixed(2))).toBe(original);
    expect(cents(summary.adjustedTotal.toFixed(2))).toBe(adjusted);
    expect(cents(summary.totalCuts.toFixed(2))).toBe(original - adjusted);
    expect(cents(summary.gap!.toFixed(2))).toBe(adjusted - cents('50000000.01'));
    expect(summary.meetsGoal).toBe(adjusted <= cents('50000000.01'));
    expect(summary.itemsModified).toBe(modified);
  });

  it('ignores unknown lines and says whether the goal is met', () => {
    const totals = new PreviewTotals([line(1, 600), line(2, 400.2)]);
    expect(totals.set(99, 0)).toBe(false);
    expect(totals.summary(base)).toMatchObject({ adjustedTotal: 1000.2, gap: 0.1, meetsGoal: false });
    totals.set(2, 99.97);
    expect(totals.summary(base)).toMatchObject({ adjustedTotal: 1000.08, meetsGoal: true, itemsModified: 1 });
  });
});

describe("the goal counts the general fund's lines alone", () => {
  it("a cut to a grant's line lowers the total but not the gap; the general fund's moves both", () => {
    const grant = { ...line(2, 400.2), generalFund: false };
    const totals = new PreviewTotals([line(1, 600), grant]);
    // Goal 1000.10: all lines 1000.20 are over it, the general fund's 600.00 under it.
    expect(totals.summary(base)).toMatchObject({
      adjustedTotal: 1000.2,
      goalTotal: 600,
      gap: -400.1,
      meetsGoal: true,
    });
    totals.set(2, 50);
    expect(totals.summary(base)).toMatchObject({ adjustedTotal: 800.1, goalTotal: 600, gap: -400.1 });
    totals.set(1, 50);
    expect(totals.summary(base)).toMatchObject({ adjustedTotal: 500.1, goalTotal: 300, gap: -700.1 });
    // A position cut's general-fund part comes off the goal's figure, the whole of it off the total.
    const withPositions = { ...base, positionsNet: 100, positionsGeneralNet: 40 };
    expect(totals.summary(withPositions)).toMatchObject({
      adjustedTotal: 400.1,
      goalTotal: 260,
      gap: -740.1,
    });
  });
});

describe('words', () => {
  it('says over or under the goal, never a bare minus', () => {
    expect(gapLabel(444400)).toBe('Over goal by $444,400.00');
    expect(gapLabel(-12.5)).toBe('Under goal by $12.50');
    expect(gapLabel(0)).toBe('On the goal exactly');
  });

  it('shows the seven summary figures', () => {
    const cards = summaryCards({
      ...base,
      lineCount: 152,
      originalTotal: 47177400,
      townGoal: 46733000,
      totalCuts: 100000,
      adjustedTotal: 47077400,
      gap: 344400,
      itemsModified: 3,
    });
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['Original Total', '$47,177,400.00'],
      ['Town Goal', '$46,733,000.00'],
      ['Total Cuts', '$100,000.00'],
      ['Adjusted Total', '$47,077,400.00'],
      ['Gap', 'Over goal by $344,400.00'],
      ['Meets Goal', 'No'],
      ['Items Modified', '3'],
    ]);
    expect(cards.some((c) => /(^|\s)-\$/.test(c.value))).toBe(false);
    // As the server answers a year with no town goal: no gap against $0 and nothing to meet.
    const noGoal = summaryCards({
      ...base,
      lineCount: 152,
      hasTownGoal: false,
      townGoal: 0,
      adjustedTotal: 10,
      gap: null,
      meetsGoal: null,
    });
    expect(
      noGoal
        .slice(1, 2)
        .concat(noGoal.slice(4, 6))
        .map((c) => c.value),
    ).toEqual(['Not set', 'No town goal set', '—']);
    expect(gapLabel(null)).toBe('No town goal set');
  });

  it("says the totals are every fund's when grants pay part, beside the general fund the goal is set against", () => {
    const mixed = summaryCards({
      ...base,
      lineCount: 152,
      originalTotal: 47177500,
      townGoal: 44834000,
      adjustedTotal: 47177500,
      goalTotal: 45342684.5,
      gap: 508684.5,
    });
    const adjusted = mixed.find((c) => c.label === 'Adjusted Total')!;
    expect(adjusted.note).toBe('All funds; the general fund $45,342,684.50');
    expect(mixed.find((c) => c.label === 'Original Total')!.note).toBe('152 lines, all funds');
    // One fund: nothing to tell apart.
    const one = summaryCards({
      ...base,
      lineCount: 3,
      originalTotal: 900,
      adjustedTotal: 800,
      goalTotal: 800,
    });
    expect(one.find((c) => c.label === 'Adjusted Total')!.note).toBeUndefined();
    expect(one.find((c) => c.label === 'Original Total')!.note).toBe('3 lines');
  });

  it('totals categories in cents', () => {
    const totals = categoryTotals([line(1, 100.01, 50), line(2, 0.05, 50), line(3, 10, 100, 'Books')]);
    expect([...totals]).toEqual([
      ['Supplies', { original: 10006n, cut: 5002n, lines: 2 }],
      ['Books', { original: 1000n, cut: 0n, lines: 1 }],
    ]);
  });
});
