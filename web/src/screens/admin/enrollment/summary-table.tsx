import type { EnrollmentResponse } from '@web/api/enrollment';
import { buildingTypeLabel } from './building-grid';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

const share = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/** Students and special education by building, with district totals. */
export function SummaryTable({ data }: { data: EnrollmentResponse }) {
  return (
    <ScrollArea label="Enrollment summary">
      <table className="table table--compact">
        <caption className="table-caption">Enrollment summary</caption>
        <TableHead
          cols={[
            'Building',
            'Type',
            numCol('Grades entered'),
            numCol('Students'),
            numCol('Special Ed'),
            numCol('Special Ed share'),
          ]}
        />
        <tbody>
          {data.buildings.map((b) => (
            <tr key={b.id}>
              <th scope="row">{b.name}</th>
              <td>{buildingTypeLabel(b.buildingType)}</td>
              <td className="num">
                {b.gradesEntered} of {b.grades.length}
              </td>
              <td className="num">{b.totalStudents.toLocaleString('en-US')}</td>
              <td className="num">{b.specialEdStudents.toLocaleString('en-US')}</td>
              <td className="num">{share(b.specialEdStudents, b.totalStudents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">District</th>
            <td />
            <td />
            <td className="num">{data.totals.students.toLocaleString('en-US')}</td>
            <td className="num">{data.totals.specialEd.toLocaleString('en-US')}</td>
            <td className="num">{share(data.totals.specialEd, data.totals.students)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}
