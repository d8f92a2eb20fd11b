import type { AppContext } from '@server/context';
import { migrateLatest } from '@server/db/migrate';
import { sweepLedgerLeftovers } from '@server/domains/imports';
import { ensureAdmin } from './users';
import { loadDemoIfEmpty } from './seed';

/**
 * Brings a database up to date on start: migrations, the demo district into an empty database
 * (when SEED_DEMO says so), and a first admin when there are no users. Credentials that were
 * generated are printed once, through `say`.
 */
export async function prepareDatabase(app: AppContext, say: (line: string) => void): Promise<void> {
  const applied = await migrateLatest(app.db);
  if (applied.length) {
    say(`Applied ${applied.length} migration(s).`);
  }
  // What a ledger import stopped mid-way by the last shutdown left (nobody reads it).
  await sweepLedgerLeftovers(app.db);
  const admin = await ensureAdmin(app);
  if (admin) {
    say(
      admin.generated
        ? `Created admin ${admin.email} with password: ${admin.password}  (shown once; change it under Profile)`
        : `Created admin ${admin.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`,
    );
  }
  if (app.config.seedDemo) {
    const demo = await loadDemoIfEmpty(app, admin?.password);
    if (demo) {
      say(`Loaded the demo district: ${demo.employees} employees, ${demo.proposedLines} proposed lines.`);
      say(
        `Demo users finance@example.org (FINANCE) and viewer@example.org (VIEW_ONLY), password: ${demo.password}`,
      );
    }
  }
}
