/**
 * The stage comparison worked out again, independently of the server, from the lines a test wrote
 * (budget-stages-compare.test.ts): every figure in integer cents, every line's changes field by field.
 */

export interface ModelLine {
  id: number;
  kind: 'proposed' | 'employee';
  /** Account description, or 'Last, First (Position)'. */
  description: string;
  amount?: bigint;
  salary?: bigint;
  next?: bigint;
  position?: string;
  categoryId: number | null;
  buildingId: number | null;
  dese: string | null;
}
export type ModelState = Map<number, ModelLine>;

export const copyState = (s: ModelState): ModelState => new Map([...s].map(([k, v]) => [k, { ...v }]));

/** API money (a number of dollars with at most 2 decimals) as cents. */
export const c = (n: number | null | undefined): bigint | null =>
  n === null || n === undefined ? null : BigInt(Math.round(n * 100));

const sum = (lines: ModelLine[], pick: (l: ModelLine) => bigint | undefined) =>
  lines.reduce((a, l) => a + (pick(l) ?? 0n), 0n);

export interface CentsChange {
  from: bigint;
  to: bigint;
  difference: bigint;
}
const change = (from: bigint, to: bigint): CentsChange => ({ from, to, difference: to - from });

export function expectedTotals(from: ModelState, to: ModelState) {
  const p = (s: ModelState) => [...s.values()].filter((l) => l.kind === 'proposed');
  const e = (s: ModelState) => [...s.values()].filter((l) => l.kind === 'employee');
  return {
    proposed: change(
      sum(p(from), (l) => l.amount),
      sum(p(to), (l) => l.amount),
    ),
    proposedCount: { from: p(from).length, to: p(to).length },
    employeeCount: { from: e(from).length, to: e(to).length },
    salaries: change(
      sum(e(from), (l) => l.salary),
      sum(e(to), (l) => l.salary),
    ),
    nextYearSalaries: change(
      sum(e(from), (l) => l.next),
      sum(e(to), (l) => l.next),
    ),
  };
}

/** Proposed and salary cents per key (category id, building id or DESE code), both sides. */
export function expectedBreakdown(
  from: ModelState,
  to: ModelState,
  key: (l: ModelLine) => number | string | null,
): Map<string, { proposed: CentsChange; salaries: CentsChange }> {
  const out = new Map<string, { proposed: CentsChange; salaries: CentsChange }>();
  const add = (s: ModelState, side: 'from' | 'to') => {
    for (const l of s.values()) {
      const k = String(key(l));
      const row = out.get(k) ?? {
        proposed: { from: 0n, to: 0n, difference: 0n },
        salaries: { from: 0n, to: 0n, difference: 0n },
      };
      const m = l.kind === 'proposed' ? row.proposed : row.salaries;
      m[side] += (l.kind === 'proposed' ? l.amount : l.salary) ?? 0n;
      m.difference = m.to - m.from;
      out.set(k, row);
    }
  };
  add(from, 'from');
  add(to, 'to');
  return out;
}

export interface ExpectedRow {
  lineId: number;
  change: 'added' | 'removed' | 'changed';
  field: string;
  from: bigint | string | null;
  to: bigint | string | null;
  difference: bigint | null;
}

const moneyField = (l: ModelLine) => (l.kind === 'proposed' ? 'amount' : 'currentSalary');
const moneyOf = (l: ModelLine) => (l.kind === 'proposed' ? l.amount : l.salary) ?? 0n;

/**
 * The changed lines field by field (money fields in cents; category and building by id, which the
 * caller maps to the names the server shows). Only the fields these tests change are modelled.
 */
export function expectedLines(from: ModelState, to: ModelState): ExpectedRow[] {
  const rows: ExpectedRow[] = [];
  for (const id of new Set([...from.keys(), ...to.keys()])) {
    const f = from.get(id);
    const t = to.get(id);
    if (!f || !t) {
      const l = (t ?? f)!;
      const v = moneyOf(l);
      rows.push({
        lineId: id,
        change: t ? 'added' : 'removed',
        field: moneyField(l),
        from: t ? null : v,
        to: t ? v : null,
        difference: t ? v : -v,
      });
      continue;
    }
    const push = (field: string, a: bigint | string | null, b: bigint | string | null, money = false) => {
      if (a !== b) {
        rows.push({
          lineId: id,
          change: 'changed',
          field,
          from: a,
          to: b,
          difference: money ? (b as bigint) - (a as bigint) : null,
        });
      }
    };
    push(moneyField(f), moneyOf(f), moneyOf(t), true);
    if (f.kind === 'employee') {
      push('position', f.position ?? null, t.position ?? null);
    }
    push('category', String(f.categoryId), String(t.categoryId));
    push('building', String(f.buildingId), String(t.buildingId));
    push('deseCode', f.dese, t.dese);
  }
  return rows;
}
