import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { AppError, badRequest, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/public-dashboard';
import * as published from './queries/public-dashboard-published';
import {
  PUBLIC_DASHBOARD_MESSAGES as M,
  SHOW_FLAG_OF,
  SHOW_FLAGS,
  type PublicDashboardConfig,
  type PublishBody,
  type PublicYearData,
  type PublishResponse,
  type UpdatePublicDashboardConfigBody,
} from '@shared/schemas/public-dashboard';
import { refuseUnreconciled } from './public-dashboard-reconcile';
import { confirmationRequired, confirmationsNeeded, sourceOptions } from './public-dashboard-sources';
import { FIGURE_SECTIONS, shownSections, withoutHidden } from './public-dashboard-release';
import { forgetPublicViews } from './public-dashboard-view';
import { canonical, currentFigures, dataChangedSincePublish } from './public-dashboard-current';

/**
 * The public dashboard's configuration and Publish (ADMIN: 'publicDashboard.manage'). The
 * configuration row and its links are the draft; Publish is a snapshot of all residents see: it
 * stores the public figures of each published year and a copy of the settings and active links
 * (public_dashboard_published), in one transaction, and residents read only those
 * (public-dashboard-view.ts) until the next Publish. Links are in public-dashboard-links.ts; the
 * logo upload in public-dashboard-logo.ts; the admin's preview in public-dashboard-preview.ts.
 */

/** The path a new district's dashboard gets until an admin chooses one. */
export const DEFAULT_URL_PATH = 'district';

const ENTITY = 'public-dashboard';

export async function requireConfig(db: Db, id: number, forUpdate = false): Promise<q.ConfigRow> {
  const row = await q.findConfig(db, id, forUpdate);
  if (!row) {
    throw notFound('Public dashboard');
  }
  return row;
}

// What a Publish would store now lives beside this file; its names stay importable from here.
export { canonical, currentFigures, storedData } from './public-dashboard-current';

async function present(db: Db, row: q.ConfigRow): Promise<PublicDashboardConfig> {
  return { ...q.presentConfig(row), dataChangedSincePublish: await dataChangedSincePublish(db, row) };
}

/** The district's dashboard row, made with the defaults (and audited) on first read. */
async function configRow(app: AppContext, actor: Actor): Promise<q.ConfigRow> {
  authorize(actor, 'publicDashboard.manage');
  const row = await q.firstConfig(app.db);
  if (row) {
    return row;
  }
  return app.db.transaction(async (trx) => {
    await q.insertDefaultConfig(trx, DEFAULT_URL_PATH);
    const made = (await q.firstConfig(trx))!;
    await insertAudit(trx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: made.id,
      after: q.presentConfig(made),
    });
    return made;
  });
}

/** GET /public-dashboard/config: the district's dashboard, made with the defaults on first read. */
export async function getConfig(app: AppContext, actor: Actor): Promise<{ config: PublicDashboardConfig }> {
  return { config: await present(app.db, await configRow(app, actor)) };
}

/**
 * The id of the district's dashboard (made on first read), as getConfig gives it, without working
 * out whether its data changed since the last Publish (every published year's figures rebuilt): the
 * CLI's `publish` needs only which dashboard to publish.
 */
export async function configId(app: AppContext, actor: Actor): Promise<number> {
  return (await configRow(app, actor)).id;
}

/** The body's fields as columns; undefined fields are left alone. */
function columnsOf(body: UpdatePublicDashboardConfigBody): Partial<q.ConfigRow> {
  const values: Partial<q.ConfigRow> = {};
  const set = <K extends keyof q.ConfigRow>(key: K, value: q.ConfigRow[K] | undefined) => {
    if (value !== undefined) {
      values[key] = value;
    }
  };
  set('url_path', body.urlPath);
  set('school_name', body.schoolName);
  set('school_logo_url', body.schoolLogoUrl);
  set('town_website_url', body.townWebsiteUrl);
  set('school_website_url', body.schoolWebsiteUrl);
  set('published_years', body.publishedYears);
  set('component_order', body.componentOrder);
  for (const flag of SHOW_FLAGS) {
    set(q.flagColumn(flag), body[flag] as never);
  }
  set('funds', body.funds);
  return values;
}

/**
 * PATCH /public-dashboard/config/{id}: one show flag, or the full settings ('Save Settings'). It
 * changes the draft: residents see it from the next Publish, except a section of figures switched
 * off, which is withdrawn at once (withdrawHidden).
 */
export async function updateConfig(
  app: AppContext,
  actor: Actor,
  id: number,
  body: UpdatePublicDashboardConfigBody,
): Promise<{ config: PublicDashboardConfig }> {
  authorize(actor, 'publicDashboard.manage');
  const row = await app.db.transaction(async (trx) => {
    const before = await requireConfig(trx, id, true);
    await refuseTakenPath(trx, body.urlPath, id);
    const after = await q.updateConfig(trx, id, columnsOf(body));
    await withdrawHidden(trx, after);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: q.presentConfig(before),
      after: q.presentConfig(after),
    });
    return after;
  });
  forgetPublicViews(app);
  return { config: await present(app.db, row) };
}

/**
 * A section of figures switched off leaves what residents are served at once, not at the next
 * Publish: what is switched off is not published (public-dashboard-release.ts). It is switched off
 * in the published copy and its figures leave the stored snapshots. Switched back on, it returns
 * with the next Publish.
 */
async function withdrawHidden(db: Db, row: q.ConfigRow): Promise<void> {
  const shown = shownSections(row);
  const hidden = FIGURE_SECTIONS.filter((k) => !shown.has(k)).map((k) => q.flagColumn(SHOW_FLAG_OF[k]));
  await published.hidePublishedSections(db, row.id, hidden);
  for (const snap of await q.listSnapshots(db, row.id)) {
    if (snap.data === null) {
      continue;
    }
    const data = withoutHidden(snap.data as PublicYearData, shown);
    if (canonical(data) !== canonical(snap.data)) {
      await q.updateSnapshotData(db, row.id, snap.fiscal_year, data);
    }
  }
}

/** 409 naming the field when another dashboard already uses the path. */
async function refuseTakenPath(db: Db, urlPath: string | undefined, id: number) {
  if (urlPath !== undefined && (await q.pathTakenByOther(db, urlPath, id))) {
    throw new AppError(409, 'CONFLICT', M.urlPathTaken, [{ path: 'urlPath', message: M.urlPathTaken }]);
  }
}

const yearsIssue = (message: string) => badRequest(message, [{ path: 'publishedYears', message }]);

/**
 * POST /public-dashboard/publish/{id}: stores the public figures of every year to publish (the
 * body's years, else the saved ones; the CLI may also set the URL path) as they are now, and a copy
 * of the saved settings and active links, replacing the last Publish, in one transaction. Refused,
 * writing nothing, with no years, a year that has no budget data, a budget year chosen that does
 * not hold its year (400), a year whose totals do not reconcile between the dashboard, Budget
 * Comparison and the snapshot (409), or, unless `confirm`, a $0 year or one in an earlier stage
 * than residents read now (409, public-dashboard-sources.ts).
 */
export async function publish(
  app: AppContext,
  actor: Actor,
  id: number,
  body: PublishBody,
): Promise<PublishResponse> {
  authorize(actor, 'publicDashboard.manage');
  const publishedAt = new Date().toISOString();
  const row = await app.db.transaction(async (trx) => {
    const before = await requireConfig(trx, id, true);
    const years = body.publishedYears ?? [...before.published_years].sort((a, b) => a - b);
    if (!years.length) {
      throw yearsIssue(M.selectYear);
    }
    await refuseTakenPath(trx, body.urlPath, id);
    const { snapshots, released } = await currentFigures(trx, before, years, publishedAt, body.budgetYears);
    const empty = snapshots.find((s) => s.data === null);
    if (empty) {
      throw yearsIssue(M.yearHasNoData(empty.fiscal_year));
    }
    // A $0 year, or a year in an earlier stage than residents read, only when the admin confirmed.
    const needed = await confirmationsNeeded(trx, id, snapshots);
    if (needed.length && body.confirm !== true) {
      throw confirmationRequired(needed);
    }
    await refuseUnreconciled({ ...app, db: trx }, actor, snapshots, shownSections(before));
    await q.replaceSnapshots(trx, id, snapshots);
    const after = await q.updateConfig(trx, id, {
      published_years: years,
      released_staff_counts: released,
      ...(body.urlPath === undefined ? {} : { url_path: body.urlPath }),
      is_published: true,
      published_at: publishedAt,
    });
    // Everything residents see besides the figures: the settings and active links as saved now.
    const links = (await q.listLinks(trx, id, true)).map(published.publishedLink);
    await published.replacePublished(trx, id, after, links, publishedAt);
    await insertAudit(trx, actor, {
      action: 'publish',
      entity: ENTITY,
      entityId: id,
      before: q.presentConfig(before),
      after: {
        ...q.presentConfig(after),
        snapshots: snapshots.map((s) => ({ fiscalYear: s.fiscal_year, budgetYearId: s.budget_year_id })),
        links: links.map((l) => l.id),
      },
    });
    // Named in the answer (the screen and the CLI print them): each year's home and its stage.
    const sources = [];
    for (const s of snapshots) {
      sources.push({ fiscalYear: s.fiscal_year, ...(await sourceOptions(trx, s.fiscal_year))[0]! });
    }
    return { after, sources };
  });
  forgetPublicViews(app);
  return {
    config: await present(app.db, row.after),
    publishedYears: row.after.published_years,
    sources: row.sources,
    publishedAt,
    publicPath: `/public/${row.after.url_path}`,
  };
}

/** The CLI's `publish --status`: the dashboard's config (made on first read), with its public address. */
export async function publishStatus(app: AppContext, actor: Actor) {
  const { config } = await getConfig(app, actor);
  return { config, publicPath: `/public/${config.urlPath}` };
}
