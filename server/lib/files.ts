import { statSync } from 'node:fs';
import { AppError } from '@server/errors';

/**
 * Refuses a path that names no readable file, in the words every command uses ('No such file: X'),
 * instead of Node's raw ENOENT or EISDIR.
 */
export function requireFile(file: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch {
    throw new AppError(404, 'NOT_FOUND', `No such file: ${file}`);
  }
  if (!isFile) {
    throw new AppError(400, 'BAD_REQUEST', `Not a file: ${file}`);
  }
}
