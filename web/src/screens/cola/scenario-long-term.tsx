import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useSaveLongTerm, type ColaScenario } from '@web/api/cola';
import { useWorkGroups } from '@web/api/work-groups';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { isColaPercent } from '@shared/schemas/contracts';
import { fiscalYearLabel } from '@shared/budget-math';
import { withLinesNote } from './cola-format';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

type Message = { variant: 'success' | 'error'; title: string; text?: string };
const PERCENT = /^\d+(\.\d+)?$/;

/**
 * The scenario's long-term COLA assumption: what a work group gets after its last contract year and
 * after the scenario's last year, the scenario's figure unless the group has its own. Blank means
 * no assumption: those years get 0% and the projections warn.
 */
export function ScenarioLongTerm({ scenario, canEdit }: { scenario: ColaScenario; canEdit: boolean }) {
  const groups = useWorkGroups();
  const save = useSaveLongTerm();
  const [overall, setOverall] = useState('');
  const [own, setOwn] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    setOverall(scenario.longTermColaPercentage === null ? '' : String(scenario.longTermColaPercentage));
    setOwn(
      Object.fromEntries(scenario.longTermWorkGroups.map((g) => [g.workGroupId, String(g.colaPercentage)])),
    );
    setErrors({});
  }, [scenario]);

  const list = groups.data?.workGroups ?? [];
  const after =
    scenario.lastYear === null
      ? 'the last contract year'
      : `${fiscalYearLabel(scenario.lastYear)} and the last contract year`;

  const onSave = () => {
    const found: Record<string, string> = {};
    const parse = (key: string, text: string) => {
      const t = text.trim();
      if (t === '') {
        return null;
      }
      const n = PERCENT.test(t) ? Number(t) : Number.NaN;
      if (!isColaPercent(n)) {
        found[key] = 'Enter a percent from 0 to 100 with at most 2 decimals';
      }
      return n;
    };
    const body = {
      colaPercentage: parse('colaPercentage', overall),
      workGroups: list.map((g, i) => ({
        workGroupId: g.id,
        colaPercentage: parse(`workGroups.${i}.colaPercentage`, own[g.id] ?? ''),
      })),
    };
    setErrors(found);
    if (Object.keys(found).length) {
      setMessage({
        variant: 'error',
        title: 'Failed to save the long-term assumption: a percent is out of range',
      });
      return;
    }
    save.mutate(
      { id: scenario.id, body },
      {
        onSuccess: (r) =>
          setMessage({
            variant: 'success',
            title: `Long-term COLA assumption saved for ${scenario.name}`,
            text: scenario.isDefault
              ? withLinesNote(`${r.recomputedLines} next-year salaries were recomputed.`, r)
              : 'This scenario is not the one used for next-year salaries, so no salary moved.',
          }),
        onError: (err) => {
          const details =
            err instanceof ApiError && Array.isArray(err.details)
              ? (err.details as { path: string; message: string }[])
              : [];
          setErrors(Object.fromEntries(details.map((d) => [d.path, d.message])));
          setMessage({
            variant: 'error',
            title: `Failed to save the long-term assumption: ${errorMessage(err, 'Unknown error')}`,
          });
        },
      },
    );
  };

  const groupIndex = (id: number) => list.findIndex((g) => g.id === id);
  return (
    <section className="card cola-card" aria-labelledby="long-term-title">
      <h3 id="long-term-title">Long-term COLA assumption</h3>
      <p className="cola-muted">
        The COLA a work group gets after {after}, where no contract or scenario setting gives one. A work
        group’s own figure comes before the scenario’s. Leave it blank to assume none: those years get 0%
        COLA, and the projections say so.
      </p>
      {scenario.longTermColaPercentage === null ? (
        <p className="field__hint" role="note">
          {scenario.name} has no long-term assumption: after {after} every work group without its own figure
          gets 0%.
        </p>
      ) : null}
      {message ? (
        <Alert variant={message.variant} title={message.title}>
          {message.text ?? null}
        </Alert>
      ) : null}
      <div className="field">
        <label htmlFor="long-term-percent">Long-term COLA (%)</label>
        <span className="input-percent">
          <input
            id="long-term-percent"
            className="input input--money"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            disabled={!canEdit}
            aria-invalid={errors.colaPercentage ? true : undefined}
            aria-describedby={errors.colaPercentage ? 'long-term-percent-error' : undefined}
            value={overall}
            onChange={(e) => setOverall(e.target.value)}
          />
          <span aria-hidden="true">%</span>
        </span>
        {errors.colaPercentage ? (
          <span id="long-term-percent-error" className="field__error">
            {errors.colaPercentage}
          </span>
        ) : null}
      </div>
      {list.length ? (
        <ScrollArea label="Long-term COLA by work group">
          <table className="table table--compact">
            <caption>A work group’s own long-term COLA (blank: the scenario’s)</caption>
            <TableHead cols={['Work group', numCol('Long-term COLA')]} />
            <tbody>
              {list.map((g) => {
                const key = `workGroups.${groupIndex(g.id)}.colaPercentage`;
                return (
                  <tr key={g.id}>
                    <th scope="row">{g.name}</th>
                    <td className="num">
                      <span className="input-percent">
                        <input
                          className="input input--money"
                          type="number"
                          inputMode="decimal"
                          min={0}
                          max={100}
                          step={0.01}
                          disabled={!canEdit}
                          aria-label={`${g.name} long-term COLA percent`}
                          aria-invalid={errors[key] ? true : undefined}
                          placeholder={overall}
                          value={own[g.id] ?? ''}
                          onChange={(e) => setOwn((o) => ({ ...o, [g.id]: e.target.value }))}
                        />
                        <span aria-hidden="true">%</span>
                      </span>
                      {errors[key] ? (
                        <span className="field__error cola-grid__error">{errors[key]}</span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
      {canEdit ? (
        <div className="cola-actions">
          <Button variant="primary" busy={save.isPending} busyLabel="Saving..." onClick={onSave}>
            Save Long-Term Assumption
          </Button>
        </div>
      ) : null}
    </section>
  );
}
