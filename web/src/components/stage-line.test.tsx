// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { GridSubtitle } from './stage-line';

function subtitle(fiscalYear: number) {
  storeSession(makeUser());
  stubApi({});
  renderRoutes('/grid', [
    {
      path: 'grid',
      element: (
        <p data-testid="subtitle">
          <GridSubtitle budgetYear={{ id: 3, fiscalYear: 'FY26' }} fiscalYear={fiscalYear} />
        </p>
      ),
    },
  ]);
  return screen.getByTestId('subtitle').textContent;
}

describe("a grid screen's subtitle", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  // QA: 'Budget year FY26 · fiscal year FY26', the same label twice.
  it('names the year once when the fiscal year is the budget year', () => {
    const text = subtitle(2026);
    expect(text).toMatch(/^Budget year FY26( · |$)/);
    expect(text).not.toMatch(/fiscal year/);
  });

  it('names both years when they differ', () => {
    expect(subtitle(2027)).toMatch(/^Budget year FY26 · fiscal year FY27 · /);
  });
});
