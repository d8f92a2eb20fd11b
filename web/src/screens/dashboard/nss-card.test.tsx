// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NssMeter } from '@web/api/nss';
import { CIRCUIT_BREAKER, noFiguresMeter, TITLE_I } from '@web/test/nss-meter';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { NssCard } from './nss-card';

async function renderCard(meter: NssMeter) {
  const user = makeUser({ role: 'FINANCE', abilities: {} });
  storeSession(user);
  stubApi({ '/api/auth/me': { user }, '/api/nss/meter': meter });
  renderRoutes('/dash', [
    { path: 'dash', element: <NssCard scope={{ budgetYearId: 2, fiscalYear: 2026 }} /> },
  ]);
  await screen.findByText('What counts toward net school spending');
  return screen.getByRole('region', { name: 'Net School Spending' });
}

describe('NssCard', () => {
  it('lists the spending left out by fund, with its dollars and lines, beside what codes leave out', async () => {
    const card = await renderCard(noFiguresMeter([TITLE_I, CIRCUIT_BREAKER]));
    expect(card.textContent).toContain('Not counted: 3300 Transportation');
    const item = within(card)
      .getByText(/^Left out by fund/)
      .closest('li')!;
    expect(item.firstChild?.textContent).toBe('Left out by fund (does not count toward NSS):');
    expect(
      within(item)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Title I, Part A $412,380 (3 lines)', 'Circuit Breaker $50,001 (1 line)']);
  });

  it('says nothing of funds when every line is on a fund that counts', async () => {
    const card = await renderCard(noFiguresMeter([]));
    expect(card.textContent).toContain('Not counted: 3300 Transportation');
    expect(card.textContent).not.toContain('Left out by fund');
  });

  // QA: '$94,815.50 short' in the headline beside '$94,816' under 'Short of 100%': one figure, two roundings.
  it('shows the shortfall to the cent wherever it says it', async () => {
    const short = 94_815.5;
    const card = await renderCard({
      ...noFiguresMeter([]),
      status: 'CARRY_FORWARD',
      message: '97.63% of required, $94,815.50 short: the shortfall carries forward into FY27.',
      columns: {
        requiredNss: 4_000_000,
        carriedIn: 0,
        requiredWithCarry: 4_000_000,
        budgetedNss: 4_000_000 - short,
        overUnder: -short,
        percentOfRequired: 97.63,
        foundationBudget: 3_800_000,
        percentOfFoundation: 102.77,
      },
      headroom: {
        above100: -short,
        above95: 105_184.5,
        threshold95: 3_800_000.25,
        carryForwardLimitPercent: 5,
      },
    });
    expect(card.textContent).toContain('of required net school spending, $94,815.50 short');
    const kpi = (label: string) =>
      [...within(card).getByText(label).parentElement!.querySelectorAll('span')].map((s) => s.textContent);
    expect(kpi('Short of 100%')).toEqual([
      'Short of 100%',
      '$94,815.50',
      'counted spending still needed to meet the requirement',
    ]);
    expect(kpi('Headroom above 95%')).toEqual([
      'Headroom above 95%',
      '$105,184.50',
      'before state aid is cut ($3,800,000.25 is 95%)',
    ]);
  });
});
