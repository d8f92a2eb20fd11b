import { useRef, useState } from 'react';
import { importScheduleFields } from '@shared/schemas/salary-schedules';
import { ApiError, errorMessage } from '@web/api/client';
import { useWorkGroups } from '@web/api/lookups';
import { useUploadSchedule } from '@web/api/salary-schedules';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { savedDescription } from '@web/components/employee-inline-edits';
import { placementCountsText } from '@shared/placement-counts-words';

const NO_GROUP = 'none';

/** The server's refusal and each problem it named in the file (row and column). */
function UploadError({ error }: { error: unknown }) {
  const details =
    error instanceof ApiError && Array.isArray(error.details)
      ? (error.details as { path?: string; message?: string }[]).filter((d) => d.path === 'file')
      : [];
  return (
    <Alert title="The schedule was not imported">
      {details.length > 1 ? (
        <ul>
          {details.map((d, i) => (
            <li key={i}>{d.message}</li>
          ))}
        </ul>
      ) : (
        errorMessage(error, 'Upload failed')
      )}
    </Alert>
  );
}

const INITIAL = { workGroupId: NO_GROUP, name: '', replace: false };

/** Uploads a salary schedule file (.csv or .xlsx) for a work group (COLA Management, Salary Schedules). */
export function UploadForm() {
  const workGroups = useWorkGroups();
  const upload = useUploadSchedule();
  const notify = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  // The text fields are checked with the API's own schema; what the server says about the name or
  // the work group goes under that field, what it says about the file's content into the alert.
  const form = useSchemaForm(importScheduleFields, INITIAL, {
    toInput: (v) => ({ ...v, workGroupId: v.workGroupId === NO_GROUP ? '' : v.workGroupId }),
  });
  const options = [
    { value: NO_GROUP, label: 'No work group (attach later)' },
    ...(workGroups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const submit = () => {
    const fields = form.validate();
    if (!file) {
      setFileError('Choose a .csv or .xlsx file');
    }
    if (!fields || !file) {
      return;
    }
    upload.mutate(
      { file, workGroupId: fields.workGroupId, name: fields.name || undefined, replace: fields.replace },
      {
        onSuccess: (answer) => {
          const { schedule, placements } = answer;
          notify({
            title: `Salary schedule '${schedule.name}' imported`,
            // Its amounts re-price the group's salaries: a voted year's salary lines do not have them.
            description: schedule.workGroupId
              ? savedDescription(`Placements: ${placementCountsText(placements)}`, answer)
              : undefined,
          });
          setFile(null);
          form.reset();
          if (fileRef.current) {
            fileRef.current.value = '';
          }
        },
        onError: (err) => form.applyServerError(err, 'Upload failed'),
      },
    );
  };
  return (
    <section className="card" aria-labelledby="schedule-upload-title">
      <h2 id="schedule-upload-title">Import a salary schedule</h2>
      <p className="muted">
        A .csv or .xlsx with the columns fiscal_year (FY25 or 2025), cola (optional, as printed: 2.5%), step,
        then one column per lane in the schedule’s order. Every step from 1 up in every year, amounts rising
        across each row and down each lane. Attached to a work group, its employees are placed on the cell
        nearest their current salary, marked suggested until someone confirms them.
      </p>
      <div className="form-stack">
        <Field id="schedule-file" label="Schedule file" required error={fileError}>
          {(control) => (
            <input
              ref={fileRef}
              type="file"
              accept=".csv,.xlsx"
              {...control}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
          )}
        </Field>
        <Field
          id="schedule-group"
          label="Work group"
          hint="One schedule per work group."
          error={form.errors.workGroupId}
        >
          {(control) => (
            <Select
              {...control}
              value={form.values.workGroupId}
              onValueChange={form.set('workGroupId')}
              options={options}
            />
          )}
        </Field>
        <Field
          id="schedule-name"
          label="Name"
          hint="The file name unless you give one."
          maxLength={200}
          {...form.bind('name')}
        />
        <label>
          <input
            type="checkbox"
            checked={form.values.replace}
            onChange={(e) => form.setValue('replace', e.target.checked)}
          />{' '}
          Replace the work group’s schedule if it has one (confirmed placements on cells the new schedule has
          are kept)
        </label>
        {upload.isError && !(form.errors.workGroupId || form.errors.name) ? (
          <UploadError error={upload.error} />
        ) : null}
        <div className="form-actions">
          <Button variant="primary" busy={upload.isPending} busyLabel="Importing..." onClick={submit}>
            Import Schedule
          </Button>
        </div>
      </div>
    </section>
  );
}
