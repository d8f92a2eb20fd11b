import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { decodeBaseline } from '@shared/schemas/scenario-line-rows';
import {
  ADMIN,
  apiCall,
  axeViolations,
  budgetYearId,
  FINANCE,
  navigate,
  reopenIfClosed,
  signIn,
} from './helpers';
import { chooseOption } from './select';

// An ADMIN reaches the Scenario Builder through the navigation, adopts a cut
// scenario into the budget through its confirmation (totals before and after, the lines that
// change), sees the dashboard's total change, and undoes it, at a desktop and a phone size. FINANCE
// is not offered the button. The scenario cuts the demo FY26 budget's FY25 lines (a closed year no
// other spec edits) and each run undoes its adoption, so the specs after this one find the amounts
// they expect. Expected figures are worked out here in BigInt cents from the lines the API returns.

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const FY = 2025;

const cents = (dollars: number) => BigInt(Math.round(dollars * 100));
const half = (amount: bigint) => amount / 2n + (amount % 2n); // 50% kept, halves away from zero
const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
};

async function openBuilder(page: Page) {
  await navigate(page, 'Scenario Builder');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Budget Scenario Builder', exact: true }),
  ).toBeVisible();
}

async function proposedTotal(page: Page, byId: number): Promise<bigint> {
  const summary = await apiCall(
    page,
    'GET',
    `/line-items/budget/summary?budgetYearId=${byId}&fiscalYear=${FY}`,
  );
  return cents(summary.proposedBudget);
}

async function adoptFlow(page: Page, size: string) {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, ADMIN);
  await openBuilder(page);
  const byId = await budgetYearId(page, 'FY26');
  await reopenIfClosed(page, byId, FY);

  // A scenario keeping half of the three largest FY25 lines.
  const base = decodeBaseline(
    await apiCall(page, 'GET', `/scenarios/baseline?budgetYearId=${byId}&fiscalYear=${FY}&format=rows`),
  );
  const cut = [...base.lines].sort((a, b) => b.fy26ProposedV3 - a.fy26ProposedV3).slice(0, 3);
  const name = `Adopt ${size} ${RUN}`;
  const { scenario } = await apiCall(page, 'POST', '/scenarios/cuts', {
    budgetYearId: byId,
    fiscalYear: FY,
    name,
  });
  await apiCall(page, 'PUT', `/scenarios/cuts/${scenario.id}/adjustments`, {
    adjustments: Object.fromEntries(cut.map((l) => [String(l.id), 50])),
  });
  // A copy made before the adoption: afterwards it says so and cuts nothing again.
  const copyName = `Copy of ${name}`;
  const { scenario: copy } = await apiCall(page, 'POST', '/scenarios/cuts', {
    budgetYearId: byId,
    fiscalYear: FY,
    name: copyName,
    copyFromId: scenario.id,
  });
  const before = await proposedTotal(page, byId);
  const cuts = cut.reduce((s, l) => s + cents(l.fy26ProposedV3) - half(cents(l.fy26ProposedV3)), 0n);
  const after = before - cuts;

  await chooseOption(page, 'Fiscal year', /^FY25/);
  await chooseOption(page, 'Scenario', name);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // The confirmation: totals before and after, and each line that changes.
  await page.getByRole('button', { name: 'Adopt into the budget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adopt into the budget' });
  await expect(dialog.getByText('Proposed total now')).toBeVisible();
  const totals = dialog.locator('.adoption-totals');
  await expect(totals).toContainText(`Proposed total now${money(before)}`);
  await expect(totals).toContainText(`After adopting${money(after)}`);
  await expect(totals).toContainText(`Change${money(-cuts)}`);
  const table = dialog.getByRole('region', { name: 'Lines that change (3)' });
  for (const l of cut) {
    const row = table.getByRole('row').filter({ hasText: l.accountDesc ?? `Line ${l.id}` });
    await expect(row).toContainText(money(half(cents(l.fy26ProposedV3))));
  }
  await dialog.getByLabel('Reason (optional)').fill('School Committee budget workshop');
  await dialog.screenshot({ path: `${SHOTS}/adopt-dialog-${size}.png` });
  await page.screenshot({ path: `${SHOTS}/adopt-dialog-page-${size}.png` });
  const inDialog = await axeViolations(page);
  expect(inDialog, JSON.stringify(inDialog, null, 2)).toEqual([]);
  await dialog.getByRole('button', { name: 'Adopt', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const bar = page.getByRole('region', { name: 'Adoption into the budget' });
  await expect(bar.getByText(/^Adopted into the budget on \w{3} \d{1,2}, \d{4} by .+/)).toBeVisible();
  await expect(bar).toContainText(`Proposed total ${money(before)} → ${money(after)}`);
  expect(await proposedTotal(page, byId)).toBe(after);
  await page.screenshot({ path: `${SHOTS}/adopt-done-${size}.png`, fullPage: true });

  // The dashboard shows the adopted figures.
  await navigate(page, 'Dashboard');
  await chooseOption(page, 'Fiscal year', /^FY25/);
  await page.getByRole('button', { name: 'Show Budget Calculation' }).click();
  const calc = page.getByRole('region', { name: 'Budget calculation' });
  await expect(calc.getByRole('row', { name: /= Proposed budget/ })).toContainText(money(after));
  await page.screenshot({ path: `${SHOTS}/adopt-dashboard-${size}.png`, fullPage: true });

  // The copy, made before the adoption, says so: its three cuts were applied by it.
  await openBuilder(page);
  await chooseOption(page, 'Scenario', copyName);
  await expect(page.getByRole('heading', { level: 2, name: copyName })).toBeVisible();
  await expect(bar).toContainText(`Made before the adoption of “${name}” on`);
  await expect(bar).toContainText('3 of them were already applied by that adoption and count as done.');
  // The scan waits for the copy's lines: a grid still loading them scrolls sideways at 390 with
  // nothing in it to focus yet (axe's scrollable-region-focusable, seen in a CI run).
  await expect(page.getByRole('slider', { name: /^Percent kept: / }).first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/adopt-copy-${size}.png`, fullPage: true });
  const onCopy = await axeViolations(page);
  expect(onCopy, JSON.stringify(onCopy, null, 2)).toEqual([]);
  // Its adoption would cut nothing a second time: the confirmation says why.
  await page.getByRole('button', { name: 'Adopt into the budget' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Adopt into the budget' });
  await expect(copyDialog).toContainText('3 of its cuts were already applied and are not made again.');
  await expect(copyDialog).toContainText(
    `Nothing to adopt: scenario “${copyName}” changes no line of FY25 (its cuts were already applied by the adoption of “${name}” on`,
  );
  await expect(copyDialog.locator('.adoption-totals')).toContainText(`After adopting${money(after)}`);
  await copyDialog.screenshot({ path: `${SHOTS}/adopt-copy-dialog-${size}.png` });
  await copyDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(copyDialog).toHaveCount(0);
  await chooseOption(page, 'Scenario', new RegExp(`^${name}`));

  // A $1,000 transfer after the adoption: from the largest cut line to the next
  // largest line, which the scenario does not cut.
  const TRANSFER = 1_000_00n;
  const [debit, credit] = [cut[0], [...base.lines].sort((a, b) => b.fy26ProposedV3 - a.fy26ProposedV3)[3]];
  const debitNow = half(cents(debit.fy26ProposedV3)) - TRANSFER;
  const creditBefore = cents(credit.fy26ProposedV3);
  const transfer = (id: number, amount: bigint, changeReason: string) =>
    apiCall(page, 'PUT', `/line-items/${id}`, { amount: Number(amount) / 100, changeReason });
  await transfer(debit.id, debitNow, `Transfer to line ${credit.id}`);
  await transfer(credit.id, creditBefore + TRANSFER, `Transfer from line ${debit.id}`);

  // Undo: the lines still at the adopted amounts return to what the adoption replaced; the
  // transferred line is named in a warning and kept unless the box is ticked.
  await openBuilder(page);
  // The screen remembers the year and the scenario, now the active one.
  await expect(page.getByRole('combobox', { name: 'Fiscal year', exact: true })).toHaveText(/^FY25/);
  await expect(page.getByRole('combobox', { name: 'Scenario', exact: true })).toHaveText(`${name} (active)`);
  await bar.getByRole('button', { name: 'Undo adoption' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo adoption' });
  await expect(undo.getByRole('region', { name: 'Lines the adoption changed (3)' })).toBeVisible();
  const warning = undo.locator('.undo-edited');
  await expect(warning).toContainText('1 line was edited since the adoption');
  await expect(warning).toContainText(
    `${debit.accountDesc ?? `Line ${debit.id}`}: now ${money(debitNow)}, adoption set ${money(half(cents(debit.fy26ProposedV3)))}, replaced ${money(cents(debit.fy26ProposedV3))}`,
  );
  await expect(warning).toContainText('It stays at the amount now');
  // Kept: everything returns but the cut of the transferred line (and the transfer's credit stays).
  const kept = before - (cents(debit.fy26ProposedV3) - half(cents(debit.fy26ProposedV3)));
  await expect(undo.locator('.adoption-totals')).toContainText(`After undoing${money(kept)}`);
  await undo.screenshot({ path: `${SHOTS}/adopt-undo-edited-${size}.png` });
  const inUndo = await axeViolations(page);
  expect(inUndo, JSON.stringify(inUndo, null, 2)).toEqual([]);
  // Overwriting returns the transferred line too: only the credit of the transfer is left over.
  await warning.getByRole('checkbox', { name: /Also return this line/ }).check();
  await expect(warning).toContainText('Undo will return it to the amount the adoption replaced');
  await expect(undo.locator('.adoption-totals')).toContainText(`After undoing${money(before + TRANSFER)}`);
  await undo.screenshot({ path: `${SHOTS}/adopt-undo-overwrite-${size}.png` });
  await undo.getByRole('button', { name: 'Undo adoption' }).click();
  await expect(undo).toHaveCount(0);
  await expect(bar.getByText(/^Adopted into the budget on/)).toHaveCount(0);
  expect(await proposedTotal(page, byId)).toBe(before + TRANSFER);
  // The specs after this one find the amounts they expect.
  await transfer(credit.id, creditBefore, 'Transfer reversed');
  expect(await proposedTotal(page, byId)).toBe(before);

  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const violations = await axeViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  expect(errors).toEqual([]);
  await apiCall(page, 'DELETE', `/scenarios/cuts/${scenario.id}`);
  await apiCall(page, 'DELETE', `/scenarios/cuts/${copy.id}`);
}

for (const [size, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  test.describe(`Adopting a scenario at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    test('an ADMIN adopts with the confirmation, the dashboard follows, and undoes it', async ({ page }) => {
      await adoptFlow(page, size);
    });
  });
}

test('FINANCE is not offered Adopt into the budget, and the API refuses it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, FINANCE);
  await openBuilder(page);
  await expect(page.getByRole('region', { name: 'Scenario lines' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adopt into the budget' })).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch('/api/scenarios/cuts/1/adopt/preview', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token ?? ''}` },
    data: {},
  });
  expect(res.status()).toBe(403);
});
