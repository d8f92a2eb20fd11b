import { grouped, unitsOf } from './money';

/*
 * FTE to the thousandth from exact integer thousandths (never float arithmetic): the Positions
 * manager's grid and form, the staffing tables and the Budget of All Funds' staffing sentence on
 * screen, in its workbook and in `budget-cli funds report` all write it so.
 */

/** FTE as integer thousandths, exactly (null for a value with more than 3 decimals). */
export function fteThousandths(fte: number | string): bigint | null {
  return unitsOf(fte, 3);
}

/** Integer thousandths as decimal text to the thousandth, grouped as money is: 24880500n -> '24,880.500'. */
export function thousandthsText(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(4, '0');
  return grouped(`${negative ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`);
}

/** FTE to the thousandth, as the grid and the form show it: 1 -> '1.000', 0.5 -> '0.500'. */
export function formatFte(fte: number | string | null | undefined): string {
  if (fte === null || fte === undefined || fte === '') {
    return '';
  }
  const units = fteThousandths(fte);
  return units === null ? String(fte) : thousandthsText(units);
}
