import { openDb } from '@server/db/index';
import { restoreEmbedded, restorePostgres } from '@server/domains/admin/backup';
import type { RestoreStep } from '@server/domains/admin/restore';

/**
 * A restore in a process of its own, killed (SIGKILL, with its whole process group: psql too) as
 * the named step is done, as an operator's kill or a power cut would stop it. Run by
 * server/domains/admin/restore-interrupted.test.ts as
 *   node --import tsx test/restore-child.ts embedded DATA_DIR FILE STEP
 *   node --import tsx test/restore-child.ts pg URL FILE STEP SAFETY_FILE
 * in a new process group (spawn's `detached`). STEP 'none' lets the restore finish.
 */
const [kind, target, file, stopAt, safety] = process.argv.slice(2);

const onStep = (step: RestoreStep) => {
  if (step === stopAt) {
    process.kill(-process.pid, 'SIGKILL');
  }
};

if (kind === 'embedded') {
  await restoreEmbedded(target, file, { onStep });
} else {
  const handle = await openDb({ url: target });
  try {
    await restorePostgres(handle, file, safety, { onStep });
  } finally {
    await handle.close();
  }
}
