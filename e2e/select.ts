import { expect, type Page } from '@playwright/test';

/**
 * Picks `option` in the app's Select (web/src/components/select.tsx, a Radix combobox) named
 * `combobox`, and returns once the list has closed and the control shows the choice: on a loaded
 * machine the next step otherwise met the list still open over the page, or the old value.
 *
 * A string is the option's whole name ('FY27', not 'FY27 Budget'); a pattern may match several
 * alike (say funds an earlier run left) and takes the first.
 */
export async function chooseOption(page: Page, combobox: string, option: string | RegExp): Promise<void> {
  // The last of its name: a dialog's control, portalled after the page, over a page filter named alike.
  const control = page.getByRole('combobox', { name: combobox, exact: true }).last();
  await control.click();
  // While the list is open Radix hides the rest of the page from the accessibility tree: one listbox.
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const choice = list.getByRole('option', { name: option, exact: typeof option === 'string' }).first();
  await expect(choice).toBeVisible();
  await choice.click();
  await expect(list).toBeHidden();
  await expect(control).toHaveText(option);
}
