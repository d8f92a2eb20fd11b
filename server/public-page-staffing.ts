import { fiscalYearLabel, showsFrozen } from '@shared/budget-math';
import { escapeHtml, table, type Row } from '@server/lib/html';
import { smallGroupsNote } from '@shared/schemas/public-dashboard';
import { fteChange, type PublicStaffing, type StaffingFte } from '@shared/schemas/staffing';
import { signedText } from '@shared/signed-words';

/** FTE to the thousandth, as the interactive page writes it. */
const fte = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const change = (now: StaffingFte, before: StaffingFte | null) => {
  if (!before) {
    return 'New';
  }
  return signedText(fteChange(now.fte, before.fte), fte);
};

/**
 * The published staffing as plain HTML for the resident page (server/public-page.ts): by school and
 * by DESE function, FTE filled, vacant, frozen (when any is) and in all, with the change from last year when it had
 * positions. No names and no pay are in the snapshot to write.
 */
export function staffingHtml(staffing: PublicStaffing | null | undefined, f: string): string {
  if (!staffing) {
    return '';
  }
  const compared = staffing.lastYearNote === null;
  const schoolsNote = smallGroupsNote('buildings', staffing.byBuilding, staffing.buildingsWithheld);
  // Its own column when there is any, so Filled + Vacant + Frozen = Total as a reader adds across
  // (a snapshot published before the figure has none: its rows show as they did).
  const frozen = showsFrozen([staffing.totals, ...staffing.byBuilding, ...staffing.byFunction]);
  const headers = ['Filled FTE', 'Vacant FTE', ...(frozen ? ['Frozen FTE'] : []), 'Total FTE'];
  if (compared) {
    headers.push(`Change from ${fiscalYearLabel(staffing.lastYearFiscalYear)}`);
  }
  const rows = (groups: PublicStaffing['byBuilding']): Row[] =>
    [...groups, staffing.totals].map((g) => [
      escapeHtml(g.name),
      fte(g.filledFte),
      fte(g.vacantFte),
      ...(frozen ? [fte(g.frozenFte ?? 0)] : []),
      fte(g.fte),
      ...(compared ? [change(g, g.lastYear)] : []),
    ]);
  return (
    table(
      [`Staffing by school, ${f} (FTE)`, schoolsNote].filter(Boolean).join('. '),
      ['School', ...headers],
      rows(staffing.byBuilding),
    ) +
    table(`Staffing by DESE function, ${f} (FTE)`, ['DESE function', ...headers], rows(staffing.byFunction)) +
    fundedByHtml(staffing.fundedBy, f)
  );
}

/** Which fund pays for the positions, by school and by function (FTE by fund share). */
function fundedByHtml(fundedBy: PublicStaffing['fundedBy'], f: string): string {
  if (!fundedBy?.funds.length) {
    return '';
  }
  const funds = fundedBy.funds.map((x) => x.name);
  const rows = (lines: { name: string; fte: number[] }[]): Row[] => [
    ...lines.map((l): Row => [escapeHtml(l.name), ...l.fte.map((n) => fte(n))]),
    ['All positions', ...fundedBy.totals.map((n) => fte(n))],
  ];
  return (
    table(
      `Which fund pays for ${f} positions, by school (FTE)`,
      ['School', ...funds],
      rows(fundedBy.byBuilding),
    ) +
    table(
      `Which fund pays for ${f} positions, by DESE function (FTE)`,
      ['DESE function', ...funds],
      rows(fundedBy.byFunction),
    )
  );
}
