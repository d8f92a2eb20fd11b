import { createHash } from 'node:crypto';
import type { AppContext } from '@server/context';
import { LruMap, perDatabase } from '@server/lib/lru';
import * as q from './queries/public-dashboard';
import { findPublishedByPath, type PublishedLink } from './queries/public-dashboard-published';
import {
  COMPONENT_KEYS,
  SHOW_FLAG_OF,
  publicViewResponse,
  youtubeId,
  type ComponentKey,
  type PublicView,
  type PublicViewLink,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { shownSections, withoutHidden } from './public-dashboard-release';
import { echoFunds } from '@shared/schemas/fund-choice';

/**
 * What residents read, with no sign-in and no actor: the published snapshot of a dashboard. This
 * service takes no actor on purpose (the anonymous actor is refused by every permission check) and
 * returns only publicViewResponse, which is strict: a field nobody meant to publish fails it here,
 * before anything is sent.
 *
 * Everything comes from what Publish stored: the figures from the snapshots
 * (never aggregated per request), the school's name, logo, websites, links, section order and
 * visible sections from the published copy of the settings (public_dashboard_published). 'Save
 * Settings', a link or a logo change the draft only, which the admin sees in the preview
 * (public-dashboard-preview.ts) until the next Publish. A section of figures switched off is
 * withdrawn at once and not sent at all, not merely hidden (public-dashboard-release.ts).
 *
 * Answers are cached per database handle for CACHE_MS and dropped at once on any write through the
 * services of this process; another process's write (a CLI publish on PostgreSQL) shows within
 * CACHE_MS. One build is shared by every request that arrives while it runs.
 */

const CACHE_MS = 2_000;
const MAX_ENTRIES = 500;

export interface PublicViewEntry {
  view: PublicView;
  /** The JSON body, encoded once. */
  body: Buffer;
  /** A strong ETag of the body. */
  etag: string;
}

interface Cached {
  expires: number;
  entry: Promise<PublicViewEntry | null>;
}

const cacheFor = perDatabase(() => new LruMap<Cached>(MAX_ENTRIES));
const generations = new WeakMap<object, number>();

/** Drops every cached view of this database: called after each write to a dashboard. */
export function forgetPublicViews(app: AppContext): void {
  generations.set(app.db, (generations.get(app.db) ?? 0) + 1);
}

/** The links as residents get them: no id, the video id worked out from the URL. */
const publicLinks = (links: readonly Omit<PublishedLink, 'id'>[]): PublicViewLink[] =>
  links.map(({ title, description, url, linkType }) => ({
    title,
    description,
    url,
    linkType,
    videoId: linkType === 'video' ? youtubeId(url) : null,
  }));

/**
 * The public view of a dashboard from its settings (the published copy, or for the preview the
 * draft), its active links in order, and the figures of its years. One function for the page
 * residents are served and the admin's preview, so the preview cannot show anything else.
 */
export function composeView(
  settings: q.SettingsColumns,
  links: readonly Omit<PublishedLink, 'id'>[],
  years: readonly { fiscal_year: number; data: unknown }[],
  publishedAt: string,
): PublicView {
  const known = new Set<string>(COMPONENT_KEYS);
  const order = settings.component_order.split(',').filter((k): k is ComponentKey => known.has(k));
  const data: Record<string, PublicYearData | null> = {};
  // A section switched off is left out of the stored snapshots too (public-dashboard.ts); left out
  // here as well, so a snapshot stored any other way cannot send it either.
  const shown = shownSections(settings);
  for (const snap of years) {
    const year = (snap.data ?? null) as PublicYearData | null;
    data[String(snap.fiscal_year)] = year && {
      ...withoutHidden(year, shown),
      stageLabel: year.stageLabel ?? null,
      // Stored only for a year not counting employee lines: a snapshot from before meant lines.
      staffSource: year.staffSource ?? 'lines',
      // A snapshot from before the fund choice summed every fund: the page says so all the same.
      ...echoFunds(year.funds),
    };
  }
  // parse, not a cast: the privacy contract is enforced on what is about to be served.
  return publicViewResponse.parse({
    urlPath: settings.url_path,
    schoolName: settings.school_name,
    schoolLogoUrl: settings.school_logo_url,
    townWebsiteUrl: settings.town_website_url,
    schoolWebsiteUrl: settings.school_website_url,
    componentOrder: order,
    visibleComponents: order.filter((k) => settings[q.flagColumn(SHOW_FLAG_OF[k])] === true),
    years: years.map((s) => s.fiscal_year),
    data,
    links: publicLinks(links),
    publishedAt,
  });
}

/**
 * The view residents are served at a path: the published copy of the settings and links, and the
 * snapshots of the figures; null when no dashboard is published there.
 */
async function buildView(app: AppContext, urlPath: string): Promise<PublicView | null> {
  const published = await findPublishedByPath(app.db, urlPath);
  if (!published) {
    return null;
  }
  const snapshots = await q.listSnapshots(app.db, published.config_id);
  return composeView(published, published.links, snapshots, q.iso(published.published_at)!);
}

async function buildEntry(app: AppContext, urlPath: string): Promise<PublicViewEntry | null> {
  const view = await buildView(app, urlPath);
  if (!view) {
    return null;
  }
  const body = Buffer.from(JSON.stringify(view), 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { view, body, etag };
}

const cacheKey = (app: AppContext, urlPath: string) => `${generations.get(app.db) ?? 0}:${urlPath}`;

/**
 * Whether a path's answer is in memory and fresh: hundreds of residents reading it at once are then
 * answered without queueing behind the staff's database work (server/db/queue.ts).
 */
export function isPublicViewCached(app: AppContext, urlPath: string): boolean {
  return freshHit(app, urlPath) !== undefined;
}

function freshHit(app: AppContext, urlPath: string): Cached | undefined {
  const hit = cacheFor(app.db).get(cacheKey(app, urlPath));
  return hit && hit.expires > Date.now() ? hit : undefined;
}

/** The cached answer for a path (view, encoded body, ETag), or null: GET /public-dashboard/view/{urlPath}. */
export function publicViewEntry(app: AppContext, urlPath: string): Promise<PublicViewEntry | null> {
  const hit = freshHit(app, urlPath);
  if (hit) {
    return hit.entry;
  }
  const cache = cacheFor(app.db);
  const key = cacheKey(app, urlPath);
  const entry = buildEntry(app, urlPath);
  cache.set(key, { expires: Date.now() + CACHE_MS, entry });
  // A failed build is not kept: the next request tries again.
  entry.catch(() => cache.set(key, { expires: 0, entry }));
  return entry;
}

/**
 * The published view of a path, or null when no published dashboard has that path. For the web
 * server (server/static.ts) to put the snapshot's totals into the HTML for readers without
 * JavaScript. Signature: publicViewForPath(app: AppContext, urlPath: string): Promise<PublicView | null>
 */
export async function publicViewForPath(app: AppContext, urlPath: string): Promise<PublicView | null> {
  return (await publicViewEntry(app, urlPath))?.view ?? null;
}
