import { useEffect, useMemo, useState } from 'react';
import { PUBLIC_DASHBOARD_MESSAGES as M, type PublicDashboardConfig } from '@shared/schemas/public-dashboard';
import { useAllFiscalYears } from '@web/api/fiscal-years';
import {
  publicDashboardApi,
  usePublicDashboardConfig,
  usePublicDashboardMutation,
} from '@web/api/public-dashboard';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { LinksPanel } from './links-panel';
import { ModulesPanel } from './modules-panel';
import { Preview } from './preview';
import { PublishPanel } from './publish-panel';
import { SettingsFields, useSettingsForm, valuesOf, type SettingsValues } from './settings-form';
import './public-dashboard-config.css';
import './preview.css';

/**
 * Public Dashboard Configuration (ADMIN): the address, names, logo and links residents see, which
 * years and sections are published and in what order, and Publish, which stores the snapshot
 * residents are served until the next Publish. Everything saved here is a draft until then; the
 * preview shows it as residents would see it, with what Publish changes.
 */

/** Whether the form holds changes Save Settings has not sent (the years go to the preview as they are). */
function hasUnsaved(values: SettingsValues, config: PublicDashboardConfig): boolean {
  const saved = valuesOf(config);
  return (Object.keys(saved) as (keyof SettingsValues)[]).some(
    (k) => k !== 'publishedYears' && JSON.stringify(values[k]) !== JSON.stringify(saved[k]),
  );
}
export function PublicDashboardConfigScreen() {
  const config = usePublicDashboardConfig();
  if (config.isPending) {
    return <Spinner label="Loading the public dashboard settings..." />;
  }
  if (!config.data) {
    return (
      <>
        <PageHeader title="Public Dashboard Configuration" />
        <Alert>Failed to load the public dashboard settings. Reload the page to try again.</Alert>
      </>
    );
  }
  return <ConfigScreen config={config.data.config} />;
}

function ConfigScreen({ config }: { config: PublicDashboardConfig }) {
  const form = useSettingsForm(config);
  const fiscalYears = useAllFiscalYears(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'info'; text: string } | null>(null);
  const save = usePublicDashboardMutation((body: Parameters<typeof publicDashboardApi.update>[1]) =>
    publicDashboardApi.update(config.id, body),
  );
  const origin = window.location.origin;

  // A save elsewhere (a flag, a Publish) does not reset what is being typed; a new config row does.
  useEffect(() => {
    form.reset(valuesOf(config));
  }, [config.id]);

  useEffect(() => {
    if (notice?.kind !== 'success') {
      return;
    }
    // Success messages go after 3 seconds.
    const timer = window.setTimeout(() => setNotice(null), 3000);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const years = useMemo(() => {
    const withData = (fiscalYears.data?.fiscalYears ?? [])
      .filter((y) => y.itemCount > 0)
      .map((y) => y.fiscalYear);
    return [...new Set([...withData, ...config.publishedYears, ...form.values.publishedYears])].sort(
      (a, b) => a - b,
    );
  }, [fiscalYears.data, config.publishedYears, form.values.publishedYears]);

  const submit = () => {
    const body = form.validate();
    if (!body) {
      return;
    }
    save.mutate(body, {
      onSuccess: ({ config: saved }) => {
        const sent = body.publishedYears.join(',');
        setNotice(
          saved.publishedYears.join(',') === sent
            ? { kind: 'success', text: 'Settings saved.' }
            : { kind: 'info', text: M.savedYearsDiffer },
        );
        form.reset(valuesOf(saved));
      },
      onError: (err) => {
        form.applyServerError(err, 'Unknown error');
        setNotice(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Public Dashboard Configuration"
        subtitle="What residents see at the public address, with no sign-in. Save Settings, links and sections change a draft only; Publish shows them, with the current figures, to residents. The preview shows the draft as residents would see it."
      />
      <div className="pdc-layout">
        <div className="pdc-main">
          <form
            className="card pdc-section"
            aria-labelledby="pdc-settings-title"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <h2 id="pdc-settings-title" className="pdc-section__title">
              Settings
            </h2>
            <SettingsFields form={form} config={config} years={years} origin={origin} />
            {form.formError ? <Alert>{`Failed to save settings: ${form.formError}`}</Alert> : null}
            {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
            <div className="form-actions">
              <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
                Save Settings
              </Button>
            </div>
          </form>
          <ModulesPanel config={config} />
          <LinksPanel configId={config.id} />
        </div>
        <div className="pdc-side">
          <PublishPanel config={config} years={form.values.publishedYears} origin={origin} />
          <Preview
            years={form.values.publishedYears}
            unsaved={hasUnsaved(form.values, config)}
            config={config}
          />
        </div>
      </div>
    </>
  );
}
