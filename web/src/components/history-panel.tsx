import { errorMessage } from '@web/api/client';
import { fundNamer, useFunds } from '@web/api/funds';
import { useHistory, type HistoryEntity } from '@web/api/history';
import { formatDateTime, formatMoneyCents } from '@web/lib/format';
import { TableHead } from '@web/components/table-head';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  position: 'Position',
  currentSalary: 'Current salary',
  nextYearSalary: 'Next-year salary',
  nextYearSalaryManual: 'Set by hand (manual)',
  currentFTE: 'FTE',
  locationCode: 'Location code',
  deseCode: 'DESE code',
  department: 'Department',
  workGroupId: 'Work group id',
  workGroup: 'Work group',
  jobClass: 'Job class',
  hireDate: 'Hire date',
  dateOfDeparture: 'Departure date',
  employeeStatus: 'Status',
  budgetStatus: 'Budget status',
  buildingId: 'Building id',
  categoryId: 'Category id',
  notes: 'Notes',
  accountDescription: 'Account description',
  accountLine: 'Account line',
  deseCategories: 'DESE categories',
  amount: 'Amount',
  name: 'Name',
  'metadata.needsReview': 'Needs review',
  'metadata.importWarnings': 'Import warnings',
  fundId: 'Fund',
  'metadata.fundNamed': 'Fund chosen by hand',
  // A budget stage's move or reopen, and a year's state figures.
  reason: 'Reason',
  reopened: 'Reopened after',
  stageLabel: 'Stage',
  note: 'Note',
  date: 'Date',
  fiscalYear: 'Fiscal year',
  foundationEnrollment: 'Foundation enrollment',
  foundationBudget: 'Foundation budget',
  requiredLocalContribution: 'Required local contribution',
  chapter70Aid: 'Chapter 70 aid',
  requiredNss: 'Required net school spending',
  carryForward: 'Carry-forward',
  municipal: 'Town spending lines',
  // Crosswalk and function-code rules, and the ledger's account pattern.
  pattern: 'Title or pattern',
  matchType: 'Match',
  category: 'Category',
  deseName: 'DESE function',
  specificity: 'Specificity',
  kind: 'Kind',
  match: 'Matches',
  isPattern: 'Has wildcards',
  target: 'Lines matching',
  functionCode: 'Function code',
  functionName: 'Function',
  lineCount: 'Lines reached',
  createdBy: 'Created by',
  updatedBy: 'Updated by',
  accountPattern: 'Account pattern',
};

const MONEY_FIELDS = new Set([
  'currentSalary',
  'nextYearSalary',
  'amount',
  'foundationBudget',
  'requiredLocalContribution',
  'chapter70Aid',
  'requiredNss',
  'carryForward',
]);

function label(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A fund's name by id (the snapshot keeps only the id; none is the general fund's): fundNamer. */
type FundName = (fundId: number | null) => string;

function show(field: string, value: unknown, fundName: FundName): string {
  if (field === 'fundId' && (value === null || typeof value === 'number')) {
    return fundName(value) || (value === null ? '—' : `Fund #${value}`);
  }
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (MONEY_FIELDS.has(field) && typeof value === 'number') {
    return formatMoneyCents(value);
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) {
    return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('; ');
  }
  if (typeof value === 'object') {
    // A reference kept with its name (a building, a category) shows the name, not its JSON.
    const name = (value as { name?: unknown }).name;
    return typeof name === 'string' ? name : JSON.stringify(value);
  }
  return String(value);
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  merge: 'Merged',
  status: 'Status changed',
};

interface HistoryPanelProps {
  entity: HistoryEntity;
  id: number;
}

/** Who changed what and when on one record, newest first (read from the audit log). */
export function HistoryPanel({ entity, id }: HistoryPanelProps) {
  const history = useHistory(entity, id);
  // Only asked for when an entry moved a line between funds.
  const movesFunds = Boolean(history.data?.entries.some((e) => e.changes.some((c) => c.field === 'fundId')));
  const fundList = useFunds(movesFunds);
  const funds = fundNamer(fundList.data?.funds);
  const headingId = `history-${entity}-${id}`;
  return (
    <section className="history" aria-labelledby={headingId}>
      <h3 id={headingId}>History</h3>
      {history.isPending ? <p className="muted">Loading history...</p> : null}
      {history.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(history.error, 'Failed to load history')}
        </p>
      ) : null}
      {history.data && history.data.entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : null}
      {history.data && history.data.entries.length > 0 ? (
        <ol className="history__list">
          {history.data.entries.map((entry) => (
            <li key={entry.id} className="history__entry">
              <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>{' '}
              <span className="history__meta">
                by {entry.actor} · {formatDateTime(entry.createdAt)}
              </span>
              {entry.cause ? <span className="history__cause"> · {entry.cause}</span> : null}
              {entry.changes.length > 0 && entry.action !== 'create' && entry.action !== 'delete' ? (
                <table className="history__changes">
                  <caption className="visually-hidden">Fields changed</caption>
                  <TableHead cols={['Field', 'Before', 'After']} />
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row">{label(change.field)}</th>
                        <td>{show(change.field, change.before, funds)}</td>
                        <td>{show(change.field, change.after, funds)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
