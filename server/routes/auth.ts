import type { Context } from 'koa';
import * as s from '@shared/schemas/auth';
import { idParams, messageSchema } from '@shared/schemas/common';
import { exportRecordBody, securityLogQuery, securityLogResponse } from '@shared/schemas/security-log';
import { auth as auth } from '@server/domains/admin';
import { getSecurityLog, recordExport, type ClientInfo } from '@server/domains/admin';
import { sessions as sessions } from '@server/domains/admin';
import { users as users } from '@server/domains/admin';
import { defineRoute } from './define';

const tag = 'Authentication and users';

/**
 * The client's address (ctx.ip: with TRUST_PROXY=n, the address the outermost trusted proxy saw,
 * server/app.ts) and browser, as sessions and the security log record them.
 */
export const clientOf = (ctx: Context): ClientInfo => ({ address: ctx.ip, device: ctx.get('User-Agent') });
/** The session of this request, set by the token check (server/routes/mount.ts). */
const sessionOf = (ctx: Context): string => String(ctx.state.sessionId ?? '');

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password',
    tag,
    action: 'public',
    body: s.loginBody,
    response: s.loginResponse,
    handler: ({ app, body, ctx }) => auth.login(app, body, clientOf(ctx)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'Sign out this device: its session ends, other devices stay signed in',
    tag,
    action: 'profile.read',
    response: messageSchema,
    handler: ({ app, actor, ctx }) => sessions.logout(app, actor, sessionOf(ctx), clientOf(ctx)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout-everywhere',
    summary: 'Sign out everywhere: every session of this user ends, this one included',
    tag,
    action: 'profile.read',
    response: messageSchema,
    handler: ({ app, actor, ctx }) => sessions.logoutEverywhere(app, actor, clientOf(ctx)),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/sessions',
    summary: 'One’s active sessions (device, address, last seen) and recent failed sign-ins',
    tag,
    action: 'profile.read',
    response: s.sessionsResponse,
    handler: ({ app, actor, ctx }) => sessions.listSessions(app, actor, sessionOf(ctx)),
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/sessions/:id',
    summary: 'End one of one’s own sessions (sign another device out)',
    tag,
    action: 'profile.read',
    params: s.sessionParams,
    response: messageSchema,
    handler: ({ app, actor, params, ctx }) => sessions.endSession(app, actor, params.id, clientOf(ctx)),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/security-log',
    summary:
      'The security log: sign-ins, failures, lockouts, sign-outs, refusals, password, email, key and role changes',
    tag,
    action: 'users.manage',
    query: securityLogQuery,
    response: securityLogResponse,
    handler: ({ app, actor, query }) => getSecurityLog(app, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in user, with the actions their role allows',
    tag,
    action: 'profile.read',
    response: s.meResponse,
    handler: ({ app, actor }) => auth.getMe(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/exports',
    summary: 'Record in the security log an Excel or CSV export the browser made (file name and size)',
    tag,
    action: 'profile.read',
    body: exportRecordBody,
    response: messageSchema,
    handler: ({ app, actor, body, ctx }) => recordExport(app, actor, body, clientOf(ctx)),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/change-password',
    summary: 'Change one’s own password; ends every session and returns a token for a new one',
    tag,
    action: 'profile.update',
    body: s.changePasswordBody,
    response: s.changePasswordResponse,
    handler: ({ app, actor, body, ctx }) => auth.changePassword(app, actor, body, clientOf(ctx)),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/update-profile',
    summary: 'Change one’s own name, and email with the current password',
    tag,
    action: 'profile.update',
    body: s.updateProfileBody,
    response: s.meResponse,
    handler: ({ app, actor, body, ctx }) => auth.updateProfile(app, actor, body, clientOf(ctx)),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/update-api-key',
    summary: 'Store (encrypted) or remove one’s Claude API key; the key is never returned',
    tag,
    action: 'profile.update',
    body: s.updateApiKeyBody,
    response: s.apiKeyResponse,
    handler: ({ app, actor, body, ctx }) => auth.updateApiKey(app, actor, body, clientOf(ctx)),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/has-api-key',
    summary: 'Whether a Claude API key is stored for the signed-in user',
    tag,
    action: 'profile.read',
    response: s.hasApiKeyResponse,
    handler: ({ app, actor }) => auth.hasApiKey(app, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/register',
    summary: 'Create a user (there is no self sign-up)',
    tag,
    action: 'users.manage',
    body: s.registerBody,
    response: s.userResponse,
    status: 201,
    handler: ({ app, actor, body }) => users.registerUser(app, actor, body),
  }),
  defineRoute({
    method: 'get',
    path: '/auth/users',
    summary: 'List users',
    tag,
    action: 'users.manage',
    response: s.usersResponse,
    handler: ({ app, actor }) => users.listUsers(app, actor),
  }),
  defineRoute({
    method: 'put',
    path: '/auth/users/:id',
    summary: 'Change another user’s name, email, role or active flag',
    tag,
    action: 'users.manage',
    params: idParams,
    body: s.updateUserBody,
    response: s.userResponse,
    handler: ({ app, actor, params, body }) => users.updateUserById(app, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/users/:id',
    summary: 'Delete another user',
    tag,
    action: 'users.manage',
    params: idParams,
    response: messageSchema,
    handler: ({ app, actor, params }) => users.deleteUserById(app, actor, params.id),
  }),
];
