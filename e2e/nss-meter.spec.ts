import { expect, test } from '@playwright/test';
import { decodeBaseline } from '@shared/schemas/scenario-line-rows';
import { apiCall, axeViolations, budgetYearId, FINANCE, navigate, saveScreen, signIn } from './helpers';

// The Net School Spending meter on the Budget Dashboard and in the Scenario
// Builder, reached through FINANCE's menus. The dashboard's figures are the server's /nss/meter
// answer; in the Scenario Builder a slider moved to its floor moves the meter, and the figures it
// settles on are the server's /nss/meter/scenario answer for the saved scenario. The demo district
// has illustrative state figures for FY26 and FY27 (seeds/demo-state-figures.ts).

const RUN = Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

const pct = (v: number) => `${v.toFixed(2)}%`;
const usd = (v: number) =>
  `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface Line {
  id: number;
  accountDesc: string | null;
  fy26ProposedV3: number;
}

for (const size of SIZES) {
  test(`the meter on the dashboard and in the Scenario Builder is the server's, at ${size.name}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, FINANCE, '/');
    const byId = await budgetYearId(page, 'FY26');

    // The dashboard: the percent and DESE's columns, as /nss/meter gives them for the year shown.
    await expect(page.getByRole('heading', { level: 1, name: 'Budget Dashboard' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Net School Spending' });
    await expect(card.locator('.nss-card__percent')).toBeVisible();
    const fyText = (await page.getByRole('combobox', { name: 'Fiscal year' }).textContent()) ?? '';
    const fiscalYear = 2000 + Number(/FY(\d\d)/.exec(fyText)![1]);
    const meter = await apiCall(page, 'GET', `/nss/meter?budgetYearId=${byId}&fiscalYear=${fiscalYear}`);
    expect(meter.columns).not.toBeNull();
    await expect(card.locator('.nss-card__percent')).toHaveText(pct(meter.columns.percentOfRequired));
    await expect(card.getByRole('table')).toContainText(pct(meter.columns.percentOfFoundation));
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `nss-dashboard-${size.name}`);

    // The Scenario Builder, through the menu: a new scenario starts at the budget's meter.
    await navigate(page, 'Scenario Builder');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Budget Scenario Builder', exact: true }),
    ).toBeVisible();
    const name = `NSS ${size.name} ${RUN}`;
    await page.getByRole('button', { name: 'New Scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Scenario' });
    await dialog.getByLabel('Scenario name').fill(name);
    await dialog.getByRole('button', { name: 'Create Scenario' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/scenario=\d+/);
    const scenarioId = Number(new URL(page.url()).searchParams.get('scenario'));

    const meterBox = page.getByRole('region', { name: 'Net school spending' });
    const percent = meterBox.getByTestId('nss-percent');
    const serverPercent = async () => {
      const answer = await apiCall(page, 'POST', '/nss/meter/scenario', { scenarioId });
      // A budget short of the requirement also says by how much.
      const short = answer.columns.overUnder < 0 ? `, ${usd(-answer.columns.overUnder)} short` : '';
      return `${answer.columns.percentOfRequired.toFixed(2)}% of required${short}`;
    };
    await expect(percent).toHaveText(await serverPercent());
    const before = (await percent.textContent()) ?? '';

    // The largest line with a description of its own, cut with its slider to the floor (Home).
    const base = decodeBaseline(
      await apiCall(page, 'GET', `/scenarios/baseline?budgetYearId=${byId}&fiscalYear=2026&format=rows`),
    );
    const lines: Line[] = base.lines;
    const unique = lines.filter(
      (l) => l.accountDesc && lines.filter((m) => m.accountDesc === l.accountDesc).length === 1,
    );
    const big = unique.sort((a, b) => b.fy26ProposedV3 - a.fy26ProposedV3)[0];
    await page.getByLabel('Search', { exact: true }).fill(big.accountDesc!);
    await expect(page.getByText(/^1 of \d+ lines/)).toBeVisible();
    const slider = page.getByRole('slider', { name: `Percent kept: ${big.accountDesc}` });
    await slider.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    await expect(async () => {
      await page.locator('[role="gridcell"][col-id="adjustedAmount"]').first().click();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await expect(slider).toBeFocused({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await slider.press('Home');
    await expect(slider).not.toHaveValue('100');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

    // The meter moved, and settles on the server's answer for the saved scenario.
    await expect(percent).not.toHaveText(before);
    await expect(async () => {
      await expect(percent).toHaveText(await serverPercent(), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(meterBox.getByText('Updating…')).toHaveCount(0);
    await meterBox.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, `nss-scenario-${size.name}`);

    await apiCall(page, 'DELETE', `/scenarios/cuts/${scenarioId}`);
  });
}
