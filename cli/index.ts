import { fail, printJson } from './output';
import { jsonWanted, programFor } from './program';

// budget-cli's entry: parse the arguments with the command module they name (cli/program.ts), run it.
// Every file the CLI writes (backups, PostgreSQL safety dumps, the database it restores) is
// owner-only: they hold salaries and password hashes.
process.umask(0o077);
try {
  const program = await programFor(process.argv);
  await program.parseAsync(process.argv);
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') {
    process.exit(0);
  }
  if (code?.startsWith('commander.')) {
    // commander has said what is wrong on stderr; with --json stdout carries it as the JSON refusal
    // every other error is ('error: unknown option ...' without commander's 'error: ').
    if (jsonWanted()) {
      const message = (err as Error).message.replace(/^error: /, '');
      printJson({ error: message.charAt(0).toUpperCase() + message.slice(1), code: 'VALIDATION_FAILED' });
    }
    process.exit(2);
  }
  fail(err);
}
