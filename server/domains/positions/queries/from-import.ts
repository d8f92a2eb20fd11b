import type { Knex } from 'knex';
import { activeScope } from '@server/sql/line-items-scope';
import { titleKey } from './title-key';
import { isVacancyOf } from './fte-split';

/**
 * A payroll import's new people take the vacancies waiting for them: each employee line the run
 * wrote that holds no position fills a vacant or posted position of its fiscal year with the same
 * title (ignoring case and surrounding spaces) at the same building (District Wide with District
 * Wide), the n-th such person the n-th such vacancy (posted before vacant, then oldest first), for
 * the smaller of the person's and the position's FTE. One statement: holders, the positions made
 * filled (their version moved on, so an editor holding the old one is told) and a 'filled' history
 * entry each. Returns how many were filled.
 *
 * The open positions are found first (a district has few) and only the people whose year, title
 * and building one of them has are numbered: numbering all 100,000 people of a payroll, sorted by
 * title, was most of this statement's second. A person's number counts only people of that same
 * year, title and building, whom the filter keeps or drops together, so it is unchanged.
 */
export async function fillVacanciesFromImport(
  db: Knex | Knex.Transaction,
  options: { importRunId: number; userId: number | null; actorLabel: string; reason: string },
): Promise<number> {
  const { rows } = await db.raw(
    `WITH open AS MATERIALIZED (
       SELECT p.id, p.budget_year_id, p.fiscal_year, p.building_id, p.fte, p.status, ${titleKey('p.title')} AS title,
              row_number() OVER (PARTITION BY p.budget_year_id, p.fiscal_year, ${titleKey('p.title')}, p.building_id
                                 ORDER BY p.status = 'posted' DESC, p.id) AS k
         FROM positions p
        WHERE ${isVacancyOf('p')}
          AND NOT EXISTS (SELECT 1 FROM position_holders x WHERE x.position_id = p.id)
          -- Not the file's own open positions (vacanciesFromLines, this transaction: now() is its
          -- start): the file lists each apart from its people, so none of them waits for them.
          AND p.created_at < now()),
     fresh AS MATERIALIZED (
       SELECT li.id, li.budget_year_id, li.fiscal_year, li.building_id,
              ${titleKey("coalesce(li.position, '')")} AS title,
              coalesce(nullif(li.current_fte, 0), 1)::numeric(5,3) AS fte,
              row_number() OVER (PARTITION BY li.budget_year_id, li.fiscal_year, ${titleKey("coalesce(li.position, '')")},
                                 li.building_id ORDER BY li.id) AS k
         FROM line_items li
        WHERE li.import_run_id = ? AND li.is_operating AND NOT li.is_projected AND ${activeScope('li')}
          AND NOT EXISTS (SELECT 1 FROM position_holders x WHERE x.line_item_id = li.id)
          AND EXISTS (SELECT 1 FROM open o WHERE o.budget_year_id = li.budget_year_id AND o.fiscal_year = li.fiscal_year
                        AND o.title = ${titleKey("coalesce(li.position, '')")}
                        AND o.building_id IS NOT DISTINCT FROM li.building_id)),
     pairs AS (
       SELECT o.id AS position_id, o.status AS was, f.id AS line_id, least(f.fte, o.fte) AS share
         FROM fresh f
         JOIN open o ON o.budget_year_id = f.budget_year_id AND o.fiscal_year = f.fiscal_year AND o.title = f.title
                    AND o.building_id IS NOT DISTINCT FROM f.building_id AND o.k = f.k),
     held AS (
       INSERT INTO position_holders (position_id, line_item_id, fte_share)
       SELECT position_id, line_id, share FROM pairs),
     filled AS (
       UPDATE positions p SET status = 'filled', version = p.version + 1, updated_at = now(), updated_by = ?::integer
         FROM pairs WHERE p.id = pairs.position_id)
     INSERT INTO position_history (position_id, action, reason, before, after, user_id, actor_label)
     SELECT position_id, 'filled', ?, jsonb_build_object('status', was),
            jsonb_build_object('status', 'filled', 'lineItemId', line_id, 'fteShare', share), ?::integer, ?
       FROM pairs
     RETURNING position_id`,
    [options.importRunId, options.userId, options.reason, options.userId, options.actorLabel],
  );
  return rows.length;
}
