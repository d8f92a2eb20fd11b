import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useDeleteStateFigures, useSaveStateFigures, type StateFigures } from '@web/api/nss';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { HistoryPanel } from '@web/components/history-panel';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { plainAmount } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { FIGURES, MUNICIPAL_LINES, sourceKey, stateFiguresBody, type FigureKey } from '@shared/schemas/nss';

type Values = Record<FigureKey, string> & Record<`${FigureKey}Source`, string>;
interface Line {
  eoyrCode: string;
  amount: string;
  source: string;
}

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** A figure as typed: commas and a dollar sign are allowed; blank is left for the schema to refuse. */
const number = (v: string) => (v.trim() === '' ? undefined : Number(plainAmount(v)));

function valuesOf(f: StateFigures | undefined): Values {
  return Object.fromEntries(
    FIGURES.flatMap((x) => [
      [x.key, f ? text(f[x.key]) : x.key === 'carryForward' ? '0' : ''],
      [sourceKey(x.key), f ? text(f[sourceKey(x.key)]) : ''],
    ]),
  ) as Values;
}

const linesOf = (f: StateFigures | undefined): Line[] =>
  (f?.municipal ?? []).map((m) => ({ eoyrCode: m.eoyrCode, amount: text(m.amount), source: text(m.source) }));

interface FiguresFormProps {
  fiscalYear: number;
  figures: StateFigures | undefined;
}

/**
 * One fiscal year's state figures: the six DESE figures, each with its source note, and the town's
 * spending on the schools' behalf by End-of-Year-Report line. Checked with the server's schema
 * before it is sent; the server's refusals mark the same fields.
 */
export function FiguresForm({ fiscalYear, figures }: FiguresFormProps) {
  const save = useSaveStateFigures();
  const remove = useDeleteStateFigures();
  const notify = useToast();
  const [values, setValues] = useState<Values>(() => valuesOf(figures));
  const [lines, setLines] = useState<Line[]>(() => linesOf(figures));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fy = fiscalYearLabel(fiscalYear);

  useEffect(() => {
    setValues(valuesOf(figures));
    setLines(linesOf(figures));
    setErrors({});
    setFormError(null);
  }, [fiscalYear, figures]);

  const set = (key: keyof Values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors((old) => ({ ...old, [key]: '' }));
  };
  const showIssues = (issues: { path: string; message: string }[]) => {
    const byPath: Record<string, string> = {};
    for (const i of issues) {
      byPath[i.path] ??= i.message;
    }
    setErrors(byPath);
    setFormError(issues.length ? 'Check the marked figures.' : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...Object.fromEntries(
        FIGURES.flatMap((f) => [
          [f.key, number(values[f.key])],
          [sourceKey(f.key), values[sourceKey(f.key)].trim() || null],
        ]),
      ),
      municipal: lines.map((l) => ({
        eoyrCode: l.eoyrCode,
        amount: number(l.amount),
        source: l.source.trim() || null,
      })),
    };
    const parsed = stateFiguresBody.safeParse(input);
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      return;
    }
    try {
      const res = await save.mutateAsync({ fiscalYear, body: parsed.data });
      setErrors({});
      setFormError(null);
      notify({ title: `${res.created ? 'Entered' : 'Saved'} the ${fy} state figures` });
    } catch (err) {
      const details =
        err instanceof ApiError ? ((err.details ?? []) as { path: string; message: string }[]) : [];
      showIssues(details);
      setFormError(errorMessage(err, 'Failed to save the state figures'));
    }
  };

  const used = new Set(lines.map((l) => l.eoyrCode));
  const free = MUNICIPAL_LINES.filter((l) => !used.has(l.code));
  return (
    <>
      <form className="state-figures-form" onSubmit={submit} noValidate aria-label={`${fy} state figures`}>
        {formError ? <Alert title="The figures were not saved">{formError}</Alert> : null}
        <div className="state-figures-grid">
          {FIGURES.map((f) => (
            <div className="state-figures-row" key={f.key}>
              <Field
                id={`sf-${f.key}`}
                label={f.key === 'foundationEnrollment' ? `${f.label} (pupils)` : f.label}
                inputMode="decimal"
                className={f.key === 'foundationEnrollment' ? 'input' : 'input input--money'}
                value={values[f.key]}
                onChange={(e) => set(f.key)(e.target.value)}
                error={errors[f.key] || undefined}
                hint={
                  f.key === 'carryForward' ? 'DESE’s sign: a shortfall carried in is negative' : undefined
                }
                required={f.key !== 'carryForward'}
              />
              <Field
                id={`sf-${f.key}-source`}
                label={`Source of ${f.label.toLowerCase()}`}
                value={values[sourceKey(f.key)]}
                onChange={(e) => set(sourceKey(f.key))(e.target.value)}
                error={errors[sourceKey(f.key)] || undefined}
              />
            </div>
          ))}
        </div>
        <fieldset className="state-figures-municipal">
          <legend>Town spending on the schools’ behalf (End-of-Year Report lines)</legend>
          {lines.map((line, i) => (
            <div className="state-figures-row state-figures-row--line" key={line.eoyrCode}>
              <span className="state-figures-line__name">
                {line.eoyrCode} {MUNICIPAL_LINES.find((l) => l.code === line.eoyrCode)?.label ?? ''}
              </span>
              <Field
                id={`sf-line-${line.eoyrCode}`}
                label={`Amount, line ${line.eoyrCode}`}
                inputMode="decimal"
                className="input input--money"
                value={line.amount}
                onChange={(e) =>
                  setLines((ls) => ls.map((l, j) => (j === i ? { ...l, amount: e.target.value } : l)))
                }
                error={errors[`municipal.${i}.amount`] || errors[`municipal.${i}.eoyrCode`] || undefined}
              />
              <Field
                id={`sf-line-${line.eoyrCode}-source`}
                label={`Source, line ${line.eoyrCode}`}
                value={line.source}
                onChange={(e) =>
                  setLines((ls) => ls.map((l, j) => (j === i ? { ...l, source: e.target.value } : l)))
                }
              />
              <Button
                variant="secondary"
                className="btn--small"
                onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> line {line.eoyrCode}</span>
              </Button>
            </div>
          ))}
          {free.length ? (
            <div className="field field--inline">
              <label htmlFor="sf-add-line">Add a line</label>
              <Select
                id="sf-add-line"
                value=""
                placeholder="Choose a line…"
                onValueChange={(code) =>
                  setLines((ls) => [...ls, { eoyrCode: code, amount: '', source: '' }])
                }
                options={free.map((l) => ({ value: l.code, label: `${l.code} ${l.label}` }))}
              />
            </div>
          ) : null}
        </fieldset>
        <div className="state-figures-actions">
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
            Save {fy} Figures
          </Button>
          {figures ? (
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync(fiscalYear);
                  notify({ title: `Deleted the ${fy} state figures` });
                } catch (err) {
                  setFormError(errorMessage(err, 'Failed to delete the state figures'));
                }
              }}
            >
              Delete {fy} Figures
            </Button>
          ) : null}
        </div>
      </form>
      {/* Every save and delete of the year's figures, from the audit log. */}
      <HistoryPanel entity="nss-state-figures" id={fiscalYear} />
    </>
  );
}
