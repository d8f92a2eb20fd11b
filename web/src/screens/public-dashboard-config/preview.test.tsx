// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PublicDashboardConfig, PublicPreview } from '@web/api/public-dashboard';
import { PUBLISHED_LABEL, Preview } from '@web/screens/public-dashboard-config/preview';
import { residentPreview } from '@web/test/public-view';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();

/** A preview of a dashboard published with `changes` left to publish. */
const previewWith = (schoolName: string, changes: string[]): PublicPreview =>
  residentPreview({ schoolName, changes });

describe('the public dashboard preview after a save', () => {
  it('does not call a preview it could not read again the published page', async () => {
    // First the published page; then reading it again after a save fails (a busy server's 503).
    const answers: Response[] = [jsonResponse(200, previewWith('Harbor View Schools', []))];
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/preview': () =>
        answers.shift() ?? jsonResponse(503, { error: 'The server is busy', code: 'SERVICE_UNAVAILABLE' }),
    });
    storeSession(admin);
    const { queryClient } = renderRoutes('/p', [
      { path: 'p', element: <Preview years={[2026]} unsaved={false} /> },
    ]);
    expect(await screen.findByText(PUBLISHED_LABEL)).toBeTruthy();

    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText(/Failed to read the preview again/)).toBeTruthy();
    expect(screen.queryByText(PUBLISHED_LABEL)).toBeNull();
    expect(screen.getByText('Preview — not yet published')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads the preview of the settings as saved: a save is a new preview, not the last one kept', async () => {
    const answers = [
      previewWith('Harbor View Schools', []),
      previewWith('Harbor View Regional Schools', ['School name changed']),
    ];
    const asked = stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/preview': () => jsonResponse(200, answers.shift()),
    });
    storeSession(admin);
    const saved = { id: 4, schoolName: 'Harbor View Schools' } as PublicDashboardConfig;
    // The screen as a save leaves it: the same Preview, given the settings the save returned.
    function Screen() {
      const [config, setConfig] = useState(saved);
      return (
        <>
          <button
            type="button"
            onClick={() => setConfig({ ...saved, schoolName: 'Harbor View Regional Schools' })}
          >
            Saved
          </button>
          <Preview years={[2026]} unsaved={false} config={config} />
        </>
      );
    }
    renderRoutes('/p', [{ path: 'p', element: <Screen /> }]);
    expect(await screen.findByText(PUBLISHED_LABEL)).toBeTruthy();
    // Nothing invalidates the query here: the saved settings alone ask for the preview again.
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('School name changed')).toBeTruthy();
    expect(screen.getByText('Preview — not yet published')).toBeTruthy();
    expect(asked.filter((u) => u.includes('/preview')).length).toBe(2);
  });

  // QA saw 'Preview — not yet published' for about 2 s after Publish, while the preview was read again.
  it('says neither published nor not published while the preview is read again', async () => {
    let answer: (r: Response) => void = () => undefined;
    const answers: (Response | Promise<Response>)[] = [
      jsonResponse(200, previewWith('Harbor View Schools', ['School name changed'])),
      new Promise<Response>((resolve) => (answer = resolve)),
    ];
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/public-dashboard/preview': () => answers.shift()!,
    });
    storeSession(admin);
    const { queryClient } = renderRoutes('/p', [
      { path: 'p', element: <Preview years={[2026]} unsaved={false} /> },
    ]);
    expect(await screen.findByText('Preview — not yet published')).toBeTruthy();

    // Publish ran: its preview is read again, and until it comes back neither badge is known true.
    act(() => void queryClient.invalidateQueries());
    expect(await screen.findByText('Checking…')).toBeTruthy();
    expect(screen.queryByText('Preview — not yet published')).toBeNull();
    expect(screen.queryByText(PUBLISHED_LABEL)).toBeNull();

    await act(async () => answer(jsonResponse(200, previewWith('Harbor View Schools', []))));
    expect(await screen.findByText(PUBLISHED_LABEL)).toBeTruthy();
    expect(screen.queryByText('Checking…')).toBeNull();
  });
});
