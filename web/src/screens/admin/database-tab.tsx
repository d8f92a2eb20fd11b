import { errorMessage } from '@web/api/client';
import { useDatabaseStatus, useDownloadBackup } from '@web/api/database';
import { Alert } from '@web/components/alert';

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** Admin Panel, Database: its size on disk and the last backup, and a backup to download. */
export function DatabaseTab() {
  const status = useDatabaseStatus();
  const backup = useDownloadBackup();
  if (status.isError) {
    return <Alert>{errorMessage(status.error, 'Failed to load the database status')}</Alert>;
  }
  const data = status.data;
  const last = data?.lastBackup;
  return (
    <dl className="database-card">
      <dt>Database</dt>
      <dd>
        {data
          ? data.kind === 'pg'
            ? 'PostgreSQL server'
            : "Built-in database (stored in the server's data folder, DATA_DIR)"
          : 'Loading…'}
      </dd>
      <dt>Size on disk</dt>
      <dd>{data ? megabytes(data.bytes) : '…'}</dd>
      <dt>Last backup</dt>
      <dd>
        {last ? (
          `${new Date(last.at).toLocaleString('en-US')} (${last.where})`
        ) : data ? (
          <>
            None recorded. Download one now, or have the server make one on a schedule by running the backup
            command <code>budget-cli backup</code> (the README explains how).
          </>
        ) : (
          '…'
        )}
      </dd>
      <dd>
        <button
          type="button"
          className="btn btn--primary"
          disabled={backup.isPending}
          onClick={() => backup.mutate()}
        >
          {backup.isPending ? 'Preparing backup…' : 'Download a backup'}
        </button>
        {backup.isError && <Alert>{errorMessage(backup.error, 'Backup failed')}</Alert>}
      </dd>
    </dl>
  );
}
