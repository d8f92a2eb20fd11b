// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DistrictStep } from '@web/screens/setup/reference-steps';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const config = { id: 7, schoolName: 'Millbrook Public Schools', schoolLogoUrl: null };

describe('Setup’s district step', () => {
  // On a slow machine the form is there before the dashboard settings (which hold the name) have
  // answered: a Save then was refused with 'The dashboard settings are still loading', and the
  // name typed was not saved.
  it('saves a name typed before the dashboard settings have loaded, once they answer', async () => {
    let answer: (r: Response) => void = () => {};
    const settings = new Promise<Response>((resolve) => (answer = resolve));
    const saved: unknown[] = [];
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/config': () => settings,
      '/api/public-dashboard/config/7': (_url, init) => {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { config: { ...config, schoolName: 'Eastfield Regional Schools' } });
      },
      '/api/setup': { ready: true, complete: false, steps: [], budgetYears: [] },
      '/api/budget-years': { budgetYears: [] },
    });
    storeSession(admin);
    renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);

    fireEvent.change(screen.getByLabelText('District name', { exact: false }), {
      target: { value: 'Eastfield Regional Schools' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save district' }));
    // Busy while it waits: not refused.
    await waitFor(() => expect(screen.getByRole('button', { name: /Saving/ })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved).toEqual([]);

    answer(jsonResponse(200, { config }));
    await waitFor(() => expect(saved).toEqual([{ schoolName: 'Eastfield Regional Schools' }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save district' })).toBeTruthy());
    expect(screen.queryByText('Not saved')).toBeNull();
  });

  it('asks for the name when it is empty, and saves nothing', async () => {
    const saved: unknown[] = [];
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/config': { config },
      '/api/public-dashboard/config/7': (_url, init) => {
        saved.push(init.body);
        return jsonResponse(200, { config });
      },
    });
    storeSession(admin);
    renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Save district' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Enter the district’s name');
    expect(saved).toEqual([]);
  });
});
