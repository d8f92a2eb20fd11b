/** The district shown in the header and on the sign-in page. One place to change them for another district. */
export const DISTRICT_NAME = 'Millbrook Public Schools';
export const PRODUCT_NAME = 'Budget Workbench';
