import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import type { SetupStatus, SetupStep } from '@shared/schemas/setup';
import { budgetYearEdit } from '@server/domains/budgets';
import * as q from './queries/setup';
import { fiscalYearLabel, fiscalYearsText } from '@shared/budget-math';

const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A step done once there is one of its things: '3 buildings', or 'No buildings yet'. */
function counted(
  key: SetupStep['key'],
  title: string,
  n: number,
  summary: string,
  screen: string,
  command: string,
): SetupStep {
  return {
    key,
    title,
    done: n > 0,
    summary: n > 0 ? summary : `No ${title.toLowerCase()} yet`,
    screen,
    command,
  };
}

/**
 * GET /setup and `budget-cli setup`: which of the first-start steps are done. Only a budget year is
 * needed before the planning screens have anything to show (ready); the others can wait, and each
 * names the normal screen and the CLI command that does it later.
 */
export async function setupStatus(app: AppContext, actor: Actor): Promise<SetupStatus> {
  authorize(actor, 'budgets.manage');
  const counts = await q.setupCounts(app.db);
  const years = await q.budgetYearsWithFiscalYears(app.db);
  const name = counts.district_name?.trim() || null;
  const steps: SetupStep[] = [
    {
      key: 'district',
      title: 'District name and logo',
      done: name !== null,
      summary: name
        ? `${name}${counts.logo_url ? ', with a logo' : ', no logo yet'}`
        : 'No district name yet: residents would read a page without one',
      screen: '/admin/public-dashboard',
      command: 'budget-cli setup --district-name "<name>" [--logo-url <url>]',
    },
    counted(
      'buildings',
      'Buildings',
      counts.buildings,
      countOf(counts.buildings, 'building'),
      '/admin/manage-data',
      'budget-cli buildings add <name> [--code <code>] [--dese-code <code>] [--type <type>]',
    ),
    {
      key: 'budgetYear',
      title: 'Budget year and fiscal years',
      done: years.length > 0,
      summary: years.length
        ? years
            .map(
              (y) =>
                `${y.fiscal_year} (${fiscalYearsText(Number(y.fiscal_years[0]), Number(y.fiscal_years.at(-1)))}, current ${fiscalYearLabel(Number(y.current_fiscal_year))})`,
            )
            .join(', ')
        : 'No budget year yet: nothing can be imported or planned',
      screen: '/admin/setup',
      command: 'budget-cli budget-year create FY28 [--fiscal-years FY27-FY32] [--current FY28]',
    },
    counted(
      'categories',
      'Budget categories',
      counts.categories,
      countOf(counts.categories, 'category', 'categories'),
      '/admin/categories',
      'budget-cli setup --demo-categories',
    ),
    counted(
      'workGroups',
      'Work groups',
      counts.work_groups,
      countOf(counts.work_groups, 'work group'),
      '/admin/manage-data',
      'budget-cli setup --work-group "<name>"',
    ),
  ];
  return {
    ready: years.length > 0,
    complete: steps.every((s) => s.done),
    steps,
    budgetYears: await Promise.all(
      years.map(async (y) => ({
        id: y.id,
        fiscalYear: y.fiscal_year,
        name: y.name,
        notes: y.notes,
        currentFiscalYear: y.current_fiscal_year,
        fiscalYears: y.fiscal_years.map(Number),
        scenarioCount: y.scenario_count,
        // So the list can disable Delete and say why, before anyone asks the server to delete.
        cannotDelete: await budgetYearEdit.deleteRefusal(app.db, y),
      })),
    ),
  };
}
