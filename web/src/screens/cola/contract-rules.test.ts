import { describe, expect, it } from 'vitest';
import type { Contract } from '@web/api/cola';
import {
  checkContract,
  draftFrom,
  draftYears,
  errorField,
  NO_SUPERSEDES,
  supersedeCandidates,
  type ContractDraft,
  yearsError,
} from './contract-rules';

const draft = (patch: Partial<ContractDraft> = {}): ContractDraft => ({
  ...draftFrom(null),
  name: 'Unit A',
  workGroupId: '4',
  rates: {
    2027: { colaPercentage: '3', notes: '' },
    2028: { colaPercentage: '2.75', notes: ' year 2 ' },
    2029: { colaPercentage: '0', notes: '' },
  },
  ...patch,
});

describe('contract form rules', () => {
  it('starts at FY2027 to FY2029, negotiating, one row per year', () => {
    const d = draftFrom(null);
    expect([d.startYear, d.endYear, d.status]).toEqual(['2027', '2029', 'NEGOTIATING']);
    expect(draftYears(d)).toEqual([2027, 2028, 2029]);
  });

  it('builds the body with contractYears = end - start + 1 and no settlement date unless SETTLED', () => {
    const { body } = checkContract(draft({ status: 'NEGOTIATING', settlementDate: '2026-05-01' }));
    expect(body).toEqual({
      name: 'Unit A',
      workGroupId: 4,
      startYear: 2027,
      endYear: 2029,
      contractYears: 3,
      status: 'NEGOTIATING',
      settlementDate: null,
      notes: null,
      supersedesContractId: null,
      yearlyIncreases: [
        { fiscalYear: 2027, colaPercentage: 3, notes: null },
        { fiscalYear: 2028, colaPercentage: 2.75, notes: 'year 2' },
        { fiscalYear: 2029, colaPercentage: 0, notes: null },
      ],
    });
    expect(
      checkContract(draft({ status: 'SETTLED', settlementDate: '2026-05-01' })).body?.settlementDate,
    ).toBe('2026-05-01');
  });

  it('refuses a COLA outside 0-100, not a number, or with more than 2 decimals, naming the year', () => {
    for (const bad of ['', '101', '-1', 'abc', '2.555']) {
      const r = checkContract(
        draft({ rates: { ...draft().rates, 2028: { colaPercentage: bad, notes: '' } } }),
      );
      expect(r.body).toBeNull();
      expect(r.message).toBe(
        'Please enter a valid COLA percentage for FY28 (between 0 and 100, at most 2 decimals)',
      );
      expect(r.errors['cola-2028']).toBe(r.message);
    }
    expect(
      checkContract(draft({ rates: { ...draft().rates, 2028: { colaPercentage: '100', notes: '' } } })).body,
    ).not.toBeNull();
  });

  it('asks for the years when they make no rows', () => {
    const r = checkContract(draft({ startYear: '', endYear: '2029' }));
    expect(r.body).toBeNull();
    expect(r.message).toBe('Please set the start and end years to generate COLA fields');
    expect(yearsError(draft({ startYear: '', endYear: '2029' }))).toBeNull();
    // A year half typed is no span yet, and not an error.
    expect(yearsError(draft({ endYear: '203' }))).toBeNull();
  });

  it('says on the end year why years the wrong way round or too far apart make no rows', () => {
    for (const [years, message] of [
      [{ startYear: '2029', endYear: '2027' }, 'The end year cannot be before the start year'],
      [{ startYear: '2027', endYear: '2037' }, 'A contract covers at most 10 fiscal years'],
    ] as const) {
      expect(yearsError(draft(years))).toBe(message);
      expect(draftYears(draft(years))).toEqual([]);
      const r = checkContract(draft(years));
      expect(r.body).toBeNull();
      expect(r.message).toBe(message);
      expect(r.errors.endYear).toBe(message);
    }
    expect(yearsError(draft({ startYear: '2027', endYear: '2036' }))).toBeNull();
  });

  it('keeps typed rows when the years narrow and widen again', () => {
    const d = draft({ endYear: '2027' });
    expect(draftYears(d)).toEqual([2027]);
    expect(checkContract(d).body?.yearlyIncreases).toEqual([
      { fiscalYear: 2027, colaPercentage: 3, notes: null },
    ]);
    expect(
      checkContract({ ...d, endYear: '2029' }).body?.yearlyIncreases.map((r) => r.colaPercentage),
    ).toEqual([3, 2.75, 0]);
  });

  it('fills the form from a contract and puts a server row error on its year', () => {
    const contract = {
      id: 1,
      name: 'X',
      workGroupId: 2,
      workGroup: 'Nurses',
      startYear: 2026,
      endYear: 2027,
      contractYears: 2,
      status: 'SETTLED',
      settlementDate: '2025-05-20',
      notes: null,
      supersedesContractId: null,
      supersededBy: null,
      createdAt: '',
      updatedAt: '',
      colaSettings: [{ id: 1, contractYear: 1, fiscalYear: 2026, colaPercentage: 3.25, notes: null }],
    } satisfies Contract;
    expect(draftFrom(contract).rates).toEqual({ 2026: { colaPercentage: '3.25', notes: '' } });
    expect(errorField('yearlyIncreases.1.colaPercentage', [2026, 2027])).toBe('cola-2027');
    expect(errorField('settlementDate', [2026])).toBe('settlementDate');
  });
});

describe('Supersedes', () => {
  const settled = (
    id: number,
    workGroupId: number,
    years: number[],
    patch: Partial<Contract> = {},
  ): Contract => ({
    id,
    name: `Contract ${id}`,
    workGroupId,
    workGroup: null,
    startYear: years[0],
    endYear: years[years.length - 1],
    contractYears: years.length,
    status: 'SETTLED',
    settlementDate: '2025-05-20',
    notes: null,
    supersedesContractId: null,
    supersededBy: null,
    createdAt: '',
    updatedAt: '',
    colaSettings: years.map((fy, i) => ({
      id: i,
      contractYear: i + 1,
      fiscalYear: fy,
      colaPercentage: 3,
      notes: null,
    })),
    ...patch,
  });

  it('offers the settled contracts of the same work group that share a year and are not superseded by another', () => {
    const list = [
      settled(1, 4, [2025, 2026, 2027]),
      settled(2, 4, [2024, 2025, 2026]),
      settled(3, 5, [2027]),
      settled(4, 4, [2028], { status: 'NEGOTIATING' }),
      settled(5, 4, [2029], { supersededBy: { id: 99, name: 'Other' } }),
      settled(6, 4, [2029], { supersededBy: { id: 8, name: 'This one' } }),
    ];
    expect(supersedeCandidates(list, draft({ status: 'SETTLED' }), null).map((c) => c.id)).toEqual([1]);
    expect(supersedeCandidates(list, draft({ status: 'SETTLED' }), 8).map((c) => c.id)).toEqual([1, 6]);
    expect(supersedeCandidates(list, draft(), 1).map((c) => c.id)).toEqual([]);
  });

  it('sends the choice only for a contract that is not negotiating', () => {
    expect(checkContract(draft({ status: 'SETTLED', supersedesContractId: '12' })).body).toMatchObject({
      supersedesContractId: 12,
    });
    expect(checkContract(draft({ supersedesContractId: '12' })).body).toMatchObject({
      supersedesContractId: null,
    });
    expect(
      checkContract(draft({ status: 'SETTLED', supersedesContractId: NO_SUPERSEDES })).body,
    ).toMatchObject({
      supersedesContractId: null,
    });
  });
});
