// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportAnalysis } from '@web/api/import';
import type { LedgerAnalysis } from '@web/api/ledger';
import { LEDGER_KIND } from '@web/screens/admin/import/kinds/ledger';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { PreviewStep } from '@web/screens/admin/import/preview-step';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

const admin = makeUser();
const UPLOAD = 'a'.repeat(32);
const analysis = { fileName: UPLOAD, originalName: 'file.csv', importType: 'operating', previousImports: [] };

/** The preview step of a kind at /import, the execute call answered by `execute`; returns the bodies sent. */
function renderPreview(element: (props: { onBack(): void; onImported(): void }) => ReactElement) {
  const bodies: Record<string, unknown>[] = [];
  return {
    bodies,
    render(path: string, answer: (body: Record<string, unknown>) => Response) {
      stubApi({
        '/api/auth/me': { user: admin },
        [path]: (_url: string, init: RequestInit) => {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          bodies.push(body);
          return answer(body);
        },
      });
      storeSession(admin);
      renderRoutes('/import', [
        { path: 'import', element: element({ onBack: () => {}, onImported: vi.fn() }) },
      ]);
    },
  };
}

describe('the import wizard’s preview step', () => {
  it('keeps a line import’s Import button off when the dry run failed, and says why without refusing the file', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LINE_KINDS.operating}
        analysis={analysis as unknown as ImportAnalysis}
        mapping={{}}
        body={{
          fileName: UPLOAD,
          columnMappings: {},
          noteColumns: [],
          importType: 'operating',
          budgetYearId: 1,
          versionId: 2,
        }}
        {...props}
      />
    ));
    preview.render('/api/import/execute', () => jsonResponse(500, { error: 'The database is away' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Import failed: The database is away');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(preview.bodies).toEqual([expect.objectContaining({ dryRun: true, versionId: 2 })]);
  });

  it('offers to replace a later period when the ledger’s dry run is refused for one, and checks again with it', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LEDGER_KIND}
        analysis={{ ...analysis, importType: 'ledger' } as unknown as LedgerAnalysis}
        mapping={{}}
        body={{ fileName: UPLOAD, columnMappings: {}, fiscalYear: 2023, period: 6 }}
        {...props}
      />
    ));
    preview.render('/api/ledger/import/execute', () =>
      jsonResponse(409, { error: 'FY2023 holds period 13: importing period 6 would replace it' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This ledger cannot be imported as mapped',
    );
    const replace = await screen.findByRole('checkbox', { name: /Replace the later period/ });
    fireEvent.click(replace);
    await vi.waitFor(() => expect(preview.bodies).toHaveLength(2));
    expect(preview.bodies[0]).toEqual(expect.not.objectContaining({ replaceLaterPeriod: true }));
    expect(preview.bodies[1]).toEqual(expect.objectContaining({ dryRun: true, replaceLaterPeriod: true }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
  });
});
