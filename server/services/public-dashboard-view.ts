import { createHash } from 'node:crypto';
import type { AppContext } from '@server/context';
import { LruMap, perDatabase } from '@server/lib/lru';
import * as q from '@server/queries/public-dashboard';
import {
  COMPONENT_KEYS,
  SHOW_FLAG_OF,
  publicViewResponse,
  type ComponentKey,
  type PublicView,
  type PublicYearData,
} from '@server/schemas/public-dashboard';
import { shownSections, withoutHidden } from './public-dashboard-release';

/**
 * What residents read, with no sign-in and no actor: the published snapshot of a dashboard. This
 * service takes no actor on purpose (the anonymous actor is refused by every permission check) and
 * returns only publicViewResponse, which is strict: a field nobody meant to publish fails it here,
 * before anything is sent.
 *
 * The figures come from the snapshot Publish stored (never aggregated per request); the school's
 * name, logo, websites, links, section order and visible sections are read live, so an admin's
 * 'Save Settings' shows at once while the budget figures wait for the next Publish. A section
 * switched off is not sent at all, not merely hidden (public-dashboard-release.ts).
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

/** The view of a published dashboard, built from its rows; null for unknown or unpublished paths. */
async function buildView(app: AppContext, urlPath: string): Promise<PublicView | null> {
  const row = await q.findConfigByPath(app.db, urlPath);
  if (!row || !row.is_published || row.published_at === null) {
    return null;
  }
  const [snapshots, links] = [await q.listSnapshots(app.db, row.id), await q.listLinks(app.db, row.id, true)];
  const known = new Set<string>(COMPONENT_KEYS);
  const order = row.component_order.split(',').filter((k): k is ComponentKey => known.has(k));
  const data: Record<string, PublicYearData | null> = {};
  // Switching a section off drops it from the stored snapshots (public-dashboard.ts); left out here
  // as well, so a snapshot stored any other way cannot send it either.
  const shown = shownSections(row);
  for (const snap of snapshots) {
    const year = (snap.data ?? null) as PublicYearData | null;
    data[String(snap.fiscal_year)] = year && withoutHidden(year, shown);
  }
  // parse, not a cast: the privacy contract is enforced on what is about to be served.
  return publicViewResponse.parse({
    urlPath: row.url_path,
    schoolName: row.school_name,
    schoolLogoUrl: row.school_logo_url,
    townWebsiteUrl: row.town_website_url,
    schoolWebsiteUrl: row.school_website_url,
    componentOrder: order,
    visibleComponents: order.filter((k) => row[q.flagColumn(SHOW_FLAG_OF[k])] === true),
    years: snapshots.map((s) => s.fiscal_year),
    data,
    links: links.map((l) => {
      const { title, description, url, linkType, videoId } = q.presentLink(l);
      return { title, description, url, linkType, videoId };
    }),
    publishedAt: q.iso(row.published_at)!,
  });
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
