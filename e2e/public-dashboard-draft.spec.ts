import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, apiCall, axeViolations, budgetYearId, navigate, saveScreen, signIn } from './helpers';

/**
 * Residents see only what was published. A school name saved on the
 * configuration screen shows in the admin's preview, labelled 'Preview — not yet published', and
 * not on the residents' page until Publish; then it does. At 1440x900 and 390x844, axe clean.
 */

const PATH = 'draft-flow';
const PUBLISHED_NAME = 'Harbor View Schools';
const DRAFT_NAME = 'Harbor View Regional Schools';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** The residents' page for FY26 at each size, with no sign-in: its heading, stage line and axe result. */
async function residentsSee(browser: Browser, name: string, shot?: string) {
  for (const viewport of SIZES) {
    const resident = await browser.newContext({ viewport });
    const pub = await resident.newPage();
    await pub.goto(`/public/${PATH}?year=2026`);
    const heading = pub.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`FY26 ${name} Budget`);
    // The stage with its date.
    await expect(
      pub.getByText(/^Superintendent's Recommended, recommended [A-Z][a-z]+ \d{1,2}, \d{4}$/),
    ).toBeVisible();
    const other = name === PUBLISHED_NAME ? DRAFT_NAME : PUBLISHED_NAME;
    await expect(pub.getByText(other)).toHaveCount(0);
    if (shot) {
      await saveScreen(pub, `${shot}-${viewport.width}`);
    }
    expect(await axeViolations(pub)).toEqual([]);
    await resident.close();
  }
}

test('a saved school name is previewed at once and reaches residents only with Publish', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await signIn(page, ADMIN);

  // FY26 recommended by the superintendent (a stage that locks nothing), then published as residents know it.
  const fy26 = await budgetYearId(page, 'FY26');
  const stages = await apiCall(page, 'GET', `/budget-stages?budgetYearId=${fy26}&fiscalYear=2026`);
  if (stages.current.stage === 'DRAFT') {
    await apiCall(page, 'POST', '/budget-stages/advance', {
      budgetYearId: fy26,
      fiscalYear: 2026,
      stage: 'SUPERINTENDENT_RECOMMENDED',
      date: '2026-02-10',
    });
  }
  const { config } = await apiCall(page, 'GET', '/public-dashboard/config');
  await apiCall(page, 'PATCH', `/public-dashboard/config/${config.id}`, {
    urlPath: PATH,
    schoolName: PUBLISHED_NAME,
    publishedYears: [2026, 2027],
  });
  await apiCall(page, 'POST', `/public-dashboard/publish/${config.id}`, { publishedYears: [2026, 2027] });

  // Save Settings with a new name: the preview has it at once, labelled, with the change named.
  await navigate(page, 'Public Dashboard');
  // The form holds the saved settings before the new name is typed (typed earlier, it was replaced
  // by them once, and Save Settings saved no change).
  const schoolName = page.getByLabel('School name', { exact: true });
  await expect(schoolName).toHaveValue(PUBLISHED_NAME);
  await schoolName.fill(DRAFT_NAME);
  await expect(schoolName).toHaveValue(DRAFT_NAME);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const preview = page.getByRole('region', { name: /^Preview/ });
  // The preview is built again after the save (every year's figures): on a loaded machine, four
  // browser parts at once, it took over 10 s to come while the header had the new name already.
  await expect(preview.getByText('Preview — not yet published')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('group', { name: 'Preview of the public page' })).toContainText(DRAFT_NAME);
  await expect(preview.getByRole('list', { name: 'Years residents would see' })).toContainText(
    "FY26: budget year FY26, Superintendent's Recommended, recommended",
  );
  await expect(preview.getByRole('list', { name: 'What Publish changes for residents' })).toHaveText(
    'School name changed',
  );
  await saveScreen(page, 'public-dashboard-draft-config-1440');
  expect(await axeViolations(page)).toEqual([]);

  // Residents still read the published name, on a desktop and on a phone.
  await residentsSee(browser, PUBLISHED_NAME, 'public-dashboard-draft-resident-before');

  // The full preview: the residents' page as Publish would make it, under its banner.
  const full = await page.context().newPage();
  await full.setViewportSize(SIZES[0]);
  await full.goto(`/public/${PATH}?preview=1&years=2026,2027`);
  await expect(full.getByRole('heading', { name: 'Preview — not yet published' })).toBeVisible();
  await expect(full.getByRole('list', { name: 'What Publish changes for residents' })).toHaveText(
    'School name changed',
  );
  await expect(full.getByRole('heading', { level: 1 })).toHaveText(`FY27 ${DRAFT_NAME} Budget`);
  await saveScreen(full, 'public-dashboard-draft-full-preview-1440');
  expect(await axeViolations(full)).toEqual([]);
  await full.setViewportSize(SIZES[1]);
  await saveScreen(full, 'public-dashboard-draft-full-preview-390');
  expect(await axeViolations(full)).toEqual([]);
  await full.close();

  // Publish: now residents read the new name, and the preview has nothing left to change.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Publish the public dashboard' })
    .getByRole('button', { name: 'Publish' })
    .click();
  // Publish names each year's budget year and stage (its one home).
  await expect(
    page.getByText(/^Published FY26 \(budget year FY26, [^)]+\), FY27 \(budget year FY26, [^)]+\) at/),
  ).toBeVisible();
  await expect(preview.getByText('Nothing: residents see this page now.')).toBeVisible();
  await residentsSee(browser, DRAFT_NAME, 'public-dashboard-draft-resident-after');

  await page.setViewportSize(SIZES[1]);
  await saveScreen(page, 'public-dashboard-draft-config-390');
  expect(await axeViolations(page)).toEqual([]);
});
