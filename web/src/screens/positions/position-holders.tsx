import { useMemo, useState, type FormEvent } from 'react';
import { fillPositionBody } from '@shared/schemas/positions';
import { errorMessage } from '@web/api/client';
import { useEmployeeLines } from '@web/api/line-lists';
import { useFillPosition, useVacatePosition, type PositionDetail } from '@web/api/positions';
import { employeeName } from '@web/components/employee-cells';
import { Button, RowAction } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { formatMoneyCents } from '@web/lib/format';
import { formatFte, fteThousandths } from '@web/screens/positions/position-rules';

/** How many matching employees the picker offers at once (a year may hold 50,000 lines). */
const PICK_LIMIT = 50;

interface FillValues {
  lineItemId: string;
  fteShare: string;
  reason: string;
}

const EMPTY_FILL: FillValues = { lineItemId: '', fteShare: '', reason: '' };
const CHOOSE_EMPLOYEE = 'Choose the employee who fills the position';

interface PositionHoldersProps {
  position: PositionDetail;
  canEdit: boolean;
  /** `lines`: the server's note when the locked salary lines do not have the change (salaryLines). */
  onDone(message: string, closeDialog?: boolean, lines?: string | null): void;
}

/** Who holds the position and their shares; Vacate for each, and Fill with an employee of the year. */
export function PositionHolders({ position, canEdit, onDone }: PositionHoldersProps) {
  const vacate = useVacatePosition();
  const [find, setFind] = useState('');
  const employees = useEmployeeLines(position.budgetYearId, position.fiscalYear, canEdit);
  const fill = useFillPosition();
  const form = useSchemaForm(fillPositionBody, EMPTY_FILL, {
    toInput: (v: FillValues) => ({
      version: position.version,
      lineItemId: v.lineItemId === '' ? undefined : Number(v.lineItemId),
      fteShare: v.fteShare.trim() === '' ? undefined : Number(v.fteShare.trim()),
      reason: v.reason.trim() || null,
    }),
  });
  const matches = useMemo(() => {
    const words = find.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const lines = employees.data?.lineItems ?? [];
    const held = new Set(position.holderDetails.map((h) => h.lineItemId));
    return lines
      .filter((l) => !held.has(l.id))
      .filter((l) => {
        const text = `${employeeName(l)} ${l.position ?? ''}`.toLowerCase();
        return words.every((w) => text.includes(w));
      })
      .slice(0, PICK_LIMIT);
  }, [employees.data, find, position.holderDetails]);
  const open = fteThousandths(position.unfilledFte) ?? 0n;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      if (form.values.lineItemId === '') {
        // The schema's words for a missing id ('expected number, received undefined') tell a clerk nothing.
        form.setErrors((errors) => ({ ...errors, lineItemId: CHOOSE_EMPLOYEE }));
      }
      return;
    }
    fill.mutate(
      { id: position.id, body },
      {
        onSuccess: (r) => {
          form.reset();
          setFind('');
          onDone(
            `Filled: ${r.position.holderCount} holding ${position.title}`,
            false,
            r.salaryLines?.message,
          );
        },
        onError: (err) => form.applyServerError(err, 'The position was not filled'),
      },
    );
  };

  return (
    <section className="position-section" aria-labelledby="pos-holders-title">
      <h3 id="pos-holders-title">
        Holders · {formatFte(position.filledFte)} of {formatFte(position.fte)} FTE filled
      </h3>
      {position.overFilled ? (
        <p className="field__error" role="alert">
          Over-filled: the holders&apos; shares add up to more than the position&apos;s FTE.
        </p>
      ) : null}
      {position.holderDetails.length === 0 ? <p className="muted">Nobody holds this position.</p> : null}
      <ul className="position-holders">
        {position.holderDetails.map((h) => {
          const name = h.employeeName ?? `line ${h.lineItemId}`;
          return (
            <li key={h.lineItemId}>
              <span>
                <strong>{name}</strong>{' '}
                <span className="position-holders__share">
                  share {formatFte(h.fteShare)} of their {formatFte(h.employeeFte)} FTE ·{' '}
                  {formatMoneyCents(h.budgetedCost)}
                </span>
              </span>
              {canEdit ? (
                <RowAction
                  action="Vacate"
                  name={name}
                  variant="danger"
                  disabled={vacate.isPending}
                  onClick={() =>
                    vacate.mutate(
                      { id: position.id, body: { version: position.version, lineItemId: h.lineItemId } },
                      {
                        onSuccess: (r) =>
                          onDone(`${name} left ${position.title}`, false, r.salaryLines?.message),
                      },
                    )
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {vacate.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(vacate.error, 'The holder was not removed')}
        </p>
      ) : null}
      {canEdit ? (
        <form className="position-fill" onSubmit={submit} noValidate aria-label="Fill the position">
          <Field
            id="pos-fill-find"
            label="Find employee"
            type="search"
            placeholder="Name or title"
            value={find}
            onChange={(e) => setFind(e.target.value)}
          />
          <Field id="pos-fill-employee" label="Employee" error={form.errors.lineItemId}>
            {(control) => (
              <Select
                {...control}
                value={form.values.lineItemId}
                placeholder={
                  employees.isPending ? 'Loading employees...' : `Choose (${matches.length} shown)`
                }
                options={matches.map((l) => ({
                  value: String(l.id),
                  label: `${employeeName(l)} · ${l.position ?? 'no title'} · ${formatFte(l.currentFTE)} FTE`,
                }))}
                onValueChange={form.set('lineItemId')}
              />
            )}
          </Field>
          <div className="position-fill__share">
            <Field
              id="pos-fill-share"
              label="Share (FTE)"
              inputMode="decimal"
              placeholder={open > 0n ? formatFte(position.unfilledFte) : ''}
              {...form.bind('fteShare')}
            />
          </div>
          <Button type="submit" variant="primary" busy={fill.isPending} busyLabel="Filling...">
            Fill Position
          </Button>
          {form.formError ? (
            <p className="field__error" role="alert">
              {form.formError}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
