/**
 * The product's name, and what the app says where a district has saved no name of its own yet:
 * a neutral 'School district', never the demo's name. The district's name itself is data (its
 * public dashboard's school name), read with the budget-years list (useDistrictName).
 */
export const PRODUCT_NAME = 'Budget Workbench';
export const NO_DISTRICT_NAME = 'School district';

/** Where the last name the server gave is kept, for the sign-in page (it has no session to ask with). */
const DISTRICT_NAME_KEY = 'district-name';

export function rememberedDistrictName(): string | null {
  try {
    return localStorage.getItem(DISTRICT_NAME_KEY);
  } catch {
    return null;
  }
}

export function rememberDistrictName(name: string | null): void {
  try {
    if (name) {
      localStorage.setItem(DISTRICT_NAME_KEY, name);
    } else {
      localStorage.removeItem(DISTRICT_NAME_KEY);
    }
  } catch {
    // Private browsing without storage: the sign-in page then shows the product's name alone.
  }
}
