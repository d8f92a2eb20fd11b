// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Contract } from '@web/api/cola';
import { ContractsTab } from '@web/screens/cola/contracts-tab';
import { jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const finance = makeUser({ role: 'FINANCE', abilities: { 'cola.read': true, 'cola.write': true } });
const contract: Contract = {
  id: 5,
  name: 'Nurses 2026-2028',
  workGroupId: 2,
  workGroup: 'Nurses',
  startYear: 2026,
  endYear: 2028,
  contractYears: 3,
  status: 'SETTLED',
  settlementDate: '2025-05-20',
  notes: null,
  supersedesContractId: null,
  supersededBy: null,
  colaSettings: [2026, 2027, 2028].map((fy, i) => ({
    id: i + 1,
    contractYear: i + 1,
    fiscalYear: fy,
    colaPercentage: [3, 3.25, 3][i],
    notes: null,
  })),
  createdAt: '2025-05-20T00:00:00.000Z',
  updatedAt: '2025-05-20T00:00:00.000Z',
};

type Answer = { status: number; body: unknown };

function stub(overrides: Record<string, Answer> = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const answers: Record<string, Answer> = {
      'GET /api/auth/me': { status: 200, body: { user: finance } },
      'GET /api/cola/contracts': { status: 200, body: { contracts: [contract] } },
      'GET /api/cola/work-groups': {
        status: 200,
        body: { workGroups: [{ id: 2, name: 'Nurses' }] },
      },
      'PUT /api/cola/contracts/5': { status: 200, body: { contract, recomputedLines: 11 } },
      'DELETE /api/cola/contracts/5': {
        status: 200,
        body: { message: 'Contract deleted', recomputedLines: 11 },
      },
      ...overrides,
    };
    const answer = answers[key];
    if (!answer) {
      throw new Error(`Unexpected call ${key}`);
    }
    return jsonResponse(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show() {
  storeSession(finance);
  renderRoutes('/cola', [{ path: 'cola', element: <ContractsTab /> }]);
}

const bodyOf = (fetchMock: ReturnType<typeof stub>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init.method === method);
  return call ? JSON.parse(call[1].body as string) : undefined;
};

describe('ContractsTab', () => {
  it('lists a contract with its status, settlement date and COLA per year', async () => {
    stub();
    show();
    const row = (await screen.findByRole('rowheader', { name: 'Nurses 2026-2028' })).closest('tr')!;
    expect(within(row).getByText('Settled').className).toContain('badge--success');
    // The day as every other screen writes one (it read '05/20/2025' here alone).
    expect(within(row).getByText('May 20, 2025')).toBeTruthy();
    expect(row.textContent).toContain('FY27 3.25%');
  });

  it('checks each COLA on save, then sends the contract body and says how many salaries moved', async () => {
    const fetchMock = stub();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Nurses 2026-2028' }));
    const year2 = await screen.findByLabelText('FY27 COLA % (year 2)');
    expect((year2 as HTMLInputElement).value).toBe('3.25');
    expect((screen.getByLabelText('Settlement date') as HTMLInputElement).value).toBe('2025-05-20');
    fireEvent.change(year2, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Contract' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid COLA percentage for FY27 (between 0 and 100, at most 2 decimals)',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PUT')).toBe(false);

    fireEvent.change(year2, { target: { value: '3.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Contract' }));
    expect(await screen.findByText('11 employees’ next-year salaries were recomputed.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT')).toEqual({
      name: 'Nurses 2026-2028',
      workGroupId: 2,
      startYear: 2026,
      endYear: 2028,
      contractYears: 3,
      status: 'SETTLED',
      settlementDate: '2025-05-20',
      notes: null,
      supersedesContractId: null,
      yearlyIncreases: [
        { fiscalYear: 2026, colaPercentage: 3, notes: null },
        { fiscalYear: 2027, colaPercentage: 3.5, notes: null },
        { fiscalYear: 2028, colaPercentage: 3, notes: null },
      ],
    });
  });

  it("puts the server's row error on its year and names the failure", async () => {
    stub({
      'PUT /api/cola/contracts/5': {
        status: 400,
        body: {
          error: 'COLA must be at most 100',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'yearlyIncreases.2.colaPercentage', message: 'COLA must be at most 100' }],
        },
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Nurses 2026-2028' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Contract' }));
    // The refusal is said once, under the field it names; the banner says where to look.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update contract: see the field marked below',
    );
    const year3 = screen.getByLabelText('FY28 COLA % (year 3)');
    expect(year3.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('COLA must be at most 100')).toHaveLength(1);
  });

  it('shows a superseded contract as kept and marked, and what supersedes it', async () => {
    const reopener: Contract = {
      ...contract,
      id: 6,
      name: 'Nurses reopener 2027',
      startYear: 2027,
      endYear: 2027,
      contractYears: 1,
      supersedesContractId: 5,
      colaSettings: [{ id: 9, contractYear: 1, fiscalYear: 2027, colaPercentage: 4, notes: null }],
    };
    const old: Contract = { ...contract, supersededBy: { id: 6, name: 'Nurses reopener 2027' } };
    stub({ 'GET /api/cola/contracts': { status: 200, body: { contracts: [reopener, old] } } });
    show();
    const oldRow = (await screen.findByRole('rowheader', { name: 'Nurses 2026-2028' })).closest('tr')!;
    expect(within(oldRow).getByText('Superseded').className).toContain('badge--neutral');
    expect(oldRow.textContent).toContain(
      'Settled, superseded by “Nurses reopener 2027”; its COLA no longer counts',
    );
    const newRow = screen.getByRole('rowheader', { name: 'Nurses reopener 2027' }).closest('tr')!;
    expect(newRow.textContent).toContain('Supersedes “Nurses 2026-2028”');
  });

  it('offers Supersedes when a settled contract shares the years, and puts the refusal under it', async () => {
    const other: Contract = {
      ...contract,
      id: 7,
      name: 'Nurses 1% 2027',
      settlementDate: '2026-06-01',
      startYear: 2027,
      endYear: 2027,
      contractYears: 1,
      colaSettings: [{ id: 10, contractYear: 1, fiscalYear: 2027, colaPercentage: 1, notes: null }],
    };
    const message =
      '“Nurses 1% 2027” would overlap the settled Nurses contract “Nurses 2026-2028” (#5, FY26–FY28) in FY27.';
    const fetchMock = stub({
      'GET /api/cola/contracts': { status: 200, body: { contracts: [contract, other] } },
      'PUT /api/cola/contracts/7': {
        status: 409,
        body: {
          error: message,
          code: 'CONTRACT_OVERLAP',
          details: [{ path: 'supersedesContractId', message, contractId: 5, fiscalYears: [2027] }],
        },
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Nurses 1% 2027' }));
    const supersedes = await screen.findByLabelText('Supersedes');
    expect(supersedes.textContent).toBe('No contract');
    expect(document.getElementById('contract-supersedes-note')!.textContent).toMatch(
      /^“Nurses 2026-2028” is settled for some of these years/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Contract' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update contract: see the field marked below',
    );
    expect(supersedes.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('contract-supersedes-note')!.textContent).toBe(message);
    expect(bodyOf(fetchMock, 'PUT')).toMatchObject({ status: 'SETTLED', supersedesContractId: null });
  });

  it('deletes after confirming, and reports a failure by its message', async () => {
    const fetchMock = stub();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Nurses 2026-2028' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contract “Nurses 2026-2028” deleted')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => init.method === 'DELETE' && url === '/api/cola/contracts/5'),
    ).toBe(true);
  });

  it("says 'Failed to load COLA data' when the list fails", async () => {
    stub({ 'GET /api/cola/contracts': { status: 500, body: {} } });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load COLA data');
  });
});
