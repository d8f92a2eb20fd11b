import type { Db } from '@server/db/index';
import { CrosswalkImport } from '@server/lib/import/crosswalk';
import { CategoryMatcher } from '@server/lib/import/match';
import { ruleRefs } from './queries/crosswalk';
import { listCategoryRefs } from '@server/domains/imports';

/**
 * The position crosswalk an operating import reads its rows through (server/lib/import/crosswalk.ts):
 * the rules as they are when the import starts, in its transaction; a rule giving only a DESE
 * code gives the category that code means, as a code in the file would.
 */
export async function crosswalkImport(trx: Db): Promise<CrosswalkImport> {
  const categories = new CategoryMatcher(await listCategoryRefs(trx));
  return new CrosswalkImport(await ruleRefs(trx), (code) => categories.byDeseCode(code));
}
