import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './program';
import { runnable } from '../test/cli-commands';

/** The help lines of one flag, joined: its description may wrap onto the next lines. */
function helpOf(cmd: Command, flags: string): string {
  const lines = cmd.helpInformation().split('\n');
  const start = lines.findIndex((l) => l.trimStart().startsWith(`${flags} `));
  const end = lines.findIndex((l, i) => i > start && /^\s{2}-/.test(l));
  return lines.slice(start, end).join(' ').replace(/\s+/g, ' ').trim();
}

describe('budget-cli --help and --json across every command', () => {
  it('marks each flag a command cannot run without as (required) in its --help', async () => {
    const commands = runnable(await buildProgram());
    const unmarked: string[] = [];
    let required = 0;
    for (const [words, cmd] of commands) {
      for (const option of cmd.options.filter((o) => o.mandatory)) {
        required++;
        if (!helpOf(cmd, option.flags).endsWith('(required)')) {
          unmarked.push(`${words} ${option.flags}`);
        }
      }
    }
    expect(required).toBeGreaterThan(50);
    expect(unmarked).toEqual([]);
    const [, list] = commands.find(([w]) => w === 'line-items list')!;
    expect(helpOf(list, '--type <type>')).toBe('--type <type> operating (employees) or proposed (required)');
  });

  it('says which flags are required where the API alone refused their absence', async () => {
    const commands = new Map(runnable(await buildProgram()));
    const help = (words: string, flags: string) => helpOf(commands.get(words)!, flags);
    expect(help('crosswalk add', '--match <type>')).toMatch(/\(required\)$/);
    expect(help('crosswalk add', '--pattern <text>')).toMatch(/\(required\)$/);
    expect(help('crosswalk update', '--match <type>')).not.toContain('required');
    expect(help('funds add', '--code <code>')).toMatch(/\(required\)$/);
    expect(help('funds add', '--kind <kind>')).toMatch(/\(required\)$/);
    expect(help('funds update', '--code <code>')).not.toContain('required');
    expect(help('scenarios apply', '--cut <category=percent>')).toMatch(/=0 restores one \(required\)$/);
    expect(help('town-goals set', '--dollar <amount>')).toContain('required unless --percent');
    expect(help('budget-year roll-forward', '--from <year>')).toContain('required unless --undo');
    expect(help('buildings add', '--name <name>')).toContain('required, here or as the argument');
  });

  it('shows no empty list as a default, nor a default twice', async () => {
    const commands = runnable(await buildProgram());
    const noisy = commands
      .map(([words, cmd]) => [words, cmd.helpInformation().replace(/\s+/g, ' ')] as const)
      .filter(([, help]) => help.includes('(default: [])') || /\(default\)[^()]*\(default: /.test(help))
      .map(([words]) => words);
    expect(noisy).toEqual([]);
  });

  it('takes --json on every command that prints something', async () => {
    const without = runnable(await buildProgram())
      .filter(([, cmd]) => !cmd.options.some((o) => o.long === '--json'))
      .map(([words]) => words);
    expect(without).toEqual([]);
  });
});
