import { useEffect, useEffectEvent, type FormEvent } from 'react';
import {
  useSaveBuildingEnrollment,
  type EnrollmentBuilding,
  type EnrollmentRecord,
} from '@web/api/enrollment';
import { Alert } from '@web/components/alert';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { gradeLabel, saveEnrollmentBatchBody, type Grade } from '@shared/schemas/enrollment';
import { GradeRow } from './grade-row';
import { numCol, TableHead } from '@web/components/table-head';
import { FormActions } from '@web/components/form/form-actions';

const SAVE_FAILED = 'Error saving enrollment data';

interface GradeFormProps {
  budgetYearId: number;
  building: EnrollmentBuilding | null;
  records: readonly EnrollmentRecord[];
  onClose(): void;
  onSaved(buildingName: string): void;
}

/** The form's text per grade: `<grade>:students` and `<grade>:specialEd`. */
type Counts = Record<string, string>;

export const studentsKey = (grade: string) => `${grade}:students`;
export const specialEdKey = (grade: string) => `${grade}:specialEd`;

function countsOf(building: EnrollmentBuilding | null, records: readonly EnrollmentRecord[]): Counts {
  const counts: Counts = {};
  for (const g of building?.grades ?? []) {
    const r = records.find((x) => x.buildingId === building?.id && x.grade === g);
    counts[studentsKey(g)] = r ? String(r.studentCount) : '';
    counts[specialEdKey(g)] = r?.specialEdCount != null ? String(r.specialEdCount) : '';
  }
  return counts;
}

/** The grades with a student count typed, in order: what is sent (the server drops those at 0). */
function typedGrades(building: EnrollmentBuilding | null, counts: Counts): string[] {
  return (building?.grades ?? []).filter((g) => (counts[studentsKey(g)] ?? '').trim() !== '');
}

// A typed count as the schema reads it: text that is not a number stays NaN, which it refuses.
const count = (text: string) => Number(text.trim());

/**
 * The grades of one building (those its type enrols) with student and special
 * education counts, checked with the API's schema; a bad count is marked on its own input.
 */
export function GradeForm({ budgetYearId, building, records, onClose, onSaved }: GradeFormProps) {
  const save = useSaveBuildingEnrollment();
  const form = useSchemaForm(saveEnrollmentBatchBody, countsOf(building, records), {
    toInput: (counts) => ({
      budgetYearId,
      buildingId: building?.id ?? 0,
      grades: typedGrades(building, counts).map((g) => ({
        grade: g as Grade,
        studentCount: count(counts[studentsKey(g)]),
        specialEdCount: counts[specialEdKey(g)]?.trim() ? count(counts[specialEdKey(g)]) : null,
      })),
    }),
    // grades.<i>.<field> names the i-th grade sent.
    fieldFor: (path, counts) => {
      const [head, index, field] = path.split('.');
      const grade = head === 'grades' ? typedGrades(building, counts)[Number(index)] : undefined;
      if (grade === undefined) {
        return undefined;
      }
      return field === 'specialEdCount' ? specialEdKey(grade) : studentsKey(grade);
    },
  });
  // Only another building (or its saved records) refills the form, not every render's new reset.
  const refill = useEffectEvent(() => form.reset(countsOf(building, records)));
  useEffect(() => {
    if (building) {
      refill();
    }
  }, [building, records]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = building ? form.validate() : null;
    if (!building || !body) {
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        onSaved(building.name);
        onClose();
      },
      onError: (err) => {
        form.applyServerError(err, SAVE_FAILED);
        // The server's reason follows 'Error saving enrollment data'.
        form.setFormError((m: string | null) => (m && m !== SAVE_FAILED ? `${SAVE_FAILED}: ${m}` : m));
      },
    });
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
        {form.formError ? <Alert>{form.formError}</Alert> : null}
        <table className="table table--compact grade-table">
          <caption className="visually-hidden">Student counts by grade</caption>
          <TableHead cols={['Grade', numCol('Students'), numCol('Special Ed')]} />
          <tbody>
            {(building?.grades ?? []).map((g) => (
              <GradeRow
                key={g}
                grade={g}
                label={gradeLabel(g)}
                students={{
                  value: form.values[studentsKey(g)] ?? '',
                  error: form.errors[studentsKey(g)],
                  onChange: form.set(studentsKey(g)),
                }}
                specialEd={{
                  value: form.values[specialEdKey(g)] ?? '',
                  error: form.errors[specialEdKey(g)],
                  onChange: form.set(specialEdKey(g)),
                }}
              />
            ))}
          </tbody>
        </table>
        <FormActions onCancel={onClose} busy={save.isPending} submitLabel="Save Enrollment" />
      </form>
    </Modal>
  );
}
