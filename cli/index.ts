import { Command } from 'commander';
import { registerDashboardCommands } from './commands/dashboard';
import { registerDbCommands } from './commands/db';
import { registerImportCommands } from './commands/import';
import { registerReferenceCommands } from './commands/reference';
import { registerBudgetCommands } from './commands/budgets';
import { registerLineItemCommands } from './commands/line-items';
import { registerUserCommands } from './commands/users';
import { fail } from './output';

/** budget-cli: scripts what the web app does, through the same services (never its own SQL). */
export function buildProgram(): Command {
  const program = new Command('budget-cli')
    .description(
      'District budget workbench CLI. Uses DATABASE_URL, or the embedded database in DATA_DIR (./data) when the server is not running.',
    )
    .option('--as <email>', 'act as this user (audit rows name them); default: the system actor budget-cli')
    .showHelpAfterError()
    .exitOverride();
  registerDbCommands(program);
  registerDashboardCommands(program);
  registerUserCommands(program);
  registerBudgetCommands(program);
  registerLineItemCommands(program);
  registerImportCommands(program);
  registerReferenceCommands(program);
  return program;
}

const program = buildProgram();
try {
  await program.parseAsync(process.argv);
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') {
    process.exit(0);
  }
  if (code?.startsWith('commander.')) {
    process.exit(2);
  }
  fail(err);
}
