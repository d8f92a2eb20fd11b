import { singleFileUpload, uploadedFile } from '@server/lib/import/upload-middleware';
import * as s from '@shared/schemas/import';
import * as undo from '@shared/schemas/import-undo';
import { idParams } from '@shared/schemas/common';
import { import as service, importUndo } from '@server/domains/imports';
import { defineRoute } from './define';

const tag = 'Import';

export const importRoutes = [
  defineRoute({
    method: 'post',
    path: '/import/analyze',
    summary:
      'Upload a .csv, .xlsx or .xls file (multipart: file, importType) and get its columns, suggested mapping and first rows',
    tag,
    action: 'import.run',
    multipart: true,
    before: [singleFileUpload('file')],
    body: s.analyzeRequest,
    response: s.analysisResponse,
    handler: ({ app, actor, body, ctx }) => {
      const file = uploadedFile(ctx);
      return service.analyzeUpload(
        app,
        actor,
        file ? { buffer: file.buffer, originalName: file.originalname } : undefined,
        body,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/import/execute',
    summary:
      'Import an analyzed file with a confirmed column mapping, in one transaction (dryRun: check only)',
    tag,
    action: 'import.run',
    body: s.executeBody,
    response: s.importResultSchema,
    handler: ({ app, actor, body }) => service.executeUpload(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/import/runs',
    summary: 'Recorded import runs, newest first: who, when, file, type, budget year, version and counts',
    tag,
    action: 'import.run',
    query: s.importRunsQuery,
    response: s.importRunsResponse,
    handler: ({ app, actor, query }) => service.listImportRuns(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/import/saved-mappings',
    summary:
      'The column mapping confirmed earlier for a file with these columns (repeat columns=...), or null',
    tag,
    action: 'import.run',
    query: s.savedMappingsQuery,
    response: s.savedMappingResponse,
    handler: ({ app, actor, query }) => service.getSavedMapping(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/import/runs/:id/undo',
    summary:
      'Whether a payroll or budget import can be undone (its year editable, the latest into it, unedited) and what undo would remove',
    tag,
    action: 'import.run',
    params: idParams,
    response: undo.importUndoStatusResponse,
    handler: ({ app, actor, params }) => importUndo.importUndoStatus(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/import/runs/:id/undo',
    summary:
      'Undo a payroll or budget import: its lines, the positions it made and its fills of waiting positions removed in one transaction (409 naming why not)',
    tag,
    action: 'import.run',
    params: idParams,
    response: undo.importUndoResponse,
    handler: ({ app, actor, params }) => importUndo.undoImport(app, actor, params.id),
  }),
];
