import { describe, expect, it } from 'vitest';
import { COLA_RULE } from './cola-format';

/**
 * The note under the RIF gap, the COLA impact and the multi-year projection. With the Lunenburg
 * schedule attached to Teachers and a 4% FY27 contract COLA, the breakdown shows Teachers' COLA as
 * $650,629.40 on an $18,590,502.90 payroll (3.5%: the printed FY27 row), not 4% of it: a placed
 * teacher's COLA is the schedule's move at their step. A note saying only "salary times that
 * percent" contradicts the figure beside it.
 */
describe('the COLA rule stated under the COLA figures', () => {
  it('says how the COLA of an employee placed on a salary schedule is worked out', () => {
    expect(COLA_RULE).toMatch(/placed on a salary schedule/);
    expect(COLA_RULE).toMatch(/same step/);
    expect(COLA_RULE).toMatch(/times their FTE/);
  });
});
