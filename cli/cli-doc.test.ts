import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './program';
import { runnable } from '../test/cli-commands';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../docs/CLI.md'), 'utf8');
/** The prose with each line break a space, as Markdown reads it: a command may wrap onto the next line. */
const PROSE = DOC.replace(/\s+/g, ' ');

/** A shell line's words, with its quotes taken off; a comment or a redirection ends it. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    if (m[3] !== undefined && /^(#|>|\|)/.test(m[3])) {
      break;
    }
    words.push(m[1] ?? m[2] ?? m[3]);
  }
  return words;
}

/** The `budget-cli ...` lines of the document's sh examples. */
function examples(): string[] {
  const blocks = [...DOC.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap((b) => b.split('\n')).filter((l) => l.startsWith('budget-cli '));
}

describe('docs/CLI.md against budget-cli itself', () => {
  it('describes every command the program has', async () => {
    const missing = runnable(await buildProgram())
      .map(([words]) => words)
      .filter((words) => !new RegExp(`\`${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\` <]`).test(PROSE));
    expect(missing).toEqual([]);
  });

  it('gives examples that name real commands with their real and required flags', async () => {
    const program = await buildProgram();
    const lines = examples();
    expect(lines.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const line of lines) {
      const words = shellWords(line).slice(1);
      if (words[0] === '--as') {
        words.splice(0, 2);
      }
      let cmd: Command = program;
      while (words.length) {
        const sub = cmd.commands.find((c) => c.name() === words[0] || c.aliases().includes(words[0]));
        if (!sub) {
          break;
        }
        cmd = sub;
        words.shift();
      }
      if (cmd === program) {
        wrong.push(`${line}: no such command`);
        continue;
      }
      const longs = new Set(cmd.options.map((o) => o.long));
      const given = words.filter((w) => w.startsWith('--'));
      for (const flag of given.filter((f) => !longs.has(f))) {
        wrong.push(`${line}: ${cmd.name()} has no ${flag}`);
      }
      for (const option of cmd.options.filter((o) => o.mandatory && !given.includes(o.long!))) {
        wrong.push(`${line}: lacks ${option.long}, which ${cmd.name()} requires`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
