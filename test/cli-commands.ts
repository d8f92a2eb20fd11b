import type { Command } from 'commander';

/** Every command of the budget-cli program that runs (has an action), by its words: `line-items list`, `publish`. */
export function runnable(program: Command): [string, Command][] {
  const found: [string, Command][] = [];
  const walk = (cmd: Command, words: string[]) => {
    for (const sub of cmd.commands) {
      const path = [...words, sub.name()];
      // commander keeps the action privately; a command without one only groups its subcommands.
      if (!sub.commands.length || (sub as unknown as { _actionHandler: unknown })._actionHandler) {
        found.push([path.join(' '), sub]);
      }
      walk(sub, path);
    }
  };
  walk(program, []);
  return found;
}
