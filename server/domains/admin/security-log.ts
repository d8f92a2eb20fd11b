import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { FailureLimiter } from '@server/lib/rate-limit';
import type { Db } from '@server/db/index';
import { anonymousActor, authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { listSecurityEvents, SECURITY_ENTITY } from './queries/security-events';
import {
  ROUTINE_SECURITY_EVENTS,
  type ExportRecordBody,
  type SecurityEvent,
  type SecurityLogQuery,
} from '@shared/schemas/security-log';

/** Where a request came from, as the session list and the security log show it. */
export interface ClientInfo {
  address: string;
  device: string;
}

/**
 * Records one security event twice: a structured log line for the operator's
 * log collector, and an audit_log row (entity 'security') for the admin's filtered view. Callers
 * pass only what is named here: never a password, token or key; `detail` holds flags and reasons.
 * `subjectId` is the account concerned (null when the email typed matches no account).
 */
export async function recordSecurityEvent(
  app: AppContext,
  db: Db,
  event: SecurityEvent,
  entry: {
    actor?: Actor;
    subjectId: number | null;
    client?: ClientInfo;
    detail?: Record<string, string | number | boolean | null>;
  },
): Promise<void> {
  const actor = entry.actor ?? anonymousActor;
  const actorLabel = actor.email ?? actor.name;
  const detail = { ...entry.detail, address: entry.client?.address, device: entry.client?.device };
  const failure = /failed|denied|lockout/.test(event);
  app.log[failure ? 'warn' : 'info']('security', {
    event,
    actor: actorLabel,
    userId: entry.subjectId,
    ...detail,
  });
  await insertAudit(db, actor, {
    action: event,
    entity: SECURITY_ENTITY,
    entityId: entry.subjectId,
    after: detail,
  });
}

/** The security log for an admin: newest first, filtered by event and account. */
export async function getSecurityLog(app: AppContext, actor: Actor, query: SecurityLogQuery) {
  authorize(actor, 'users.manage');
  // Asked for one event or one account, everything that matches; the unfiltered first look, the
  // events that matter (ROUTINE_SECURITY_EVENTS left out).
  const view = query.view ?? (query.event || query.userId !== undefined ? 'all' : 'important');
  const rows = await listSecurityEvents(app.db, {
    ...query,
    exceptEvents: view === 'important' ? ROUTINE_SECURITY_EVENTS : [],
  });
  return {
    events: rows.map((r) => {
      const detail = (typeof r.after === 'string' ? JSON.parse(r.after) : (r.after ?? {})) as Record<
        string,
        unknown
      >;
      const { address, device, ...rest } = detail;
      return {
        id: Number(r.id),
        event: r.action as SecurityEvent,
        actor: r.actor_label,
        userId: r.entity_id === null ? null : Number(r.entity_id),
        userEmail: r.subject_email,
        address: typeof address === 'string' ? address : null,
        device: typeof device === 'string' ? device : null,
        detail: rest,
        createdAt: new Date(r.created_at).toISOString(),
      };
    }),
  };
}

/**
 * A file of the budget's data the server itself made: a workbook or CSV an API route sent, or one
 * the CLI wrote. What it was (the route or command), which year, its size and, when the maker knows
 * it, its row count.
 */
export interface FileExport {
  file: string;
  via: 'api' | 'cli';
  what: string;
  bytes?: number | null;
  fiscalYear?: number | null;
  budgetYearId?: number | null;
  rows?: number | null;
}

/**
 * Records a file the server made as the same 'data-exported' event a screen's export records, so
 * the security log names every way data left the app. No per-user limit: unlike a browser's word,
 * these happened (the server made the file), and each one is already bounded by the work it took.
 */
export async function recordFileExport(
  app: AppContext,
  actor: Actor,
  entry: FileExport,
  client?: ClientInfo,
) {
  await recordSecurityEvent(app, app.db, 'data-exported', {
    actor,
    subjectId: actor.kind === 'user' ? actor.id : null,
    client,
    detail: {
      file: entry.file,
      bytes: entry.bytes ?? null,
      via: entry.via,
      what: entry.what,
      fiscalYear: entry.fiscalYear ?? null,
      budgetYearId: entry.budgetYearId ?? null,
      rows: entry.rows ?? null,
    },
  });
}

/**
 * Records an export the browser made. The workbook is built in the browser from data this user was
 * already sent, so the server can only take the browser's word that it happened; what it does
 * know (who, from where, when) is its own.
 */
/** How many exports one user may record in the window (a person exports a few files an hour). */
export const EXPORTS_PER_WINDOW = 30;
const EXPORT_WINDOW_MINUTES = 10;
const exportLimiter = new FailureLimiter(EXPORTS_PER_WINDOW, EXPORT_WINDOW_MINUTES * 60_000);

export async function recordExport(
  app: AppContext,
  actor: Actor,
  input: ExportRecordBody,
  client: ClientInfo,
) {
  authorize(actor, 'profile.read');
  const subjectId = actor.kind === 'user' ? actor.id : null;
  // Anyone signed in may post these; a few hundred invented ones would bury the events that matter.
  const key = `export:${subjectId ?? actor.kind}`;
  if (exportLimiter.isBlocked(key)) {
    throw new AppError(
      429,
      'RATE_LIMITED',
      `At most ${EXPORTS_PER_WINDOW} exports are recorded per user in ${EXPORT_WINDOW_MINUTES} minutes; try again later`,
    );
  }
  exportLimiter.fail(key);
  await recordSecurityEvent(app, app.db, 'data-exported', {
    actor,
    subjectId,
    client,
    detail: { file: input.fileName, bytes: input.bytes },
  });
  return { message: 'Export recorded' };
}
