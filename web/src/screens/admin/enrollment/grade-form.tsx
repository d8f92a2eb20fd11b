import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useSaveBuildingEnrollment,
  type EnrollmentBuilding,
  type EnrollmentRecord,
} from '@web/api/enrollment';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Modal } from '@web/components/modal';
import { gradeLabel, type Grade } from '@server/schemas/enrollment';

export const NO_STUDENTS = 'Please enter at least one student count';
const SAVE_FAILED = 'Error saving enrollment data';

interface GradeFormProps {
  budgetYearId: number;
  building: EnrollmentBuilding | null;
  records: readonly EnrollmentRecord[];
  onClose(): void;
  onSaved(buildingName: string): void;
}

type Row = { students: string; specialEd: string };

const wholeNumber = (v: string) => /^\d+$/.test(v.trim());

/**
 * The grades of one building (those its type enrols, SPEC section 9) with student and special
 * education counts. Only grades with students are saved; an empty special-ed count is sent as null.
 */
export function GradeForm({ budgetYearId, building, records, onClose, onSaved }: GradeFormProps) {
  const save = useSaveBuildingEnrollment();
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!building) {
      return;
    }
    const own = records.filter((r) => r.buildingId === building.id);
    setRows(
      Object.fromEntries(
        building.grades.map((g) => {
          const r = own.find((x) => x.grade === g);
          return [
            g,
            {
              students: r ? String(r.studentCount) : '',
              specialEd: r?.specialEdCount != null ? String(r.specialEdCount) : '',
            },
          ];
        }),
      ),
    );
    setError(null);
  }, [building, records]);

  const set = (grade: string, field: keyof Row, value: string) =>
    setRows((current) => ({ ...current, [grade]: { ...current[grade], [field]: value } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!building) {
      return;
    }
    const entries = building.grades.map((g) => ({ grade: g, ...rows[g] }));
    const bad = entries.find(
      (e) =>
        (e.students.trim() && !wholeNumber(e.students)) || (e.specialEd.trim() && !wholeNumber(e.specialEd)),
    );
    if (bad) {
      setError(`${gradeLabel(bad.grade)}: enter whole numbers of students`);
      return;
    }
    const grades = entries
      .filter((e) => Number(e.students) > 0)
      .map((e) => ({
        grade: e.grade as Grade,
        studentCount: Number(e.students),
        specialEdCount: e.specialEd.trim() ? Number(e.specialEd) : null,
      }));
    const tooMany = grades.find((g) => g.specialEdCount !== null && g.specialEdCount > g.studentCount);
    if (tooMany) {
      setError(`${gradeLabel(tooMany.grade)}: special education students cannot outnumber students`);
      return;
    }
    if (!grades.length) {
      setError(NO_STUDENTS);
      return;
    }
    setError(null);
    save.mutate(
      { budgetYearId, buildingId: building.id, grades },
      {
        onSuccess: () => {
          onSaved(building.name);
          onClose();
        },
        onError: (err) =>
          setError(
            errorMessage(err, SAVE_FAILED) === SAVE_FAILED
              ? SAVE_FAILED
              : `${SAVE_FAILED}: ${errorMessage(err, '')}`,
          ),
      },
    );
  };

  return (
    <Modal
      open={building !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
      title={building ? `${building.name} Enrollment` : 'Enrollment'}
      description="Students per grade. Grades left empty or at 0 are not saved."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <table className="table table--compact grade-table">
          <caption className="visually-hidden">Student counts by grade</caption>
          <thead>
            <tr>
              <th scope="col">Grade</th>
              <th scope="col" className="num">
                Students
              </th>
              <th scope="col" className="num">
                Special Ed
              </th>
            </tr>
          </thead>
          <tbody>
            {(building?.grades ?? []).map((g) => (
              <tr key={g}>
                <th scope="row" id={`grade-${g}`}>
                  {gradeLabel(g)}
                </th>
                <td>
                  <input
                    className="input input--money"
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    aria-label={`${gradeLabel(g)} students`}
                    value={rows[g]?.students ?? ''}
                    onChange={(e) => set(g, 'students', e.target.value)}
                  />
                </td>
                <td>
                  <input
                    className="input input--money"
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    aria-label={`${gradeLabel(g)} special education students`}
                    value={rows[g]?.specialEd ?? ''}
                    onChange={(e) => set(g, 'specialEd', e.target.value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
            Save Enrollment
          </Button>
        </div>
      </form>
    </Modal>
  );
}
