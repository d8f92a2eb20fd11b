import type { ImportType } from './import';

/**
 * The fields an import maps file columns onto, per import type, with what each holds (the wizard,
 * the CLI and the OpenAPI document show the descriptions).
 */

export interface ImportField {
  field: string;
  label: string;
  required: boolean;
  /** What the field holds and how its values are read. */
  description: string;
}

export const OPERATING_FIELDS: readonly ImportField[] = [
  {
    field: 'lastName',
    label: 'Last Name',
    required: true,
    description:
      "A last name, or a full name: 'Last, First' or 'First Last' is split when First Name is not mapped",
  },
  { field: 'firstName', label: 'First Name', required: false, description: 'Given name' },
  { field: 'position', label: 'Position', required: false, description: 'Job title, e.g. Teacher' },
  {
    field: 'currentSalary',
    label: 'Current Salary',
    required: true,
    description: 'Budgeted salary for the FTE: $1,234.50, 1,234 and (1,234.00) are all read',
  },
  {
    field: 'currentFTE',
    label: 'FTE',
    required: false,
    description: '1.0 full time, 0.5 half; 50% also works (blank = 1.0)',
  },
  {
    field: 'locationCode',
    label: 'Building / Location',
    required: false,
    description: 'Matched to a building by code, then by name; no match leaves District Wide with a warning',
  },
  {
    field: 'building',
    label: 'Building',
    required: false,
    description:
      "A building name or code, matched when mapped (the location is then kept as text only); 'District Wide' is none",
  },
  { field: 'department', label: 'Department', required: false, description: 'Department name' },
  { field: 'workGroup', label: 'Work Group', required: false, description: 'Bargaining unit or work group' },
  { field: 'jobClass', label: 'Job Class', required: false, description: 'Job class or job code' },
  {
    field: 'deseCode',
    label: 'DESE Code / Account',
    required: false,
    description: "A DESE function code, or an account string containing one ('01-170-2305-51100')",
  },
  {
    field: 'fund',
    label: 'Fund',
    required: false,
    description:
      "A fund's code or name (Funds): the person's line is that fund's, and a new position of theirs is paid by it when the fund can pay the year after; not mapped or blank, the general fund",
  },
  { field: 'hireDate', label: 'Hire Date', required: false, description: 'm/d/yyyy, ISO or an Excel date' },
  {
    field: 'dateOfDeparture',
    label: 'Departure Date',
    required: false,
    description: 'm/d/yyyy, ISO or an Excel date',
  },
  {
    field: 'employeeStatus',
    label: 'Status',
    required: false,
    description: 'Active, Retiring or Inactive (blank = Active)',
  },
  {
    field: 'nextYearSalary',
    label: 'Next Year Salary',
    required: false,
    description:
      'Kept as a manual next-year salary; rows without one get the automatic rule (COLA and steps)',
  },
  {
    field: 'nextYearSalarySource',
    label: 'Next Year Salary Source',
    required: false,
    description:
      "Auto or Manual, as this app exports it: an Auto row's next-year salary is left to the automatic rule",
  },
  {
    field: 'fiscalYear',
    label: 'Fiscal Year',
    required: false,
    description: "Per row: 'FY26', 2026 or '2025-2026'",
  },
  { field: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

export const PROPOSED_FIELDS: readonly ImportField[] = [
  {
    field: 'accountDescription',
    label: 'Account Description',
    required: true,
    description: 'What the line pays for',
  },
  {
    field: 'amount',
    label: 'Amount',
    required: true,
    description:
      "Proposed amount: $1,234.50, (1,234) as negative, '-' as zero; rows without one are headings",
  },
  {
    field: 'accountLine',
    label: 'Account Number',
    required: false,
    description: "Ledger account string; a DESE function code inside it is found ('0100-3-300-2305-...')",
  },
  { field: 'deseCode', label: 'DESE Code', required: false, description: 'DESE function code, e.g. 2305' },
  {
    field: 'deseCategories',
    label: 'DESE Category',
    required: false,
    description: 'DESE category or function name',
  },
  {
    field: 'category',
    label: 'Budget Category',
    required: false,
    description: 'Used when the DESE code matches no category: matched by category name or code',
  },
  { field: 'name', label: 'Line Name', required: false, description: 'Short name or vendor' },
  {
    field: 'fund',
    label: 'Fund',
    required: false,
    description:
      "A fund's code or name (Funds); not mapped, the Account Number's first segment when it is a fund's code; else the general fund",
  },
  {
    field: 'locationCode',
    label: 'Building',
    required: false,
    description: 'Matched to a building by code, then by name; blank is District Wide',
  },
  {
    field: 'fiscalYear',
    label: 'Fiscal Year',
    required: false,
    description: "Per row: 'FY26', 2026 or '2025-2026'",
  },
  { field: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

export function fieldsFor(type: ImportType): readonly ImportField[] {
  return type === 'operating' ? OPERATING_FIELDS : PROPOSED_FIELDS;
}
