import { ADMIN_LABEL, ADMIN_NAV } from '@web/components/shell/nav-items';

/** The Admin menu's entry for the page titled Admin Panel (a title no menu shows). */
const adminPanelEntry = ADMIN_NAV.find((item) => item.to === '/admin')!.label;

/**
 * Where an administrator imports the ledger, in the words of what they click: the Admin menu, its
 * entry for the Admin Panel, the CSV Import tab, then the ledger's choice. Screens that send
 * someone there say it the same way.
 */
export const LEDGER_IMPORT_PLACE = `${ADMIN_LABEL} → ${adminPanelEntry} → CSV Import → Ledger (actuals)`;

/**
 * Where a year's budget lines come from when it has none: the payroll (operating budget) or the
 * proposed budget, imported under the Admin Panel's CSV Import tab (LINES_IMPORT_PATH opens it).
 */
export const LINES_IMPORT_PLACE = `${ADMIN_LABEL} → ${adminPanelEntry} → CSV Import`;
export const LINES_IMPORT_PATH = '/admin?tab=import';

/**
 * Where a locked year is reopened, in the words of what an administrator clicks (the Admin menu,
 * its Budget Stages entry), taken from the menu itself so a renamed entry renames the direction.
 */
export const BUDGET_STAGES_PLACE = `${ADMIN_LABEL} → ${ADMIN_NAV.find((item) => item.to === '/budget-stages')!.label}`;
