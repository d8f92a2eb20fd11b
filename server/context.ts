import type { Knex } from 'knex';
import type { AppConfig } from './config';
import type { Logger } from './lib/log';

/** What every service needs besides its input: the database, the configuration and a logger. */
export interface AppContext {
  db: Knex;
  config: AppConfig;
  log: Logger;
}
