/**
 * Test files that hold the clock: the server answers health within 1.5 s while a large import runs,
 * a session ends 2.5 s after its last request, a hostile pattern is refused within its budget.
 * Starved of CPU they fail though nothing is wrong, so a run beside other work leaves them out and
 * runs them afterwards with the machine to itself (vitest.config.ts: CI_TIMED=skip and
 * CI_TIMED=only). test/timed-files.test.ts finds any test file that measures time and is missing here.
 */
export const TIMED_FILES = [
  'seeds/demo.test.ts',
  'server/db/pglite-remote.test.ts',
  'server/domains/line-items/line-items-cache.test.ts',
  'server/db/queue.test.ts',
  'server/lib/account-pattern.test.ts',
  'server/routes/auth-sessions.test.ts',
  'server/routes/hostile-patterns.test.ts',
  'server/routes/import-wide.test.ts',
  'server/routes/ledger-import-size.test.ts',
  'server/routes/ledger-report-large.test.ts',
  'server/routes/nss-csv-wide.test.ts',
  'server/routes/read-storm.test.ts',
  'server/routes/salary-schedules-wide.test.ts',
  'server/routes/sign-in-storm.test.ts',
  'shared/pattern-match.test.ts',
];

/** How a test measures wall-clock time: a file matching it belongs in TIMED_FILES. */
export const MEASURES_TIME = /performance\.now\(\)|process\.hrtime|slowest|_BOUND_MS|BUDGET_MS|const sleep/;
