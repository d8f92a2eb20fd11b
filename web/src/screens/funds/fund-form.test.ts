import { describe, expect, it } from 'vitest';
import type { Fund } from '@web/api/funds';
import { fundInput, fundValues, kindChoices, withKind } from './fund-form';

const GENERAL: Fund = {
  id: 1,
  name: 'General Fund',
  code: '0100',
  kind: 'general',
  countsTowardNss: true,
  nssDefault: true,
  awardAmount: null,
  periodStart: null,
  periodEnd: null,
  note: null,
  showToResidents: true,
  updatedAt: '2025-07-01T00:00:00.000Z',
};

describe('withKind', () => {
  it("moves the NSS box to the new kind's default until it is set for the fund", () => {
    const general = fundValues(GENERAL);
    expect(withKind(general, 'revolving', false).countsTowardNss).toBe(false);
    expect(withKind(general, 'revolving', true).countsTowardNss).toBe(true);
    expect(withKind({ ...general, kind: 'other', countsTowardNss: false }, 'general', false)).toMatchObject({
      kind: 'general',
      countsTowardNss: true,
    });
  });
});

describe('fundInput', () => {
  it('sends no award or period for a fund that is not a grant, whatever the hidden fields hold', () => {
    const values = { ...fundValues(null), awardAmount: '5000', periodStart: '2025-07-01', note: '  ' };
    expect(fundInput(values)).toMatchObject({ awardAmount: null, periodStart: null, note: null });
    expect(fundInput({ ...values, kind: 'federal_grant' })).toMatchObject({
      awardAmount: 5000,
      periodStart: '2025-07-01',
      periodEnd: null,
    });
  });

  it('reads dollars as typed and leaves text that is no number for the schema to refuse', () => {
    const grant = { ...fundValues(null), kind: 'state_grant' as const };
    expect(fundInput({ ...grant, awardAmount: '$1,250,000.50' }).awardAmount).toBe(1250000.5);
    expect(fundInput({ ...grant, awardAmount: '' }).awardAmount).toBeNull();
    expect(fundInput({ ...grant, awardAmount: 'lots' }).awardAmount).toBeNaN();
  });
});

describe('kindChoices', () => {
  it('keeps the general fund general and offers the other kinds to every other fund', () => {
    expect(kindChoices(GENERAL)).toEqual(['general']);
    expect(kindChoices(null)).toEqual([
      'federal_grant',
      'state_grant',
      'revolving',
      'circuit_breaker',
      'other',
    ]);
  });
});
