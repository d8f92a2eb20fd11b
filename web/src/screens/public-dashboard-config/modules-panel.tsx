import { useState } from 'react';
import {
  COMPONENT_KEYS,
  SHOW_FLAG_OF,
  type PublicDashboardConfig,
  type ShowFlag,
} from '@shared/schemas/public-dashboard';
import { errorMessage } from '@web/api/client';
import { publicDashboardApi, usePublicDashboardMutation } from '@web/api/public-dashboard';
import { Alert } from '@web/components/alert';
import { COMPONENT_LABELS, PROJECTED_FLAG } from './labels';
import { FUND_CHOICE_LABELS, FUND_CHOICES, type FundChoice } from '@shared/schemas/fund-words';

/** What each fund choice means to the admin choosing what residents see. */
const FUND_HINTS: Record<FundChoice, string> = {
  all: 'Grants, revolving funds and the Circuit Breaker with the general fund',
  general: 'Only what the town appropriates, the figure its goal is for',
};

/** Which sections residents see: each box saves its one flag to the draft at once. */
export function ModulesPanel({ config }: { config: PublicDashboardConfig }) {
  const [error, setError] = useState<string | null>(null);
  const toggle = usePublicDashboardMutation((a: { flag: ShowFlag; on: boolean }) =>
    publicDashboardApi.update(config.id, { [a.flag]: a.on }),
  );
  const chooseFunds = usePublicDashboardMutation((funds: FundChoice) =>
    publicDashboardApi.update(config.id, { funds }),
  );
  const saved = {
    onSuccess: () => setError(null),
    onError: (err: unknown) => setError(`Failed to save settings: ${errorMessage(err, 'Unknown error')}`),
  };
  const box = (flag: ShowFlag, name: string, hint: string) => (
    <label key={flag} className="pdc-check pdc-check--hint">
      <input
        type="checkbox"
        checked={config[flag]}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate({ flag, on: e.target.checked }, saved)}
      />
      <span>
        {name}
        <span className="muted"> · {hint}</span>
      </span>
    </label>
  );
  return (
    <section className="card pdc-section" aria-labelledby="pdc-modules-title">
      <h2 id="pdc-modules-title" className="pdc-section__title">
        Visible Modules
      </h2>
      <p className="muted pdc-hint">
        Residents see a section switched on from the next Publish. A section of figures switched off
        (categories, buildings, salaries, headcount) leaves the public page at once.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <fieldset className="pdc-modules">
        <legend className="visually-hidden">Sections shown on the public page</legend>
        {COMPONENT_KEYS.map((key) =>
          box(SHOW_FLAG_OF[key], COMPONENT_LABELS[key].name, COMPONENT_LABELS[key].hint),
        )}
        {box(
          PROJECTED_FLAG,
          'Include projected employees',
          'Count planned positions in the staffing figures',
        )}
      </fieldset>
      <fieldset className="pdc-modules pdc-funds">
        <legend>Funds residents see</legend>
        {FUND_CHOICES.map((f) => (
          <label key={f} className="pdc-check pdc-check--hint">
            <input
              type="radio"
              name="pdc-funds"
              value={f}
              // The choice being saved shows at once; the saved one otherwise (a refusal puts it back).
              checked={(chooseFunds.isPending ? chooseFunds.variables : config.funds) === f}
              disabled={chooseFunds.isPending}
              onChange={() => chooseFunds.mutate(f, saved)}
            />
            <span>
              {FUND_CHOICE_LABELS[f]}
              <span className="muted"> · {FUND_HINTS[f]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
