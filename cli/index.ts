import { runCli } from './main';

// budget-cli's entry. Every file the CLI writes (backups, PostgreSQL safety dumps, the database it
// restores) is owner-only: they hold salaries and password hashes.
process.umask(0o077);
const code = await runCli(process.argv);
if (code !== 0) {
  process.exit(code);
}
