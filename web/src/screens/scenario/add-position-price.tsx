import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { centsOf, fromCents } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  refusalText,
  scenarioPositionKeys,
  scenarioPositionsApi,
  type PositionAddBody,
} from '@web/api/scenario-positions';
import { formatMoneyCents } from '@web/lib/format';

/** The value once it has stayed the same for `ms`: the price is asked for when typing stops, not per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * What the position being added would cost, from the add's dry run (the server prices it by the one
 * cost rule, as a vacancy on its work group's schedule). An unpriced add counts $0 in the totals, so
 * the dialog says so, and why, before it is added rather than in a row afterwards.
 */
export function AddPositionPrice({ scenarioId, body }: { scenarioId: number; body: PositionAddBody | null }) {
  const settled = useSettled(body, 300);
  const price = useQuery({
    queryKey: [...scenarioPositionKeys.of(scenarioId), 'add-price', settled],
    queryFn: () => scenarioPositionsApi.add(scenarioId, { ...settled!, dryRun: true }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    // A refusal (no schedule cell at that step and lane) is the answer, not a hiccup to retry.
    retry: false,
  });

  let text: string;
  let unpriced = false;
  if (!body) {
    text = 'Its price shows here once the title, category and FTE are filled in.';
  } else if (price.isError) {
    unpriced = true;
    text = `It cannot be added as it stands: ${refusalText(price.error, 'its price could not be worked out')}`;
  } else if (!price.data || settled === null) {
    text = 'Working out its price…';
  } else {
    // The dry run answers the scenario with the would-be adds among its changes, under negative ids.
    const mine = price.data.changes.filter((c) => c.id < 0);
    const first = mine[0];
    const n = mine.length;
    if (!first || first.amount === null) {
      unpriced = true;
      const why = first?.unpricedReason ?? 'the server gave no price';
      text = `Not priced: ${why}. Added cost and Net will leave ${n === 1 ? 'it' : 'them'} out until it is priced.`;
    } else {
      const total = mine.reduce((sum, c) => sum + centsOf(c.amount ?? 0), 0n);
      const year = fiscalYearLabel(price.data.fiscalYear);
      text =
        n === 1
          ? `Costs ${formatMoneyCents(first.amount)} in ${year}, as a vacancy on its work group's schedule.`
          : `Costs ${formatMoneyCents(first.amount)} each in ${year}, ${formatMoneyCents(fromCents(total))} for ${n}, as vacancies on their work group's schedule.`;
    }
  }
  return (
    <p
      className={`position-price${unpriced ? ' position-price--unpriced' : ''}`}
      role="status"
      aria-busy={price.isFetching}
    >
      {text}
    </p>
  );
}
