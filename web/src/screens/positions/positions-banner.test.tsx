// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PositionCounts } from '@web/api/positions';
import { ALL } from '@web/components/line-filters';
import { PositionsBanner } from './positions-banner';

/** Three vacancies (3.0 FTE), and filled positions whose holders leave `unheldFte` of them open. */
const counts = (unheldFte: number): PositionCounts => ({
  positions: 9,
  fte: 9.5,
  filledFte: 5.5 - unheldFte,
  vacantFte: 3 + unheldFte,
  unheldFte,
  vacantCount: 3,
  vacancies: 3,
  frozenFte: 1,
  budgetedCost: 612000.5,
  unpricedCount: 0,
  overFilledCount: 0,
});

function vacanciesNote(c: PositionCounts): string {
  render(<PositionsBanner counts={c} busy={false} error={null} status={ALL} onShow={() => {}} />);
  const item = screen.getByText('3 vacancies').closest('.positions-banner__item') as HTMLElement;
  return within(item).getByText(/FTE to fill/).textContent ?? '';
}

describe('PositionsBanner', () => {
  afterEach(cleanup);

  it('says how much of the FTE to fill is unheld in filled positions, which Show vacancies does not list', () => {
    expect(vacanciesNote(counts(1.5))).toBe('4.500 FTE to fill, 1.500 of it unheld in filled positions');
  });

  it('says only the FTE to fill when every filled position is held in full', () => {
    expect(vacanciesNote(counts(0))).toBe('3.000 FTE to fill');
  });
});
