// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NssMeter } from '@web/api/nss';
import { NssHeadroom } from '@web/components/nss/nss-gauge';

afterEach(cleanup);

const meter = (above100: number, above95: number) =>
  ({ headroom: { above100, above95, threshold95: 9_500_000, carryForwardLimitPercent: 5 } }) as NssMeter;

/** Each card's label, figure and hint, in order. */
const cards = () =>
  [...document.querySelectorAll('.kpi')].map((k) =>
    [...k.querySelectorAll('span')].map((s) => s.textContent),
  );

describe('the net school spending headroom', () => {
  // QA: short of the requirement, the card read 'HEADROOM ABOVE 100% — $6,156,416 short — counted
  // spending that can go before the requirement is missed'.
  it('says what is short of a line already missed, and what can go above one still met', () => {
    render(<NssHeadroom meter={meter(-6_156_416, 250_000)} />);
    expect(cards()).toEqual([
      ['Short of 100%', '$6,156,416.00', 'counted spending still needed to meet the requirement'],
      ['Headroom above 95%', '$250,000.00', 'before state aid is cut ($9,500,000.00 is 95%)'],
    ]);
    expect(screen.getByText('$6,156,416.00').className).toContain('text-danger');
    cleanup();
    render(<NssHeadroom meter={meter(1_000, -20)} />);
    expect(cards()).toEqual([
      ['Headroom above 100%', '$1,000.00', 'counted spending that can go before the requirement is missed'],
      ['Short of 95%', '$20.00', 'still needed before state aid is cut ($9,500,000.00 is 95%)'],
    ]);
  });
});
