import { SHOW_FLAG_OF, type PublicDashboardConfig } from '@server/schemas/public-dashboard';
import { COMPONENT_LABELS } from './labels';
import type { SettingsValues } from './settings-form';
import { fiscalYearLabel } from '@server/lib/budget-math';

const fy = fiscalYearLabel;

/**
 * What residents will see, as the settings stand now (saved or not): the page's title, the year
 * choice, and the sections shown, in order. The figures themselves are those of the next Publish.
 */
export function Preview({ values, config }: { values: SettingsValues; config: PublicDashboardConfig }) {
  const visible = values.componentOrder.filter((key) => config[SHOW_FLAG_OF[key]]);
  const latest = values.publishedYears.at(-1);
  return (
    <section className="card pdc-section" aria-labelledby="pdc-preview-title">
      <h2 id="pdc-preview-title" className="pdc-section__title">
        Preview
      </h2>
      <div className="pdc-preview" aria-label="Preview of the public page" role="group">
        <div className="pdc-preview__header">
          {values.schoolLogoUrl ? (
            <img src={values.schoolLogoUrl} alt="" className="pdc-preview__logo" />
          ) : null}
          <strong>
            {latest ? `${fy(latest)} ` : ''}
            {values.schoolName || 'School'} Budget
          </strong>
        </div>
        {values.publishedYears.length > 1 ? (
          <p className="pdc-preview__years">Year choice: {values.publishedYears.map(fy).join(', ')}</p>
        ) : null}
        {values.publishedYears.length === 0 ? (
          <p className="field__error">No year selected: residents would see no figures.</p>
        ) : null}
        <ol className="pdc-preview__sections" aria-label="Sections residents see, in order">
          {visible.map((key) => (
            <li key={key}>
              <span className="pdc-preview__name">{COMPONENT_LABELS[key].name}</span>
              <span className="muted"> · {COMPONENT_LABELS[key].hint}</span>
            </li>
          ))}
        </ol>
        <p className="muted pdc-preview__footer">Footer: the date of the last Publish.</p>
      </div>
    </section>
  );
}
