// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@web/components/salary-schedules/upload-form';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();

function renderForm(answer: () => Response) {
  const asked = stubApi({
    '/api/auth/me': { user: admin },
    '/api/cola/work-groups': { workGroups: [] },
    '/api/cola/schedules/import': answer,
  });
  storeSession(admin);
  renderRoutes('/schedules', [{ path: 'schedules', element: <UploadForm /> }]);
  return asked;
}

const chooseFile = () =>
  fireEvent.change(screen.getByLabelText(/Schedule file/), {
    target: { files: [new File(['fiscal_year,step,BA\nFY26,1,50000\n'], 'teachers.csv')] },
  });

describe('the salary schedule upload form', () => {
  it("puts the server's word about the work group under the Work group field", async () => {
    renderForm(() =>
      jsonResponse(400, {
        error: 'Work group 12 does not exist',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'workGroupId', message: 'No such work group' }],
      }),
    );
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Import Schedule' }));
    const group = screen.getByRole('combobox', { name: 'Work group' });
    await vi.waitFor(() => expect(describedText(group)).toBe('No such work group'));
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists the file's problems in the alert, as the server names them", async () => {
    renderForm(() =>
      jsonResponse(400, {
        error: 'The schedule has 2 problems',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'file', message: 'Row 3: step 2 is missing' },
          { path: 'file', message: 'Row 4: BA must be a number' },
        ],
      }),
    );
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Import Schedule' }));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Row 3: step 2 is missing',
      'Row 4: BA must be a number',
    ]);
  });

  it('asks for a file under the file field before sending anything', () => {
    const asked = renderForm(() => jsonResponse(500, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Import Schedule' }));
    expect(describedText(screen.getByLabelText(/Schedule file/))).toBe('Choose a .csv or .xlsx file');
    expect(asked.filter((u) => u.includes('/schedules/import'))).toEqual([]);
  });
});
