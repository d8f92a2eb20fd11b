import { Command, Help, type HelpConfiguration, type Option } from 'commander';

type Register = (program: Command) => void;

/** A command module and the top-level commands it registers, with the help line of each. */
interface CommandGroup {
  load: () => Promise<Register>;
  /**
   * name → the term and description `budget-cli --help` shows (cli/program.test.ts keeps them
   * equal), and the other names the command answers to (commander's .alias()).
   */
  commands: Record<string, { term?: string; description: string; aliases?: string[] }>;
}

/**
 * Every command module, loaded only when its command runs: the services behind them pull in knex,
 * PostgreSQL drivers and zod, which `budget-cli --help` does not need (in the build each module is
 * its own chunk, dist/cli-*.mjs). A new top-level command needs a line here; until then it still
 * works, through the slower path that loads every module.
 */
export const COMMAND_GROUPS: CommandGroup[] = [
  {
    load: async () => (await import('./commands/db')).registerDbCommands,
    commands: { db: { description: 'Database: migrations and the demo district' } },
  },
  {
    load: async () => (await import('./commands/backup')).registerBackupCommands,
    commands: {
      backup: {
        term: 'backup [options] <file>',
        description:
          'Back up the database to FILE (embedded: a copy of the data folder; PostgreSQL: pg_dump custom format)',
      },
      restore: {
        term: 'restore [options] <file>',
        description:
          'Replace the database with a backup made by `backup` (refuses a backup from a newer version)',
      },
    },
  },
  {
    load: async () => (await import('./commands/dashboard')).registerDashboardCommands,
    commands: {
      dashboard: { description: 'Budget Dashboard figures' },
      'town-goals': { description: 'Town budget goals (guidance)' },
      projections: { description: 'Multi-year projections' },
    },
  },
  {
    load: async () => (await import('./commands/users')).registerUserCommands,
    commands: { users: { description: 'User accounts' } },
  },
  {
    load: async () => (await import('./commands/budgets')).registerBudgetCommands,
    commands: { budgets: { description: 'Budgets (scenarios) of a budget year' } },
  },
  {
    load: async () => (await import('./commands/line-items')).registerLineItemCommands,
    commands: { 'line-items': { description: 'Line items of the operating and proposed budgets' } },
  },
  {
    load: async () => (await import('./commands/duplicates')).registerDuplicateCommands,
    commands: {
      duplicates: { description: 'Merge likely duplicate employee records by a rule (Data Quality)' },
    },
  },
  {
    load: async () => (await import('./commands/import')).registerImportCommands,
    commands: {
      import: {
        term: 'import [options] <file>',
        description:
          'Import a payroll (operating) or budget (proposed) file: .csv, .xlsx or .xls, in one transaction',
      },
    },
  },
  {
    load: async () => (await import('./commands/cola')).registerColaCommands,
    commands: {
      project: {
        term: 'project [options]',
        description: 'Project a budget year forward (Generate Projections)',
      },
      rif: { term: 'rif [options]', description: 'Reduction-in-force gap for a fiscal year' },
    },
  },
  {
    load: async () => (await import('./commands/contracts')).registerContractCommands,
    commands: { contracts: { description: 'Union contracts and their yearly COLA' } },
  },
  {
    load: async () => (await import('./commands/schedules')).registerScheduleCommands,
    commands: { schedules: { description: 'Step-and-lane salary schedules' } },
  },
  {
    load: async () => (await import('./commands/positions')).registerPositionCommands,
    commands: { positions: { description: 'Positions: budgeted jobs, filled and vacant' } },
  },
  {
    load: async () => (await import('./commands/scenarios')).registerScenarioCommands,
    commands: { scenarios: { description: 'Scenario Builder: cut scenarios against the town goal' } },
  },
  {
    load: async () => (await import('./commands/ai')).registerAiCommands,
    commands: { ai: { description: 'AI budget-cut analysis with your own Claude API key (--as EMAIL)' } },
  },
  {
    load: async () => (await import('./commands/publish')).registerPublishCommands,
    commands: {
      publish: {
        term: 'publish [options]',
        description:
          'Publish the public dashboard (a snapshot of each year’s public figures), or show its status',
      },
    },
  },
  {
    load: async () => (await import('./commands/stages')).registerStageCommands,
    commands: { stage: { description: 'Budget stages: recommended, adopted, appropriated, revised' } },
  },
  {
    load: async () => (await import('./commands/nss')).registerNssCommands,
    commands: { nss: { description: 'Chapter 70 net school spending: state figures and the NSS meter' } },
  },
  {
    load: async () => (await import('./commands/ledger')).registerLedgerCommands,
    commands: {
      ledger: {
        description: 'General ledger: import a year-to-date ledger, budget vs actual',
        aliases: ['actuals'],
      },
    },
  },
  {
    load: async () => (await import('./commands/dese')).registerDeseCommands,
    commands: { dese: { description: 'DESE function codes and the budget in DESE’s shape' } },
  },
  {
    load: async () => (await import('./commands/crosswalk')).registerCrosswalkCommands,
    commands: {
      crosswalk: {
        description:
          'Position crosswalk: rules giving a payroll title its work group, category, DESE code and fund',
      },
    },
  },
  {
    load: async () => (await import('./commands/salary-budget')).registerSalaryBudgetCommands,
    commands: {
      'salary-budget': { description: "Salary lines of a year set to its payroll or positions' cost" },
    },
  },
  {
    load: async () => (await import('./commands/history')).registerHistoryCommands,
    commands: {
      history: {
        term: 'history [options] <entity> <id>',
        description: 'Change history of a record, newest first (from the audit log)',
      },
    },
  },
  {
    load: async () => (await import('./commands/setup')).registerSetupCommands,
    commands: {
      setup: {
        term: 'setup [options]',
        description: 'First start of a district: name, categories, work groups; prints what is still missing',
      },
      'budget-year': {
        description: 'Budget years: list, create, edit or delete one; close a past fiscal year as history',
      },
    },
  },
  {
    load: async () => (await import('./commands/funds')).registerFundCommands,
    commands: { funds: { description: 'Funds: general fund, grants, revolving funds, Circuit Breaker' } },
  },
  {
    load: async () => (await import('./commands/reference')).registerReferenceCommands,
    commands: {
      buildings: { description: 'Buildings (schools) employees and lines belong to' },
      categories: { description: 'Budget categories' },
      'bulk-update': { description: 'Fix employee data in bulk (as the Admin Panel does)' },
    },
  },
];

/**
 * How every command's flags read in --help (each command copies it from the program when it is
 * made): commander marks nothing for a requiredOption, so a script's author learnt which flags
 * were required only from the refusal; and the empty list a repeatable flag starts from is no
 * default worth showing ('(default: [])').
 */
const HELP: HelpConfiguration = {
  optionDescription(this: Help, option: Option): string {
    const shown =
      Array.isArray(option.defaultValue) && !option.defaultValue.length
        ? Object.assign(Object.create(Object.getPrototypeOf(option) as object) as Option, option, {
            defaultValue: undefined,
          })
        : option;
    const text = Help.prototype.optionDescription.call(this, shown);
    return option.mandatory ? `${text} (required)` : text;
  },
};

/** budget-cli with its global options and no commands; with --json no help after an error (stdout is one document). */
function baseProgram(json: boolean): Command {
  return new Command('budget-cli')
    .description(
      'District budget workbench CLI. Uses DATABASE_URL, or the embedded database in DATA_DIR (./data) when the server is not running.',
    )
    .option('--as <email>', 'act as this user (audit rows name them); default: the system actor budget-cli')
    .configureHelp(HELP)
    .showHelpAfterError(!json)
    .exitOverride();
}

/** The global --as EMAIL of a run (commander reads it before or after the command), for refusals' hints. */
export function asOption(argv: readonly string[]): string | undefined {
  for (let i = 2; i < argv.length && argv[i] !== '--'; i++) {
    if (argv[i] === '--as') {
      return argv[i + 1];
    }
    if (argv[i].startsWith('--as=')) {
      return argv[i].slice('--as='.length);
    }
  }
  return undefined;
}

/** --json asks for one JSON document on stdout, a refusal of the arguments included (cli/main.ts). */
export const jsonWanted = (argv: readonly string[]) => argv.includes('--json');

/** budget-cli: scripts what the web app does, through the same services (never its own SQL). Every command loaded. */
export async function buildProgram(groups: CommandGroup[] = COMMAND_GROUPS, json = false): Promise<Command> {
  const program = baseProgram(json);
  for (const group of groups) {
    (await group.load())(program);
  }
  return program;
}

/** The top-level help without loading any command: each command a placeholder with its help line. */
function overviewProgram(json: boolean): Command {
  const program = baseProgram(json);
  const terms = new Map<Command, string>();
  for (const group of COMMAND_GROUPS) {
    for (const [name, { term, description, aliases }] of Object.entries(group.commands)) {
      const stub = program
        .command(name)
        .aliases(aliases ?? [])
        .description(description);
      if (term) {
        terms.set(stub, term);
      }
    }
  }
  program.configureHelp({
    ...HELP,
    subcommandTerm: (cmd) => terms.get(cmd) ?? new Help().subcommandTerm(cmd),
  });
  return program;
}

/**
 * The command the arguments name (after `node budget-cli`): the first operand, skipping the global
 * `--as <email>`; for `help <command>`, that command. Null when there is none or help is asked
 * for before it (then the overview answers).
 */
export function commandName(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--as') {
      i++;
    } else if (arg === '-h' || arg === '--help') {
      return null;
    } else if (arg === '--') {
      return args[i + 1] ?? null;
    } else if (!arg.startsWith('-')) {
      return arg === 'help' ? commandName(args.slice(i + 1)) : arg;
    }
  }
  return null;
}

/** The program `argv` needs: the one command module it names, the overview for top-level help, else every module. */
export async function programFor(argv: string[]): Promise<Command> {
  const name = commandName(argv.slice(2));
  const json = jsonWanted(argv);
  if (name === null) {
    return overviewProgram(json);
  }
  const group = COMMAND_GROUPS.find(
    (g) =>
      Object.hasOwn(g.commands, name) || Object.values(g.commands).some((c) => c.aliases?.includes(name)),
  );
  return buildProgram(group ? [group] : COMMAND_GROUPS, json);
}
