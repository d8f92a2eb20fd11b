export * as auth from './auth';
export {
  type RestoreResult,
  backupToFile,
  databaseStatus,
  downloadBackup,
  openForBackup,
  restoreEmbedded,
  restorePostgres,
} from './backup';
export { applyMigrations, rollBackAllMigrations } from './database';
export { getHistory } from './history';
export { findUserById } from './queries/users';
export { describeContents } from './restore';
export {
  type ClientInfo,
  type FileExport,
  getSecurityLog,
  recordExport,
  recordFileExport,
  recordSecurityEvent,
} from './security-log';
export { loadDemo } from './seed';
export * as sessions from './sessions';
export { prepareDatabase } from './startup';
export { authenticate } from './tokens';
export { actorForEmail } from './users';
export * as users from './users';
