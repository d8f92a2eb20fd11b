import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@web/auth/session-context';

/**
 * Where the Scenario Builder was left: the fiscal year and the scenario live in the URL
 * (`/scenario?fy=2027&scenario=12`, so a link or a reload opens the same place), and each user's last
 * place per budget year is remembered in this browser, so reopening /scenario from the menu goes
 * back to it rather than to the current year with no scenario.
 */
export interface ScenarioPlace {
  fiscalYear: number | null;
  scenarioId: number | null;
}

const storageKey = (userId: number, budgetYearId: number) => `scenario-place:${userId}:${budgetYearId}`;

function readStored(key: string | null): ScenarioPlace | null {
  if (!key) {
    return null;
  }
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ScenarioPlace> | null;
    const id = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);
    return raw ? { fiscalYear: id(raw.fiscalYear), scenarioId: id(raw.scenarioId) } : null;
  } catch {
    // Storage may be blocked or hold something else: start from the defaults.
    return null;
  }
}

const positive = (text: string | null) => {
  const n = Number(text);
  return text && Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function useScenarioPlace(budgetYearId: number | undefined) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const key = user && budgetYearId ? storageKey(user.id, budgetYearId) : null;
  const fromUrl = { fiscalYear: positive(params.get('fy')), scenarioId: positive(params.get('scenario')) };
  const hasUrl = fromUrl.fiscalYear !== null || fromUrl.scenarioId !== null;
  const stored = useMemo(() => (hasUrl ? null : readStored(key)), [hasUrl, key]);
  const place: ScenarioPlace = hasUrl ? fromUrl : (stored ?? { fiscalYear: null, scenarioId: null });

  /** Puts the place in the URL (replacing the entry: no Back step per choice) and remembers it. */
  const remember = useCallback(
    (next: ScenarioPlace) => {
      setParams(
        (prev) => {
          const url = new URLSearchParams(prev);
          for (const [name, value] of [
            ['fy', next.fiscalYear],
            ['scenario', next.scenarioId],
          ] as const) {
            if (value === null) {
              url.delete(name);
            } else {
              url.set(name, String(value));
            }
          }
          return url;
        },
        { replace: true },
      );
      if (key) {
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Not remembered in this browser; the URL still holds it.
        }
      }
    },
    [key, setParams],
  );
  return { ...place, url: fromUrl, remember };
}
