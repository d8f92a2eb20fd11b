import { step, type GroupSpec } from './cola-calc.world';

/**
 * The walk planning-inputs.test.ts checks every tool against, in BigInt cents, from the rules in
 * docs/ARCHITECTURE.md 'Salary rules' (cola-calc.world.ts's step, plus a schedule placement).
 */

/** Cents as the decimal text a column or a CSV holds. */
export const dollars = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** One person the walk starts from. */
export interface P {
  cents: bigint;
  group: string | null;
  hired?: bigint;
  manual?: bigint;
  /** The step held on the work group's schedule (lane BA), when placed. */
  placedStep?: number;
}
/** Each fiscal year's schedule row for lane BA, steps 1.. in order (the librarians' schedule). */
export type Cells = Record<number, bigint[]>;

/** The salary a person is paid the year after `fy - 1`, and the step they then hold. */
function next(p: P, groups: Record<string, GroupSpec>, cells: Cells, fy: number): P {
  const row = cells[fy];
  if (p.placedStep !== undefined && row) {
    const stepNow = Math.min(p.placedStep + 1, row.length);
    return { ...p, cents: row[stepNow - 1], placedStep: stepNow };
  }
  return { ...p, cents: step(p, p.group ? groups[p.group] : null, fy)[0] };
}

/** Payroll of each year base+1..to and of the year before it, walking `people` by the rules. */
export function walk(people: P[], groups: Record<string, GroupSpec>, cells: Cells, to: number, base: number) {
  const years = new Map<number, { payroll: bigint; previous: bigint; first: P[] }>();
  let now = people;
  for (let fy = base + 1; fy <= to; fy += 1) {
    const first = fy === base + 1;
    const moved = now.map((p) => {
      if (p.cents === 0n) {
        return { ...p, cents: first ? (p.hired ?? 0n) : 0n };
      }
      return first && p.manual !== undefined ? { ...p, cents: p.manual } : next(p, groups, cells, fy);
    });
    const sum = (xs: P[]) => xs.reduce((n, x) => n + x.cents, 0n);
    years.set(fy, { payroll: sum(moved), previous: sum(now), first: moved });
    now = moved;
  }
  return years;
}
