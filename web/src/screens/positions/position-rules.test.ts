import { describe, expect, it } from 'vitest';
import { createPositionBody, updatePositionBody } from '@shared/schemas/positions';
import {
  createInput,
  EMPTY_POSITION,
  updateInput,
  type PositionFormValues,
} from '@web/screens/positions/position-form-values';
import {
  INITIAL_POSITION_FILTERS,
  OVER_FILLED,
  positionQuery,
  VACANCIES,
} from '@web/screens/positions/position-filters';
import {
  changedFields,
  formatFte,
  holdersText,
  placementText,
  positionRowClass,
} from '@web/screens/positions/position-rules';

const scope = { budgetYearId: 4, fiscalYear: 2027 };

describe('the filters as the server takes them', () => {
  const all = INITIAL_POSITION_FILTERS;
  it('asks for nothing until the year is known, and for the whole year with no filter', () => {
    expect(positionQuery(undefined, 2027, all)).toBeNull();
    expect(positionQuery(4, 2027, all)).toEqual({ ...scope });
  });

  it('sends District Wide as none, vacancies as vacant and posted, over-filled as a flag', () => {
    expect(positionQuery(4, 2027, { ...all, building: 'unassigned', status: VACANCIES })).toEqual({
      ...scope,
      buildingId: 'none',
      status: 'vacant,posted',
    });
    expect(positionQuery(4, 2027, { ...all, building: '7', status: OVER_FILLED })).toEqual({
      ...scope,
      buildingId: 7,
      overFilled: true,
    });
    expect(
      positionQuery(4, 2027, {
        building: 'all',
        functionCode: '2305',
        category: '5',
        status: 'frozen',
        fund: 'all',
      }),
    ).toEqual({ ...scope, deseCode: '2305', categoryId: 5, status: 'frozen' });
    // A fund: the positions it pays a share of.
    expect(positionQuery(4, 2027, { ...all, fund: '9' })).toEqual({ ...scope, fundId: 9 });
  });
});

describe('formatFte', () => {
  it('shows FTE to the thousandth from exact thousandths', () => {
    expect(formatFte(1)).toBe('1.000');
    expect(formatFte(0.5)).toBe('0.500');
    expect(formatFte(0.625)).toBe('0.625');
    // 0.1 + 0.2 in floating point is 0.30000000000000004: four decimals, shown as it is rather than rounded.
    expect(formatFte(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatFte(null)).toBe('');
  });

  it("groups a district's total FTE in thousands, as money is grouped", () => {
    // QA read '25530.000 FTE' on a 25,530-person payroll's banner.
    expect(formatFte(25530)).toBe('25,530.000');
    expect(formatFte(1234567.5)).toBe('1,234,567.500');
    expect(formatFte(-1250.25)).toBe('-1,250.250');
    expect(formatFte(999.999)).toBe('999.999');
  });
});

describe('a position in the grid', () => {
  const base = { status: 'filled' as const, overFilled: false };
  it('styles over-filled before vacant, and vacancies (vacant or posted) apart from closed', () => {
    expect(positionRowClass({ ...base, overFilled: true })).toBe('position-row--over');
    expect(positionRowClass({ ...base, status: 'vacant' })).toBe('position-row--vacant');
    expect(positionRowClass({ ...base, status: 'posted' })).toBe('position-row--vacant');
    expect(positionRowClass({ ...base, status: 'closed' })).toBe('position-row--closed');
    expect(positionRowClass({ ...base, status: 'frozen' })).toBeUndefined();
    expect(positionRowClass(base)).toBeUndefined();
  });

  it('lists holders with their shares', () => {
    expect(
      holdersText({
        holders: [
          { lineItemId: 1, employeeName: 'Chen, Li', fteShare: 0.5 },
          { lineItemId: 2, employeeName: null, fteShare: 0.25 },
        ],
      }),
    ).toBe('Chen, Li (0.500), line 2 (0.250)');
  });

  it('says where a vacancy is budgeted, and why it is not when it has no step and lane', () => {
    const vacancy = {
      status: 'vacant' as const,
      budgetedStep: 3,
      budgetedLane: 'MA',
      placementSource: 'workGroup' as const,
      unpricedReason: null,
    };
    expect(placementText(vacancy)).toBe('Step 3 / MA (work group)');
    expect(placementText({ ...vacancy, placementSource: 'position' })).toBe('Step 3 / MA');
    expect(
      placementText({
        ...vacancy,
        budgetedStep: null,
        budgetedLane: null,
        unpricedReason: 'No step and lane set',
      }),
    ).toBe('No step and lane set');
    expect(placementText({ ...vacancy, status: 'filled' })).toBe('');
    // An open position imported with its salary (the Chicago roster's 1,306) is priced at it.
    expect(
      placementText({ ...vacancy, budgetedStep: null, budgetedLane: null, placementSource: 'roster' }),
    ).toBe("At its roster's salary");
  });

  it('lists what a history entry changed', () => {
    expect(changedFields({ fte: 1, title: 'Nurse' }, { fte: 0.5, title: 'Nurse' })).toEqual([
      'FTE: 1.000 → 0.500',
    ]);
    const buildings = new Map([[3, 'Hillside']]);
    expect(changedFields({ building_id: null }, { building_id: 3 }, { building_id: buildings })).toEqual([
      'Building: District Wide → Hillside',
    ]);
    expect(
      changedFields(
        { status: 'vacant' },
        { status: 'filled', lineItemId: 12, employeeName: 'Ana Ruiz', fteShare: 0.5 },
      ),
    ).toEqual(['Status: Vacant → Filled', 'Holder: Ana Ruiz', 'Share: 0.500']);
    expect(changedFields(null, { title: 'Nurse', notes: null, dese_code: '', fiscal_year: 2027 })).toEqual([
      'Title: Nurse',
    ]);
    // Fix Base Year moves a roster's positions to another fiscal year.
    expect(changedFields({ fiscal_year: 2027 }, { fiscal_year: 2026 })).toEqual(['Fiscal year: FY27 → FY26']);
  });
});

describe('the position form', () => {
  const filled: PositionFormValues = {
    ...EMPTY_POSITION,
    title: 'Grade 3 Teacher',
    buildingId: '2',
    categoryId: '5',
    workGroupId: '1',
    fte: '0.750',
  };

  it('makes a new position the shared schema accepts, District Wide when no building is chosen', () => {
    const body = createPositionBody.parse(createInput({ ...filled, buildingId: '' }, scope));
    expect(body).toMatchObject({ title: 'Grade 3 Teacher', buildingId: null, categoryId: 5, fte: 0.75 });
  });

  it('refuses an FTE of 0 or above 1.5 under the FTE field, as the server does', () => {
    for (const fte of ['0', '1.6', '0.0005']) {
      const parsed = createPositionBody.safeParse(createInput({ ...filled, fte }, scope));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['fte']);
    }
  });

  it('sends only what changed, with the version read', () => {
    const body = updatePositionBody.parse(
      updateInput({ ...filled, fte: '1', reason: 'Enrollment' }, filled, 7),
    );
    expect(body).toEqual({ version: 7, fte: 1, reason: 'Enrollment' });
    expect(updatePositionBody.safeParse(updateInput(filled, filled, 7)).success).toBe(false);
  });
});

describe("a roster rate's change in the history", () => {
  it('is said in dollars a year, and cleared as a dash', () => {
    expect(changedFields({ vacancy_rate: 25000.016667 }, { vacancy_rate: null })).toEqual([
      'Roster rate: $25,000.02 a year full time → —',
    ]);
  });
});
