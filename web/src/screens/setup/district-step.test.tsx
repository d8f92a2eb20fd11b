// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DistrictStep } from '@web/screens/setup/reference-steps';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

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

  // The server's 400 names the field in its text ('schoolLogoUrl: School logo URL must...'); the
  // screen showed that text whole, field name and all, above the form.
  const LOGO_MESSAGE =
    'School logo URL must be a web address starting with http:// or https://, or an uploaded logo';
  const refusal = () =>
    jsonResponse(400, {
      error: `schoolLogoUrl: ${LOGO_MESSAGE}`,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'schoolLogoUrl', message: LOGO_MESSAGE }],
    });

  it('puts the server’s refusal of the logo address under the logo field, without its field name', async () => {
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/config': { config },
      '/api/public-dashboard/config/7': refusal,
    });
    storeSession(admin);
    renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);
    fireEvent.change(screen.getByLabelText('District name', { exact: false }), {
      target: { value: 'Millbrook Public Schools' },
    });
    const logo = screen.getByLabelText('Logo address');
    // An address the form itself cannot fault, so the refusal is the server's.
    fireEvent.change(logo, { target: { value: 'https://example.org/logo.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save district' }));
    await waitFor(() => expect(describedText(logo)).toBe(LOGO_MESSAGE));
    expect(logo.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/schoolLogoUrl/)).toBeNull();
    expect(screen.queryByText('Not saved')).toBeNull();
  });

  it('refuses a logo address that is no web address on its field, sending nothing', async () => {
    const asked = stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/config': { config },
      '/api/public-dashboard/config/7': refusal,
    });
    storeSession(admin);
    renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);
    fireEvent.change(screen.getByLabelText('District name', { exact: false }), {
      target: { value: 'Millbrook Public Schools' },
    });
    const logo = screen.getByLabelText('Logo address');
    fireEvent.change(logo, { target: { value: 'logo.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save district' }));
    await waitFor(() => expect(describedText(logo)).toBe(LOGO_MESSAGE));
    expect(screen.queryByText(/schoolLogoUrl/)).toBeNull();
    expect(asked.filter((url) => url.endsWith('/config/7'))).toEqual([]);
  });

  // Reloaded, the step read 'Done' with an empty name box: renaming meant typing it all again.
  it('starts from the saved name and logo once they are known', async () => {
    const logoUrl = 'https://example.org/millbrook.png';
    const saved: unknown[] = [];
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/config': { config: { ...config, schoolLogoUrl: logoUrl } },
      '/api/public-dashboard/config/7': (_url, init) => {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { config: { ...config, schoolName: 'Millbrook Regional Schools' } });
      },
      '/api/setup': { ready: true, complete: false, steps: [], budgetYears: [] },
    });
    storeSession(admin);
    renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);
    const name = screen.getByLabelText('District name', { exact: false });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Millbrook Public Schools'));
    const logo = screen.getByLabelText('Logo address') as HTMLInputElement;
    expect(logo.value).toBe(logoUrl);
    // A rename is an edit of the saved name; the saved logo, once shown and emptied, is removed.
    fireEvent.change(name, { target: { value: 'Millbrook Regional Schools' } });
    fireEvent.change(logo, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save district' }));
    await waitFor(() =>
      expect(saved).toEqual([{ schoolName: 'Millbrook Regional Schools', schoolLogoUrl: null }]),
    );
  });

  /** The step drawn before the saved settings answer; `act` runs first, then `answered` arrives. */
  async function beforeSettingsAnswer(
    act: (name: HTMLInputElement) => void,
    answered: { id: number; schoolName: string; schoolLogoUrl: string | null } = config,
  ) {
    let answer: (r: Response) => void = () => {};
    const settings = new Promise<Response>((resolve) => (answer = resolve));
    stubApi({ '/api/auth/me': { user: admin }, '/api/public-dashboard/config': () => settings });
    storeSession(admin);
    const { queryClient } = renderRoutes('/setup', [{ path: 'setup', element: <DistrictStep /> }]);
    const name = screen.getByLabelText('District name', { exact: false }) as HTMLInputElement;
    act(name);
    answer(jsonResponse(200, { config: answered }));
    await waitFor(() =>
      expect(queryClient.getQueryState(['public-dashboard', 'config'])?.status).toBe('success'),
    );
    return { name, queryClient };
  }

  it('keeps what was typed before the saved name was known', async () => {
    const { name, queryClient } = await beforeSettingsAnswer((box) =>
      fireEvent.change(box, { target: { value: 'Eastfield' } }),
    );
    // And a later read of the settings (after any save) does not put the saved name back either.
    fireEvent.change(name, { target: { value: 'Eastfield Regional' } });
    await queryClient.refetchQueries({ queryKey: ['public-dashboard', 'config'] });
    expect(name.value).toBe('Eastfield Regional');
  });

  // Playwright's fill (and a person) goes into the empty box, then types: the saved name arriving
  // in between landed under the cursor and the typing was added after it.
  it('does not fill a box the user went into before the saved name was known', async () => {
    const { name } = await beforeSettingsAnswer((box) => fireEvent.focus(box), {
      ...config,
      schoolLogoUrl: 'https://example.org/logo.png',
    });
    // The box the user is in stays theirs; the one they did not go into is filled.
    const logo = screen.getByLabelText('Logo address', { exact: false }) as HTMLInputElement;
    await waitFor(() => expect(logo.value).toBe('https://example.org/logo.png'));
    expect(name.value).toBe('');
    fireEvent.change(name, { target: { value: 'Eastfield Regional Schools' } });
    expect(name.value).toBe('Eastfield Regional Schools');
  });
});
