import { useDeseCodes } from '@web/api/budget-categories';
import { functionCodesApi } from '@web/api/function-codes';
import { inChunks } from '@web/api/line-items';
import { BulkPickAction, type BulkPickProps } from '@web/components/bulk-pick-action';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Field } from '@web/components/form/field';

/** Gives the selected lines one DESE function code from the chart (audited per line by the server). */
export async function setFunctionCode(ids: readonly number[], code: string): Promise<number> {
  const parts = await inChunks(ids, (chunk) => functionCodesApi.bulkSet(chunk, code));
  return parts.reduce((n, p) => n + p.count, 0);
}

/** The code picker of a bulk form: DESE's codes in force in the lines' fiscal year, in code order. */
export function FunctionCodeField({
  value,
  onChange,
  fiscalYear,
}: {
  value: string;
  onChange(code: string): void;
  /** The selected lines' fiscal year, whose codes in force are offered. */
  fiscalYear: number | undefined;
}) {
  const codes = useDeseCodes(true, fiscalYear);
  return (
    <Field id="bulk-function-code" label="DESE function code">
      {(control) => (
        <DeseCodeSelect
          {...control}
          value={value}
          codes={codes.data?.codes ?? []}
          emptyLabel={codes.isPending ? 'Loading...' : 'Choose a code'}
          onChange={onChange}
        />
      )}
    </Field>
  );
}

/** The Proposed Budget Manager's 'Set Function Code' bulk action: a button and its dialog. */
export function BulkFunctionCode(props: BulkPickProps & { fiscalYear: number | undefined }) {
  return (
    <BulkPickAction
      {...props}
      title="Set Function Code"
      required="Please choose a function code"
      failure="The function code could not be set"
      field={(value, onChange) => (
        <FunctionCodeField value={value} onChange={onChange} fiscalYear={props.fiscalYear} />
      )}
      apply={async (code) => {
        const n = await setFunctionCode(props.ids, code);
        return `Set function code ${code} on ${n.toLocaleString('en-US')} ${props.noun}`;
      }}
    />
  );
}
