import * as Popover from '@radix-ui/react-popover';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId } from 'react';
import { sectionsFor, type DashboardSettingsApi, type MoneyDecimals } from './dashboard-settings';
import { FieldGroup } from '@web/components/form/field';
import { RadioOption } from '@web/components/form/radio-option';

/**
 * The dashboard's Settings: which sections show and how money reads; remembered in this browser.
 * `positions`: the year shown counts a roster's positions, so the staff cards are named for them.
 */
export function SettingsPanel({
  api,
  positions = false,
}: {
  api: DashboardSettingsApi;
  positions?: boolean;
}) {
  const id = useId();
  const { settings, toggleSection, setDecimals, reset } = api;
  return (
    <Popover.Root>
      <Popover.Trigger className="btn btn--secondary">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path
            d="M2 4h8M13 4h1M2 12h2M7 12h7M10 2v4M4 10v4"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
        Settings
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover-content settings-panel"
          sideOffset={6}
          align="end"
          aria-label="Dashboard settings"
        >
          <fieldset className="settings-panel__group">
            <legend>Sections</legend>
            {sectionsFor(positions).map((section) => (
              <label key={section.key} className="check">
                <input
                  type="checkbox"
                  checked={!settings.hidden.includes(section.key)}
                  onChange={(e) => toggleSection(section.key, e.target.checked)}
                />
                {section.label}
              </label>
            ))}
          </fieldset>
          <FieldGroup id={`${id}-money`} label="Money format" className="settings-panel__group">
            {(labelledBy) => (
              <RadioGroup.Root
                className="radio-list"
                aria-labelledby={labelledBy}
                value={String(settings.decimals)}
                onValueChange={(v) => setDecimals(Number(v) as MoneyDecimals)}
              >
                {[
                  { value: '1', label: 'Millions, 1 decimal ($87.8M)' },
                  { value: '2', label: 'Millions, 2 decimals ($87.83M)' },
                ].map((option) => (
                  <RadioOption key={option.value} value={option.value}>
                    {option.label}
                  </RadioOption>
                ))}
              </RadioGroup.Root>
            )}
          </FieldGroup>
          <div className="settings-panel__footer">
            <span className="field__hint">Saved in this browser.</span>
            <button type="button" className="btn btn--ghost btn--small" onClick={reset}>
              Reset
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
