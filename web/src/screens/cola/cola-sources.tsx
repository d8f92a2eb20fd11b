import type { MultiYearProjection } from '@web/api/cola';
import { Alert } from '@web/components/alert';
import { formatPercentage } from '@web/lib/format';
import { colaSourceInline } from '@web/lib/cola-source';
import { fiscalYearLabel } from '@shared/budget-math';
import { ScrollArea } from './scroll-area';
import { TableHead } from '@web/components/table-head';

type Year = Pick<MultiYearProjection['projections'][number], 'fiscalYear' | 'colaUnits' | 'colaWarnings'>;

/**
 * Where each bargaining unit's COLA of each year came from (contract, negotiating offer, scenario,
 * long-term assumption or none), and a warning for every year that assumes 0% for a unit: a figure
 * built on an assumption says so.
 */
export function ColaSources({ years }: { years: readonly Year[] }) {
  const warnings = years.flatMap((y) => y.colaWarnings);
  const units = new Map<string, string>();
  for (const y of years) {
    for (const u of y.colaUnits) {
      units.set(String(u.workGroupId ?? `none:${u.workGroup ?? ''}`), u.workGroup ?? 'No work group');
    }
  }
  const cell = (y: Year, key: string) =>
    y.colaUnits.find((u) => String(u.workGroupId ?? `none:${u.workGroup ?? ''}`) === key);
  return (
    <div className="cola-sources">
      {warnings.length ? (
        <Alert variant="info" title="Some years assume 0% COLA">
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <ScrollArea label="COLA source by work group">
        <table className="table table--compact">
          <caption>
            COLA by work group and year, and where it comes from (anything but a settled contract is an
            assumption)
          </caption>
          <TableHead cols={['Work group', ...years.map((y) => fiscalYearLabel(y.fiscalYear))]} />
          <tbody>
            {[...units].map(([key, name]) => (
              <tr key={key}>
                <th scope="row">{name}</th>
                {years.map((y) => {
                  const u = cell(y, key);
                  return (
                    <td key={y.fiscalYear} className="nowrap">
                      {u ? `${formatPercentage(u.colaPercentage)} ${colaSourceInline(u.colaSource)}` : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </div>
  );
}
