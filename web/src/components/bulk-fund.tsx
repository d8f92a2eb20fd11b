import { ApiError } from '@web/api/client';
import { useFunds } from '@web/api/funds';
import { inChunks, lineItemsApi } from '@web/api/line-items';
import { BulkPickAction, type BulkPickProps } from '@web/components/bulk-pick-action';
import { useFundOptions } from '@web/components/editor-fields';
import { NONE } from '@web/components/employee-form';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';

/**
 * Puts the selected proposed lines on one fund (null: the general fund, which the server stores as
 * naming no fund); audited per line by the server.
 */
export async function setFund(ids: readonly number[], fundId: number | null): Promise<number> {
  try {
    const parts = await inChunks(ids, (chunk) => lineItemsApi.bulkFund(chunk, fundId));
    return parts.reduce((n, p) => n + p.count, 0);
  } catch (err) {
    // A refused fund (missing, or a grant whose period misses the lines' year) comes as a fundId
    // detail; its message reads better without the 'fundId: ' the server's summary puts before it.
    const detail =
      err instanceof ApiError && Array.isArray(err.details)
        ? (err.details as { path?: string; message?: string }[]).find((d) => d.path === 'fundId')
        : undefined;
    throw err instanceof ApiError && detail?.message
      ? new ApiError(err.status, err.code, detail.message, err.details)
      : err;
  }
}

/** The fund picker of a bulk form: the funds as GET /funds lists them, the general fund first. */
export function FundField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const funds = useFunds();
  const options = useFundOptions();
  return (
    <Field id="bulk-fund" label="Fund">
      {(control) => (
        <Select
          {...control}
          value={value}
          placeholder={funds.isPending ? 'Loading...' : 'Choose a fund'}
          options={options}
          onValueChange={onChange}
        />
      )}
    </Field>
  );
}

/**
 * The Proposed Budget Manager's 'Set Fund' bulk action: a button and its dialog. Not offered for
 * employee lines: they are paid through their positions, and the server refuses them.
 */
export function BulkFund(props: BulkPickProps) {
  const options = useFundOptions();
  return (
    <BulkPickAction
      {...props}
      title="Set Fund"
      required="Please choose a fund"
      failure="The fund could not be set"
      field={(value, onChange) => <FundField value={value} onChange={onChange} />}
      apply={async (value) => {
        const n = await setFund(props.ids, value === NONE ? null : Number(value));
        const name = options.find((o) => o.value === value)?.label ?? 'the fund';
        return `Set fund ${name} on ${n.toLocaleString('en-US')} ${props.noun}`;
      }}
    />
  );
}
