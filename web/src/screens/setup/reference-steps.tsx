import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useBuildings } from '@web/api/buildings';
import {
  publicDashboardConfigQuery,
  usePublicDashboardConfig,
  usePublicDashboardMutation,
  publicDashboardApi,
} from '@web/api/public-dashboard';
import { useSeedCategories, useSetupStepDone } from '@web/api/setup';
import { useWorkGroups } from '@web/api/work-groups';
import { Alert } from '@web/components/alert';
import { errorMessage } from '@web/api/client';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { useToast } from '@web/components/toast';
import { countOf } from '@web/lib/format';
import { createBuildingBody } from '@shared/schemas/buildings';
import {
  PUBLIC_DASHBOARD_MESSAGES,
  updatePublicDashboardConfigBody,
  type UpdatePublicDashboardConfigBody,
} from '@shared/schemas/public-dashboard';
import { createWorkGroupBody } from '@shared/schemas/work-groups';
import { useCreateBuilding } from '@web/api/buildings';
import { useCreateWorkGroup } from '@web/api/work-groups';
import { QuickAdd } from './quick-add';

/** The district's name and logo address, as residents will read them on the public dashboard. */
export function DistrictStep() {
  const queryClient = useQueryClient();
  // Asked for as the step opens, so a Save seldom waits for it; it also holds the saved name and logo.
  const saved = usePublicDashboardConfig().data?.config;
  // Saved as the Public Dashboard screen saves it, so that screen shows it at once.
  const save = usePublicDashboardMutation(
    ({ id, body }: { id: number; body: UpdatePublicDashboardConfigBody }) =>
      publicDashboardApi.update(id, body),
  );
  const done = useSetupStepDone();
  const notify = useToast();
  // Whether the saved logo was put in the field: emptied then, the logo is removed; left empty
  // before the saved one was known, the saved one is kept.
  const [seeded, setSeeded] = useState<{ logoShown: boolean } | null>(null);
  // Checked with the API's own schema, so a bad address is marked on its field before any request,
  // and a refusal's `details` land on the fields they name (its text prefixes each with the path).
  const form = useSchemaForm(
    updatePublicDashboardConfigBody,
    { schoolName: '', schoolLogoUrl: '' },
    {
      toInput: (v) => {
        const logo = v.schoolLogoUrl.trim();
        const logoInput = logo ? { schoolLogoUrl: logo } : seeded?.logoShown ? { schoolLogoUrl: null } : {};
        return { schoolName: v.schoolName.trim(), ...logoInput };
      },
    },
  );
  // Reading the settings' id before the save (their first load may not have answered yet).
  const [reading, setReading] = useState(false);
  // The fields the user went into before the saved values were known: those are theirs and are
  // never filled (the saved name arriving under the cursor made 'Millbrook Public SchoolsEastfield').
  const [entered, setEntered] = useState<{ name?: boolean; logo?: boolean }>({});
  const enter = (field: 'name' | 'logo') => () => {
    if (!seeded && !entered[field]) {
      setEntered((was) => ({ ...was, [field]: true }));
    }
  };

  // The saved name and logo fill the form once known (reloaded, the step read 'Done' over an empty
  // box), set while rendering rather than in an effect so the empty box never paints. Only a field
  // still empty is filled, so nothing typed before they answered is lost; and only once, so a
  // later read (after a save) never puts them back over an edit.
  if (saved && !seeded) {
    const { schoolName, schoolLogoUrl } = form.values;
    const fillLogo = !schoolLogoUrl && !entered.logo;
    setSeeded({ logoShown: fillLogo && Boolean(saved.schoolLogoUrl) });
    form.setValues({
      schoolName: schoolName || entered.name ? schoolName : (saved.schoolName ?? ''),
      schoolLogoUrl: fillLogo ? (saved.schoolLogoUrl ?? '') : schoolLogoUrl,
    });
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.values.schoolName.trim()) {
      form.setFormError(PUBLIC_DASHBOARD_MESSAGES.districtNameRequired);
      return;
    }
    const body = form.validate();
    if (!body) {
      return;
    }
    try {
      // The settings the name is saved in: as loaded, or when their load answers. A Save pressed
      // before then was refused with 'still loading', and the name typed was not saved.
      setReading(true);
      const { config } = await queryClient
        .ensureQueryData(publicDashboardConfigQuery())
        .finally(() => setReading(false));
      await save.mutateAsync({ id: config.id, body });
      notify({ title: `District name saved: ${form.values.schoolName.trim()}` });
      await done();
    } catch (err) {
      form.applyServerError(err, 'Failed to save the district name');
    }
  };

  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      {form.formError ? <Alert title="Not saved">{form.formError}</Alert> : null}
      <div className="form-grid">
        <Field
          id="setup-district-name"
          label="District name"
          required
          onFocus={enter('name')}
          {...form.bind('schoolName')}
        />
        <Field
          id="setup-district-logo"
          label="Logo address"
          hint="A web address (https://...); or upload a file under Public Dashboard"
          onFocus={enter('logo')}
          {...form.bind('schoolLogoUrl')}
        />
      </div>
      <div>
        <Button type="submit" variant="primary" busy={reading || save.isPending} busyLabel="Saving...">
          Save district
        </Button>
      </div>
    </form>
  );
}

/** Add buildings one at a time: name, payroll location code, DESE school code (type and address under Manage Data). */
export function BuildingsStep() {
  const buildings = useBuildings();
  const list = buildings.data?.buildings ?? [];
  return (
    <QuickAdd
      idPrefix="setup-building"
      noun="building"
      existing={list.map((b) => (b.code ? `${b.name} (${b.code})` : b.name))}
      schema={createBuildingBody}
      fields={[
        { key: 'name', label: 'Building name', required: true },
        { key: 'code', label: 'Location code', hint: 'As payroll files write it, e.g. CUR' },
        {
          key: 'deseSchoolCode',
          label: 'DESE school code',
          hint: 'Eight digits, where known, e.g. 00350020',
        },
      ]}
      mutation={useCreateBuilding()}
    />
  );
}

/**
 * What a press added: pressed again once they are there, 'Added 0 budget categories' read as if
 * it had failed.
 */
function seededText(added: readonly string[], alreadyThere: readonly string[]): string {
  if (added.length === 0) {
    const n = alreadyThere.length;
    return `None added: the demo district’s ${countOf(n, 'category', 'categories')} ${n === 1 ? 'is' : 'are'} already there`;
  }
  const kept = alreadyThere.length ? `; ${alreadyThere.length.toLocaleString('en-US')} already there` : '';
  return `Added ${countOf(added.length, 'budget category', 'budget categories')}${kept}`;
}

/**
 * The demo district's categories offered as a start: one click, kept if already there. Once the
 * district has categories the offer steps back (a secondary button that adds only what is missing).
 */
export function CategoriesStep({ done = false }: { done?: boolean }) {
  const seed = useSeedCategories();
  const notify = useToast();
  return (
    <div className="form-stack">
      {seed.isError ? (
        <Alert title="Not added">{errorMessage(seed.error, 'Failed to add categories')}</Alert>
      ) : null}
      <p>
        Start from the demo district’s list (teachers, paraprofessionals, administration and more, each with
        its DESE function code), then rename or remove them under{' '}
        <Link to="/admin/categories">Categories</Link>; or add your own there.
      </p>
      <div>
        <Button
          variant={done ? 'secondary' : 'primary'}
          busy={seed.isPending}
          busyLabel="Adding..."
          onClick={() =>
            seed.mutate(undefined, {
              onSuccess: ({ added, alreadyThere }) => notify({ title: seededText(added, alreadyThere) }),
            })
          }
        >
          {done
            ? 'Add any of the demo district’s categories that are missing'
            : 'Add the demo district’s categories'}
        </Button>
      </div>
    </div>
  );
}

/** Add work groups (bargaining units) one at a time: name and description. */
export function WorkGroupsStep() {
  const groups = useWorkGroups();
  const list = groups.data?.workGroups ?? [];
  return (
    <QuickAdd
      idPrefix="setup-work-group"
      noun="work group"
      existing={list.map((g) => g.name)}
      schema={createWorkGroupBody}
      fields={[
        { key: 'name', label: 'Work group name', required: true, hint: 'e.g. Unit A Teachers' },
        { key: 'description', label: 'Description' },
      ]}
      mutation={useCreateWorkGroup()}
    />
  );
}
