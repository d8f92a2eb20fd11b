import { useCallback, useEffect, useState } from 'react';
import { formatMillions } from '@web/lib/format';

/** Every card of the dashboard, in page order, with the names the Settings panel shows (the cards' titles). */
export const SECTIONS = [
  { key: 'gap', label: 'Budget vs town guidance' },
  { key: 'employees', label: 'Employee totals' },
  { key: 'nss', label: 'Net School Spending' },
  { key: 'perPupil', label: 'Spending per Pupil' },
  { key: 'staffing', label: 'Staffing' },
  { key: 'actuals', label: 'Spent to Date' },
  { key: 'categories', label: 'Budget by category' },
  { key: 'buildings', label: 'Budget by building' },
  { key: 'salaries', label: 'Salary distribution' },
  { key: 'headcount', label: 'Headcount by location' },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

/** The staff cards' names for a year that counts a roster's positions (their titles say positions). */
const POSITION_LABELS: Partial<Record<SectionKey, string>> = {
  employees: 'Position totals',
  headcount: 'Positions by location',
};

/** The sections as the Settings panel names them for the year shown: a roster year's staff cards say positions. */
export const sectionsFor = (positions: boolean) =>
  SECTIONS.map((s) => ({ key: s.key, label: (positions && POSITION_LABELS[s.key]) || s.label }));

/** Millions with 1 or 2 decimals. */
export type MoneyDecimals = 1 | 2;

export interface DashboardSettings {
  hidden: SectionKey[];
  decimals: MoneyDecimals;
}

export const DEFAULT_SETTINGS: DashboardSettings = { hidden: [], decimals: 1 };
const STORAGE_KEY = 'dashboard.settings';

/** Reads stored settings, ignoring anything malformed or unknown (a hand-edited value, an old version). */
export function readSettings(raw: string | null): DashboardSettings {
  if (!raw) {
    return DEFAULT_SETTINGS;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<DashboardSettings>;
    const keys = SECTIONS.map((s) => s.key as string);
    return {
      hidden: Array.isArray(parsed.hidden)
        ? (parsed.hidden.filter((k) => keys.includes(k as string)) as SectionKey[])
        : [],
      decimals: parsed.decimals === 2 ? 2 : 1,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The dashboard's settings, remembered in this browser's localStorage. */
export function useDashboardSettings() {
  const [settings, setSettings] = useState<DashboardSettings>(() =>
    readSettings(localStorage.getItem(STORAGE_KEY)),
  );
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  }, [settings]);
  const toggleSection = useCallback((key: SectionKey, visible: boolean) => {
    setSettings((s) => ({
      ...s,
      hidden: visible ? s.hidden.filter((k) => k !== key) : [...new Set([...s.hidden, key])],
    }));
  }, []);
  const setDecimals = useCallback((decimals: MoneyDecimals) => setSettings((s) => ({ ...s, decimals })), []);
  const reset = useCallback(() => setSettings(DEFAULT_SETTINGS), []);
  const shows = useCallback((key: SectionKey) => !settings.hidden.includes(key), [settings.hidden]);
  const money = useCallback(
    (value: number | null | undefined) => formatMillions(value, settings.decimals),
    [settings.decimals],
  );
  return { settings, toggleSection, setDecimals, reset, shows, money };
}

export type DashboardSettingsApi = ReturnType<typeof useDashboardSettings>;
