import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDeseCodes } from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { functionCodesApi } from '@web/api/function-codes';
import { inChunks, refreshAllLines } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';

/** Gives the selected lines one DESE function code from the chart (audited per line by the server). */
export async function setFunctionCode(ids: readonly number[], code: string): Promise<number> {
  const parts = await inChunks(ids, (chunk) => functionCodesApi.bulkSet(chunk, code));
  return parts.reduce((n, p) => n + p.count, 0);
}

/** The code picker of a bulk form: DESE's chart, grouped by series. */
export function FunctionCodeField({ value, onChange }: { value: string; onChange(code: string): void }) {
  const codes = useDeseCodes();
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

interface BulkFunctionCodeProps {
  ids: readonly number[];
  noun: string;
  busy?: boolean;
  onDone(message: string): void;
  onProblem(message: string): void;
}

/** The Proposed Budget Manager's 'Set Function Code' bulk action: a button and its dialog. */
export function BulkFunctionCode({ ids, noun, busy = false, onDone, onProblem }: BulkFunctionCodeProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const many = `${ids.length.toLocaleString('en-US')} ${noun}`;

  const start = () => {
    if (ids.length === 0) {
      onProblem('Please select items first');
      return;
    }
    setCode('');
    setProblem(null);
    setOpen(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setProblem('Please choose a function code');
      return;
    }
    setSaving(true);
    try {
      const n = await setFunctionCode(ids, code);
      setOpen(false);
      onDone(`Set function code ${code} on ${n.toLocaleString('en-US')} ${noun}`);
    } catch (err) {
      setProblem(errorMessage(err, 'The function code could not be set'));
    } finally {
      setSaving(false);
      void refreshAllLines(queryClient);
    }
  };

  return (
    <>
      <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={start}>
        Set Function Code
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Set Function Code" description={`${many} selected`}>
        <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
          {problem ? <Alert title="Nothing was changed">{problem}</Alert> : null}
          <FunctionCodeField value={code} onChange={setCode} />
          <div className="form-actions">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" busy={saving} busyLabel="Applying...">
              Apply
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
