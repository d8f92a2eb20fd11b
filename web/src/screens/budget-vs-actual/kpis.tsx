import { percentUsedText as percentText, type LedgerReport } from '@shared/schemas/ledger';
import { WITHHELD } from '@shared/schemas/dese-report';
import { formatMoney } from '@web/lib/format';
import { NoLedger } from './figures';

/** A total, or 'Withheld' where the report withheld it from its reader (its payWithheld). */
const shown = (v: number | null) => (v === null ? WITHHELD : formatMoney(v));

/**
 * The year's totals as cards: the proposed budget, then the ledger's figures, which read 'No
 * ledger' (a dash) while the year has none rather than $0 against a funded budget.
 */
export function Kpis({ report }: { report: LedgerReport }) {
  const t = report.totals;
  const ledger = (text: string) => (report.ledger === null ? <NoLedger /> : text);
  const cards = [
    { label: 'Revised budget', value: ledger(shown(t.revisedBudget)) },
    { label: 'Expended', value: ledger(shown(t.expended)) },
    { label: 'Encumbered', value: ledger(shown(t.encumbered)) },
    { label: 'Available', value: ledger(shown(t.available)) },
    { label: 'Used', value: ledger(percentText(t.percentUsed)), num: true },
    { label: 'Projected year-end', value: ledger(shown(t.projectedYearEnd)) },
  ];
  return (
    <dl className="bva-kpis">
      <div className="bva-kpi">
        <dt>Budget (proposed)</dt>
        <dd className="money">{shown(t.budget)}</dd>
      </div>
      {cards.map((c) => (
        <div key={c.label} className="bva-kpi">
          <dt>{c.label}</dt>
          <dd className={c.num ? 'num' : 'money'}>{c.value}</dd>
        </div>
      ))}
    </dl>
  );
}
