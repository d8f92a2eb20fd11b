/**
 * The words of a record's change history, one home for the web's History panel and `budget-cli
 * history` (and `positions show`): a field by its name as the screens label it, an action as a
 * person says it, and a value as it reads (money as money, a yes/no as Yes or No).
 */
import { formatMoneyCents } from './money';

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
  // A reference by id reads as the reference: it is shown by name (referenceNamer).
  workGroupId: 'Work group',
  workGroup: 'Work group',
  jobClass: 'Job class',
  hireDate: 'Hire date',
  dateOfDeparture: 'Departure date',
  employeeStatus: 'Status',
  budgetStatus: 'Budget status',
  buildingId: 'Building',
  building: 'Building',
  categoryId: 'Category',
  notes: 'Notes',
  accountDescription: 'Account description',
  accountLine: 'Account line',
  deseCategories: 'DESE categories',
  amount: 'Amount',
  name: 'Name',
  'metadata.needsReview': 'Needs review',
  'metadata.importWarnings': 'Import warnings',
  fundId: 'Fund',
  fund: 'Fund',
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
  // What a line's audit entry keeps beside its fields: why it was changed, its budget year.
  changeReason: 'Reason for change',
  budgetYearId: 'Budget year',
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

/** A field as the history names it: 'changeReason' -> 'Reason for change'; one without a label as it is. */
export function historyFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** The actions of an entry as the history says them ('update' -> 'Updated'); others as they are. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  merge: 'Merged',
  status: 'Status changed',
};

export function historyActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/**
 * A value of a field as the history shows it: none is '—', money is money ('$544,946,415.90',
 * never '544946415.9'), a yes/no is Yes or No, a list is joined, a reference kept with its name
 * shows the name. A reference by id is the caller's to name (the panel looks its list up).
 */
export function historyValueText(field: string, value: unknown): string {
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
