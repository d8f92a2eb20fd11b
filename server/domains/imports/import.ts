import type { AppContext } from '@server/context';
import { headerSignature } from '@server/lib/import/header';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/import';
import type { ImportRunsQuery, SavedMappingsQuery } from '@shared/schemas/import';

export { analyzeFile, analyzeUpload } from './import-analyze';
export { executeUpload, importFromPath, importLocalFile } from './import-execute';

/** Recorded import runs, newest first (Import History's runs table). */
export async function listImportRuns(app: AppContext, actor: Actor, filter: ImportRunsQuery) {
  authorize(actor, 'import.run');
  return { runs: await q.listImportRuns(app.db, filter) };
}

/** The mapping confirmed earlier for a file with these columns (in any order), or null. */
export async function getSavedMapping(app: AppContext, actor: Actor, query: SavedMappingsQuery) {
  authorize(actor, 'import.run');
  return { mapping: await q.findSavedMapping(app.db, query.importType, headerSignature(query.columns)) };
}
