import type { Context } from 'koa';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { recordFileExport } from '@server/domains/admin';
import type { AnyRoute } from './define';

/** The content types of a file of figures a person takes away: Excel workbooks and CSV. */
const SPREADSHEET = /spreadsheetml|ms-excel|text\/csv/i;

/** A route that sets `ctx.state.exportRows` has its row count logged with the file. */
export interface ExportState {
  exportRows?: number;
}

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function bytesOf(body: unknown): number | null {
  if (Buffer.isBuffer(body)) {
    return body.length;
  }
  return typeof body === 'string' ? Buffer.byteLength(body) : null;
}

/**
 * Every signed-in download of a workbook or CSV writes a 'data-exported' entry in the security log,
 * as a screen's export does: decided here, by the response's type, for every route at once, so a
 * new report's download cannot be left out. A public route's file (the published dashboard's CSV)
 * is the residents' own view of published figures, taken by nobody the log could name.
 */
export async function logFileDownload(
  app: AppContext,
  actor: Actor,
  ctx: Context,
  route: AnyRoute,
  query: unknown,
): Promise<void> {
  if (route.action === 'public' || actor.kind === 'anonymous' || !SPREADSHEET.test(ctx.response.type)) {
    return;
  }
  const named = /filename="([^"]+)"/.exec(ctx.response.get('Content-Disposition'))?.[1];
  const q = (query ?? {}) as Record<string, unknown>;
  await recordFileExport(
    app,
    actor,
    {
      file: named ?? route.path.split('/').pop()!,
      via: 'api',
      what: `${route.method.toUpperCase()} ${route.path}`,
      bytes: bytesOf(ctx.body),
      fiscalYear: numberOr(q.fiscalYear),
      budgetYearId: numberOr(q.budgetYearId),
      rows: numberOr((ctx.state as ExportState).exportRows),
    },
    { address: ctx.ip, device: ctx.get('User-Agent') },
  );
}
