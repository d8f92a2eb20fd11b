import type { Knex } from 'knex';
import { fiscalYearRange } from './helpers';

/**
 * One home for each fiscal year's plan (docs/ARCHITECTURE.md, 'One home for each fiscal year').
 * fiscal_year_homes names the one budget year whose lines, stages, adoptions and cut scenarios are
 * a fiscal year's plan; its primary key makes a second home impossible. An import or a stage claims
 * the home of a year that has none, and triggers refuse any write of the year's plan into another
 * budget year (SQLSTATE BY003, a 400 naming the home by server/errors.ts), whichever path writes.
 *
 * The data: a fiscal year two budget years held (FY26's FY2027, appropriated, and FY27's imported
 * FY2027) gets the home whose latest stage event is newest, else the one with more lines, else the
 * one named for the year, else the older. The other budget year's rows of that year move into the
 * home, none deleted, no id changed: its lines under a budget named for where they came from
 * (inactive when the home has lines of that kind, so they never count twice; the home's active
 * budget when it has none), its stages with their snapshots, adoptions, cut scenarios, versions
 * and analyses as they are. Moving the latest stage event never changes, so neither does the
 * stage residents see nor the lock. Audit entries name rows by id and stay true.
 */

const PLAN_TABLES = ['budget_stages', 'scenario_adoptions', 'cut_scenarios'] as const;

/** (budget year, fiscal year) pairs that hold a plan: stored (not projected) lines, stages, adoptions, cut scenarios. */
const HOLDERS = `SELECT budget_year_id, fiscal_year FROM line_items WHERE NOT is_projected
  UNION SELECT budget_year_id, fiscal_year FROM budget_stages
  UNION SELECT budget_year_id, fiscal_year FROM scenario_adoptions
  UNION SELECT budget_year_id, fiscal_year FROM cut_scenarios`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS fiscal_year_homes (
    fiscal_year integer PRIMARY KEY CHECK (${fiscalYearRange('fiscal_year')}),
    budget_year_id integer NOT NULL REFERENCES budget_years(id) ON DELETE CASCADE,
    claimed_at timestamptz NOT NULL DEFAULT now())`);
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS fiscal_year_homes_budget_year_idx ON fiscal_year_homes (budget_year_id)',
  );
  await moveIntoHomes(knex);
  await createGuards(knex);
}

/** Chooses each held fiscal year's home and moves every other budget year's rows of it there. */
export async function moveIntoHomes(knex: Knex): Promise<void> {
  await knex.raw(`INSERT INTO fiscal_year_homes (fiscal_year, budget_year_id)
    SELECT DISTINCT ON (h.fiscal_year) h.fiscal_year, h.budget_year_id
      FROM (${HOLDERS}) h JOIN budget_years b ON b.id = h.budget_year_id
     ORDER BY h.fiscal_year,
       (SELECT max(s.id) FROM budget_stages s
         WHERE s.budget_year_id = h.budget_year_id AND s.fiscal_year = h.fiscal_year) DESC NULLS LAST,
       (SELECT count(*) FROM line_items li WHERE li.budget_year_id = h.budget_year_id
           AND li.fiscal_year = h.fiscal_year AND NOT li.is_projected) DESC,
       (b.fiscal_year = 'FY' || lpad((h.fiscal_year % 100)::text, 2, '0')) DESC,
       b.id
    ON CONFLICT (fiscal_year) DO NOTHING`);
  const { rows: strays } = await knex.raw<{
    rows: { from_id: number; from_label: string; home_id: number; fiscal_year: number }[];
  }>(`SELECT h.budget_year_id AS from_id, b.fiscal_year AS from_label, f.budget_year_id AS home_id, h.fiscal_year
        FROM (${HOLDERS}) h JOIN fiscal_year_homes f ON f.fiscal_year = h.fiscal_year
        JOIN budget_years b ON b.id = h.budget_year_id
       WHERE h.budget_year_id <> f.budget_year_id ORDER BY h.fiscal_year, h.budget_year_id`);
  if (!strays.length) {
    return;
  }
  // The lock and the stages' immutability guard users' writes; this move changes no figure.
  await knex.raw('ALTER TABLE line_items DISABLE TRIGGER line_items_locked_update');
  await knex.raw('ALTER TABLE budget_stages DISABLE TRIGGER budget_stages_immutable');
  for (const s of strays) {
    await moveYear(knex, s);
  }
  await knex.raw('ALTER TABLE budget_stages ENABLE TRIGGER budget_stages_immutable');
  await knex.raw('ALTER TABLE line_items ENABLE TRIGGER line_items_locked_update');
}

async function moveYear(
  knex: Knex,
  s: { from_id: number; from_label: string; home_id: number; fiscal_year: number },
): Promise<void> {
  const where = { budget_year_id: s.from_id, fiscal_year: s.fiscal_year };
  const groups: { scenario_id: number | null; is_operating: boolean; name: string | null }[] = await knex(
    'line_items as li',
  )
    .leftJoin('scenarios as sc', 'sc.id', 'li.scenario_id')
    .where({ 'li.budget_year_id': s.from_id, 'li.fiscal_year': s.fiscal_year, 'li.is_projected': false })
    .distinct('li.scenario_id', 'li.is_operating', 'sc.name');
  for (const g of groups) {
    const type = g.is_operating ? 'operating' : 'proposed';
    const homeHas = await knex('line_items')
      .where({ budget_year_id: s.home_id, fiscal_year: s.fiscal_year, is_operating: g.is_operating })
      .first('id');
    const active = await knex('scenarios')
      .where({ budget_year_id: s.home_id, scenario_type: type, is_active: true })
      .first('id');
    if (homeHas && !active) {
      // The home's lines count because it has no budget of this kind (activeScope): an empty active
      // one keeps those without a budget counting while the moved lines, in an inactive one, do not.
      await knex('scenarios').insert({
        budget_year_id: s.home_id,
        name: `FY${String(s.fiscal_year % 100).padStart(2, '0')} ${type} budget`,
        scenario_type: type,
        is_active: true,
      });
    }
    let target: number | null = homeHas ? null : (active?.id ?? null);
    if (homeHas || !active) {
      const [row] = await knex('scenarios')
        .insert({
          budget_year_id: s.home_id,
          name: `${g.name ?? `FY${String(s.fiscal_year % 100).padStart(2, '0')} ${type} lines`} (from budget year ${s.from_label})`,
          description: `FY${s.fiscal_year} lines budget year ${s.from_label} held, moved here when each fiscal year got one home budget year`,
          scenario_type: type,
          is_active: !homeHas && !active,
        })
        .returning('id');
      target = row.id;
    }
    await knex('line_items')
      .where({ ...where, is_projected: false, is_operating: g.is_operating })
      .where((q) =>
        g.scenario_id === null ? q.whereNull('scenario_id') : q.where('scenario_id', g.scenario_id),
      )
      .update({ budget_year_id: s.home_id, scenario_id: target });
  }
  await knex('budget_stages').where(where).update({ budget_year_id: s.home_id });
  await knex('scenario_adoptions').where(where).update({ budget_year_id: s.home_id });
  const homeActiveCut = await knex('cut_scenarios')
    .where({ budget_year_id: s.home_id, fiscal_year: s.fiscal_year, is_active: true })
    .first('id');
  await knex('cut_scenarios')
    .where(where)
    .update({
      budget_year_id: s.home_id,
      name: knex.raw(`name || ' (from budget year ' || ? || ')'`, [s.from_label]),
      ...(homeActiveCut ? { is_active: false } : {}),
    });
  await knex('budget_versions').where(where).update({ budget_year_id: s.home_id });
  await knex('ai_analyses').where(where).update({ budget_year_id: s.home_id });
}

/**
 * The guards: a plan row of a fiscal year written into a budget year other than its home is refused;
 * an imported line or a stage of a year without a home claims it, unless another budget year
 * already holds lines of the year (refused naming that one) (lines written by hand, by
 * projections or by tests' factories claim nothing: an import or a stage is where a year's plan
 * begins); the home is given up when its budget year no longer holds any of the year's plan.
 */
async function createGuards(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION one_home(p_budget_year integer, p_fiscal_year integer, p_claim boolean)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE home integer;
    BEGIN
      SELECT f.budget_year_id INTO home FROM fiscal_year_homes f WHERE f.fiscal_year = p_fiscal_year;
      IF home IS NULL AND p_claim THEN
        -- A year another budget year already plans (lines written by hand, unclaimed) is its; the
        -- claim is refused naming it rather than making a second home.
        SELECT li.budget_year_id INTO home FROM line_items li
         WHERE li.fiscal_year = p_fiscal_year AND NOT li.is_projected AND li.budget_year_id <> p_budget_year
         LIMIT 1;
        IF home IS NULL THEN
          INSERT INTO fiscal_year_homes (fiscal_year, budget_year_id) VALUES (p_fiscal_year, p_budget_year)
            ON CONFLICT (fiscal_year) DO NOTHING;
          SELECT f.budget_year_id INTO home FROM fiscal_year_homes f WHERE f.fiscal_year = p_fiscal_year;
        END IF;
      END IF;
      IF home IS NOT NULL AND home <> p_budget_year THEN
        -- DETAIL 'fiscal year:home label:refused label', from which server/errors.ts writes the message.
        RAISE EXCEPTION 'fiscal year % belongs to budget year %', p_fiscal_year, home
          USING ERRCODE = 'BY003', DETAIL = p_fiscal_year || ':' ||
            (SELECT b.fiscal_year FROM budget_years b WHERE b.id = home) || ':' ||
            coalesce((SELECT b.fiscal_year FROM budget_years b WHERE b.id = p_budget_year), '');
      END IF;
    END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION one_home_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE r record;
    BEGIN
      IF TG_TABLE_NAME = 'line_items' THEN
        FOR r IN SELECT budget_year_id, fiscal_year, bool_or(import_run_id IS NOT NULL) AS claim
                   FROM new_rows WHERE NOT is_projected GROUP BY 1, 2 LOOP
          PERFORM one_home(r.budget_year_id, r.fiscal_year, r.claim);
        END LOOP;
      ELSE
        FOR r IN SELECT DISTINCT budget_year_id, fiscal_year FROM new_rows LOOP
          PERFORM one_home(r.budget_year_id, r.fiscal_year, TG_TABLE_NAME = 'budget_stages');
        END LOOP;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION one_home_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM one_home(NEW.budget_year_id, NEW.fiscal_year, false);
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION one_home_release() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM fiscal_year_homes f
       USING (SELECT DISTINCT budget_year_id, fiscal_year FROM old_rows) o
       WHERE f.fiscal_year = o.fiscal_year AND f.budget_year_id = o.budget_year_id
         AND NOT EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = o.budget_year_id
                           AND li.fiscal_year = o.fiscal_year AND NOT li.is_projected)
         AND NOT EXISTS (SELECT 1 FROM budget_stages s WHERE s.budget_year_id = o.budget_year_id
                           AND s.fiscal_year = o.fiscal_year)
         AND NOT EXISTS (SELECT 1 FROM cut_scenarios c WHERE c.budget_year_id = o.budget_year_id
                           AND c.fiscal_year = o.fiscal_year);
      RETURN NULL;
    END $$`);
  for (const table of ['line_items', ...PLAN_TABLES]) {
    await knex.raw(`CREATE TRIGGER ${table}_one_home AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION one_home_rows()`);
  }
  for (const table of ['line_items', 'cut_scenarios']) {
    await knex.raw(`CREATE TRIGGER ${table}_one_home_release AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION one_home_release()`);
  }
  // Moving a line to another budget year or fiscal year: row by row, only when one of them changes
  // (a statement trigger would scan every bulk edit's rows).
  await knex.raw(`CREATE TRIGGER line_items_one_home_move
    AFTER UPDATE OF budget_year_id, fiscal_year, is_projected ON line_items FOR EACH ROW
    WHEN (NOT NEW.is_projected AND (OLD.budget_year_id IS DISTINCT FROM NEW.budget_year_id
          OR OLD.fiscal_year IS DISTINCT FROM NEW.fiscal_year OR OLD.is_projected))
    EXECUTE FUNCTION one_home_row()`);
  await knex.raw(`CREATE TRIGGER cut_scenarios_one_home_move
    AFTER UPDATE OF budget_year_id, fiscal_year ON cut_scenarios FOR EACH ROW
    WHEN (OLD.budget_year_id IS DISTINCT FROM NEW.budget_year_id OR OLD.fiscal_year IS DISTINCT FROM NEW.fiscal_year)
    EXECUTE FUNCTION one_home_row()`);
}

/** Drops the homes and their guards; rows moved into a home stay there (nothing is lost either way). */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['line_items', ...PLAN_TABLES]) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_one_home ON ${table}`);
  }
  for (const table of ['line_items', 'cut_scenarios']) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_one_home_release ON ${table}`);
  }
  await knex.raw('DROP TRIGGER IF EXISTS line_items_one_home_move ON line_items');
  await knex.raw('DROP TRIGGER IF EXISTS cut_scenarios_one_home_move ON cut_scenarios');
  await knex.raw('DROP FUNCTION IF EXISTS one_home_rows()');
  await knex.raw('DROP FUNCTION IF EXISTS one_home_row()');
  await knex.raw('DROP FUNCTION IF EXISTS one_home_release()');
  await knex.raw('DROP FUNCTION IF EXISTS one_home(integer, integer, boolean)');
  await knex.raw('DROP TABLE IF EXISTS fiscal_year_homes');
}
