import { fiscalYearLabel } from '@shared/budget-math';
import { escapeHtml, table, type Row } from '@server/lib/html';
import { fteChange, type PublicStaffing, type StaffingFte } from '@shared/schemas/staffing';

/** FTE to the thousandth, as the interactive page writes it. */
const fte = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const change = (now: StaffingFte, before: StaffingFte | null) => {
  if (!before) {
    return 'New';
  }
  const d = fteChange(now.fte, before.fte);
  return d > 0 ? `+${fte(d)}` : d < 0 ? `\u2212${fte(-d)}` : fte(0);
};

/**
 * The published staffing as plain HTML for the resident page (server/public-page.ts): by school and
 * by DESE function, FTE filled, vacant and in all, with the change from last year when it had
 * positions. No names and no pay are in the snapshot to write.
 */
export function staffingHtml(staffing: PublicStaffing | null | undefined, f: string): string {
  if (!staffing) {
    return '';
  }
  const compared = staffing.lastYearNote === null;
  const headers = ['Filled FTE', 'Vacant FTE', 'Total FTE'];
  if (compared) {
    headers.push(`Change from ${fiscalYearLabel(staffing.lastYearFiscalYear)}`);
  }
  const rows = (groups: PublicStaffing['byBuilding']): Row[] =>
    [...groups, staffing.totals].map((g) => [
      escapeHtml(g.name),
      fte(g.filledFte),
      fte(g.vacantFte),
      fte(g.fte),
      ...(compared ? [change(g, g.lastYear)] : []),
    ]);
  return (
    table(`Staffing by school, ${f} (FTE)`, ['School', ...headers], rows(staffing.byBuilding)) +
    table(`Staffing by DESE function, ${f} (FTE)`, ['DESE function', ...headers], rows(staffing.byFunction))
  );
}
