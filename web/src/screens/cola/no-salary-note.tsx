import { Alert } from '@web/components/alert';

/**
 * People a payroll gave no salary (a blank cell, imported flagged 'No current
 * salary') are counted by every planning tool at $0, and each tool says how many it met, so a gap
 * that looks too good can be traced to them.
 */
export function NoSalaryNote({ count }: { count: number }) {
  if (count === 0) {
    return null;
  }
  const who = count === 1 ? '1 person has' : `${count.toLocaleString('en-US')} people have`;
  return (
    <Alert variant="info" title={`${who} no current salary: counted as $0`}>
      Their payroll lines were imported with a blank salary and are flagged for review in Data Quality; enter
      their salaries there to include them.
    </Alert>
  );
}
