// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicPreview } from '@web/api/public-dashboard';
import { PUBLISHED_LABEL, Preview } from '@web/screens/public-dashboard-config/preview';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();

/** A preview of a dashboard published with `changes` left to publish. */
const previewWith = (schoolName: string, changes: string[]): PublicPreview => ({
  urlPath: 'district',
  schoolName,
  schoolLogoUrl: null,
  townWebsiteUrl: null,
  schoolWebsiteUrl: null,
  componentOrder: [],
  visibleComponents: [],
  years: [],
  data: {},
  links: [],
  publishedAt: '2026-11-27T00:00:00.000Z',
  changes,
  problems: [],
  sources: [],
  confirmations: [],
  lastPublishedAt: '2026-11-27T00:00:00.000Z',
  publishedUrlPath: 'district',
});

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
});
