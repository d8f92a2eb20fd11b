import { runCli } from './main';

// budget-cli's entry. Every file the CLI writes (backups, PostgreSQL safety dumps, the database it
// restores) is owner-only: they hold salaries and password hashes.
process.umask(0o077);

// A reader that stops early (`budget-cli ledger report | head -2`) closes the pipe, and the next
// write fails with EPIPE: not an error of the command, whose output is simply no longer wanted. The
// rest of the output is dropped (a destroyed stream drops later writes without a word) and the
// command still finishes as usual, so a write it was making commits and the embedded database is
// closed cleanly rather than left mid-way; it then exits quietly with its own code (0 when it
// succeeded), as a Unix tool does. Any other failure of a stream stays the error it is.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') {
      throw err;
    }
  });
}

const code = await runCli(process.argv);
if (code !== 0) {
  process.exit(code);
}
