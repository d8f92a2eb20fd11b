import type { Locator, Page } from '@playwright/test';

/** The figure of the Scenario Builder's summary card labelled `label` ('Total Cuts', 'Gap'). */
export function summaryCard(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Scenario summary' })
    .locator('.summary-card')
    .filter({ has: page.locator('.summary-card__label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.summary-card__value');
}
