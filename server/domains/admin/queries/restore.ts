import type { Db } from '@server/db/index';

/** What a restore reads from and writes to a database, whichever version of the schema it has. */

/** The installation's id, or null when its schema predates installation ids. */
export async function installationId(db: Db): Promise<string | null> {
  if (!(await db.schema.hasTable('installation'))) {
    return null;
  }
  const row = (await db('installation').first('id')) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Names the database as this installation's (the restored copy keeps the installation it runs on). */
export async function setInstallationId(db: Db, id: string): Promise<void> {
  await db('installation').update({ id });
}

export async function migrationNames(db: Db): Promise<string[]> {
  return (await db('knex_migrations').orderBy('id').pluck('name')) as string[];
}

/** The user accounts and budget years a database holds (what a restore of it brings). */
export async function accountsAndYears(db: Db): Promise<{ users: number; budgetYears: string[] }> {
  const [{ n }] = (await db('users').count({ n: '*' })) as { n: number | string }[];
  const years = (await db('budget_years').orderBy('fiscal_year').pluck('fiscal_year')) as string[];
  return { users: Number(n), budgetYears: years };
}

/** Ends every session (everyone signs in again); returns how many there were. */
export async function endAllSessions(db: Db): Promise<number> {
  if (!(await db.schema.hasTable('sessions'))) {
    return 0;
  }
  // returning(): PGlite's driver answers a DELETE with a result object, not a count.
  return (await db('sessions').del().returning('id')).length;
}
