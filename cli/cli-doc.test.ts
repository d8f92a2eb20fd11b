import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './program';
import { runnable } from '../test/cli-commands';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../docs/CLI.md'), 'utf8');
const README = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
/** The prose with each line break a space, as Markdown reads it: a command may wrap onto the next line. */
const PROSE = DOC.replace(/\s+/g, ' ');
/** Flags every command takes: the program's own (`--as`), and `--json` and `--help`. */
const EVERY_COMMAND = ['--as', '--json', '--help'];

/** A shell line's words, with its quotes taken off; a comment or a redirection ends it. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    if (m[3] !== undefined && /^(#|>|\||&&|;)/.test(m[3])) {
      break;
    }
    words.push(m[1] ?? m[2] ?? m[3]);
  }
  return words;
}

/** The `budget-cli ...` lines of a document's sh examples (README.md writes `node bin/budget-cli.mjs ...`). */
function examples(doc: string): string[] {
  const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].replace(/\\\n/g, ' '));
  return blocks
    .flatMap((b) => b.split('\n'))
    .map((l) => /\b(?:node bin\/budget-cli\.mjs|budget-cli) (.*)$/.exec(l)?.[1])
    .filter((l): l is string => l !== undefined && !/^(#|\.\.\.|<)/.test(l))
    .map((l) => `budget-cli ${l}`);
}

/** The `budget-cli ...` commands written inline in a document's prose (placeholders such as `<group>` and `...` left out). */
function inlineCommands(doc: string): string[] {
  const prose = doc.replace(/```[\s\S]*?```/g, '').replace(/\s+/g, ' ');
  return [...prose.matchAll(/`(?:[A-Z_]+=\S+ )?budget-cli (--as \S+ )?([a-z][^`]*)`/g)]
    .filter((m) => !/<|\.\.\.|…\]/.test(m[2]))
    .map((m) => `budget-cli ${m[1] ?? ''}${m[2]}`);
}

/** What is wrong with one written command line: no such command, a flag it lacks, a required flag left out. */
function problems(program: Command, line: string, requiredToo = true): string[] {
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
    return [`${line}: no such command`];
  }
  const longs = new Set([...cmd.options.map((o) => o.long), ...EVERY_COMMAND]);
  const given = words.filter((w) => w.startsWith('--'));
  const wrong = given.filter((f) => !longs.has(f)).map((f) => `${line}: ${cmd.name()} has no ${f}`);
  if (requiredToo) {
    for (const option of cmd.options.filter((o) => o.mandatory && !given.includes(o.long!))) {
      wrong.push(`${line}: lacks ${option.long}, which ${cmd.name()} requires`);
    }
  }
  return wrong;
}

/**
 * Each command's own paragraph: from its bold name (**`ledger report`**) to the next bold name or
 * heading, with the command's words (its arguments and a `--flag` in the name left out).
 */
function sections(): { name: string; text: string }[] {
  const found: { name: string; text: string }[] = [];
  for (const chapter of DOC.replace(/```[\s\S]*?```/g, '').split(/\n## /)) {
    const parts = chapter.split(/\*\*`([^`]+)`\*\*/);
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i]
        .split(/\s+/)
        .filter((w) => !/^[<[]|^--/.test(w))
        .join(' ');
      found.push({ name, text: parts[i + 1].replace(/\s+/g, ' ') });
    }
  }
  return found;
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
    const lines = examples(DOC);
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.flatMap((line) => problems(program, line))).toEqual([]);
  });

  it("names in each command's paragraph only flags that command takes", async () => {
    const commands = new Map(runnable(await buildProgram()));
    const found = sections();
    expect(found.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const { name, text } of found) {
      const cmd = commands.get(name);
      if (!cmd) {
        wrong.push(`**\`${name}\`**: no such command`);
        continue;
      }
      const longs = new Set([...cmd.options.map((o) => o.long), ...EVERY_COMMAND]);
      const named = new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]));
      for (const flag of [...named].filter((f) => !longs.has(f))) {
        wrong.push(`${name}: the paragraph names ${flag}, which it does not take`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes inline commands, and the README its examples, with real commands and flags', async () => {
    const program = await buildProgram();
    const inline = [...inlineCommands(DOC), ...inlineCommands(README)];
    expect(inline.length).toBeGreaterThan(10);
    const readme = examples(README);
    expect(readme.length).toBeGreaterThan(5);
    // A flag written inline may be one of several the prose goes on to name, so only flags are checked there.
    const wrong = [
      ...inline.flatMap((line) => problems(program, line, false)),
      ...readme.flatMap((l) => problems(program, l)),
    ];
    expect(wrong).toEqual([]);
  });
});

describe('budget-cli --help against what the commands do', () => {
  it("gives budget-year create's default name as the label's, not one fixed year's", async () => {
    const [, create] = runnable(await buildProgram()).find(([words]) => words === 'budget-year create')!;
    const help = create.helpInformation().replace(/\s+/g, ' ');
    // budget-year create FY31 names it 'FY31 Budget' (createBudgetYear: `${label} Budget`).
    expect(help).toContain('--name <name> its name (default: "<label> Budget", e.g. "FY28 Budget")');
  });
});

describe('the positions and funds flags, in docs/CLI.md and --help', () => {
  it('documents --reason in the paragraphs of positions fill, vacate and close', () => {
    const found = new Map(sections().map((s) => [s.name, s.text]));
    const lacking = ['positions fill', 'positions vacate', 'positions close'].filter(
      (name) => !found.get(name)?.includes('--reason'),
    );
    expect(lacking).toEqual([]);
  });

  it("says 'none' clears a grant's award or dates only where it does: funds update, not funds add", async () => {
    const commands = new Map(runnable(await buildProgram()));
    const help = (name: string) => commands.get(name)!.helpInformation().replace(/\s+/g, ' ');
    expect(help('funds add')).not.toMatch(/none/i);
    expect(help('funds update')).toContain("('none' clears it)");
  });
});
