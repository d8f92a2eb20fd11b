import { useSearchParams } from 'react-router';
import { FUND_CHOICE_LABELS, FUND_CHOICES, type FundChoice } from '@shared/schemas/fund-words';
import { Select } from '@web/components/select';

/** The screen's fund choice, kept in the address (?funds=general) so a link or a reload keeps it. */
export function useFundChoiceParam(): [FundChoice, (next: FundChoice) => void] {
  const [params, setParams] = useSearchParams();
  const funds: FundChoice = params.get('funds') === 'general' ? 'general' : 'all';
  const setFunds = (next: FundChoice) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'all') {
          out.delete('funds');
        } else {
          out.set('funds', next);
        }
        return out;
      },
      { replace: true },
    );
  return [funds, setFunds];
}

/** A labelled 'Funds' select: every fund's lines, or the general fund's alone. */
export function FundChoiceField({
  id,
  value,
  onChange,
  inline = true,
}: {
  id: string;
  value: FundChoice;
  onChange(funds: FundChoice): void;
  /** Label beside the select (a toolbar) rather than above it. */
  inline?: boolean;
}) {
  return (
    <div className={inline ? 'field field--inline' : 'field'}>
      <label htmlFor={id}>Funds</label>
      <Select
        id={id}
        value={value}
        onValueChange={(v) => onChange(v === 'general' ? 'general' : 'all')}
        options={FUND_CHOICES.map((f) => ({ value: f, label: FUND_CHOICE_LABELS[f] }))}
      />
    </div>
  );
}
