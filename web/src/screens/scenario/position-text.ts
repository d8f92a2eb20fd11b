/** FTE as the roster writes it: up to 3 decimals, no trailing zeros ('2', '0.625'). */
export const fteText = (fte: number): string =>
  fte.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** A typed FTE: the number, or null unless it is above 0 with at most 3 decimals. */
export function parseFte(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{1,3})?$|^\.\d{1,3}$/.test(trimmed)) {
    return null;
  }
  const value = Number(trimmed);
  return value > 0 ? value : null;
}
