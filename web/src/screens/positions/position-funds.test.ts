import { describe, expect, it } from 'vitest';
import { createPositionBody, updatePositionBody, type PositionDetail } from '@shared/schemas/positions';
import { shareErrorsOf } from '@web/screens/positions/position-fund-fields';
import {
  createInput,
  EMPTY_POSITION,
  fundShareIssues,
  positionValues,
  updateInput,
  type PositionFormValues,
} from '@web/screens/positions/position-form-values';
import {
  changedFields,
  fundShareSum,
  fundShareSumProblem,
  fundShareSummary,
} from '@web/screens/positions/position-rules';

const GENERAL = 1;
const TITLE_I = 9;
const scope = { budgetYearId: 4, fiscalYear: 2027 };
const rows = (...shares: [number | '', string][]) =>
  shares.map(([fundId, fte]) => ({ fundId: String(fundId), fte }));

describe('the fund shares add up to exactly the FTE (the server rule, mirrored)', () => {
  it('sums in exact thousandths and says what is left', () => {
    const sum = fundShareSum('1', rows([GENERAL, '0.6'], [TITLE_I, '0.3']));
    expect(sum).toEqual({ assigned: 900n, fte: 1000n, left: 100n });
    expect(fundShareSummary(sum!)).toBe('0.9 of 1 FTE — 0.1 FTE unassigned');
    expect(fundShareSummary(fundShareSum('0.8', rows([GENERAL, '0.6'], [TITLE_I, '0.4']))!)).toBe(
      '1 of 0.8 FTE — 0.2 FTE too many',
    );
    // 0.1 + 0.2 + 0.7 is 1.0000000000000002 in floating point; in thousandths it is the whole FTE.
    const exact = fundShareSum('1.000', rows([GENERAL, '0.1'], [TITLE_I, '0.2'], [3, '0.7']));
    expect(exact?.left).toBe(0n);
    expect(fundShareSummary(exact!)).toBe('1 of 1 FTE — all assigned');
    // A share not typed yet counts nothing; no FTE to check against, no sum.
    expect(fundShareSum('0.625', rows([GENERAL, '0.5'], ['', '']))?.left).toBe(125n);
    expect(fundShareSum('', rows([GENERAL, '1']))).toBeNull();
  });

  it("refuses a sum other than the FTE in the server's words, and passes an exact one", () => {
    expect(fundShareSumProblem(fundShareSum('1', rows([GENERAL, '0.6'], [TITLE_I, '0.3']))!)).toBe(
      'The fund shares add up to 0.9 FTE; the position is 1 FTE: they must add up to exactly its FTE',
    );
    expect(
      fundShareSumProblem(fundShareSum('0.75', rows([GENERAL, '0.375'], [TITLE_I, '0.375']))!),
    ).toBeNull();
  });
});

describe("the form's fund shares", () => {
  const base: PositionFormValues = {
    ...EMPTY_POSITION,
    title: 'Reading Specialist',
    buildingId: '2',
    categoryId: '5',
    fte: '1.000',
  };
  const split = { ...base, fundShares: rows([GENERAL, '0.600'], [TITLE_I, '0.400']) };

  it('has nothing to say when the general fund pays the whole, or the split adds up', () => {
    expect(fundShareIssues(base)).toEqual([]);
    expect(fundShareIssues(split)).toEqual([]);
  });

  it('names the row of a fund not chosen or a bad share, and the section for the sum or a fund twice', () => {
    expect(fundShareIssues({ ...base, fundShares: rows([GENERAL, '0.6'], ['', '0.4']) })).toEqual([
      { path: 'fundShares.1.fundId', message: 'Choose a fund' },
      { path: 'fundShares.1.fundId', message: 'Fund must be a fund id' },
    ]);
    expect(fundShareIssues({ ...base, fundShares: rows([GENERAL, '1'], [TITLE_I, '0']) })).toEqual([
      { path: 'fundShares.1.fte', message: 'FTE share must be above 0' },
    ]);
    expect(fundShareIssues({ ...base, fundShares: rows([TITLE_I, '0.5'], [TITLE_I, '0.5']) })).toEqual([
      { path: 'fundShares', message: 'Each fund once: add its shares together' },
    ]);
    expect(fundShareIssues({ ...base, fundShares: rows([GENERAL, '0.6'], [TITLE_I, '0.3']) })).toEqual([
      {
        path: 'fundShares',
        message:
          'The fund shares add up to 0.9 FTE; the position is 1 FTE: they must add up to exactly its FTE',
      },
    ]);
    // A split position whose FTE changed: its shares must be set again.
    expect(fundShareIssues({ ...split, fte: '0.8' })[0]?.message).toBe(
      'The fund shares add up to 1 FTE; the position is 0.8 FTE: they must add up to exactly its FTE',
    );
  });

  it('adds a split position with its shares, and leaves them out when the general fund pays the whole', () => {
    expect(createPositionBody.parse(createInput(base, scope)).fundShares).toBeUndefined();
    expect(createPositionBody.parse(createInput(split, scope)).fundShares).toEqual([
      { fundId: GENERAL, fte: 0.6 },
      { fundId: TITLE_I, fte: 0.4 },
    ]);
  });

  it('sends the shares only when they changed, and the general fund whole to clear a split', () => {
    const edit = (now: PositionFormValues, was: PositionFormValues) =>
      updatePositionBody.parse(updateInput({ ...now, reason: 'Grant' }, was, 3, GENERAL));
    expect(edit(split, base)).toEqual({
      version: 3,
      fundShares: [
        { fundId: GENERAL, fte: 0.6 },
        { fundId: TITLE_I, fte: 0.4 },
      ],
      reason: 'Grant',
    });
    // The same shares typed differently and in another order are no change.
    const same = { ...split, title: 'Reading Teacher', fundShares: rows([TITLE_I, '0.4'], [GENERAL, '.6']) };
    expect(edit(same, split)).toEqual({ version: 3, title: 'Reading Teacher', reason: 'Grant' });
    expect(edit({ ...base, fte: '0.8' }, split)).toEqual({
      version: 3,
      fte: 0.8,
      fundShares: [{ fundId: GENERAL, fte: 0.8 }],
      reason: 'Grant',
    });
    // Not split before or after: an FTE change is the FTE alone (the general fund follows it).
    expect(edit({ ...base, fte: '0.5' }, base)).toEqual({ version: 3, fte: 0.5, reason: 'Grant' });
  });

  it("reads a position's shares: the general fund's whole as not split, else one row per fund", () => {
    const share = (fundId: number, fundKind: string, fte: number) => ({
      fundId,
      fundName: '',
      fundCode: '',
      fundKind,
      fte,
      budgetedCost: null,
    });
    const position = (fundShares: ReturnType<typeof share>[]) =>
      ({
        title: 'Nurse',
        buildingId: null,
        deseCode: null,
        categoryId: 5,
        workGroupId: null,
        fte: 1,
        status: 'vacant',
        vacancyStep: null,
        vacancyLane: null,
        notes: null,
        fundShares,
      }) as unknown as PositionDetail;
    expect(positionValues(position([share(GENERAL, 'general', 1)])).fundShares).toEqual([]);
    expect(positionValues(position([share(TITLE_I, 'federal_grant', 1)])).fundShares).toEqual(
      rows([TITLE_I, '1.000']),
    );
    expect(
      positionValues(position([share(GENERAL, 'general', 0.25), share(TITLE_I, 'federal_grant', 0.75)]))
        .fundShares,
    ).toEqual(rows([GENERAL, '0.250'], [TITLE_I, '0.750']));
  });
});

describe("the server's refusals, by the path they name", () => {
  it('keeps the shares’ problems (the first per path) and leaves the rest to the form', () => {
    expect(
      shareErrorsOf([
        { path: 'fundShares', message: 'The fund shares add up to 0.9 FTE; …' },
        { path: 'fundShares.1.fundId', message: "Title I's grant period does not reach FY28" },
        { path: 'fundShares.1.fundId', message: 'a second message' },
        { path: ['fundShares', 0, 'fte'], message: 'FTE share must be above 0' },
        { path: 'fte', message: 'Its fund shares add up to 1 FTE: …' },
        null,
      ]),
    ).toEqual({
      fundShares: 'The fund shares add up to 0.9 FTE; …',
      'fundShares.1.fundId': "Title I's grant period does not reach FY28",
      'fundShares.0.fte': 'FTE share must be above 0',
    });
  });

  it('says a change of fund shares in the history with the funds’ names', () => {
    const funds = new Map([
      [GENERAL, 'General Fund'],
      [TITLE_I, 'Title I'],
    ]);
    expect(
      changedFields(
        { fundShares: [{ fundId: GENERAL, fte: 1 }] },
        {
          fundShares: [
            { fundId: GENERAL, fte: 0.6 },
            { fundId: TITLE_I, fte: 0.4 },
          ],
        },
        { funds },
      ),
    ).toEqual(['Funds: General Fund 1.000 → General Fund 0.600, Title I 0.400']);
  });
});
