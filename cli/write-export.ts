import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { recordFileExport, type FileExport } from '@server/domains/admin';

type ExportFacts = Omit<FileExport, 'file' | 'via' | 'bytes'>;

/**
 * Records a file the CLI has written in the security log as the API and the screens do
 * ('data-exported': who, which command, which year, its size): an export is an export, whichever
 * way the figures left the app. For a file written by a stream, call it once the file is closed.
 */
export async function recordWrittenExport(app: AppContext, actor: Actor, file: string, what: ExportFacts) {
  await recordFileExport(app, actor, {
    ...what,
    file: path.basename(file),
    via: 'cli',
    bytes: statSync(file).size,
  });
}

/** Writes a workbook the CLI made and records it (recordWrittenExport). */
export async function writeExport(
  app: AppContext,
  actor: Actor,
  file: string,
  body: Buffer,
  what: ExportFacts,
) {
  writeFileSync(file, body);
  await recordWrittenExport(app, actor, file, what);
}
