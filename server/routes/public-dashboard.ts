import { z } from 'zod';
import { AppError } from '@server/errors';
import { singleFileUpload, uploadedFile } from '@server/lib/import/upload-middleware';
import { idParams, messageSchema } from '@shared/schemas/common';
import * as s from '@shared/schemas/public-dashboard';
import { publicPreviewQuery, publicPreviewResponse } from '@shared/schemas/public-dashboard-preview';
import { publicDashboard as config } from '@server/domains/public-dashboard';
import { publicDataCsv } from '@server/domains/public-dashboard';
import { publicDashboardLinks as links } from '@server/domains/public-dashboard';
import { LOGO_HEADERS, readLogo, uploadLogo } from '@server/domains/public-dashboard';
import { previewDashboard } from '@server/domains/public-dashboard';
import { publicViewEntry } from '@server/domains/public-dashboard';
import { defineRoute } from './define';

const tag = 'Public dashboard';
const action = 'publicDashboard.manage' as const;

/** Unknown and unpublished paths answer alike, so nothing is revealed about drafts. */
const dashboardNotFound = () => new AppError(404, 'NOT_FOUND', s.PUBLIC_DASHBOARD_MESSAGES.notFound);

/**
 * The anonymous routes come first: '/public-dashboard/view/links' and '/public-dashboard/logos/x'
 * must not reach the '/public-dashboard/:id/links' route below them. They call services that take
 * no actor.
 */
export const publicDashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/public-dashboard/view/:urlPath',
    summary:
      'The published dashboard for residents (no sign-in): each published year’s figures and the links',
    tag,
    action: 'public',
    params: s.urlPathParams,
    response: s.publicViewResponse,
    handler: async ({ app, params, ctx }) => {
      const entry = await publicViewEntry(app, params.urlPath);
      if (!entry) {
        throw dashboardNotFound();
      }
      ctx.set('ETag', entry.etag);
      // Residents always revalidate: a Publish shows on the next load, at the cost of a 304.
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.get('If-None-Match') === entry.etag) {
        ctx.status = 304;
        return;
      }
      ctx.type = 'application/json';
      ctx.body = entry.body;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public-dashboard/view/:urlPath/data.csv',
    summary: 'Download the data: every public table of the published dashboard as CSV (one year, or all)',
    tag,
    action: 'public',
    params: s.urlPathParams,
    query: s.publicCsvQuery,
    handler: async ({ app, params, query, ctx }) => {
      const result = await publicDataCsv(app, params.urlPath, query.year);
      if (!result) {
        throw dashboardNotFound();
      }
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="${result.fileName}"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = result.csv;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public-dashboard/logos/:file',
    summary: 'An uploaded logo (no sign-in), served with a CSP that runs nothing',
    tag,
    action: 'public',
    params: z.strictObject({ file: z.string().max(100) }),
    handler: async ({ app, params, ctx }) => {
      const logo = await readLogo(app, params.file);
      ctx.set(LOGO_HEADERS);
      ctx.type = logo.contentType;
      ctx.body = logo.body;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public-dashboard/config',
    summary: 'The public dashboard’s configuration (made with the defaults on first read)',
    tag,
    action,
    response: s.publicDashboardConfigResponse,
    handler: ({ app, actor }) => config.getConfig(app, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/public-dashboard/preview',
    summary:
      'Preview: the public view residents would get if Publish ran now (saved settings, links, current figures), what it changes and why Publish would be refused',
    tag,
    action,
    query: publicPreviewQuery,
    response: publicPreviewResponse,
    handler: ({ app, actor, query }) => previewDashboard(app, actor, query),
  }),
  defineRoute({
    method: 'patch',
    path: '/public-dashboard/config/:id',
    summary:
      'Change one show flag, or save the settings (URL path, school, websites, years, component order)',
    tag,
    action,
    params: idParams,
    body: s.updatePublicDashboardConfigBody,
    response: s.publicDashboardConfigResponse,
    handler: ({ app, actor, params, body }) => config.updateConfig(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/public-dashboard/publish/:id',
    summary: 'Publish: store each published year’s public figures as they are now (at least one year)',
    tag,
    action,
    params: idParams,
    body: s.publishBody,
    response: s.publishResponse,
    handler: ({ app, actor, params, body }) => config.publish(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/public-dashboard/upload-logo',
    summary: 'Upload the school logo (multipart field logo; JPEG, PNG, GIF or SVG, at most 5MB)',
    tag,
    action,
    multipart: true,
    before: [
      singleFileUpload('logo', {
        bytes: s.MAX_LOGO_BYTES,
        tooLarge: s.PUBLIC_DASHBOARD_MESSAGES.logoTooLarge,
      }),
    ],
    response: s.uploadLogoResponse,
    status: 201,
    handler: ({ app, actor, ctx }) => {
      const file = uploadedFile(ctx);
      return uploadLogo(
        app,
        actor,
        file ? { buffer: file.buffer, originalName: file.originalname } : undefined,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/public-dashboard/:id/links',
    summary: 'The dashboard’s custom links, hidden ones included',
    tag,
    action,
    params: idParams,
    response: s.publicLinksResponse,
    handler: ({ app, actor, params }) => links.listLinks(app, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/public-dashboard/:id/links',
    summary: 'Add a custom link (website, document or video)',
    tag,
    action,
    params: idParams,
    body: s.createPublicLinkBody,
    response: s.publicLinkResponse,
    status: 201,
    handler: ({ app, actor, params, body }) => links.createLink(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/public-dashboard/links/:linkId',
    summary: 'Edit a link, or Show/Hide it ({isActive})',
    tag,
    action,
    params: s.linkIdParams,
    body: s.updatePublicLinkBody,
    response: s.publicLinkResponse,
    handler: ({ app, actor, params, body }) => links.updateLink(app, actor, params.linkId, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/public-dashboard/links/:linkId',
    summary: 'Delete a link',
    tag,
    action,
    params: s.linkIdParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => links.deleteLink(app, actor, params.linkId),
  }),
];
