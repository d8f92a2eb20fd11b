import * as RadioGroup from '@radix-ui/react-radio-group';
import { useRef, useState } from 'react';
import type { ImportType } from '@shared/schemas/import';

/** What the tab can import: the two budget imports, and the ledger (actuals); each a kind of the one wizard. */
export type ImportChoice = ImportType | 'ledger';

const TYPES: { value: ImportChoice; title: string; text: string }[] = [
  {
    value: 'operating',
    title: 'Operating budget (employees)',
    text: 'A payroll export or position roster: one line per employee with salary, FTE, position and building.',
  },
  {
    value: 'proposed',
    title: 'Proposed budget (lines)',
    text: 'A budget or ledger export: one line per account or item with an amount, grouped by DESE function.',
  },
  {
    value: 'ledger',
    title: 'Ledger (actuals)',
    text: "The general ledger's year-to-date report: budget, expended and encumbered per account, for Budget vs Actual.",
  },
];

/**
 * The first choice of the CSV Import tab: what kind of file this is. A click, Enter or Space starts
 * that wizard; the arrow keys only move between the types (a radio group checks what it moves to, and
 * ArrowRight used to start the proposed wizard at once).
 */
export function TypeChoice({
  value,
  onChange,
}: {
  value: ImportChoice | null;
  onChange(type: ImportChoice): void;
}) {
  const [shown, setShown] = useState<ImportChoice | null>(value);
  const arrowing = useRef(false);
  return (
    <RadioGroup.Root
      className="imp-types"
      aria-label="What are you importing?"
      value={shown ?? ''}
      onKeyDownCapture={(e) => {
        // Capture: the group moves focus (and checks) in the item's own handler, before bubbling.
        arrowing.current = e.key.startsWith('Arrow');
        const target = e.target as HTMLButtonElement;
        if ((e.key === 'Enter' || e.key === ' ') && target.value) {
          e.preventDefault();
          onChange(target.value as ImportChoice);
        }
      }}
      onValueChange={(v) => {
        setShown(v as ImportChoice);
        if (!arrowing.current) {
          onChange(v as ImportChoice);
        }
        arrowing.current = false;
      }}
    >
      {TYPES.map((t) => (
        <RadioGroup.Item
          key={t.value}
          value={t.value}
          className="imp-type"
          aria-describedby={`import-type-${t.value}`}
        >
          <span className="imp-type__dot" aria-hidden="true">
            <RadioGroup.Indicator asChild>
              <span />
            </RadioGroup.Indicator>
          </span>
          <span>
            <strong>{t.title}</strong>
            <small id={`import-type-${t.value}`}>{t.text}</small>
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
