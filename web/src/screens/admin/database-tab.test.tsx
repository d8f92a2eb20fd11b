// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseStatus } from '@web/api/database';
import { DatabaseTab } from '@web/screens/admin/database-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

/** The Admin Panel's database card: size on disk and the last backup. */

const admin = makeUser({ role: 'ADMIN', abilities: { 'database.manage': true } });
const status = (lastBackup: DatabaseStatus['lastBackup']): DatabaseStatus => ({
  kind: 'pglite',
  bytes: 52_428_800,
  lastBackup,
});

function stub(answers: DatabaseStatus[]) {
  let backups = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/auth/me')) {
      return jsonResponse(200, { user: admin });
    }
    if (url.startsWith('/api/admin/database/backup')) {
      backups += 1;
      return new Response(new Uint8Array([0x1f, 0x8b]), {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="budget-backup-2026-11-23.tar.gz"' },
      });
    }
    if (url.startsWith('/api/admin/database')) {
      return jsonResponse(200, answers[Math.min(backups, answers.length - 1)]);
    }
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  return fetchMock;
}

describe('DatabaseTab', () => {
  it('shows the size and that no backup is recorded, then the backup just downloaded', async () => {
    const fetchMock = stub([
      status(null),
      status({
        at: '2026-11-23T10:00:00.000Z',
        format: 'embedded',
        bytes: 1234,
        where: 'downloaded by a@b.org',
      }),
    ]);
    storeSession(admin);
    renderRoutes('/admin', [{ path: 'admin', element: <DatabaseTab /> }]);
    expect(await screen.findByText('50 MB')).toBeTruthy();
    // Said for a district administrator: no engine or setting names beyond the folder's, the command as code.
    expect(screen.getByText("Built-in database (stored in the server's data folder, DATA_DIR)")).toBeTruthy();
    expect(screen.queryByText(/PGlite/)).toBeNull();
    const none = screen.getByText(/None recorded/);
    expect(none.textContent).toBe(
      'None recorded. Download one now, or have the server make one on a schedule by running the ' +
        'backup command budget-cli backup (the README explains how).',
    );
    expect(none.querySelector('code')?.textContent).toBe('budget-cli backup');
    fireEvent.click(screen.getByRole('button', { name: 'Download a backup' }));
    expect(await screen.findByText(/downloaded by a@b\.org/)).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/database/backup'))).toBe(
        true,
      ),
    );
  });
});
