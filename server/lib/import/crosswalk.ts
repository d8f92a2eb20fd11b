import { CrosswalkMatcher, ruleLabel, type CrosswalkRuleRef, type FieldHit } from '@server/lib/crosswalk';
import { firstRanked } from '@server/lib/first-ranked';
import { centsOf, fromCents } from '@shared/money';
import type { CrosswalkImportSummary } from '@shared/schemas/crosswalk';

/**
 * The position crosswalk during an operating import: each row's title is looked up (once per
 * distinct title), and what the row lacks (no work group a group of the district has, no category,
 * no DESE code, no fund) is filled from the winning rules. What the file says wins over the crosswalk. It
 * counts as it goes, for the dry run's summary: rows matched, rows no rule matched, and the
 * unmatched titles with their rows and salaries (the wizard offers rules for them).
 */

/** What the crosswalk gave one row, for the preview. */
export interface CrosswalkRowHit {
  /** The winning rules, as people read them ("title 'Teacher'"). */
  rules: string[];
  workGroup: string | null;
  category: string | null;
  deseCode: string | null;
  fund: string | null;
}

/** The columns of a row the crosswalk may fill (text, as the COPY takes them). */
interface RowValues {
  work_group_id?: string | null;
  work_group?: string | null;
  category_id?: string | null;
  dese_code?: string | null;
}

export class CrosswalkImport {
  private readonly matcher: CrosswalkMatcher;
  private matchedRows = 0;
  private unmatchedRows = 0;
  private workGroupRows = 0;
  private categoryRows = 0;
  private deseCodeRows = 0;
  private fundRows = 0;
  private readonly unmatched = new Map<string, { title: string; count: number; cents: bigint }>();

  /** `categoryOfDese`: the category a DESE code means (the import's), for a rule giving a code only. */
  constructor(
    rules: readonly CrosswalkRuleRef[],
    private readonly categoryOfDese: (code: string) => number | null = () => null,
  ) {
    this.matcher = new CrosswalkMatcher(rules);
  }

  /**
   * The fund the rules give `title`, or null. The row's fund is settled before `fill` (fundOf:
   * what the file names wins, a grant must reach the row's year), which is then told if it was this.
   */
  fundFor(title: string | null): FieldHit | null {
    return this.matcher.resolve(title)?.fund ?? null;
  }

  /**
   * Fills `values` from the rules for `title` where the row has no value of its own: a work group
   * when the file names none or one the district does not have (the label becomes the group's
   * name), a category and a DESE code when blank; `fund` is the rule's fund when the row took it.
   * `salary` (the stored amount) is counted for an unmatched title. Returns what the crosswalk
   * gave, or null.
   */
  fill(
    values: RowValues,
    title: string | null,
    salary: string | null,
    fund: FieldHit | null = null,
  ): CrosswalkRowHit | null {
    const res = this.matcher.resolve(title);
    if (!res) {
      this.unmatchedRows += 1;
      const shown = title?.trim() || '(no title)';
      const key = shown.toLowerCase();
      const u = this.unmatched.get(key) ?? { title: shown, count: 0, cents: 0n };
      u.count += 1;
      if (salary !== null && !salary.startsWith('-')) {
        u.cents += centsOf(salary);
      }
      this.unmatched.set(key, u);
      return null;
    }
    this.matchedRows += 1;
    const hit: CrosswalkRowHit = { rules: [], workGroup: null, category: null, deseCode: null, fund: null };
    const used = new Set<number>();
    if (res.workGroup && !values.work_group_id) {
      values.work_group_id = String(res.workGroup.value);
      values.work_group = res.workGroup.label;
      hit.workGroup = res.workGroup.label;
      used.add(res.workGroup.ruleId);
      this.workGroupRows += 1;
    }
    if (res.category && !values.category_id) {
      values.category_id = String(res.category.value);
      hit.category = res.category.label;
      used.add(res.category.ruleId);
      this.categoryRows += 1;
    }
    if (res.deseCode && !values.dese_code) {
      values.dese_code = String(res.deseCode.value);
      hit.deseCode = res.deseCode.label;
      used.add(res.deseCode.ruleId);
      this.deseCodeRows += 1;
    }
    if (fund) {
      hit.fund = fund.label;
      used.add(fund.ruleId);
      this.fundRows += 1;
    }
    if (!values.category_id && values.dese_code) {
      const byCode = this.categoryOfDese(values.dese_code);
      values.category_id = byCode === null ? null : String(byCode);
    }
    hit.rules = [...used].map((id) => ruleLabel(this.matcher.byId.get(id)!));
    return used.size ? hit : null;
  }

  summary(): CrosswalkImportSummary {
    const titles = firstRanked(
      this.unmatched.values(),
      500,
      (a, b) => b.count - a.count || a.title.localeCompare(b.title),
    );
    return {
      rules: this.matcher.size,
      matchedRows: this.matchedRows,
      unmatchedRows: this.unmatchedRows,
      workGroupRows: this.workGroupRows,
      categoryRows: this.categoryRows,
      deseCodeRows: this.deseCodeRows,
      fundRows: this.fundRows,
      unmatchedTitles: titles.map((u) => ({
        title: u.title,
        count: u.count,
        amount: fromCents(u.cents),
      })),
      unmatchedTitleCount: this.unmatched.size,
      unusableRules: this.matcher.unusable,
    };
  }
}
