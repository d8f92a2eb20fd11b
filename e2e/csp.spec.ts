import { expect, test, type Page } from '@playwright/test';
import { ADMIN, navigate, screenHeading, signIn } from './helpers';

// The server sends a Content-Security-Policy that lets only the app's own scripts run.
// The screens must still work under it: no violation on the busiest ones, charts drawn.
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) {
      violations.push(m.text());
    }
  });
  return violations;
}

test('the signed-in screens run under the Content-Security-Policy without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  await signIn(page, ADMIN, '/');
  await expect(page.locator('.main-svg').first()).toBeVisible({ timeout: 30_000 });
  for (const screen of ['COLA Management', 'Scenario Builder', 'Budget Comparison', 'Employee Manager']) {
    await navigate(page, screen);
    await screenHeading(page);
  }
  // The Employee Manager's AG Grid draws its rows under the policy.
  await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  const response = await page.request.get('/');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(violations).toEqual([]);
});
