import { asOption, jsonWanted, programFor } from './program';
import { beginCommand, printJson, report } from './output';

/**
 * One budget-cli run: parses `argv` (node, script, then the arguments) with the command module it
 * names (cli/program.ts), runs it, and returns the exit code: 0, 2 for bad input, 1 otherwise. It
 * writes to process.stdout and process.stderr and never exits the process itself, so the tests can
 * run the same code in their own process (test/cli-process.ts); cli/index.ts exits with the code.
 */
export async function runCli(argv: string[]): Promise<number> {
  beginCommand();
  const json = jsonWanted(argv);
  try {
    const program = await programFor(argv);
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') {
      return 0;
    }
    if (code?.startsWith('commander.')) {
      // commander has said what is wrong on stderr; with --json stdout carries it as the JSON
      // refusal every other error is ('error: unknown option ...' without commander's 'error: ').
      if (json) {
        const message = (err as Error).message.replace(/^error: /, '');
        printJson({ error: message.charAt(0).toUpperCase() + message.slice(1), code: 'VALIDATION_FAILED' });
      }
      return 2;
    }
    return report(err, json, asOption(argv));
  }
}
