import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { recordFileExport, type FileExport } from '@server/services/security-log';

/**
 * Writes a workbook the CLI made and records it in the security log as the API and the screens do
 * ('data-exported': who, which command, which year, its size): an export is an export, whichever
 * way the figures left the app.
 */
export async function writeExport(
  app: AppContext,
  actor: Actor,
  file: string,
  body: Buffer,
  what: Omit<FileExport, 'file' | 'via' | 'bytes'>,
): Promise<void> {
  writeFileSync(file, body);
  await recordFileExport(app, actor, { ...what, file: path.basename(file), via: 'cli', bytes: body.length });
}
