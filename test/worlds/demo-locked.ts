import type { Knex } from 'knex';
import { expectedLinesByFund, salaryLines } from '../../server/domains/positions/follow-paths.helper';

/**
 * The demo's FY27 (budget year FY26, fiscal year 2027) voted while the FY2026 roster's cost moves:
 * how far its salary lines are from that cost, read from the raw tables in integer cents
 * (follow-paths.helper.ts), and the note's words for those figures, written out here rather than
 * through the rule under test, for the server's and the CLI's tests of the locked lines' note.
 */
export interface Gap {
  /** Salary lines (place and fund) whose amount differs from the positions' cost there. */
  places: number;
  /** What the positions cost less what the lines hold, in cents. */
  difference: bigint;
}

export async function demoGap(db: Knex, budgetYearId: number): Promise<Gap> {
  // By fund: the demo's positions share their cost with grants, each share a salary line of its own.
  const expected = await expectedLinesByFund(db, { budgetYearId, fiscalYear: 2026 });
  const held = await salaryLines(db, { budgetYearId, fiscalYear: 2027 }, true);
  const keys = new Set([...Object.keys(expected), ...Object.keys(held)]);
  const differ = [...keys].filter((k) => (expected[k] ?? 0n) !== (held[k] ?? 0n));
  const sum = (r: Record<string, bigint>) => Object.values(r).reduce((a, b) => a + b, 0n);
  return { places: differ.length, difference: sum(expected) - sum(held) };
}

const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  const dollars = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The note's words for FINANCE (who may not reopen a stage) or ADMIN. */
export function lockedWords(g: Gap, role: 'FINANCE' | 'ADMIN'): string {
  const lines = g.places === 1 ? '1 salary line is' : `${g.places} salary lines are`;
  const gapText =
    g.difference === 0n
      ? `${lines} out of date (the total is the same, spread differently)`
      : `${lines} out of date: they hold ${money(g.difference)} ${g.difference > 0n ? 'less' : 'more'} than the positions cost`;
  const fix =
    role === 'ADMIN'
      ? 'Reopen the stage (Budget Stages), then Update Salary Budget, to bring them in line.'
      : 'An administrator can reopen the stage (Budget Stages); then Update Salary Budget brings them in line.';
  return `FY27's salary lines are locked by the stage School Committee Adopted: this change is not in them. ${gapText}. ${fix}`;
}
