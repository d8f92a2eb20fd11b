// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComponentKey } from '@shared/schemas/public-dashboard';
import { ComponentOrder } from './component-order';

afterEach(cleanup);

const ORDER: ComponentKey[] = [
  'schoolInfo',
  'budgetStatus',
  'progressBar',
  'categoryChart',
  'headcountChart',
];

describe('the public page’s component order', () => {
  // QA: the list numbered every section, the preview only those residents see: Headcount was 5 in
  // one and 4 in the other when a section above it was switched off.
  it('numbers the sections residents see as the preview does, and marks the hidden ones', () => {
    const hidden = new Set<ComponentKey>(['progressBar']);
    render(<ComponentOrder order={ORDER} shown={(k) => !hidden.has(k)} onChange={() => {}} />);
    const items = screen
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.pdc-order__name')?.textContent);
    expect(items[0]).toMatch(/^1\. /);
    expect(items[1]).toMatch(/^2\. /);
    expect(items[2]).toMatch(/^[^\d].*\(hidden\)$/);
    expect(items[3]).toMatch(/^3\. /);
    expect(items[4]).toMatch(/^4\. /);
  });
});
