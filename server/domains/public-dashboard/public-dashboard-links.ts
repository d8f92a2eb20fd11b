import type { AppContext } from '@server/context';
import { badRequest, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/public-dashboard';
import {
  PUBLIC_DASHBOARD_MESSAGES as M,
  isHttpUrl,
  youtubeId,
  type CreatePublicLinkBody,
  type PublicLink,
  type UpdatePublicLinkBody,
} from '@shared/schemas/public-dashboard';
import { requireConfig } from './public-dashboard';
import { forgetPublicViews } from './public-dashboard-view';

/** The public dashboard's custom links (ADMIN): add, edit, Show/Hide, delete; each write audited. */

const ENTITY = 'public-dashboard-link';

export async function listLinks(
  app: AppContext,
  actor: Actor,
  configId: number,
): Promise<{ links: PublicLink[] }> {
  authorize(actor, 'publicDashboard.manage');
  await requireConfig(app.db, configId);
  return { links: (await q.listLinks(app.db, configId)).map(q.presentLink) };
}

export async function createLink(
  app: AppContext,
  actor: Actor,
  configId: number,
  body: CreatePublicLinkBody,
): Promise<{ link: PublicLink }> {
  authorize(actor, 'publicDashboard.manage');
  const link = await app.db.transaction(async (trx) => {
    await requireConfig(trx, configId, true);
    const row = await q.insertLink(trx, {
      config_id: configId,
      title: body.title,
      description: body.description ?? null,
      url: body.url,
      link_type: body.linkType,
      is_active: body.isActive ?? true,
    });
    await insertAudit(trx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: q.presentLink(row),
    });
    return q.presentLink(row);
  });
  forgetPublicViews(app);
  return { link };
}

/**
 * The link as it would be after the change must still be valid: switching an existing link to
 * 'video' needs a YouTube URL even when the body does not repeat the URL.
 */
function checkMerged(row: q.LinkRow) {
  if (row.link_type === 'video' ? youtubeId(row.url) === null : !isHttpUrl(row.url)) {
    const message = row.link_type === 'video' ? M.invalidYoutube : `URL ${M.httpUrl}`;
    throw badRequest(message, [{ path: 'url', message }]);
  }
}

/** PATCH /public-dashboard/links/{linkId}: the full link, or {isActive} for Show/Hide. */
export async function updateLink(
  app: AppContext,
  actor: Actor,
  linkId: number,
  body: UpdatePublicLinkBody,
): Promise<{ link: PublicLink }> {
  authorize(actor, 'publicDashboard.manage');
  const link = await app.db.transaction(async (trx) => {
    const before = await q.findLink(trx, linkId);
    if (!before) {
      throw notFound('Link');
    }
    const values: Partial<q.LinkRow> = Object.fromEntries(
      Object.entries({
        title: body.title,
        description: body.description,
        url: body.url,
        link_type: body.linkType,
        is_active: body.isActive,
      }).filter(([, v]) => v !== undefined),
    );
    checkMerged({ ...before, ...values });
    const row = await q.updateLink(trx, linkId, values);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: linkId,
      before: q.presentLink(before),
      after: q.presentLink(row),
    });
    return q.presentLink(row);
  });
  forgetPublicViews(app);
  return { link };
}

export async function deleteLink(
  app: AppContext,
  actor: Actor,
  linkId: number,
): Promise<{ message: string }> {
  authorize(actor, 'publicDashboard.manage');
  await app.db.transaction(async (trx) => {
    const before = await q.findLink(trx, linkId);
    if (!before) {
      throw notFound('Link');
    }
    await q.deleteLink(trx, linkId);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: linkId,
      before: q.presentLink(before),
    });
  });
  forgetPublicViews(app);
  return { message: 'Link deleted' };
}
