import type { Db } from '@server/db/index';
import { SHOW_FLAGS, type PublicLinkType } from '@shared/schemas/public-dashboard';
import { flagColumn, type LinkRow, type SettingsColumns, type ShowColumn } from './public-dashboard';

/**
 * The published copy of a dashboard's settings and links (public_dashboard_published): what Publish
 * copied from the draft (public_dashboard_configs and its links), and all that residents are served
 * besides the figures' snapshots. One row per dashboard, replaced by each Publish.
 */

/** A link as it was published: the id ties it to the draft's link, for the preview's differences. */
export interface PublishedLink {
  id: number;
  title: string;
  description: string | null;
  url: string;
  linkType: PublicLinkType;
}

/** A draft link as Publish copies it. */
export const publishedLink = (row: LinkRow): PublishedLink => ({
  id: row.id,
  title: row.title,
  description: row.description,
  url: row.url,
  linkType: row.link_type,
});

export interface PublishedRow extends SettingsColumns {
  config_id: number;
  links: PublishedLink[];
  published_at: Date | string;
}

const SETTINGS_COLUMNS = [
  'url_path',
  'school_name',
  'school_logo_url',
  'town_website_url',
  'school_website_url',
  'component_order',
  'funds',
  ...SHOW_FLAGS.map(flagColumn),
] as const satisfies readonly (keyof SettingsColumns)[];

/** Just the settings columns of a draft or published row. */
export function settingsOf(row: SettingsColumns): SettingsColumns {
  return Object.fromEntries(SETTINGS_COLUMNS.map((c) => [c, row[c]])) as unknown as SettingsColumns;
}

export function findPublished(db: Db, configId: number): Promise<PublishedRow | undefined> {
  return db<PublishedRow>('public_dashboard_published').where({ config_id: configId }).first();
}

export function findPublishedByPath(db: Db, urlPath: string): Promise<PublishedRow | undefined> {
  return db<PublishedRow>('public_dashboard_published').where({ url_path: urlPath }).first();
}

/** Publish: the draft's settings and active links become what residents see. */
export async function replacePublished(
  db: Db,
  configId: number,
  settings: SettingsColumns,
  links: PublishedLink[],
  publishedAt: string,
): Promise<void> {
  await db('public_dashboard_published')
    .insert({
      config_id: configId,
      ...settingsOf(settings),
      links: JSON.stringify(links),
      published_at: publishedAt,
    })
    .onConflict('config_id')
    .merge();
}

/** Switches sections off in the published copy (a section of figures withdrawn at once). */
export async function hidePublishedSections(db: Db, configId: number, columns: ShowColumn[]): Promise<void> {
  if (columns.length) {
    await db('public_dashboard_published')
      .where({ config_id: configId })
      .update(Object.fromEntries(columns.map((c) => [c, false])));
  }
}
