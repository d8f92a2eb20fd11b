import { conflict } from '@server/errors';
import type * as q from './queries/function-code-rules';
import { functionName } from './function-codes';

// How the function-code rules are named in messages and the audit log.

/** 'Budget category Teachers', 'Position title matches Teacher*', 'Account 0100-3-300-0300-99-0-99-4-517006'. */
export function ruleTarget(r: {
  kind: q.RuleKindDb;
  category_name?: string | null;
  work_group_name?: string | null;
  match_text: string | null;
  is_pattern: boolean;
}): string {
  switch (r.kind) {
    case 'category':
      return `Budget category ${r.category_name ?? '(deleted)'}`;
    case 'work_group':
      return `Work group ${r.work_group_name ?? '(deleted)'}`;
    default:
      return `${r.kind === 'position' ? 'Position title' : 'Account'} ${r.is_pattern ? 'matches' : 'is'} ${r.match_text}`;
  }
}

export const describe = (r: q.RuleRow) =>
  `rule ${r.id} (${ruleTarget(r)} → ${r.function_code} ${functionName(r.function_code) ?? ''})`.replace(
    ' )',
    ')',
  );

/**
 * 409: two rules would give lines different codes or funds (`values`); names the rules, how many
 * lines and one of them, and what to do. Nothing is written.
 */
export function disagreement(
  byId: Map<number, q.RuleRow>,
  what: 'code' | 'fund',
  c: { rule_ids: number[]; line_count: number; example_id: number },
  values: string[],
) {
  const rules = c.rule_ids.map((rid) => describe(byId.get(rid)!)).join(' and ');
  const lines = `${c.line_count.toLocaleString('en-US')} line${c.line_count === 1 ? '' : 's'}`;
  return conflict(
    `One line, one ${what}: ${rules} would give ${lines} different ${what}s (${values.join(' and ')}; ` +
      `e.g. line ${c.example_id}). Narrow one of the rules, or give them the same ${what}. Nothing was changed.`,
  );
}
