import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { lineFunctionCode } from '@shared/function-code';
import { NO_FUNCTION_CODE } from '@shared/schemas/function-codes';
import { useCategories } from '@web/api/lookups';
import { ALL, FilterSelect } from '@web/components/line-filters';

/**
 * The budget grids' function-code filter: all lines, or the lines without a DESE
 * function code of their own or their category's (the server's rule: shared/function-code.ts).
 * The dashboard's 'have no function code' links open a grid with it set: ?functionCode=none, and
 * the fiscal year the dashboard showed (?fiscalYear=2027).
 */

export { NO_FUNCTION_CODE };

const OPTIONS = [
  { value: ALL, label: 'All lines' },
  { value: NO_FUNCTION_CODE, label: 'No function code' },
];

/** Where a grid opens filtered to the lines without a code, for a fiscal year. */
export function unmappedLinesPath(kind: 'employee' | 'proposed', fiscalYear: number): string {
  const screen = kind === 'employee' ? '/admin/operating-budget' : '/admin/proposed-budget';
  return `${screen}?functionCode=${NO_FUNCTION_CODE}&fiscalYear=${fiscalYear}`;
}

/** What the page's address asks of the grid: the function-code filter and a fiscal year. */
export function useFunctionCodeLink(): { functionCode: string; fiscalYear: number | null } {
  const [params] = useSearchParams();
  return useMemo(() => {
    const year = Number(params.get('fiscalYear'));
    return {
      functionCode: params.get('functionCode') === NO_FUNCTION_CODE ? NO_FUNCTION_CODE : ALL,
      fiscalYear: Number.isInteger(year) && year > 1949 && year < 2150 ? year : null,
    };
  }, [params]);
}

/** Each budget category's function code, by id. */
export function useCategoryCodes(): ReadonlyMap<number, string | null> {
  const categories = useCategories();
  return useMemo(
    () => new Map((categories.data?.categories ?? []).map((c) => [c.id, c.deseFunction])),
    [categories.data],
  );
}

/** Whether a line passes the function-code filter. */
export function functionCodeMatches(
  value: string,
  line: { deseCode: string | null; categoryId: number | null },
  categoryCodes: ReadonlyMap<number, string | null>,
): boolean {
  if (value !== NO_FUNCTION_CODE) {
    return true;
  }
  const categoryCode = line.categoryId === null ? null : (categoryCodes.get(line.categoryId) ?? null);
  return lineFunctionCode(line.deseCode, categoryCode) === null;
}

export function FunctionCodeFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
}) {
  return <FilterSelect id={id} label="Function code" value={value} options={OPTIONS} onChange={onChange} />;
}
