import { useEffect, useState, type FormEvent } from 'react';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { VERSION_FISCAL_YEARS } from '@server/schemas/versions';
import { errorMessage } from '@web/api/client';
import { useCreateVersion, type BudgetVersion } from '@web/api/versions';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';

const FISCAL_YEAR_OPTIONS = VERSION_FISCAL_YEARS.map((y) => ({
  value: fiscalYearLabel(y),
  label: fiscalYearLabel(y),
}));

interface CreateVersionModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  budgetYearId: number | undefined;
  /** Preselected fiscal year (the budget year's), when it is one of FY25 to FY30. */
  defaultFiscalYear: number | null | undefined;
  onCreated(version: BudgetVersion): void;
}

/** SPEC sections 5 and 7: a new version needs a fiscal year and a label; it starts as DRAFT. */
export function CreateVersionModal({
  open,
  onOpenChange,
  budgetYearId,
  defaultFiscalYear,
  onCreated,
}: CreateVersionModalProps) {
  const { user } = useSession();
  const create = useCreateVersion();
  const initialYear =
    defaultFiscalYear && (VERSION_FISCAL_YEARS as readonly number[]).includes(defaultFiscalYear)
      ? fiscalYearLabel(defaultFiscalYear)
      : '';
  const [fiscalYear, setFiscalYear] = useState(initialYear);
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  // The header's budget year may have changed since the last time the dialog was open.
  useEffect(() => {
    if (open) {
      setFiscalYear(initialYear);
    }
  }, [open, initialYear]);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setFiscalYear(initialYear);
      setLabel('');
      setDescription('');
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!fiscalYear) {
      setError('Please select a fiscal year');
      return;
    }
    if (!label.trim()) {
      setError('Please enter a version label');
      return;
    }
    setError(null);
    create.mutate(
      {
        fiscalYear,
        label: label.trim(),
        description: description.trim() || null,
        status: 'DRAFT',
        uploadedBy: user?.id ?? 'admin',
        budgetYearId,
      },
      {
        onSuccess: ({ version }) => {
          onCreated(version);
          changeOpen(false);
        },
        onError: (err) => setError(`Failed to create version: ${errorMessage(err, 'Unknown error')}`),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="New Version"
      description="A version labels one upload of a fiscal year's budget. It starts as a draft."
    >
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <div className="field">
          <label htmlFor="version-fiscal-year">Fiscal year</label>
          <Select
            id="version-fiscal-year"
            value={fiscalYear}
            options={FISCAL_YEAR_OPTIONS}
            placeholder="Select a fiscal year"
            onValueChange={setFiscalYear}
          />
        </div>
        <div className="field">
          <label htmlFor="version-label">Label</label>
          <input
            id="version-label"
            className="input"
            required
            maxLength={200}
            placeholder="e.g. Superintendent's Preliminary"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="version-description">Description (optional)</label>
          <textarea
            id="version-description"
            className="input"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={() => changeOpen(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Version'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
