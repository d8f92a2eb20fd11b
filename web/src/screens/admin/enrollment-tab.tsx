import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useEnrollment, type EnrollmentBuilding } from '@web/api/enrollment';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { ClosedYearNote, useClosedYearNotes } from '@web/components/year-lock';
import { BuildingGrid } from '@web/screens/admin/enrollment/building-grid';
import { GradeForm } from '@web/screens/admin/enrollment/grade-form';
import { SummaryTable } from '@web/screens/admin/enrollment/summary-table';
import '@web/components/charts/charts.css';
import '@web/screens/admin/enrollment/enrollment.css';

/** Enrollment Management for the selected budget year: building cards, a grade form, a summary. */
export function EnrollmentTab() {
  const { selected } = useBudgetYear();
  const enrollment = useEnrollment(selected?.id ?? null);
  const notify = useToast();
  const [editing, setEditing] = useState<EnrollmentBuilding | null>(null);
  // A budget year's enrollment is its current fiscal year's: read-only once that year is closed.
  const closedNote = useClosedYearNotes().get(selected?.currentFiscalYear ?? 0) ?? null;
  if (!selected) {
    return <EmptyState title="Choose a budget year in the header to enter enrollment." />;
  }
  if (enrollment.isPending) {
    return <Spinner label="Loading enrollment..." />;
  }
  if (enrollment.isError) {
    return (
      <Alert title="Failed to load enrollment">
        {errorMessage(enrollment.error, 'Please reload the page.')}
      </Alert>
    );
  }
  const data = enrollment.data;
  return (
    <div className="enrollment-tab">
      <p className="muted">
        Students per building and grade for {selected.name}: {data.totals.students.toLocaleString('en-US')}{' '}
        students, {data.totals.specialEd.toLocaleString('en-US')} in special education. Choose a building to
        enter its grades.
      </p>
      {data.buildings.length === 0 ? (
        <EmptyState title="No buildings yet">
          <p>Add buildings under Manage Data first.</p>
        </EmptyState>
      ) : (
        <>
          {closedNote ? (
            <ClosedYearNote message={closedNote} />
          ) : (
            <BuildingGrid buildings={data.buildings} onOpen={setEditing} />
          )}
          <SummaryTable data={data} />
        </>
      )}
      <GradeForm
        budgetYearId={selected.id}
        building={editing}
        records={data.enrollment}
        onClose={() => setEditing(null)}
        onSaved={(name) => notify({ title: `Enrollment saved for ${name}` })}
      />
    </div>
  );
}
