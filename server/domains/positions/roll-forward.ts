import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { GENERAL_FUND } from '@server/sql/general-fund';
import { arrayLiteral } from '@server/sql/array-literal';
import { closedGrants } from '@server/domains/funds';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/**
 * The positions' part of a roll forward (server/domains/roll-forward): a fiscal year's roster carried
 * into the next year's, in the caller's transaction, after the line writer has rolled the lines
 * (each carried employee line names its source line and the roll forward in metadata).
 *
 * Every position not closed is carried as it is (title, place, work group, FTE, status, a vacancy's
 * own step and lane); its holders who were carried hold it again through their new lines, for the
 * same share, paid by the same funds' shares. A filled position none of whose holders was carried (Retiring, Inactive) is carried
 * vacant: the job stays, the person leaves. Each new position gets a 'created' history entry naming
 * the position it came from and the roll forward (after.rollForwardId), which is how undo finds
 * them. One statement for any number of positions, as positionsFromLines writes a roster; the roll
 * forward audits the whole as one entry.
 */

export interface RolledRoster {
  from: { budgetYearId: number; fiscalYear: number };
  to: { budgetYearId: number; fiscalYear: number };
  rollForwardId: number;
}

/** What was carried: positions, those left filled, their FTE (decimal text) and holders. */
export interface RolledPositions {
  carried: number;
  filled: number;
  vacant: number;
  fte: string;
  holders: number;
  /** Carried positions a closed grant paid a share of: the share is the general fund's now. */
  sharesToGeneralFund: number;
}

/**
 * Each source line's carried employee line, by the roll forward's metadata: read once and joined by
 * hash (a lookup per holder would scan the year's lines once per position).
 */
const CARRIED_LINES = `SELECT (n.metadata ->> 'rolledForwardFrom')::int AS old_id, n.id AS new_id FROM line_items n
  WHERE n.budget_year_id = :toBy AND n.fiscal_year = :toFy AND n.is_operating
    AND (n.metadata ->> 'rollForwardId')::int = :rf`;

export async function rollPositionsForward(
  trx: Db,
  actor: Actor,
  roll: RolledRoster,
): Promise<RolledPositions> {
  // Hash joins only, for this statement: the planner guesses a handful of rows for the CTEs (their
  // filters read metadata) and chose nested loops matching every holder against every carried line,
  // which did not finish in minutes at 50,000 positions (as planForLedger found for the ledger).
  const closed = await closedGrants(trx, roll.to.fiscalYear, 1);
  const was = (await trx.raw("SELECT current_setting('enable_nestloop') AS v")).rows[0].v;
  await trx.raw("SELECT set_config('enable_nestloop', 'off', true)");
  const { rows } = await trx.raw(
    `WITH carried AS MATERIALIZED (${CARRIED_LINES}),
     kept AS MATERIALIZED (
       SELECT h.position_id, c.new_id, h.fte_share FROM position_holders h JOIN carried c ON c.old_id = h.line_item_id
        WHERE h.position_id IN (SELECT id FROM positions WHERE budget_year_id = :fromBy AND fiscal_year = :fromFy)),
     -- Whether a position keeps a holder, as a join: a NOT EXISTS in the CASE was run once per
     -- position, each time scanning every kept holder (50,000 x 49,000: 66 s of a roll forward).
     held_on AS MATERIALIZED (SELECT DISTINCT position_id FROM kept),
     src AS MATERIALIZED (
       SELECT nextval((SELECT pg_get_serial_sequence('positions', 'id'))::regclass) AS pid, p.*,
              CASE WHEN p.status = 'filled' AND o.position_id IS NULL THEN 'vacant' ELSE p.status END AS new_status
         FROM positions p LEFT JOIN held_on o ON o.position_id = p.id
        WHERE p.budget_year_id = :fromBy AND p.fiscal_year = :fromFy AND p.status <> 'closed'
        ORDER BY p.id),
     made AS (
       INSERT INTO positions (id, budget_year_id, fiscal_year, title, building_id, dese_code, category_id,
                              work_group_id, fte, status, vacancy_step, vacancy_lane, vacancy_rate, notes,
                              created_by, updated_by)
       SELECT pid, :toBy, :toFy, title, building_id, dese_code, category_id, work_group_id, fte, new_status,
              vacancy_step, vacancy_lane, vacancy_rate, notes, :user::integer, :user::integer FROM src),
     held AS (
       INSERT INTO position_holders (position_id, line_item_id, fte_share)
       SELECT s.pid, k.new_id, k.fte_share FROM src s JOIN kept k ON k.position_id = s.id
       RETURNING position_id),
     -- The funds that pay it, as they were, but a closed grant's share goes to the general fund
     -- (added to its share when it has one), so the shares still add up to the FTE.
     shares AS MATERIALIZED (
       SELECT s.pid, f.fund_id = ANY(:closed::int[]) AS closed,
              CASE WHEN f.fund_id = ANY(:closed::int[]) THEN ${GENERAL_FUND} ELSE f.fund_id END AS fund_id, f.fte
         FROM src s JOIN position_fund_shares f ON f.position_id = s.id),
     funded AS (
       INSERT INTO position_fund_shares (position_id, fund_id, fte)
       SELECT pid, fund_id, sum(fte) FROM shares GROUP BY pid, fund_id),
     told AS (
       INSERT INTO position_history (position_id, action, reason, after, user_id, actor_label)
       SELECT pid, 'created', 'Rolled forward from ' || :fromLabel::text || ' position #' || id,
              jsonb_build_object('rollForwardId', :rf::int, 'fromPositionId', id, 'fte', fte, 'status', new_status),
              :user::integer, :label FROM src)
     SELECT (SELECT count(*) FROM src)::int AS carried,
            (SELECT count(*) FROM src WHERE new_status = 'filled')::int AS filled,
            (SELECT coalesce(sum(fte), 0) FROM src)::numeric(12,3)::text AS fte,
            (SELECT count(*) FROM held)::int AS holders,
            (SELECT count(DISTINCT pid) FROM shares WHERE closed)::int AS to_general`,
    {
      fromBy: roll.from.budgetYearId,
      fromFy: roll.from.fiscalYear,
      // The history reason writes the year as the screens do ('FY26').
      fromLabel: fiscalYearLabel(roll.from.fiscalYear),
      toBy: roll.to.budgetYearId,
      toFy: roll.to.fiscalYear,
      rf: roll.rollForwardId,
      // An array literal's text: knex spreads an array binding into a list of values.
      closed: arrayLiteral(closed),
      user: actor.kind === 'user' ? actor.id : null,
      label: actor.kind === 'user' ? null : 'roll-forward',
    },
  );
  await trx.raw("SELECT set_config('enable_nestloop', ?, true)", [was]);
  const r = rows[0];
  return {
    carried: Number(r.carried),
    filled: Number(r.filled),
    vacant: Number(r.carried) - Number(r.filled),
    fte: String(r.fte),
    holders: Number(r.holders),
    sharesToGeneralFund: Number(r.to_general),
  };
}

/** The positions a roll forward made, by their 'created' history entry. */
const ROLLED = `SELECT ph.position_id FROM position_history ph JOIN positions p ON p.id = ph.position_id
  WHERE p.budget_year_id = :by AND p.fiscal_year = :fy AND ph.action = 'created'
    AND (ph.after ->> 'rollForwardId')::int = :rf`;

/**
 * Whether the roster the roll forward made is as it made it: no other position in it, and none of
 * its positions changed since (a change writes history and moves the version).
 */
export async function rolledPositionsUntouched(
  db: Db,
  target: { budgetYearId: number; fiscalYear: number; rollForwardId: number },
): Promise<boolean> {
  const bind = { by: target.budgetYearId, fy: target.fiscalYear, rf: target.rollForwardId };
  const { rows } = await db.raw(
    `SELECT (SELECT count(*) FROM positions p WHERE p.budget_year_id = :by AND p.fiscal_year = :fy
               AND (p.version <> 1 OR NOT EXISTS (SELECT 1 FROM position_history c WHERE c.position_id = p.id
                      AND c.action = 'created' AND (c.after ->> 'rollForwardId')::int = :rf)))::int AS other,
            (SELECT count(*) FROM position_history ph WHERE ph.position_id IN (${ROLLED})
               AND ph.action <> 'created')::int AS changes`,
    bind,
  );
  return Number(rows[0].other) === 0 && Number(rows[0].changes) === 0;
}

/** Deletes the positions a roll forward made (undo); their holders and history go with them. */
export async function removeRolledPositions(
  trx: Db,
  target: { budgetYearId: number; fiscalYear: number; rollForwardId: number },
): Promise<number> {
  const { rows } = await trx.raw(
    `WITH gone AS (DELETE FROM positions WHERE id IN (${ROLLED}) RETURNING id) SELECT count(*)::int AS n FROM gone`,
    { by: target.budgetYearId, fy: target.fiscalYear, rf: target.rollForwardId },
  );
  return Number(rows[0].n);
}
