// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EnrollmentBuilding } from '@web/api/enrollment';
import { GradeForm } from '@web/screens/admin/enrollment/grade-form';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser();
const building: EnrollmentBuilding = {
  id: 7,
  name: 'Elm Elementary',
  code: 'ELM',
  buildingType: 'elementary',
  grades: ['K', '1'],
  totalStudents: 0,
  specialEdStudents: 0,
  gradesEntered: 0,
};

function renderForm(batch: (body: unknown) => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: admin });
      }
      if (url === '/api/enrollment/batch' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return batch(body);
      }
      throw new Error(`Unexpected call ${init.method ?? 'GET'} ${url}`);
    }),
  );
  storeSession(admin);
  renderRoutes('/form', [
    {
      path: 'form',
      element: (
        <GradeForm budgetYearId={3} building={building} records={[]} onClose={() => {}} onSaved={() => {}} />
      ),
    },
  ]);
  return { dialog: screen.getByRole('dialog'), posts };
}

describe('GradeForm', () => {
  it("refuses an empty form with the schema's message and sends nothing", () => {
    const { dialog, posts } = renderForm(() => jsonResponse(200, {}));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Enrollment' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter at least one student count');
    expect(posts).toEqual([]);
  });

  it('marks the grade whose special education count outnumbers its students', () => {
    const { dialog, posts } = renderForm(() => jsonResponse(200, {}));
    fireEvent.change(within(dialog).getByLabelText('Kindergarten students'), { target: { value: '10' } });
    const special = within(dialog).getByLabelText('Kindergarten special education students');
    fireEvent.change(special, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Enrollment' }));
    expect(special.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(special)).toBe('Special education students cannot outnumber students');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(posts).toEqual([]);
  });

  it("puts the server's field error under the grade it names", async () => {
    const { dialog, posts } = renderForm(() =>
      jsonResponse(400, {
        error: 'grades.0.studentCount: Student counts cannot be negative',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'grades.0.studentCount', message: 'Student counts cannot be negative' }],
      }),
    );
    fireEvent.change(within(dialog).getByLabelText('Grade 1 students'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Enrollment' }));
    const grade1 = within(dialog).getByLabelText('Grade 1 students');
    await vi.waitFor(() => expect(grade1.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(grade1)).toBe('Student counts cannot be negative');
    expect(posts).toEqual([
      { budgetYearId: 3, buildingId: 7, grades: [{ grade: '1', studentCount: 20, specialEdCount: null }] },
    ]);
  });

  it("reports any other failure under 'Error saving enrollment data'", async () => {
    const { dialog } = renderForm(() =>
      jsonResponse(409, { error: 'Building was deleted', code: 'CONFLICT' }),
    );
    fireEvent.change(within(dialog).getByLabelText('Kindergarten students'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Enrollment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Error saving enrollment data: Building was deleted',
    );
  });
});
