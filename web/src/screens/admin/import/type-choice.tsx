import * as RadioGroup from '@radix-ui/react-radio-group';
import type { ImportType } from '@server/schemas/import';

const TYPES: { value: ImportType; title: string; text: string }[] = [
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
];

/** The first choice of the CSV Import tab: what kind of file this is. */
export function TypeChoice({
  value,
  onChange,
}: {
  value: ImportType | null;
  onChange(type: ImportType): void;
}) {
  return (
    <RadioGroup.Root
      className="imp-types"
      aria-label="What are you importing?"
      value={value ?? ''}
      onValueChange={(v) => onChange(v as ImportType)}
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
