import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { findWorkGroupByName } from './queries/work-groups';

/**
 * Work groups are chosen, not typed. A bulk change, one line's editor or a new
 * line that names a work group must name one that exists: a typo would otherwise label lines with
 * a group that no contract or COLA scenario covers, and their next-year salaries would get 0%
 * without a word. (Imports may still keep an unknown label, flagged for review, because that is
 * what the payroll said.)
 */
export async function checkWorkGroupNamed(
  trx: Db,
  name: string | undefined,
  field = 'workGroup',
): Promise<void> {
  if (name === undefined || (await findWorkGroupByName(trx, name.trim()))) {
    return;
  }
  throw validationFailed([
    {
      path: field,
      message: `No work group is named "${name.trim()}"; choose one of the existing work groups`,
    },
  ]);
}
