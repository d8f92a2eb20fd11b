import { describe, expect, it } from 'vitest';
import { formatDecimalMoney as formatDecimalDollars } from '@shared/money';
import { addDecimal, DecimalSum, sameDecimal, subtractDecimal } from './decimal';
import { openPositionsText } from '@shared/schemas/import';
import { Reconciler } from './reconcile';

describe('exact decimals', () => {
  it('adds and subtracts without floats, keeping every decimal', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.30');
    expect(addDecimal('1234.565', '-0.005')).toBe('1234.56');
    expect(subtractDecimal('1234.565', '1234.57')).toBe('-0.005');
    expect(subtractDecimal('5', '5.00')).toBe('0.00');
    expect(addDecimal('99999999999999999.99', '0.01')).toBe('100000000000000000.00');
    expect(sameDecimal('5.000', '5')).toBe(true);
    expect(sameDecimal('-0.00', '0')).toBe(true);
    expect(sameDecimal('0.001', '0')).toBe(false);
  });

  it('shows amounts as dollars with every digit kept', () => {
    expect(formatDecimalDollars('-1234.565')).toBe('-$1,234.565');
    expect(formatDecimalDollars('11809742.00')).toBe('$11,809,742.00');
    expect(formatDecimalDollars('0.00')).toBe('$0.00');
  });

  it('sums a long column exactly', () => {
    const sum = new DecimalSum();
    for (let i = 0; i < 1000; i += 1) {
      sum.add('0.1');
    }
    sum.add('-0.005');
    expect(sum.toString()).toBe('99.995');
  });
});

describe('Reconciler', () => {
  it('lists the rows to look at before a roster’s open positions, and counts those apart', () => {
    const r = new Reconciler('currentSalary', 'Annual Salary');
    const held = (row: number, file: string) =>
      r.line(row, 'Vacant', { file, stored: '0.00', reason: 'an open position', held: true });
    // 150 open positions first, as a roster may list them, then a salary rounded to the cent.
    for (let row = 2; row < 152; row += 1) {
      held(row, '50000.01');
    }
    r.line(152, 'Ana Lee', { file: '60000.005', stored: '60000.01', reason: 'rounded to the cent' });
    const result = r.result('60000.01');
    expect(result.differenceCount).toBe(151);
    expect(result.differences).toHaveLength(100);
    expect(result.differences[0]).toMatchObject({ row: 152, name: 'Ana Lee', difference: '-0.005' });
    expect(result.differences.slice(1).every((d) => d.reason === 'an open position')).toBe(true);
    expect(result.openPositions).toEqual({ count: 150, total: '7500001.50' });
    expect(result.balanced).toBe(true);
    expect(openPositionsText(result)).toBe(
      'Of the differences, 150 rows ($7,500,001.50) are open positions: their salaries are held by vacant positions, not lines.',
    );
    // A file with none says nothing of them.
    const plain = new Reconciler('amount', 'Amount');
    plain.line(2, 'Paper', { file: '10.00', stored: '10.00' });
    expect(plain.result('10.00').openPositions).toBeUndefined();
    expect(openPositionsText(plain.result('10.00'))).toBeNull();
  });

  it('lists each difference with its row and reason, and balances against the stored sum', () => {
    const r = new Reconciler('currentSalary', 'REGULAR');
    r.line(2, 'Ana Lee', { file: '100.00', stored: '100.00' });
    r.line(3, 'Jo Park', { file: '-0.02', stored: null, reason: 'negative' });
    r.line(4, 'Sam Ortiz', { file: '10.005', stored: '10.01', reason: 'rounded to the cent' });
    r.line(5, 'Vacant', { file: null, stored: null, unreadable: true });
    r.skipped(6, 'no account description', '5000.00');
    r.skipped(7, 'no account description', '0.00');
    r.total(8, 'Total', '5109.985');
    const result = r.result('110.01');
    expect(result).toMatchObject({
      fileSum: '5109.985',
      storedSum: 110.01,
      differenceCount: 3,
      differenceTotal: '4999.975',
      unexplained: '0.00',
      balanced: true,
      unreadableCount: 1,
      totalRowCount: 1,
      fileTotal: { row: 8, label: 'Total', amount: '5109.985', difference: '4999.975', matches: false },
    });
    expect(result.differences.map((d) => [d.row, d.difference, d.reason])).toEqual([
      [3, '-0.02', 'negative'],
      [4, '-0.005', 'rounded to the cent'],
      [6, '5000.00', 'skipped: no account description'],
    ]);
    // A stored sum that the rows do not explain is reported, not hidden.
    expect(r.result('110.00')).toMatchObject({ unexplained: '0.01', balanced: false });
  });

  it("takes the file's GRAND TOTAL row, else its largest total row, as the file's own total", () => {
    const r = new Reconciler('amount', 'FY26');
    r.total(5, 'TOTAL', '100.00');
    r.total(9, 'TOTAL', '-900.00');
    r.total(12, '(no label)', '300.00');
    expect(r.result('0').fileTotal).toMatchObject({ row: 9, amount: '-900.00' });
    r.total(20, 'GRAND TOTAL', '400.00');
    r.total(21, 'TOTAL', '5000.00');
    expect(r.result('400').fileTotal).toMatchObject({ row: 20, matches: true, difference: '0.00' });
  });
});
