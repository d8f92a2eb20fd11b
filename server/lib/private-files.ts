import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds every salary and password hash (the embedded database's files, the
 * pre-restore copies, uploads, secrets): owner-only. Files the process writes from now on are
 * owner-only (umask 077: CLI backups and PostgreSQL safety dumps too), and what an earlier version
 * left readable by others is tightened at start. A folder left readable by others is reported.
 */
export function makeDataDirPrivate(dataDir: string, warn: (message: string) => void): void {
  process.umask(0o077);
  let mode: number;
  try {
    mode = statSync(dataDir).mode;
  } catch {
    return; // created owner-only when first used
  }
  if (mode & 0o077) {
    warn(
      `DATA_DIR ${dataDir} was readable by other users of this machine (mode ${(mode & 0o777).toString(8)}); ` +
        'its files hold salaries and password hashes, so they are now owner-only (0700 folders, 0600 files)',
    );
  }
  tighten(dataDir);
}

/**
 * chmod go-rwx on the folder and everything under it (links are left alone). PGlite writes its
 * files 0666 whatever the umask, so the database calls this after opening and after closing.
 */
export function tighten(target: string): void {
  const info = lstatSync(target);
  if (info.isSymbolicLink()) {
    return;
  }
  if (info.mode & 0o077) {
    chmodSync(target, info.isDirectory() ? 0o700 : 0o600);
  }
  if (info.isDirectory()) {
    for (const name of readdirSync(target)) {
      tighten(path.join(target, name));
    }
  }
}
