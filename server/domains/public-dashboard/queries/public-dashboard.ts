import type { Db } from '@server/db/index';
import {
  DEFAULT_COMPONENT_ORDER,
  SHOW_FLAGS,
  youtubeId,
  type PublicLink,
  type PublicLinkType,
  type ShowFlag,
} from '@shared/schemas/public-dashboard';
import type { FundChoice } from '@shared/schemas/fund-choice';

/**
 * The public dashboard's configuration, custom links and published snapshots
 * (public_dashboard_configs, public_dashboard_links, public_dashboard_snapshots).
 */

export interface ConfigRow {
  id: number;
  url_path: string;
  school_name: string | null;
  school_logo_url: string | null;
  town_website_url: string | null;
  school_website_url: string | null;
  published_years: number[];
  is_published: boolean;
  published_at: Date | string | null;
  component_order: string;
  show_school_info: boolean;
  show_budget_status: boolean;
  show_progress_bar: boolean;
  show_category_chart: boolean;
  show_building_chart: boolean;
  show_salary_charts: boolean;
  show_headcount_chart: boolean;
  show_links: boolean;
  show_town_links: boolean;
  show_projected_employees: boolean;
  /** Whose lines residents' figures sum: every fund's, or the general fund's alone. */
  funds: FundChoice;
  /**
   * Per fiscal year ('2026') and staff cell, the head counts its salary total was published
   * exactly at (server/domains/public-dashboard/public-dashboard-release.ts).
   */
  released_staff_counts: Record<string, Record<string, number[]>>;
}

/** The column of a show flag: showBudgetStatus -> show_budget_status. */
export type ShowColumn =
  | 'show_school_info'
  | 'show_budget_status'
  | 'show_progress_bar'
  | 'show_category_chart'
  | 'show_building_chart'
  | 'show_salary_charts'
  | 'show_headcount_chart'
  | 'show_links'
  | 'show_town_links'
  | 'show_projected_employees';

/** showBudgetStatus -> show_budget_status */
export const flagColumn = (flag: ShowFlag) =>
  flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ShowColumn;

/**
 * What residents see of the settings: the draft's columns (public_dashboard_configs) and those of
 * the published copy (public_dashboard_published, server/domains/public-dashboard/queries/public-dashboard-published.ts).
 */
export type SettingsColumns = Pick<
  ConfigRow,
  | 'url_path'
  | 'school_name'
  | 'school_logo_url'
  | 'town_website_url'
  | 'school_website_url'
  | 'component_order'
  | 'funds'
  | ShowColumn
>;

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Row -> the config DTO without dataChangedSincePublish (the service works that out). */
export function presentConfig(row: ConfigRow) {
  return {
    id: row.id,
    urlPath: row.url_path,
    schoolName: row.school_name,
    schoolLogoUrl: row.school_logo_url,
    townWebsiteUrl: row.town_website_url,
    schoolWebsiteUrl: row.school_website_url,
    publishedYears: [...row.published_years].sort((a, b) => a - b),
    isPublished: row.is_published,
    publishedAt: iso(row.published_at),
    componentOrder: row.component_order,
    ...(Object.fromEntries(SHOW_FLAGS.map((f) => [f, Boolean(row[flagColumn(f)])])) as Record<
      ShowFlag,
      boolean
    >),
    funds: row.funds,
  };
}

/** The first configuration (the district has one dashboard), or undefined. */
export function firstConfig(db: Db): Promise<ConfigRow | undefined> {
  return db<ConfigRow>('public_dashboard_configs').orderBy('id').first();
}

export function findConfig(db: Db, id: number, forUpdate = false): Promise<ConfigRow | undefined> {
  const query = db<ConfigRow>('public_dashboard_configs').where({ id });
  return (forUpdate ? query.forUpdate() : query).first();
}

export function findConfigByPath(db: Db, urlPath: string): Promise<ConfigRow | undefined> {
  return db<ConfigRow>('public_dashboard_configs').where({ url_path: urlPath }).first();
}

/**
 * Another dashboard already using the path, in its settings or at its published address (paths
 * compare as typed; both columns are unique).
 */
export async function pathTakenByOther(db: Db, urlPath: string, id: number): Promise<boolean> {
  const row = await db('public_dashboard_configs').where({ url_path: urlPath }).whereNot({ id }).first('id');
  const published = await db('public_dashboard_published')
    .where({ url_path: urlPath })
    .whereNot({ config_id: id })
    .first('config_id');
  return row !== undefined || published !== undefined;
}

/**
 * The default configuration, made on first read. ON CONFLICT DO NOTHING and a re-read: two first
 * reads at once both end with the same single row.
 */
export async function insertDefaultConfig(db: Db, urlPath: string): Promise<void> {
  await db('public_dashboard_configs')
    .insert({ url_path: urlPath, component_order: DEFAULT_COMPONENT_ORDER })
    .onConflict('url_path')
    .ignore();
}

export async function updateConfig(db: Db, id: number, values: Partial<ConfigRow>): Promise<ConfigRow> {
  const patch: Record<string, unknown> = { ...values, updated_at: db.fn.now() };
  if (values.published_years !== undefined) {
    patch.published_years = JSON.stringify(values.published_years);
  }
  if (values.released_staff_counts !== undefined) {
    patch.released_staff_counts = JSON.stringify(values.released_staff_counts);
  }
  const [row] = await db<ConfigRow>('public_dashboard_configs').where({ id }).update(patch).returning('*');
  return row;
}

/* ---------------------------------------------------------------------------------------------- */

export interface LinkRow {
  id: number;
  config_id: number;
  title: string;
  description: string | null;
  url: string;
  link_type: PublicLinkType;
  is_active: boolean;
  display_order: number;
}

export function presentLink(row: LinkRow): PublicLink {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    linkType: row.link_type,
    videoId: row.link_type === 'video' ? youtubeId(row.url) : null,
    isActive: row.is_active,
    displayOrder: row.display_order,
  };
}

export function listLinks(db: Db, configId: number, activeOnly = false): Promise<LinkRow[]> {
  const query = db<LinkRow>('public_dashboard_links').where({ config_id: configId });
  if (activeOnly) {
    query.where({ is_active: true });
  }
  return query.orderBy([{ column: 'display_order' }, { column: 'id' }]);
}

export function findLink(db: Db, id: number): Promise<LinkRow | undefined> {
  return db<LinkRow>('public_dashboard_links').where({ id }).first();
}

/** A new link goes last. */
export async function insertLink(db: Db, values: Omit<LinkRow, 'id' | 'display_order'>): Promise<LinkRow> {
  const [row] = await db<LinkRow>('public_dashboard_links')
    .insert({
      ...values,
      display_order: db.raw(
        '(SELECT coalesce(max(display_order), -1) + 1 FROM public_dashboard_links WHERE config_id = ?)',
        [values.config_id],
      ) as unknown as number,
    })
    .returning('*');
  return row;
}

export async function updateLink(db: Db, id: number, values: Partial<LinkRow>): Promise<LinkRow> {
  const [row] = await db<LinkRow>('public_dashboard_links')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() } as Partial<LinkRow>)
    .returning('*');
  return row;
}

export async function deleteLink(db: Db, id: number): Promise<void> {
  await db('public_dashboard_links').where({ id }).delete();
}

/* ---------------------------------------------------------------------------------------------- */

export interface SnapshotRow {
  fiscal_year: number;
  budget_year_id: number | null;
  /** publicYearDataSchema, or null when the year had no data at Publish. */
  data: unknown;
  published_at: Date | string;
}

export function listSnapshots(db: Db, configId: number): Promise<SnapshotRow[]> {
  return db('public_dashboard_snapshots')
    .where('config_id', configId)
    .orderBy('fiscal_year')
    .select('fiscal_year', 'budget_year_id', 'data', 'published_at');
}

/**
 * What residents were last shown of a fiscal year of a budget year, on any public dashboard: its
 * stage (null: Draft, or a publish from before stages) and when, or undefined if never published.
 */
export async function latestPublishedStage(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ stage_label: string | null; published_at: Date | string } | undefined> {
  return db('public_dashboard_snapshots')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .whereNotNull('data')
    .orderBy('published_at', 'desc')
    .first(db.raw("data->>'stageLabel' AS stage_label"), 'published_at');
}

/** Rewrites the stored figures of one published year (a section switched off leaves them). */
export async function updateSnapshotData(db: Db, configId: number, fiscalYear: number, data: unknown) {
  await db('public_dashboard_snapshots')
    .where({ config_id: configId, fiscal_year: fiscalYear })
    .update({ data: data === null ? null : JSON.stringify(data) });
}

/** Replaces every snapshot of the dashboard with these: a Publish stores exactly its years. */
export async function replaceSnapshots(db: Db, configId: number, rows: SnapshotRow[]): Promise<void> {
  await db('public_dashboard_snapshots').where({ config_id: configId }).delete();
  if (rows.length) {
    await db('public_dashboard_snapshots').insert(
      rows.map((r) => ({
        config_id: configId,
        fiscal_year: r.fiscal_year,
        budget_year_id: r.budget_year_id,
        data: r.data === null ? null : JSON.stringify(r.data),
        published_at: r.published_at,
      })),
    );
  }
}
