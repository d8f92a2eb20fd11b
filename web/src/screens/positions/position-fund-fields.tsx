import { useEffect, useRef } from 'react';
import { ApiError } from '@web/api/client';
import { useFunds } from '@web/api/funds';
import { Button, RowAction } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import type { FundShareRow } from '@web/screens/positions/position-form-values';
import {
  fteWords,
  fundShareSum,
  fundShareSummary,
  shareThousandths,
} from '@web/screens/positions/position-rules';

/** Problems with the shares by the path the server names them with ('fundShares', 'fundShares.1.fundId'). */
export type ShareErrors = Record<string, string>;

/** The shares' problems among issues (the form's own, or a refused save's details): the first per path. */
export function shareErrorsOf(issues: readonly unknown[]): ShareErrors {
  const out: ShareErrors = {};
  for (const issue of issues) {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    const at = Array.isArray(path) ? path.join('.') : String(path ?? '');
    if ((at === 'fundShares' || at.startsWith('fundShares.')) && typeof message === 'string') {
      out[at] ??= message;
    }
  }
  return out;
}

/** A refused save's share problems (its `details`), placed at the section or the row they name. */
export function serverShareErrors(err: unknown): ShareErrors {
  return err instanceof ApiError && Array.isArray(err.details) ? shareErrorsOf(err.details) : {};
}

/**
 * Takes the user to the first refused share (a save's button may be a screen away from it): the
 * row's box a path names, else the first share, else Split across funds. Nothing when none is refused.
 */
export function focusShareProblem(errors: ShareErrors): void {
  const paths = Object.keys(errors);
  if (paths.length === 0) {
    return;
  }
  const row = paths.map((p) => /^fundShares\.(\d+)\.(fundId|fte)$/.exec(p)).find(Boolean);
  const id = row ? `${row[2] === 'fte' ? 'pos-fund-fte' : 'pos-fund'}-${row[1]}` : 'pos-fund-fte-0';
  (document.getElementById(id) ?? document.getElementById('pos-funds-split'))?.focus();
}

interface PositionFundFieldsProps {
  rows: FundShareRow[];
  /** The form's FTE, as typed. */
  fte: string;
  /** The FTE and shares as read (null for a new position): an FTE change of a split position needs new shares. */
  read: { fte: string; split: boolean } | null;
  errors: ShareErrors;
  /** The form's own message for the shares, shown when no path above placed one. */
  fallbackError?: string;
  onChange(rows: FundShareRow[]): void;
}

/**
 * The funds that pay the position: the general fund's whole by default, or a split by FTE share
 * with the running sum against the FTE. The sum's rule is the server's (mirrored in
 * position-rules.ts); the server's refusals come back under the row or the section they name.
 */
export function PositionFundFields({
  rows,
  fte,
  read,
  errors,
  fallbackError,
  onChange,
}: PositionFundFieldsProps) {
  const funds = useFunds();
  // As GET /funds lists them: the general fund first.
  const list = funds.data?.funds ?? [];
  const general = list.find((f) => f.kind === 'general');
  // Where focus goes once the rows it acted on are drawn (the button pressed may be gone).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    }
  });
  const change = (next: FundShareRow[], focus: string) => {
    focusNext.current = focus;
    onChange(next);
  };
  const setRow = (i: number, patch: Partial<FundShareRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const sum = rows.length ? fundShareSum(fte, rows) : null;
  const newFte = shareThousandths(fte);
  const readFte = read ? shareThousandths(read.fte) : null;
  // The server refuses an FTE change that leaves a split's shares adding up to the old FTE.
  const refit =
    read?.split && rows.length > 0 && sum && sum.left !== 0n && readFte !== null && sum.fte !== readFte
      ? `The FTE is now ${fteWords(sum.fte)} (it was ${fteWords(readFte)}): set the fund shares again so they add up to ${fteWords(sum.fte)} FTE.`
      : null;
  const rowErrors = Object.keys(errors).some((k) => k.startsWith('fundShares.'));
  const sectionError = errors.fundShares ?? (rowErrors ? undefined : fallbackError);
  const sectionAlert = sectionError ? (
    <p className="field__error" role="alert">
      {sectionError}
    </p>
  ) : null;
  const nameOf = (fundId: string) => list.find((f) => String(f.id) === fundId)?.name;

  return (
    <fieldset className="position-funds field--full">
      <legend>Funds</legend>
      {rows.length === 0 ? (
        <div className="position-funds__whole">
          <span>{general?.name ?? 'General fund'} — whole position</span>
          <Button
            id="pos-funds-split"
            disabled={!general}
            onClick={() =>
              change(
                [
                  { fundId: String(general!.id), fte: newFte && newFte > 0n ? fteWords(newFte) : '' },
                  { fundId: '', fte: '' },
                ],
                'pos-fund-1',
              )
            }
          >
            Split across funds
          </Button>
        </div>
      ) : (
        <>
          <ol className="position-funds__rows">
            {rows.map((row, i) => {
              const taken = new Set(rows.filter((_, j) => j !== i).map((r) => r.fundId));
              const number = <span className="visually-hidden"> {i + 1}</span>;
              return (
                // By place: a row's boxes keep their focus while its values change.
                <li key={i} className="position-funds__row">
                  <Field
                    id={`pos-fund-${i}`}
                    label={<>Fund{number}</>}
                    error={errors[`fundShares.${i}.fundId`]}
                  >
                    {(control) => (
                      <Select
                        {...control}
                        value={row.fundId}
                        placeholder={funds.isPending ? 'Loading funds...' : 'Choose a fund'}
                        options={list
                          .filter((f) => !taken.has(String(f.id)))
                          .map((f) => ({ value: String(f.id), label: f.name }))}
                        onValueChange={(fundId) => setRow(i, { fundId })}
                      />
                    )}
                  </Field>
                  <Field
                    id={`pos-fund-fte-${i}`}
                    label={<>FTE share{number}</>}
                    inputMode="decimal"
                    value={row.fte}
                    error={errors[`fundShares.${i}.fte`]}
                    onChange={(e) => setRow(i, { fte: e.target.value })}
                  />
                  <RowAction
                    action="Remove"
                    name={nameOf(row.fundId) ?? `fund ${i + 1}`}
                    onClick={() =>
                      change(
                        rows.filter((_, j) => j !== i),
                        rows.length > 1 ? 'pos-funds-add' : 'pos-funds-split',
                      )
                    }
                  />
                </li>
              );
            })}
          </ol>
          <p className="position-funds__sum" aria-live="polite">
            {sum ? fundShareSummary(sum) : 'Set the FTE to check the shares against it'}
          </p>
          {refit ? (
            <p className="position-funds__refit" role="status">
              {refit}
            </p>
          ) : null}
          {sectionAlert}
          <div className="position-funds__actions">
            <Button
              id="pos-funds-add"
              // Each fund once: none left to add once every fund has a row (the schema bounds the count).
              disabled={rows.length >= list.length}
              onClick={() => change([...rows, { fundId: '', fte: '' }], `pos-fund-${rows.length}`)}
            >
              Add Fund
            </Button>
            <Button onClick={() => change([], 'pos-funds-split')}>
              {general?.name ?? 'General fund'} Only
            </Button>
          </div>
        </>
      )}
      {rows.length === 0 ? sectionAlert : null}
    </fieldset>
  );
}
