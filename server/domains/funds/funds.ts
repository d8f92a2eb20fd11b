import type { AppContext } from '@server/context';
import { conflict, notFound, validationFailed, type IssueDetail } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import {
  FUND_KIND_LABELS,
  FUND_MESSAGES as M,
  NSS_COUNTS_BY_KIND,
  isGrantKind,
  periodReaches,
  type CreateFundBody,
  type FundKind,
  type UpdateFundBody,
} from '@shared/schemas/funds';
import { countOf } from '@shared/count-words';
import { ALL_SENT, grantOnlyIssues, type Sent } from './grant-values';
import * as q from './queries/funds';

const ENTITY = 'fund';

/** The funds as saved, the general fund first. Anyone signed in reads them (they hold no pay). */
export async function listFunds(app: AppContext, actor: Actor) {
  authorize(actor, 'referenceData.read');
  return { funds: (await q.listFunds(app.db)).map(q.presentFund) };
}

// A name another fund has is refused by refuseBroken alone, with no unique index on
// lower(btrim(name)): databases in use may already hold two funds of one name (saved before this
// check), which such an index would stop the migration on; a clerk renames one of them instead.

/** Whether two names are one to a clerk: spaces around them and letter case aside. */
const sameName = (a: string, b: string | undefined) =>
  b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The rules a fund's saved values keep, checked on the values it will have (what is saved merged
 * with what is sent): its name and its code are its own in any letter case; one general fund (a
 * line without a fund goes to it, so it stays one and keeps its kind); an award and a period for
 * grants only. A name left as saved is not checked again, so a pair named alike before the name
 * check came can still have their other values changed.
 */
async function refuseBroken(
  db: AppContext['db'],
  next: {
    name: string;
    code: string;
    kind: FundKind;
    award: string | null;
    start: string | null;
    end: string | null;
  },
  before?: q.FundRow,
  sent: Sent = ALL_SENT,
) {
  await q.lockFunds(db);
  const details: IssueDetail[] = [];
  const named = sameName(next.name, before?.name)
    ? undefined
    : await q.findFundByName(db, next.name, before?.id);
  if (named) {
    details.push({ path: 'name', message: M.nameTaken(named.name.trim(), named.code) });
  }
  const taken = await q.findFundByCode(db, next.code, before?.id);
  if (taken) {
    details.push({ path: 'code', message: M.codeTaken(taken.code, taken.name) });
  }
  if (before?.kind === 'general' && next.kind !== 'general') {
    details.push({ path: 'kind', message: M.generalStays });
  } else if (next.kind === 'general' && before?.kind !== 'general') {
    const general = (await q.listFunds(db)).find((f) => f.kind === 'general');
    if (general) {
      details.push({ path: 'kind', message: M.oneGeneral(`${general.name} (${general.code})`) });
    }
  }
  if (!isGrantKind(next.kind)) {
    details.push(...grantOnlyIssues(next, sent));
  }
  if (next.start !== null && next.end !== null && next.start > next.end) {
    details.push({ path: 'periodEnd', message: M.periodOrder });
  }
  if (details.length) {
    throw validationFailed(details);
  }
}

/**
 * 400 when a grant's new period no longer reaches a fiscal year the grant still pays (its lines, or
 * its positions' shares the year after their roster's): those lines would stay on a grant that
 * cannot pay them, left out of net school spending under it. Names the first such year and what
 * it pays there.
 */
async function refuseStrandedYears(
  db: AppContext['db'],
  before: q.FundRow,
  start: string | null,
  end: string | null,
) {
  // Both sides are 'YYYY-MM-DD' text (the body's zod date, the row's period_start::text).
  if (start === before.period_start && end === before.period_end) {
    return;
  }
  const stranded = (await q.yearsPaidBy(db, before.id)).find(
    (y) => !periodReaches(start, end, y.fiscal_year),
  );
  if (stranded) {
    const what = [
      stranded.lines ? countOf(stranded.lines, 'line') : null,
      stranded.positions ? `shares of ${countOf(stranded.positions, 'position')}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    throw validationFailed([
      {
        path: end !== null && end !== before.period_end ? 'periodEnd' : 'periodStart',
        message: M.stillPays(before.name, stranded.fiscal_year, what),
      },
    ]);
  }
}

/** Adds a fund; whether it counts toward NSS is its kind's default unless the body says. */
export async function createFund(app: AppContext, actor: Actor, input: CreateFundBody) {
  authorize(actor, 'funds.manage');
  return app.db.transaction(async (trx) => {
    const values: q.FundValues = {
      name: input.name,
      code: input.code,
      kind: input.kind,
      counts_toward_nss: input.countsTowardNss ?? NSS_COUNTS_BY_KIND[input.kind],
      award_amount: q.moneyColumn(input.awardAmount) ?? null,
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      note: input.note || null,
      show_to_residents: input.showToResidents ?? true,
    };
    await refuseBroken(trx, {
      name: input.name,
      code: input.code,
      kind: input.kind,
      award: values.award_amount ?? null,
      start: values.period_start ?? null,
      end: values.period_end ?? null,
    });
    const id = await q.insertFund(trx, values);
    const fund = q.presentFund((await q.findFund(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: fund });
    return { fund };
  });
}

/**
 * Changes a fund. A kind changed without a word on NSS moves the flag to the new kind's default
 * when it was at the old kind's; a flag an ADMIN set for this fund stays.
 */
export async function updateFund(app: AppContext, actor: Actor, id: number, input: UpdateFundBody) {
  authorize(actor, 'funds.manage');
  return app.db.transaction(async (trx) => {
    const before = await q.findFund(trx, id);
    if (!before) {
      throw notFound('Fund');
    }
    const kind = input.kind ?? before.kind;
    const atDefault = before.counts_toward_nss === NSS_COUNTS_BY_KIND[before.kind];
    const counts = input.countsTowardNss ?? (atDefault ? NSS_COUNTS_BY_KIND[kind] : before.counts_toward_nss);
    const values: q.FundValues = {
      name: input.name,
      code: input.code,
      kind: input.kind,
      counts_toward_nss: counts,
      award_amount: q.moneyColumn(input.awardAmount),
      period_start: input.periodStart,
      period_end: input.periodEnd,
      note: input.note === undefined ? undefined : input.note || null,
      show_to_residents: input.showToResidents,
    };
    const pick = <T>(sent: T | undefined, saved: T) => (sent === undefined ? saved : sent);
    await refuseBroken(
      trx,
      {
        name: pick(input.name, before.name),
        code: pick(input.code, before.code),
        kind,
        award: pick(values.award_amount, before.award_amount),
        start: pick(values.period_start, before.period_start),
        end: pick(values.period_end, before.period_end),
      },
      before,
      {
        award: values.award_amount !== undefined,
        start: values.period_start !== undefined,
        end: values.period_end !== undefined,
      },
    );
    await refuseStrandedYears(
      trx,
      before,
      pick(values.period_start, before.period_start),
      pick(values.period_end, before.period_end),
    );
    if (counts !== before.counts_toward_nss) {
      // An adopted year's net school spending is what was voted: its lines' funds keep their word.
      const locked = await q.lockedYearOfFund(trx, before);
      if (locked) {
        throw conflict(M.nssLocked(before.name, locked.fiscal_year));
      }
    }
    await q.updateFund(trx, id, values);
    const fund = q.presentFund((await q.findFund(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: q.presentFund(before),
      after: fund,
    });
    return { fund };
  });
}

/** Deletes a fund; the general fund stays (a line without a fund goes to it). */
export async function deleteFund(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'funds.manage');
  return app.db.transaction(async (trx) => {
    const before = await q.findFund(trx, id);
    if (!before) {
      throw notFound('Fund');
    }
    if (before.kind === 'general') {
      throw conflict(M.generalStays);
    }
    const lines = await q.linesOnFund(trx, before);
    if (lines > 0) {
      throw conflict(M.inUse(before.name, lines));
    }
    const positions = await q.positionsOnFund(trx, id);
    if (positions > 0) {
      throw conflict(M.paysPositions(before.name, positions));
    }
    const rules = await q.rulesOnFund(trx, 'position_crosswalk_rules', id);
    if (rules > 0) {
      throw conflict(M.namedByRules(before.name, rules));
    }
    const codeRules = await q.rulesOnFund(trx, 'function_code_rules', id);
    if (codeRules > 0) {
      throw conflict(M.namedByCodeRules(before.name, codeRules));
    }
    await q.deleteFund(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: q.presentFund(before),
    });
    return { message: `${before.name} (${FUND_KIND_LABELS[before.kind]}) deleted` };
  });
}

/**
 * The fund_id column of a line on `fundId` in `fiscalYear`: null for the general fund (a line
 * naming no fund is on it), else the fund's id. Refused (400 on fundId, nothing written): a fund
 * that does not exist, and a grant whose period does not reach the fiscal year (a closed grant).
 */
export async function lineFundColumn(
  db: AppContext['db'],
  fundId: number | null,
  fiscalYear: number,
  path = 'fundId',
  why?: string,
): Promise<number | null> {
  if (fundId === null) {
    return null;
  }
  const fund = await q.findFund(db, fundId);
  if (!fund) {
    throw validationFailed([{ path, message: `Fund ${fundId} does not exist` }]);
  }
  if (fund.kind === 'general') {
    return null;
  }
  if (!periodReaches(fund.period_start, fund.period_end, fiscalYear)) {
    throw validationFailed([
      {
        path,
        message: M.outsidePeriod(
          fund.name,
          fund.period_start ?? '…',
          fund.period_end ?? '…',
          fiscalYear,
          why,
        ),
      },
    ]);
  }
  return fund.id;
}
