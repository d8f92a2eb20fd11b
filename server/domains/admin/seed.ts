import type { AppContext } from '@server/context';
import { conflict } from '@server/errors';
import { generatePassword } from '@server/lib/passwords';
import { authorize, type Actor } from '@server/policies/index';
import { isDatabaseEmpty, seedDemo } from '@seeds/demo';

/**
 * Loads the demo district. Refuses when budget data already exists, so a real district's data is
 * never mixed with the demo. The personas' password is DEMO_PASSWORD, else the one given, else random.
 */
export async function loadDemo(app: AppContext, actor: Actor, password?: string) {
  authorize(actor, 'budgets.manage');
  if (!(await isDatabaseEmpty(app.db))) {
    throw conflict(
      'The database already holds budget data; the demo district loads only into an empty database',
    );
  }
  const personaPassword = app.config.demoPassword ?? password ?? generatePassword();
  const counts = await seedDemo(app.db, { personaPassword, passwordCost: app.config.passwordCost });
  return { ...counts, password: personaPassword };
}

/** Startup: the demo district goes into an empty database only; otherwise nothing happens. */
export async function loadDemoIfEmpty(app: AppContext, password?: string) {
  if (!(await isDatabaseEmpty(app.db))) {
    return null;
  }
  return loadDemo(app, { kind: 'system', id: null, role: 'ADMIN', name: 'startup', email: null }, password);
}
