import { expect, type Page } from '@playwright/test';
import { axeViolations } from './helpers';

/** Fails when axe finds a violation on the page, the message naming `where` and each violation. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
