import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useWorkGroups } from '@web/api/lookups';
import { useUploadSchedule, type PlacementCounts } from '@web/api/salary-schedules';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';

const NO_GROUP = 'none';

/** What a suggestion did, in words. */
export const countsText = (p: PlacementCounts) =>
  `${p.exact} on their exact salary, ${p.suggested} on the nearest cell (within 10%), ${p.unmatched} left unplaced`;

/** The server's refusal and each problem it named (row and column of the file). */
function UploadError({ error }: { error: unknown }) {
  const details =
    error instanceof ApiError && Array.isArray(error.details)
      ? (error.details as { message?: string }[])
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

/** Uploads a salary schedule file (.csv or .xlsx) for a work group (COLA Management, Salary Schedules). */
export function UploadForm() {
  const workGroups = useWorkGroups();
  const upload = useUploadSchedule();
  const notify = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [group, setGroup] = useState(NO_GROUP);
  const [name, setName] = useState('');
  const [replace, setReplace] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const options = [
    { value: NO_GROUP, label: 'No work group (attach later)' },
    ...(workGroups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const submit = () => {
    if (!file) {
      setFileError('Choose a .csv or .xlsx file');
      return;
    }
    const workGroupId = group === NO_GROUP ? undefined : Number(group);
    upload.mutate(
      { file, workGroupId, name: name.trim() || undefined, replace },
      {
        onSuccess: ({ schedule, placements }) => {
          notify({
            title: `Salary schedule '${schedule.name}' imported`,
            description: schedule.workGroupId ? `Placements: ${countsText(placements)}` : undefined,
          });
          setFile(null);
          setName('');
          setReplace(false);
          if (fileRef.current) {
            fileRef.current.value = '';
          }
        },
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
        <Field id="schedule-group" label="Work group" hint="One schedule per work group.">
          {(control) => <Select {...control} value={group} onValueChange={setGroup} options={options} />}
        </Field>
        <Field
          id="schedule-name"
          label="Name"
          hint="The file name unless you give one."
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={200}
        />
        <label>
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace
          the work group’s schedule if it has one (confirmed placements on cells the new schedule has are
          kept)
        </label>
        {upload.isError ? <UploadError error={upload.error} /> : null}
        <div className="form-actions">
          <Button variant="primary" busy={upload.isPending} busyLabel="Importing..." onClick={submit}>
            Import Schedule
          </Button>
        </div>
      </div>
    </section>
  );
}
