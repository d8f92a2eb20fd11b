import type { ColaScenario } from '@web/api/cola';
import type { SelectOption } from '@web/components/select';

/** The select value meaning 'the scenario used for next-year salaries' (the API's absent scenarioId). */
export const DEFAULT_SCENARIO = 'default';

/**
 * The scenario choices of a calculation: 'Default' (the scenario used for next-year salaries,
 * whichever it is when the calculation runs) first, then each scenario by name.
 */
export function scenarioOptions(scenarios: readonly ColaScenario[]): SelectOption[] {
  const current = scenarios.find((s) => s.isDefault);
  return [
    {
      value: DEFAULT_SCENARIO,
      label: `Default (${current?.name ?? 'none set'})`,
    },
    ...scenarios.map((s) => ({ value: String(s.id), label: s.name })),
  ];
}
