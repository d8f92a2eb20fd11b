import { describe, expect, it } from 'vitest';
import { contractBody } from './contracts';

/** The message a business manager reads when a contract's COLA for a year is refused. */
function colaRefusal(colaPercentage: number): string | undefined {
  const r = contractBody.safeParse({
    name: 'Unit A 2027-2029',
    workGroupId: 1,
    startYear: 2027,
    endYear: 2029,
    status: 'NEGOTIATING',
    yearlyIncreases: [
      { fiscalYear: 2027, colaPercentage },
      { fiscalYear: 2028, colaPercentage: 2 },
      { fiscalYear: 2029, colaPercentage: 2 },
    ],
  });
  return r.success
    ? undefined
    : r.error.issues.find((i) => i.path.join('.') === 'yearlyIncreases.0.colaPercentage')?.message;
}

describe('a refused contract COLA says what is wrong with it', () => {
  it('tells a COLA within 0-100 with too many decimals that it has too many decimals', () => {
    // 3.333 is between 0 and 100: a message that only says so leaves the user nothing to fix.
    expect(colaRefusal(3.333)).toMatch(/FY27/);
    expect(colaRefusal(3.333)).toMatch(/at most 2 decimals/);
  });

  it('still names the range for a negative COLA or one above 100', () => {
    expect(colaRefusal(-1)).toMatch(/FY27.*between 0 and 100/);
    expect(colaRefusal(101)).toMatch(/FY27.*between 0 and 100/);
    expect(colaRefusal(3.25)).toBeUndefined();
  });
});
