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
});
