import * as RadioGroup from '@radix-ui/react-radio-group';
import type { ReactNode } from 'react';

/** One choice of a RadioGroup.Root: the app's round radio with its text, the whole row clickable. */
export function RadioOption({ value, children }: { value: string; children: ReactNode }) {
  return (
    <label className="check">
      <RadioGroup.Item value={value} className="radio">
        <RadioGroup.Indicator className="radio__dot" />
      </RadioGroup.Item>
      {children}
    </label>
  );
}
