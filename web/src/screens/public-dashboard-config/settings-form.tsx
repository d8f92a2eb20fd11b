import { z } from 'zod';
import {
  COMPONENT_KEYS,
  type ComponentKey,
  type PublicDashboardConfig,
  settingsFields,
  SHOW_FLAG_OF,
} from '@shared/schemas/public-dashboard';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Field } from '@web/components/form/field';
import { ComponentOrder } from './component-order';
import { LogoField } from './logo-field';
import { fiscalYearLabel } from '@shared/budget-math';

/** The full settings 'Save Settings' sends, checked with the server's own rules. */
export const settingsSchema = z.strictObject(settingsFields);

export interface SettingsValues {
  urlPath: string;
  schoolName: string;
  schoolLogoUrl: string;
  townWebsiteUrl: string;
  schoolWebsiteUrl: string;
  publishedYears: number[];
  componentOrder: ComponentKey[];
}

export function valuesOf(config: PublicDashboardConfig): SettingsValues {
  const known = new Set<string>(COMPONENT_KEYS);
  const order = config.componentOrder.split(',').filter((k): k is ComponentKey => known.has(k));
  return {
    urlPath: config.urlPath,
    schoolName: config.schoolName ?? '',
    schoolLogoUrl: config.schoolLogoUrl ?? '',
    townWebsiteUrl: config.townWebsiteUrl ?? '',
    schoolWebsiteUrl: config.schoolWebsiteUrl ?? '',
    publishedYears: config.publishedYears,
    componentOrder: [...order, ...COMPONENT_KEYS.filter((k) => !order.includes(k))],
  };
}

export function useSettingsForm(config: PublicDashboardConfig) {
  return useSchemaForm(settingsSchema, valuesOf(config), {
    toInput: (v) => ({ ...v, componentOrder: v.componentOrder.join(',') }),
  });
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;

const fy = fiscalYearLabel;

/** The address, names, logo and websites, the years to publish and the order of the sections. */
export function SettingsFields({
  form,
  config,
  years,
  origin,
}: {
  form: SettingsForm;
  /** The saved settings: which sections residents see (Visible Modules saves them at once). */
  config: PublicDashboardConfig;
  years: number[];
  origin: string;
}) {
  const { values, errors, bind, setValue } = form;
  const toggleYear = (year: number, on: boolean) =>
    setValue(
      'publishedYears',
      on
        ? [...values.publishedYears, year].sort((a, b) => a - b)
        : values.publishedYears.filter((y) => y !== year),
    );
  return (
    <>
      <div className="pdc-form-grid">
        <Field
          id="pdc-url-path"
          label="URL path"
          required
          hint={`Residents open ${origin}/public/${values.urlPath || '…'}`}
          {...bind('urlPath')}
        />
        <Field id="pdc-school-name" label="School name" {...bind('schoolName')} />
        <LogoField
          value={values.schoolLogoUrl}
          error={errors.schoolLogoUrl}
          onChange={(v) => setValue('schoolLogoUrl', v)}
        />
        <Field
          id="pdc-town-url"
          label="Town website URL"
          type="url"
          placeholder="https://"
          {...bind('townWebsiteUrl')}
        />
        <Field
          id="pdc-school-url"
          label="School website URL"
          type="url"
          placeholder="https://"
          {...bind('schoolWebsiteUrl')}
        />
      </div>
      <fieldset
        className="pdc-years"
        aria-describedby={errors.publishedYears ? 'pdc-years-error' : undefined}
      >
        <legend>Published years</legend>
        {years.length === 0 ? <p className="muted">No fiscal year has proposed budget lines yet.</p> : null}
        {years.map((year) => (
          <label key={year} className="pdc-check">
            <input
              type="checkbox"
              checked={values.publishedYears.includes(year)}
              onChange={(e) => toggleYear(year, e.target.checked)}
            />
            {fy(year)}
          </label>
        ))}
        {errors.publishedYears ? (
          <span id="pdc-years-error" className="field__error">
            {errors.publishedYears}
          </span>
        ) : null}
      </fieldset>
      <div className="pdc-order-field">
        <h3 className="pdc-subtitle">Component order</h3>
        <p className="muted">
          Drag a section, or use its arrow buttons, to change where it shows on the page.
        </p>
        <ComponentOrder
          order={values.componentOrder}
          shown={(key) => config[SHOW_FLAG_OF[key]] === true}
          onChange={(order) => setValue('componentOrder', order)}
        />
        {errors.componentOrder ? <span className="field__error">{errors.componentOrder}</span> : null}
      </div>
    </>
  );
}
