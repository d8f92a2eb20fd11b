import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The journal of an embedded restore. The restored copy is written complete
 * beside the data folder first; this file is written next; then two renames swap the folders and
 * the file goes. While it exists the data folder may be half-swapped (no `pgdata` at all between
 * the renames), so opening the database refuses, with what to do, instead of creating an empty one.
 */
export const JOURNAL_FILE = 'restore-journal.json';
export const PREVIOUS_PREFIX = 'pgdata.before-restore-';

export interface RestoreJournal {
  startedAt: string;
  /** The backup being restored. */
  file: string;
  /** Where the database from before goes (relative to the data folder); null when there was none. */
  previous: string | null;
  /** The complete restored copy waiting to become `pgdata` (relative to the data folder). */
  staged: string;
}

/** Writes a file and flushes it and its folder, so a crash cannot leave the journal half there. */
function writeDurably(file: string, text: string): void {
  const temp = `${file}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncFolder(path.dirname(file));
}

/** Flushes a folder's entries (renames in it) to disk. */
export function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function writeJournal(dataDir: string, journal: RestoreJournal): void {
  writeDurably(path.join(dataDir, JOURNAL_FILE), JSON.stringify(journal, null, 2));
}

export function removeJournal(dataDir: string): void {
  rmSync(path.join(dataDir, JOURNAL_FILE), { force: true });
  syncFolder(dataDir);
}

const quote = (p: string) => `'${p.replaceAll("'", `'\\''`)}'`;

/** What to run, and why, for a journal found at start; the state is read from the folders. */
function unfinished(dataDir: string, journal: RestoreJournal): string {
  const pgdata = path.join(dataDir, 'pgdata');
  const staged = path.join(dataDir, journal.staged);
  const previous = journal.previous ? path.join(dataDir, journal.previous) : null;
  const journalFile = path.join(dataDir, JOURNAL_FILE);
  const done = `rm ${quote(journalFile)}`;
  const has = existsSync;
  let before: string;
  let restored: string;
  let keep: string[];
  let finish: string[];
  if (has(staged) && has(pgdata)) {
    // Nothing swapped yet.
    before = pgdata;
    restored = staged;
    keep = [`rm -r ${quote(path.dirname(staged))}`, done];
    finish = [
      ...(previous ? [`mv ${quote(pgdata)} ${quote(previous)}`] : []),
      `mv ${quote(staged)} ${quote(pgdata)}`,
      done,
    ];
  } else if (has(staged)) {
    // Between the renames: no database in place.
    before = previous && has(previous) ? previous : '(none: there was no database before)';
    restored = staged;
    keep = [...(previous && has(previous) ? [`mv ${quote(previous)} ${quote(pgdata)}`] : []), done];
    finish = [`mv ${quote(staged)} ${quote(pgdata)}`, done];
  } else if (has(pgdata)) {
    // Both renames done: only the journal was left to remove.
    before = previous && has(previous) ? previous : '(none: there was no database before)';
    restored = pgdata;
    keep =
      previous && has(previous)
        ? [
            `mv ${quote(pgdata)} ${quote(`${pgdata}.abandoned-restore`)}`,
            `mv ${quote(previous)} ${quote(pgdata)}`,
            done,
          ]
        : [];
    finish = [done];
  } else {
    return (
      `A restore of ${journal.file} into ${dataDir} (started ${journal.startedAt}) did not finish, and ` +
      `neither the restored copy (${staged}) nor a database (${pgdata}) is there. ` +
      `${previous && has(previous) ? `The database from before is ${previous}: to put it back, run\n  mv ${quote(previous)} ${quote(pgdata)} && ${done}\n` : ''}` +
      'The server will not create an empty database in its place.'
    );
  }
  const lines = [
    `A restore of ${journal.file} into ${dataDir} (started ${journal.startedAt}) did not finish. ` +
      'The server and budget-cli will not open the database until you choose, so that nothing starts ' +
      'on a half-swapped data folder or an empty database.',
    `  The database from before the restore: ${before}`,
    `  The restored copy (complete): ${restored}`,
  ];
  if (keep.length) {
    lines.push('To keep the database from before, run:', `  ${keep.join(' && ')}`);
  }
  lines.push('To finish the restore instead, run:', `  ${finish.join(' && ')}`, 'Then start again.');
  return lines.join('\n');
}

/**
 * Refuses to open an embedded data folder an interrupted restore left: a journal is there, or no
 * database but the set-aside copy of an earlier version's restore (which renamed the old folder
 * away before writing the new one).
 */
export function refuseUnfinishedRestore(dataDir: string): void {
  const journalFile = path.join(dataDir, JOURNAL_FILE);
  if (existsSync(journalFile)) {
    throw new Error(unfinished(dataDir, JSON.parse(readFileSync(journalFile, 'utf8')) as RestoreJournal));
  }
  const pgdata = path.join(dataDir, 'pgdata');
  if (existsSync(pgdata) || !existsSync(dataDir)) {
    return;
  }
  const setAside = readdirSync(dataDir)
    .filter((name) => name.startsWith(PREVIOUS_PREFIX))
    .sort();
  if (setAside.length) {
    const newest = path.join(dataDir, setAside[setAside.length - 1]);
    throw new Error(
      `${dataDir} holds no database, but holds ${setAside.join(', ')}: a restore stopped half-way ` +
        '(an earlier version of the app set the database aside before writing the new one). ' +
        'The server and budget-cli will not create an empty database in its place. ' +
        `To put the newest copy back, run\n  mv ${quote(newest)} ${quote(pgdata)}\nthen start again ` +
        '(and restore the backup again if you meant to). To start with an empty database instead, ' +
        'move those folders out of the data folder.',
    );
  }
}
