import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict, notFound, validationFailed, type IssueDetail } from '@server/errors';
import { compilePattern, crosswalkPatternProblem, patternWeight, ruleLabel } from '@server/lib/crosswalk';
import { LoopSlices } from '@server/lib/loop-slices';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/crosswalk';
import type {
  CreateRuleBody,
  CreateRulesBody,
  CrosswalkRule,
  CrosswalkRuleInput,
  UpdateRuleBody,
} from '@shared/schemas/crosswalk';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { deseCodes } from './dese-codes';
import { requireBudgetYear } from '@server/domains/budgets';

/**
 * The position crosswalk's rules, kept by an ADMIN: list, add (one, or many at
 * once from an import's unmatched titles), change and delete, each audited (entity
 * 'crosswalk-rule'). A rule is refused, with nothing written, when its pattern is not a usable
 * pattern, when it matches none of the titles it is checked against (a year's employee lines, or
 * an import's titles), when it names a work group or category that does not exist (or a category
 * that is not a personnel one: the payroll lands on personnel categories), a fund that does not
 * exist, a DESE code the state's chart does not have, or when a rule with the same pattern exists.
 */

const ENTITY = 'crosswalk-rule';

/** A stored rule as the API sends it. */
export function presentRule(row: q.RuleRow): CrosswalkRule {
  return {
    id: row.id,
    matchType: row.match_type,
    pattern: row.pattern,
    workGroupId: row.work_group_id,
    workGroup: row.work_group_name,
    categoryId: row.category_id,
    category: row.category_name,
    deseCode: row.dese_code,
    deseName: row.dese_code ? (deseCodes().get(row.dese_code)?.name ?? null) : null,
    fundId: row.fund_id,
    fund: row.fund_name,
    note: row.note,
    specificity:
      row.match_type === 'exact' ? 'exact' : `${patternWeight(row.match_type, row.pattern)} characters`,
    createdBy: row.created_by_name,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every rule, exact titles first. */
export async function listRules(app: AppContext, actor: Actor) {
  authorize(actor, 'crosswalk.manage');
  return { rules: (await q.listRules(app.db)).map(presentRule) };
}

interface CheckSource {
  budgetYearId?: number;
  fiscalYear?: number;
  titles?: string[];
}

/** Titles each once, as the engine reads them: trimmed, ignoring case ('Teacher' is 'teacher'). */
const distinctTitles = (titles: readonly string[]) => [
  ...new Map(
    titles
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.toLowerCase(), t]),
  ).values(),
];

/** The titles new patterns must match one of, and how to name them in a message. */
async function checkTitles(trx: Db, source: CheckSource): Promise<{ titles: string[]; where: string }> {
  if (source.titles) {
    const titles = distinctTitles(source.titles);
    return { titles, where: `the ${titles.length.toLocaleString('en-US')} titles given` };
  }
  const year = await requireBudgetYear(trx, source.budgetYearId!, 'budgetYearId');
  const groups = await q.titleGroups(trx, year.id, source.fiscalYear!);
  const titles = distinctTitles(groups.map((g) => g.title));
  const label = `${fiscalYearLabel(source.fiscalYear!)} (budget year ${year.fiscal_year})`;
  return {
    titles,
    where: titles.length
      ? `the ${titles.length.toLocaleString('en-US')} job titles of ${label}`
      : `${label}, which has no employee lines with a job title`,
  };
}

const toValues = (r: CrosswalkRuleInput): q.RuleValues => ({
  match_type: r.matchType,
  pattern: r.pattern.trim(),
  work_group_id: r.workGroupId ?? null,
  category_id: r.categoryId ?? null,
  dese_code: r.deseCode ?? null,
  fund_id: r.fundId ?? null,
  note: r.note?.trim() || null,
});

/** Whether `test` matches one of `titles`, the event loop answering others meanwhile. */
async function anyMatches(
  titles: readonly string[],
  test: (title: string) => boolean,
  slices: LoopSlices,
): Promise<boolean> {
  for (const title of titles) {
    if (test(title)) {
      return true;
    }
    if (slices.due()) {
      await slices.turn();
    }
  }
  return false;
}

/**
 * Every problem of the rules, each with its path (`rules.2.pattern`, or `pattern` for one rule):
 * nothing is written when there is any.
 */
async function checkRules(
  trx: Db,
  rules: readonly CrosswalkRuleInput[],
  source: CheckSource,
  options: { single: boolean; exceptId?: number },
): Promise<void> {
  const details: IssueDetail[] = [];
  const at = (i: number, field: string) => (options.single ? field : `rules.${i}.${field}`);
  const groups = await q.namesById(
    trx,
    'work_groups',
    rules.flatMap((r) => (r.workGroupId ? [r.workGroupId] : [])),
  );
  const categories = await q.categoryFacts(
    trx,
    rules.flatMap((r) => (r.categoryId ? [r.categoryId] : [])),
  );
  const funds = await q.namesById(
    trx,
    'funds',
    rules.flatMap((r) => (r.fundId ? [r.fundId] : [])),
  );
  const { titles, where } = await checkTitles(trx, source);
  const seen = new Map<string, number>();
  const slices = new LoopSlices();
  for (const [i, rule] of rules.entries()) {
    const problem = crosswalkPatternProblem(rule.matchType, rule.pattern);
    if (problem) {
      details.push({ path: at(i, 'pattern'), message: problem });
    } else {
      const test = compilePattern(rule.matchType, rule.pattern);
      if (!(await anyMatches(titles, test, slices))) {
        details.push({
          path: at(i, 'pattern'),
          message: `${ruleLabel(rule)} matches none of ${where}: check the spelling or the pattern`,
        });
      }
    }
    if (rule.workGroupId && !groups.has(rule.workGroupId)) {
      details.push({ path: at(i, 'workGroupId'), message: `Work group ${rule.workGroupId} does not exist` });
    }
    const category = rule.categoryId ? categories.get(rule.categoryId) : undefined;
    if (rule.categoryId && !category) {
      details.push({
        path: at(i, 'categoryId'),
        message: `Budget category ${rule.categoryId} does not exist`,
      });
    } else if (category && !category.isPersonnel) {
      details.push({
        path: at(i, 'categoryId'),
        message: `'${category.name}' is not a personnel category: an employee's salary goes to a personnel category (mark it Personnel under Categories first)`,
      });
    }
    if (rule.fundId && !funds.has(rule.fundId)) {
      details.push({ path: at(i, 'fundId'), message: `Fund ${rule.fundId} does not exist` });
    }
    if (rule.deseCode && !deseCodes().has(rule.deseCode)) {
      details.push({
        path: at(i, 'deseCode'),
        message: `${rule.deseCode} is not a DESE function code of the state's chart`,
      });
    }
    const key = `${rule.matchType}:${rule.pattern.trim().toLowerCase()}`;
    if (seen.has(key)) {
      details.push({
        path: at(i, 'pattern'),
        message: `${ruleLabel(rule)} is listed twice (also rule ${seen.get(key)! + 1} of this list)`,
      });
    }
    seen.set(key, i);
  }
  if (details.length) {
    throw validationFailed(details);
  }
  for (const rule of rules) {
    const existing = await q.findRuleByPattern(trx, rule.matchType, rule.pattern, options.exceptId);
    if (existing) {
      throw conflict(
        `A rule for ${ruleLabel(rule)} already exists (rule ${existing.id}): change that one instead`,
      );
    }
  }
}

/** Adds rules, all or none, each audited; the rules as stored. */
async function insertAll(
  trx: Db,
  actor: Actor,
  rules: readonly CrosswalkRuleInput[],
): Promise<CrosswalkRule[]> {
  const ids = await q.insertRules(
    trx,
    rules.map((r) => ({ ...toValues(r), created_by: actor.id })),
  );
  const out: CrosswalkRule[] = [];
  for (const id of ids) {
    const rule = presentRule((await q.findRule(trx, id))!);
    await insertAudit(trx, actor, { action: 'create', entity: ENTITY, entityId: id, after: rule });
    out.push(rule);
  }
  return out;
}

/** POST /crosswalk/rules: one rule, checked against a year's lines or the titles given. */
export async function createRule(app: AppContext, actor: Actor, input: CreateRuleBody) {
  authorize(actor, 'crosswalk.manage');
  const { budgetYearId, fiscalYear, titles, ...rule } = input;
  return app.db.transaction(async (trx) => {
    await checkRules(trx, [rule], { budgetYearId, fiscalYear, titles }, { single: true });
    const [created] = await insertAll(trx, actor, [rule]);
    return { rule: created };
  });
}

/** POST /crosswalk/rules/batch: several rules, all or none (the import's unmatched titles). */
export async function createRules(app: AppContext, actor: Actor, input: CreateRulesBody) {
  authorize(actor, 'crosswalk.manage');
  const { rules, ...source } = input;
  return app.db.transaction(async (trx) => {
    await checkRules(trx, rules, source, { single: false });
    return { rules: await insertAll(trx, actor, rules) };
  });
}

/** PUT /crosswalk/rules/:id: changes a rule, checked as a new one is. Lines are not touched (Apply does that). */
export async function updateRule(app: AppContext, actor: Actor, id: number, input: UpdateRuleBody) {
  authorize(actor, 'crosswalk.manage');
  const { budgetYearId, fiscalYear, titles, ...rule } = input;
  return app.db.transaction(async (trx) => {
    const before = await q.findRule(trx, id);
    if (!before) {
      throw notFound('Crosswalk rule');
    }
    await checkRules(trx, [rule], { budgetYearId, fiscalYear, titles }, { single: true, exceptId: id });
    await q.updateRule(trx, id, { ...toValues(rule), updated_by: actor.id });
    const after = presentRule((await q.findRule(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: presentRule(before),
      after,
    });
    return { rule: after };
  });
}

/** DELETE /crosswalk/rules/:id: the lines it gave values keep them. */
export async function deleteRule(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'crosswalk.manage');
  return app.db.transaction(async (trx) => {
    const before = await q.findRule(trx, id);
    if (!before) {
      throw notFound('Crosswalk rule');
    }
    await q.deleteRule(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: presentRule(before),
    });
    return {
      message: `Rule ${id} (${ruleLabel(presentRule(before))}) deleted; lines keep what it gave them`,
    };
  });
}
