import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { conflict, notFound, validationFailed } from '@server/errors';
import { isPattern, patternProblem } from '@shared/code-patterns';
import { fiscalYearLabel } from '@shared/budget-math';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { findBudgetCategory } from '@server/domains/budgets';
import * as q from './queries/function-code-rules';
import { lockedYears } from './queries/function-codes';
import { findWorkGroup } from '@server/domains/budgets';
import type { ApplyRulesBody, FunctionCodeRule, RuleBody, RuleKind } from '@shared/schemas/function-codes';
import { requireBudgetYear } from '@server/domains/budgets';
import { functionName, requireChartCode } from './function-codes';
import { describe, disagreement, ruleTarget } from './function-code-rule-text';
import { functionCodes } from '@server/domains/line-items';

/**
 * The function-code rules an ADMIN keeps: by budget category, work group,
 * position title or account (exact, or a pattern with * and ?), each giving a DESE function code to
 * the lines it reaches that have none of their own. Imports apply them to the lines they bring
 * (import-run.ts); applyRules applies them to a budget year's lines through the line writer.
 * A rule that would give a line two codes, a code not in DESE's chart, an unknown category or work
 * group and an invalid pattern are refused with the value named, and nothing is written.
 */

const ENTITY = 'function-code-rule';
const KIND_TO_DB: Record<RuleKind, q.RuleKindDb> = {
  category: 'category',
  workGroup: 'work_group',
  position: 'position',
  account: 'account',
};
const KIND_FROM_DB: Record<q.RuleKindDb, RuleKind> = {
  category: 'category',
  work_group: 'workGroup',
  position: 'position',
  account: 'account',
};

export function presentRule(r: q.RuleRow): FunctionCodeRule {
  return {
    id: Number(r.id),
    kind: KIND_FROM_DB[r.kind],
    categoryId: r.category_id,
    workGroupId: r.work_group_id,
    match: r.match_text,
    isPattern: r.is_pattern,
    target: ruleTarget(r),
    functionCode: r.function_code,
    functionName: functionName(r.function_code) ?? r.function_code,
    fundId: r.fund_id,
    fund: r.fund_name,
    note: r.note,
    lineCount: Number(r.line_count),
    createdBy: r.created_by_name,
    updatedBy: r.updated_by_name,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** GET /function-codes/rules: every rule with the lines it reaches now. */
export async function listRules(app: AppContext, actor: Actor) {
  authorize(actor, 'functionCodes.manage');
  return { rules: (await q.listRules(app.db)).map(presentRule) };
}

/** The stored values of a request's rule, every reference and pattern checked (400 naming the field). */
async function valuesOf(
  trx: Db,
  body: RuleBody,
): Promise<{ values: q.RuleValues; names: Partial<q.RuleRow> }> {
  const code = requireChartCode(body.functionCode);
  if (body.fundId && !(await q.fundExists(trx, body.fundId))) {
    throw validationFailed([{ path: 'fundId', message: `Fund ${body.fundId} does not exist` }]);
  }
  const base = { function_code: code, fund_id: body.fundId ?? null, note: body.note?.trim() || null };
  if (body.kind === 'category') {
    const category = await findBudgetCategory(trx, body.categoryId);
    if (!category) {
      throw validationFailed([
        { path: 'categoryId', message: `Budget category ${body.categoryId} does not exist` },
      ]);
    }
    return {
      values: {
        ...base,
        kind: 'category',
        category_id: body.categoryId,
        work_group_id: null,
        match_text: null,
        is_pattern: false,
      },
      names: { category_name: category.name },
    };
  }
  if (body.kind === 'workGroup') {
    const group = await findWorkGroup(trx, body.workGroupId);
    if (!group) {
      throw validationFailed([
        { path: 'workGroupId', message: `Work group ${body.workGroupId} does not exist` },
      ]);
    }
    return {
      values: {
        ...base,
        kind: 'work_group',
        category_id: null,
        work_group_id: body.workGroupId,
        match_text: null,
        is_pattern: false,
      },
      names: { work_group_name: group.name },
    };
  }
  const problem = patternProblem(body.kind, body.match);
  if (problem) {
    throw validationFailed([{ path: 'match', message: problem }]);
  }
  const text = body.match.trim();
  return {
    values: {
      ...base,
      kind: KIND_TO_DB[body.kind],
      category_id: null,
      work_group_id: null,
      match_text: text,
      is_pattern: isPattern(text),
    },
    names: {},
  };
}

/** 409 when the rule's target already has a rule, or when it and another rule would give a line two codes. */
async function checkConflicts(trx: Db, v: q.RuleValues, names: Partial<q.RuleRow>, exceptId: number | null) {
  const candidate = `${ruleTarget({ ...v, ...names })} → ${v.function_code} ${functionName(v.function_code)}`;
  const same = await q.findSameTarget(trx, v, exceptId);
  if (same) {
    throw conflict(
      same.function_code === v.function_code
        ? `A rule for ${ruleTarget(same)} already exists: ${describe(same)}`
        : `${candidate} would give the lines of ${describe(same)} a second code: edit that rule instead`,
    );
  }
  const overlap = await q.firstOverlap(trx, v, exceptId);
  if (overlap) {
    const other = (await q.findRule(trx, overlap.other_id))!;
    const what = overlap.fund_differs ? 'fund' : 'code';
    throw conflict(
      `One line, one ${what}: ${candidate} and ${describe(other)} would both apply to ` +
        `${overlap.line_count.toLocaleString('en-US')} line${overlap.line_count === 1 ? '' : 's'} ` +
        `(e.g. ${overlap.example})${overlap.fund_differs ? `, which that rule gives to ${other.fund_name ?? 'another fund'}` : ''}. ` +
        `Narrow one of the two rules, or give them the same ${what}.`,
    );
  }
}

async function saveRule(app: AppContext, actor: Actor, body: RuleBody, id: number | null) {
  authorize(actor, 'functionCodes.manage');
  return app.db.transaction(async (trx) => {
    // One rule change at a time: two admins' rules could otherwise each pass the check alone.
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('function_code_rules'))`);
    const before = id === null ? null : await q.findRule(trx, id, true);
    if (id !== null && !before) {
      throw notFound('Function-code rule');
    }
    const { values, names } = await valuesOf(trx, body);
    await checkConflicts(trx, values, names, id);
    const userId = actor.kind === 'user' ? actor.id : null;
    const ruleId = id ?? (await q.insertRule(trx, values, userId));
    if (id !== null) {
      await q.updateRule(trx, id, values, userId);
    }
    const rule = presentRule((await q.findRule(trx, ruleId))!);
    await insertAudit(trx, actor, {
      action: id === null ? 'create' : 'update',
      entity: ENTITY,
      entityId: ruleId,
      before: before ? presentRule(before) : undefined,
      after: rule,
    });
    return { rule };
  });
}

/** POST /function-codes/rules (ADMIN). */
export const createRule = (app: AppContext, actor: Actor, body: RuleBody) => saveRule(app, actor, body, null);

/** PUT /function-codes/rules/:id (ADMIN): the rule replaced, checked as a new one would be. */
export const updateRule = (app: AppContext, actor: Actor, id: number, body: RuleBody) =>
  saveRule(app, actor, body, id);

/** DELETE /function-codes/rules/:id (ADMIN): lines keep the codes it gave them. */
export async function deleteRule(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'functionCodes.manage');
  return app.db.transaction(async (trx) => {
    const before = await q.findRule(trx, id, true);
    if (!before) {
      throw notFound('Function-code rule');
    }
    await q.deleteRule(trx, id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      before: presentRule(before),
    });
    return { message: `Deleted ${describe(before)}; lines keep the codes it gave them` };
  });
}

/**
 * POST /function-codes/rules/apply (ADMIN): the rules applied to a budget year's lines (one fiscal
 * year, or all), those without a code of their own (or every line with overwrite), through the line
 * writer, one audit entry per changed line. Voted (locked) years are left out and listed. Lines two
 * rules would give different codes, or different funds, are a 409 naming both rules, and nothing is
 * written.
 */
export async function applyRules(app: AppContext, actor: Actor, body: ApplyRulesBody) {
  authorize(actor, 'functionCodes.manage');
  return app.db.transaction(async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('function_code_rules'))`);
    await requireBudgetYear(trx, body.budgetYearId, 'budgetYearId');
    const target = { budgetYearId: body.budgetYearId, fiscalYear: body.fiscalYear ?? null };
    const overwrite = Boolean(body.overwrite);
    const { planned, conflicts } = await functionCodes.planCodeRules(trx, target, overwrite);
    const byId = new Map((await q.listRules(trx)).map((r) => [Number(r.id), r]));
    const funds = await functionCodes.planFundRules(trx, target);
    // Lines two rules disagree on: the first group, by its rules, and the codes or funds they give.
    const [code] = conflicts;
    const [fund] = funds.conflicts;
    if (code) {
      throw disagreement(byId, 'code', code, code.codes);
    }
    if (fund) {
      const names = fund.rule_ids.map((rid) => byId.get(rid)!.fund_name ?? 'another fund');
      throw disagreement(byId, 'fund', fund, [...new Set(names)]);
    }
    // The lines each rule changes (a code, a fund or both), each line once.
    const reached = new Map<number, Set<number>>();
    const count = (changes: readonly { id: number; rule_ids: number[] }[]) => {
      for (const p of changes) {
        for (const rid of p.rule_ids) {
          reached.set(rid, (reached.get(rid) ?? new Set()).add(p.id));
        }
      }
    };
    count(planned);
    const locked = (await lockedYears(trx, body.budgetYearId)).filter(
      (y) => body.fiscalYear === undefined || y === body.fiscalYear,
    );
    const reason = `Function-code rules applied${body.fiscalYear ? ` to ${fiscalYearLabel(body.fiscalYear)}` : ''}`;
    const updated = body.dryRun
      ? planned.length
      : (await functionCodes.applyCodeRules(trx, actor, { action: 'update', reason }, planned)).length;
    // A rule's fund goes to the proposed lines it reaches on the general fund, whatever their code.
    const funded = body.dryRun
      ? funds.planned.length
      : (await functionCodes.applyFundRules(trx, actor, { action: 'update', reason }, funds.planned)).length;
    count(funds.planned);
    return {
      updated,
      funded,
      byRule: [...reached].map(([ruleId, ids]) => ({
        ruleId,
        target: ruleTarget(byId.get(ruleId)!),
        lines: ids.size,
      })),
      lockedYears: locked,
      dryRun: Boolean(body.dryRun),
    };
  });
}
