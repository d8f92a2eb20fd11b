import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import { countOf } from '@shared/count-words';
import * as q from './queries/public-dashboard';
import { findPublished, publishedLink, type PublishedLink } from './queries/public-dashboard-published';
import {
  COMPONENT_KEYS,
  PUBLIC_DASHBOARD_MESSAGES as M,
  SHOW_FLAG_OF,
  type ComponentKey,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import {
  SECTION_NAMES,
  type PublicPreview,
  type PublicPreviewQuery,
} from '@shared/schemas/public-dashboard-preview';
import { canonical, currentFigures, getConfig, requireConfig, storedData } from './public-dashboard';
import { reconcileProblems } from './public-dashboard-reconcile';
import { confirmationsNeeded, sourceOptions } from './public-dashboard-sources';
import { shownSections, withoutHidden } from './public-dashboard-release';
import { composeView } from './public-dashboard-view';
import { FUND_CHOICE_LABELS } from '@shared/schemas/fund-choice';
import { fiscalYearLabel } from '@shared/budget-math';

/**
 * GET /public-dashboard/preview (ADMIN): exactly what residents would be served if Publish ran now
 * (the saved draft settings and active links, and the figures Publish would store, through the same
 * composeView as the public view), with what differs from the page they are served today and why
 * Publish would be refused. Reads only: nothing is published or released.
 */
export async function previewDashboard(
  app: AppContext,
  actor: Actor,
  query: PublicPreviewQuery,
): Promise<PublicPreview> {
  authorize(actor, 'publicDashboard.manage');
  // The district's dashboard, made with the defaults on first read as the config screen does.
  const row =
    (await q.firstConfig(app.db)) ?? (await requireConfig(app.db, (await getConfig(app, actor)).config.id));
  const years = query.years ?? [...row.published_years].sort((a, b) => a - b);
  const now = new Date().toISOString();
  const { snapshots } = await currentFigures(app.db, row, years, now, query.budgetYears);
  const links = (await q.listLinks(app.db, row.id, true)).map(publishedLink);
  const view = composeView(row, links, snapshots, now);
  const published = await findPublished(app.db, row.id);
  const publishedYears = published ? await q.listSnapshots(app.db, row.id) : [];

  const problems: string[] = years.length ? [] : [M.selectYear];
  for (const s of snapshots.filter((x) => x.data === null)) {
    problems.push(M.yearHasNoData(s.fiscal_year));
  }
  problems.push(...(await reconcileProblems(app, actor, snapshots, shownSections(row))));

  const sources = [];
  for (const s of snapshots) {
    sources.push({
      fiscalYear: s.fiscal_year,
      budgetYearId: s.budget_year_id,
      options: await sourceOptions(app.db, s.fiscal_year),
    });
  }

  return {
    ...view,
    sources,
    confirmations: await confirmationsNeeded(app.db, row.id, snapshots),
    changes: published
      ? [...settingsChanges(published, row), ...linkChanges(published.links, links)].concat(
          figureChanges(publishedYears, snapshots, shownInBoth(published, row)),
        )
      : ['Not published yet'],
    problems,
    lastPublishedAt: published ? q.iso(published.published_at) : null,
    publishedUrlPath: published?.url_path ?? null,
  };
}

/** What the draft's settings change on the published page, in the words of the screen. */
export function settingsChanges(published: q.SettingsColumns, draft: q.SettingsColumns): string[] {
  const changes: string[] = [];
  if (published.url_path !== draft.url_path) {
    changes.push(`Address changes to /public/${draft.url_path}`);
  }
  const text: [keyof q.SettingsColumns, string][] = [
    ['school_name', 'School name'],
    ['school_logo_url', 'Logo'],
    ['town_website_url', 'Town website'],
    ['school_website_url', 'School website'],
  ];
  for (const [column, label] of text) {
    const [before, after] = [published[column], draft[column]];
    if (before !== after) {
      changes.push(`${label} ${before === null ? 'added' : after === null ? 'removed' : 'changed'}`);
    }
  }
  if (published.component_order !== draft.component_order) {
    changes.push('Section order changed');
  }
  for (const key of COMPONENT_KEYS) {
    const column = q.flagColumn(SHOW_FLAG_OF[key]);
    if (published[column] !== draft[column]) {
      changes.push(`${SECTION_NAMES[key]} ${draft[column] ? 'shown' : 'hidden'}`);
    }
  }
  if (published.funds !== draft.funds) {
    changes.push(`Figures change to ${FUND_CHOICE_LABELS[draft.funds].toLowerCase()}`);
  }
  if (published.show_projected_employees !== draft.show_projected_employees) {
    changes.push(
      draft.show_projected_employees ? 'Projected staff counted' : 'Projected staff no longer counted',
    );
  }
  return changes;
}

/** Links added, removed, edited or put in another order since the last Publish. */
export function linkChanges(before: readonly PublishedLink[], after: readonly PublishedLink[]): string[] {
  const byId = new Map(before.map((l) => [l.id, l]));
  const added = after.filter((l) => !byId.has(l.id)).length;
  const kept = new Set(after.map((l) => l.id));
  const removed = before.filter((l) => !kept.has(l.id)).length;
  const changed = after.filter((l) => byId.has(l.id) && canonical(l) !== canonical(byId.get(l.id))).length;
  const order = (list: readonly PublishedLink[]) =>
    list
      .filter((l) => kept.has(l.id) && byId.has(l.id))
      .map((l) => l.id)
      .join();
  const changes: string[] = [];
  if (added) {
    changes.push(`${countOf(added, 'link')} added`);
  }
  if (removed) {
    changes.push(`${countOf(removed, 'link')} removed`);
  }
  if (changed) {
    changes.push(`${countOf(changed, 'link')} changed`);
  }
  if (order(before) !== order(after)) {
    changes.push('Links reordered');
  }
  return changes;
}

/** The sections shown both on the published page and in the draft. */
function shownInBoth(published: q.SettingsColumns, draft: q.SettingsColumns): ReadonlySet<ComponentKey> {
  const now = shownSections(draft);
  return new Set([...shownSections(published)].filter((k) => now.has(k)));
}

/**
 * Years added or taken off, and years whose figures or stage changed since they were published.
 * Figures are compared in the sections `shown` on both pages: a section switched on or off is a
 * change of its own.
 */
export function figureChanges(
  published: readonly Pick<q.SnapshotRow, 'fiscal_year' | 'data'>[],
  next: readonly Pick<q.SnapshotRow, 'fiscal_year' | 'data'>[],
  shown: ReadonlySet<ComponentKey>,
): string[] {
  const changes: string[] = [];
  const before = new Map(published.map((s) => [s.fiscal_year, storedData(s) as PublicYearData | null]));
  const nextYears = new Set(next.map((s) => s.fiscal_year));
  for (const s of published.filter((x) => !nextYears.has(x.fiscal_year))) {
    changes.push(`${fiscalYearLabel(s.fiscal_year)} taken off`);
  }
  for (const s of next) {
    if (!before.has(s.fiscal_year)) {
      changes.push(`${fiscalYearLabel(s.fiscal_year)} added`);
      continue;
    }
    const [was, now] = [before.get(s.fiscal_year) ?? null, (s.data ?? null) as PublicYearData | null];
    if (was?.stageLabel !== now?.stageLabel && now) {
      changes.push(`${fiscalYearLabel(s.fiscal_year)} is now ${now.stageLabel ?? 'Draft'}`);
    }
    const figures = (d: PublicYearData | null) =>
      canonical(
        d && {
          ...withoutHidden(d, shown),
          publishedAt: null,
          stageLabel: null,
          stage: null,
          stageCaption: null,
        },
      );
    if (figures(was) !== figures(now)) {
      changes.push(`${fiscalYearLabel(s.fiscal_year)} figures changed`);
    }
  }
  return changes;
}
