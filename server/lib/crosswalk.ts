/* ------------------------------------------------------------------------------------------------
 * The position crosswalk: rules that give a job title a work group, a personnel
 * budget category, a DESE function code and the fund that pays. One engine, used by the import (row by row), the
 * preview and the apply of existing lines (title by title), so a title is read the same way
 * everywhere. Patterns are matched by shared/pattern-match.ts (no pattern can make a match take
 * long, whatever the title).
 *
 * - exact: the title itself, ignoring case and surrounding spaces;
 * - glob: '*' any run of characters (none included), '?' exactly one, the rest literal, covering
 *   the whole title, ignoring case ('*teacher*', 'Para*'); the globs of the function-code rules
 *   (shared/code-patterns.ts) read the same way;
 * - regex: a regular expression in RE2's syntax (what JavaScript's is, less backreferences and
 *   lookaround) searched in the title, ignoring case ('^sub(stitute)?\b').
 *
 * A title longer than MAX_MATCHED_TITLE characters matches no glob and no regex: it is listed with
 * the titles no rule matches.
 *
 * Several rules may match one title. For each thing a rule gives (work group, category, DESE code, fund)
 * the most specific rule that gives it wins: an exact rule over any pattern, then the longer pattern
 * (its characters, wildcards not counted) over the shorter, then the older rule. Rules that lose
 * while giving something else are reported as conflicts, so the screen can say who won and why.
 * ---------------------------------------------------------------------------------------------- */
import type { MatchType } from '@shared/schemas/crosswalk';
import { compileGlob, compileRegex, regexProblem } from '@shared/pattern-match';

export type { MatchType };

/**
 * The longest title (trimmed) a glob or regex rule is matched against: no job title is longer (a
 * line's title is at most 200 characters on the screens), and it bounds the work of one match.
 */
export const MAX_MATCHED_TITLE = 300;

export const MAX_CROSSWALK_PATTERN = 200;

/** The four things a rule can give a line. */
export const CROSSWALK_FIELDS = ['workGroup', 'category', 'deseCode', 'fund'] as const;
export type CrosswalkField = (typeof CROSSWALK_FIELDS)[number];

/**
 * What Apply gives the lines already on file: not the fund, since an employee on file is paid
 * through their position's fund shares (a rule's fund is given at import, to a row naming none).
 */
export const APPLIED_FIELDS = ['workGroup', 'category', 'deseCode'] as const;
export type AppliedField = (typeof APPLIED_FIELDS)[number];

export const FIELD_LABELS: Record<CrosswalkField, string> = {
  workGroup: 'work group',
  category: 'category',
  deseCode: 'DESE code',
  fund: 'fund',
};

/** A rule as the engine needs it. */
export interface CrosswalkRuleRef {
  id: number;
  matchType: MatchType;
  pattern: string;
  workGroupId: number | null;
  workGroupName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  deseCode: string | null;
  fundId: number | null;
  fundName: string | null;
}

/** What one field of a title resolves to, and the rule that gave it. */
export interface FieldHit {
  ruleId: number;
  /** The id (work group, category, fund) or the code (DESE code). */
  value: number | string;
  /** What people read: the group's, category's or fund's name, or the code. */
  label: string;
}

/** A rule that matched the title and gave another value, and why it lost. */
export interface CrosswalkConflict {
  field: CrosswalkField;
  winnerId: number;
  loserId: number;
  winnerLabel: string;
  loserLabel: string;
  /** 'exact over pattern', 'longer pattern (9 characters against 7)', 'older rule'. */
  reason: string;
}

export interface Resolution {
  workGroup: FieldHit | null;
  category: FieldHit | null;
  deseCode: FieldHit | null;
  fund: FieldHit | null;
  /** Every rule that matched the title, most specific first. */
  ruleIds: number[];
  conflicts: CrosswalkConflict[];
}

const trimmed = (t: string) => t.trim();

/** The characters of a pattern that count for specificity (wildcards of a glob left out). */
export function patternWeight(matchType: MatchType, pattern: string): number {
  const p = pattern.trim();
  return matchType === 'glob' ? p.replace(/[*?]/g, '').length : p.length;
}

/**
 * What is wrong with a rule's pattern, in words a person can act on, or null when it is usable:
 * blank, too long, a control character, a glob of nothing but wildcards, a regular expression
 * RE2 cannot compile (a backreference, lookaround, a syntax error).
 */
export function crosswalkPatternProblem(matchType: MatchType, raw: string): string | null {
  const text = raw.trim();
  if (!text) {
    return matchType === 'exact'
      ? 'Write the job title the rule is for'
      : "Write a pattern, such as '*teacher*' or '^para'";
  }
  if (text.length > MAX_CROSSWALK_PATTERN) {
    return `The pattern '${text.slice(0, 40)}…' is longer than ${MAX_CROSSWALK_PATTERN} characters`;
  }

  if (/[\u0000-\u001f\u007f]/.test(text)) {
    return `The pattern '${text.slice(0, 40)}' holds a control character`;
  }
  if (matchType === 'glob' && !/[^*?\s]/.test(text)) {
    return `The pattern '${text}' is only wildcards: it would match every title. Name part of the title`;
  }
  if (matchType === 'regex') {
    const problem = regexProblem(text);
    if (problem) {
      return `'${text}' ${problem}`;
    }
  }
  return null;
}

/** A compiled test of one rule's pattern. Throws on a pattern crosswalkPatternProblem refuses. */
export function compilePattern(matchType: MatchType, pattern: string): (title: string) => boolean {
  const text = pattern.trim();
  if (matchType === 'exact') {
    const want = text.toLowerCase();
    return (title) => trimmed(title).toLowerCase() === want;
  }
  const test = matchType === 'glob' ? compileGlob(text) : compileRegex(text);
  return (title) => trimmed(title).length <= MAX_MATCHED_TITLE && test(title);
}

/** Orders rules most specific first: exact, then heavier pattern, then older. */
export function compareSpecificity(a: CrosswalkRuleRef, b: CrosswalkRuleRef): number {
  const exact = Number(b.matchType === 'exact') - Number(a.matchType === 'exact');
  if (exact) {
    return exact;
  }
  const weight = patternWeight(b.matchType, b.pattern) - patternWeight(a.matchType, a.pattern);
  return weight || a.id - b.id;
}

/** Why `winner` beats `loser` (both matched one title), in the screen's words. */
export function whyWins(winner: CrosswalkRuleRef, loser: CrosswalkRuleRef): string {
  if (winner.matchType === 'exact' && loser.matchType !== 'exact') {
    return 'an exact title wins over a pattern';
  }
  const w = patternWeight(winner.matchType, winner.pattern);
  const l = patternWeight(loser.matchType, loser.pattern);
  if (w !== l) {
    return `the longer pattern wins (${w} characters against ${l})`;
  }
  return 'equally specific: the older rule wins';
}

/** The value a rule gives a field, or null when it gives nothing there. */
export function ruleValue(rule: CrosswalkRuleRef, field: CrosswalkField): FieldHit | null {
  switch (field) {
    case 'workGroup':
      return rule.workGroupId === null
        ? null
        : { ruleId: rule.id, value: rule.workGroupId, label: rule.workGroupName ?? `#${rule.workGroupId}` };
    case 'category':
      return rule.categoryId === null
        ? null
        : { ruleId: rule.id, value: rule.categoryId, label: rule.categoryName ?? `#${rule.categoryId}` };
    case 'fund':
      return rule.fundId === null
        ? null
        : { ruleId: rule.id, value: rule.fundId, label: rule.fundName ?? `#${rule.fundId}` };
    default:
      return rule.deseCode === null ? null : { ruleId: rule.id, value: rule.deseCode, label: rule.deseCode };
  }
}

/** How a rule is named in messages: "exact 'Teacher'", "pattern '*teacher*'". */
export function ruleLabel(rule: Pick<CrosswalkRuleRef, 'matchType' | 'pattern'>): string {
  const kind = rule.matchType === 'exact' ? 'title' : rule.matchType === 'glob' ? 'pattern' : 'regex';
  return `${kind} '${rule.pattern.trim()}'`;
}

/** A stored rule the matcher leaves out, and why. */
export interface UnusableRule {
  ruleId: number;
  pattern: string;
  message: string;
}

/**
 * The rules, compiled once, resolving titles (each distinct title once: a payroll repeats a few
 * hundred titles over thousands of rows).
 */
export class CrosswalkMatcher {
  private readonly rules: { rule: CrosswalkRuleRef; test: (title: string) => boolean }[] = [];
  private readonly cache = new Map<string, Resolution | null>();
  readonly byId: Map<number, CrosswalkRuleRef>;
  /**
   * Stored rules whose pattern is no longer accepted (saved before the checks of today, such as a
   * regex with a backreference): they match nothing, and the preview and the import say why.
   */
  readonly unusable: UnusableRule[] = [];

  constructor(rules: readonly CrosswalkRuleRef[]) {
    for (const rule of [...rules].sort(compareSpecificity)) {
      const problem = crosswalkPatternProblem(rule.matchType, rule.pattern);
      if (problem) {
        this.unusable.push({ ruleId: rule.id, pattern: rule.pattern, message: problem });
      } else {
        this.rules.push({ rule, test: compilePattern(rule.matchType, rule.pattern) });
      }
    }
    this.byId = new Map(rules.map((r) => [r.id, r]));
  }

  get size(): number {
    return this.rules.length;
  }

  /** What the rules give a title: per field the most specific rule giving it; null when none matches. */
  resolve(title: string | null | undefined): Resolution | null {
    if (!title || !title.trim() || !this.rules.length) {
      return null;
    }
    const key = title.trim().toLowerCase();
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      return cached;
    }
    const matched = this.rules.filter((r) => r.test(title)).map((r) => r.rule);
    const result = matched.length ? resolveMatched(matched) : null;
    this.cache.set(key, result);
    return result;
  }
}

/** Resolves the rules that matched one title (most specific first). */
function resolveMatched(matched: readonly CrosswalkRuleRef[]): Resolution {
  const out: Resolution = {
    workGroup: null,
    category: null,
    deseCode: null,
    fund: null,
    ruleIds: matched.map((r) => r.id),
    conflicts: [],
  };
  for (const field of CROSSWALK_FIELDS) {
    let winner: CrosswalkRuleRef | null = null;
    for (const rule of matched) {
      const hit = ruleValue(rule, field);
      if (!hit) {
        continue;
      }
      if (!winner) {
        winner = rule;
        out[field] = hit;
        continue;
      }
      if (hit.value !== out[field]!.value) {
        out.conflicts.push({
          field,
          winnerId: winner.id,
          loserId: rule.id,
          winnerLabel: out[field]!.label,
          loserLabel: hit.label,
          reason: whyWins(winner, rule),
        });
      }
    }
  }
  return out;
}
