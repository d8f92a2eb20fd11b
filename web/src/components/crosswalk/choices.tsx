import { useDeseCodes, type ListedDeseCode } from '@web/api/budget-categories';
import { useFunds } from '@web/api/funds';
import { useCategories, useWorkGroups } from '@web/api/lookups';
import { Select, type SelectOption } from '@web/components/select';
import { deseCodeChoices } from '@web/components/dese-code-select';

// Radix Select items cannot have the value '', so 'nothing chosen' travels as this.
export const NONE = 'none';

/**
 * The lists a rule's values are chosen from (never typed): work groups, personnel categories, DESE
 * codes, and the funds that may pay a title's lines.
 */
export interface RuleChoices {
  workGroups: SelectOption[];
  categories: SelectOption[];
  /** Asked about the fiscal year the rules are applied to: each says whether it is in force then. */
  deseCodes: readonly ListedDeseCode[];
  funds: SelectOption[];
  loading: boolean;
}

/** `fiscalYear`: the year the rules are applied to, whose DESE codes in force are offered. */
export function useRuleChoices(fiscalYear?: number): RuleChoices {
  const groups = useWorkGroups();
  const categories = useCategories();
  const codes = useDeseCodes(true, fiscalYear);
  const funds = useFunds();
  return {
    workGroups: (groups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    // A rule places people: only personnel categories are offered (salaries roll up to them).
    categories: (categories.data?.categories ?? [])
      .filter((c) => c.isPersonnel)
      .map((c) => ({ value: String(c.id), label: c.name })),
    deseCodes: codes.data?.codes ?? [],
    funds: (funds.data?.funds ?? []).map((f) => ({ value: String(f.id), label: `${f.name} (${f.code})` })),
    loading: groups.isPending || categories.isPending || codes.isPending || funds.isPending,
  };
}

const withNone = (options: readonly SelectOption[], label: string) => [{ value: NONE, label }, ...options];

/** An id chosen from a list, or null for 'leave as is'. */
export const idOrNull = (v: string) => (v === NONE || v === '' ? null : Number(v));

/**
 * The options of each picker, 'none' first; DESE codes in code order, those in force and the
 * chosen one (`chosen`, the rule's) if it is retired, marked.
 */
export function pickerOptions(choices: RuleChoices, chosen?: RuleValues) {
  return {
    workGroup: withNone(choices.workGroups, 'No work group'),
    category: withNone(choices.categories, 'No category'),
    deseCode: withNone(deseCodeChoices(choices.deseCodes, chosen?.deseCode ?? null), 'No DESE code'),
    fund: withNone(choices.funds, 'No fund (the file’s, else the general fund)'),
  };
}

/** What a rule gives, as the pickers hold it. */
export interface RuleValues {
  workGroupId: number | null;
  categoryId: number | null;
  deseCode: string | null;
  /** Given by the rule editor only: an import's unmatched-title rows pick the other three. */
  fundId?: number | null;
}

export const givesSomething = (v: RuleValues) =>
  v.workGroupId !== null || v.categoryId !== null || v.deseCode !== null || (v.fundId ?? null) !== null;

/** The three pickers of one unmatched title's row, named by the title (no visible label there). */
export function RowPickers({
  idPrefix,
  title,
  choices,
  value,
  onChange,
}: {
  idPrefix: string;
  title: string;
  choices: RuleChoices;
  value: RuleValues;
  onChange(v: RuleValues): void;
}) {
  const o = pickerOptions(choices, value);
  return (
    <>
      <td>
        <Select
          id={`${idPrefix}-wg`}
          ariaLabel={`Work group for ${title}`}
          value={value.workGroupId === null ? NONE : String(value.workGroupId)}
          options={o.workGroup}
          onValueChange={(v) => onChange({ ...value, workGroupId: idOrNull(v) })}
        />
      </td>
      <td>
        <Select
          id={`${idPrefix}-cat`}
          ariaLabel={`Category for ${title}`}
          value={value.categoryId === null ? NONE : String(value.categoryId)}
          options={o.category}
          onValueChange={(v) => onChange({ ...value, categoryId: idOrNull(v) })}
        />
      </td>
      <td>
        <Select
          id={`${idPrefix}-dese`}
          ariaLabel={`DESE function for ${title}`}
          value={value.deseCode ?? NONE}
          options={o.deseCode}
          onValueChange={(v) => onChange({ ...value, deseCode: v === NONE ? null : v })}
        />
      </td>
    </>
  );
}
