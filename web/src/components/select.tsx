import * as RadixSelect from '@radix-ui/react-select';
import { useState } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** Options sharing a group are listed together under its name, in order of first appearance. */
  group?: string;
}

function renderItems(options: readonly SelectOption[]) {
  return options.map((option) => (
    <RadixSelect.Item key={option.value} value={option.value} className="select-item">
      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
    </RadixSelect.Item>
  ));
}

/** Ungrouped options first, then each group under a label. */
function renderOptions(options: readonly SelectOption[]) {
  if (!options.some((o) => o.group)) {
    return renderItems(options);
  }
  const groups = new Map<string, SelectOption[]>();
  for (const o of options.filter((o) => o.group)) {
    groups.set(o.group!, [...(groups.get(o.group!) ?? []), o]);
  }
  return (
    <>
      {renderItems(options.filter((o) => !o.group))}
      {[...groups].map(([group, list]) => (
        <RadixSelect.Group key={group}>
          <RadixSelect.Label className="select-group-label">{group}</RadixSelect.Label>
          {renderItems(list)}
        </RadixSelect.Group>
      ))}
    </>
  );
}

interface SelectProps {
  id?: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** Needed when no <label htmlFor={id}> names the control. */
  ariaLabel?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Set by a Field: the trigger reads the field's error or hint and says when it is invalid. */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A styled Radix Select; label it with <label htmlFor={id}> or ariaLabel. */
export function Select({
  id,
  value,
  onValueChange,
  options,
  ariaLabel,
  disabled,
  placeholder,
  ...aria
}: SelectProps) {
  // Radix renders a closed select's items too (off the page, for the trigger's text): a screen's
  // filters drew some 200 items before its first rows. Until the control is focused, pointed at or
  // opened, only the chosen option is rendered; then all (typing a letter on the trigger finds them).
  const [listed, setListed] = useState(false);
  const list = () => setListed(true);
  const shown = listed ? options : options.filter((o) => o.value === value);
  return (
    <RadixSelect.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      onOpenChange={(open) => open && list()}
    >
      <RadixSelect.Trigger
        id={id}
        className="select-trigger"
        aria-label={ariaLabel}
        {...aria}
        onFocus={list}
        onPointerEnter={list}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon aria-hidden="true">
          <svg width="12" height="12" viewBox="0 0 12 12">
            <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport>{renderOptions(shown)}</RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
