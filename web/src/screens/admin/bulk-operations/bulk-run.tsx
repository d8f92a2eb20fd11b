import { useState, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { useToast } from '@web/components/toast';
import { Button } from '@web/components/form/button';
import { YearChoice } from './year-choice';
import { numCol, TableHead } from '@web/components/table-head';

interface BulkMutation<V, R> {
  mutate(vars: V, options: { onSuccess(result: R): void; onError(err: unknown): void }): void;
  isPending: boolean;
}

/**
 * A bulk-fix card's state: the fiscal year it covers (changing it drops the result, which was for
 * the other years), the last result and the error. `run` clears the error and calls the mutation.
 * A run whose change the locked salary lines of a voted year do not have (the answer's salaryLines)
 * is told in a toast, titled `done(result)`, as the Employee Budget Manager's bulk actions are.
 */
export function useBulkRun<V, R extends { salaryLines?: { message: string } }>(
  mutation: BulkMutation<V, R>,
  failure: string,
  done: (result: R) => string,
) {
  const notify = useToast();
  const [fiscalYear, setFiscalYear] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chooseYear = (year: number | undefined) => {
    setFiscalYear(year);
    setResult(null);
  };
  /** `onFailure` takes a refused run instead of the card's error (a form puts it on its fields). */
  const run = (vars: V, onFailure?: (err: unknown) => void) => {
    setError(null);
    mutation.mutate(vars, {
      onSuccess: (r) => {
        setResult(r);
        if (r.salaryLines) {
          notify({ title: done(r), description: r.salaryLines.message });
        }
      },
      onError: (err) => (onFailure ? onFailure(err) : setError(errorMessage(err, failure))),
    });
  };
  return { fiscalYear, chooseYear, result, error, setError, run, pending: mutation.isPending };
}

interface BulkControlsProps {
  yearId: string;
  years: readonly number[];
  fiscalYear: number | undefined;
  onYearChange(year: number | undefined): void;
  /** The card's own choices, between the years and the buttons. */
  children?: ReactNode;
  pending: boolean;
  actionLabel: string;
  onRun(dryRun: boolean): void;
}

/** Fiscal years, the card's choices, then Preview (a dry run) and the action itself. */
export function BulkControls(props: BulkControlsProps) {
  const { yearId, years, fiscalYear, onYearChange, children, pending, actionLabel, onRun } = props;
  return (
    <div className="bo-controls">
      {/* Fields top-aligned, so one field's error under it does not shift the others. */}
      <div className="bo-fields">
        <YearChoice id={yearId} years={years} value={fiscalYear} onChange={onYearChange} />
        {children}
      </div>
      <div className="form-actions bo-actions">
        <Button disabled={pending} onClick={() => onRun(true)}>
          Preview
        </Button>
        <Button variant="primary" busy={pending} busyLabel="Working..." onClick={() => onRun(false)}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}

type Cells = readonly [ReactNode, ReactNode, ReactNode, ReactNode];

interface BulkOutcomeProps<R extends { results: readonly unknown[] }> {
  error: string | null;
  result: R | null;
  /** The sentence over the table (what was or would be done). */
  summary(result: R): ReactNode;
  caption: string;
  /** Four headers; the first cell of a row names it, the last is a right-aligned count. */
  headers: Cells;
  rowKey(row: R['results'][number]): string;
  cells(row: R['results'][number]): Cells;
}

/** The error, or the result: its summary and a table of what changed, one row per group. */
export function BulkOutcome<R extends { results: readonly unknown[] }>(props: BulkOutcomeProps<R>) {
  const { error, result, summary, caption, headers, rowKey, cells } = props;
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {result ? (
        <div className="bo-result" role="status">
          <p>{summary(result)}</p>
          {result.results.length ? (
            <table className="table">
              <caption className="visually-hidden">{caption}</caption>
              <TableHead cols={[headers[0], headers[1], headers[2], numCol(headers[3])]} />
              <tbody>
                {result.results.map((row) => {
                  const [name, second, third, total] = cells(row);
                  return (
                    <tr key={rowKey(row)}>
                      <th scope="row">{name}</th>
                      <td>{second}</td>
                      <td>{third}</td>
                      <td className="num">{total}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
